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

// naiveEstimate is Estimate written out feature by feature, as its doc
// comment reads.
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

func TestEstimateEqualsFeatures(t *testing.T) {
	for _, o := range []awale.Options{awale.Abapa(), awale.Awari(), {Houses: 10, Seeds: 3}, {Houses: 4, Seeds: 20}} {
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
				if other := r.Estimate(p, side.Other()); got != -other {
					t.Fatalf("%v: Estimate(%v) is %v for %v but %v for %v: want opposites", r, p.Board, got, side, other, side.Other())
				}
			}
		}
	}
}

func TestEstimateExample(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	// South: 1 2 0 0 0 12 and 10 in store; North: 4 4 4 4 4 0 and 7.
	if err := p.Board.SetCounts([2][mancala.MaxHouses]uint8{{1, 2, 0, 0, 0, 12}, {4, 4, 4, 4, 4, 0}}, [2]uint8{10, 7}); err != nil {
		t.Fatal(err)
	}
	// Stores 3; seeds 15 against 20: -0.75; non-empty 3 against 5: -1;
	// houses of 1 or 2 seeds 2 against 0: +1.
	if got, want := r.Estimate(p, mancala.South), 3-0.75-1+1.0; math.Abs(got-want) > 1e-9 {
		t.Errorf("Estimate = %v, want %v", got, want)
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
	b.ReportAllocs()
	var sink float64
	for i := 0; i < b.N; i++ {
		sink += r.Estimate(ps[i&1023], mancala.South)
	}
	_ = sink
}
