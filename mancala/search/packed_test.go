package search_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// The packed path is tested on toyKalah with the reference Packer of
// package searchtest, built on the toy's own Legal and Apply: slow, but
// independent of any ruleset's packed code.

// packedCycler is a Packer made a mancala.Cycler: Solve must not take the
// packed path for it.
type packedCycler struct{ *searchtest.RefPacker }

func (k packedCycler) Cycle(p mancala.Position) mancala.Position { return finish(p) }

// TestSolvePackedAgainstBrute checks Solve's packed path against plain
// minimax on small Kalah games from their starts and from positions
// reached by random play, with first guesses far off and near, and with
// one to four workers sharing tables as small as two entries: the value,
// and a principal variation that replays legally to a finished game whose
// store difference is the value.
func TestSolvePackedAgainstBrute(t *testing.T) {
	slow(t)
	rapid.Check(t, func(t *rapid.T) {
		houses := rapid.IntRange(1, 4).Draw(t, "houses")
		k := searchtest.ReferencePacker(toyKalah(houses, rapid.IntRange(1, min(3, 8/houses)).Draw(t, "seeds")))
		p := k.Start()
		var buf []mancala.Move
		for range rapid.IntRange(0, 8).Draw(t, "moves") {
			buf = k.Legal(buf[:0], p)
			q := k.Apply(p, buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")])
			if q.Over() {
				break
			}
			p = q
		}
		want := bruteValue(k.Ruleset, nil, p, map[mancala.Position]float64{})
		guess := rapid.IntRange(-30, 30).Draw(t, "guess")
		var progress bytes.Buffer
		opts := search.SolveOptions{
			TableBits: rapid.IntRange(1, 12).Draw(t, "table bits"),
			Progress:  &progress,
			Workers:   rapid.IntRange(0, 4).Draw(t, "workers"),
		}
		if rapid.Bool().Draw(t, "guess given") {
			opts.Guess = &guess
		}
		sol, err := search.Solve(context.Background(), k, nil, p, opts)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value != want {
			t.Fatalf("%v from %v: value %v, want %v", k, p, sol.Value, want)
		}
		if !strings.Contains(progress.String(), "(packed)") || !sol.Packed || sol.Workers != max(1, opts.Workers) {
			t.Fatalf("the packed path was not taken (Packed %v, %d workers): %q", sol.Packed, sol.Workers, progress.String())
		}
		q := p
		for i, m := range sol.PV {
			if q, err = k.Play(q, m); err != nil {
				t.Fatalf("PV move %d (%v): %v", i, m, err)
			}
		}
		if !q.Over() || float64(search.FinalDifference(q)) != want {
			t.Fatalf("PV %v ends at %v, value %v", sol.PV, q, want)
		}
	})
}

// TestSolvePackedGeneralPath checks that Solve takes its general path, with
// the same value, for a Packer that is a Cycler, a root with no single
// player to move, and a ruleset given an endgame oracle by
// search.WithEndgame, which only the general path asks.
func TestSolvePackedGeneralPath(t *testing.T) {
	k := searchtest.ReferencePacker(toyKalah(3, 2))
	want := bruteValue(k.Ruleset, nil, k.Start(), map[mancala.Position]float64{})
	sim := searchtest.ReferencePacker(toyKalahSim(2, 2))
	for _, c := range []struct {
		name string
		r    mancala.Ruleset
		p    mancala.Position
		opts search.SolveOptions
		want float64
	}{
		{"cycler", packedCycler{k}, k.Start(), search.SolveOptions{}, want},
		{"simultaneous", sim, sim.Start(), search.SolveOptions{},
			bruteValue(sim.Ruleset, nil, sim.Start(), map[mancala.Position]float64{})},
		{"endgame", search.WithEndgame(k, func(mancala.Position) (int, bool) { return 0, false }), k.Start(), search.SolveOptions{}, want},
	} {
		t.Run(c.name, func(t *testing.T) {
			var progress bytes.Buffer
			c.opts.Progress = &progress
			c.opts.TableBits = 10
			sol, err := search.Solve(context.Background(), c.r, nil, c.p, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Value != c.want {
				t.Fatalf("value %v, want %v", sol.Value, c.want)
			}
			if strings.Contains(progress.String(), "(packed)") || sol.Packed || sol.Workers != 1 {
				t.Fatalf("the packed path was taken (Packed %v, %d workers): %q", sol.Packed, sol.Workers, progress.String())
			}
		})
	}
}

// TestSolvePackedCancel checks that the packed path stops with the
// context's error.
func TestSolvePackedCancel(t *testing.T) {
	k := searchtest.ReferencePacker(toyKalah(4, 4))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := 0
	for _, workers := range []int{1, 3} {
		_, err := search.Solve(ctx, k, nil, k.Start(), search.SolveOptions{TableBits: 10, Guess: &g, Workers: workers})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%d workers: err = %v, want context.Canceled", workers, err)
		}
	}
}
