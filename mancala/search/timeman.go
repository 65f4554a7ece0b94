package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// Limits are the limits of the search of one move as a game protocol or a
// GUI states them (the UCI go command's): a depth, a node count, a fixed
// time for the move, each player's clock, or none until told to stop. A
// zero field sets nothing. [AlphaBeta.SearchLimits] searches within them,
// a [TimeManager] turning the times into deadlines.
type Limits struct {
	// Depth is the deepest iteration, in decisions; 0 means none.
	Depth int
	// Nodes stops the search after about this many nodes; 0 means none.
	Nodes int64
	// MoveTime is the time for this move; 0 means none. It takes the
	// place of the clocks.
	MoveTime time.Duration
	// Time is each player's time left on his clock and Inc his increment
	// a move, indexed by mancala.Player. The player to move reads his
	// own; at a simultaneous decision the engine plans with the smaller
	// clock and increment.
	Time, Inc [2]time.Duration
	// MovesToGo is the number of moves to the next time control; 0
	// means none (sudden death, or increments only).
	MovesToGo int
	// Infinite searches until the context is cancelled (a GUI's stop):
	// no time limit, and no depth limit but Depth's.
	Infinite bool
}

// ErrLimits is wrapped by the *[LimitsError] values that refuse Limits.
var ErrLimits = errors.New("search: invalid limits")

// LimitsError says which field of [Limits] is out of range.
type LimitsError struct {
	Field string // the field's name, such as "MoveTime"
	Value string // its value as given
	Want  string // what is allowed, such as "0 or more"
}

func (e *LimitsError) Error() string {
	return fmt.Sprintf("search: limits: %s %s: want %s", e.Field, e.Value, e.Want)
}

// Unwrap returns [ErrLimits].
func (e *LimitsError) Unwrap() error { return ErrLimits }

// Check returns a *[LimitsError] for the first negative field of l (a
// field is negative: zero means not set), or nil.
func (l Limits) Check() error {
	bad := func(field string, v any) error {
		return &LimitsError{Field: field, Value: fmt.Sprint(v), Want: "0 (none) or more"}
	}
	switch {
	case l.Depth < 0:
		return bad("Depth", l.Depth)
	case l.Nodes < 0:
		return bad("Nodes", l.Nodes)
	case l.MoveTime < 0:
		return bad("MoveTime", l.MoveTime)
	case l.MovesToGo < 0:
		return bad("MovesToGo", l.MovesToGo)
	}
	for pl, name := range [2]string{"South", "North"} {
		if l.Time[pl] < 0 {
			return bad("Time["+name+"]", l.Time[pl])
		}
		if l.Inc[pl] < 0 {
			return bad("Inc["+name+"]", l.Inc[pl])
		}
	}
	return nil
}

// clock reports whether l sets a clock (and no MoveTime, which wins).
func (l Limits) clock() bool {
	return !l.Infinite && l.MoveTime <= 0 && (l.Time[mancala.South] > 0 || l.Time[mancala.North] > 0)
}

// timed reports whether l sets a time of its own (or none, for Infinite):
// then the options' Time and SoftTime give way.
func (l Limits) timed() bool {
	return l.Infinite || l.MoveTime > 0 || l.clock()
}

// The safety margins of the time manager.
const (
	// moveTimeMargin caps the part of a MoveTime kept back for the answer
	// to travel: a tenth of it, at most this.
	moveTimeMargin = 20 * time.Millisecond
	// clockReserve caps the part of a clock never planned for: a tenth of
	// it, at most this.
	clockReserve = 100 * time.Millisecond
)

// Iteration growth bounds of the time manager: the next iteration is
// expected to take the last one's time times the last growth, within
// these.
const (
	minGrowth = 1.5
	maxGrowth = 6
)

// A TimeManager turns the times of [Limits] into the deadlines of one
// move's search, measured from its start, and decides after each completed
// iteration whether to begin another.
//
// With a MoveTime t, the hard deadline is t less a tenth of it (at most
// 20ms) for the answer to travel, and every iteration that fits may
// begin. With a clock, the aim (Soft) is the mover's time left, less a
// reserve of a tenth of it (at most 100ms), shared over the moves he can
// expect to come (30 with the whole board in play, down to 12 as the
// seeds on the board run out, and at most MovesToGo), plus three quarters
// of his increment; the hard deadline is at most 4 times the aim and
// never more than a quarter of the usable time plus half the increment.
// No iteration begins once the aim is spent (half the aim when the best
// move has stood for 3 iterations, one and a half times it when it has
// just changed, from depth 4 on), nor when the next one, judged by how the
// last ones grew, would not end before the hard deadline. Without a time
// there are no deadlines.
//
// A TimeManager is for one search; it is not safe for concurrent use.
type TimeManager struct {
	soft, hard time.Duration
	clock      bool
	best       mancala.Move
	stable     int           // iterations since the best move last changed
	last, prev time.Duration // durations of the last two iterations
	at         time.Duration // when the last iteration ended
}

// NewTimeManager returns the time manager of a search of p within l.
func NewTimeManager(l Limits, p mancala.Position) *TimeManager {
	m := &TimeManager{}
	switch {
	case l.Infinite:
	case l.MoveTime > 0:
		m.hard = l.MoveTime - min(l.MoveTime/10, moveTimeMargin)
		m.soft = m.hard
	case l.clock():
		m.soft, m.hard = allot(l, p)
		m.clock = true
	}
	return m
}

// Soft returns the aim of the move, and Hard its deadline, from the start
// of the search; 0 means none.
func (m *TimeManager) Soft() time.Duration { return m.soft }

// Hard returns the time after which a search under way stops; 0 means
// none.
func (m *TimeManager) Hard() time.Duration { return m.hard }

// allot returns the aim and the hard deadline of a move of p under l's
// clock (see TimeManager).
func allot(l Limits, p mancala.Position) (target, hard time.Duration) {
	left, inc := l.Time[mancala.South], l.Inc[mancala.South]
	switch mover, ok := p.ToMove.Player(); {
	case ok && mover == mancala.North:
		left, inc = l.Time[mancala.North], l.Inc[mancala.North]
	case !ok: // a simultaneous decision: the smaller clock
		if n := l.Time[mancala.North]; n > 0 && (left <= 0 || n < left) {
			left = n
		}
		inc = min(inc, l.Inc[mancala.North])
	}
	left = max(left, time.Millisecond)
	reserve := min(left/10, clockReserve)
	usable := max(left-reserve, time.Millisecond)
	togo := movesToCome(p)
	if l.MovesToGo > 0 {
		togo = min(l.MovesToGo, togo)
	}
	target = usable/time.Duration(togo) + inc*3/4
	hard = min(target*4, usable/4+inc/2, usable)
	target = min(target, hard)
	return max(target, time.Millisecond), max(hard, time.Millisecond)
}

// movesToCome guesses how many moves the player to move in p has still to
// make: 30 with the whole board in play, down to 12 when few seeds are
// left (such endings are often solved, and then need no time at all).
func movesToCome(p mancala.Position) int {
	b := &p.Board
	onBoard := b.Total() - b.Store(mancala.South) - b.Store(mancala.North)
	return max(12, min(30, 8+onBoard/2))
}

// Continue reports whether another iteration should begin after res,
// completed el after the search began.
func (m *TimeManager) Continue(res Result, el time.Duration) bool {
	if res.Exact {
		return false
	}
	if !m.clock {
		return m.hard <= 0 || el < m.hard
	}
	if res.Move == m.best {
		m.stable++
	} else {
		m.best, m.stable = res.Move, 0
	}
	m.prev, m.last, m.at = m.last, el-m.at, el
	target := m.soft
	switch {
	case res.Depth < 4:
	case m.stable >= 3:
		target /= 2
	case m.stable == 0:
		target = target * 3 / 2
	}
	if el >= min(target, m.hard) {
		return false
	}
	growth := float64(maxGrowth)
	if m.prev > 0 {
		growth = min(max(float64(m.last)/float64(m.prev), minGrowth), maxGrowth)
	}
	return el+time.Duration(float64(m.last)*growth) < m.hard
}

// SearchLimits searches p as [AlphaBeta.Search] does, within the limits
// l, which take the place of the options' own for this search (the
// options are as before when it returns):
//
//   - Depth and Nodes: the smaller of l's and the options' where both are
//     set.
//   - MoveTime, a clock, or Infinite: the options' Time and SoftTime give
//     way to the deadlines of a [TimeManager] (none for Infinite); with a
//     clock, a move that is the only legal one is searched one decision
//     deep. Limits that set no time but a Depth or Nodes drop the
//     options' Time and SoftTime too (the GUI asked for that search); the
//     zero Limits keep every option.
//   - Infinite with no depth or node limit at all searches to [MaxDepth]
//     (until ctx is cancelled, in practice).
//
// The options' Info is called as before. Invalid limits give an error
// wrapping [ErrLimits]; the other errors are Search's.
func (a *AlphaBeta) SearchLimits(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, l Limits) (Result, error) {
	if err := l.Check(); err != nil {
		return Result{}, err
	}
	if err := checkRoot(r, p); err != nil {
		return Result{}, err
	}
	start := time.Now()
	old := a.opts
	defer func() { a.opts = old }()
	o := old
	if l.Depth > 0 && (o.Depth <= 0 || l.Depth < o.Depth) {
		o.Depth = min(l.Depth, MaxDepth)
	}
	if l.Nodes > 0 && (o.Nodes <= 0 || l.Nodes < o.Nodes) {
		o.Nodes = l.Nodes
	}
	if l.timed() || l.Depth > 0 || l.Nodes > 0 {
		o.Time, o.SoftTime = 0, 0
	}
	var tm *TimeManager
	if l.timed() {
		tm = NewTimeManager(l, p)
		o.Time = tm.Hard()
		if l.clock() && len(r.Legal(a.scratch(), p)) == 1 {
			o.Depth = 1 // a forced move needs no thought
		}
	}
	if l.Infinite && o.Depth <= 0 && o.Nodes <= 0 {
		o.Depth = MaxDepth
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if tm != nil && tm.clock {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		info := o.Info
		o.Info = func(res Result) {
			if info != nil {
				info(res)
			}
			if !tm.Continue(res, time.Since(start)) {
				cancel() // the search returns this iteration's result
			}
		}
	}
	a.opts = o
	return a.Search(ctx, r, history, p)
}

// scratch returns a buffer for a root's legal moves, outside a search.
func (a *AlphaBeta) scratch() []mancala.Move {
	a.grow(1)
	return a.plies[0].moves[:0]
}
