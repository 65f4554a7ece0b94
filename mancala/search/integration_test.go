package search_test

// Integration tests with the module's rulesets. They are small: the
// search package is tested on its own rulesets; these only check that the
// searchers and players work with Awalé (a Cycler with feeding rules) and
// Congkak (a simultaneous opening, relays, rounds).

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func TestIntegrationPlayers(t *testing.T) {
	aw, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	ck, err := congkak.New(congkak.Options{Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []mancala.Ruleset{aw, ck} {
		for _, spec := range []string{"random", "greedy", "alphabeta:depth=2", "mcts:playouts=100"} {
			t.Run(fmt.Sprintf("%v/%s", r, spec), func(t *testing.T) {
				g, err := mancala.NewGame(r)
				if err != nil {
					t.Fatal(err)
				}
				var players [2]search.Engine
				for i := range players {
					if players[i], err = search.ParseEngine(spec, uint64(i)); err != nil {
						t.Fatal(err)
					}
				}
				// A few decisions from the start, simultaneous ones
				// included, each side choosing without the other's:
				// PlayGame stops when the context is cancelled after 12.
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				plies := 0
				err = search.PlayGame(ctx, g, players[0], players[1], func(mancala.Move, mancala.Position) {
					if plies++; plies == 12 {
						cancel()
					}
				})
				if err != nil && !errors.Is(err, context.Canceled) {
					t.Fatalf("after %s: %v", g.MovesText(), err)
				}
				if !g.Over() && plies != 12 {
					t.Fatalf("%d moves played, game not over: %s", plies, g.MovesText())
				}
			})
		}
	}
}

// TestIntegrationCongkakOpening: the searcher solves the matrix game of
// Congkak's simultaneous opening (CK-8) and reports strategies over the
// seven houses of each player.
func TestIntegrationCongkakOpening(t *testing.T) {
	ck, err := congkak.New(congkak.Options{Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 1}).Search(context.Background(), ck, nil, ck.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Mixed == nil || len(res.Mixed.South) != 7 || len(res.Mixed.North) != 7 {
		t.Fatalf("CK-8: mixed strategy %+v", res.Mixed)
	}
	for _, p := range [][]float64{res.Mixed.South, res.Mixed.North} {
		sum := 0.0
		for _, x := range p {
			sum += x
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("CK-8: strategy %v sums to %v", p, sum)
		}
	}
	if !mancala.IsLegal(ck, ck.Start(), res.Move) {
		t.Errorf("CK-8: joint move %v is not legal", res.Move)
	}
}

// TestIntegrationAwaleSolve: the solver agrees with brute force on tiny
// Awalé boards (AW-8 repetitions included).
func TestIntegrationAwaleSolve(t *testing.T) {
	for _, o := range []awale.Options{{Houses: 2, Seeds: 1}, {Houses: 2, Seeds: 2}, {Houses: 1, Seeds: 3}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteCycler(r, nil, r.Start(), map[string]float64{})
		sol, err := search.Solve(context.Background(), awaleBounds{r}, nil, r.Start(), search.SolveOptions{TableBits: 12})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value != want {
			t.Errorf("%v: value %v, brute force %v", r, sol.Value, want)
		}
		checkSolutionPV(t, r, r.Start(), sol)
	}
}

// awaleBounds is Awalé with search.StoreBounds as its score bounds: its
// stores never lose seeds.
type awaleBounds struct{ *awale.Rules }

func (awaleBounds) ScoreBounds(p mancala.Position) (lo, hi int) { return search.StoreBounds(p) }

// TestIntegrationCongkakSetCK16: Solve of a full set of 1-house Congkak,
// whose rounds repeat for ever without CK-16's ending (issue 10.5), ends
// with a value or a clear error (a *DepthError, or the deadline), never
// by exhausting memory.
func TestIntegrationCongkakSetCK16(t *testing.T) {
	r, err := congkak.New(congkak.Options{Houses: 1, Seeds: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sol, err := search.Solve(ctx, r, nil, r.Start(), search.SolveOptions{TableBits: 16})
	if err != nil && !errors.Is(err, search.ErrTooDeep) && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve: %v", err)
	}
	t.Logf("value %v, %d nodes, error %v", sol.Value, sol.Nodes, err)
}
