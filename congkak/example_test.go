package congkak_test

import (
	"errors"
	"fmt"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// A single round with a sequential opening: South's A ends in his store, so
// he sows again (CK-3); B relays (CK-4) until its last seed reaches his
// store again.
func Example_singleRound() {
	r, err := congkak.New(congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
	if err != nil {
		panic(err)
	}
	g, _ := mancala.NewGame(r)
	if err := g.PlayText("A B"); err != nil {
		panic(err)
	}
	fmt.Println(r)
	fmt.Println(g.Position())
	fmt.Println("to move:", g.Turn(), "legal:", g.Legal())
	fmt.Print(g.Position().Board)
	// Output:
	// congkak opening=sequential rounds=1
	// 6,2,0,1,3,0,4/13,5,13,13,4,13,13 8,0 S r1
	// to move: south legal: [A B D E G]
	//         g  f  e  d  c  b  a
	// N   0  13 13  4 13 13  5 13
	//         6  2  0  1  3  0  4   8 S
	//         A  B  C  D  E  F  G
}

// The simultaneous opening (CK-8): both players choose at once, a joint
// move written with South's letter first. In "Ab" South's A reaches his
// store on tick 7, when North's last seed falls into South's emptied A (a
// dead end, CK-6): South goes on alone.
func Example_simultaneousOpening() {
	r, _ := congkak.New(congkak.Documents())
	p := r.Start()
	fmt.Println(p.ToMove, len(r.Legal(nil, p)), "joint moves")
	m, _ := mancala.ParseMove("Ab")
	p, err := r.Play(p, m)
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	// Output:
	// both 49 joint moves
	// 1,8,8,8,8,8,8/7,0,8,8,8,8,8 1,1 S r1
}

// A refused move names the rule and leaves the game unchanged.
func Example_refusedMove() {
	r, _ := congkak.New(congkak.Options{Opening: congkak.OpeningSequential})
	g, _ := mancala.NewGame(r)
	_ = g.PlayText("A")
	err := g.PlayText("A") // A was just emptied
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrIllegalMove))
	var me *mancala.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Rule)
	}
	fmt.Println(g.Ply())
	// Output:
	// mancala: illegal move A at ply 1: house A is empty (CK-2)
	// true
	// CK-2
	// 1
}

// Presets by name: Overbeck's Chongkak (004) on 9 houses.
func ExamplePreset() {
	o, err := congkak.Preset("overbeck")
	if err != nil {
		panic(err)
	}
	r, _ := congkak.New(o)
	fmt.Println(r, o.Houses, o.Seeds, o.EmptyCapture, o.RoundEnd)
	fmt.Println(r.Start())
	_, err = congkak.Preset("kalah")
	fmt.Println(errors.Is(err, mancala.ErrUnsupported))
	// Output:
	// congkak overbeck 9 9 stay passreply
	// 9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0,0 B r1
	// true
}

// Options with a round limit bound the game (CK-15).
func ExampleRules_MaxPlies() {
	r, _ := congkak.New(congkak.Options{Rounds: 1})
	fmt.Println(r.MaxPlies())
	// A full set ends at a repeated round start (CK-16): at most 171
	// different rounds of at most 98 decisions each.
	r, _ = congkak.New(congkak.Documents())
	fmt.Println(r.MaxPlies())
	// With CK-16 off a full set states no bound.
	r, _ = congkak.New(congkak.Options{Repeat: congkak.RepeatOff})
	fmt.Println(r.MaxPlies())
	// Output:
	// 98
	// 16758
	// 0
}
