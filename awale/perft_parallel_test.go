package awale_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestPerftParallel checks that the root-split perft gives Perft's counts
// (AW-8's repetitions included: positions from random games with their
// history), for every number of workers, on the packed and the wide
// engine.
func TestPerftParallel(t *testing.T) {
	for _, o := range []awale.Options{awale.Documents(), awale.Abapa(), awale.Awari(),
		{Houses: 3, Seeds: 1}, {Houses: 10, Seeds: 2}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		depth := 5
		if o.Houses <= 3 {
			depth = 9
		}
		if o.Houses > 8 {
			depth = 3
		}
		// The start, and a position with a history that can repeat.
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 12 && !g.Over(); i++ {
			if err := g.Play(g.Legal()[i%len(g.Legal())]); err != nil {
				t.Fatal(err)
			}
		}
		ps := g.Positions()
		for _, c := range []struct {
			hist []mancala.Position
			p    mancala.Position
		}{{nil, r.Start()}, {ps[:len(ps)-1], ps[len(ps)-1]}} {
			for d := 0; d <= depth; d++ {
				wl, wt := r.Perft(c.hist, c.p, d)
				for _, w := range []int{0, 1, 2, 3} {
					l, tt, err := r.PerftParallel(context.Background(), c.hist, c.p, d, w)
					if err != nil || l != wl || tt != wt {
						t.Errorf("%v from %v depth %d, %d workers: %d, %d, %v; Perft gives %d, %d",
							r, c.p, d, w, l, tt, err, wl, wt)
					}
				}
			}
		}
	}
}

// TestPerftParallelCancel: a cancelled context stops the count with its
// error.
func TestPerftParallelCancel(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := r.PerftParallel(ctx, nil, r.Start(), 6, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("PerftParallel with a cancelled context: %v, want context.Canceled", err)
	}
}

func ExampleRules_PerftParallel() {
	r, _ := awale.New(awale.Abapa())
	leaves, terminal, err := r.PerftParallel(context.Background(), nil, r.Start(), 6, 2)
	fmt.Println(leaves, terminal, err)
	// Output:
	// 27332 0 <nil>
}
