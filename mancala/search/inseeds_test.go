package search_test

import (
	"context"
	"math"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func TestInSeeds(t *testing.T) {
	for _, c := range []struct {
		v     float64
		seeds float64
		final bool
	}{
		{0, 0, false}, {2.5, 2.5, false}, {-17.25, -17.25, false}, {998, 998, false}, {-998, -998, false},
		{1000, 1, true}, {-3000, -3, true}, {48000, 48, true},
		// an oracle's estimates, one unit nearer 0 than the result
		{999, 0.999, true}, {-999, -0.999, true}, {9999, 9.999, true}, {-1999, -1.999, true},
	} {
		seeds, final := search.InSeeds(c.v)
		if math.Abs(seeds-c.seeds) > 1e-12 || final != c.final {
			t.Errorf("InSeeds(%v) = %v, %v; want %v, %v", c.v, seeds, final, c.seeds, c.final)
		}
	}
}

// TestInSeedsOfSearches: an estimate oracle's one-seed result is a final
// value in seeds, below one in magnitude, where it was once read as a
// heuristic of 999 seeds; an evaluator that says more than the scale
// holds stays a heuristic value, never read as final.
func TestInSeedsOfSearches(t *testing.T) {
	r, err := awale.New(awale.Awari())
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition("0,2,0,1,1,1/1,0,2,0,1,0 19,20 S")
	if err != nil {
		t.Fatal(err)
	}
	// The mover ends one seed down, whoever he is.
	oneDown := func(q mancala.Position) (int, bool) {
		me := mancala.South
		if q.ToMove == mancala.NorthTurn {
			me = mancala.North
		}
		return q.Board.Store(me.Other()) - q.Board.Store(me) - 1, true
	}
	for _, depth := range []int{1, 2, 5} {
		res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: depth}).Search(context.Background(), search.WithEndgameEstimate(r, oneDown), nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if seeds, final := search.InSeeds(res.Value); !final || math.Abs(math.Abs(seeds)-0.999) > 1e-9 || res.Exact {
			t.Errorf("depth %d: value %v (exact %v) is %v seeds, final %v; want ±0.999, final, not exact", depth, res.Value, res.Exact, seeds, final)
		}
	}
	start := r.Start()
	huge := func(mancala.Position, mancala.Player) float64 { return 1e9 }
	for _, depth := range []int{1, 2} {
		res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: depth, Eval: huge}).Search(context.Background(), r, nil, start)
		if err != nil {
			t.Fatal(err)
		}
		if seeds, final := search.InSeeds(res.Value); final || math.Abs(seeds) >= search.TerminalScale-1 {
			t.Errorf("depth %d: an evaluator's 1e9 gives %v seeds, final %v; want a heuristic value inside ±%d", depth, seeds, final, search.TerminalScale-1)
		}
	}
}
