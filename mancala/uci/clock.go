package uci

import (
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// The engine's time management with a clock (go wtime/btime): [allot]
// gives a move a target and a hard limit, and a [mover] decides after each
// completed iteration whether to begin another (see examples/uci/ELO.md
// for what was measured).

// allot returns the target and the hard limit of a move under gp for the
// player to move in p (South reads wtime/winc, North btime/binc), and false
// if gp sets no clock. The target is what is left (less a reserve) shared
// over the moves still to come, plus three quarters of the increment; the
// moves to come are fewer as the seeds on the board run out, so that the
// middle game gets more than the opening. The hard limit, at most 4 times
// the target and never more than a quarter of what is left, is where an
// iteration under way is stopped.
func allot(gp GoParams, p mancala.Position) (target, hard time.Duration, ok bool) {
	mover, _ := p.ToMove.Player()
	left, inc := gp.WTime, gp.WInc
	if mover == mancala.North {
		left, inc = gp.BTime, gp.BInc
	}
	if left <= 0 {
		return 0, 0, false
	}
	reserve := min(left/10, 100*time.Millisecond)
	usable := max(left-reserve, time.Millisecond)
	togo := movesToCome(p)
	if gp.MovesToGo > 0 {
		togo = min(gp.MovesToGo, togo)
	}
	target = usable/time.Duration(togo) + inc*3/4
	hard = min(target*4, usable/4+inc/2, usable)
	target = min(target, hard)
	return max(target, time.Millisecond), max(hard, time.Millisecond), true
}

// movesToCome guesses how many moves the player to move in p has still to
// make: 30 with the whole board in play, down to 12 when few seeds are
// left (such endings are often solved, and then need no time at all).
func movesToCome(p mancala.Position) int {
	b := &p.Board
	onBoard := b.Total() - b.Store(mancala.South) - b.Store(mancala.North)
	return max(12, min(30, 8+onBoard/2))
}

// A mover decides, after each iteration of a search with a clock, whether
// to begin the next: not once the target is spent (half of it when the
// best move has stood for several iterations, half as much again when it
// has just changed), and never when the next iteration, judged by how the
// last ones grew, would not end before the hard limit.
type mover struct {
	target, hard time.Duration
	best         mancala.Move
	stable       int           // iterations since the best move last changed
	last, prev   time.Duration // durations of the last two iterations
	at           time.Duration // when the last iteration ended
}

// Growth bounds of an iteration's duration over the one before.
const (
	minGrowth = 1.5
	maxGrowth = 6
)

// next reports whether another iteration should begin after res, completed
// el after the search began.
func (m *mover) next(res search.Result, el time.Duration) bool {
	if res.Exact {
		return false
	}
	if res.Move == m.best {
		m.stable++
	} else {
		m.best, m.stable = res.Move, 0
	}
	m.prev, m.last, m.at = m.last, el-m.at, el
	target := m.target
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
