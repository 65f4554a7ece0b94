package bao

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// The "bao" family is registered with package mancala, so that
// [mancala.NewRuleset]("bao") builds the ruleset and tools find its
// description and players' rules. Importing the package (even as
// import _) registers it.
func init() { mancala.RegisterFamily(Family()) }

// Family returns the description of Bao la Kiswahili that the package
// registers: the name "bao", one preset "bao", no params, the players'
// rules ([PlayersText]) and a Build that reads the name "bao" only.
func Family() mancala.Family {
	return mancala.Family{
		Name:        "bao",
		Label:       "Bao la Kiswahili",
		Description: "The Swahili coast's four-row game: seeds entered from the hand, then sown round your own 16 houses, captures sown back from the ends of your inner row.",
		Region:      "Tanzania, Kenya (Swahili coast)",
		Layout:      mancala.Layout{Rows: 2},
		Presets: []mancala.Preset{
			{Name: "bao", Label: "Bao la Kiswahili",
				Description: "The full game with the namua stage and the nyumba, as far as the sources settle it (see the rules)."},
		},
		RulesText: PlayersText,
		Build:     build,
	}
}

func build(name string) (mancala.Ruleset, error) {
	if name != "bao" {
		return nil, fmt.Errorf("bao: ruleset %s: the family has one ruleset, \"bao\": %w", mancala.Quote(name), mancala.ErrUnsupported)
	}
	return New(), nil
}

// PlayersText is the rules of Bao la Kiswahili for players, in the light
// Markdown of [mancala.Family.RulesText].
const PlayersText = `Bao la Kiswahili is played on four rows of eight houses. Each player owns the two rows nearest him, 16 houses, and only ever sows round his own houses; the row in the middle of the board is his inner row. The square house, fifth from his left in his inner row, is his nyumba. The two ends of the inner row are the kichwa; a kichwa and its neighbour are the kimbi. The store beside the board is a player's ghala: the seeds he still holds in hand.

diagram: 0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 22,22 S s3 l2 | The start: 6 seeds in each nyumba, 2 in the two houses to its right, 22 in hand

# The namua stage

While you hold seeds in hand, each move puts one of them into an occupied house of your inner row. If the opponent's house facing it is occupied, you capture its seeds and sow them from a kichwa towards the middle: from the kichwa on the same side when the capture is at a kimbi, otherwise from the kichwa you choose (the move written without a prime sows from your right-hand kichwa, with a prime from your left-hand one). Captures are compulsory.

If no capture is possible, the move is a takasa: put the seed into an occupied house of your inner row and sow that whole house in either direction. Nothing is captured during a takasa. While your nyumba holds 6 or more seeds and has never been emptied, you may not take it for a takasa unless it is the only occupied house of your inner row, and then you sow only 2 of its seeds. Once your nyumba has lost its powers, you may not play a house of one seed while another house of your inner row holds more.

# The mtaji stage

With nothing in hand, a move sows all the seeds of one of your houses holding 2 or more, in either direction. If the last seed of this first lap falls into an occupied house of your inner row and the opponent's house facing it is occupied, you capture that house and sow its seeds from a kichwa: the one that keeps your direction, or at a kimbi the one on its side. A house of 16 seeds or more never captures. If no capture is possible, play a takasa, from your inner row while it has a house of 2 or more. A takasa may not leave your inner row empty, not even while it is sown: a kichwa that is your only occupied inner house is sown towards the middle.

# Sowing on

When a lap ends in an occupied house, you lift that house and sow on in the same direction; when it ends in an empty house, your move is over. A capturing move captures again whenever a lap ends in an occupied house of your inner row facing an occupied house. In the namua stage, a takasa lap that ends in your nyumba (with its powers) stops there, and a capturing lap that ends there lets you choose: go on (safari), or stop. In the mtaji stage the nyumba is an ordinary house. A nyumba that is emptied loses its powers for good. A move that would go round for ever may not be played.

# Blocking

In the mtaji stage, when your takasa leaves the opponent without a capture and exactly one of his inner houses open to your capture, he may not play that house in his next move (kutakatia), unless it is his nyumba with its powers, his only occupied inner house, or his only inner house with more than one seed.

# Winning

You win when the opponent's inner row is empty, or when he cannot move. There are no draws.

Some of these rules are readings of sources that disagree or are silent: the list marked (?) in the package's notes (the tax of 2 seeds, a takasa that would empty your inner row, the details of blocking, moves that never end).
`
