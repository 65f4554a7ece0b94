package awale_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestAllocs proves the allocation budget of the move path: Legal into a
// buffer with room, Play of a legal move, Apply, Setup of a valid position
// and Cycle allocate nothing, on the packed engine (6 houses) and on the
// array engine (10 houses); a random game through Playout allocates
// nothing either (its segment of positions lives on the stack unless a
// game goes more than 256 moves without a capture).
func TestAllocs(t *testing.T) {
	for _, o := range []awale.Options{awale.Documents(), awale.Abapa(), awale.Awari(), {Houses: 10, Seeds: 3}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		// A position in the middle of a game.
		rng := rand.New(rand.NewPCG(1, 2))
		p := r.Start()
		for i := 0; i < 20 && !p.Over(); i++ {
			moves := r.Legal(nil, p)
			p = r.Apply(p, moves[rng.IntN(len(moves))])
		}
		if p.Over() {
			t.Fatalf("%v: game over in 20 moves", r)
		}
		buf := make([]mancala.Move, 0, mancala.MaxHouses)
		m := r.Legal(nil, p)[0]
		var sink mancala.Position
		checks := []struct {
			name string
			f    func()
		}{
			{"AW-3..AW-6/Legal", func() { buf = r.Legal(buf[:0], p) }},
			{"AW-3..AW-7/Apply", func() { sink = r.Apply(p, m) }},
			{"AW-3..AW-7/Play", func() { sink, _ = r.Play(p, m) }},
			{"AW-7/Setup", func() { sink, _ = r.Setup(p) }},
			{"AW-8/Cycle", func() { sink = r.Cycle(p) }},
			{"AW-8/Playout", func() { sink, _ = r.Playout(nil, r.Start(), rng, 0) }},
		}
		for _, c := range checks {
			if got := testing.AllocsPerRun(50, c.f); got != 0 {
				t.Errorf("%v: %s: %v allocations per call, want 0", r, c.name, got)
			}
		}
		_ = sink
	}
}
