package analysis_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/analysis"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/search"
)

// A review searched to the end values every position as the solver does
// (a win as Win, a loss as -Win, for South), whoever is to move; each
// move's cost, the loser, the ply where the game was decided, its phase
// and the loser's costliest move follow their definitions.
func TestReviewAgreesWithTheSolver(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Kalah, whose games cannot repeat a position, so that the
		// search is exact within a few decisions; with a joint first move
		// or not.
		opts := toy.Options{Houses: 3, Seeds: 2, Simultaneous: rapid.Bool().Draw(t, "simultaneous")}
		r, err := toy.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		for n := rapid.IntRange(0, 60).Draw(t, "moves"); n > 0 && !g.Over(); n-- {
			moves := g.Legal()
			if err := g.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]); err != nil {
				t.Fatal(err)
			}
		}
		ro := analysis.ReviewOptions{
			Search:       search.AlphaBetaOptions{Depth: 40},
			OpeningPlies: rapid.IntRange(1, 6).Draw(t, "opening"),
			EndgameSeeds: rapid.IntRange(1, 8).Draw(t, "endgame"),
			Lost:         rapid.SampledFrom([]float64{0.5, 2, 4}).Draw(t, "lost"),
			Given:        rapid.IntRange(0, 3).Draw(t, "given"),
		}
		rv, err := analysis.Review(context.Background(), g, ro, nil)
		if err != nil {
			t.Fatal(err)
		}
		positions := g.Positions()
		if len(rv.Values) != len(positions) || len(rv.Moves) != g.Ply() || rv.Win != 6 {
			t.Fatalf("%d values, %d moves, win %v for %d positions", len(rv.Values), len(rv.Moves), rv.Win, len(positions))
		}
		for i, p := range positions {
			var south float64
			if p.Over() {
				south = float64(p.Board.Store(mancala.South) - p.Board.Store(mancala.North))
			} else {
				sol, err := search.Solve(context.Background(), r, positions[:i], p, search.SolveOptions{})
				if err != nil {
					t.Fatal(err)
				}
				south = sol.Value
			}
			want := 0.0
			if south != 0 {
				want = math.Copysign(rv.Win, south)
			}
			if rv.Values[i] != want {
				t.Fatalf("position %d (%v): value %v for South, the solver's %v (%v)", i, p, rv.Values[i], south, want)
			}
		}
		for i, m := range rv.Moves {
			p := positions[i]
			who, alone := p.ToMove.Player()
			switch {
			case m.Ply != i || m.Move != g.Moves()[i] || m.Joint == alone || (alone && m.Mover != who):
				t.Fatalf("move %d: %+v in %v", i, m, p)
			case m.Before != rv.For(m.Mover, i) || m.After != rv.For(m.Mover, i+1):
				t.Fatalf("move %d: before %v after %v, values %v %v", i, m.Before, m.After, rv.Values[i], rv.Values[i+1])
			case alone && m.Cost != max(m.Before-m.After, 0), !alone && m.Cost != 0:
				t.Fatalf("move %d: cost %v, before %v after %v", i, m.Cost, m.Before, m.After)
			}
			houses := p.Board.Total() - p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
			want := analysis.Middle
			if i < ro.OpeningPlies {
				want = analysis.Opening
			} else if houses <= ro.EndgameSeeds {
				want = analysis.Endgame
			}
			if m.Seeds != houses || m.Phase != want {
				t.Fatalf("move %d: %d seeds, %v; want %d, %v", i, m.Seeds, m.Phase, houses, want)
			}
		}
		o := g.Outcome()
		if !g.Over() || o.Result == mancala.Draw {
			if rv.Lost || rv.Decided != -1 || rv.Worst != -1 {
				t.Fatalf("no loser (%v), but lost %v decided %d worst %d", o.Result, rv.Lost, rv.Decided, rv.Worst)
			}
			return
		}
		loser := mancala.South
		if o.Result == mancala.SouthWins {
			loser = mancala.North
		}
		if !rv.Lost || rv.Loser != loser {
			t.Fatalf("loser %v (%v), want %v", rv.Loser, rv.Lost, loser)
		}
		d := rv.Decided
		for j := d; j < len(positions); j++ {
			if rv.For(loser, j) > -ro.Lost {
				t.Fatalf("decided at %d, but the loser's value at %d is %v", d, j, rv.For(loser, j))
			}
		}
		if d > 0 && rv.For(loser, d-1) <= -ro.Lost {
			t.Fatalf("decided at %d, but lost at %d already", d, d-1)
		}
		worst := -1
		for i := ro.Given; i < d; i++ {
			if m := rv.Moves[i]; m.Mover == loser && !m.Joint && m.Cost > 0 && (worst < 0 || m.Cost > rv.Moves[worst].Cost) {
				worst = i
			}
		}
		if rv.Worst != worst {
			t.Fatalf("worst move %d, want %d", rv.Worst, worst)
		}
	})
}

func TestReviewRefusals(t *testing.T) {
	r, err := toy.New(toy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := analysis.Review(context.Background(), g, analysis.ReviewOptions{}, nil); !errors.Is(err, analysis.ErrUnboundedReview) {
		t.Errorf("no depth: %v, want ErrUnboundedReview", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := analysis.Review(ctx, g, analysis.ReviewOptions{Search: search.AlphaBetaOptions{Depth: 4}}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
	for ph, want := range map[analysis.Phase]string{analysis.Opening: "opening", analysis.Middle: "middle", analysis.Endgame: "endgame", 7: "Phase(7)"} {
		if ph.String() != want {
			t.Errorf("%d: %q, want %q", ph, ph, want)
		}
	}
}
