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
// set), the options empty=, opening=, roundend= and repeat= (the values
// of the types' String methods), [PlayersText], and a Build that reads
// the names of [Rules.String] through [ParseName]. The words starter= and
// firsthand=, which apply to one opening only, are read in a name but
// not offered as options (see RULES.md). A name holds the words of the options that differ from its
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
				Params:      map[string]int{"houses": 9},
				Options:     map[string]string{"empty": EmptyCaptureStay.String(), "roundend": RoundEndPassReply.String()}},
		},
		Options: []mancala.Option{
			{Key: "empty", Label: "Empty capture", Default: EmptyCaptureStore.String(),
				Description: "Where the last seed goes when it falls into an empty house of your row with nothing opposite.",
				Values: []mancala.Choice{
					{Value: EmptyCaptureStore.String(), Label: "To the store", Description: "The last seed alone goes to your store."},
					{Value: EmptyCaptureStay.String(), Label: "Stays", Description: "The last seed stays in the house (Overbeck)."}}},
			{Key: "opening", Label: "Opening", Default: OpeningSimultaneous.String(),
				Description: "How the first turn of the game is played.",
				Values: []mancala.Choice{
					{Value: OpeningSimultaneous.String(), Label: "Both at once", Description: "Both players sow their first turn at the same time."},
					{Value: OpeningSequential.String(), Label: "South first", Description: "South plays the first turn alone."}}},
			{Key: "roundend", Label: "End of a round", Default: RoundEndEmptyRow.String(),
				Description: "When a round ends.",
				Values: []mancala.Choice{
					{Value: RoundEndEmptyRow.String(), Label: "An empty row", Description: "The round ends as soon as a turn ends with a player's houses all empty."},
					{Value: RoundEndPassReply.String(), Label: "A pass and a reply", Description: "A player with an empty row passes; the round ends if his opponent's reply leaves it empty (Overbeck)."}}},
			{Key: "repeat", Label: "Repeated round", Default: RepeatEnds.String(),
				Description: "Whether a round that starts as an earlier one did ends the game.",
				Values: []mancala.Choice{
					{Value: RepeatEnds.String(), Label: "Ends the game", Description: "The player with more seeds wins when a round would start as an earlier one did."},
					{Value: RepeatOff.String(), Label: "Played again", Description: "A repeated round is played like any other; only a round limit ends such a game."}}},
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
