package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// This file holds what the general and the packed solver share: the run
// (nodes, polling, progress, stopping), MTD(f), a node's window, the order
// of children, and the first guess.

// solveRun is what both solvers keep of a run: the nodes visited, the
// context and the error that stopped the run, and progress output.
type solveRun struct {
	nodes     int64
	nextPoll  int64
	every     int64 // nodes between polls
	ctx       context.Context
	err       error
	progress  io.Writer
	tag       string // ends the progress lines: "" or " (packed)"
	start     time.Time
	lastPrint time.Time
	// stop, if not nil, is shared by the workers of a packed solve: set,
	// it ends a pass's searches once one has its value.
	stop *atomic.Bool
}

func newSolveRun(ctx context.Context, progress io.Writer, every int64, tag string) solveRun {
	now := time.Now()
	return solveRun{nextPoll: every, every: every, ctx: ctx, progress: progress, tag: tag, start: now, lastPrint: now}
}

// errStopped stops a worker's search when another has finished the pass.
var errStopped = errors.New("search: pass finished by another worker")

// enter is a search's first step at a node of depth ply: it counts the
// node, polls every so often, and stops the run if another worker has
// finished the pass or the line is too long ([MaxSolveDepth]). It reports
// whether the search goes on.
func (s *solveRun) enter(ply int) bool {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stop != nil && s.stop.Load() {
		s.err = errStopped
	}
	if ply >= MaxSolveDepth && s.err == nil {
		s.err = &DepthError{Depth: MaxSolveDepth, Nodes: s.nodes}
	}
	return s.err == nil
}

// poll checks the context, setting err if it is done, prints the node
// count and rate at most every 5 seconds, and sets the next poll.
func (s *solveRun) poll() {
	s.nextPoll = s.nodes + s.every
	if err := s.ctx.Err(); err != nil {
		s.err = fmt.Errorf("search: solve stopped after %d nodes: %w", s.nodes, err)
		return
	}
	if s.progress != nil {
		if now := time.Now(); now.Sub(s.lastPrint) >= 5*time.Second {
			s.lastPrint = now
			el := now.Sub(s.start)
			fmt.Fprintf(s.progress, "solve: %d nodes, %v, %.0f nodes/s%s\n", s.nodes, el.Round(time.Millisecond), float64(s.nodes)/el.Seconds(), s.tag)
		}
	}
}

// mtdf finds an exact value by MTD(f): null-window tests from guess, each
// test(alpha, beta) a fail-soft search with beta = alpha+1, until the
// bounds lo and hi of the value meet. It returns the value and the
// number of passes; it stops when the run has an error. With what not
// empty, each pass writes a progress line naming the value so.
func mtdf[V int | float64](run *solveRun, lo, hi, guess V, test func(alpha, beta V) V, what string) (V, int) {
	g := guess
	passes := 0
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		alpha := beta - 1
		g = test(alpha, beta)
		passes++
		if run.err != nil {
			return 0, passes
		}
		switch {
		case g <= alpha:
			hi = g
		case g >= beta:
			lo = g
		default:
			lo, hi = g, g
		}
		if what != "" && run.progress != nil {
			fmt.Fprintf(run.progress, "solve: pass %d, test %v: %s in [%v, %v], %d nodes, %v%s\n",
				passes, beta, what, lo, hi, run.nodes, time.Since(run.start).Round(time.Millisecond), run.tag)
		}
	}
	return lo, passes
}

// window is a node's search window and what is known of its value: the
// caller's window (alpha, beta), bounds lo <= value <= hi, and the window
// (a, b) for its children, narrowed by the bounds and the children
// searched so far.
type window[V int | float64] struct {
	alpha, beta V
	lo, hi      V
	a, b        V
}

// bound sets the node's bounds (its score bounds) and reports the value if
// they settle it: a bound outside the window.
func (w *window[V]) bound(lo, hi V) (V, bool) {
	w.lo, w.hi = lo, hi
	if lo >= w.beta {
		return lo, true
	}
	if hi <= w.alpha {
		return hi, true
	}
	return 0, false
}

// narrow narrows the node's bounds by a table entry's and reports the
// value if they settle it: a bound outside the window, or an exact value.
func (w *window[V]) narrow(lo, hi V) (V, bool) {
	w.lo, w.hi = max(w.lo, lo), min(w.hi, hi)
	if w.lo >= w.beta || w.lo == w.hi {
		return w.lo, true
	}
	if w.hi <= w.alpha {
		return w.hi, true
	}
	return 0, false
}

// open sets the children's window: the caller's narrowed by the bounds.
func (w *window[V]) open() { w.a, w.b = max(w.alpha, w.lo), min(w.beta, w.hi) }

// clamp returns v within the node's bounds.
func (w *window[V]) clamp(v V) V { return max(min(v, w.hi), w.lo) }

// orderKey is the key by which both solvers order a node's children
// (the table's move is searched before): the mover's gain in store
// difference, another decision of his own counting as three seeds; ties
// to the house later in sowing order (in Kalah and Congkak, nearer the
// store: sowing it first keeps the others' counts intact).
func orderKey(gain int, again bool, house int) int32 {
	key := int32(gain+256) << 8
	if again {
		key += 3 << 8
	}
	return key + int32(house)
}

// firstGuess runs a short alpha-beta search for MTD(f)'s first guess of
// p's value (South's final store difference).
func firstGuess(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position) int {
	if p.ToMove == mancala.BothTurn {
		return 0
	}
	ab := NewAlphaBeta(AlphaBetaOptions{Depth: 10, Nodes: 200000, TableSize: 1 << 16, Eval: StoreDifference})
	res, err := ab.Search(ctx, r, history, p)
	if err != nil {
		return 0
	}
	v := res.Value
	if perspective(p) == mancala.North {
		v = -v
	}
	if math.Abs(v) >= TerminalScale {
		v /= TerminalScale // a value of finished games
	}
	return int(math.Round(max(min(v, solveMax), solveMin)))
}
