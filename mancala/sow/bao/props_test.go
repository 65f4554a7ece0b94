package bao_test

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow/bao"
)

// TestConservation: in every game, after every move and after every step
// of a traced move, the board holds 64 seeds (houses and stores), and
// every house is one of the 16 a side.
func TestConservation(t *testing.T) {
	r := bao.New()
	rapid.Check(t, func(rt *rapid.T) {
		p := r.Start()
		for ply := 0; !p.Over() && ply < 600; ply++ {
			ms := r.Legal(nil, p)
			m := ms[rapid.IntRange(0, len(ms)-1).Draw(rt, "move")]
			b := p.Board
			q, err := r.Trace(p, m, func(e mancala.Event) {
				if err := mancala.ApplyEvent(&b, e); err != nil {
					rt.Fatalf("%v at %v: event %v: %v", m, p, e, err)
				}
				if b.Total() != 64 {
					rt.Fatalf("%v at %v: %d seeds after %v", m, p, b.Total(), e)
				}
			})
			if err != nil {
				rt.Fatal(err)
			}
			if q.Board.Total() != 64 || q.Board.Houses() != 16 {
				rt.Fatalf("%v at %v gives %v: %d seeds", m, p, q, q.Board.Total())
			}
			p = q
		}
	})
}

// TestZeroAllocs: Legal and Apply allocate nothing.
func TestZeroAllocs(t *testing.T) {
	r := bao.New()
	var ps []mancala.Position
	for s := uint64(0); len(ps) < 200; s++ {
		rng := newRand(s)
		p := r.Start()
		for !p.Over() {
			ps = append(ps, p)
			ms := r.Legal(nil, p)
			p = r.Apply(p, ms[rng.IntN(len(ms))])
		}
	}
	buf := make([]mancala.Move, 0, 64)
	i := 0
	allocs := testing.AllocsPerRun(2000, func() {
		p := ps[i%len(ps)]
		i++
		buf = r.Legal(buf[:0], p)
		for _, m := range buf {
			_ = r.Apply(p, m)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a Legal and Applys", allocs)
	}
}

// TestRuleIDsNamed: every rule of the package doc is named by an event, a
// refusal or an ending somewhere in random games, but for BAO-1 (the
// start), BAO-2 (the circuit) and BAO-21 (the nyumba's loss), which are
// seen in positions, not steps, and BAO-18 (a scenario tests it).
func TestRuleIDsNamed(t *testing.T) {
	r := bao.New()
	seen := map[string]int{}
	for s := uint64(0); s < 400; s++ {
		rng := newRand(s)
		p := r.Start()
		for !p.Over() {
			ms := r.Legal(nil, p)
			me, _ := p.ToMove.Player()
			for h := 0; h < 16; h++ {
				for _, m := range []mancala.Move{mancala.Single(me, h), mancala.Reversed(mancala.Single(me, h))} {
					var e *mancala.MoveError
					if _, err := r.Play(p, m); errors.As(err, &e) {
						seen[e.Rule]++
					}
				}
			}
			m := ms[rng.IntN(len(ms))]
			q, _ := r.Trace(p, m, func(e mancala.Event) { seen[e.Rule]++ })
			p = q
		}
		seen[r.Ending(p).Rule]++
	}
	var missing []string
	for i := 3; i <= 22; i++ {
		if i == 21 {
			continue // BAO-21, the nyumba's loss, is seen in the State
		}
		if id := fmt.Sprintf("BAO-%d", i); seen[id] == 0 {
			missing = append(missing, id)
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("rule ids named: %v", keys)
	// BAO-18 refuses moves too rare for random games: a scenario of
	// TestRuleScenarios tests it.
	missing = slices.DeleteFunc(missing, func(id string) bool { return id == "BAO-18" })
	if len(missing) > 0 {
		t.Errorf("never named: %v (seen %v)", missing, seen)
	}
}
