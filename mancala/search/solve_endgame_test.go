package search_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// bruteEndgame is an endgame oracle by brute force: it answers positions
// with one player to move and at most k seeds in houses. memo is
// bruteValue's.
func bruteEndgame(r mancala.Ruleset, k int, memo map[mancala.Position]float64) func(p mancala.Position) (int, bool) {
	return func(p mancala.Position) (int, bool) {
		me, ok := p.ToMove.Player()
		if !ok || p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North) > k {
			return 0, false
		}
		g := bruteValue(r, nil, p, memo) - float64(search.FinalDifference(p))
		if me == mancala.North {
			g = -g
		}
		return int(g), true
	}
}

// toyEndgamer is toyKalah with an endgame oracle of its own (the
// search.Endgamer capability), answering up to k seeds in houses.
type toyEndgamer struct {
	*toy.Acyclic
	k       int
	endgame func(p mancala.Position) (int, bool)
}

func newToyEndgamer(r *toy.Acyclic, k int, memo map[mancala.Position]float64) toyEndgamer {
	return toyEndgamer{Acyclic: r, k: k, endgame: bruteEndgame(r, k, memo)}
}

func (e toyEndgamer) String() string { return fmt.Sprintf("%v endgame %d", e.Acyclic, e.k) }

func (e toyEndgamer) Endgame(p mancala.Position) (int, bool) { return e.endgame(p) }

var _ search.Endgamer = toyEndgamer{}

// TestSolveEndgame: with an endgame oracle, the ruleset's own or added by
// search.WithEndgame, of any size (none, some positions, the whole game), the solver
// agrees with brute force, consults the oracle, and its principal
// variation still plays the game to its end.
func TestSolveEndgame(t *testing.T) {
	slow(t)
	for _, r := range []*toy.Acyclic{toyKalah(3, 3), toyKalah(4, 2), toyKalahSim(3, 2)} {
		memo := map[mancala.Position]float64{}
		want := bruteValue(r, nil, r.Start(), memo)
		for _, k := range []int{0, 3, 6, 100} {
			eg := newToyEndgamer(r, k, memo)
			for _, c := range solveConfigs {
				t.Run(fmt.Sprintf("%v/endgame %d/%s", r, k, c.name), func(t *testing.T) {
					rs := c.ruleset(eg)
					if k == 6 { // the oracle added to a ruleset without one
						rs = search.WithEndgame(c.ruleset(r), eg.endgame)
					}
					sol, err := search.Solve(context.Background(), rs, nil, rs.Start(), c.opts)
					if err != nil {
						t.Fatal(err)
					}
					if math.Abs(sol.Value-want) > 1e-9 {
						t.Fatalf("value %v, brute force %v", sol.Value, want)
					}
					if (k >= 3) != (sol.EndgameHits > 0) {
						t.Errorf("%d endgame hits", sol.EndgameHits)
					}
					if k == 100 && r.Start().ToMove != mancala.BothTurn && (sol.Nodes != 0 || sol.Passes != 0) {
						t.Errorf("oracle knows the start, yet %d nodes in %d passes", sol.Nodes, sol.Passes)
					}
					checkSolutionPV(t, rs, rs.Start(), sol)
				})
			}
		}
	}
}

// TestWithEndgame: search.WithEndgame adds an oracle that Solve asks, and
// keeps the rules: a Cycler stays one (its repetitions still end games),
// a Packer is searched on the general path (which asks the oracle), and
// the ruleset's other capabilities still serve.
func TestWithEndgame(t *testing.T) {
	aw := toyAwale(2, 2)
	wa := search.WithEndgame(aw, func(mancala.Position) (int, bool) { return 0, false })
	if _, ok := wa.(mancala.Cycler); !ok {
		t.Fatalf("WithEndgame of a Cycler is not a Cycler")
	}
	if sol, err := search.Solve(context.Background(), wa, nil, aw.Start(), search.SolveOptions{TableBits: 12}); err != nil || sol.Value != bruteCycler(aw, nil, aw.Start(), map[string]float64{}) {
		t.Errorf("Cycler with an oracle: %+v, %v", sol, err)
	}
	k := searchtest.ReferencePacker(toyKalah(3, 3))
	memo := map[mancala.Position]float64{}
	wk := search.WithEndgame(k, bruteEndgame(k.Ruleset, 4, memo))
	if _, ok := wk.(mancala.Cycler); ok {
		t.Errorf("WithEndgame made a Cycler of %v", k)
	}
	if _, ok := wk.(search.Packer); ok {
		t.Errorf("WithEndgame kept the Packer of %v", k)
	}
	sol, err := search.Solve(context.Background(), wk, nil, k.Start(), search.SolveOptions{TableBits: 12})
	if err != nil || sol.Packed || sol.EndgameHits == 0 || sol.Value != bruteValue(k.Ruleset, nil, k.Start(), memo) {
		t.Errorf("Packer with an oracle: %+v, %v", sol, err)
	}
	if got, want := fmt.Sprint(wk), fmt.Sprint(k)+" with an endgame oracle"; got != want {
		t.Errorf("String %q, want %q", got, want)
	}
	// An oracle of estimates is not asked by Solve: a lying one changes
	// nothing, and is never hit.
	lie := func(mancala.Position) (int, bool) { return 7, true }
	we := search.WithEndgameEstimate(k, lie)
	sol, err = search.Solve(context.Background(), we, nil, k.Start(), search.SolveOptions{TableBits: 12})
	if err != nil || sol.EndgameHits != 0 || sol.Value != bruteValue(k.Ruleset, nil, k.Start(), memo) {
		t.Errorf("Solve with an estimate oracle: %+v, %v; want no hits and the true value", sol, err)
	}
	if got, want := fmt.Sprint(we), fmt.Sprint(k)+" with an endgame estimate"; got != want {
		t.Errorf("String %q, want %q", got, want)
	}
	if l1, t1 := mancala.Perft(wk, nil, k.Start(), 4); l1 == 0 {
		t.Errorf("Perft through the wrapper: %d leaves, %d terminal", l1, t1)
	} else if l2, t2 := mancala.PerftSlow(k, nil, k.Start(), 4); l1 != l2 || t1 != t2 {
		t.Errorf("Perft through the wrapper %d/%d, of the ruleset %d/%d", l1, t1, l2, t2)
	}
}

// explained is the toy Awalé as a mancala.Explainer.
type explained struct{ *toy.Rules }

func (e explained) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	return mancala.Ending{Reason: mancala.EndOther, Rule: "toy"}
}

// TestWithEndgameKeepsRules: the wrapper of a Cycler and Explainer is
// both, and keeps the Ruleset contract (the conformance kit).
func TestWithEndgameKeepsRules(t *testing.T) {
	r := search.WithEndgame(explained{toyAwale(3, 2)}, func(mancala.Position) (int, bool) { return 0, false })
	if _, ok := r.(mancala.Explainer); !ok {
		t.Fatal("WithEndgame of an Explainer is not an Explainer")
	}
	if _, ok := r.(mancala.Cycler); !ok {
		t.Fatal("WithEndgame of a Cycler is not a Cycler")
	}
	mancalatest.TestRuleset(t, r, mancalatest.WithChecks(20))
}
