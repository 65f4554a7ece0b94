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
// ttSlot for how threads share it without a lock). The first helper
// (and every other one after it) searches the searcher's depths; the
// second (and every other one after it) each iteration a ply deeper,
// so that the others find the table filled ahead of them. The table's
// moves and the timing of the threads make their trees part ways. (With
// two threads, the helper a ply deeper was no faster to depth 14 than
// the one at the same depth, by BenchmarkAlphaBetaAbapa; see ELO.md.)
// Once the searcher stops (or a helper completes the last iteration or
// proves the value, which stops it), the helpers are cancelled, and the
// search returns the deepest iteration completed, or a proven one: the
// searcher's, or a helper's (reported to Info as well).

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
	// A helper that completes the last iteration, or proves the value,
	// ends the searcher's search too.
	mctx, cancelMain := context.WithCancel(ctx)
	defer cancelMain()
	a.done = mctx.Done()
	var (
		mu     sync.Mutex
		deep   Result // the helpers' deepest iteration, or a proven one
		deepPV []mancala.Move
	)
	report := func(r Result) {
		mu.Lock()
		if !deep.Exact && (r.Exact || r.Depth > deep.Depth) {
			deep, deepPV = r, append(deepPV[:0], r.PV...)
		}
		mu.Unlock()
		if r.Depth >= maxDepth || r.Exact {
			cancelMain()
		}
	}
	n := a.opts.Threads - 1
	if len(a.counts) != n {
		a.counts = make([]atomic.Int64, n)
	}
	a.tt.shared = true
	a.helper(&a.lazy, n-1, -1) // without tables of their own
	helpers := a.lazy[:n]
	for i, h := range helpers {
		h.opts.Nodes, h.opts.SoftTime, h.opts.Info = 0, 0, report
		a.startHelper(h, hctx, history)
		h.tt, h.useTT = a.tt, a.useTT
		h.skew = i % 2
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
		h.tt, h.useTT, h.published, h.skew, h.opts.Info = ttable{}, false, nil, 0, nil
	}
	if !res.Exact && (deep.Exact || deep.Depth > res.Depth) {
		// A helper searched deeper than the searcher, or proved the value:
		// its answer is the search's (the same root, history and rules; a
		// complete iteration).
		nodes := res.Nodes
		res = deep
		res.Nodes, res.PV = nodes, append([]mancala.Move(nil), deepPV...)
		if a.opts.Info != nil {
			a.opts.Info(res)
		}
	}
	return res
}
