package search

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala"
)

// The packed solver searches a [Packer]'s packed positions by negamax:
// values are integers in the frame of the position's mover, his future
// store gain minus his opponent's. Each node takes the steps that the
// general solver's take (solvegeneral.go): enter, bound, probe, begin,
// tableMove, expand, scan, searchChildren, finish.

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

// psolver is the state of one packed solve, or of one of its workers.
type psolver struct {
	pk Packer
	solveTable
	plies  []pply
	egHits int64
	solveRun
	// With more than one worker (SolveOptions.Workers), the first
	// worker's psolver holds the others in helpers; all share the table
	// and solveRun.stop, which ends a pass's searches once one has its
	// value.
	helpers []*psolver
	rot     int // a helper's shift of the root's order, so that it starts elsewhere
	// busy counts, by key, the workers searching a position of the first
	// busyPlies plies (shared; nil with one worker).
	busy []atomic.Int32
}

const (
	busyPlies = 16
	busyMask  = 1<<16 - 1
)

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

// pnode is the state of one node of the packed search.
type pnode struct {
	x         Packed
	h         uint64
	ply       int
	w         window[int]
	nodes0    int64 // s.nodes when the node's own work began
	kids      []PackedChild
	best      int
	bestHouse int
	searched  bool // the table's move was searched
}

// packedPollEvery is how often, in nodes, the packed solver polls.
const packedPollEvery = 1 << 16

// packRoot returns p's packed form if Solve takes the packed path for it:
// pk is not nil, one player is to move, and p packs.
func packRoot(pk Packer, p mancala.Position) (Packed, bool) {
	if pk == nil {
		return Packed{}, false
	}
	if _, single := p.ToMove.Player(); !single {
		return Packed{}, false
	}
	return pk.Pack(p)
}

func newPsolver(ctx context.Context, pk Packer, opts SolveOptions, bits int) *psolver {
	s := &psolver{
		pk:         pk,
		solveTable: newSolveTable(bits),
		solveRun:   newSolveRun(ctx, opts.Progress, packedPollEvery, " (packed)"),
	}
	if opts.Workers > 1 {
		s.shared = true
		s.stop = new(atomic.Bool)
		s.busy = make([]atomic.Int32, busyMask+1)
		for i := 1; i < opts.Workers; i++ {
			w := &psolver{
				pk:         pk,
				solveTable: s.solveTable,
				solveRun:   newSolveRun(ctx, nil, packedPollEvery, " (packed)"),
				rot:        i,
				busy:       s.busy,
			}
			w.stop = s.stop
			s.helpers = append(s.helpers, w)
		}
	}
	return s
}

// solve solves p, whose packed form is x, and returns the Solution, or
// leaves an error in s.err.
func (s *psolver) solve(ctx context.Context, r mancala.Ruleset, x Packed, p mancala.Position, opts SolveOptions) Solution {
	var sol Solution
	me, _ := p.ToMove.Player()
	d := FinalDifference(p)
	sign := 1
	if me == mancala.North {
		sign = -1
	}
	var v int
	if g, known := s.pk.PackedEndgame(x); known {
		s.egHits++
		v = g
	} else {
		guess := 0
		if opts.Guess != nil {
			guess = (max(min(*opts.Guess, 1<<16), -1<<16) - d) * sign
		} else {
			guess = (firstGuess(ctx, r, nil, p) - d) * sign
		}
		v, sol.Passes = mtdf(&s.solveRun, -mancala.MaxSeeds-1, mancala.MaxSeeds+1, guess, func(_, beta int) int {
			return s.pass(x, beta)
		}, "mover's gain")
		for _, w := range s.helpers {
			s.nodes += w.nodes
			s.egHits += w.egHits
		}
		if s.err != nil {
			return sol
		}
	}
	sol.Value = float64(d + sign*v)
	if !opts.NoPV {
		sol.PV = s.principalVariation(x, me, v)
		if s.err != nil {
			return sol
		}
	}
	sol.Nodes = s.nodes
	sol.EndgameHits = s.egHits
	return sol
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
	if !s.enter(ply) {
		return 0
	}
	n := pnode{x: x, h: h, ply: ply, w: window[int]{alpha: alpha, beta: beta}}
	seeds := s.pk.PackedSeeds(x)
	if v, cut := n.w.bound(-seeds, seeds); cut {
		return v
	}
	house, v, cut := s.probe(&n)
	if cut {
		return v
	}
	if !s.begin(&n) {
		return 0
	}
	if ply == 0 && s.rot > 0 {
		house = -1 // a helper starts the root elsewhere
	}
	if v, done := s.tableMove(&n, house); done {
		return v
	}
	s.expand(&n)
	if v, done := s.scan(&n); done {
		return v
	}
	if ply == 0 && s.rot > 0 {
		s.rotate(&s.plies[ply], len(n.kids))
	}
	s.searchChildren(&n)
	return s.finish(&n)
}

// probe narrows n's bounds by its table entry. It returns the entry's move
// (a house, or -1), and the value if the entry settles the node.
func (s *psolver) probe(n *pnode) (house int, v int, cut bool) {
	e, ok := s.lookup(n.h)
	if !ok {
		return -1, 0, false
	}
	if v, cut := n.w.narrow(int(e.lo), int(e.hi)); cut {
		return -1, v, true
	}
	return int(e.move) - 1, 0, false
}

// begin starts the node's own work: its children and its window. It
// reports false, with s.err set, if x has no children.
func (s *psolver) begin(n *pnode) bool {
	n.nodes0 = s.nodes
	s.grow(n.ply + 1)
	pl := &s.plies[n.ply]
	n.kids = s.pk.PackedChildren(pl.kids[:0], n.x)
	pl.kids = n.kids
	if len(n.kids) == 0 {
		s.err = fmt.Errorf("search: a packed position that is not over has no children: %w", mancala.ErrInvalidPosition)
		return false
	}
	if k := len(n.kids); k > len(pl.keys) {
		pl.keys = make([]int32, k)
		pl.hash = make([]uint64, k)
		pl.exact = make([]int16, k)
		pl.known = make([]bool, k)
		pl.deferred = make([]bool, k)
	}
	n.best, n.bestHouse = -mancala.MaxSeeds-1, -1
	n.w.open()
	return true
}

// settle stores v, clamped to the node's bounds, as the node's value with
// house its best move (-1 for none), and returns it.
func (s *psolver) settle(n *pnode, v, house int) int {
	v = n.w.clamp(v)
	s.store(n.h, v, n.w.alpha, n.w.beta, house, s.nodes-n.nodes0)
	return v
}

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

// tableMove searches the table's move (house) first and alone: it usually
// settles the node. It returns the node's value if it is settled;
// otherwise the move is taken out of n.kids.
func (s *psolver) tableMove(n *pnode, house int) (int, bool) {
	if house < 0 {
		return 0, false
	}
	for i := range n.kids {
		c := &n.kids[i]
		if c.House != house {
			continue
		}
		v, ok := s.exact(c)
		if !ok {
			v = s.child(c, n.ply, n.w.a, n.w.b)
			if s.err != nil {
				return 0, true
			}
		}
		n.best, n.bestHouse, n.searched = v, c.House, true
		if v >= n.w.b {
			return s.settle(n, v, n.bestHouse), true
		}
		n.w.a = max(n.w.a, v)
		last := len(n.kids) - 1
		n.kids[i] = n.kids[last]
		n.kids = n.kids[:last]
		s.plies[n.ply].kids = n.kids
		break
	}
	return 0, false
}

// expand gives the node's (other) children their exact values if they are
// known without a search (finished games, the oracle's answers), and the
// others their keys.
func (s *psolver) expand(n *pnode) {
	pl := &s.plies[n.ply]
	for i := range n.kids {
		c := &n.kids[i]
		v, known := s.exact(c)
		if !known {
			pl.hash[i] = packedKey(c.Next)
		}
		pl.known[i], pl.exact[i] = known, int16(v)
	}
}

// scan looks the children up in the table, in a loop of their own so
// that the cache misses overlap: their exact values and table bounds may
// settle the node at once (enhanced transposition cutoffs), as may all of
// them failing, before any search. It gives them their order keys.
func (s *psolver) scan(n *pnode) (int, bool) {
	pl := &s.plies[n.ply]
	alpha, beta := n.w.alpha, n.w.beta
	allFail, worst := true, -mancala.MaxSeeds-1
	if n.searched {
		allFail, worst = n.best <= alpha, n.best
	}
	for i := range n.kids {
		c := &n.kids[i]
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
			return s.settle(n, cl, c.House), true
		}
		allFail = allFail && ch <= alpha
		worst = max(worst, ch)
		pl.keys[i] = orderKey(c.Gain, c.Again, c.House)
	}
	if allFail {
		return s.settle(n, worst, -1), true
	}
	return 0, false
}

// pick swaps the best-keyed child among i..len(kids)-1 into place i, with
// its keys and values.
func pick(pl *pply, kids []PackedChild, i int) {
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
}

// searchChildren searches the children best key first, until one settles
// the node. Round 0 takes them in order; with several workers, a child
// that another worker is searching (not the first) waits for round 1.
func (s *psolver) searchChildren(n *pnode) {
	deferred := false
	for round := 0; round < 2; round++ {
		for i := range n.kids {
			pl := &s.plies[n.ply] // s.plies may have grown
			if round == 0 {
				pick(pl, n.kids, i)
				pl.deferred[i] = false
			} else if !pl.deferred[i] {
				continue
			}
			var v int
			if pl.known[i] {
				v = int(pl.exact[i])
			} else {
				if round == 0 && s.busy != nil && n.ply < busyPlies && (n.searched || i > 0) && s.busy[pl.hash[i]&busyMask].Load() > 0 {
					pl.deferred[i], deferred = true, true
					continue
				}
				// n.kids stays valid: deeper plies have buffers of their own.
				v = s.childKeyed(&n.kids[i], pl.hash[i], n.ply, n.w.a, n.w.b)
				if s.err != nil {
					return
				}
			}
			if v > n.best {
				n.best, n.bestHouse = v, n.kids[i].House
			}
			if n.best >= n.w.b {
				return
			}
			n.w.a = max(n.w.a, n.best)
		}
		if !deferred {
			break
		}
	}
}

// finish stores and returns the node's value once its children are
// searched.
func (s *psolver) finish(n *pnode) int {
	if s.err != nil {
		return 0
	}
	return s.settle(n, n.best, n.bestHouse)
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
