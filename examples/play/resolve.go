package main

import (
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// resolve is the record.Resolver of saved games: it builds the Awalé or
// Congkak ruleset named by the Rules tag, which holds the ruleset's String
// ("awale", "awale abapa houses=8", "congkak opening=sequential rounds=1").
// A name that does not read back as exactly itself is refused with an
// error wrapping mancala.ErrUnsupported.
func resolve(tags record.Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(record.TagRules)
	if !ok {
		return nil, fmt.Errorf("the record has no Rules tag: %w", mancala.ErrUnsupported)
	}
	words := strings.Fields(name)
	bad := func(w string) error {
		return fmt.Errorf("rules %q: unknown %q: %w", name, w, mancala.ErrUnsupported)
	}
	if len(words) == 0 {
		return nil, bad("")
	}
	var r mancala.Ruleset
	var err error
	switch words[0] {
	case "awale":
		r, err = resolveAwale(words[1:], bad)
	case "congkak":
		r, err = resolveCongkak(words[1:], bad)
	default:
		return nil, bad(words[0])
	}
	if err != nil {
		return nil, err
	}
	if got := fmt.Sprint(r); got != name {
		return nil, fmt.Errorf("rules %q read as %q: %w", name, got, mancala.ErrUnsupported)
	}
	return r, nil
}

func resolveAwale(words []string, _ func(string) error) (mancala.Ruleset, error) {
	o, err := awale.ParseName(strings.Join(append([]string{"awale"}, words...), " "))
	if err != nil {
		return nil, err
	}
	return awale.New(o)
}

func resolveCongkak(words []string, _ func(string) error) (mancala.Ruleset, error) {
	o, err := congkak.ParseName(strings.Join(append([]string{"congkak"}, words...), " "))
	if err != nil {
		return nil, err
	}
	return congkak.New(o)
}
