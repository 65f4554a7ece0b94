package mancala_test

import (
	"errors"
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

func sprint() *Sprint {
	r, err := NewSprint(3, 2)
	if err != nil {
		panic(err)
	}
	return r
}

// A board is a value: build it, change it with the setters (which refuse
// what it cannot hold) and print it.
func ExampleNewBoard() {
	b, err := mancala.NewBoard(4, 3)
	if err != nil {
		panic(err)
	}
	_ = b.SetSeeds(mancala.North, 0, 0) // North's house a
	_ = b.SetStore(mancala.North, 3)
	_ = b.SetBurnt(mancala.North, 0, true)
	fmt.Print(b)
	fmt.Println("seeds:", b.Total(), "South's row:", b.RowSeeds(mancala.South))

	if err := b.SetSeeds(mancala.North, 0, 1); err != nil {
		fmt.Println(errors.Is(err, mancala.ErrInvalidPosition), err)
	}
	if err := b.SetStore(mancala.South, 300); err != nil {
		fmt.Println(errors.Is(err, mancala.ErrUnsupported), err)
	}
	// Output:
	//         d  c  b  a
	// N   3   3  3  3  x
	//         3  3  3  3   0 S
	//         A  B  C  D
	// seeds: 24 South's row: 12
	// true mancala: seeds in burnt house a: mancala: invalid position
	// true mancala: more than 255 seeds: mancala: unsupported configuration
}

// A refused move changes nothing; its error says why and at which ply.
func ExampleGame_Play() {
	g, err := mancala.NewGame(sprint())
	if err != nil {
		panic(err)
	}
	if err := g.Play(mancala.Single(mancala.South, 0)); err != nil {
		panic(err)
	}
	err = g.Play(mancala.Single(mancala.South, 1)) // North is to move
	fmt.Println(errors.Is(err, mancala.ErrIllegalMove))
	var me *mancala.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Move, me.Ply, me.Reason)
	}
	fmt.Println(g.Ply(), g.Position())
	// Output:
	// true
	// B 1 north to move
	// 1 0,3,3/2,2,2 0,0 N
}

// Undo takes moves back; Redo plays them again.
func ExampleGame_Undo() {
	g, err := mancala.NewGame(sprint())
	if err != nil {
		panic(err)
	}
	// B and a end in their player's store, so he moves again.
	if err := g.PlayText("B C a"); err != nil {
		panic(err)
	}
	fmt.Println(g.MovesText(), "|", g.Position())
	_ = g.Undo()
	_ = g.Undo()
	fmt.Println(g.MovesText(), "|", g.Position(), "| can redo:", g.CanRedo())
	_ = g.Redo()
	fmt.Println(g.MovesText(), "|", g.Position())
	// Output:
	// B C a | 2,0,0/0,4,3 2,1 N
	// B | 2,0,3/2,2,2 1,0 S | can redo: true
	// B C | 2,0,0/3,3,2 2,0 N
}

// Position text has the houses, the stores and who is to move, then
// optional fields: the round, seeds in hand and a ruleset's state word.
func ExampleParsePosition() {
	p, err := mancala.ParsePosition("3,0,x/1,4,4 2,0 N r2 h0@A,1@a")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.ToMove, p.Round, p.Board.Seeds(mancala.North, 1), p.Board.Burnt(mancala.South, 2))
	fmt.Print(p.Board)
	fmt.Println(p)

	_, err = mancala.ParsePosition("3,0,1/1,4 2,0 N")
	var pe *mancala.ParseError
	fmt.Println(errors.Is(err, mancala.ErrSyntax), errors.As(err, &pe) && pe.Offset == 9)
	fmt.Println(err)
	// Output:
	// north 2 4 true
	//         c  b  a
	// N   0   4  4  1
	//         3  0  x   2 S
	//         A  B  C
	// north's hand: 1 seeds, at a
	// 3,0,x/1,4,4 2,0 N r2 h0@A,1@a
	// true true
	// mancala: bad position "3,0,1/1,4 2,0 N" at offset 9: South has 3 houses and North 2
}

// Moves are house letters, South's upper case and North's lower case; a
// simultaneous decision has both, South's first.
func ExampleParseMove() {
	for _, s := range []string{"C", "c", "Cb", "cB"} {
		m, err := mancala.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		south, sok := m.House(mancala.South)
		north, nok := m.House(mancala.North)
		fmt.Println(m, m.Turn(), south, sok, north, nok)
	}
	// Output:
	// C south 2 true -1 false
	// c north -1 false 2 true
	// Cb both 2 true 1 true
	// mancala: bad move "cB" at offset 0: want South's house letter A-P first in a joint move
}

// Perft counts the move sequences of a given length: a check that move
// generation has not changed.
func ExamplePerft() {
	r := sprint()
	for depth := 1; depth <= 4; depth++ {
		leaves, ended := mancala.Perft(r, nil, r.Start(), depth)
		fmt.Println(depth, leaves, ended)
	}
	// Output:
	// 1 3 0
	// 2 8 0
	// 3 19 0
	// 4 40 0
}
