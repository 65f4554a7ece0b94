package awale

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// The "awale" family is registered with package mancala, so that
// [mancala.NewRuleset] builds any Awalé ruleset from its name ("awale",
// "awale abapa", "awale grandslam=nocapture houses=4 seeds=3"), as a saved
// game's Rules tag holds it, and tools find its description, presets,
// params and players' rules ([PlayersText]) through [mancala.LookupFamily].
// Importing this package (even as import _) registers it.
func init() { mancala.RegisterFamily(Family()) }

// Family returns the description of Awalé that the package registers: the
// name "awale", its presets ("awale", "awale abapa", "awale awari"), the
// params houses (1 to 12, default 6) and seeds (1 to 127, default 4; the
// board holds at most [mancala.MaxSeeds] seeds in all, which Build
// checks), [PlayersText], and a Build that reads the names of
// [Rules.String] through [ParseName].
func Family() mancala.Family {
	return mancala.Family{
		Name:        "awale",
		Label:       "Awalé",
		Description: "The West African game of sowing and capturing, on two rows of six houses (also called Oware).",
		Presets: []mancala.Preset{
			{Name: "awale", Label: "Classic",
				Description: "As the source documents describe it: a grand slam is allowed only when forced and then captures nothing; a repeated position gives each player his own row."},
			{Name: "awale abapa", Label: "Abapa (tournament)",
				Description: "The World Oware Federation's rules: a grand slam captures nothing, and the game stops once a player has more than half of the seeds."},
			{Name: "awale awari", Label: "Awari (solved game)",
				Description: "The rules of the solved game: a grand slam is allowed only when forced and then captures; a repeated position shares the seeds left."},
		},
		Params: []mancala.Param{
			{Key: "houses", Label: "Houses a side", Description: "The houses in each player's row.",
				Default: 6, Min: 1, Max: MaxHouses},
			{Key: "seeds", Label: "Seeds a house", Description: "The seeds in each house at the start (at most 255 seeds on the board).",
				Default: 4, Min: 1, Max: mancala.MaxSeeds / 2},
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
		return nil, fmt.Errorf("awale: ruleset %q: %w", name, err) // never a typed nil in the interface
	}
	return r, nil
}
