package book_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// Build a book of every position within two moves of the start (Abapa on
// two houses a side), then play from it.
func Example() {
	o, _ := awale.Preset("abapa")
	o.Houses = 2
	r, _ := awale.New(o)
	b, err := book.Build(context.Background(), r, book.BuildOptions{
		Plies:  2,
		Search: search.AlphaBetaOptions{Depth: 8},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Len(), "positions of", b.Rules())
	if e, ok := b.Move(r, nil, r.Start()); ok {
		fmt.Println("at the start play", e.Move)
	}
	book.Write(os.Stdout, b)
	// Output:
	// 7 positions of awale abapa houses=2
	// at the start play A
	// # sowing opening book: position; move value depth
	// rules awale abapa houses=2
	// plies 2
	// 4,4/4,4 0,0 S; A 1.4 8
	// 0,6/5,5 0,0 N; a -0.15 8
	// 5,0/6,5 0,0 N; b 3.3 8
	// 0,7/0,7 0,2 S; B 0.55 8
	// 2,8/6,0 0,0 S; B 1.7 8
	// 7,0/0,7 0,2 S; A -1.6 8
	// 7,0/7,0 0,2 S; A -1.9 8
}

// Read a book file.
func ExampleRead() {
	text := `# one position
rules awale abapa
plies 0
4,4,4,4,4,4/4,4,4,4,4,4 0,0 S; F -0.1 16
`
	b, err := book.Read(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range b.Positions() {
		e, _ := b.Lookup(p)
		fmt.Printf("%v: %v (%+.2f seeds at depth %d)\n", p, e.Move, e.Value, e.Depth)
	}
	_, err = book.Read(strings.NewReader("rules awale abapa\nplies 0\n4,4/4,4 0,0 S; F ten 16\n"))
	fmt.Println(err)
	// Output:
	// 4,4,4,4,4,4/4,4,4,4,4,4 0,0 S: F (-0.10 seeds at depth 16)
	// book: line 3: value "ten": want a finite number: "4,4/4,4 0,0 S; F ten 16"
}
