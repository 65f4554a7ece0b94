package awale

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/sowing-games/sowing/mancala"
)

// The packed engine, used for boards of at most 8 houses a side (the usual
// 6 among them).
//
// A row of houses is a uint64 holding one house per byte, house i (letter
// A+i or a+i) in byte i (bits 8i..8i+7); bytes at n and above are zero.
// No house can hold more than 255 seeds ([mancala.MaxSeeds]), and the sum of
// all bytes of both rows is at most 255 too, so byte-wise additions never
// carry from one house into the next.
//
// The engine works in the mover's frame: own is the row of the player to
// move, opp his opponent's. After a move the two swap roles.
//
// Byte masks ("hi" masks) mark houses with 0x80 in their byte: house i is
// bit 8i+7.

const (
	lo8  = 0x0101010101010101
	hi8  = 0x8080808080808080
	lo7  = 0x7f7f7f7f7f7f7f7f
	two8 = 0x0202020202020202
)

// sowEntry is what sowing s seeds from the mover's house h adds to each
// house, with the house the last seed falls into.
type sowEntry struct {
	own, opp uint64 // seeds added to the mover's row (house h itself excluded) and to the opponent's
	// The capture test (AW-4): the move may capture iff opp2&cm == cv,
	// where opp2 is the opponent's row after the sowing. If the last seed
	// falls in the opponent's house L, cm is 0xfe and cv is 2 in byte L
	// (the house holds 2 or 3); otherwise cm is 0 and cv is 1 (never).
	cm, cv uint64
}

// packedTables are the per-ruleset constants of the packed engine.
type packedTables struct {
	rowHi uint64 // 0x80 in the n bytes of a row
	feedT uint64 // byte i holds n-i: the seeds house i needs to reach the opponent's row
	lapT  uint64 // 2n in each byte of a row: a house with that many seeds sows some house twice
	// tab[s<<3|h] is sowing s seeds from house h. Seed-major, so that the
	// entries of the usual games (48 seeds or fewer: 12 KB) are contiguous
	// and stay in the L1 cache; a fixed size, so that indexing needs no
	// bounds check.
	tab *[256 * 8]sowEntry
	// land[j] holds, in byte h, the seeds (n+j-h) that a sowing from house
	// h needs for its last seed to fall into the opponent's house j
	// without passing a house twice.
	land [8]uint64
	ring int         // 2n
	play *playTables // the sowing table as playouts and perft read it
}

// playTables is the sowing table split by field, indexed by s<<3|h for
// sowing s seeds from house h: arrays of words, so that a lookup needs no
// multiply of the index, and the sets of the houses that receive seeds,
// so that a playout knows the non-empty houses of the next mover without
// computing them from his row. Seed-major, so that the entries of the
// usual games (48 seeds or fewer) are contiguous and do not compete for
// the same sets of the L1 cache.
type playTables struct {
	ownD   [256 * 8]uint64 // the change to the mover's row: seeds added, minus the s taken from house h
	opp    [256 * 8]uint64 // seeds added to the opponent's row
	cm, cv [256 * 8]uint64 // the capture test of sowEntry
	ownSet [256 * 8]uint16 // the mover's houses that receive seeds (bit 8+i: house i)
	oppSet [256 * 8]uint16 // the opponent's houses that receive seeds (bit 8+i: house i)
}

// packedCache holds the tables of each board size, built once: they
// depend on n alone.
var packedCache [9]struct {
	once sync.Once
	t    packedTables
}

// newPackedTables returns the tables of the packed engine for n houses a
// side (1 to 8), shared by every ruleset of that size.
func newPackedTables(n int) packedTables {
	c := &packedCache[n]
	c.once.Do(func() { c.t = buildPackedTables(n) })
	return c.t
}

// buildPackedTables computes the tables of newPackedTables.
func buildPackedTables(n int) packedTables {
	var t packedTables
	for i := 0; i < n; i++ {
		t.rowHi |= 0x80 << (8 * i)
		t.feedT |= uint64(n-i) << (8 * i)
		t.lapT |= uint64(2*n) << (8 * i)
		for j := 0; j < n; j++ {
			t.land[j] |= uint64(n+j-i) << (8 * i)
		}
	}
	t.ring = 2 * n
	t.tab = new([256 * 8]sowEntry)
	for i := range t.tab {
		t.tab[i].cv = 1 // no capture (an empty house sows nothing)
	}
	ring := 2 * n
	for h := 0; h < n; h++ {
		for s := 1; s < 256; s++ {
			var inc [16]uint8
			pos := h
			for k := 0; k < s; k++ {
				pos = (pos + 1) % ring
				if pos == h { // AW-3: the emptied house is skipped
					pos = (pos + 1) % ring
				}
				inc[pos]++
			}
			e := &t.tab[s<<3|h]
			var own, opp [8]uint8
			copy(own[:], inc[:n])
			copy(opp[:], inc[n:ring])
			e.own = binary.LittleEndian.Uint64(own[:])
			e.opp = binary.LittleEndian.Uint64(opp[:])
			e.cv = 1
			if pos >= n {
				e.cm, e.cv = 0xfe<<(8*(pos-n)), 2<<(8*(pos-n))
			}
		}
	}
	t.play = new(playTables)
	for h := 0; h < 8; h++ {
		for s := 0; s < 256; s++ {
			e, i := &t.tab[s<<3|h], s<<3|h
			t.play.ownD[i] = e.own - uint64(s)<<(8*h)
			t.play.opp[i] = e.opp
			t.play.cm[i], t.play.cv[i] = e.cm, e.cv
			t.play.ownSet[i] = setOf(nonZero(e.own)) << 8
			t.play.oppSet[i] = setOf(nonZero(e.opp)) << 8
		}
	}
	return t
}

// entry returns the sowing of house sh/8 (sh a multiple of 8 below 64) of
// row own.
func (t *packedTables) entry(own uint64, sh uint) *sowEntry {
	return &t.tab[(own>>sh&0xff)<<3|uint64(sh>>3)&7]
}

// nonZero returns the hi mask of the non-empty bytes of x.
func nonZero(x uint64) uint64 {
	return ((x & lo7) + lo7 | x) & hi8
}

// countHi returns the number of houses in the hi mask m. (A multiply, not
// bits.OnesCount64, which on amd64 before v2 tests for POPCNT and keeps a
// call in the loop, costing the hot loops their registers.)
func countHi(m uint64) int {
	return int((m >> 7) * lo8 >> 56)
}

// sumBytes returns the sum of the bytes of x (at most 255 here).
func sumBytes(x uint64) int {
	return int((x * lo8) >> 56)
}

// feeds returns the hi mask of the houses of row own whose seeds reach the
// opponent's row (AW-5): house i holds at least n-i seeds.
func (t *packedTables) feeds(own uint64) uint64 {
	// Per byte: (x|0x80)-t never borrows (t <= 8), and its top bit is set
	// when x&0x7f >= t; a byte of 128 or more reaches anyway.
	return ((own | hi8) - t.feedT | own) & t.rowHi
}

// sow plays the mover's house h (which must hold seeds) on rows own and
// opp: it returns both rows after the sowing and any capture, the seeds
// captured, and whether the move is a grand slam (its capture would take
// every seed of the opponent's row, AW-6). A grand slam captures only if
// captureSlam is set.
func (t *packedTables) sow(own, opp uint64, h int, captureSlam bool) (own2, opp2 uint64, captured int, slam bool) {
	sh := uint(8*h) & 63
	e := t.entry(own, sh)
	own2 = own&^(0xff<<sh) + e.own
	opp2 = opp + e.opp
	if opp2&e.cm != e.cv {
		return own2, opp2, 0, false
	}
	chain := captureChain(opp2, e.cv)
	if opp2&^chain == 0 {
		slam = true
		if !captureSlam {
			return own2, opp2, 0, true
		}
	}
	return own2, opp2 &^ chain, sumBytes(opp2 & chain), slam
}

// captureChain returns the byte mask of the houses of opp captured by a
// sowing whose last seed fell into the house marked by cv (a byte 2 in the
// house, which holds 2 or 3 seeds): that house and the houses before it
// down to the first that holds neither 2 nor 3 (AW-4).
func captureChain(opp, cv uint64) uint64 {
	below := cv<<7 - 1 // the bytes up to the last house (all of them for byte 7)
	other := nonZero(opp&^lo8^two8) & below
	return below &^ (1<<uint(bits.Len64(other)) - 1)
}

// candidates returns the hi mask of the moves allowed by AW-3 and AW-5:
// the mover's non-empty houses, or, if the opponent's row is empty, those
// of them that feed him (all non-empty ones if none does; settled
// positions never ask).
func (t *packedTables) candidates(own, opp uint64) uint64 {
	m := nonZero(own) & t.rowHi
	if opp == 0 {
		if f := t.feeds(own); f != 0 {
			return f
		}
	}
	return m
}

// slams returns the hi mask of the moves in m that are grand slams.
func (t *packedTables) slams(own, opp, m uint64) uint64 {
	var s uint64
	for x := m; x != 0; x &= x - 1 {
		h := bits.TrailingZeros64(x) >> 3
		if _, _, _, slam := t.sow(own, opp, h, false); slam {
			s |= 0x80 << (8 * h)
		}
	}
	return s
}

// legal returns the hi mask of the legal moves (AW-3, AW-5, AW-6).
func (r *Rules) packedLegal(own, opp uint64) uint64 {
	m := r.pt.candidates(own, opp)
	if r.forbidSlam {
		if s := r.pt.slams(own, opp, m); s != 0 && m&^s != 0 {
			m &^= s
		}
	}
	return m
}

// packedEnds reports whether a position, in the frame of the player to
// move (row a, store sa) against his opponent (row b, store sb), is the end
// of the game by AW-7 or AW-10.
func (r *Rules) packedEnds(a, b uint64, sa, sb int) bool {
	switch {
	case a == 0: // AW-7: the player to move has no seeds
		return true
	case b == 0 && r.pt.feeds(a) == 0: // AW-7: he cannot feed his opponent
		return true
	case r.o.StopAtMajority: // AW-10
		return 2*sa > r.total || 2*sb > r.total || (2*sa == r.total && 2*sb == r.total)
	}
	return false
}

// rowWord returns p's row as a packed word.
func rowWord(b *mancala.Board, p mancala.Player) uint64 {
	row := b.Row(p)
	return binary.LittleEndian.Uint64(row[:8])
}

// packedBoard returns board b (of the right size) with packed rows and
// stores, written in one checked call.
func packedBoard(b mancala.Board, south, north uint64, sStore, nStore int) mancala.Board {
	var rows [2][mancala.MaxHouses]uint8
	binary.LittleEndian.PutUint64(rows[mancala.South][:8], south)
	binary.LittleEndian.PutUint64(rows[mancala.North][:8], north)
	_ = b.SetCounts(rows, [2]uint8{uint8(sStore), uint8(nStore)})
	return b
}

// packedPosition returns the position in the mover's frame: mover moves
// next with row own and store sOwn; b is the board played from (see
// packedBoard). If the position ends the game (AW-7, AW-10), it returns the
// finished position with each row in its owner's store.
func (r *Rules) packedPosition(b *mancala.Board, mover mancala.Player, own, opp uint64, sOwn, sOpp int) mancala.Position {
	turn := mancala.TurnOf(mover)
	var state uint32
	if r.packedEnds(own, opp, sOwn, sOpp) {
		state = r.endState(mover, own == 0 || opp == 0 && r.pt.feeds(own) == 0, sOwn, sOpp)
		sOwn += sumBytes(own)
		sOpp += sumBytes(opp)
		own, opp, turn = 0, 0, mancala.NoTurn
	}
	if mover == mancala.North {
		own, opp, sOwn, sOpp = opp, own, sOpp, sOwn
	}
	return mancala.Position{Board: packedBoard(*b, own, opp, sOwn, sOpp), ToMove: turn, State: state}
}

// packedCycle is [Rules.Cycle] of the position that packedPosition
// returns, for a position that has not ended otherwise, computed on the
// packed rows: the end of a game by a repetition (AW-8).
func (r *Rules) packedCycle(b *mancala.Board, mover mancala.Player, own, opp uint64, sOwn, sOpp int) mancala.Position {
	if r.packedEnds(own, opp, sOwn, sOpp) {
		return r.packedPosition(b, mover, own, opp, sOwn, sOpp) // finished already: Cycle leaves it
	}
	if mover == mancala.North {
		own, opp, sOwn, sOpp = opp, own, sOpp, sOwn
	}
	// Now own is South's row, opp North's.
	a, c := sumBytes(own), sumBytes(opp)
	if r.o.Cycle != CycleSplit {
		return mancala.Position{Board: packedBoard(*b, 0, 0, sOwn+a, sOpp+c), State: endCycle}
	}
	half := (a + c) / 2
	var south, north uint64
	if (a+c)%2 == 1 {
		// The odd seed stays in the first non-empty house, South's
		// first (see Cycle).
		if own != 0 {
			south = 1 << (bits.TrailingZeros64(own) &^ 7)
		} else {
			north = 1 << (bits.TrailingZeros64(opp) &^ 7)
		}
	}
	return mancala.Position{Board: packedBoard(*b, south, north, sOwn+half, sOpp+half), State: endCycle}
}
