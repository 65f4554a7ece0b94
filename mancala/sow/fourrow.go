package sow

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// The mechanisms of the East African four-row games (SW-60 to SW-64):
// where captured seeds are sown on, reversed moves allowed only for a
// capture, compulsory captures, moves that capture only if their first
// lap does (Bao's takasa), and the inner row a player needs to move. They
// hook into the engine at four places: the sowing loop (sow: the first
// lap's capture and the hole captured seeds start from), the candidates
// (fourRowMoves), the refusals (fourRowRefusal) and Config.check
// (checkFour).

// SowFrom says where the seeds of an opposite capture sown on
// (CapturedSown, SW-22) start (SW-60).
type SowFrom uint8

const (
	// FromNext: from the hole after the capturing house (Hus).
	FromNext SowFrom = iota
	// FromLapStart: from the first hole that the capturing lap sowed
	// into, so that the captured seeds follow the seeds of that lap
	// (Omweso, as Ludii's rules text after Shackell gives it).
	FromLapStart
	// FromMoveStart: from the first hole that the move sowed into, the
	// hole after the house the move was taken from (Igisoro).
	FromMoveStart
	// FromKichwa: from one end house (kichwa) of the mover's inner row,
	// the captured seeds going along the inner row towards its middle,
	// the first one into the kichwa itself (Bao). A capture in one of the
	// two houses at the left end of the inner row (kichwa and kimbi) is
	// sown from the left kichwa, clockwise; at the right end from the
	// right kichwa, anticlockwise; in the middle houses, in the direction
	// the capturing lap was sowing (from the right kichwa if
	// anticlockwise, the left if clockwise). Needs Rows 2, Direction
	// Anticlockwise and at least 4 houses a row.
	FromKichwa
)

// fourRowOn reports whether c uses any of SW-61 to SW-64, which filter
// the moves.
func (c *Config) fourRowOn() bool {
	return c.ReverseHouses != 0 || c.MustCapture || c.InnerRowNeeded || c.SingleIntoEmpty
}

// checkFour returns the first problem of c's four-row options, or nil.
func (c *Config) checkFour() error {
	w := c.Houses / 2
	switch {
	case c.CapturedFrom > FromKichwa:
		return bad("CapturedFrom", "unknown rule %d", c.CapturedFrom)
	case c.CapturedFrom != FromNext && !c.CapturedSown:
		return bad("CapturedFrom", "without CapturedSown")
	case c.CapturedFrom == FromKichwa && (c.Rows != 2 || c.Direction != Anticlockwise || w < 4):
		return bad("CapturedFrom", "a kichwa needs a four-row board of 4 houses a row or more, sown anticlockwise")
	case c.ReverseHouses != 0 && (c.EitherWay || c.ReverseHouses>>uint(c.Houses) != 0):
		return bad("ReverseHouses", "houses %#x beyond the board or with EitherWay", c.ReverseHouses)
	case c.InnerRowNeeded && c.Rows != 2:
		return bad("InnerRowNeeded", "a two-row board has no inner row")
	case c.CaptureFirstLap && !c.Relay:
		return bad("CaptureFirstLap", "without Relay a move has one lap")
	}
	return nil
}

// fourRowRules returns the rule ids of SW-60 to SW-64 that c uses.
func (c *Config) fourRowRules() []string {
	var ids []string
	add := func(on bool, id string) {
		if on {
			ids = append(ids, id)
		}
	}
	add(c.CapturedFrom != FromNext, "SW-60")
	add(c.ReverseHouses != 0, "SW-61")
	add(c.MustCapture, "SW-62")
	add(c.CaptureFirstLap, "SW-63")
	add(c.InnerRowNeeded, "SW-64")
	add(c.SingleIntoEmpty, "SW-65")
	add(c.NoCaptureFirstMove, "SW-66")
	return ids
}

// innerEmpty reports whether player p's inner row holds no seed.
func (t *tables) innerEmpty(c *cells, p mancala.Player) bool {
	return t.nonEmpty(c, p)>>uint(t.n/2) == 0
}

// fourRowMoves filters the candidate moves m of mover (SW-61, SW-62,
// SW-64): no move without seeds in the inner row; reversed moves from
// ReverseHouses only when their first lap captures; only capturing moves
// when one captures and captures are compulsory.
func (r *Rules) fourRowMoves(c *cells, mover mancala.Player, tz tuz, m uint32) uint32 {
	if r.c.InnerRowNeeded && r.t.innerEmpty(c, mover) { // SW-64
		return 0
	}
	if r.c.ReverseHouses != 0 { // SW-61
		m |= (m & r.c.ReverseHouses) << 16
	}
	if r.c.SingleIntoEmpty { // SW-65
		m &^= r.singlesBlocked(c, mover, m)
	}
	check := m &^ 0xffff
	if r.c.MustCapture {
		check = m
	}
	if check == 0 {
		return m
	}
	var capt uint32
	for mm := check; mm != 0; mm &= mm - 1 {
		k := bits.TrailingZeros32(mm)
		d, dz := *c, tz
		if r.sow(&d, mover, k, &dz, nil).first {
			capt |= 1 << k
		}
	}
	if r.c.ReverseHouses != 0 {
		m &^= m &^ 0xffff &^ capt
	}
	if r.c.MustCapture && m&capt != 0 { // SW-62
		m &= capt
	}
	return m
}

// fourRowRefusal returns the error of move index k of mover, which
// fourRowMoves removed, or nil if it did not.
func (r *Rules) fourRowRefusal(c *cells, mover mancala.Player, tz tuz, k int, m mancala.Move) error {
	if !r.c.fourRowOn() {
		return nil
	}
	lo := int(mover) * r.t.n
	v := int(c[lo+k&15])
	if v == 0 {
		return nil // SW-2 refuses it
	}
	if v < r.minSeeds {
		bigger := false
		for i := lo; i < lo+r.t.n; i++ {
			bigger = bigger || int(c[i]) >= r.minSeeds
		}
		if bigger || !r.c.SinglesLast {
			return nil // SW-2 refuses it
		}
	}
	switch {
	case r.c.SingleIntoEmpty && r.singlesBlocked(c, mover, 1<<k) != 0:
		return mancala.Illegal(m, "SW-65", "a single seed may be sown only into an empty hole")
	case r.c.InnerRowNeeded && r.t.innerEmpty(c, mover):
		return mancala.Illegal(m, "SW-64", "%v's inner row is empty: he cannot move", mover)
	case k >= 16 && r.c.ReverseHouses&(1<<(k&15)) == 0:
		return mancala.Illegal(m, "SW-61", "a reversed sowing may start only from the houses the game names")
	case k >= 16 && r.c.NoCaptureFirstMove && tz[2]&(2<<mover) == 0: // SW-66
		return mancala.Illegal(m, "SW-66", "%v captures nothing in his first move, and a reversed sowing must capture", mover)
	case k >= 16:
		d, dz := *c, tz
		if !r.sow(&d, mover, k, &dz, nil).first {
			return mancala.Illegal(m, "SW-61", "a reversed sowing is allowed only for a capture at the end of its first lap")
		}
	}
	if r.c.MustCapture {
		return mancala.Illegal(m, "SW-62", "%v can capture, and must: %v does not capture at the end of its first lap", mover, m)
	}
	return nil
}

// capturedStart returns the hole after which the seeds of a capture in
// the mover's house pos are sown on (SW-60), and the direction of that
// sowing: dir is the capturing lap's, from the hole after which it sowed,
// move the hole after which the move sowed.
func (r *Rules) capturedStart(mover mancala.Player, pos, dir, from, move int) (int, int) {
	t := r.t
	switch r.c.CapturedFrom {
	case FromLapStart:
		return from, dir
	case FromMoveStart:
		return move, dir
	case FromKichwa:
		w := t.n / 2
		lo := int(mover) * t.n
		col := 2*w - 1 - (pos - lo) // the column of the inner house pos, from the mover's left
		left := col <= 1 || col < w-2 && dir == 1
		if left {
			k := lo + 2*w - 1
			return int(t.prev[1][mover][k]), 1
		}
		k := lo + w
		return int(t.prev[0][mover][k]), 0
	}
	return pos, dir
}

// singlesBlocked returns the moves of m that sow a single seed into a
// hole that is not empty (SW-65).
func (r *Rules) singlesBlocked(c *cells, mover mancala.Player, m uint32) uint32 {
	var out uint32
	lo := int(mover) * r.t.n
	for mm := m; mm != 0; mm &= mm - 1 {
		k := bits.TrailingZeros32(mm)
		h := lo + k&15
		if c[h] == 1 && c[r.t.next[k>>4][mover][h]] != 0 {
			out |= 1 << k
		}
	}
	return out
}
