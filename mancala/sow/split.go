package sow

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// SW-40, split direction: the house a move starts from fixes the way it
// is sown (Um el Bagara). The mechanism lives here; config.go, rules.go,
// family.go and text.go hold one-line hooks.

// HouseWay says how the house a move starts from fixes the direction of its
// sowing (SW-40). It needs EitherWay: the direction of a move is still
// written as a move A or a reversed move A' (mancala.Reversed), and
// HouseWay says which of the two are legal.
type HouseWay uint8

const (
	// AnyWay: any house may be sown either way (with EitherWay) or in
	// the game's Direction alone.
	AnyWay HouseWay = iota
	// Outward: each half of the mover's row sows towards its nearer
	// end, so into the opponent's row at once: the houses of the left
	// half (A, B, ... in a counter-clockwise game, from the mover's
	// left) clockwise, those of the right half counter-clockwise; the
	// middle house of an odd row either way (Um el Bagara; MancalaGames'
	// SPLIT, whose Cow.txt plays it move for move).
	Outward
)

// splitMask returns the move indices (see sow) that SW-40 allows on a
// board of c, all of them without HouseWay. Houses are counted from the
// mover's left: on every board the engine's house 0 is his leftmost.
func splitMask(c *Config) uint32 {
	n := c.Houses
	if c.HouseWay == AnyWay {
		return ^uint32(0)
	}
	var cw, ccw uint32 // the houses allowed to sow clockwise, counter-clockwise
	for i := 0; i < n; i++ {
		left, right := i < n/2, i >= n-n/2
		if !right {
			cw |= 1 << i
		}
		if !left {
			ccw |= 1 << i
		}
	}
	if c.Direction == Clockwise { // move index k < 16 sows in c.Direction
		return cw | ccw<<16
	}
	return ccw | cw<<16
}

// splitText returns the sentence of the players' rules for SW-40.
func splitText(c *Config) string {
	mid := ""
	if c.Houses%2 == 1 {
		mid = " You sow your middle house either way, as you choose: each move says which way it goes."
	}
	if c.HouseWay == Outward {
		return "The house you sow fixes the way: from a house of the left half of your row you sow clockwise, towards your left and on into your opponent's row; from the right half, counter-clockwise." + mid
	}
	return ""
}

// SW-41, single seeds into empty houses only (Ndoto): the hook is one
// line of candidates.

// singleToEmpty removes from the moves m of mover (move indices) each
// move from a house holding a single seed whose next hole, in the move's
// direction, is not an empty house (SW-41).
func (r *Rules) singleToEmpty(c *cells, mover mancala.Player, m uint32) uint32 {
	t := r.t
	for mm := m; mm != 0; mm &= mm - 1 {
		k := bits.TrailingZeros32(mm)
		h := int(mover)*t.n + k&15
		if c[h] != 1 {
			continue
		}
		if nx := int(t.next[k>>4][mover][h]); nx >= 2*t.n || c[nx] != 0 {
			m &^= 1 << k
		}
	}
	return m
}
