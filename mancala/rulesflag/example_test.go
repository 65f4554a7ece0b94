package rulesflag_test

import (
	"flag"
	"fmt"

	_ "github.com/sowing-games/sowing/awale" // registers the awale family
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/rulesflag"
)

// A program defines the flags, parses its arguments and builds the
// ruleset they name; it names no game.
func Example() {
	fs := flag.NewFlagSet("prog", flag.ContinueOnError)
	games := rulesflag.Register(fs)
	if err := fs.Parse([]string{"-game", "awale", "-rules", "abapa", "-houses", "4"}); err != nil {
		fmt.Println(err)
		return
	}
	r, err := games.Ruleset()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(mancala.Label(r))
	fmt.Println(r.Start().Board)
	// Output:
	// Awalé, abapa houses=4
	//         d  c  b  a
	// N   0   4  4  4  4
	//         4  4  4  4   0 S
	//         A  B  C  D
}

// A program that takes the rules in one flag holds them in a Value.
func ExampleValue() {
	var rules rulesflag.Value
	fs := flag.NewFlagSet("prog", flag.ContinueOnError)
	fs.Var(&rules, "rules", "the ruleset's `NAME`")
	if err := fs.Parse([]string{"-rules", "awale awari houses=5"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rules.String(), rules.Ruleset.Start().Board.Houses())
	// Output: awale awari houses=5 5
}
