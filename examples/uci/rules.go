package main

import (
	"strings"

	_ "github.com/sowing-games/sowing/awale"   // registers the awale family, this program's default
	_ "github.com/sowing-games/sowing/congkak" // registers the congkak family
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
)

// defaultFamily is the game the engine plays when -game names none, and
// defaultRules its rules when -rules says nothing: Awalé's Abapa rules.
const (
	defaultFamily = "awale"
	defaultRules  = "abapa"
)

// rulesFor returns the ruleset of the -game and -rules flags
// (rulesflags.Named): without -game, rules is a ruleset name of any
// registered family or a preset of Awalé's, and the default is Abapa.
func rulesFor(game, rules string) (mancala.Ruleset, error) {
	if game == "" {
		game = defaultFamily
		if strings.TrimSpace(rules) == "" {
			rules = defaultRules
		}
	}
	return rulesflags.Named(game, rules)
}
