package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/awale"
	_ "github.com/sowing-games/sowing/congkak" // registers the congkak family
	"github.com/sowing-games/sowing/mancala"
)

// defaultRules is the ruleset the engine plays when -rules and -game say
// nothing: Awalé's Abapa rules.
const defaultRules = "abapa"

// rulesFor returns the ruleset of the -game and -rules flags: with a game
// (a registered family's name), rules is one of its rulesets, named with
// or without the family's first word, and "" its first preset (or the
// family's own name); without, rules is a ruleset name of any registered
// family ("congkak overbeck"), or else an Awalé preset (awale.Preset:
// abapa, awari, default), Awalé being this program's game.
func rulesFor(game, rules string) (mancala.Ruleset, error) {
	rules = strings.Join(strings.Fields(rules), " ")
	if game != "" {
		f, ok := mancala.LookupFamily(game)
		if !ok {
			return nil, fmt.Errorf("no game %s (known: %s): %w", mancala.Quote(game), strings.Join(mancala.RulesetFamilies(), ", "), mancala.ErrUnsupported)
		}
		name := f.Name
		switch first, _, _ := strings.Cut(rules, " "); {
		case rules == "" && len(f.Presets) > 0:
			name = f.Presets[0].Name
		case rules == "":
		case first == f.Name:
			name = rules
		default:
			name = f.Name + " " + rules
		}
		r, err := mancala.NewRuleset(name)
		if err != nil {
			return nil, err
		}
		return withNotation(r), nil
	}
	if rules == "" {
		rules = defaultRules
	}
	first, _, _ := strings.Cut(rules, " ")
	if _, ok := mancala.LookupFamily(first); ok {
		r, err := mancala.NewRuleset(rules)
		if err != nil {
			return nil, err
		}
		return withNotation(r), nil
	}
	o, err := awale.Preset(rules)
	if err != nil {
		return nil, fmt.Errorf("rules %s: neither a ruleset name (%s ...) nor an Awalé preset: %w",
			mancala.Quote(rules), strings.Join(mancala.RulesetFamilies(), ", "), errors.Join(err))
	}
	r, err := awale.New(o)
	if err != nil {
		return nil, err
	}
	return withNotation(r), nil
}

// aalinaRules gives awale.Rules the Aalina position text as its own
// (mancala.PositionNotation), which GUIs of Oware speak. TODO(merge):
// remove it, and withNotation, once awale.Rules implements
// FormatPosition and ParsePosition itself.
type aalinaRules struct{ *awale.Rules }

func (aalinaRules) FormatPosition(p mancala.Position) string { return awale.FormatAalina(p) }

func (r aalinaRules) ParsePosition(s string) (mancala.Position, error) {
	p, err := awale.ParseAalina(s)
	if err != nil {
		return mancala.Position{}, err
	}
	return r.Setup(p)
}

// withNotation returns r with the Aalina text if it is an Awalé ruleset
// without a position text of its own.
func withNotation(r mancala.Ruleset) mancala.Ruleset {
	if _, ok := r.(mancala.PositionNotation); ok {
		return r
	}
	if a, ok := r.(*awale.Rules); ok {
		return aalinaRules{a}
	}
	return r
}

// withoutNotation undoes withNotation, for the tools that know Awalé's
// rules by their type.
func withoutNotation(r mancala.Ruleset) mancala.Ruleset {
	if a, ok := r.(aalinaRules); ok {
		return a.Rules
	}
	return r
}
