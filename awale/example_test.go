package awale_test

import (
	"errors"
	"fmt"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// A short game to its end through mancala.Game, from a position near the
// end of a game: South's F captures two houses (AW-4), and after North's
// last move South cannot feed him, so the game ends and South takes the
// seed left (AW-7).
func Example() {
	r, err := awale.New(awale.Documents())
	if err != nil {
		panic(err)
	}
	g, err := mancala.NewGame(r, mancala.FromText("0,0,0,0,2,1/0,1,0,0,1,0 21,22 S"))
	if err != nil {
		panic(err)
	}
	for _, move := range []string{"E", "e", "F", "f"} {
		if err := g.PlayText(move); err != nil {
			panic(err)
		}
		fmt.Printf("%s: %v\n", move, g.Position())
	}
	o := g.Outcome()
	fmt.Println(g.Over(), o.Result, o.Scores, o.Ending)
	// Output:
	// E: 0,0,0,0,0,2/1,1,0,0,1,0 21,22 N
	// e: 0,0,0,0,0,2/1,1,0,0,0,1 21,22 S
	// F: 0,0,0,0,0,0/0,0,0,0,0,1 25,22 N
	// f: 0,0,0,0,0,0/0,0,0,0,0,0 26,22 - s11
	// true south [26 22] south: no move (AW-7)
}

// A refused move changes nothing and says which rule refuses it.
func ExampleRules_Play() {
	r, _ := awale.New(awale.Documents())
	// North's row is empty: South must feed him (AW-5), and only F can.
	p, _ := mancala.ParsePosition("1,0,0,0,0,1/0,0,0,0,0,0 24,22 S")
	p, _ = r.Setup(p)
	fmt.Println(r.Legal(nil, p))

	_, err := r.Play(p, mancala.Single(mancala.South, 0))
	fmt.Println(errors.Is(err, mancala.ErrIllegalMove))
	var me *mancala.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Rule, "-", me.Reason)
	}
	_, err = r.Play(p, mancala.Single(mancala.South, 2))
	fmt.Println(err)
	_, err = r.Play(p, mancala.Single(mancala.North, 0))
	fmt.Println(err)
	// Output:
	// [F]
	// true
	// AW-5 - north's row is empty and house A does not reach it: south must feed him
	// mancala: illegal move C: house C is empty (AW-3)
	// mancala: illegal move a: it is south's turn (AW-2)
}

// Positions in Aalina's notation: South's houses, North's, the stores and
// the player to move.
func ExampleParseAalina() {
	p, err := awale.ParseAalina("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
	if err != nil {
		panic(err)
	}
	r, _ := awale.New(awale.Abapa())
	p, err = r.Setup(p) // check it against the rules
	if err != nil {
		panic(err)
	}
	p, _ = r.Play(p, mancala.Single(mancala.South, 5))
	fmt.Println(awale.FormatAalina(p))
	fmt.Println(p)

	_, err = awale.ParseAalina("4-4-4-4-4-4-4-4-4-4-4-4-0-0-X")
	var pe *mancala.ParseError
	fmt.Println(errors.Is(err, mancala.ErrSyntax), errors.As(err, &pe) && pe.Offset == 28)
	// Output:
	// 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N
	// 4,4,4,4,4,0/5,5,5,5,4,4 0,0 N
	// true true
}

// Choosing a preset by name, or options of one's own.
func ExamplePreset() {
	for _, name := range []string{"default", "abapa", "awari"} {
		o, err := awale.Preset(name)
		if err != nil {
			panic(err)
		}
		r, _ := awale.New(o)
		fmt.Printf("%s: %v, grand slam %v, cycle %v, stop at majority %v\n",
			name, r, o.GrandSlam, o.Cycle, o.StopAtMajority)
	}
	r, _ := awale.New(awale.Options{Houses: 4, Seeds: 3, GrandSlam: awale.GrandSlamNoCapture})
	fmt.Println(r)

	_, err := awale.Preset("kalah")
	fmt.Println(errors.Is(err, mancala.ErrUnsupported))
	_, err = awale.New(awale.Options{Houses: 13})
	fmt.Println(errors.Is(err, mancala.ErrUnsupported))
	// Output:
	// default: awale, grand slam forbidden, cycle ownrow, stop at majority false
	// abapa: awale abapa, grand slam nocapture, cycle ownrow, stop at majority true
	// awari: awale awari, grand slam forbiddenelsecapture, cycle split, stop at majority false
	// awale grandslam=nocapture houses=4 seeds=3
	// true
	// true
}

// Counting the move sequences from the start (mancala.Perft calls the
// ruleset's own fast Perft).
func ExampleRules_Perft() {
	r, _ := awale.New(awale.Abapa())
	for depth := 1; depth <= 6; depth++ {
		leaves, _ := mancala.Perft(r, nil, r.Start(), depth)
		fmt.Print(leaves, " ")
	}
	fmt.Println()
	// Output:
	// 6 36 190 1014 5219 27332
}
