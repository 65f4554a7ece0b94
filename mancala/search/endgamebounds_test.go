package search_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

// boundsBoard is a small Abapa board (AW-6 no capture, AW-8 own row, AW-10
// stop at a majority) with its bound tables for every count.
type boundsBoard struct {
	r *awale.Rules
	b *endgame.BoundsDB
}

func newBoundsBoard(t testing.TB, houses, seeds int) boundsBoard {
	o := awale.Abapa()
	o.Houses, o.Seeds = houses, seeds
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.CycleBounds()
	if err != nil {
		t.Fatal(err)
	}
	b, err := endgame.BuildBounds(context.Background(), g, "", 2*houses*seeds, endgame.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return boundsBoard{r, b}
}

// TestAlphaBetaBoundsProvenAbapa plays small Abapa games (AW-8 ends a game
// on a repetition, AW-10 on a majority) between an AlphaBeta that searches
// with the bound tables (search.WithEndgameBounds over BoundsDB.Prove, the
// engine's oracle under Abapa) and keeps its table from move to move, and
// a random player. At every position, what the searcher claims as proven
// (an exact result, or a value on the proven scale, a bound) must hold for
// the exact value of the position with its history, from a search without
// table nor oracle, where that search ends; and once it reports a proven
// win for its side and plays its move, it must not report a proven loss
// or an exact value below the win at its next turn (proven means proven).
func TestAlphaBetaBoundsProvenAbapa(t *testing.T) {
	slow(t)
	if raceEnabled {
		t.Skip("two searches a position, too slow under the race detector: .ci/run runs it without")
	}
	boards := []boundsBoard{newBoundsBoard(t, 2, 2), newBoundsBoard(t, 3, 1), newBoundsBoard(t, 3, 2)}
	plies := 40
	used, checked, provenRoots := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		bb := boards[rapid.IntRange(0, len(boards)-1).Draw(t, "board")]
		rules := search.WithEndgameBounds(bb.r, func(p mancala.Position) (int, int, bool) {
			lo, hi, ok := bb.b.Prove(p, true)
			if ok {
				used++
			}
			return lo, hi, ok
		}, nil)
		g, err := mancala.NewGame(bb.r)
		if err != nil {
			t.Fatal(err)
		}
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{
			Depth:     rapid.IntRange(1, 10).Draw(t, "depth"),
			TableSize: 1 << rapid.IntRange(6, 12).Draw(t, "tableBits"),
			Quiesce:   rapid.Bool().Draw(t, "quiesce"),
		})
		me := rapid.SampledFrom([]mancala.Player{mancala.South, mancala.North}).Draw(t, "engine")
		claim := math.Inf(-1)
		for ply := 0; ply < plies && !g.Over(); ply++ {
			p := g.Position()
			hist := g.Positions()
			res, err := ab.Search(context.Background(), rules, hist[:len(hist)-1], p)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := search.NewAlphaBeta(search.AlphaBetaOptions{TableSize: -1, Nodes: 20_000}).
				Search(context.Background(), bb.r, hist[:len(hist)-1], p)
			if math.Abs(res.Value) >= search.TerminalScale && !res.Exact {
				provenRoots++
			}
			if err == nil && ref.Exact {
				checked++
				checkProven(t, fmt.Sprintf("ply %d, %v", ply, p), res, ref.Value)
			}
			mover, _ := p.ToMove.Player()
			var m mancala.Move
			if mover == me {
				if claim > 0 && (res.Value <= -search.TerminalScale || (res.Exact && res.Value < claim)) {
					t.Fatalf("ply %d, %v: value %v (exact %v) after a proven win %v", ply, p, res.Value, res.Exact, claim)
				}
				m = res.Move
				claim = math.Inf(-1)
				if res.Value >= search.TerminalScale {
					claim = res.Value
				}
			} else {
				legal := g.Legal()
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(t, "reply")]
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if q := g.Position(); q.Over() && claim > 0 {
			d := float64((q.Board.Store(me) - q.Board.Store(me.Other())) * search.TerminalScale)
			if d < claim {
				t.Fatalf("the game ends %v for %v after a proven win %v", d, me, claim)
			}
		}
	})
	t.Logf("%d answers of the tables, %d positions checked, %d proven bounds at the root", used, checked, provenRoots)
	if used == 0 {
		t.Fatal("the bound tables never proved anything")
	}
}

// TestAlphaBetaBoundsUsed checks that the searcher takes a bounds oracle's
// answers as the proofs they are, where no earlier position can come back:
// from an Abapa position whose only move captures (so that the position
// after it is fresh), an oracle that proves every position a win of at
// least 3 seeds for its mover makes the root a proven loss of 3 (a value
// on the proven scale, not exact), one that proves every position worth
// exactly 2 makes it exactly -2, and one that decides nothing is not used.
func TestAlphaBetaBoundsUsed(t *testing.T) {
	r := abapaRules(t)
	b, err := mancala.NewBoard(6, 0)
	if err != nil {
		t.Fatal(err)
	}
	// South: F = 1 (it sows into a, making 2: a capture); North: a = 1,
	// b = c = 4; 19 seeds in each store.
	var rows [2][mancala.MaxHouses]uint8
	rows[0][5] = 1
	rows[1][0], rows[1][1], rows[1][2] = 1, 4, 4
	if err := b.SetCounts(rows, [2]uint8{19, 19}); err != nil {
		t.Fatal(err)
	}
	root, err := r.Setup(mancala.Position{Board: b, ToMove: mancala.SouthTurn})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Legal(nil, root)); n != 1 {
		t.Fatalf("%d legal moves, want 1", n)
	}
	search1 := func(rules mancala.Ruleset) search.Result {
		t.Helper()
		res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 4}).Search(context.Background(), rules, nil, root)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	win := search.WithEndgameBounds(r, func(p mancala.Position) (int, int, bool) { return 3, 48, true }, nil)
	if res := search1(win); res.Value != -3*search.TerminalScale || res.Exact {
		t.Fatalf("the child a proven win of 3 for its mover: value %v exact %v, want %v, not exact", res.Value, res.Exact, -3*search.TerminalScale)
	}
	exact := search.WithEndgameBounds(r, func(p mancala.Position) (int, int, bool) { return 2, 2, true }, nil)
	if res := search1(exact); res.Value != -2*search.TerminalScale || !res.Exact {
		t.Fatalf("the child worth exactly 2 for its mover: value %v exact %v, want %v, exact", res.Value, res.Exact, -2*search.TerminalScale)
	}
	undecided := search.WithEndgameBounds(r, func(p mancala.Position) (int, int, bool) { return -1, 1, true }, nil)
	if res, plain := search1(undecided), search1(r); res.Value != plain.Value || res.Exact != plain.Exact {
		t.Fatalf("bounds that decide nothing: value %v exact %v, without them %v %v", res.Value, res.Exact, plain.Value, plain.Exact)
	}
	// A liar that proves a win for the mover wherever no seed has been
	// captured yet, from the start of the game: below the start, every
	// position before the first capture has a position of its stores
	// just before it (which can come back), so the liar must never be
	// asked about one, and the search is the plain one.
	start := r.Start()
	liar := search.WithEndgameBounds(r, func(p mancala.Position) (int, int, bool) {
		if p.Board.Store(mancala.South) == 0 && p.Board.Store(mancala.North) == 0 {
			return 5, 48, true
		}
		return 0, 0, false
	}, nil)
	got, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 7}).Search(context.Background(), liar, nil, start)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 7}).Search(context.Background(), r, nil, start)
	if got.Value != want.Value || got.Move != want.Move {
		t.Fatalf("asked where a position can come back (AW-8): %v %v, without the oracle %v %v", got.Move, got.Value, want.Move, want.Value)
	}
	if _, ok := win.(mancala.Cycler); !ok {
		t.Fatal("WithEndgameBounds of a Cycler is no Cycler")
	}
	if e, ok := win.(search.Endgamer); ok {
		if _, ok := e.Endgame(root); ok {
			t.Fatal("WithEndgameBounds answers as an exact oracle")
		}
	}
	if s := fmt.Sprint(win); s != fmt.Sprint(r)+" with endgame bounds" {
		t.Fatalf("String %q", s)
	}
}

// TestWithEndgameBoundsStepper checks that a ruleset with bounds and no
// estimate of their own searches on the ruleset's Stepper path, with the
// same result at a fixed depth as without the bounds where they prove
// nothing, and that one with an estimate does not (its Stepper would
// evaluate by its own estimate).
func TestWithEndgameBoundsStepper(t *testing.T) {
	r := abapaRules(t)
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	none := func(mancala.Position) (int, int, bool) { return 0, 0, false }
	for _, tt := range []struct {
		rules   mancala.Ruleset
		stepped bool
	}{
		{r, true},
		{search.WithEndgameBounds(r, none, nil), true},
		{search.WithEndgameBounds(r, none, r.Estimate), false},
	} {
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 6})
		res, err := ab.Search(context.Background(), tt.rules, nil, g.Position())
		if err != nil {
			t.Fatal(err)
		}
		if search.Stepped(ab) != tt.stepped {
			t.Errorf("%v: stepped %v, want %v", tt.rules, search.Stepped(ab), tt.stepped)
		}
		if _, ok := tt.rules.(mancala.Cycler); !ok {
			t.Errorf("%v is no Cycler", tt.rules)
		}
		ref, _ := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 6}).Search(context.Background(), r, nil, g.Position())
		if res.Value != ref.Value || res.Move != ref.Move {
			t.Errorf("%v: %v %v, without bounds %v %v", tt.rules, res.Move, res.Value, ref.Move, ref.Value)
		}
	}
}
