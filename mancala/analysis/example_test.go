package analysis_test

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/analysis"
)

// Solve an Awalé endgame exactly and write the solution as the analyze
// tool prints it: the final store difference for South under perfect
// play, and the line that achieves it.
func Example() {
	r, err := awale.New(awale.Documents())
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := r.Setup(mustParse("0,0,0,0,2,1/0,1,0,0,1,0 21,22 S"))
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := analysis.Solve(context.Background(), r, nil, p, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range analysis.SolutionLines(sol) {
		fmt.Println(l)
	}
	// Output:
	// value -6
	// pv F a E a F
}

func mustParse(s string) mancala.Position {
	p, err := mancala.ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}
