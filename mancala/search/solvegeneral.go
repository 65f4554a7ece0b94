package search

import (
	"context"
	"math"

	"github.com/sowing-games/sowing/mancala"
)

// The general solver searches mancala.Position values in South's frame:
// South maximises the final store difference, North minimises it. Each
// node takes the steps that the packed solver's take (solvepacked.go):
// enter, bound, probe, begin, tableMove, expand, scan, searchChildren,
// finish.

// solver is the state of one general solve.
type solver struct {
	r       mancala.Ruleset
	bounds  func(mancala.Position) (lo, hi int)
	endgame func(mancala.Position) (int, bool)
	egHits  int64
	solveTable
	path  path
	plies []solvePly
	solveRun
	exact    map[mancala.Position]float64 // simultaneous decisions solved
	relative bool                         // table values relative to the store difference
	ms       matrixSolver
}

type solvePly struct {
	moves  []mancala.Move
	kids   []mancala.Position
	hashes []uint64
	keys   []int32
	exact  []float64 // a child's value, if known is set
	known  []bool
	mat    []float64
	rowS   []float64
	colS   []float64
	sch    []int
	nch    []int
}

// gnode is the state of one node of the general search.
type gnode struct {
	p        mancala.Position
	h        uint64
	ply      int
	w        window[float64]
	d        int16 // the table's values of p are relative to d
	nodes0   int64 // s.nodes when the node's own work began
	moves    []mancala.Move
	me       mancala.Player
	maxNode  bool // South decides
	best     float64
	bestMove mancala.Move
	searched bool // the table's move was searched
}

// solvePollEvery is how often, in nodes, the general solver polls.
const solvePollEvery = 1 << 14

func newSolver(ctx context.Context, r mancala.Ruleset, c capabilities, history []mancala.Position, opts SolveOptions, bits int) *solver {
	s := &solver{
		r:          r,
		bounds:     c.bounds,
		endgame:    c.endgame,
		relative:   c.relative,
		solveTable: newSolveTable(bits),
		solveRun:   newSolveRun(ctx, opts.Progress, solvePollEvery, ""),
	}
	s.path.reset(newSlowOps(r, nil), history)
	return s
}

// solve solves p (not over) and returns the Solution, or leaves an error
// in s.err. history is the game before p.
func (s *solver) solve(ctx context.Context, history []mancala.Position, p mancala.Position, opts SolveOptions) Solution {
	var sol Solution
	h := s.hash(p)
	guess := 0
	if opts.Guess != nil {
		guess = *opts.Guess
	} else {
		guess = firstGuess(ctx, s.r, history, p)
	}
	var v float64
	oracle := false
	if p.ToMove == mancala.BothTurn {
		s.path.push(p, h)
		v = s.simultaneous(p, 0, true)
		s.path.pop()
		if s.err == nil {
			sol.Mixed = s.mixed(p, v)
		}
	} else {
		if v, oracle = s.endgameValue(&p); !oracle {
			v, sol.Passes = s.mtdf(p, h, 0, float64(guess), true)
		}
	}
	if s.err != nil {
		return sol
	}
	sol.Value = v
	// An oracle's value of a Cycler's root comes with no line: a database
	// of values does not tell which of the moves that keep the value makes
	// progress rather than go round to a repetition (see Solution.PV).
	if !opts.NoPV && !(oracle && s.path.cyc) {
		sol.PV = s.principalVariation(p, h, v)
		if s.err != nil {
			return sol
		}
	}
	sol.Nodes = s.nodes
	sol.EndgameHits = s.egHits
	return sol
}

// mtdf finds the exact value of p (South's view) by null-window tests
// starting at guess, with progress lines at the root. It returns the
// value and the number of passes.
func (s *solver) mtdf(p mancala.Position, h uint64, ply int, guess float64, root bool) (float64, int) {
	what := ""
	if root {
		what = "value"
	}
	return mtdf(&s.solveRun, math.Inf(-1), math.Inf(1), guess, func(alpha, beta float64) float64 {
		return s.search(p, h, ply, alpha, beta)
	}, what)
}

func (s *solver) grow(ply int) {
	for len(s.plies) <= ply {
		const n = mancala.MaxHouses * mancala.MaxHouses
		s.plies = append(s.plies, solvePly{
			moves:  make([]mancala.Move, 0, n),
			kids:   make([]mancala.Position, n),
			hashes: make([]uint64, n),
			keys:   make([]int32, n),
			exact:  make([]float64, n),
			known:  make([]bool, n),
			mat:    make([]float64, n),
			rowS:   make([]float64, mancala.MaxHouses),
			colS:   make([]float64, mancala.MaxHouses),
			sch:    make([]int, 0, mancala.MaxHouses),
			nch:    make([]int, 0, mancala.MaxHouses),
		})
	}
}

// hash is the table key of p: its hash, or when values are kept relative
// to the store difference, a hash of everything but the stores.
func (s *solver) hash(p mancala.Position) uint64 {
	if s.relative {
		return storelessHash(p)
	}
	return p.Hash()
}

// offset is what the table's values of p are relative to.
func (s *solver) offset(p mancala.Position) int16 {
	if s.relative {
		return int16(FinalDifference(p))
	}
	return 0
}

// store records what a search of p with window (alpha, beta) returned.
func (s *solver) store(h uint64, d int16, v, alpha, beta float64, move mancala.Move, nodes int64) {
	v -= float64(d)
	alpha -= float64(d)
	beta -= float64(d)
	lo, hi := int16(solveMin), int16(solveMax)
	if v > alpha {
		lo = floor16(v)
	}
	if v < beta {
		hi = ceil16(v)
	}
	house, ok := movePlayerHouse(move)
	if !ok {
		house = -1
	}
	s.record(h, lo, hi, house, nodes)
}

func movePlayerHouse(m mancala.Move) (int, bool) {
	if pl, ok := m.Player(); ok {
		return m.House(pl)
	}
	return 0, false
}

// search is a fail-soft alpha-beta search of p to the end of the game. It
// returns p's value for South: a value <= alpha is an upper bound, >= beta
// a lower bound, and between them exact. p is not over.
func (s *solver) search(p mancala.Position, h uint64, ply int, alpha, beta float64) float64 {
	if !s.enter(ply) {
		return 0
	}
	n := gnode{p: p, h: h, ply: ply, w: window[float64]{alpha: alpha, beta: beta, lo: math.Inf(-1), hi: math.Inf(1)}}
	if s.bounds != nil {
		l, u := s.bounds(p)
		if v, cut := n.w.bound(float64(l), float64(u)); cut {
			return v
		}
	}
	house, v, cut := s.probe(&n)
	if cut {
		return v
	}
	if p.ToMove == mancala.BothTurn {
		return s.simultaneous(p, ply, false)
	}
	if !s.begin(&n) {
		return 0
	}
	if v, done := s.tableMove(&n, house); done {
		return v
	}
	s.expand(&n)
	if v, done := s.scan(&n); done {
		return v
	}
	s.searchChildren(&n)
	return s.finish(&n)
}

// probe narrows n's bounds by its table entry. It returns the entry's move
// (a house, or -1), and the value if the entry settles the node.
func (s *solver) probe(n *gnode) (house int, v float64, cut bool) {
	n.d = s.offset(n.p)
	e, ok := s.lookup(n.h)
	if !ok {
		return -1, 0, false
	}
	d := float64(n.d)
	if v, cut := n.w.narrow(float64(e.lo)+d, float64(e.hi)+d); cut {
		return -1, v, true
	}
	return int(e.move) - 1, 0, false
}

// begin starts the node's own work: its legal moves and its window. It
// reports false, with s.err set, if p has no legal move.
func (s *solver) begin(n *gnode) bool {
	n.nodes0 = s.nodes
	s.grow(n.ply + 1)
	pl := &s.plies[n.ply]
	n.moves = s.r.Legal(pl.moves[:0], n.p)
	pl.moves = n.moves
	if len(n.moves) == 0 {
		s.err = checkMoves(s.r, n.p, n.moves)
		return false
	}
	n.me = perspective(n.p)
	n.maxNode = n.me == mancala.South
	n.best = math.Inf(1)
	if n.maxNode {
		n.best = math.Inf(-1)
	}
	n.w.open()
	return true
}

// makeChild sets *q to the child of p after m and returns its table key
// (0 if the child is known, unless the ruleset is a Cycler), and its exact
// value if it is known without a search: a finished game, or the oracle's
// answer. (Positions go by pointer: this is the solver's inner loop.)
func (s *solver) makeChild(p *mancala.Position, m mancala.Move, q *mancala.Position) (hq uint64, v float64, known bool) {
	*q = s.r.Apply(*p, m)
	if s.path.cyc {
		hq = s.hash(*q)
		*q, hq = s.path.end(*q, hq)
	}
	if q.Over() {
		return hq, float64(FinalDifference(*q)), true
	}
	if ev, ok := s.endgameValue(q); ok {
		return hq, ev, true
	}
	if !s.path.cyc {
		hq = s.hash(*q)
	}
	return hq, 0, false
}

// fails reports whether v, a child's value, settles the node with window
// (a, b): at least b at South's decision, at most a at North's.
func (n *gnode) fails(v, a, b float64) bool {
	return (n.maxNode && v >= b) || (!n.maxNode && v <= a)
}

// settle stores v, clamped to the node's bounds, as the node's value with
// m its best move, and returns it.
func (s *solver) settle(n *gnode, v float64, m mancala.Move) float64 {
	v = n.w.clamp(v)
	s.store(n.h, n.d, v, n.w.alpha, n.w.beta, m, s.nodes-n.nodes0)
	return v
}

// tableMove searches the table's move (house) first and alone, if it is
// legal (a table key can collide): it usually settles the node, and then
// the other children need not even be made. It returns the node's value
// if it is settled; otherwise the move is taken out of n.moves.
func (s *solver) tableMove(n *gnode, house int) (float64, bool) {
	if house < 0 {
		return 0, false
	}
	for i, m := range n.moves {
		if hs, ok := m.House(n.me); !ok || hs != house {
			continue
		}
		var q mancala.Position
		hq, v, known := s.makeChild(&n.p, m, &q)
		if !known {
			v = s.child(q, hq, n.ply, n.w.a, n.w.b)
			if s.err != nil {
				return 0, true
			}
		}
		n.best, n.bestMove, n.searched = v, m, true
		if n.fails(v, n.w.a, n.w.b) {
			return s.settle(n, v, m), true
		}
		if n.maxNode {
			n.w.a = max(n.w.a, v)
		} else {
			n.w.b = min(n.w.b, v)
		}
		last := len(n.moves) - 1
		n.moves[i] = n.moves[last]
		n.moves = n.moves[:last]
		break
	}
	return 0, false
}

// expand makes the node's (other) children, with the exact values of
// finished children and of those that the oracle answers.
func (s *solver) expand(n *gnode) {
	pl := &s.plies[n.ply]
	for i, m := range n.moves {
		pl.hashes[i], pl.exact[i], pl.known[i] = s.makeChild(&n.p, m, &pl.kids[i])
	}
}

// scan looks the children up in the table, in a loop of their own so
// that the processor can overlap the cache misses: their exact values and
// table bounds may settle the node at once (enhanced transposition
// cutoffs), as may all of them failing, before any search. It gives the
// others their order keys.
func (s *solver) scan(n *gnode) (float64, bool) {
	pl := &s.plies[n.ply]
	alpha, beta := n.w.alpha, n.w.beta
	myStore := n.p.Board.Store(n.me) - n.p.Board.Store(n.me.Other())
	// allFail tracks whether every child is already known to fail (all
	// at most alpha at South's decision, all at least beta at North's),
	// and worst their best bound, so that such a node needs no search.
	allFail, worst := true, math.Inf(-1)
	if !n.maxNode {
		worst = math.Inf(1)
	}
	if n.searched {
		allFail = (n.maxNode && n.best <= alpha) || (!n.maxNode && n.best >= beta)
		worst = n.best
	}
	for i, m := range n.moves {
		q := &pl.kids[i]
		v, cut := 0.0, false
		cl, ch := math.Inf(-1), math.Inf(1) // bounds of the child
		if pl.known[i] {
			v = pl.exact[i]
			cl, ch = v, v
			cut = n.fails(v, alpha, beta)
		} else {
			if ce, ok := s.lookup(pl.hashes[i]); ok {
				dq := float64(s.offset(*q))
				cl, ch = max(cl, float64(ce.lo)+dq), min(ch, float64(ce.hi)+dq)
			}
			if n.maxNode && cl >= beta {
				v, cut = cl, true
			} else if !n.maxNode && ch <= alpha {
				v, cut = ch, true
			}
		}
		if cut {
			return s.settle(n, v, m), true
		}
		if n.maxNode {
			allFail = allFail && ch <= alpha
			worst = max(worst, ch)
		} else {
			allFail = allFail && cl >= beta
			worst = min(worst, cl)
		}
		gain := q.Board.Store(n.me) - q.Board.Store(n.me.Other()) - myStore
		house, ok := m.House(n.me)
		if !ok {
			house = 0
		}
		pl.keys[i] = orderKey(gain, q.ToMove == n.p.ToMove, house)
	}
	if allFail {
		return s.settle(n, worst, mancala.Move{}), true
	}
	return 0, false
}

// searchChildren searches the children best key first, until one settles
// the node.
func (s *solver) searchChildren(n *gnode) {
	for i := range n.moves {
		pl := &s.plies[n.ply] // s.plies may have grown
		k := pickKid(pl, i, len(n.moves))
		m := n.moves[k]
		v := pl.exact[k]
		if !pl.known[k] {
			v = s.child(pl.kids[k], pl.hashes[k], n.ply, n.w.a, n.w.b)
		}
		if s.err != nil {
			return
		}
		if n.maxNode {
			if v > n.best {
				n.best, n.bestMove = v, m
			}
			if n.best >= n.w.b {
				return
			}
			n.w.a = max(n.w.a, n.best)
		} else {
			if v < n.best {
				n.best, n.bestMove = v, m
			}
			if n.best <= n.w.a {
				return
			}
			n.w.b = min(n.w.b, n.best)
		}
	}
}

// finish stores and returns the node's value once its children are
// searched.
func (s *solver) finish(n *gnode) float64 {
	if s.err != nil {
		return 0
	}
	return s.settle(n, n.best, n.bestMove)
}

// endgameValue returns p's exact value for South from the ruleset's
// endgame oracle, if it has one and it answers, and p is fresh: the last
// position on the path is the one before p, and none before can come back
// after it (see path.fresh).
func (s *solver) endgameValue(p *mancala.Position) (float64, bool) {
	if s.endgame == nil || (p.ToMove != mancala.SouthTurn && p.ToMove != mancala.NorthTurn) ||
		!s.path.fresh(*p, s.path.len()-1) {
		return 0, false
	}
	g, ok := s.endgame(*p)
	if !ok {
		return 0, false
	}
	s.egHits++
	if p.ToMove == mancala.NorthTurn {
		g = -g
	}
	return float64(FinalDifference(*p) + g), true
}

// child returns the value for South of q, a child of the node at ply,
// searched with window (a, b).
func (s *solver) child(q mancala.Position, hq uint64, ply int, a, b float64) float64 {
	if q.Over() {
		return float64(FinalDifference(q))
	}
	s.path.push(q, hq)
	v := s.search(q, hq, ply+1, a, b)
	s.path.pop()
	return v
}

// pickKid returns the index of the best-keyed child among order positions
// i..n-1, swapping it into position i. Children are kept in place; the
// ply's moves, kids and hashes are permuted together.
func pickKid(pl *solvePly, i, n int) int {
	b := i
	for j := i + 1; j < n; j++ {
		if pl.keys[j] > pl.keys[b] {
			b = j
		}
	}
	if b != i {
		pl.keys[i], pl.keys[b] = pl.keys[b], pl.keys[i]
		pl.moves[i], pl.moves[b] = pl.moves[b], pl.moves[i]
		pl.kids[i], pl.kids[b] = pl.kids[b], pl.kids[i]
		pl.hashes[i], pl.hashes[b] = pl.hashes[b], pl.hashes[i]
		pl.exact[i], pl.exact[b] = pl.exact[b], pl.exact[i]
		pl.known[i], pl.known[b] = pl.known[b], pl.known[i]
	}
	return i
}
