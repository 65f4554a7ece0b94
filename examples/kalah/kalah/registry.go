package kalah

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// The "kalahdemo" family is registered with package mancala, so that
// [mancala.NewRuleset] builds any of this package's Kalah rulesets from
// its name ("kalahdemo", "kalahdemo capture=standard houses=4 seeds=3"),
// and tools find its
// description through [mancala.LookupFamily]. Importing this package
// (even as import _) registers it.
func init() { mancala.RegisterFamily(Family()) }

// Family returns the description of Kalah that the package registers:
// the name "kalahdemo", the presets "kalahdemo" (empty capture, the
// solved game's rule) and "kalahdemo capture=standard", the params houses (1 to 12, default
// 6) and seeds (1 to 127, default 4), the option capture= (the values of
// [Capture.String]), [PlayersText], and a Build that reads the names of
// [Rules.String] through [ParseName].
func Family() mancala.Family {
	return mancala.Family{
		Name:        "kalahdemo",
		Label:       "Kalah (example package)",
		Description: "The commercial sowing game with two stores, where a last seed in your store gives you another move.",
		Region:      "United States",
		Presets: []mancala.Preset{
			{Name: "kalahdemo", Label: "Solved Kalah",
				Description: "The rules of the solved game: a last seed in an empty house of your row always captures, even with nothing opposite."},
			{Name: "kalahdemo capture=standard", Label: "Standard capture",
				Description: "A last seed in an empty house of your row captures only when the house opposite holds seeds.",
				Options:     map[string]string{"capture": CaptureStandard.String()}},
		},
		Options: []mancala.Option{{Key: "capture", Label: "Capture", Default: CaptureEmpty.String(),
			Description: "What a last seed in an empty house of your row captures.",
			Values: []mancala.Choice{
				{Value: CaptureEmpty.String(), Label: "Empty capture", Description: "It captures itself and the house opposite, even when that is empty."},
				{Value: CaptureStandard.String(), Label: "Standard capture", Description: "It captures only when the house opposite holds seeds."}}}},
		Params: []mancala.Param{
			{Key: "houses", Label: "Houses a side", Description: "The houses in each player's row.",
				Default: 6, Min: 1, Max: MaxHouses},
			{Key: "seeds", Label: "Seeds a house", Description: "The seeds in each house at the start (at most 255 seeds on the board).",
				Default: 4, Min: 1, Max: mancala.MaxSeeds / 2},
		},
		RulesText: PlayersText,
		Build: func(name string) (mancala.Ruleset, error) {
			o, err := ParseName(name)
			if err != nil {
				return nil, err
			}
			r, err := New(o)
			if err != nil {
				return nil, fmt.Errorf("kalah: ruleset %q: %w", name, err)
			}
			return r, nil
		},
	}
}

// PlayersText is the rules of Kalah written for players, in the light
// Markdown of [mancala.Family].RulesText.
const PlayersText = `# The board
Each player has a row of six houses, four seeds in each, and a store at the end of his row, on his right. South plays first.

diagram: 4,4,4,4,4,4/4,4,4,4,4,4 0,0 S | The start: four seeds in each house, South to play.

# Sowing
Take every seed of one of your houses and drop them one by one, counter-clockwise, into the holes that follow: the rest of your row, your own store, your opponent's row, and round again. Your opponent's store is skipped.

# Moving again
If your last seed falls into your own store, you move again.

# Capturing
If your last seed falls into an empty house of your own row, that seed and every seed in the house opposite go to your store, even when the house opposite is empty.

diagram: 1,0,4,4,4,4/4,4,4,4,4,4 0,3 S | South sows A: the seed lands in the empty house B and captures the four seeds of e with it.

# The end
The game ends as soon as one player's row is empty. Each player then adds the seeds left in his own row to his store. The player with more seeds in his store wins; equal stores are a draw.

# Variant
With the standard capture, a last seed in an empty house of your row captures only when the house opposite holds seeds; otherwise it stays where it fell.
`
