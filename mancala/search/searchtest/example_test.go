package searchtest_test

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// The reference Packer runs the solver's packed path on a simple
// store-independent ruleset (here the module's toy Kalah with 3 houses of
// 3 seeds): the value is the general path's.
func ExampleReferencePacker() {
	k := toy.MustNewAcyclic(toy.Options{Houses: 3, Seeds: 3, EmptyCapture: true})
	general, _ := search.Solve(context.Background(), k, nil, k.Start(), search.SolveOptions{TableBits: 12})
	packed, _ := search.Solve(context.Background(), searchtest.ReferencePacker(k), nil, k.Start(), search.SolveOptions{TableBits: 12})
	fmt.Println("general:", general.Value, general.Packed)
	fmt.Println("packed: ", packed.Value, packed.Packed)
	// Output:
	// general: 2 false
	// packed:  2 true
}
