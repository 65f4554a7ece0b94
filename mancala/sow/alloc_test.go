package sow_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestAllocs checks that the move path (Legal into a buffer, Play,
// Apply, Cycle) allocates nothing, for every preset.
func TestAllocs(t *testing.T) {
	for _, r := range presets(t) {
		p := r.Start()
		buf := make([]mancala.Move, 0, 2*mancala.MaxHouses)
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
	}
}
