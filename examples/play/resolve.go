package main

import (
	"fmt"
	"strconv"
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

func resolveAwale(words []string, bad func(string) error) (mancala.Ruleset, error) {
	o := awale.Documents()
	if len(words) > 0 {
		if p, err := awale.Preset(words[0]); err == nil {
			o, words = p, words[1:]
		}
	}
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		n, nerr := strconv.Atoi(v)
		switch {
		case k == "houses" && nerr == nil:
			o.Houses = n
		case k == "seeds" && nerr == nil:
			o.Seeds = n
		case w == "majority":
			o.StopAtMajority = true
		case k == "grandslam":
			found := false
			for g := awale.GrandSlamForbidden; g <= awale.GrandSlamForbiddenElseCapture; g++ {
				if g.String() == v {
					o.GrandSlam, found = g, true
				}
			}
			if !found {
				return nil, bad(w)
			}
		case k == "cycle":
			found := false
			for c := awale.CycleOwnRow; c <= awale.CycleSplit; c++ {
				if c.String() == v {
					o.Cycle, found = c, true
				}
			}
			if !found {
				return nil, bad(w)
			}
		default:
			return nil, bad(w)
		}
	}
	return awale.New(o)
}

func resolveCongkak(words []string, bad func(string) error) (mancala.Ruleset, error) {
	o := congkak.Documents()
	if len(words) > 0 && words[0] == "overbeck" {
		o, words = congkak.Overbeck(), words[1:]
	}
	seeds := false
	player := func(v string) (mancala.Player, bool) {
		switch v {
		case mancala.South.String():
			return mancala.South, true
		case mancala.North.String():
			return mancala.North, true
		}
		return mancala.South, false
	}
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		n, nerr := strconv.Atoi(v)
		ok := true
		switch {
		case k == "houses" && nerr == nil:
			o.Houses = n
		case k == "seeds" && nerr == nil:
			o.Seeds, seeds = n, true
		case k == "rounds" && nerr == nil:
			o.Rounds = n
		case k == "empty":
			switch v {
			case congkak.EmptyCaptureStore.String():
				o.EmptyCapture = congkak.EmptyCaptureStore
			case congkak.EmptyCaptureStay.String():
				o.EmptyCapture = congkak.EmptyCaptureStay
			default:
				ok = false
			}
		case k == "opening":
			switch v {
			case congkak.OpeningSimultaneous.String():
				o.Opening = congkak.OpeningSimultaneous
			case congkak.OpeningSequential.String():
				o.Opening = congkak.OpeningSequential
			default:
				ok = false
			}
		case k == "roundend":
			switch v {
			case congkak.RoundEndEmptyRow.String():
				o.RoundEnd = congkak.RoundEndEmptyRow
			case congkak.RoundEndPassReply.String():
				o.RoundEnd = congkak.RoundEndPassReply
			default:
				ok = false
			}
		case k == "starter":
			o.Starter, ok = player(v)
		case k == "firsthand":
			o.FirstHand, ok = player(v)
		default:
			ok = false
		}
		if !ok {
			return nil, bad(w)
		}
	}
	if !seeds {
		o.Seeds = o.Houses // as many seeds as houses unless stated (CK-1)
	}
	return congkak.New(o)
}
