package sow

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// Perft and random games on the packed engine (packed.go).
//
// Repetition (SW-18): a position can repeat only one of its segment (the
// same stores, see fast.go). Moreover, in a packed configuration, a
// position repeats no position fewer than 2n moves before it on the same
// line: between the two no seed is captured and every house ends as it
// began, so each house is sown from as often as it receives seeds; a
// sowing drops its first seed in the next house of the circuit, which
// must then be sown from too, and so on round the 2n houses, each sown
// from at least once, one per move. The history, which need not come from
// a game, is compared in full.

// pKey is a position in its mover's frame; the stores are its segment's.
type pKey struct{ own, opp uint64 }

// pSearch is a packed perft.
type pSearch struct {
	r        *Rules
	line     []pKey    // line[i]: the position at ply i of the current line
	hist     [2][]pKey // the history's positions of the root's segment, by mover (0: the root's)
	ring     int       // 2n
	terminal int64
	hasHist  [2]bool // len(hist[i]) != 0
	// The rules that make captures matter (capturesMatter).
	slamMatters, majority bool
	fewSeeds, maxTake     int
}

// rowOf returns player p's row of c as a packed word.
func (r *Rules) rowOf(c *cells, p mancala.Player) uint64 {
	var w uint64
	lo := int(p) * r.t.n
	for i := r.t.n - 1; i >= 0; i-- {
		w = w<<8 | uint64(c[lo+i])
	}
	return w
}

// toCells writes the packed position of mover (rows own, opp and stores
// sOwn, sOpp) into c.
func (r *Rules) toCells(c *cells, mover mancala.Player, own, opp uint64, sOwn, sOpp int) {
	n := r.t.n
	lo, hi := int(mover)*n, (1-int(mover))*n
	for i := 0; i < n; i++ {
		c[lo+i] = uint8(own >> (8 * i))
		c[hi+i] = uint8(opp >> (8 * i))
	}
	c[r.t.store[mover]] = uint8(sOwn)
	c[r.t.store[mover.Other()]] = uint8(sOpp)
}

// packedPerft is Perft on the packed engine, from the root nd (not over)
// with seg, the history's nodes of its segment; ok is false if the root
// is not one the packed engine can search (a position that should have
// ended, or a tuzdyk state).
func (r *Rules) packedPerft(nd node, seg []node, depth int) (leaves, terminal int64, ok bool) {
	if nd.tz != (tuz{noCell, noCell, 0}) {
		return 0, 0, false
	}
	own, opp := r.rowOf(&nd.c, nd.mover), r.rowOf(&nd.c, nd.mover.Other())
	sOwn, sOpp := int(nd.c[r.t.store[nd.mover]]), int(nd.c[r.t.store[nd.mover.Other()]])
	if r.pEnds(own, opp, sOwn, sOpp) {
		return 0, 0, false
	}
	s := pSearch{r: r, line: make([]pKey, depth+1), ring: 2 * r.t.n}
	for i := range seg {
		x := &seg[i]
		k := pKey{r.rowOf(&x.c, x.mover), r.rowOf(&x.c, x.mover.Other())}
		if x.mover == nd.mover {
			s.hist[0] = append(s.hist[0], k)
		} else {
			s.hist[1] = append(s.hist[1], k)
		}
	}
	s.hasHist = [2]bool{len(s.hist[0]) != 0, len(s.hist[1]) != 0}
	s.slamMatters, s.majority = r.c.GrandSlam != SlamNoCapture, r.c.Majority
	s.fewSeeds, s.maxTake = r.c.FewSeeds, r.pt.maxTake
	if depth == 1 {
		return s.leaves(own, opp, sOwn, sOpp, 0, 0), s.terminal, true
	}
	return s.node(own, opp, sOwn, sOpp, depth, 0, 0), s.terminal, true
}

// mayRepeat reports whether a position at ply c of the segment that
// began at ply seg may repeat an earlier one.
func (s *pSearch) mayRepeat(c, seg int) bool {
	return c-s.ring >= seg || seg == 0 && s.hasHist[c&1]
}

// repeats reports whether the position (a, b) at ply c of the segment
// that began at ply seg repeats an earlier one.
func (s *pSearch) repeats(c, seg int, a, b uint64) bool {
	k := pKey{a, b}
	for j := c - s.ring; j >= seg; j -= 2 {
		if s.line[j] == k {
			return true
		}
	}
	if seg == 0 {
		for _, h := range s.hist[c&1] {
			if h == k {
				return true
			}
		}
	}
	return false
}

// node returns the leaves depth >= 2 moves below a position at ply ply,
// not over, of the segment that began at ply seg, and adds the terminal
// ones to s.terminal.
func (s *pSearch) node(own, opp uint64, sOwn, sOpp, depth, ply, seg int) (leaves int64) {
	r, pt := s.r, s.r.pt
	s.line[ply] = pKey{own, opp}
	c := ply + 1
	mayRepeat := s.mayRepeat(c, seg)
	for m := r.pLegal(own, opp); m != 0; m &= m - 1 {
		b, a, captured, _ := pt.sow(own, opp, uint(bits.TrailingZeros64(m))>>3)
		sb, cseg := sOwn+captured, seg
		if captured != 0 {
			cseg = c
		}
		// Without a capture the stores and the seeds in the houses stay
		// those of this position, which has not ended: only an empty
		// row can end the child, or a repetition.
		if (captured != 0 || a == 0 || b == 0) && r.pEnds(a, b, sOpp, sb) ||
			captured == 0 && mayRepeat && s.repeats(c, seg, a, b) {
			continue
		}
		if depth == 2 {
			// The common case of leaves inline: the child's mover has
			// two non-empty houses or more, his opponent seeds, and
			// no capture or repetition matters.
			if nz := pNonZero(a) & pt.rowHi; b != 0 && nz&(nz-1) != 0 &&
				!s.mayRepeat(c+1, cseg) && !s.capturesMatter(sOpp, sb, b) {
				leaves += int64(bits.OnesCount64(nz))
				continue
			}
			leaves += s.leaves(a, b, sOpp, sb, c, cseg)
		} else {
			leaves += s.node(a, b, sOpp, sb, depth-1, c, cseg)
		}
	}
	return leaves
}

// leaves returns the legal moves of a position at ply ply, not over, of
// the segment that began at ply seg, and adds to s.terminal those whose
// position ends the game, playing one by one only the moves that may
// capture (or all of them when the mover has a single non-empty house or
// his opponent none). A move that captures nothing, from a row with
// another non-empty house, against a row with seeds, leaves both rows
// non-empty, the stores and the seeds in the houses as they were: its
// position ends the game only by a repetition; it is no grand slam.
func (s *pSearch) leaves(own, opp uint64, sOwn, sOpp, ply, seg int) int64 {
	r, pt := s.r, s.r.pt
	cand := r.pCandidates(own, opp)
	nz := pNonZero(own) & pt.rowHi
	slow := cand
	if opp != 0 && nz&(nz-1) != 0 {
		slow = 0
		if s.capturesMatter(sOwn, sOpp, opp) {
			slow = r.mayCapture(own, opp, cand)
		}
	}
	c := ply + 1
	mayRepeat := s.mayRepeat(c, seg)
	var over, slams, slamsOver int64
	for m := slow; m != 0; m &= m - 1 {
		b, a, captured, slam := pt.sow(own, opp, uint(bits.TrailingZeros64(m))>>3)
		end := r.pEnds(a, b, sOpp, sOwn+captured) ||
			captured == 0 && mayRepeat && s.repeats(c, seg, a, b)
		switch {
		case slam && end:
			slamsOver++
			slams++
		case slam:
			slams++
		case end:
			over++
		}
	}
	if mayRepeat {
		for m := cand &^ slow; m != 0; m &= m - 1 {
			if b, a, _, _ := pt.sow(own, opp, uint(bits.TrailingZeros64(m))>>3); s.repeats(c, seg, a, b) {
				over++
			}
		}
	}
	n := int64(bits.OnesCount64(cand))
	if r.slamFilter && slams != 0 && slams != n {
		n -= slams // SW-11: forbidden, as another move is legal
		slamsOver = 0
	}
	s.terminal += over + slamsOver
	return n
}

// capturesMatter reports whether a capture by the mover (store sOwn)
// against row opp may end the game or be a grand slam that matters. If
// not, a move that captures from a row with two non-empty houses or
// more, against a row with seeds, leaves both rows non-empty: its
// position ends the game neither by SW-14 and SW-15 nor by a majority
// (SW-16) or few seeds left (SW-17), and it repeats no earlier position.
func (s *pSearch) capturesMatter(sOwn, sOpp int, opp uint64) bool {
	r := s.r
	return s.slamMatters && r.pt.slamPossible(opp) ||
		s.majority && 2*(sOwn+s.maxTake) >= r.total ||
		s.fewSeeds > 0 && r.total-sOwn-sOpp-s.maxTake <= s.fewSeeds
}

// packedPlayout is Playout on the packed engine, from the root nd (not
// over) with seg, the history's nodes of its segment; ok is false if the
// root is not one the packed engine can play from.
func (r *Rules) packedPlayout(nd node, seg []node, p mancala.Position, d *draws, maxPlies int) (q mancala.Position, plies int, ok bool) {
	if nd.tz != (tuz{noCell, noCell, 0}) {
		return p, 0, false
	}
	mover, pt := nd.mover, r.pt
	own, opp := r.rowOf(&nd.c, mover), r.rowOf(&nd.c, mover.Other())
	sOwn, sOpp := int(nd.c[r.t.store[mover]]), int(nd.c[r.t.store[mover.Other()]])
	if r.pEnds(own, opp, sOwn, sOpp) {
		return p, 0, false
	}
	// The segment's positions, by mover (0: the root's), in the mover's
	// frame: first the history's (hn[0] and hn[1] of them), then the
	// line's.
	var buf [2][64]pKey
	keys, keys1 := buf[0][:0], buf[1][:0]
	var hn [2]int
	for i := range seg {
		x := &seg[i]
		k := pKey{r.rowOf(&x.c, x.mover), r.rowOf(&x.c, x.mover.Other())}
		if x.mover == mover {
			keys = append(keys, k)
		} else {
			keys1 = append(keys1, k)
		}
	}
	hn[0], hn[1] = len(keys), len(keys1)
	near := r.t.n - 1 // the mover's last positions that his next cannot repeat (see above)
	var end uint32
	var c cells
	for maxPlies <= 0 || plies < maxPlies {
		keys = append(keys, pKey{own, opp})
		cand := r.pCandidates(own, opp)
		var b, a uint64
		captured := 0
		if !r.slamFilter || !r.pt.slamPossible(opp) {
			b, a, captured, _ = pt.sow(own, opp, d.pickHi(cand))
		} else {
			done := false
			for left := cand; left != 0; {
				h := d.pickHi(left)
				var slam bool
				if b, a, captured, slam = pt.sow(own, opp, h); !slam {
					done = true
					break
				}
				left &^= 0x80 << (8 * h)
			}
			if !done { // every move is a grand slam: all are legal
				b, a, captured, _ = pt.sow(own, opp, d.pickHi(cand))
			}
		}
		plies++
		next := mover.Other()
		// Without a capture the stores and the seeds in the houses stay
		// those of a position that has not ended: only an empty row can
		// end the game.
		if (captured != 0 || a == 0 || b == 0) && r.pEnds(a, b, sOpp, sOwn+captured) {
			r.toCells(&c, next, a, b, sOpp, sOwn+captured)
			mover, end = r.turnEnd(&c, mover, next, &tuz{noCell, noCell, 0}, nil)
			break
		}
		own, opp, sOwn, sOpp, mover = a, b, sOpp, sOwn+captured, next
		keys, keys1 = keys1, keys
		hn[0], hn[1] = hn[1], hn[0]
		if captured != 0 {
			keys, keys1, hn = keys[:0], keys1[:0], [2]int{}
		} else if k := (pKey{own, opp}); containsKey(keys[:max(len(keys)-near, hn[0])], k) {
			r.toCells(&c, mover, own, opp, sOwn, sOpp)
			r.leftover(&c, r.c.Cycle, mover, "SW-18", nil)
			end = endState(mancala.EndRepetition, mancala.NoTurn)
			break
		}
	}
	if end == 0 {
		r.toCells(&c, mover, own, opp, sOwn, sOpp)
	}
	b := p.Board
	r.t.save(&c, &b)
	q = mancala.Position{Board: b, ToMove: mancala.TurnOf(mover), State: end}
	if end != 0 {
		q.ToMove = mancala.NoTurn
	}
	return q, plies, true
}

// containsKey reports whether k is in ks.
func containsKey(ks []pKey, k pKey) bool {
	for i := len(ks) - 1; i >= 0; i-- {
		if ks[i] == k {
			return true
		}
	}
	return false
}
