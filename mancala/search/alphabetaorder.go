package search

import (
	"math"

	"github.com/sowing-games/sowing/mancala"
)

// AlphaBeta's helpers beside the search itself: the principal variation's
// extension from the table, the quiescence search at the horizon, and
// move ordering.

// extendPV lengthens a.resPV, the principal variation from p (the last
// position of t), with the table's moves from exact entries where
// the search's own line was cut short by a table hit, up to depth moves in
// all. It follows the line on the path, for the table keys and the
// repetitions, and leaves the path as it was.
func extendPV[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, depth int) {
	base := t.len()
	q, key := p, uint64(0)
	for _, m := range a.resPV {
		q = t.ops.apply(q, m)
		q, key = t.end(q, t.ops.hash(q))
		if t.ops.turn(q) == mancala.NoTurn {
			break
		}
		key = t.push(q, key)
	}
	buf := a.plies[len(a.plies)-1].moves
	for len(a.resPV) < depth && t.ops.turn(q) != mancala.NoTurn {
		e, ok := a.tt.probe(key)
		if !ok || e.bound != boundExact || e.move.IsZero() || e.move.Turn() != t.ops.turn(q) {
			break
		}
		legal := false
		buf = t.ops.legal(buf[:0], q)
		for _, m := range buf {
			legal = legal || m == e.move
		}
		if !legal {
			break
		}
		a.resPV = append(a.resPV, e.move)
		q = t.ops.apply(q, e.move)
		q, key = t.end(q, t.ops.hash(q))
		if t.ops.turn(q) != mancala.NoTurn {
			key = t.push(q, key)
		}
	}
	a.plies[len(a.plies)-1].moves = buf
	for t.len() > base {
		t.pop()
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
func quiesce[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P, ply int, alpha, beta float64, qd int) float64 {
	me := perspectiveOf(t.ops.turn(p))
	best := clampHeuristic(t.ops.eval(p, me))
	if best >= beta || qd <= 0 || ply+1 >= len(a.plies) {
		return best
	}
	alpha = max(alpha, best)
	pl := &a.plies[ply]
	moves := t.ops.legal(pl.moves[:0], p)
	pl.moves = moves
	ps, pn := t.ops.stores(p)
	mine := ps
	if me == mancala.North {
		mine = pn
	}
	for _, m := range moves {
		q := t.ops.apply(p, m)
		turn := t.ops.turn(q)
		over := turn == mancala.NoTurn
		qs, qn := t.ops.stores(q)
		mineNow := qs
		if me == mancala.North {
			mineNow = qn
		}
		if !over && mineNow-mine < 2 {
			// A quiet move: the evaluation stands for it. A sowing that
			// only passes through the mover's own store (Kalah, Congkak)
			// adds one seed a lap and is no capture; following it would
			// make quiescence a full-width search in such games.
			continue
		}
		if !a.enter() { // counts the node, and polls the limits every 1024
			return best // stopped: the caller drops the value
		}
		var v float64
		switch {
		case over:
			v = float64((qs - qn) * TerminalScale)
			if me != mancala.South {
				v = -v
			}
		case turn == mancala.BothTurn:
			continue
		case perspectiveOf(turn) == me:
			v = quiesce(a, t, q, ply+1, alpha, beta, qd-1)
		default:
			v = -quiesce(a, t, q, ply+1, -beta, -alpha, qd-1)
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
// the killer moves of the ply, then by history score; and it moves the
// first best-scored move to the front, as pickNext(moves, scores, 0)
// does, in the same pass.
func (a *AlphaBeta) score(pl *abPly, moves []mancala.Move, ttMove mancala.Move, me mancala.Player) {
	scores := pl.scores[:len(moves)]
	hist := &a.history[me&1]
	k0, k1 := pl.killers[0], pl.killers[1]
	b, bs := 0, int64(math.MinInt32)-1 // below every score, without overflow in bs - s
	for i, m := range moves {
		var s int32
		switch m {
		case ttMove:
			s = 1 << 30
		case k0:
			s = 1 << 29
		case k1:
			s = 1 << 28
		default:
			if h, ok := m.House(me); ok {
				s = min(hist[h], 1<<27)
			}
		}
		scores[i] = s
		gt := (bs - int64(s)) >> 63 // as in pickNext
		b ^= (b ^ i) & int(gt)
		bs ^= (bs ^ int64(s)) & gt
	}
	if len(moves) > 0 {
		moves[0], moves[b] = moves[b], moves[0]
		scores[0], scores[b] = scores[b], scores[0]
	}
}

// pickNext moves the best-scored move among moves[i:] to index i and
// returns it (a selection sort done lazily: cutoffs skip the rest).
func pickNext(moves []mancala.Move, scores []int32, i int) mancala.Move {
	// Without a branch a move (the outcomes of the comparisons are
	// unpredictable): gt is all ones when scores[j] is the greater.
	b, bs := i, int64(scores[i])
	for j := i + 1; j < len(moves); j++ {
		s := int64(scores[j])
		gt := (bs - s) >> 63
		b ^= (b ^ j) & int(gt)
		bs ^= (bs ^ s) & gt
	}
	moves[i], moves[b] = moves[b], moves[i] // (nothing moves if b is i)
	scores[i], scores[b] = scores[b], scores[i]
	return moves[i]
}
