package congkak

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// The "congkak" family is registered with package mancala, so that
// [mancala.NewRuleset] builds any Congkak ruleset from its name
// ("congkak", "congkak overbeck", "congkak opening=sequential rounds=1"),
// as a saved game's Rules tag holds it, and tools find its description,
// presets, params and players' rules ([PlayersText]) through
// [mancala.LookupFamily]. Importing this package (even as import _)
// registers it.
func init() { mancala.RegisterFamily(Family()) }

// Family returns the description of Congkak that the package registers:
// the name "congkak", its presets ("congkak", "congkak overbeck"), the
// params houses (1 to 12, default 7), seeds (0 to 127, default 0: as many
// seeds a house as houses a side) and rounds (0 to 1000, default 0: a full
// set), [PlayersText], and a Build that reads the names of [Rules.String]
// through [ParseName]. The other options are KEY=VALUE words of the name
// (empty=, opening=, starter=, firsthand=, roundend=, repeat=: see
// RULES.md). A name holds the words of the options that differ from its
// preset's, in the order Rules.String writes them, so that Overbeck's 9
// houses are not written "houses=9".
func Family() mancala.Family {
	return mancala.Family{
		Name:        "congkak",
		Label:       "Congkak",
		Description: "The Malay sowing game of two rows and two stores, played in rounds until a player has lost all his houses.",
		Region:      "Malay Archipelago",
		Usual:       true,
		Presets: []mancala.Preset{
			{Name: "congkak", Label: "Classic",
				Description: "As the source documents describe it: 7 houses of 7 seeds, both players start at once, rounds until a player cannot fill a house."},
			{Name: "congkak overbeck", Label: "Overbeck's Chongkak",
				Description: "H. Overbeck's description: 9 houses of 9 seeds; a capture with nothing opposite leaves the seed, and an empty row passes.",
				Params:      map[string]int{"houses": 9}},
		},
		Params: []mancala.Param{
			{Key: "houses", Label: "Houses a side", Description: "The houses in each player's row.",
				Default: 7, Min: 1, Max: mancala.MaxHouses},
			{Key: "seeds", Label: "Seeds a house", Description: "The seeds in each house at the start and at each refill; 0 means as many as there are houses a side.",
				Default: 0, Min: 0, Max: mancala.MaxSeeds / 2},
			{Key: "rounds", Label: "Rounds", Description: "The most rounds of a game, after which the player with more seeds wins; 0 means no limit (play until a player loses all his houses).",
				Default: 0, Min: 0, Max: 1000},
		},
		RulesText: PlayersText,
		Build:     build,
	}
}

func build(name string) (mancala.Ruleset, error) {
	o, err := ParseName(name)
	if err != nil {
		return nil, err
	}
	r, err := New(o)
	if err != nil {
		return nil, fmt.Errorf("congkak: ruleset %q: %w", name, err) // never a typed nil in the interface
	}
	return r, nil
}
