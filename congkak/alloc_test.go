package congkak_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// roundEndPosition returns a position from which some legal move ends the
// round (CK-9), found by random play, and that move.
func roundEndPosition(t *testing.T, r *congkak.Rules) (mancala.Position, mancala.Move) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 3))
	var buf []mancala.Move
	for g := 0; g < 1000; g++ {
		p := r.Start()
		for !p.Over() {
			buf = r.Legal(buf[:0], p)
			for _, m := range buf {
				if q := r.Apply(p, m); q.Round != p.Round || q.Over() {
					return p, m
				}
			}
			p = r.Apply(p, buf[rng.IntN(len(buf))])
		}
	}
	t.Fatal("no round end found")
	return mancala.Position{}, mancala.Move{}
}

// TestAllocs checks that the move path allocates nothing (CK-2..CK-14 in
// Legal, Play and Apply; Perft and Playout on both engines).
func TestAllocs(t *testing.T) {
	seq := mustNew(t, congkak.Options{Opening: congkak.OpeningSequential})
	sim := mustNew(t, congkak.Documents())
	set := mustNew(t, congkak.Options{Houses: 4, Rounds: 20})
	big := mustNew(t, congkak.Overbeck())
	endP, endM := roundEndPosition(t, set)
	gaP := sim.Apply(sim.Start(), mancala.Joint(6, 0)) // North to choose, South's hand in flight
	buf := make([]mancala.Move, 0, mancala.MaxHouses*mancala.MaxHouses)
	rng := rand.New(rand.NewPCG(1, 1))
	cases := []struct {
		name string
		f    func()
	}{
		{"CK-8/Legal at the simultaneous opening", func() { buf = sim.Legal(buf[:0], sim.Start()) }},
		{"CK-2/Legal in sequential play", func() { buf = seq.Legal(buf[:0], seq.Start()) }},
		{"CK-8/Apply a joint move", func() { sim.Apply(sim.Start(), mancala.Joint(6, 0)) }},
		{"CK-8.3/Apply with a hand in flight", func() { sim.Apply(gaP, mancala.Single(mancala.North, 6)) }},
		{"CK-2/Apply in sequential play", func() { seq.Apply(seq.Start(), mancala.Single(mancala.South, 3)) }},
		{"CK-2/Play in sequential play", func() { _, _ = seq.Play(seq.Start(), mancala.Single(mancala.South, 3)) }},
		{"CK-9..CK-12/Apply across a round end", func() { set.Apply(endP, endM) }},
		{"CK-2/Apply on 9 houses", func() { big.Apply(big.Start(), mancala.Joint(8, 8)) }},
		{"Perft", func() { mancala.Perft(seq, nil, seq.Start(), 3) }},
		{"Perft through the opening", func() { mancala.Perft(sim, nil, sim.Start(), 1) }},
		{"Playout of a set", func() { mancala.Playout(set, nil, set.Start(), rng, 0) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(20, c.f); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", c.name, n)
		}
	}
	// The refused move builds its error: that is the only allocation.
	if n := testing.AllocsPerRun(20, func() { _, _ = seq.Play(seq.Start(), mancala.Single(mancala.North, 0)) }); n == 0 {
		t.Errorf("a refused move allocated nothing: is it refused?")
	}
}
