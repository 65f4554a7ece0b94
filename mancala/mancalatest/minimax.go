package mancalatest

import "github.com/sowing-games/sowing/mancala"

// Minimax returns the final store difference, South's store minus North's,
// under perfect play from p (South maximising it, North minimising it), by
// plain minimax over every line to the end of the game, memoised by
// position: the brute force that a solver or an endgame database of r
// must agree with. It is for tiny games only, as it visits every position
// reachable from p. It returns false if a position on the way has a
// simultaneous decision, or is reached again from itself (a game that can
// repeat a position has no value by minimax alone).
func Minimax(r mancala.Ruleset, p mancala.Position) (int, bool) {
	m := minimaxer{r: r, memo: map[mancala.Position]int{}, open: map[mancala.Position]bool{}, ok: true}
	v := m.search(p, 0)
	return v, m.ok
}

type minimaxer struct {
	r    mancala.Ruleset
	memo map[mancala.Position]int
	open map[mancala.Position]bool // positions on the current line
	buf  [][]mancala.Move          // a buffer of moves per depth
	ok   bool                      // false once a position has no value by minimax
}

func (m *minimaxer) search(p mancala.Position, depth int) int {
	if p.Over() {
		return p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
	}
	if v, ok := m.memo[p]; ok {
		return v
	}
	if p.ToMove != mancala.SouthTurn && p.ToMove != mancala.NorthTurn || m.open[p] {
		m.ok = false
		return 0
	}
	m.open[p] = true
	for len(m.buf) <= depth {
		m.buf = append(m.buf, nil)
	}
	m.buf[depth] = m.r.Legal(m.buf[depth][:0], p)
	south := p.ToMove == mancala.SouthTurn
	best := 0
	for i := 0; i < len(m.buf[depth]) && m.ok; i++ {
		v := m.search(m.r.Apply(p, m.buf[depth][i]), depth+1)
		if i == 0 || (south && v > best) || (!south && v < best) {
			best = v
		}
	}
	delete(m.open, p)
	if m.ok {
		m.memo[p] = best
	}
	return best
}
