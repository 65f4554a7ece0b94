package rulesflags_test

import (
	"flag"
	"fmt"
	"io"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
)

// A program registers the game flags, parses its arguments and builds the
// ruleset; mistakes come back as errors that name the flag.
func ExampleRegister() {
	for _, args := range [][]string{
		{"-rules", "abapa"},
		{"-game", "congkak", "-rules", "opening=sequential", "-houses", "5"},
		{"-game", "congkak", "-rules", "starter=north"},
		{"-rules", "opening=sequential"},
	} {
		fs := flag.NewFlagSet("example", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		games := rulesflags.Register(fs)
		if err := fs.Parse(args); err != nil {
			fmt.Println(err)
			continue
		}
		r, err := games.Ruleset()
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%v: %v\n", r, r.Start())
	}
	p, err := rulesflags.ParsePosition("awale", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N")
	fmt.Println(p, err, p.ToMove == mancala.NorthTurn)
	// Output:
	// awale abapa: 4,4,4,4,4,4/4,4,4,4,4,4 0,0 S
	// congkak houses=5 opening=sequential: 5,5,5,5,5/5,5,5,5,5 0,0 S r1
	// error: -rules: congkak: ruleset name "congkak starter=north": starter= applies to a sequential opening only (CK-8): mancala: unsupported configuration
	// error: -rules: awale: ruleset name "awale opening=sequential": unknown "opening=sequential": mancala: unsupported configuration
	// 4,4,4,4,4,4/4,4,4,4,4,4 0,0 N <nil> true
}
