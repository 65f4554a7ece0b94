package kalah_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
)

// A game of Kalah(6,4) played through the core's Game: C ends in South's
// store, so South moves again (KA-3).
func Example() {
	r, err := kalah.New(kalah.Options{}) // Kalah(6,4), empty capture
	if err != nil {
		panic(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		panic(err)
	}
	if err := g.PlayText("C"); err != nil {
		panic(err)
	}
	fmt.Println(r, "after C:", g.Turn(), "to move")
	if err := g.PlayText("F"); err != nil {
		panic(err)
	}
	fmt.Println(g.Position())
	fmt.Print(g.Position().Board)
	// Output:
	// kalah(6,4) after C: south to move
	// 4,4,0,5,5,0/5,5,5,5,4,4 2,0 N
	//         f  e  d  c  b  a
	// N   0   4  4  5  5  5  5
	//         4  4  0  5  5  0   2 S
	//         A  B  C  D  E  F
}

// The two capture rules differ when the house facing the last seed is
// empty (KA-4).
func Example_capture() {
	p, err := mancala.ParsePosition("1,0,3/2,0,6 6,6 S")
	if err != nil {
		panic(err)
	}
	for _, c := range []kalah.Capture{kalah.CaptureEmpty, kalah.CaptureStandard} {
		r, err := kalah.New(kalah.Options{Houses: 3, Seeds: 4, Capture: c})
		if err != nil {
			panic(err)
		}
		q, err := r.Play(p, mancala.Single(mancala.South, 0))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-8s %v\n", c, q)
	}
	// Output:
	// empty    0,0,3/2,0,6 7,6 N
	// standard 0,1,3/2,0,6 6,6 N
}

// Options that the board cannot hold are refused.
func ExampleNew() {
	_, err := kalah.New(kalah.Options{Houses: 6, Seeds: 30})
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrUnsupported))
	// Output:
	// kalah: 30 seeds per house on 6 houses a side (at most 255 seeds in all): mancala: unsupported configuration
	// true
}

// Endgame gives the exact value of a position with few seeds in houses
// from the endgame database: here South, one seed behind and to move, will
// add one seed more than North to his store from now on, so perfect play
// draws.
func ExampleRules_Endgame() {
	r, err := kalah.New(kalah.Options{}) // database of up to 16 seeds in houses
	if err != nil {
		panic(err)
	}
	q, err := mancala.ParsePosition("0,0,0,2,0,1/1,0,3,0,0,0 20,21 S")
	if err != nil {
		panic(err)
	}
	p, err := r.Setup(q)
	if err != nil {
		panic(err)
	}
	gain, ok := r.Endgame(p)
	fmt.Println(gain, ok)
	fmt.Println("final difference for South:", p.Board.Store(mancala.South)-p.Board.Store(mancala.North)+gain)
	// Output:
	// 1 true
	// final difference for South: 0
}

// A large endgame database is worth building once and saving: BuildEndgame
// computes every entry, on all cores, WriteEndgame saves it (to a file,
// usually), and ReadEndgame loads it into another ruleset of the same
// options, which then answers at once. Here South, three seeds ahead and
// to move, will add three seeds fewer than North to his store from now on.
func ExampleRules_WriteEndgame() {
	o := kalah.Options{Houses: 4, Seeds: 3, EndgameSeeds: 10}
	r, err := kalah.New(o)
	if err != nil {
		panic(err)
	}
	if err := r.BuildEndgame(context.Background(), 0); err != nil {
		panic(err)
	}
	var file bytes.Buffer
	if err := r.WriteEndgame(&file); err != nil {
		panic(err)
	}
	fmt.Println(file.Len(), "bytes") // a 20-byte header, C(18,8) entries, a checksum

	loaded, err := kalah.New(o)
	if err != nil {
		panic(err)
	}
	if err := loaded.ReadEndgame(&file); err != nil {
		panic(err)
	}
	p, err := loaded.Setup(mustPosition("1,0,0,2/0,3,0,1 10,7 S"))
	if err != nil {
		panic(err)
	}
	gain, ok := loaded.Endgame(p)
	fmt.Println(gain, ok)
	fmt.Println("final difference for South:", p.Board.Store(mancala.South)-p.Board.Store(mancala.North)+gain)
	// Output:
	// 43782 bytes
	// -3 true
	// final difference for South: 0
}

func mustPosition(s string) mancala.Position {
	p, err := mancala.ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}
