package kalah_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
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
	// kalahdemo after C: south to move
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

// An endgame database is a value of its own: package mancala/endgame
// builds it from the rules (Retrograde), and WithDatabase hands it to the
// solver with them. Here South, one seed behind and to move with 7 seeds
// left in the houses, will add one seed more than North to his store from
// now on, so perfect play draws.
func ExampleWithDatabase() {
	r, err := kalah.New(kalah.Options{}) // Kalah(6,4)
	if err != nil {
		panic(err)
	}
	// Every configuration of up to 10 seeds in the 12 houses.
	g, _ := r.Retrograde() // never an error for Kalah
	db, err := egdb.Build(context.Background(), g, "", 10, egdb.Options{})
	if err != nil {
		panic(err)
	}
	o, err := kalah.WithDatabase(r, db)
	if err != nil {
		panic(err)
	}
	p, err := r.Setup(mustPosition("0,0,0,2,0,1/1,0,3,0,0,0 20,21 S"))
	if err != nil {
		panic(err)
	}
	gain, ok := o.Endgame(p)
	fmt.Println(gain, ok)
	fmt.Println("final difference for South:", p.Board.Store(mancala.South)-p.Board.Store(mancala.North)+gain)
	// 12 seeds in houses: the solver searches until the databases answer.
	q, err := r.Setup(mustPosition("2,0,1,0,3,0/0,1,2,0,0,3 18,18 N"))
	if err != nil {
		panic(err)
	}
	sol, err := search.Solve(context.Background(), o, nil, q, search.SolveOptions{TableBits: 12})
	if err != nil {
		panic(err)
	}
	fmt.Println("solved:", sol.Value, sol.EndgameHits > 0)
	// Output:
	// 1 true
	// final difference for South: 0
	// solved: 4 true
}

// A large database is worth building once and keeping: with a directory,
// egdb.Build saves each count in a file of its own (and a build stopped
// half-way goes on from the last finished count), and egdb.Load reads them
// back, for any Kalah game of the same board and capture rule. Here South,
// three seeds ahead and to move on a board of four houses a side, will add
// three seeds fewer than North to his store from now on.
func ExampleWithDatabase_files() {
	dir, err := os.MkdirTemp("", "kalah-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	r, err := kalah.New(kalah.Options{Houses: 4, Seeds: 3})
	if err != nil {
		panic(err)
	}
	g, _ := r.Retrograde() // never an error for Kalah
	if _, err := egdb.Build(context.Background(), g, dir, 10, egdb.Options{}); err != nil {
		panic(err)
	}
	db, err := egdb.Load(g, dir, 10)
	if err != nil {
		panic(err)
	}
	fmt.Println(db.Name(), "up to", db.Seeds(), "seeds:", db.Bytes(), "bytes")
	o, err := kalah.WithDatabase(r, db)
	if err != nil {
		panic(err)
	}
	p, err := r.Setup(mustPosition("1,0,0,2/0,3,0,1 10,7 S"))
	if err != nil {
		panic(err)
	}
	gain, ok := o.Endgame(p)
	fmt.Println(gain, ok)
	fmt.Println("final difference for South:", p.Board.Store(mancala.South)-p.Board.Store(mancala.North)+gain)
	// Output:
	// kalah houses=4 capture=empty up to 10 seeds: 43758 bytes
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
