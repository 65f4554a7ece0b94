package sow

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// Perft and random games on the engine's cells, without a
// mancala.Position a move.
//
// Repetition (SW-18): stores never lose seeds and a tuzdyk is never
// undone, so a position can repeat only one that has the same stores and
// tuzdyks: one reached since the last move that changed them (a segment),
// or one of the history with them. The searches below compare a position
// with those alone.

var (
	_ mancala.Perfter   = (*Rules)(nil)
	_ mancala.Playouter = (*Rules)(nil)
)

// node is a position with a player to move, in the engine's terms.
type node struct {
	c     cells
	mover mancala.Player
	tz    tuz
}

// sameSegment reports whether a and b have the same stores and tuzdyks.
func (r *Rules) sameSegment(a, b *node) bool {
	s0, s1 := r.t.store[0], r.t.store[1]
	return a.c[s0] == b.c[s0] && a.c[s1] == b.c[s1] && a.tz == b.tz
}

// root returns the node of p and the nodes of history that p's game may
// repeat, or ok false if p is over or not a position of r.
func (r *Rules) root(history []mancala.Position, p mancala.Position) (nd node, seg []node, ok bool) {
	mover, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != r.t.n || r.inOpening(p) { // SW-45: the slow way
		return nd, nil, false
	}
	r.t.load(&nd.c, &p.Board)
	nd.mover, nd.tz = mover, r.tuzOf(p.State)
	for i := range history {
		h := &history[i]
		hm, ok := h.ToMove.Player()
		if !ok || h.Board.Houses() != r.t.n {
			continue
		}
		var x node
		r.t.load(&x.c, &h.Board)
		x.mover, x.tz = hm, r.tuzOf(h.State)
		if r.sameSegment(&x, &nd) || r.c.Rounds { // SW-43: a refill may return to any of them
			seg = append(seg, x)
		}
	}
	return nd, seg, true
}

// step plays the mover's move of index k on nd in place and returns the end bits
// (0: the game goes on, nd.mover is to move).
func (r *Rules) step(nd *node, k int) uint32 {
	return r.endStep(nd, r.sow(&nd.c, nd.mover, k, &nd.tz, nil))
}

// endStep ends the turn of nd.mover, whose sowing did res on nd.
func (r *Rules) endStep(nd *node, res result) uint32 {
	next := nd.mover.Other()
	if res.again {
		next = nd.mover
	}
	var end uint32
	nd.mover, end = r.turnEnd(&nd.c, nd.mover, next, &nd.tz, nil)
	return end
}

// repeats reports whether nd equals a node of seg.
func repeats(seg []node, nd *node) bool {
	for i := len(seg) - 1; i >= 0; i-- {
		if seg[i] == *nd {
			return true
		}
	}
	return false
}

// Perft implements [mancala.Perfter]: the counts of [mancala.PerftSlow],
// computed on the engine's cells.
func (r *Rules) Perft(history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	nd, seg, ok := r.root(history, p)
	if !ok {
		return mancala.PerftSlow(r, history, p, depth)
	}
	if r.pt != nil && depth > 0 {
		if l, t, ok := r.packedPerft(nd, seg, depth); ok {
			return l, t
		}
	}
	if r.rt != nil && depth > 0 {
		return r.relayPerft(nd, seg, depth)
	}
	// Room for the path, so that the search appends without allocating.
	buf := make([]node, len(seg), len(seg)+depth+1)
	copy(buf, seg)
	return r.perft(nd, buf, depth)
}

// perft counts from nd, a node with a player to move; seg holds the
// positions of its segment before it.
func (r *Rules) perft(nd node, seg []node, depth int) (leaves, terminal int64) {
	if depth == 0 {
		return 1, 0
	}
	seg = append(seg, nd)
	for m := r.legal(&nd.c, nd.mover, nd.tz); m != 0; m &= m - 1 {
		x := nd
		if r.step(&x, bits.TrailingZeros32(m)) != 0 || repeats(seg, &x) {
			if depth == 1 {
				leaves++
				terminal++
			}
			continue
		}
		if depth == 1 {
			leaves++
			continue
		}
		s := seg
		if !r.sameSegment(&x, &nd) && !r.c.Rounds { // SW-43: a refill may return to an earlier segment
			s = seg[len(seg):]
		}
		l, t := r.perft(x, s, depth-1)
		leaves += l
		terminal += t
	}
	return leaves, terminal
}

// randomStep plays a uniformly random legal move on nd and returns the
// end bits. Under a grand slam filter (SW-11) it draws among the
// candidates without replacement until a move is no grand slam (the
// first such move drawn is uniform among them), or plays a uniform one if
// all are: the legal moves' distribution, without sowing every candidate.
func (r *Rules) randomStep(nd *node, d *draws) uint32 {
	cand := r.candidates(&nd.c, nd.mover, nd.tz)
	if !r.slamFilter {
		return r.step(nd, d.pick(cand))
	}
	for left := cand; left != 0; {
		k := d.pick(left)
		x := *nd
		res := r.sow(&x.c, x.mover, k, &x.tz, nil)
		if !res.slam {
			*nd = x
			return r.endStep(nd, res)
		}
		left &^= 1 << k
	}
	return r.step(nd, d.pick(cand)) // every move is a grand slam: all are legal
}

// Playout implements [mancala.Playouter]: uniformly random legal moves
// from p until the game ends (a repetition ending it as Cycle does) or
// maxPlies moves (0: no cap) have been played.
func (r *Rules) Playout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
	if r.inOpening(p) && rng != nil && p.Board.Houses() == r.t.n { // SW-45: the opening the slow way
		q, n := r.openingPlayout(p, rng, maxPlies)
		if q.Over() || r.inOpening(q) || maxPlies > 0 && n >= maxPlies {
			return q, n
		}
		q, m := r.Playout(nil, q, rng, maxPlies-n)
		return q, n + m
	}
	nd, seg, ok := r.root(history, p)
	if !ok || rng == nil {
		return p, 0
	}
	d := draws{rng: rng}
	if r.pt != nil {
		if q, n, ok := r.packedPlayout(nd, seg, p, &d, maxPlies); ok {
			return q, n
		}
	}
	if r.rt != nil {
		if q, n, ok := r.relayPlayout(nd, seg, p, &d, maxPlies); ok {
			return q, n
		}
	}
	var end uint32
	plies := 0
	for maxPlies <= 0 || plies < maxPlies {
		seg = append(seg, nd)
		prev := nd
		end = r.randomStep(&nd, &d)
		plies++
		if end != 0 {
			break
		}
		if !r.sameSegment(&prev, &nd) && !r.c.Rounds { // SW-43: see perft
			seg = seg[:0]
		} else if repeats(seg, &nd) {
			r.leftover(&nd.c, r.c.Cycle, nd.mover, "SW-18", nil)
			end = endState(mancala.EndRepetition, mancala.NoTurn)
			break
		}
	}
	b := p.Board
	r.t.save(&nd.c, &b)
	q := mancala.Position{Board: b, ToMove: mancala.TurnOf(nd.mover), State: end | r.tuzState(nd.tz)}
	if end != 0 {
		q.ToMove = mancala.NoTurn
	}
	return q, plies
}
