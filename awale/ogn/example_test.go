package ogn_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/awale/ogn"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// Read a game saved by Aualé and replay it under the rules its Variant tag
// names.
func ExampleRead() {
	const text = `[Variant "Oware Abapa"]
[Event "?"]
[Site "?"]
[Date "?"]
[Round "?"]
[South "Ann"]
[North "Aalina"]
[Result "*"]
[FEN "1-1-0-0-0-0-0-5-0-0-0-0-20-21-S"]

1. B b+2 { North captures } 2. C
`
	rec, err := ogn.Read(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := rec.Replay(ogn.Resolve)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Rules(), rec.Tags.Get("North"), rec.Comments[2])
	fmt.Println(g.Position())
	// Output:
	// awale abapa Aalina North captures
	// 0,0,0,1,0,0/0,0,1,1,1,1 20,23 N
}

// Write a game of Oware Abapa as Aualé would.
func ExampleWrite() {
	r, _ := awale.New(awale.Abapa())
	g, _ := mancala.NewGame(r)
	_ = g.PlayText("C f C b")
	rec, _ := record.New(g, record.Tag{Name: "South", Value: "Ann"})
	if err := ogn.Write(os.Stdout, rec, ogn.Resolve); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Variant "Oware Abapa"]
	// [Event "?"]
	// [Site "?"]
	// [Date "?"]
	// [Round "?"]
	// [South "Ann"]
	// [North "?"]
	// [Result "*"]
	// [Rules "awale abapa"]
	//
	// 1. C f 2. C b
}
