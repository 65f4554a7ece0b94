package search

import (
	"context"
	"math"
	"sync"

	"github.com/sowing-games/sowing/mancala"
)

// Parallel search (AlphaBetaOptions.Threads above one) splits the root:
// in each iteration the searcher searches the first root move (the best
// of the iteration before) with a full window, then it and its helpers
// search the other root moves, each with the window (best so far, +inf):
// a move that fails low cannot be the best, and one that does not has its
// exact value. Each helper is an AlphaBeta of its own with its own table;
// worker k takes the moves of the houses h with h mod Threads == k, the
// same in every iteration, so that its table keeps what it learnt about
// them (sharing the moves out as workers came free made the workers visit
// half as many positions again; this way some 15% more than one). The value of each iteration is that of
// the serial search (with the same table contents); the move may differ
// between equal values, and node counts vary from run to run.
//
// A simultaneous decision at the root is searched by one goroutine.

// helper returns the i-th helper of list (a.helpers, or a.lazy with
// tableSize -1), made on first use with a's options for one thread.
func (a *AlphaBeta) helper(list *[]*AlphaBeta, i, tableSize int) *AlphaBeta {
	for len(*list) <= i {
		o := a.opts
		o.Threads, o.Info, o.TableSize, o.SharedTable = 1, nil, tableSize, false
		*list = append(*list, NewAlphaBeta(o))
	}
	return (*list)[i]
}

// startHelper sets the helper h up for a's search after history, with a's
// limits (h.opts.Nodes and SoftTime set by the caller) under ctx, on a's
// path.
func (a *AlphaBeta) startHelper(h *AlphaBeta, ctx context.Context, history []mancala.Position) {
	h.opts.Time, h.opts.Depth = a.opts.Time, a.opts.Depth
	h.opts.Eval, h.opts.Quiesce, h.opts.PVS, h.opts.Reduce = a.opts.Eval, a.opts.Quiesce, a.opts.PVS, a.opts.Reduce
	h.prepare(ctx, a.r, history)
	h.deadline = a.deadline
	if a.stepped {
		h.startStepper(a.fops.s, a.fops.n, history)
	}
}

// searchRootParallel is searchRoot with a.opts.Threads goroutines.
func (a *AlphaBeta) searchRootParallel(ctx context.Context, history []mancala.Position, p mancala.Position, maxDepth int) Result {
	return searchRootParallel(a, ctx, history, p, maxDepth, func(w *AlphaBeta) *path { return &w.path })
}

// searchRootParallel is AlphaBeta.searchRootParallel on the positions of
// the paths that pathOf gives each worker, set up for the search.
func searchRootParallel[P comparable, O nodeOps[P]](a *AlphaBeta, ctx context.Context, history []mancala.Position, p P, maxDepth int,
	pathOf func(w *AlphaBeta) *linePath[P, O]) Result {
	root := &a.plies[0]
	moves := pathOf(a).ops.legal(root.moves[:0], p)
	root.moves = moves
	// No more workers than root moves: the others would have nothing to
	// do, and making their tables would spend the time limit (a thousand
	// threads once returned the unsearched first move at depth 0).
	workers := []*AlphaBeta{a}
	for i := 0; i < min(a.opts.Threads, len(moves))-1; i++ {
		h := a.helper(&a.helpers, i, a.opts.TableSize)
		h.opts.Nodes = a.opts.Nodes
		a.startHelper(h, ctx, history)
		workers = append(workers, h)
	}
	t := pathOf(a)
	me := perspectiveOf(t.ops.turn(p))
	var h uint64 // the root's table key, the same in every worker's path
	for _, w := range workers {
		tw := pathOf(w)
		h = tw.push(p, tw.ops.hash(p))
	}
	if a.useTT {
		if e, ok := a.tt.probe(h); ok {
			moveToFront(moves, e.move)
		}
	}
	defer func() {
		for _, w := range workers {
			pathOf(w).pop()
		}
	}()
	res := Result{Move: moves[0], Value: math.Inf(-1)}
	a.resPV = append(a.resPV[:0], moves[0])
	nodes := func() int64 {
		n := int64(0)
		for _, w := range workers {
			n += w.nodes
		}
		return n
	}
	var (
		mu        sync.Mutex
		best      float64
		bestMove  mancala.Move
		horizon   bool
		estimated bool
		rep       int // the least of the workers' a.rep
		completed int
		stopped   bool
	)
	for depth := 1; depth <= maxDepth; depth++ {
		a.pollIteration(depth)
		if a.stop {
			break
		}
		a.horizon, a.estimated, a.rep = false, false, noRepeat
		v := child(a, t, p, moves[0], me, depth, 1, math.Inf(-1), math.Inf(1))
		if a.stop {
			break
		}
		best, bestMove, horizon, estimated, rep, completed, stopped = v, moves[0], a.horizon, a.estimated, a.rep, 1, false
		a.bestPV = append(append(a.bestPV[:0], moves[0]), a.plies[1].pv...)
		run := func(k int, w *AlphaBeta) {
			for i := 1; i < len(moves); i++ {
				if hs, _ := moves[i].House(me); hs%len(workers) != k {
					continue // another worker's: each keeps the same moves, and its table warm for them
				}
				mu.Lock()
				if stopped {
					mu.Unlock()
					return
				}
				alpha := best
				mu.Unlock()
				w.horizon, w.estimated, w.rep = false, false, noRepeat
				tw := pathOf(w)
				v := child(w, tw, p, moves[i], me, depth, 1, alpha, math.Inf(1))
				mu.Lock()
				if w.stop {
					stopped = true
					mu.Unlock()
					return
				}
				completed++
				horizon = horizon || w.horizon
				estimated = estimated || w.estimated
				rep = min(rep, w.rep)
				if v > best {
					best, bestMove = v, moves[i]
					a.bestPV = append(append(a.bestPV[:0], moves[i]), w.plies[1].pv...)
				}
				mu.Unlock()
			}
		}
		var wg sync.WaitGroup
		for k, w := range workers[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(k+1, w)
			}()
		}
		run(0, a)
		wg.Wait()
		if stopped || a.stop {
			a.stop = true
			if res.Depth == 0 && completed > 0 {
				res.Move, res.Value = bestMove, best
				a.resPV = append(a.resPV[:0], a.bestPV...)
			}
			break
		}
		res = Result{Move: bestMove, Value: best, Depth: depth, Exact: !horizon && !estimated}
		a.resPV = append(a.resPV[:0], a.bestPV...)
		if a.useTT {
			a.rep = rep
			storeValue(a, t, h, best, bestMove, depth, boundExact, !horizon, estimated, t.len()-1)
		}
		moveToFront(moves, bestMove)
		if a.opts.Info != nil {
			info := res
			info.Nodes, info.PV = nodes(), a.resPV
			a.opts.Info(info)
		}
		if !horizon {
			break // as in searchRoot
		}
		if a.opts.SoftTime > 0 && a.sinceStart() >= a.opts.SoftTime {
			break
		}
	}
	if math.IsInf(res.Value, -1) {
		res.Value = 0
	}
	res.Nodes = nodes()
	res.PV = append([]mancala.Move(nil), a.resPV...)
	return res
}
