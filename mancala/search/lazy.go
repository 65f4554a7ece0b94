package search

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala"
)

// Lazy SMP (AlphaBetaOptions.SharedTable with Threads above one): the
// searcher runs its iterative deepening as it does alone, and each helper
// runs its own beside it on the same root, with killer moves and history
// scores of its own, reading and writing the searcher's table (see
// ttSlot for how threads share it without a lock). Every other helper
// searches each iteration a ply deeper than the searcher, so that the
// searcher finds the table filled ahead of it; the others follow the
// searcher's depths, and the table's moves and the timing of the threads
// make their trees part ways. The helpers' results are dropped: the
// search returns the searcher's, once the searcher stops, the helpers
// are cancelled and have returned.

// lazyHelper returns the searcher's i-th lazy helper, made on first use,
// without a table of its own.
func (a *AlphaBeta) lazyHelper(i int) *AlphaBeta {
	for len(a.lazy) <= i {
		o := a.opts
		o.Threads, o.Info, o.TableSize, o.SharedTable = 1, nil, -1, false
		a.lazy = append(a.lazy, NewAlphaBeta(o))
	}
	return a.lazy[i]
}

// allNodes is the node count of the search so far: a's own, and its lazy
// helpers' as they last published them.
func (a *AlphaBeta) allNodes() int64 {
	n := a.nodes
	for i := range a.counts {
		n += a.counts[i].Load()
	}
	return n
}

// searchRootLazy is searchRoot with a.opts.Threads goroutines sharing a's
// table, on the positions of the paths that pathOf gives each, set up
// for the search.
func searchRootLazy[P comparable, O nodeOps[P]](a *AlphaBeta, ctx context.Context, history []mancala.Position, p P, maxDepth int,
	pathOf func(w *AlphaBeta) *linePath[P, O]) Result {
	if ctx == nil {
		ctx = context.Background()
	}
	hctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := a.opts.Threads - 1
	if len(a.counts) != n {
		a.counts = make([]atomic.Int64, n)
	}
	a.tt.shared = true
	a.lazyHelper(n - 1)
	helpers := a.lazy[:n]
	for i, h := range helpers {
		h.opts.Time, h.opts.Depth, h.opts.Nodes, h.opts.SoftTime = a.opts.Time, a.opts.Depth, 0, 0
		h.opts.Eval, h.opts.Quiesce = a.opts.Eval, a.opts.Quiesce
		h.prepare(hctx, a.r, history)
		h.deadline = a.deadline
		if a.stepped {
			h.startStepper(a.fops.s, a.fops.n, history)
		}
		h.tt, h.useTT = a.tt, a.useTT
		h.skew = 1 - i%2
		a.counts[i].Store(0)
		h.published = &a.counts[i]
	}
	var wg sync.WaitGroup
	for _, h := range helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			searchRoot(h, pathOf(h), p, maxDepth)
		}()
	}
	res := searchRoot(a, pathOf(a), p, maxDepth)
	cancel()
	wg.Wait()
	a.tt.shared = false
	for i, h := range helpers {
		res.Nodes += h.nodes
		a.counts[i].Store(0)
		h.tt, h.useTT, h.published, h.skew = ttable{}, false, nil, 0
	}
	return res
}
