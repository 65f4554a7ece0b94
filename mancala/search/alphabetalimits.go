package search

// A search's set-up and its limits: the deepest iteration, the clock,
// the node count and cancellation, polled as the search goes.

import (
	"context"
	"math"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// prepare sets a up for a search under r after history and returns the
// deepest iteration to start.
func (a *AlphaBeta) prepare(ctx context.Context, r mancala.Ruleset, history []mancala.Position) int {
	a.r = r
	a.eval = resolveEvaluator(a.opts.Eval, r)
	a.eg, a.egb, a.egEstimate, a.egSeeds = nil, nil, false, math.MaxInt
	if e, ok := r.(Endgamer); ok {
		a.eg = e.Endgame
	}
	if e, ok := r.(interface{ endgameSeeds() int }); ok {
		a.egSeeds = e.endgameSeeds()
	}
	if e, ok := r.(interface{ endgameEstimates() bool }); ok {
		a.egEstimate = e.endgameEstimates()
	}
	if b, ok := r.(EndgameBounder); ok {
		a.egb = b.EndgameBounds
		if a.eg == nil {
			a.eg, a.egSeeds = noOracle, -1
		}
	}
	a.sops.set(r, a.eval)
	a.path.reset(&a.sops, history)
	a.nodes = 0
	a.stop = false
	a.done = nil
	if ctx != nil {
		a.done = ctx.Done()
	}
	a.deadline = time.Time{}
	a.start = time.Now()
	if a.opts.Time > 0 {
		a.deadline = a.start.Add(a.opts.Time)
	}
	if ctx != nil {
		if d, ok := ctx.Deadline(); ok && (a.deadline.IsZero() || d.Before(a.deadline)) {
			a.deadline = d
		}
	}
	a.tt.gen++
	for pl := range a.history {
		for i := range a.history[pl] {
			a.history[pl][i] /= 8
		}
	}
	maxDepth := a.opts.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
		if a.opts.Nodes <= 0 && a.opts.Time <= 0 && a.deadline.IsZero() && a.opts.Depth <= 0 {
			maxDepth = DefaultDepth
		}
	}
	a.grow(maxDepth + 2 + QuiesceDepth)
	return maxDepth
}

func (a *AlphaBeta) sinceStart() time.Duration { return time.Since(a.start) }

// grow makes sure n plies of working space exist.
func (a *AlphaBeta) grow(n int) {
	for len(a.plies) < n {
		a.plies = append(a.plies, abPly{
			moves:  make([]mancala.Move, 0, mancala.MaxHouses*mancala.MaxHouses),
			scores: make([]int32, mancala.MaxHouses*mancala.MaxHouses),
			pv:     make([]mancala.Move, 0, MaxDepth+2),
			sch:    make([]int, 0, mancala.MaxHouses),
			nch:    make([]int, 0, mancala.MaxHouses),
			mat:    make([]float64, mancala.MaxHouses*mancala.MaxHouses),
			rowS:   make([]float64, mancala.MaxHouses),
			colS:   make([]float64, mancala.MaxHouses),
		})
	}
}

// poll sets a.stop when a limit is reached. It is called every 1024 nodes
// and at the start of each iteration.
func (a *AlphaBeta) poll() {
	if a.published != nil {
		a.published.Store(a.nodes)
	}
	if a.opts.Nodes > 0 && a.nodes >= a.opts.Nodes {
		a.stop = true
		return
	}
	if a.done != nil {
		select {
		case <-a.done:
			a.stop = true
			return
		default:
		}
	}
	if !a.deadline.IsZero() && !time.Now().Before(a.deadline) {
		a.stop = true
	}
}

// pollIteration is poll before the iteration of the given depth. The
// first iteration begins even when the time is already up (setting up a
// search's tables and helpers can take longer than a short limit on a
// busy machine): an answer must rest on a searched move. Only a
// cancelled context or the node limit stop it before it begins.
func (a *AlphaBeta) pollIteration(depth int) {
	a.poll()
	if depth == 1 && a.stop && (a.opts.Nodes <= 0 || a.nodes < a.opts.Nodes) {
		select {
		case <-a.done:
		default:
			a.stop = false
		}
	}
}
