package mancala_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// naivePerft lists every move sequence of exactly depth moves that does
// not pass through a finished game before its last move, and counts them
// and those that end the game: the oracle for PerftSlow, written without
// its buffers and path bookkeeping.
func naivePerft(r mancala.Ruleset, history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	type line struct {
		path []mancala.Position // history, then the positions of the line
	}
	lines := []line{{append(slices.Clone(history), p)}}
	for d := 0; d < depth; d++ {
		var next []line
		for _, l := range lines {
			cur := l.path[len(l.path)-1]
			if cur.Over() {
				continue // finished early: neither expanded nor counted
			}
			for _, m := range r.Legal(nil, cur) {
				q := mancala.EndCycle(r, l.path, r.Apply(cur, m))
				next = append(next, line{append(slices.Clone(l.path), q)})
			}
		}
		lines = next
	}
	for _, l := range lines {
		leaves++
		if l.path[len(l.path)-1].Over() {
			terminal++
		}
	}
	return leaves, terminal
}

func toys() []*toy.Rules {
	return []*toy.Rules{
		toy.MustNew(toy.Options{}),
		toy.MustNew(toy.Options{Simultaneous: true, Houses: 2, Seeds: 2}),
		toy.MustNew(toy.Options{Loop: true, Houses: 3, Seeds: 1}),
		toy.MustNew(toy.Options{Loop: true, Houses: 2, Seeds: 2}),
	}
}

func TestPerftSlow(t *testing.T) {
	for _, r := range toys() {
		t.Run(r.String(), func(t *testing.T) {
			p := r.Start()
			for depth := 0; depth <= 6; depth++ {
				wl, wt := naivePerft(r, nil, p, depth)
				gl, gt := mancala.PerftSlow(r, nil, p, depth)
				if gl != wl || gt != wt {
					t.Errorf("depth %d: PerftSlow = %d, %d; naive %d, %d", depth, gl, gt, wl, wt)
				}
				// The toy's own Perft is found and used by Perft.
				if fl, ft := mancala.Perft(r, nil, p, depth); fl != wl || ft != wt {
					t.Errorf("depth %d: Perft = %d, %d; naive %d, %d", depth, fl, ft, wl, wt)
				}
			}
			if l, _ := mancala.PerftSlow(r, nil, p, 1); l != int64(len(r.Legal(nil, p))) {
				t.Errorf("depth 1 counts %d, Legal has %d", l, len(r.Legal(nil, p)))
			}
		})
	}
}

func TestPerftEdges(t *testing.T) {
	r := sprint()
	over := mustParse(t, "0,0,0/0,0,0 5,7 -")
	for _, tc := range []struct {
		p                mancala.Position
		depth            int
		leaves, terminal int64
	}{
		{r.Start(), 0, 1, 0},
		{r.Start(), -1, 1, 0},
		{over, 0, 1, 1},
		{over, 1, 0, 0},
		{over, 3, 0, 0},
	} {
		if l, term := mancala.PerftSlow(r, nil, tc.p, tc.depth); l != tc.leaves || term != tc.terminal {
			t.Errorf("PerftSlow(%q, %d) = %d, %d; want %d, %d", tc.p, tc.depth, l, term, tc.leaves, tc.terminal)
		}
	}
}

// TestPerftHistory: a position in the history ends, by repetition, the
// lines that reach it.
func TestPerftHistory(t *testing.T) {
	r := toy.MustNew(toy.Options{Loop: true, Houses: 3, Seeds: 1})
	p := r.Start()
	moves := r.Legal(nil, p)
	q := r.Apply(p, moves[0])
	if q.Over() {
		t.Fatal("the first move ends the game")
	}
	l0, t0 := mancala.PerftSlow(r, nil, p, 1)
	l1, t1 := mancala.PerftSlow(r, []mancala.Position{q}, p, 1)
	if l1 != l0 || t1 != t0+1 {
		t.Errorf("with %q in the history: %d, %d; without: %d, %d", q, l1, t1, l0, t0)
	}
	for depth := 1; depth <= 5; depth++ {
		wl, wt := naivePerft(r, []mancala.Position{q}, p, depth)
		if gl, gt := mancala.PerftSlow(r, []mancala.Position{q}, p, depth); gl != wl || gt != wt {
			t.Errorf("depth %d with history: %d, %d; naive %d, %d", depth, gl, gt, wl, wt)
		}
	}
}

// fixedEnumerator answers Perft and Playout with fixed values, to show
// which path mancala.Perft and mancala.Playout take.
type fixedEnumerator struct{ *Sprint }

func (fixedEnumerator) Perft([]mancala.Position, mancala.Position, int) (int64, int64) {
	return -7, -8
}

func (f fixedEnumerator) Playout(_ []mancala.Position, p mancala.Position, _ *rand.Rand, maxPlies int) (mancala.Position, int) {
	return p, -9 - maxPlies
}

func TestOwnEnumerators(t *testing.T) {
	r := fixedEnumerator{sprint()}
	if l, term := mancala.Perft(r, nil, r.Start(), 3); l != -7 || term != -8 {
		t.Errorf("Perft does not use the Perfter: %d, %d", l, term)
	}
	if l, _ := mancala.PerftSlow(r, nil, r.Start(), 3); l < 0 {
		t.Errorf("PerftSlow uses the Perfter: %d", l)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	if _, n := mancala.Playout(r, nil, r.Start(), rng, 0); n != -9 {
		t.Errorf("Playout does not use the Playouter: %d", n)
	}
	if _, n := mancala.Playout(r, nil, r.Start(), rng, 3); n != -12 {
		t.Errorf("Playout with a limit does not pass it to the Playouter: %d", n)
	}
}

func TestPlayout(t *testing.T) {
	for _, r := range toys() {
		t.Run(r.String(), func(t *testing.T) {
			slow := cyclerOnly{r, r} // no Playouter: the core's loop
			total := r.Start().Board.Total()
			for seed := uint64(0); seed < 50; seed++ {
				a, na := mancala.Playout(slow, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), 0)
				b, nb := mancala.Playout(slow, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), 0)
				if a != b || na != nb {
					t.Fatalf("seed %d: two playouts differ", seed)
				}
				if !a.Over() || a.Board.Total() != total || na <= 0 {
					t.Errorf("seed %d: %q after %d moves", seed, a, na)
				}
				if c, nc := mancala.Playout(slow, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), 2); nc > 2 || (nc < 2 && !c.Over()) {
					t.Errorf("seed %d, limit 2: %q after %d moves", seed, c, nc)
				}
				if f, nf := mancala.Playout(r, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), 0); !f.Over() || f.Board.Total() != total || nf <= 0 {
					t.Errorf("seed %d: the toy's Playout: %q after %d moves", seed, f, nf)
				}
			}
			over := r.Cycle(r.Start())
			if p, n := mancala.Playout(slow, nil, over, rand.New(rand.NewPCG(0, 0)), 0); p != over || n != 0 {
				t.Errorf("playout of a finished game: %q, %d", p, n)
			}
		})
	}
}

// cyclerOnly keeps a ruleset's Cycle but hides its Perfter and Playouter.
type cyclerOnly struct {
	mancala.Ruleset
	mancala.Cycler
}

// stuckRules breaks the contract: Legal gives nothing though the game goes
// on. Playout must stop rather than loop.
type stuckRules struct{ *Sprint }

func (stuckRules) Legal(dst []mancala.Move, _ mancala.Position) []mancala.Move { return dst }

func TestPlayoutStopsWithoutMoves(t *testing.T) {
	r := stuckRules{sprint()}
	p, n := mancala.Playout(r, nil, r.Start(), rand.New(rand.NewPCG(0, 0)), 0)
	if p != r.Start() || n != 0 {
		t.Errorf("Playout = %q, %d", p, n)
	}
}
