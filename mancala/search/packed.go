package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// Packed is a position in a ruleset's compact form, relative to its player
// to move: only the ruleset knows what the words mean. Positions whose
// futures are the same (the same legal decisions, each adding the same
// seeds to the same stores and leading to positions that are again the
// same) must pack equally; stores are not part of it.
type Packed [2]uint64

// PackedChild is one legal decision from a packed position.
type PackedChild struct {
	// House is the mover's house that the decision sows, as in
	// mancala.Single(mover, House).
	House int
	// Next is the position after the decision, relative to its own player
	// to move; meaningless if Over.
	Next Packed
	// Gain is what the decision adds to the mover's store minus what it
	// adds to his opponent's, the end-of-game collection included.
	Gain int
	// Again is set when the same player decides next.
	Again bool
	// Over is set when the decision ends the game.
	Over bool
}

// Packer is implemented by rulesets that can play on a compact form of
// their positions, for [Solve]. Such a ruleset must be store-independent
// (see [StoreIndependent]), must not be a [mancala.Cycler], and in the
// positions it packs one player decides alone (no simultaneous decision);
// decisions alternate between the players except that a decision may give
// the same player the next one. Solve then searches packed positions
// instead of [mancala.Position] values, which is much faster. The value of
// a packed position is what its mover will add to his store minus what his
// opponent will add, from there to the end of the game under perfect play.
//
// Pack and the results of the other methods must describe the same game as
// the ruleset's Legal and Apply: for every legal move m of a packed
// position p, with mover me, PackedChildren(Pack(p)) has exactly one child
// c with c.House equal to m's house, and Apply(p, m) is over if and only if
// c.Over; if it is not, Pack(Apply(p, m)) is (c.Next, true); c.Again tells
// whether me is to move in it; and c.Gain is the change of me's store
// minus his opponent's. The methods must be safe for concurrent use and
// must not allocate (PackedChildren appends to dst).
type Packer interface {
	// Pack returns p's packed form and true, or false if p has none (then
	// Solve takes its general path). p is not over.
	Pack(p mancala.Position) (Packed, bool)
	// PackedChildren appends the children of x, a packed position that is
	// not over, to dst, in any order (the solver orders them).
	PackedChildren(dst []PackedChild, x Packed) []PackedChild
	// PackedSeeds returns a bound on the absolute value of x's value:
	// typically the seeds not yet in stores.
	PackedSeeds(x Packed) int
	// PackedEndgame returns the value of x and true if the ruleset knows
	// it cheaply (from an endgame database, say), else 0 and false. Like
	// [Endgamer.Endgame], it must be cheap on average and safe for
	// concurrent use.
	PackedEndgame(x Packed) (gain int, ok bool)
}

// packedKey is the table key of a packed position: a strong mix of both
// words, never 0 (the empty slot's key).
func packedKey(x Packed) uint64 {
	h := mix(0x243f6a8885a308d3, x[0])
	h = mix(h, x[1])
	h ^= h >> 29
	if h == 0 {
		h = 1
	}
	return h
}

// psolver is the state of one packed solve. Values are integers in the
// frame of the position's mover: his future store gain minus his
// opponent's.
type psolver struct {
	pk Packer
	solveTable
	plies  []pply
	egHits int64
	solveRun
	// With more than one worker (SolveOptions.Workers), the first
	// worker's psolver holds the others in helpers; all share the table
	// and stop, which ends a pass's searches once one has its value.
	helpers []*psolver
	stop    *atomic.Bool
	rot     int // a helper's shift of the root's order, so that it starts elsewhere
	// busy counts, by key, the workers searching a position of the first
	// busyPlies plies (shared; nil with one worker).
	busy []atomic.Int32
}

const (
	busyPlies = 16
	busyMask  = 1<<16 - 1
)

// errStopped stops a worker's search when another has finished the pass.
var errStopped = errors.New("search: pass finished by another worker")

type pply struct {
	kids  []PackedChild
	keys  []int32
	hash  []uint64
	exact []int16
	known []bool
	// deferred marks children left for later because another worker was
	// searching them.
	deferred []bool
}

const packedPollEvery = 1 << 16

// solvePacked is Solve's packed path; ok is false if it does not apply to
// p (then nothing was done).
func solvePacked(ctx context.Context, r mancala.Ruleset, pk Packer, p mancala.Position, opts SolveOptions, bits int) (sol Solution, ok bool, err error) {
	me, single := p.ToMove.Player()
	if !single {
		return Solution{}, false, nil
	}
	if _, cyc := r.(mancala.Cycler); cyc {
		return Solution{}, false, nil
	}
	x, packs := pk.Pack(p)
	if !packs {
		return Solution{}, false, nil
	}
	s := &psolver{
		pk:         pk,
		solveTable: newSolveTable(bits),
		solveRun:   newSolveRun(ctx, opts.Progress, packedPollEvery),
	}
	if opts.Workers > 1 {
		s.shared = true
		s.stop = new(atomic.Bool)
		s.busy = make([]atomic.Int32, busyMask+1)
		for i := 1; i < opts.Workers; i++ {
			s.helpers = append(s.helpers, &psolver{
				pk:         pk,
				solveTable: s.solveTable,
				solveRun:   newSolveRun(ctx, nil, packedPollEvery),
				stop:       s.stop,
				rot:        i,
				busy:       s.busy,
			})
		}
	}
	d := FinalDifference(p)
	sign := 1
	if me == mancala.North {
		sign = -1
	}
	var v int
	if g, known := pk.PackedEndgame(x); known {
		s.egHits++
		v = g
	} else {
		guess := 0
		if opts.Guess != nil {
			guess = (max(min(*opts.Guess, 1<<16), -1<<16) - d) * sign
		} else {
			guess = ((&solver{r: r}).guess(ctx, nil, p) - d) * sign
		}
		v, sol.Passes = s.mtdf(x, guess)
		for _, w := range s.helpers {
			s.nodes += w.nodes
			s.egHits += w.egHits
		}
		if s.err != nil {
			return Solution{Nodes: s.nodes}, true, s.err
		}
	}
	sol.Value = float64(d + sign*v)
	if !opts.NoPV {
		sol.PV = s.principalVariation(x, me, v)
		if s.err != nil {
			return Solution{Nodes: s.nodes}, true, s.err
		}
	}
	sol.Nodes = s.nodes
	sol.EndgameHits = s.egHits
	if s.progress != nil {
		fmt.Fprintf(s.progress, "solve: value %v, %d nodes, %v (packed)\n", sol.Value, s.nodes, time.Since(s.start).Round(time.Millisecond))
	}
	return sol, true, nil
}

// mtdf finds the exact value of x by null-window tests from guess.
func (s *psolver) mtdf(x Packed, guess int) (int, int) {
	lo, hi := -mancala.MaxSeeds-1, mancala.MaxSeeds+1
	g := guess
	passes := 0
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		g = s.pass(x, beta)
		passes++
		if s.err != nil {
			return 0, passes
		}
		if g < beta {
			hi = g
		} else {
			lo = g
		}
		if s.progress != nil {
			fmt.Fprintf(s.progress, "solve: pass %d, test %v: mover's gain in [%v, %v], %d nodes, %v (packed)\n",
				passes, beta, lo, hi, s.nodes, time.Since(s.start).Round(time.Millisecond))
		}
	}
	return lo, passes
}

// pass runs the null-window test of x at beta: with helpers, every worker
// searches it at once, and the first to finish gives the value (each is
// an exact search; the table only spares them work).
func (s *psolver) pass(x Packed, beta int) int {
	if len(s.helpers) == 0 {
		return s.search(x, packedKey(x), 0, beta-1, beta)
	}
	type result struct {
		v   int
		err error
	}
	all := append([]*psolver{s}, s.helpers...)
	ch := make(chan result, len(all))
	s.stop.Store(false)
	for _, w := range all {
		go func() {
			v := w.search(x, packedKey(x), 0, beta-1, beta)
			ch <- result{v, w.err}
		}()
	}
	v, done := 0, false
	var err error
	for range all {
		r := <-ch
		switch {
		case r.err == nil && !done:
			v, done = r.v, true
			s.stop.Store(true)
		case r.err != nil && r.err != errStopped && err == nil:
			err = r.err
		}
	}
	s.stop.Store(false)
	for _, w := range all {
		w.err = nil
	}
	if !done {
		s.err = err
	}
	return v
}

func (s *psolver) grow(ply int) {
	for len(s.plies) <= ply {
		const n = mancala.MaxHouses * mancala.MaxHouses
		s.plies = append(s.plies, pply{
			kids:     make([]PackedChild, 0, n),
			keys:     make([]int32, n),
			hash:     make([]uint64, n),
			exact:    make([]int16, n),
			known:    make([]bool, n),
			deferred: make([]bool, n),
		})
	}
}

// poll checks the context and prints progress.
func (s *psolver) poll() { s.solveRun.poll(packedPollEvery, " (packed)") }

// store records what a search with window (alpha, beta) returned.
func (s *psolver) store(h uint64, v, alpha, beta, house int, nodes int64) {
	lo, hi := int16(solveMin), int16(solveMax)
	if v > alpha {
		lo = int16(v)
	}
	if v < beta {
		hi = int16(v)
	}
	s.record(h, lo, hi, house, nodes)
}

// exact returns the value of child c for its parent's mover when it is
// known without a search: a finished game, or the oracle's answer.
func (s *psolver) exact(c *PackedChild) (int, bool) {
	if c.Over {
		return c.Gain, true
	}
	if w, ok := s.pk.PackedEndgame(c.Next); ok {
		s.egHits++
		return childValue(c, w), true
	}
	return 0, false
}

// childValue returns the value, in the parent's frame, of the decision c
// whose next position has the value w in its own mover's frame.
func childValue(c *PackedChild, w int) int {
	if c.Again {
		return c.Gain + w
	}
	return c.Gain - w
}

// search is a fail-soft null-window-capable alpha-beta search of x (key h,
// not over) to the end of the game, in its mover's frame.
func (s *psolver) search(x Packed, h uint64, ply int, alpha, beta int) int {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stop != nil && s.stop.Load() {
		s.err = errStopped
	}
	s.checkDepth(ply)
	if s.err != nil {
		return 0
	}
	seeds := s.pk.PackedSeeds(x)
	lo, hi := -seeds, seeds
	if lo >= beta {
		return lo
	}
	if hi <= alpha {
		return hi
	}
	ttHouse := -1
	if e, ok := s.lookup(h); ok {
		lo, hi = max(lo, int(e.lo)), min(hi, int(e.hi))
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		ttHouse = int(e.move) - 1
	}
	nodes0 := s.nodes
	s.grow(ply + 1)
	pl := &s.plies[ply]
	kids := s.pk.PackedChildren(pl.kids[:0], x)
	pl.kids = kids
	if len(kids) == 0 {
		s.err = fmt.Errorf("search: a packed position that is not over has no children: %w", mancala.ErrInvalidPosition)
		return 0
	}
	if n := len(kids); n > len(pl.keys) {
		pl.keys = make([]int32, n)
		pl.hash = make([]uint64, n)
		pl.exact = make([]int16, n)
		pl.known = make([]bool, n)
		pl.deferred = make([]bool, n)
	}
	best, bestHouse := -mancala.MaxSeeds-1, -1
	a, b := max(alpha, lo), min(beta, hi)
	searched := false
	if ply == 0 && s.rot > 0 {
		ttHouse = -1 // a helper starts the root elsewhere
	}
	// The table's move first and alone: it usually settles the node.
	if ttHouse >= 0 {
		for i := range kids {
			c := &kids[i]
			if c.House != ttHouse {
				continue
			}
			v, ok := s.exact(c)
			if !ok {
				v = s.child(c, ply, a, b)
				if s.err != nil {
					return 0
				}
				pl = &s.plies[ply]
				kids = pl.kids
			}
			best, bestHouse, searched = v, c.House, true
			if v >= b {
				v = max(min(v, hi), lo)
				s.store(h, v, alpha, beta, bestHouse, s.nodes-nodes0)
				return v
			}
			a = max(a, v)
			last := len(kids) - 1
			kids[i] = kids[last]
			kids = kids[:last]
			pl.kids = kids
			break
		}
	}
	// Exact values of finished children and the oracle's answers, and the
	// children's keys; then their table bounds (enhanced transposition
	// cutoffs) in a loop of its own so that the cache misses overlap.
	for i := range kids {
		c := &kids[i]
		v, known := s.exact(c)
		if !known {
			pl.hash[i] = packedKey(c.Next)
		}
		pl.known[i], pl.exact[i] = known, int16(v)
	}
	allFail, worst := true, -mancala.MaxSeeds-1
	if searched {
		allFail, worst = best <= alpha, best
	}
	for i := range kids {
		c := &kids[i]
		cl, ch := -mancala.MaxSeeds-1, mancala.MaxSeeds+1
		if pl.known[i] {
			cl, ch = int(pl.exact[i]), int(pl.exact[i])
		} else if ce, ok := s.lookup(pl.hash[i]); ok {
			if c.Again {
				cl, ch = c.Gain+int(ce.lo), c.Gain+int(ce.hi)
			} else {
				cl, ch = c.Gain-int(ce.hi), c.Gain-int(ce.lo)
			}
		}
		if cl >= beta {
			v := max(min(cl, hi), lo)
			s.store(h, v, alpha, beta, c.House, s.nodes-nodes0)
			return v
		}
		allFail = allFail && ch <= alpha
		worst = max(worst, ch)
		// Ordering: the mover's gain, a decision of his own next counting
		// as three seeds; ties to the later house.
		key := int32(c.Gain+256) << 8
		if c.Again {
			key += 3 << 8
		}
		pl.keys[i] = key + int32(c.House)
	}
	if allFail {
		v := max(min(worst, hi), lo)
		s.store(h, v, alpha, beta, -1, s.nodes-nodes0)
		return v
	}
	if ply == 0 && s.rot > 0 {
		s.rotate(pl, len(kids))
	}
	// Round 0 takes the children best first; a child that another worker
	// is searching (not the first) waits for round 1.
	deferred := false
rounds:
	for round := 0; round < 2; round++ {
		for i := range kids {
			if round == 0 {
				k := i
				for j := i + 1; j < len(kids); j++ {
					if pl.keys[j] > pl.keys[k] {
						k = j
					}
				}
				if k != i {
					pl.keys[i], pl.keys[k] = pl.keys[k], pl.keys[i]
					kids[i], kids[k] = kids[k], kids[i]
					pl.hash[i], pl.hash[k] = pl.hash[k], pl.hash[i]
					pl.exact[i], pl.exact[k] = pl.exact[k], pl.exact[i]
					pl.known[i], pl.known[k] = pl.known[k], pl.known[i]
				}
				pl.deferred[i] = false
			} else if !pl.deferred[i] {
				continue
			}
			var v int
			if pl.known[i] {
				v = int(pl.exact[i])
			} else {
				if round == 0 && s.busy != nil && ply < busyPlies && (searched || i > 0) && s.busy[pl.hash[i]&busyMask].Load() > 0 {
					pl.deferred[i], deferred = true, true
					continue
				}
				// kids stays valid: deeper plies have buffers of their own.
				v = s.childKeyed(&kids[i], pl.hash[i], ply, a, b)
				if s.err != nil {
					return 0
				}
				pl = &s.plies[ply]
			}
			if v > best {
				best, bestHouse = v, kids[i].House
			}
			if best >= b {
				break rounds
			}
			a = max(a, best)
		}
		if !deferred {
			break
		}
	}
	best = max(min(best, hi), lo)
	s.store(h, best, alpha, beta, bestHouse, s.nodes-nodes0)
	return best
}

// rotate gives the first n children of pl keys that order them by their
// keys, shifted by s.rot places (a helper's root).
func (s *psolver) rotate(pl *pply, n int) {
	var order [2 * mancala.MaxHouses]int
	for i := range n {
		order[i] = i
	}
	slices.SortStableFunc(order[:n], func(i, j int) int { return int(pl.keys[j]) - int(pl.keys[i]) })
	for r, i := range order[:n] {
		pl.keys[i] = int32(n - (r+n-s.rot%n)%n) // rank r goes to place r-rot
	}
}

// child searches the child c (not over) of a node at ply with the
// parent's window (a, b) and returns its value in the parent's frame.
func (s *psolver) child(c *PackedChild, ply int, a, b int) int {
	return s.childKeyed(c, packedKey(c.Next), ply, a, b)
}

func (s *psolver) childKeyed(c *PackedChild, h uint64, ply int, a, b int) int {
	if s.busy != nil && ply+1 < busyPlies {
		return s.childBusy(c, h, ply, a, b)
	}
	return s.childSearch(c, h, ply, a, b)
}

// childBusy is childKeyed that counts the child as busy while it searches.
func (s *psolver) childBusy(c *PackedChild, h uint64, ply int, a, b int) int {
	bz := &s.busy[h&busyMask]
	bz.Add(1)
	v := s.childSearch(c, h, ply, a, b)
	bz.Add(-1)
	return v
}

func (s *psolver) childSearch(c *PackedChild, h uint64, ply int, a, b int) int {
	if c.Again {
		return c.Gain + s.search(c.Next, h, ply+1, a-c.Gain, b-c.Gain)
	}
	return c.Gain - s.search(c.Next, h, ply+1, c.Gain-b, c.Gain-a)
}

// principalVariation follows perfect play from x, whose mover is me and
// whose value is v: at each decision the first child (the table's move
// first) whose exact value is the parent's, checked by one null-window
// test.
func (s *psolver) principalVariation(x Packed, me mancala.Player, v int) []mancala.Move {
	var pv []mancala.Move
	var buf []PackedChild
	s.grow(2)
	for len(pv) < 100000 {
		buf = s.pk.PackedChildren(buf[:0], x)
		if e, ok := s.lookup(packedKey(x)); ok && e.move > 0 {
			for i := range buf {
				if buf[i].House == int(e.move)-1 {
					buf[0], buf[i] = buf[i], buf[0]
					break
				}
			}
		}
		found := -1
		for i := range buf {
			c := &buf[i]
			var ok bool
			switch {
			case c.Over:
				ok = c.Gain == v
			default:
				if w, known := s.pk.PackedEndgame(c.Next); known {
					ok = childValue(c, w) == v
				} else {
					// The child's value in the parent's frame is at most
					// v; test whether it is at least v.
					ok = s.child(c, 1, v-1, v) >= v
					if s.err != nil {
						return nil
					}
				}
			}
			if ok {
				found = i
				break
			}
		}
		if found < 0 {
			break // cannot happen for a correct value
		}
		c := buf[found]
		pv = append(pv, mancala.Single(me, c.House))
		if c.Over {
			break
		}
		if c.Again {
			v -= c.Gain
		} else {
			v = c.Gain - v
			me = me.Other()
		}
		x = c.Next
	}
	return pv
}
