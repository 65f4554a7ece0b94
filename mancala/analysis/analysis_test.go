package analysis_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/analysis"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

func TestFraction(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
		ok   bool
	}{
		{30.0 / 7, "30/7", true},
		{-26.0 / 7, "-26/7", true},
		{4, "4", true},
		{0, "0", true},
		{-2, "-2", true},
		{70.0 / 23, "70/23", true},
		{math.Pi, "", false},
		{math.Sqrt2, "", false},
		{math.NaN(), "", false},
	} {
		got, ok := analysis.Fraction(tc.v)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Fraction(%v) = %q, %v; want %q, %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
	for v, want := range map[float64]string{4: "4", -2: "-2", 30.0 / 7: "4.285714", 0.5: "0.5", -1e-9: "0"} {
		if got := analysis.Decimal(v); got != want {
			t.Errorf("Decimal(%v) = %q, want %q", v, got, want)
		}
	}
}

// Deepen reports each depth until the search is exact, and Lines writes
// it; Solve's value agrees with the exact search, and SolutionLines
// writes it.
func TestDeepenAndSolve(t *testing.T) {
	r, err := toy.New(toy.Options{Houses: 3, Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	var its []analysis.Iteration
	err = analysis.Deepen(context.Background(), r, nil, p, 0, 1, nil, func(it analysis.Iteration) { its = append(its, it) })
	if err != nil || len(its) == 0 || !its[len(its)-1].Result.Exact {
		t.Fatalf("Deepen: %d iterations, %v", len(its), err)
	}
	for i, it := range its {
		if it.Depth != i+1 || it.Who != mancala.South {
			t.Errorf("iteration %d: depth %d, who %v", i, it.Depth, it.Who)
		}
	}
	last := its[len(its)-1].Lines(true)
	if len(last) != 1 || !strings.HasPrefix(last[0], "depth ") || !strings.Contains(last[0], " for South (seeds) exact nodes ") {
		t.Errorf("Lines: %q", last)
	}
	sol, err := analysis.Solve(context.Background(), r, nil, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := analysis.SolutionLines(sol)
	if lines[0] != "value "+analysis.Decimal(sol.Value) || !strings.HasPrefix(lines[len(lines)-1], "pv") {
		t.Errorf("SolutionLines: %q", lines)
	}
	if got := analysis.Seeds(its[len(its)-1].Result.Value); got != analysis.Seeds(sol.Value) && got != analysis.Seeds(-sol.Value) {
		t.Errorf("the exact search's value %s, the solver's %v", got, sol.Value)
	}
}
