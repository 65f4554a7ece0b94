package awale_test

import (
	"context"
	"math"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Rules is a search.Estimator without importing package search.
var _ search.Estimator = (*awale.Rules)(nil)

// naiveEstimate is the row evaluation (Estimate on boards other than 6
// houses of 4 seeds) written out feature by feature, as its doc comment
// reads.
func naiveEstimate(p mancala.Position, side mancala.Player) float64 {
	b := p.Board
	o := side.Other()
	features := func(pl mancala.Player) (seeds, nonEmpty, small int) {
		for i := 0; i < b.Houses(); i++ {
			s := b.Seeds(pl, i)
			seeds += s
			if s > 0 {
				nonEmpty++
			}
			if s == 1 || s == 2 {
				small++
			}
		}
		return
	}
	s1, n1, m1 := features(side)
	s2, n2, m2 := features(o)
	return float64(b.Store(side)-b.Store(o)) + 0.15*float64(s1-s2) + 0.5*float64(n1-n2) + 0.5*float64(m1-m2)
}

// TestEstimateRowBoards: on boards other than 6 houses of 4 seeds,
// Estimate is the row evaluation its doc comment describes.
func TestEstimateRowBoards(t *testing.T) {
	for _, o := range []awale.Options{{Houses: 6, Seeds: 3}, {Houses: 10, Seeds: 3}, {Houses: 4, Seeds: 20}, {Houses: 5, Seeds: 4, GrandSlam: awale.GrandSlamNoCapture}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range benchPositions(r, 2000) {
			for _, side := range []mancala.Player{mancala.South, mancala.North} {
				got, want := r.Estimate(p, side), naiveEstimate(p, side)
				if math.Abs(got-want) > 1e-9 {
					t.Fatalf("%v: Estimate(%v, %v) = %v, want %v", r, p.Board, side, got, want)
				}
			}
		}
	}
}

// mirror returns p with the players' roles swapped: rows, stores and the
// player to move.
func mirror(t *testing.T, p mancala.Position) mancala.Position {
	t.Helper()
	b := p.Board
	q := p
	err := q.Board.SetCounts([2][mancala.MaxHouses]uint8{b.Row(mancala.North), b.Row(mancala.South)},
		[2]uint8{uint8(b.Store(mancala.North)), uint8(b.Store(mancala.South))})
	if err != nil {
		t.Fatal(err)
	}
	switch p.ToMove {
	case mancala.SouthTurn:
		q.ToMove = mancala.NorthTurn
	case mancala.NorthTurn:
		q.ToMove = mancala.SouthTurn
	}
	return q
}

// TestEstimateSymmetry: what is good for one player is as bad for the
// other, and swapping the players' places swaps their values.
func TestEstimateSymmetry(t *testing.T) {
	for _, o := range []awale.Options{awale.Abapa(), awale.Awari(), awale.Documents(), {Houses: 10, Seeds: 3}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range benchPositions(r, 2000) {
			q := mirror(t, p)
			for _, side := range []mancala.Player{mancala.South, mancala.North} {
				got := r.Estimate(p, side)
				if other := r.Estimate(p, side.Other()); got != -other {
					t.Fatalf("%v: Estimate(%v) is %v for %v but %v for %v: want opposites", r, p.Board, got, side, other, side.Other())
				}
				if m := r.Estimate(q, side.Other()); math.Abs(got-m) > 1e-9 {
					t.Fatalf("%v: Estimate(%v, %v) = %v, but %v for %v in the mirrored %v", r, p.Board, side, got, m, side.Other(), q.Board)
				}
			}
		}
	}
}

// TestEstimateDiffersFromRow: on the 6-house board Estimate is not the
// row evaluation (the fitted tables are in use).
func TestEstimateDiffersFromRow(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	ps := benchPositions(r, 500)
	for _, p := range ps {
		if math.Abs(r.Estimate(p, mancala.South)-naiveEstimate(p, mancala.South)) > 1e-6 {
			differ++
		}
	}
	if differ < len(ps)/2 {
		t.Errorf("Estimate equals the row evaluation in %d of %d positions", len(ps)-differ, len(ps))
	}
}

// TestAlphaBetaUsesEstimate: with no evaluator in its options, a search of
// an Awalé ruleset values its horizon by the ruleset's Estimate, not by
// DefaultEvaluator, in a position where the two disagree.
func TestAlphaBetaUsesEstimate(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	found := false
	for _, p := range benchPositions(r, 400) {
		if p.ToMove == mancala.BothTurn {
			continue
		}
		side, _ := p.ToMove.Player()
		// Depth 1, no table, no quiescence: the value is the best child's
		// evaluation from side's view (or an exact end).
		search1 := func(e search.Evaluator) search.Result {
			res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 1, TableSize: -1, Eval: e}).Search(ctx, r, nil, p)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		own, est, def := search1(nil), search1(r.Estimate), search1(search.DefaultEvaluator)
		if own.Exact || own.Value != est.Value || own.Move != est.Move {
			if own.Exact {
				continue
			}
			t.Fatalf("%v (%v to move): nil Eval gives %v %v, Estimate %v %v", p.Board, side, own.Move, own.Value, est.Move, est.Value)
		}
		if def.Value != own.Value {
			found = true
		}
	}
	if !found {
		t.Fatal("no position where Estimate and DefaultEvaluator disagree: the test proves nothing")
	}
}

func TestEstimateAllocs(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	p := benchPositions(r, 30)[29]
	var sink float64
	if got := testing.AllocsPerRun(100, func() { sink += r.Estimate(p, mancala.South) }); got != 0 {
		t.Errorf("Estimate: %v allocations per call, want 0", got)
	}
	_ = sink
}

func BenchmarkEstimate(b *testing.B) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		b.Fatal(err)
	}
	ps := benchPositions(r, 1024)
	row := search.Weights{Row: 0.15, Small: 0.5, Mobility: 0.5}.Evaluator() // the row evaluation
	for _, e := range []struct {
		name string
		eval search.Evaluator
	}{{"tables", r.Estimate}, {"row", row}} {
		b.Run(e.name, func(b *testing.B) {
			b.ReportAllocs()
			var sink float64
			for i := 0; i < b.N; i++ {
				sink += e.eval(ps[i&1023], mancala.South)
			}
			_ = sink
		})
	}
}
