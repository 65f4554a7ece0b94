package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// AlphaBeta is a depth-first minimax searcher and a [Engine]: negamax with
// alpha-beta pruning and iterative deepening, a transposition table, and
// move ordering by the table's move, killer moves and the history
// heuristic. Turns of several decisions by the same player keep the value
// unnegated; simultaneous decisions are solved as matrix games (see the
// package documentation). Options add a quiescence search of capture
// sequences at the horizon, the exact values of an endgame oracle
// (an [Endgamer] ruleset, or one given an oracle by [WithEndgame]) at
// every position below the
// root, a soft time limit for time management, a report after each
// iteration, and a parallel search of the root's moves (Threads): in
// each iteration, after the first move, the searcher and its helpers (each
// with a table of its own) share out the other root moves, each searched
// with the window (best so far, +inf); or, with SharedTable, the helpers
// search the whole tree beside the searcher, every second one a ply
// deeper in each iteration, writing what they find into the searcher's
// table, which the searcher reads (lazy SMP).
//
// An AlphaBeta keeps its table between searches. It is not safe for
// concurrent use.
type AlphaBeta struct {
	opts  AlphaBetaOptions
	rng   *rand.Rand
	tt    ttable
	useTT bool
	// sameDepthOnly restricts table cutoffs to entries of exactly the
	// remaining depth (a test hook: the search then equals plain minimax).
	sameDepthOnly bool

	// Per search.
	r    mancala.Ruleset
	eval Evaluator
	eg   func(p mancala.Position) (gain int, ok bool)
	egb  func(p mancala.Position) (lo, hi int, ok bool)
	// egEstimate says eg's answers are estimates (WithEndgameEstimate):
	// never taken as proven.
	egEstimate bool
	// egSeeds is the most seeds in the houses of a position eg may
	// answer about (OracleSeeds); eg is not asked about others, and with
	// only a bounds oracle (-1) about none.
	egSeeds int
	helpers []*AlphaBeta // of a parallel search (Threads > 1)
	lazy    []*AlphaBeta // of a parallel search with SharedTable, without tables of their own
	// Of a lazy helper during a search: the plies its iterations search
	// beyond the searcher's (0 or 1), and where it publishes its node
	// count at each poll.
	skew      int
	published *atomic.Int64
	// Of a searcher during a lazy search: its helpers' published counts.
	counts []atomic.Int64
	path   path
	sops   slowOps                     // the general path's
	fpath  linePath[Compact, *fastOps] // of a Stepper's search
	fops   fastOps
	// general keeps the search off a Stepper's path (a test hook: the
	// searches on both paths are the same).
	general bool
	stepped bool // the last search took a Stepper's path
	plies   []abPly
	history [2][mancala.MaxHouses]int32
	nodes   int64
	stop    bool
	horizon bool
	// estimated says the subtree being searched met an estimate oracle's
	// answer (WithEndgameEstimate) where it is asked at any depth (see
	// oracleValue): with no horizon, its value holds at any remaining
	// depth, as a proven one does, but it is not a proven result.
	estimated bool
	// rep is the least path index of a position that a repetition in the
	// subtree being searched came back to, or noRepeat (see
	// path.covered).
	rep      int
	done     <-chan struct{}
	deadline time.Time
	start    time.Time
	ms       matrixSolver
	hist     []mancala.Position
	bestPV   []mancala.Move
	resPV    []mancala.Move
	rootS    []float64
	rootN    []float64
	err      error // of options out of bounds (AlphaBetaOptions.Check)
}

// abPly is the preallocated working space of one ply.
type abPly struct {
	moves   []mancala.Move
	scores  []int32
	killers [2]mancala.Move
	pv      []mancala.Move
	sch     []int
	nch     []int
	mat     []float64
	rowS    []float64
	colS    []float64
}

// NewAlphaBeta returns an AlphaBeta with the given options. Negative
// limits count as none. Options out of bounds ([AlphaBetaOptions.Check])
// allocate nothing: the searcher's Search and Choose return the
// [*OptionError].
func NewAlphaBeta(o AlphaBetaOptions) *AlphaBeta {
	a := &AlphaBeta{opts: o, rng: newRand(o.Seed)}
	if a.err = o.Check(); a.err != nil {
		return a
	}
	switch {
	case o.TableSize == 0:
		a.tt.init(DefaultTableSize)
		a.useTT = true
	case o.TableSize > 0:
		a.tt.init(o.TableSize)
		a.useTT = true
	}
	return a
}

// Options returns the options a was made with, or last given to
// [AlphaBeta.SetOptions].
func (a *AlphaBeta) Options() AlphaBetaOptions { return a.opts }

// SetOptions changes the options of the searches that follow, keeping
// what a has learnt: the table is kept unless o asks for another size
// (then it starts empty), and so are the killer moves and history scores.
// The random stream is not reseeded. It must not be called during a
// search. Options out of bounds ([AlphaBetaOptions.Check]) free the table
// and make Search and Choose return the [*OptionError] until SetOptions is
// given good ones.
func (a *AlphaBeta) SetOptions(o AlphaBetaOptions) {
	old, oldErr := a.opts, a.err
	a.opts = o
	if a.err = o.Check(); a.err != nil {
		a.helpers, a.lazy, a.useTT, a.tt = nil, nil, false, ttable{}
		return
	}
	if o.SharedTable {
		a.helpers = nil // a shared table's helpers have no tables: drop those of the root split
	}
	if o.TableSize == old.TableSize && oldErr == nil {
		return
	}
	a.helpers = nil
	a.useTT = o.TableSize >= 0
	switch {
	case o.TableSize == 0:
		a.tt.init(DefaultTableSize)
	case o.TableSize > 0:
		a.tt.init(o.TableSize)
	default:
		a.tt = ttable{}
	}
	a.tt.clear()
}

// Reset forgets everything learnt in earlier searches: the table, killer
// moves and history scores, and restarts the random stream from the seed.
// A searcher after Reset behaves as a new one.
func (a *AlphaBeta) Reset() {
	a.tt.clear()
	a.tt.gen = 0
	a.history = [2][mancala.MaxHouses]int32{}
	for i := range a.plies {
		a.plies[i].killers = [2]mancala.Move{}
	}
	a.rng = newRand(a.opts.Seed)
	for _, h := range a.helpers {
		h.Reset()
	}
	for _, h := range a.lazy {
		h.Reset()
	}
}

// Choose implements [Engine]: it searches the game's position and returns
// side's choice of the best move (at a simultaneous decision, side's part
// of it, sampled from side's optimal mixed strategy).
func (a *AlphaBeta) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	p, err := checkChoose(g, side)
	if err != nil {
		return mancala.Move{}, err
	}
	a.hist = a.hist[:0]
	if _, ok := g.Rules().(mancala.Cycler); ok {
		a.hist = append(a.hist, g.Positions()...)
		a.hist = a.hist[:len(a.hist)-1]
	}
	res, err := a.Search(ctx, g.Rules(), a.hist, p)
	if err != nil {
		return mancala.Move{}, err
	}
	h, ok := res.Move.House(side)
	if !ok {
		return mancala.Move{}, fmt.Errorf("search: no move for %v: %w", side, ErrNoDecision)
	}
	if pl, single := res.Move.Player(); single && pl == side {
		return res.Move, nil // the whole move: its direction too (mancala.Reversed)
	}
	return mancala.Single(side, h), nil
}

// Search searches p under r and returns the best move found with its value
// and statistics. history is the game before p (oldest first), needed only
// for rulesets that end games on repetition; it may be nil. p must be a
// position of r (see mancala.Ruleset). Search returns an error wrapping
// mancala.ErrGameOver if p is over, mancala.ErrUnsupported if r is nil
// and mancala.ErrInvalidPosition if p has no legal move; when ctx is
// cancelled it returns the result of the deepest iteration completed, or
// if none was, the best move of the unfinished first one (at worst the
// first legal move).
func (a *AlphaBeta) Search(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position) (Result, error) {
	if a.err != nil {
		return Result{}, a.err
	}
	if err := checkRoot(r, p); err != nil {
		return Result{}, err
	}
	maxDepth := a.prepare(ctx, r, history)
	if err := checkMoves(r, p, a.plies[0].moves); err != nil {
		return Result{}, err
	}
	if p.ToMove == mancala.BothTurn {
		return a.searchSimultaneousRoot(p, maxDepth), nil
	}
	if res, ok := a.fastSearch(ctx, history, p, maxDepth); ok {
		return res, nil
	}
	if a.opts.Threads > 1 && a.opts.SharedTable {
		return searchRootLazy(a, ctx, history, p, maxDepth, func(w *AlphaBeta) *path { return &w.path }), nil
	}
	if a.opts.Threads > 1 {
		return a.searchRootParallel(ctx, history, p, maxDepth), nil
	}
	return a.searchRoot(p, maxDepth), nil
}

// searchRoot runs iterative deepening at a single player's decision.
func (a *AlphaBeta) searchRoot(p mancala.Position, maxDepth int) Result {
	return searchRoot(a, &a.path, p, maxDepth)
}

// searchRoot is AlphaBeta.searchRoot on the positions of t.
func searchRoot[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, maxDepth int) Result {
	if ct, ok := compactPath(t); ok {
		return searchRootC(a, ct, any(p).(Compact), maxDepth)
	}
	root := &a.plies[0]
	moves := t.ops.legal(root.moves[:0], p)
	root.moves = moves
	me := perspectiveOf(t.ops.turn(p))
	h := t.push(p, t.ops.hash(p))
	defer t.pop()
	if a.useTT {
		// Start from the table's move of an earlier search, if any.
		if e, ok := a.tt.probe(h); ok {
			moveToFront(moves, e.move)
		}
	}
	res := Result{Move: moves[0], Value: math.Inf(-1)}
	a.resPV = append(a.resPV[:0], moves[0])
	for depth := 1; depth <= maxDepth; depth++ {
		a.pollIteration(depth)
		if a.stop {
			break
		}
		a.horizon, a.estimated, a.rep = false, false, noRepeat
		alpha, beta := math.Inf(-1), math.Inf(1)
		best := math.Inf(-1)
		var bestMove mancala.Move
		completed := 0
		d := min(depth+a.skew, maxDepth)
		for i, m := range moves {
			var v float64
			if a.opts.PVS && i > 0 && !math.IsInf(alpha, -1) {
				v = child(a, t, p, m, me, d, 1, alpha, nullBeta(alpha))
				if v > alpha && !a.stop {
					v = child(a, t, p, m, me, d, 1, alpha, beta)
				}
			} else {
				v = child(a, t, p, m, me, d, 1, alpha, beta)
			}
			if a.stop {
				break
			}
			completed++
			if v > best {
				best, bestMove = v, m
				a.bestPV = append(append(a.bestPV[:0], m), a.plies[1].pv...)
			}
			alpha = max(alpha, v)
		}
		if a.stop {
			// An unfinished iteration counts only if nothing finished
			// before it and it settled at least one move.
			if res.Depth == 0 && completed > 0 {
				res.Move, res.Value = bestMove, best
				a.resPV = append(a.resPV[:0], a.bestPV...)
			}
			break
		}
		res = Result{Move: bestMove, Value: best, Depth: d, Exact: !a.horizon && !a.estimated}
		a.resPV = append(a.resPV[:0], a.bestPV...)
		if a.useTT {
			storeValue(a, t, h, best, bestMove, d, boundExact, !a.horizon, a.estimated, t.len()-1)
			extendPV(a, t, p, d)
		}
		moveToFront(moves, bestMove)
		if a.opts.Info != nil {
			info := res
			info.Nodes, info.PV = a.allNodes(), a.resPV
			a.opts.Info(info)
		}
		if !a.horizon {
			break // deeper iterations cannot change a value that met no horizon
		}
		if a.opts.SoftTime > 0 && time.Since(a.start) >= a.opts.SoftTime {
			break
		}
	}
	if math.IsInf(res.Value, -1) {
		res.Value = 0
	}
	res.Nodes = a.nodes
	res.PV = append([]mancala.Move(nil), a.resPV...)
	return res
}

// child searches the position after m from p (whose player to move is me)
// at the given remaining depth and returns its value for me.
func (a *AlphaBeta) child(p mancala.Position, m mancala.Move, me mancala.Player, depth, ply int, alpha, beta float64) float64 {
	return child(a, &a.path, p, m, me, depth, ply, alpha, beta)
}

// child is AlphaBeta.child on the positions of t.
func child[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, m mancala.Move, me mancala.Player, depth, ply int, alpha, beta float64) float64 {
	if ct, ok := compactPath(t); ok {
		return childC(a, ct, any(p).(Compact), m, me, depth, ply, alpha, beta)
	}
	return childOf(a, t, t.ops.apply(p, m), 0, false, me, depth, ply, alpha, beta)
}

// childOf is child of the position q that the move leads to, whose hash
// is hq if hashed is set.
func childOf[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], q P, hq uint64, hashed bool, me mancala.Player, depth, ply int, alpha, beta float64) float64 {
	if depth <= 1 && a.eg == nil {
		return leafChild(a, t, q, me, ply, alpha, beta)
	}
	if !hashed {
		hq = t.ops.hash(q)
	}
	q, hq, rep := t.endAt(q, hq)
	a.rep = min(a.rep, rep)
	hq = t.push(q, hq)
	var v float64
	if perspectiveOf(t.ops.turn(q)) == me {
		v = search(a, t, q, hq, depth-1, ply, alpha, beta)
	} else {
		v = -search(a, t, q, hq, depth-1, ply, -beta, -alpha)
	}
	t.pop()
	return v
}

// nullBeta returns the upper end of the null window above alpha: the
// least float64 greater than alpha, so that a search with the window
// (alpha, nullBeta(alpha)) says only whether a value is above alpha.
func nullBeta(alpha float64) float64 { return math.Nextafter(alpha, math.Inf(1)) }

// lateChild is childOf for the i-th move (i > 0) of a search with PVS or
// Reduce: where Reduce allows it, a null-window search above alpha at one
// decision less, whose value stands if it does not beat alpha; then,
// with PVS, a null-window search at the full depth and, if its value
// beats alpha, one with the window (alpha, beta); without PVS, one with
// the window (alpha, beta).
func lateChild[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p, q P, hq uint64, hashed bool, me mancala.Player, depth, ply, i int, alpha, beta float64) float64 {
	nb := nullBeta(alpha)
	if a.opts.Reduce && depth >= 3 && i >= 2 && quietMove(t, p, q, me) {
		v := childOf(a, t, q, hq, hashed, me, depth-1, ply, alpha, nb)
		if v <= alpha || a.stop {
			return v
		}
	}
	if !a.opts.PVS {
		return childOf(a, t, q, hq, hashed, me, depth, ply, alpha, beta)
	}
	v := childOf(a, t, q, hq, hashed, me, depth, ply, alpha, nb)
	if v > alpha && v < beta && !a.stop {
		v = childOf(a, t, q, hq, hashed, me, depth, ply, alpha, beta)
	}
	return v
}

// quietMove reports whether the move from p to q (p's mover is me)
// leaves me's store as it was and the game going on: a move that
// captures nothing.
func quietMove[P comparable, O nodeOps[P]](t *linePath[P, O], p, q P, me mancala.Player) bool {
	if t.ops.turn(q) == mancala.NoTurn {
		return false
	}
	ps, pn := t.ops.stores(p)
	qs, qn := t.ops.stores(q)
	if me == mancala.North {
		return qn == pn
	}
	return qs == ps
}

// enter counts a node and reports whether the search goes on; the caller
// then empties the ply's line of play. It is inlined: the poll of the
// limits, every 1024 nodes, is out of line (stopped).
func (a *AlphaBeta) enter() bool {
	a.nodes++
	return a.nodes&1023 != 0 && !a.stop || !a.stopped()
}

// stopped polls the limits if the node count says so and reports whether
// the search is to stop.
//
//go:noinline
func (a *AlphaBeta) stopped() bool {
	if a.nodes&1023 == 0 {
		a.poll()
	}
	return a.stop
}

// leafChild is childOf for a leaf (a remaining depth of 1 or less) of a
// search without an endgame oracle, which does not read the path: q is
// not pushed. It is the search at the leaf, written out in one function
// (the leaves are most of the nodes): q's end by a repetition, the node
// count, and q's value, final or at the horizon, for me.
func leafChild[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], q P, me mancala.Player, ply int, alpha, beta float64) float64 {
	turn := t.ops.turn(q)
	if turn != mancala.NoTurn && t.mayRepeat(q) {
		var rep int
		if q, rep = t.endLeafAt(q); rep != noRepeat {
			a.rep = min(a.rep, rep)
			turn = t.ops.turn(q)
		}
	}
	pov := perspectiveOf(turn)
	if pov != me {
		alpha, beta = -beta, -alpha
	}
	var v float64
	switch {
	case !a.enter():
	case turn == mancala.NoTurn:
		a.plies[ply].pv = a.plies[ply].pv[:0]
		s, n := t.ops.stores(q)
		v = float64((s - n) * TerminalScale)
	default:
		a.plies[ply].pv = a.plies[ply].pv[:0]
		v = horizonValue(a, t, q, turn, ply, alpha, beta)
	}
	if pov != me {
		return -v
	}
	return v
}

// horizonValue values p, not over, at the horizon: by the quiescence
// search or the evaluation.
func horizonValue[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, turn mancala.Turn, ply int, alpha, beta float64) float64 {
	a.horizon = true
	if a.opts.Quiesce && turn != mancala.BothTurn {
		return quiesce(a, t, p, ply, alpha, beta, QuiesceDepth)
	}
	return clampHeuristic(t.ops.eval(p, perspectiveOf(turn)))
}

// search returns p's value from the point of view of perspective(p),
// fail-soft: a value <= alpha is an upper bound, >= beta a lower bound.
// p is the last position of t and h its table key (linePath.push).
func search[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, h uint64, depth, ply int, alpha, beta float64) float64 {
	if !a.enter() {
		return 0
	}
	pl := &a.plies[ply]
	pl.pv = pl.pv[:0]
	turn := t.ops.turn(p)
	if turn == mancala.NoTurn {
		s, n := t.ops.stores(p)
		return float64((s - n) * TerminalScale)
	}
	if a.eg != nil && ply > 0 && turn != mancala.BothTurn {
		if v, ok := oracleValue(a, t, p, depth); ok {
			return v
		}
	}
	if depth <= 0 {
		return horizonValue(a, t, p, turn, ply, alpha, beta)
	}
	var ttMove mancala.Move
	if a.useTT {
		if e, ok := a.tt.probe(h); ok {
			ttMove = e.move
			if a.usable(&e, depth) && (e.bound == boundExact ||
				(e.bound == boundLower && e.value >= beta) ||
				(e.bound == boundUpper && e.value <= alpha)) {
				if !e.proven {
					a.horizon = true
				}
				a.estimated = a.estimated || e.estimated
				return e.value
			}
		}
	}
	if turn == mancala.BothTurn {
		return t.ops.simultaneous(a, p, h, depth, ply)
	}
	saved, savedEst, savedRep := a.horizon, a.estimated, a.rep
	a.horizon, a.estimated, a.rep = false, false, noRepeat
	me := perspectiveOf(turn)
	moves := t.ops.legal(pl.moves[:0], p)
	pl.moves = moves
	a.score(pl, moves, ttMove, me)
	alpha0 := alpha
	best := math.Inf(-1)
	var bestMove mancala.Move
	// With children that read the table (depth >= 2), each child's
	// sibling after it is played before the child is searched, and its
	// slot of the table fetched meanwhile: the search of the child then
	// hides the fetch's wait.
	ahead := a.useTT && depth >= 2 && a.eg == nil
	var next P
	var nextH uint64
	for i := range moves {
		var m mancala.Move
		var q P
		var hq uint64
		switch {
		case ahead && i > 0:
			m, q, hq = moves[i], next, nextH // picked and played with moves[i-1]
		case ahead:
			m = moves[0] // picked by score
			q = t.ops.apply(p, m)
			hq = t.ops.hash(q)
			a.tt.prefetch(t.key(q, hq))
		default:
			if m = moves[i]; i > 0 { // moves[0] is picked by score
				m = pickNext(moves, pl.scores, i)
			}
			q = t.ops.apply(p, m)
		}
		if ahead && i+1 < len(moves) {
			next = t.ops.apply(p, pickNext(moves, pl.scores, i+1))
			nextH = t.ops.hash(next)
			a.tt.prefetch(t.key(next, nextH))
		}
		var v float64
		switch {
		case depth <= 1 && a.eg == nil:
			v = leafChild(a, t, q, me, ply+1, alpha, beta)
		case (a.opts.PVS || a.opts.Reduce) && i > 0 && !math.IsInf(alpha, -1):
			v = lateChild(a, t, p, q, hq, ahead, me, depth, ply+1, i, alpha, beta)
		default:
			v = childOf(a, t, q, hq, ahead, me, depth, ply+1, alpha, beta)
		}
		if a.stop {
			a.horizon = true
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				pl.pv = append(append(pl.pv[:0], m), a.plies[ply+1].pv...)
			}
		}
		if alpha >= beta {
			if m != pl.killers[0] {
				pl.killers[1], pl.killers[0] = pl.killers[0], m
			}
			if hs, ok := m.House(me); ok {
				a.history[me][hs] += int32(depth * depth)
			}
			break
		}
	}
	proven, estimated := !a.horizon, a.estimated
	a.horizon, a.estimated = a.horizon || saved, a.estimated || savedEst
	if a.useTT {
		bound := boundExact
		switch {
		case best <= alpha0:
			bound = boundUpper
		case best >= beta:
			bound = boundLower
		}
		storeValue(a, t, h, best, bestMove, depth, bound, proven, estimated, t.len()-1)
	}
	a.rep = min(a.rep, savedRep)
	return best
}

// storeValue stores the value of the position at index i of the path,
// whose table key is h, searched to depth with its best move, unless the
// value used a repetition (a.rep) of a position before it that its key
// does not cover (see path.covered): such a value holds only along this
// line, and the table keeps only its move, at depth 0, which no search
// takes for a value.
func (a *AlphaBeta) storeValue(h uint64, v float64, m mancala.Move, depth int, bound uint8, proven, estimated bool, i int) {
	storeValue(a, &a.path, h, v, m, depth, bound, proven, estimated, i)
}

// storeValue is AlphaBeta.storeValue on the path t.
func storeValue[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], h uint64, v float64, m mancala.Move, depth int, bound uint8, proven, estimated bool, i int) {
	if a.rep < t.covered(i) {
		a.tt.store(h, 0, m, 0, boundExact, false, false)
		return
	}
	a.tt.store(h, v, m, depth, bound, proven, estimated)
}

// oracleValue returns p's value for its mover from the endgame oracle, if
// it answers and the answer may be used: as exact where no earlier
// position can come back (see path.fresh), and elsewhere only at the
// horizon (depth <= 0), as an estimate; the oracle is not asked about the
// nodes in between. An oracle of estimates (WithEndgameEstimate) is
// asked where an exact one would be, and its answers are all estimates;
// where it is asked at any depth, its answer marks the search as
// estimated (AlphaBeta.estimated), not as having met a horizon, so that
// the table reuses a value built on such answers at any remaining depth
// but never takes it for proven. The estimate: the oracle's value holds for p without
// its history, in which a repetition can end the game sooner. It is put
// on the scale of proven values (a repetition that gives away a database
// win is then seen as the loss it is), one unit nearer 0, so that the
// player ahead prefers a line that makes his gain real (by a capture,
// after which the oracle is exact) to one that only keeps it in prospect.
func oracleValue[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, depth int) (float64, bool) {
	fresh := t.fresh(p, t.len()-2)
	if fresh && a.egb != nil {
		if v, ok := boundValue(a, t, p); ok {
			return v, true
		}
	}
	if !fresh && depth > 0 || t.ops.houseSeeds(p) > a.egSeeds {
		return 0, false
	}
	gain, ok := a.eg(t.ops.position(p))
	if !ok {
		return 0, false
	}
	me := perspectiveOf(t.ops.turn(p))
	s, n := t.ops.stores(p)
	if me == mancala.North {
		s, n = n, s
	}
	v := float64((s - n + gain) * TerminalScale)
	switch {
	case fresh && !a.egEstimate:
		return v, true
	case fresh:
		a.estimated = true // asked at any depth: the value does not depend on it
	default:
		a.horizon = true
	}
	switch {
	case v > 0:
		v--
	case v < 0:
		v++
	}
	return v, true
}
