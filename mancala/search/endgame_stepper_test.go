package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// fakeOracle answers about the positions with at most k seeds in their
// houses, with a gain that depends on the position alone and stays within
// its seeds: not a true value, but the same on every path, which is all
// that comparing the paths needs.
func fakeOracle(k int) func(p mancala.Position) (int, bool) {
	return func(p mancala.Position) (int, bool) {
		s := p.Board.RowSeeds(mancala.South) + p.Board.RowSeeds(mancala.North)
		if s > k || p.ToMove == mancala.NoTurn {
			return 0, false
		}
		return int(p.Hash()%uint64(2*s+1)) - s, true
	}
}

// TestWithEndgameStepperSameTree: a ruleset given an endgame oracle (exact
// or estimates, with OracleSeeds or without) searches on its Stepper's
// path, visits the same nodes and returns the same result there as on the
// general path, and OracleSeeds(k) for an oracle that answers up to k
// seeds changes nothing; the wrapper keeps the ruleset's Cycler and
// Explainer.
func TestWithEndgameStepperSameTree(t *testing.T) {
	ctx := context.Background()
	games, depth := 6, 6
	if testing.Short() {
		games, depth = 2, 5
	}
	const k = 10
	answered := 0
	for ri, r := range sameTreeRules(t) {
		fake := fakeOracle(k)
		oracle := func(p mancala.Position) (int, bool) {
			v, ok := fake(p)
			if ok {
				answered++
			}
			return v, ok
		}
		wrapped := []mancala.Ruleset{
			search.WithEndgame(r, oracle),
			search.WithEndgame(r, oracle, search.OracleSeeds(k)),
			search.WithEndgameEstimate(r, oracle, search.OracleSeeds(k)),
			search.WithEndgameEstimate(r, oracle),
		}
		for _, w := range wrapped {
			if _, ok := w.(mancala.Cycler); !ok {
				t.Fatalf("%v is no Cycler", w)
			}
			if _, ok := w.(mancala.Explainer); !ok {
				t.Fatalf("%v is no Explainer", w)
			}
			if _, ok := w.(search.Stepper); !ok {
				t.Fatalf("%v is no Stepper", w)
			}
		}
		for gi, g := range sameTreeGames(t, r, games, 90, uint64(ri)) {
			hist := g.Positions()[:g.Ply()]
			var results [4]search.Result
			for wi, w := range wrapped {
				o := search.AlphaBetaOptions{Depth: depth, Quiesce: gi%2 == 0, TableSize: 1 << 10}
				fast, slow := search.NewAlphaBeta(o), search.NewAlphaBeta(o)
				search.SetGeneral(slow, true)
				a, err := fast.Search(ctx, w, hist, g.Position())
				if err != nil {
					t.Fatal(err)
				}
				b, err := slow.Search(ctx, w, hist, g.Position())
				if err != nil {
					t.Fatal(err)
				}
				if !search.Stepped(fast) {
					t.Fatalf("%v: the Stepper's path was not taken", w)
				}
				sameResult(t, fmt.Sprint(w)+" "+awale.FormatAalina(g.Position()), a, b)
				results[wi] = a
			}
			// The same oracle with and without OracleSeeds: the same search.
			sameResult(t, "exact, OracleSeeds", results[1], results[0])
			sameResult(t, "estimates, OracleSeeds", results[2], results[3])
		}
	}
	if answered == 0 {
		t.Fatal("the oracle answered nothing: the test compares nothing it answers")
	}
	t.Logf("the oracle answered %d times", answered)
}

// TestOracleSeedsSkipsLargerCounts: with OracleSeeds(k), the search never
// asks the oracle about a position with more than k seeds in its houses,
// on either path.
func TestOracleSeedsSkipsLargerCounts(t *testing.T) {
	r := sameTreeRules(t)[5] // 4 houses, 3 seeds: 24 seeds
	g := sameTreeGames(t, r, 1, 0, 3)[0]
	for _, general := range []bool{false, true} {
		const k = 18
		asked, above := 0, 0
		oracle := func(p mancala.Position) (int, bool) {
			asked++
			if p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North) > k {
				above++
			}
			return fakeOracle(k)(p)
		}
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 8, TableSize: 1 << 10})
		search.SetGeneral(ab, general)
		if _, err := ab.Search(context.Background(), search.WithEndgame(r, oracle, search.OracleSeeds(k)), g.Positions()[:g.Ply()], g.Position()); err != nil {
			t.Fatal(err)
		}
		if above != 0 || asked == 0 {
			t.Errorf("general path %v: the oracle was asked %d times, %d of them above %d seeds", general, asked, above, k)
		}
	}
}
