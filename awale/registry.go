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
// checks), the options grandslam= (the values of [GrandSlam.String]),
// cycle= (those of [CycleRule.String]) and majority (the bare word
// "majority", [Options].StopAtMajority), [PlayersText], and a Build that
// reads the names of [Rules.String] through [ParseName].
func Family() mancala.Family {
	return mancala.Family{
		Name:        "awale",
		Label:       "Awalé",
		Description: "The West African game of sowing and capturing, on two rows of six houses (also called Oware).",
		Region:      "West Africa",
		Usual:       true,
		Presets: []mancala.Preset{
			{Name: "awale", Label: "Classic",
				Description: "As the source documents describe it: a grand slam is allowed only when forced and then captures nothing; a repeated position gives each player his own row."},
			{Name: "awale abapa", Label: "Abapa (tournament)",
				Description: "The World Oware Federation's rules: a grand slam captures nothing, and the game stops once a player has more than half of the seeds.",
				Options:     presetOptions(Abapa())},
			{Name: "awale awari", Label: "Awari (solved game)",
				Description: "The rules of the solved game: a grand slam is allowed only when forced and then captures; a repeated position shares the seeds left.",
				Options:     presetOptions(Awari())},
		},
		Options: familyOptions(),
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

// The players' words for the values of GrandSlam and CycleRule, by value.
var (
	grandSlamChoices = [len(grandSlamNames)]mancala.Choice{
		GrandSlamForbidden: {Label: "Only when forced, capturing nothing",
			Description: "A move that would capture all the opponent's seeds may be played only if no other move is left, and then captures nothing."},
		GrandSlamNoCapture: {Label: "Allowed, capturing nothing",
			Description: "A move that would capture all the opponent's seeds may be played, but captures nothing."},
		GrandSlamCaptureAll: {Label: "Allowed, capturing all",
			Description: "A move that would capture all the opponent's seeds captures them like any other move."},
		GrandSlamForbiddenElseCapture: {Label: "Only when forced, capturing all",
			Description: "A move that would capture all the opponent's seeds may be played only if no other move is left, and then captures them."},
	}
	cycleChoices = [len(cycleNames)]mancala.Choice{
		CycleOwnRow: {Label: "Each takes his own row",
			Description: "When a position comes back, each player takes the seeds left in his own row."},
		CycleSplit: {Label: "Shared equally",
			Description: "When a position comes back, the seeds left are shared equally."},
	}
)

// familyOptions returns the family's options: grandslam=, cycle= and
// majority, their values named by the types' String methods.
func familyOptions() []mancala.Option {
	slam := mancala.Option{Key: "grandslam", Label: "Grand slam", Default: GrandSlamForbidden.String(),
		Description: "What a move that would capture every seed of the opponent's row does."}
	for g := range grandSlamChoices {
		c := grandSlamChoices[g]
		c.Value = GrandSlam(g).String()
		slam.Values = append(slam.Values, c)
	}
	cycle := mancala.Option{Key: "cycle", Label: "Repeated position", Default: CycleOwnRow.String(),
		Description: "Who takes the seeds left when a position comes back and the game ends."}
	for r := range cycleChoices {
		c := cycleChoices[r]
		c.Value = CycleRule(r).String()
		cycle.Values = append(cycle.Values, c)
	}
	majority := mancala.Option{Key: "majority", Label: "Stop at a majority", Default: "off",
		Description: "Whether the game stops as soon as a player has more than half of the seeds.",
		Values: []mancala.Choice{
			{Value: "off", Label: "No", Description: "The game goes on until a player cannot move or a position comes back."},
			{Value: "on", Word: "majority", Label: "Yes", Description: "The game stops as soon as a player has more than half of the seeds."},
		}}
	return []mancala.Option{slam, cycle, majority}
}

// presetOptions returns the option values of o that differ from the
// documents' rules, for a preset.
func presetOptions(o Options) map[string]string {
	m := map[string]string{}
	if o.GrandSlam != GrandSlamForbidden {
		m["grandslam"] = o.GrandSlam.String()
	}
	if o.Cycle != CycleOwnRow {
		m["cycle"] = o.Cycle.String()
	}
	if o.StopAtMajority {
		m["majority"] = "on"
	}
	return m
}
