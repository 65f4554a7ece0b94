package sow

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// Perft and random games on the relay engine (fast_relay.go).
//
// Repetition (SW-18), as in fast.go: a position can repeat only one with
// the same stores, tuzdyks and, in games of rounds (SW-43), the same
// round start (State bits 8-17) and burnt houses, which the round start
// decides. Within one game the stores never lose seeds but at a round's
// end, so a position can repeat only one of its segment (since the last
// change of a store), one of the history, or, a round's start, one of an
// earlier round with the same start. The searches compare a position with
// those: the segment always, the earlier positions in full when the
// round's start may have been seen before (a new round's start, or a
// round whose start the history or an earlier round shares).

// rKey is a position of the relay engine: the words in the frame of its
// mover, the mover, and in games of rounds a tag of the round (its start,
// State bits 8-17, and both players' burnt houses).
type rKey struct {
	w     [2]uint64
	tag   uint64
	mover mancala.Player
}

// relayTag returns the round tag of the cells c with tuzdyk state tz
// (0 outside games of rounds).
func (r *Rules) relayTag(c *cells, tz tuz) uint64 {
	if !r.c.Rounds {
		return 0
	}
	return uint64(tz[0]) | uint64(tz[1])<<8 | uint64(burntMask(c, mancala.South))<<16 | uint64(burntMask(c, mancala.North))<<32
}

// relayKey returns the key of nd.
func (r *Rules) relayKey(nd *node) rKey {
	return rKey{w: r.rt.relayWords(&nd.c, nd.mover), tag: r.relayTag(&nd.c, nd.tz), mover: nd.mover}
}

// rings returns the circuits of each mover for the burnt houses of c
// (SW-43). The burnt houses that a refill leaves are the last ones of a
// player in the order of refilling (fillOrder): their circuits are made
// once, when first needed, and kept in rt.cache; those of other burnt
// houses (a position set up so) are made anew.
func (r *Rules) rings(c *cells) [2]*relayRing {
	s, n := burntMask(c, mancala.South), burntMask(c, mancala.North)
	if s == 0 && n == 0 {
		return [2]*relayRing{&r.rt.ring, &r.rt.ring}
	}
	return [2]*relayRing{r.rt.ringOf(s, n), r.rt.ringOf(n, s)}
}

// ringOf returns the mover's circuit when his burnt houses are own and
// his opponent's opp.
func (rt *relayTables) ringOf(own, opp uint16) *relayRing {
	i, j := rt.burntRank(own), rt.burntRank(opp)
	if i < 0 || j < 0 {
		g := new(relayRing)
		rt.makeRing(g, own, opp)
		return g
	}
	slot := &rt.cache[i<<3|j]
	if g := slot.Load(); g != nil {
		return g
	}
	g := new(relayRing)
	rt.makeRing(g, own, opp)
	slot.CompareAndSwap(nil, g)
	return slot.Load()
}

// burntRank returns k if mask is the k last houses in the order of
// refilling, -1 otherwise.
func (rt *relayTables) burntRank(mask uint16) int {
	for k, m := range rt.burnt[:rt.n+1] {
		if m == mask {
			return k
		}
	}
	return -1
}

// noMover marks the key of a finished position in a search.
const noMover = mancala.Player(2)

// stores returns the seeds of South's store and North's (byte 1) of k.
func (k *rKey) stores() uint16 {
	s, n := uint16(k.w[0]>>56), uint16(k.w[1]>>56)
	if k.mover != mancala.South {
		s, n = n, s
	}
	return s | n<<8
}

// rSearch is a relay perft.
type rSearch struct {
	r        *Rules
	slow     bool // SW-19 or SW-43: turnEnd decides what mayEnd flags
	rounds   bool // SW-43
	rt       *relayTables
	line     []rKey // line[i]: the position at ply i of the current line
	hist     []rKey // the history's positions that the root may repeat
	terminal int64
}

// relayPerft is Perft on the relay engine, from the root nd with seg,
// the history's nodes that it may repeat.
func (r *Rules) relayPerft(nd node, seg []node, depth int) (leaves, terminal int64) {
	var buf [32]rKey
	s := rSearch{r: r, slow: r.c.Pass || r.c.Rounds, rounds: r.c.Rounds, rt: r.rt, line: buf[:]}
	if depth+1 > len(buf) {
		s.line = make([]rKey, depth+1)
	}
	for i := range seg {
		s.hist = append(s.hist, r.relayKey(&seg[i]))
	}
	x := r.relayKey(&nd)
	return s.node(x, r.rings(&nd.c), depth, 0, 0, s.rounds && hasTag(s.hist, x.tag)), s.terminal
}

// cellsOf writes x into c (its burnt houses too) and returns its
// tuzdyk state (SW-43: the round's start).
func (s *rSearch) cellsOf(c *cells, x *rKey, w *[2]uint64) tuz {
	s.rt.relayCells(c, x.mover, w)
	if !s.rounds {
		return tuz{noCell, noCell, 0}
	}
	b := x.tag >> 16
	c[burntAt], c[burntAt+1], c[burntAt+2], c[burntAt+3] = uint8(b), uint8(b>>8), uint8(b>>16), uint8(b>>24)
	return tuz{uint8(x.tag), uint8(x.tag >> 8), 0}
}

// node returns the leaves depth >= 1 moves below x, a position at ply
// ply of the segment that began at ply seg, with the circuits g, and adds
// the terminal ones to s.terminal. full says that x's round's start may
// have been seen before (SW-43): x and its successors are then compared
// with every earlier position, not only with their segment's.
func (s *rSearch) node(x rKey, g [2]*relayRing, depth, ply, seg int, full bool) (leaves int64) {
	rt := s.rt
	s.line[ply] = x
	for m := rt.moves(x.w[0]); m != 0; m &= m - 1 {
		y, gy := x, g
		again := rt.sow(g[x.mover], &y.w, bits.TrailingZeros32(m))
		restart := false
		switch {
		case rt.mayEnd(&y.w, again):
			if !s.slow {
				y.mover = noMover // the game is over
				break
			}
			// SW-19, SW-43: the generic engine passes, ends the round or
			// the game.
			var c cells
			tz := s.cellsOf(&c, &x, &y.w)
			before := rt.relayWords(&c, mancala.South)
			next := x.mover.Other()
			if again {
				next = x.mover
			}
			mover, end := s.r.turnEnd(&c, x.mover, next, &tz, nil)
			if end != 0 {
				y.mover = noMover
				break
			}
			y = rKey{w: rt.relayWords(&c, mover), tag: s.r.relayTag(&c, tz), mover: mover}
			if s.rounds && (y.tag != x.tag || rt.relayWords(&c, mancala.South) != before) {
				restart, gy = true, s.r.rings(&c) // a new round
			}
		case !again:
			y.w[0], y.w[1], y.mover = y.w[1], y.w[0], y.mover.Other()
		}
		over := y.mover == noMover
		cseg, cfull := seg, full
		switch {
		case over:
		case restart: // may repeat any earlier position of its tag
			cseg, cfull = ply+1, hasTag(s.line[:ply+1], y.tag) || hasTag(s.hist, y.tag)
			over = cfull && s.repeats(ply+1, ply+1, true, &y)
		case y.stores() != x.stores():
			cseg = ply + 1
			over = full && s.repeats(ply+1, ply+1, true, &y)
		default:
			over = s.repeats(ply+1, seg, full, &y)
		}
		if over {
			if depth == 1 {
				leaves++
				s.terminal++
			}
			continue
		}
		if depth == 1 {
			leaves++
			continue
		}
		leaves += s.node(y, gy, depth-1, ply+1, cseg, cfull)
	}
	return leaves
}

// repeats reports whether y, at ply c of the segment that began at ply
// seg, repeats a position of the segment, of the history if the segment
// is the root's, or with full any earlier position.
func (s *rSearch) repeats(c, seg int, full bool, y *rKey) bool {
	if hasKey(s.line[seg:c], *y) {
		return true
	}
	if seg == 0 || full {
		if hasKey(s.hist, *y) {
			return true
		}
	}
	return full && hasKey(s.line[:seg], *y)
}

// relayPlayout is Playout on the relay engine, from the root nd (not
// over) with seg, the history's nodes that it may repeat.
func (r *Rules) relayPlayout(nd node, seg []node, p mancala.Position, d *draws, maxPlies int) (q mancala.Position, plies int, ok bool) {
	rt := r.rt
	g := r.rings(&nd.c)
	var buf [64]rKey
	keys := buf[:0]
	for i := range seg {
		keys = append(keys, r.relayKey(&seg[i]))
	}
	x := r.relayKey(&nd)
	// from: the start of the segment in keys; full: compare with every
	// key, as the round's start may have been seen before.
	from, full := 0, r.c.Rounds && hasTag(keys, x.tag)
	kept := -1 // SW-43: the keys kept of the rounds before, -1 in the root's round
	tz := nd.tz
	var end uint32
	restart := false // the last ply ended a round
	c := nd.c        // the burnt masks; the seeds are in x until the end
	for maxPlies <= 0 || plies < maxPlies {
		keys = append(keys, x)
		y := x
		again := rt.sow(g[x.mover], &y.w, d.pick(rt.moves(x.w[0])))
		plies++
		switch {
		case rt.mayEnd(&y.w, again):
			// The end of the game or of a round, or a pass: the generic
			// engine's.
			next := x.mover.Other()
			if again {
				next = x.mover
			}
			rt.relayCells(&c, x.mover, &y.w)
			before := rt.relayWords(&c, mancala.South)
			var mover mancala.Player
			if mover, end = r.turnEnd(&c, x.mover, next, &tz, nil); end != 0 {
				x.mover = mover
			} else {
				g = r.rings(&c) // SW-43: a new round's burnt houses
				y = rKey{w: rt.relayWords(&c, mover), tag: r.relayTag(&c, tz), mover: mover}
				// SW-43: a new round (the board changed, not a pass),
				// whose start may repeat any earlier one.
				restart = r.c.Rounds && (y.tag != x.tag || rt.relayWords(&c, mancala.South) != before)
			}
		case !again:
			y.w[0], y.w[1], y.mover = y.w[1], y.w[0], y.mover.Other()
		}
		if end != 0 {
			break
		}
		stores, tag := y.stores() != x.stores(), y.tag != x.tag || restart
		x, restart = y, false
		if stores || tag {
			if !r.c.Rounds { // no earlier position has these stores
				keys, from = keys[:0], 0
				continue
			}
			if tag { // SW-43: a new round, whose start may have been seen
				// A round started in this game has a start that its tag
				// decides (the refill follows from it): a later position
				// can repeat one of its positions only if a later round
				// repeats its start, which ends the game there. So of
				// such a round only the start is kept.
				if kept >= 0 {
					keys = keys[:kept]
				}
				kept = len(keys) + 1
				full = hasTag(keys, x.tag)
			}
			from = len(keys)
		}
		if hasKey(keys[from:], x) || full && hasKey(keys[:from], x) {
			rt.relayCells(&c, x.mover, &x.w)
			end = r.relayCycle(&c, &x)
			break
		}
	}
	if end == 0 {
		rt.relayCells(&c, x.mover, &x.w)
	}
	b := p.Board
	r.t.save(&c, &b)
	q = mancala.Position{Board: b, ToMove: mancala.TurnOf(x.mover), State: end | r.tuzState(tz)}
	if end != 0 {
		q.ToMove = mancala.NoTurn
	}
	return q, plies, true
}

// relayCycle ends the game on c, whose position x repeats an earlier one
// (SW-18), and returns the end bits.
func (r *Rules) relayCycle(c *cells, x *rKey) uint32 {
	r.leftover(c, r.c.Cycle, x.mover, "SW-18", nil)
	return endState(mancala.EndRepetition, mancala.NoTurn)
}

// hasKey reports whether x is in ks.
func hasKey(ks []rKey, x rKey) bool {
	for i := len(ks) - 1; i >= 0; i-- {
		if ks[i] == x {
			return true
		}
	}
	return false
}

// hasTag reports whether a key of ks has the tag t.
func hasTag(ks []rKey, t uint64) bool {
	for i := range ks {
		if ks[i].tag == t {
			return true
		}
	}
	return false
}
