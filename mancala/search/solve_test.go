package search_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/search"
)

// solveConfigs are the solver configurations every exactness test runs:
// with and without bounds and store-independent keys, and with a table so
// small that entries are replaced all the time. The capabilities are the
// ruleset's (see solveConfig.ruleset).
var solveConfigs = []solveConfig{
	{"default", nil, false, search.SolveOptions{TableBits: 16}},
	{"no bounds", noBounds, false, search.SolveOptions{TableBits: 16}},
	{"store-independent", nil, true, search.SolveOptions{TableBits: 16}},
	{"small table", nil, true, search.SolveOptions{TableBits: 8}},
}

type solveConfig struct {
	name             string
	bounds           func(mancala.Position) (lo, hi int) // nil: the ruleset's own
	storeIndependent bool
	opts             search.SolveOptions
}

// ruleset returns r with the configuration's capabilities: r itself, or r
// wrapped in solverCaps (and search.WithEndgame, to keep r's oracle).
func (c solveConfig) ruleset(r mancala.Ruleset) mancala.Ruleset {
	if c.bounds == nil && !c.storeIndependent {
		return r
	}
	w := solverCaps{Ruleset: r, bounds: c.bounds, storeIndependent: c.storeIndependent}
	if w.bounds == nil {
		w.bounds = r.(search.ScoreBounder).ScoreBounds
	}
	if e, ok := r.(search.Endgamer); ok {
		return search.WithEndgame(w, e.Endgame)
	}
	return w
}

// solverCaps is a ruleset with the solver capabilities ScoreBounder and
// StoreIndependent given by its fields.
type solverCaps struct {
	mancala.Ruleset
	bounds           func(mancala.Position) (lo, hi int)
	storeIndependent bool
}

func (c solverCaps) ScoreBounds(p mancala.Position) (lo, hi int) { return c.bounds(p) }
func (c solverCaps) StoreIndependent() bool                      { return c.storeIndependent }
func (c solverCaps) String() string                              { return fmt.Sprint(c.Ruleset) }

// storeIndependent is r (whose ScoreBounds it keeps) declared
// store-independent.
func storeIndependent(r mancala.Ruleset) mancala.Ruleset {
	return solveConfig{storeIndependent: true}.ruleset(r)
}

// noBounds bounds nothing: the widest bounds a game of at most 255 seeds
// can have.
func noBounds(mancala.Position) (lo, hi int) { return -mancala.MaxSeeds, mancala.MaxSeeds }

func TestSolveEqualsBruteForce(t *testing.T) {
	for _, r := range []mancala.Ruleset{
		toyKalah(2, 2),
		toyKalah(3, 1),
		toyKalah(3, 2),
		toyKalah(3, 3),
		toyKalah(4, 2),
		toyKalah(2, 4),
		toyKalahSim(2, 3),
		toyKalahSim(3, 2),
		toyMatch(2, 2),
		toyMatch(3, 2),
	} {
		want := bruteValue(r, nil, r.Start(), map[mancala.Position]float64{})
		for _, c := range solveConfigs {
			t.Run(fmt.Sprintf("%v/%s", r, c.name), func(t *testing.T) {
				sol, err := search.Solve(context.Background(), c.ruleset(r), nil, r.Start(), c.opts)
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(sol.Value-want) > 1e-9 {
					t.Fatalf("value %v, brute force %v", sol.Value, want)
				}
				checkSolutionPV(t, r, r.Start(), sol)
			})
		}
	}
}

// checkSolutionPV plays the principal variation: every move legal, and,
// without simultaneous decisions (where the PV shows only the likeliest
// choices), ending the game with the solution's value.
func checkSolutionPV(t fataler, r mancala.Ruleset, p mancala.Position, sol search.Solution) {
	t.Helper()
	line := []mancala.Position{p}
	simultaneous := p.ToMove == mancala.BothTurn
	for i, m := range sol.PV {
		if !mancala.IsLegal(r, p, m) {
			t.Fatalf("PV %v: move %d (%v) illegal in %v", sol.PV, i, m, p)
		}
		p = mancala.EndCycle(r, line, r.Apply(p, m))
		line = append(line, p)
		simultaneous = simultaneous || p.ToMove == mancala.BothTurn
	}
	if !p.Over() {
		t.Fatalf("PV %v stops before the end of the game, at %v", sol.PV, p)
	}
	if !simultaneous && float64(search.FinalDifference(p)) != sol.Value {
		t.Fatalf("PV %v ends %d, value %v", sol.PV, search.FinalDifference(p), sol.Value)
	}
}

// TestSolveRandomPositions: from positions reached by random play, the
// solver agrees with brute force.
func TestSolveRandomPositions(t *testing.T) {
	slow(t)
	for _, r := range []mancala.Ruleset{toyKalah(4, 2), toyKalah(3, 3), toyMatch(3, 3)} {
		t.Run(fmt.Sprint(r), func(t *testing.T) {
			memo := map[mancala.Position]float64{}
			rapid.Check(t, func(t *rapid.T) {
				line := randomLine(t, r, 20)
				p := line[len(line)-1]
				c := solveConfigs[rapid.IntRange(0, len(solveConfigs)-1).Draw(t, "config")]
				sol, err := search.Solve(context.Background(), c.ruleset(r), nil, p, c.opts)
				if err != nil {
					t.Fatal(err)
				}
				if want := bruteValue(r, nil, p, memo); math.Abs(sol.Value-want) > 1e-9 {
					t.Fatalf("%s: value %v, brute force %v from %v", c.name, sol.Value, want, p)
				}
				checkSolutionPV(t, r, p, sol)
			})
		})
	}
}

// TestSolveMixed: at a simultaneous root, the solution carries both
// players' optimal strategies, which guarantee the value.
func TestSolveMixed(t *testing.T) {
	r := toyMatch(3, 2)
	sol, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 12})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Mixed == nil || sol.Mixed.Value != sol.Value {
		t.Fatalf("mixed strategy %+v for value %v", sol.Mixed, sol.Value)
	}
	// Rebuild the root's matrix from exact child values and check both
	// strategies against it.
	p := r.Start()
	moves := r.Legal(nil, p)
	sc := mancala.Choices(nil, moves, mancala.South)
	nc := mancala.Choices(nil, moves, mancala.North)
	memo := map[mancala.Position]float64{}
	mat := make([][]float64, len(sc))
	row := make([]float64, len(sc))
	col := make([]float64, len(nc))
	for i, s := range sc {
		row[i] = sol.Mixed.South[s]
		mat[i] = make([]float64, len(nc))
		for j, n := range nc {
			mat[i][j] = bruteValue(r, nil, r.Apply(p, mancala.Joint(s, n)), memo)
			col[j] = sol.Mixed.North[n]
		}
	}
	checkEquilibrium(t, mat, row, col, sol.Value, 1e-9)
}

// TestSolveRepetition: with a Cycler (AW-8-like repetition ends) on tiny
// positions, the solver agrees with brute force along the line, for these
// positions (see the package documentation on the limits).
func TestSolveRepetition(t *testing.T) {
	for _, r := range []*toy.Rules{toyAwale(2, 1), toyAwale(2, 2)} {
		want := bruteCycler(r, nil, r.Start(), map[string]float64{})
		sol, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 12})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value != want {
			t.Errorf("%v: value %v, brute force %v", r, sol.Value, want)
		}
		checkSolutionPV(t, r, r.Start(), sol)
	}
}

func TestSolveGuessIrrelevant(t *testing.T) {
	r := toyKalah(3, 3)
	want := bruteValue(r, nil, r.Start(), map[mancala.Position]float64{})
	for _, g := range []int{-18, -3, 0, 2, 3, 18, 300} {
		sol, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 14, Guess: &g, NoPV: true})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value != want || sol.PV != nil {
			t.Errorf("guess %d: value %v PV %v, want %v and no PV", g, sol.Value, sol.PV, want)
		}
	}
}

func TestSolveProgress(t *testing.T) {
	r := toyKalah(3, 3)
	var buf bytes.Buffer
	if _, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 10, Progress: &buf}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "pass 1") || !strings.Contains(buf.String(), "value") {
		t.Errorf("progress output:\n%s", buf.String())
	}
}

func TestSolveErrors(t *testing.T) {
	r := toyKalah(6, 6)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := search.Solve(ctx, r, nil, r.Start(), search.SolveOptions{TableBits: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled solve: %v", err)
	}
	for _, bits := range []int{-1, search.MaxSolveTableBits + 1} {
		if _, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: bits}); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("table bits %d: %v", bits, err)
		}
	}
	over := finish(toyKalah(2, 2).Apply(toyKalah(2, 2).Start(), mancala.Single(mancala.South, 1)))
	sol, err := search.Solve(context.Background(), r, nil, over, search.SolveOptions{})
	if err != nil || sol.Value != float64(search.FinalDifference(over)) || len(sol.PV) != 0 {
		t.Errorf("solve of a finished position: %+v, %v", sol, err)
	}
}

// TestSolveAllocs: the solver allocates its table and per-ply buffers,
// nothing per node.
func TestSolveAllocs(t *testing.T) {
	r := toyKalah(5, 3)
	var nodes int64
	allocs := testing.AllocsPerRun(1, func() {
		sol, err := search.Solve(context.Background(), storeIndependent(r), nil, r.Start(), search.SolveOptions{TableBits: 14})
		if err != nil {
			t.Fatal(err)
		}
		nodes = sol.Nodes
	})
	t.Logf("%v allocations for %d nodes", allocs, nodes)
	if allocs > 1000 || nodes < 20*int64(allocs) {
		t.Errorf("%v allocations for %d nodes", allocs, nodes)
	}
}
