package mancalatest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestMinimax holds Minimax to the exact solver of package search on the
// toy Kalah's small boards, and checks that it gives no value where
// minimax alone has none: a simultaneous decision, and a game whose
// positions repeat.
func TestMinimax(t *testing.T) {
	for houses := 1; houses <= 3; houses++ {
		for seeds := 1; seeds <= 3; seeds++ {
			r := toy.MustNew(toy.Options{Houses: houses, Seeds: seeds})
			t.Run(fmt.Sprint(r), func(t *testing.T) {
				got, ok := mancalatest.Minimax(r, r.Start())
				if !ok {
					t.Fatal("no value")
				}
				sol, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 12})
				if err != nil {
					t.Fatal(err)
				}
				if float64(got) != sol.Value {
					t.Errorf("Minimax %d, Solve %v", got, sol.Value)
				}
			})
		}
	}
	sim := toy.MustNew(toy.Options{Houses: 2, Seeds: 2, Simultaneous: true})
	if v, ok := mancalatest.Minimax(sim, sim.Start()); ok {
		t.Errorf("%v: Minimax %d, true; want no value", sim, v)
	}
	loop := toy.MustNew(toy.Options{Houses: 2, Seeds: 2, Loop: true})
	if v, ok := mancalatest.Minimax(loop, loop.Start()); ok {
		t.Errorf("%v: Minimax %d, true; want no value (its positions repeat)", loop, v)
	}
}
