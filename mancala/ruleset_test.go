package mancala_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestSprintConforms runs the conformance kit on the example ruleset, so
// that the example stays a correct one to copy.
func TestSprintConforms(t *testing.T) {
	for _, size := range [][2]int{{3, 2}, {6, 4}} {
		r, err := NewSprint(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		t.Run(r.String(), func(t *testing.T) { mancalatest.TestRuleset(t, r) })
	}
}

func TestEndCycle(t *testing.T) {
	r := toy.MustNew(toy.Options{Loop: true, Houses: 3, Seeds: 1})
	p := r.Start()
	q := r.Apply(p, mancala.Single(mancala.South, 0))
	history := []mancala.Position{p, q}
	if got := mancala.EndCycle(r, history, q); got != r.Cycle(q) || !got.Over() {
		t.Errorf("EndCycle of a repeated position = %q, want Cycle's %q", got, r.Cycle(q))
	}
	if got := mancala.EndCycle(r, history[:1], q); got != q {
		t.Errorf("EndCycle of a new position = %q", got)
	}
	if got := mancala.EndCycle(r, nil, q); got != q {
		t.Errorf("EndCycle with no history = %q", got)
	}
	if got := mancala.EndCycle(hideCycler{r}, history, q); got != q {
		t.Errorf("EndCycle without a Cycler = %q", got)
	}
	over := r.Cycle(q)
	if got := mancala.EndCycle(r, []mancala.Position{over}, over); got != over {
		t.Errorf("EndCycle of a finished position = %q", got)
	}
}

func TestIsLegal(t *testing.T) {
	r := sprint()
	p := r.Start()
	for _, m := range r.Legal(nil, p) {
		if !mancala.IsLegal(r, p, m) {
			t.Errorf("IsLegal(%v) false", m)
		}
	}
	for _, m := range []mancala.Move{{}, mancala.Single(mancala.North, 0), mancala.Single(mancala.South, 3), mancala.Joint(0, 0)} {
		if mancala.IsLegal(r, p, m) {
			t.Errorf("IsLegal(%#v) true", m)
		}
	}
}

// TestMovePathAllocs: the example ruleset's move path, and the core's
// helpers on it, allocate nothing.
func TestMovePathAllocs(t *testing.T) {
	r := sprint()
	loop := toy.MustNew(toy.Options{Loop: true, Houses: 3, Seeds: 1})
	p := r.Start()
	buf := make([]mancala.Move, 0, mancala.MaxHouses)
	history := []mancala.Position{loop.Start(), loop.Start()}
	q := loop.Apply(loop.Start(), mancala.Single(mancala.South, 0))
	for name, f := range map[string]func(){
		"Legal and Apply": func() {
			for _, m := range r.Legal(buf[:0], p) {
				_ = r.Apply(p, m)
			}
		},
		"Play": func() {
			if _, err := r.Play(p, mancala.Single(mancala.South, 1)); err != nil {
				t.Fatal(err)
			}
		},
		"Board setters": func() {
			b := p.Board
			_ = b.SetSeeds(mancala.South, 0, 3)
			_ = b.SetStore(mancala.North, 1)
			_ = b.SetRow(mancala.North, b.Row(mancala.South))
			_ = b.SetHand(mancala.South, 0, mancala.Hole{})
			_ = b.Total()
		},
		"EndCycle": func() { _ = mancala.EndCycle(loop, history, q) },
		"Hash":     func() { _ = p.Hash() },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}
