package rulesflags

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Named builds the ruleset that a tool's -game and -rules flags name,
// knowing no game: rules is a whole ruleset name of a registered family
// ("congkak overbeck", "awale awari houses=4"), or else a name within the
// family game ("abapa" within awale is "awale abapa"; "" or "default" is
// the family's first preset). words are KEY=VALUE words to add, such as
// "houses=4"; a word whose key the name already sets is left out, so that
// the name's own word wins. A name that its family reads back in another
// form (a *mancala.NameError) is built in that form. Errors wrap
// mancala.ErrUnsupported.
func Named(game, rules string, words ...string) (mancala.Ruleset, error) {
	name := strings.Join(strings.Fields(rules), " ")
	first, _, _ := strings.Cut(name, " ")
	if _, ok := mancala.LookupFamily(first); !ok || first == "" {
		f, ok := mancala.LookupFamily(game)
		if !ok {
			return nil, fmt.Errorf("no game %s (known: %s): %w", Quote(game), strings.Join(mancala.RulesetFamilies(), ", "), mancala.ErrUnsupported)
		}
		switch {
		case (name == "" || name == "default") && len(f.Presets) > 0:
			name = f.Presets[0].Name
		case name == "" || name == "default":
			name = f.Name
		default:
			name = f.Name + " " + name
		}
	}
	for _, w := range words {
		key, _, _ := strings.Cut(w, "=")
		has := false
		for _, x := range strings.Fields(name) {
			has = has || strings.HasPrefix(x, key+"=")
		}
		if !has {
			name += " " + w
		}
	}
	r, err := mancala.NewRuleset(name)
	var ne *mancala.NameError
	if errors.As(err, &ne) {
		r, err = mancala.NewRuleset(ne.Canonical)
	}
	return r, err
}
