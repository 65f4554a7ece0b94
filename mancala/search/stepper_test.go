package search_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// sameTreeRules are the rulesets of the same-tree tests: the presets,
// and small boards on which repetitions (AW-8) and majorities (AW-10)
// come within a few moves.
func sameTreeRules(t testing.TB) []*awale.Rules {
	var out []*awale.Rules
	opts := []awale.Options{awale.Abapa(), awale.Documents(), awale.Awari(),
		{Houses: 3, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, Cycle: awale.CycleSplit, StopAtMajority: true},
		{Houses: 2, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, Cycle: awale.CycleOwnRow, StopAtMajority: true},
		{Houses: 4, Seeds: 3, GrandSlam: awale.GrandSlamForbidden, Cycle: awale.CycleSplit},
		{Houses: 8, Seeds: 2, StopAtMajority: true},
	}
	for _, o := range opts {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// sameTreeGames returns n games of r played at random for up to maxPlies
// moves, not over, so that their histories can repeat.
func sameTreeGames(t testing.TB, r mancala.Ruleset, n, maxPlies int, seed uint64) []*mancala.Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []*mancala.Game
	for len(out) < n {
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		plies := rng.IntN(maxPlies + 1)
		for i := 0; i < plies && !g.Over(); i++ {
			moves := g.Legal()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Over() {
			out = append(out, g)
		}
	}
	return out
}

// sameResult fails unless the results of the Stepper's path and of the
// general path are the same.
func sameResult(t *testing.T, what string, fast, general search.Result) {
	t.Helper()
	if fast.Move != general.Move || fast.Value != general.Value || fast.Nodes != general.Nodes ||
		fast.Depth != general.Depth || fast.Exact != general.Exact || !slices.Equal(fast.PV, general.PV) {
		t.Fatalf("%s:\nStepper's path %+v\ngeneral path   %+v", what, fast, general)
	}
}

// TestStepperSameTree searches positions of random games (with their
// histories, which repetitions end) of Awalé rulesets, the documents'
// rules among them, on the Stepper's path and on the general path, with
// and without quiescence, a table, the ruleset's Estimate, and checks
// that both visit the same number of nodes and return the same move,
// value and line.
func TestStepperSameTree(t *testing.T) {
	ctx := context.Background()
	games, depth := 12, 6
	if testing.Short() {
		games, depth = 4, 5
	}
	evals := []search.Evaluator{nil, search.DefaultEvaluator}
	for ri, r := range sameTreeRules(t) {
		for gi, g := range sameTreeGames(t, r, games, 80, uint64(ri)) {
			hist := g.Positions()[:g.Ply()]
			for _, quiesce := range []bool{false, true} {
				for _, ts := range []int{0, 1 << 8, -1} {
					for ei, eval := range evals {
						o := search.AlphaBetaOptions{Depth: depth, Quiesce: quiesce, TableSize: ts, Eval: eval}
						fast, slow := search.NewAlphaBeta(o), search.NewAlphaBeta(o)
						search.SetGeneral(slow, true)
						a, err := fast.Search(ctx, r, hist, g.Position())
						if err != nil {
							t.Fatal(err)
						}
						b, err := slow.Search(ctx, r, hist, g.Position())
						if err != nil {
							t.Fatal(err)
						}
						if !search.Stepped(fast) || search.Stepped(slow) {
							t.Fatalf("game %d, evaluator %d: Stepper's path taken %v and %v", gi, ei, search.Stepped(fast), search.Stepped(slow))
						}
						sameResult(t, r.String()+" "+awale.FormatAalina(g.Position()), a, b)
					}
				}
			}
		}
	}
}

// TestStepperSameTreeAcrossMoves plays games of small Abapa-like boards,
// where repetitions end games often, between two AlphaBetas that keep
// their tables from move to move (as an engine does), one on each path,
// and a random player, and checks that both return the same result at
// every move: the table keys of positions that may repeat are the same on
// both paths.
func TestStepperSameTreeAcrossMoves(t *testing.T) {
	ctx := context.Background()
	games := 30
	if testing.Short() {
		games = 8
	}
	rules := sameTreeRules(t)[3:]
	moves := 0
	for gi := 0; gi < games; gi++ {
		r := rules[gi%len(rules)]
		rng := rand.New(rand.NewPCG(uint64(gi), 3))
		o := search.AlphaBetaOptions{Depth: 4 + gi%6, TableSize: 1 << (6 + gi%5), Quiesce: gi%2 == 0}
		fast, slow := search.NewAlphaBeta(o), search.NewAlphaBeta(o)
		search.SetGeneral(slow, true)
		g, _ := mancala.NewGame(r)
		for ply := 0; ply < 60 && !g.Over(); ply++ {
			hist := g.Positions()[:g.Ply()]
			a, err := fast.Search(ctx, r, hist, g.Position())
			if err != nil {
				t.Fatal(err)
			}
			b, err := slow.Search(ctx, r, hist, g.Position())
			if err != nil {
				t.Fatal(err)
			}
			if !search.Stepped(fast) {
				t.Fatal("the Stepper's path was not taken")
			}
			sameResult(t, r.String()+" "+awale.FormatAalina(g.Position()), a, b)
			moves++
			m := a.Move
			if ply%2 == 1 {
				moves := g.Legal()
				m = moves[rng.IntN(len(moves))]
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d moves compared", moves)
}

// TestStepperCompactHash checks that the search hashes the compact form of
// every position of random Awalé games as mancala.Position.Hash hashes the
// position.
func TestStepperCompactHash(t *testing.T) {
	for _, r := range sameTreeRules(t) {
		for _, g := range sameTreeGames(t, r, 50, 80, 5) {
			for _, p := range g.Positions() {
				if p.Over() {
					continue
				}
				x, ok := r.Compact(p)
				if !ok {
					t.Fatalf("%v: %s has no compact form", r, awale.FormatAalina(p))
				}
				if h := search.CompactHash(x, uint8(p.Board.Houses())); h != p.Hash() {
					t.Fatalf("%v: %s: compact hash %#x, position hash %#x", r, awale.FormatAalina(p), h, p.Hash())
				}
			}
		}
	}
}

// TestStepperParallel: a parallel search takes the Stepper's path too,
// and without a table (which makes its value the serial one) its value is
// the general path's.
func TestStepperParallel(t *testing.T) {
	ctx := context.Background()
	r := sameTreeRules(t)[0]
	for _, g := range sameTreeGames(t, r, 6, 60, 11) {
		hist := g.Positions()[:g.Ply()]
		o := search.AlphaBetaOptions{Depth: 5, TableSize: -1, Quiesce: true, Threads: 2}
		fast, slow := search.NewAlphaBeta(o), search.NewAlphaBeta(o)
		search.SetGeneral(slow, true)
		a, err := fast.Search(ctx, r, hist, g.Position())
		if err != nil {
			t.Fatal(err)
		}
		b, err := slow.Search(ctx, r, hist, g.Position())
		if err != nil {
			t.Fatal(err)
		}
		if !search.Stepped(fast) || search.Stepped(slow) {
			t.Fatalf("Stepper's path taken %v and %v", search.Stepped(fast), search.Stepped(slow))
		}
		if a.Value != b.Value || a.Depth != b.Depth || a.Exact != b.Exact {
			t.Fatalf("%s: Stepper's path %+v, general path %+v", awale.FormatAalina(g.Position()), a, b)
		}
	}
}
