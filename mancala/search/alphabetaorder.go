package search

import "github.com/sowing-games/sowing/mancala"

// AlphaBeta's helpers beside the search itself: the principal variation's
// extension from the table, the quiescence search at the horizon, and
// move ordering.

// extendPV lengthens a.resPV, the principal variation from p (the last
// position of a.path), with the table's moves from exact entries where
// the search's own line was cut short by a table hit, up to depth moves in
// all. It follows the line on the path, for the table keys and the
// repetitions, and leaves the path as it was.
func (a *AlphaBeta) extendPV(p mancala.Position, depth int) {
	base := len(a.path.pos)
	q, key := p, uint64(0)
	for _, m := range a.resPV {
		q = a.r.Apply(q, m)
		q, key = a.path.end(q, q.Hash())
		if q.Over() {
			break
		}
		key = a.path.push(q, key)
	}
	buf := a.plies[len(a.plies)-1].moves
	for len(a.resPV) < depth && !q.Over() {
		e := a.tt.probe(key)
		if e == nil || e.bound != boundExact || e.move.IsZero() || e.move.Turn() != q.ToMove {
			break
		}
		legal := false
		buf = a.r.Legal(buf[:0], q)
		for _, m := range buf {
			legal = legal || m == e.move
		}
		if !legal {
			break
		}
		a.resPV = append(a.resPV, e.move)
		q = a.r.Apply(q, e.move)
		q, key = a.path.end(q, q.Hash())
		if !q.Over() {
			key = a.path.push(q, key)
		}
	}
	a.plies[len(a.plies)-1].moves = buf
	for len(a.path.pos) > base {
		a.path.pop()
	}
}

func moveToFront(moves []mancala.Move, m mancala.Move) {
	for i, x := range moves {
		if x == m {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			return
		}
	}
}

// quiesce values p (not over, one player to move) from the point of view
// of its mover by the evaluation, or by the best capture sequence when
// that is better, fail-soft like search.
func (a *AlphaBeta) quiesce(p mancala.Position, ply int, alpha, beta float64, qd int) float64 {
	me := perspective(p)
	best := clampHeuristic(a.eval(p, me))
	if best >= beta || qd <= 0 || ply+1 >= len(a.plies) {
		return best
	}
	alpha = max(alpha, best)
	pl := &a.plies[ply]
	moves := a.r.Legal(pl.moves[:0], p)
	pl.moves = moves
	mine := p.Board.Store(me)
	for _, m := range moves {
		q := a.r.Apply(p, m)
		if !q.Over() && q.Board.Store(me) == mine {
			continue // a quiet move: the evaluation stands for it
		}
		a.nodes++
		var v float64
		switch {
		case q.Over():
			v = terminalValue(q)
			if me != mancala.South {
				v = -v
			}
		case q.ToMove == mancala.BothTurn:
			continue
		case perspective(q) == me:
			v = a.quiesce(q, ply+1, alpha, beta, qd-1)
		default:
			v = -a.quiesce(q, ply+1, -beta, -alpha, qd-1)
		}
		if v > best {
			best = v
			if v >= beta {
				return v
			}
			alpha = max(alpha, v)
		}
	}
	return best
}

// usable reports whether a table entry's value holds at the remaining depth.
func (a *AlphaBeta) usable(e *ttEntry, depth int) bool {
	if a.sameDepthOnly {
		return int(e.depth) == depth
	}
	return e.proven || int(e.depth) >= depth
}

// score gives each move its ordering score: the table's move first, then
// the killer moves of the ply, then by history score.
func (a *AlphaBeta) score(pl *abPly, moves []mancala.Move, ttMove mancala.Move, me mancala.Player) {
	for i, m := range moves {
		var s int32
		switch m {
		case ttMove:
			s = 1 << 30
		case pl.killers[0]:
			s = 1 << 29
		case pl.killers[1]:
			s = 1 << 28
		default:
			if h, ok := m.House(me); ok {
				s = min(a.history[me][h], 1<<27)
			}
		}
		pl.scores[i] = s
	}
}

// pickNext moves the best-scored move among moves[i:] to index i and
// returns it (a selection sort done lazily: cutoffs skip the rest).
func pickNext(moves []mancala.Move, scores []int32, i int) mancala.Move {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		scores[i], scores[b] = scores[b], scores[i]
	}
	return moves[i]
}
