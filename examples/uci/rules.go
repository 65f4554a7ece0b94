package main

import (
	"fmt"
	"strings"

	_ "github.com/sowing-games/sowing/awale"   // registers the awale family, this program's default
	_ "github.com/sowing-games/sowing/congkak" // registers the congkak family
	"github.com/sowing-games/sowing/mancala"
)

// defaultFamily is the game the engine plays when -game names none, and
// defaultRules its rules when -rules says nothing: Awalé's Abapa rules.
const (
	defaultFamily = "awale"
	defaultRules  = "abapa"
)

// rulesFor returns the ruleset of the -game and -rules flags. rules is a
// ruleset name of any registered family ("congkak overbeck"), or the rest
// of a name of the family game names (defaultFamily when game is empty):
// "abapa" is "awale abapa", and "" or "default" the family's first preset.
func rulesFor(game, rules string) (mancala.Ruleset, error) {
	rules = strings.Join(strings.Fields(rules), " ")
	if game == "" {
		if first, _, _ := strings.Cut(rules, " "); first != "" {
			if _, ok := mancala.LookupFamily(first); ok {
				return mancala.NewRuleset(rules)
			}
		}
		game = defaultFamily
		if rules == "" {
			rules = defaultRules
		}
	}
	f, ok := mancala.LookupFamily(game)
	if !ok {
		return nil, fmt.Errorf("no game %s (known: %s): %w", mancala.Quote(game), strings.Join(mancala.RulesetFamilies(), ", "), mancala.ErrUnsupported)
	}
	name := f.Name
	switch first, _, _ := strings.Cut(rules, " "); {
	case (rules == "" || rules == "default") && len(f.Presets) > 0:
		name = f.Presets[0].Name
	case rules == "" || rules == "default":
	case first == f.Name:
		name = rules
	default:
		name = f.Name + " " + rules
	}
	return mancala.NewRuleset(name)
}
