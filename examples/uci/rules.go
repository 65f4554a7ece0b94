package main

import (
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/rulesflag"
)

// defaultRules returns the ruleset name that the engine plays when no
// flag names one: that of its embedded opening book, if it has one.
func defaultRules() string {
	if b := defaultBook(); b != nil {
		return b.Rules()
	}
	return ""
}

// rulesFor returns the ruleset of a -game and a -rules flag
// (rulesflag.Resolve): without game, rules is a ruleset name of any
// registered family or a preset of rulesflag.DefaultGame's, and when
// both say nothing, the engine plays [defaultRules].
func rulesFor(game, rules string) (mancala.Ruleset, error) {
	if game == "" && strings.TrimSpace(rules) == "" {
		rules = defaultRules()
	}
	return rulesflag.Resolve(game, rules, nil)
}

// rulesUsage is the usage of the -rules flags of uci match and uci book.
const rulesUsage = "the ruleset: a whole name (\"GAME PRESET KEY=VALUE...\", such as a line of the games' list in uci -h) or a preset of the default game; default: the embedded book's rules"
