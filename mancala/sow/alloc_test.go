package sow_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestAllocs checks that the move path (Legal into a buffer, Play,
// Apply, Cycle) allocates nothing, for every preset.
func TestAllocs(t *testing.T) {
	for _, r := range presets(t) {
		p := r.Start()
		buf := make([]mancala.Move, 0, mancala.MaxHouses*mancala.MaxHouses) // room for the joint moves of SW-45
		allocs := testing.AllocsPerRun(100, func() {
			ms := r.Legal(buf[:0], p)
			q, err := r.Play(p, ms[0])
			if err != nil {
				t.Fatal(err)
			}
			q = r.Apply(q, r.Legal(buf[:0], q)[0])
			_ = r.Cycle(q)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations a move", r, allocs)
		}
		// Along a random game too, where captures, relays and endings
		// happen: every legal move of every position.
		rng := rand.New(rand.NewPCG(1, 2))
		for ply := 0; ply < 60 && !p.Over(); ply++ {
			ms := r.Legal(buf[:0], p)
			for _, m := range ms {
				if a := testing.AllocsPerRun(5, func() { _ = r.Apply(p, m) }); a != 0 {
					t.Errorf("%s: Apply(%v, %v): %v allocations", r, p, m, a)
				}
			}
			p = r.Apply(p, ms[rng.IntN(len(ms))])
		}
	}
}
