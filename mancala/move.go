package mancala

import "fmt"

// Move is one decision: the house that the deciding player sows from, or,
// at a simultaneous decision ([BothTurn]), one house for each player.
// Houses are 0-based in their owner's sowing order (0 is A or a).
//
// A Move is a two-byte value; == compares moves. The zero Move chooses
// nothing and is never legal.
type Move struct {
	// h holds South's house plus one in its low byte and North's in its
	// high byte; 0 means that player makes no choice. (One word, not an
	// array: the compiler keeps it in a register, where an array of two
	// bytes lives in memory, and compares moves in one instruction.)
	h uint16
}

// Single returns the move in which player p alone sows from house i.
// An out-of-range house gives the zero Move.
func Single(p Player, i int) Move {
	if uint(i) >= MaxHouses || !p.Valid() {
		return Move{}
	}
	return Move{h: uint16(i+1) << (8 * (p & 1))}
}

// Joint returns the simultaneous move in which South sows from house south
// and North from house north. An out-of-range house gives the zero Move.
func Joint(south, north int) Move {
	if south < 0 || south >= MaxHouses || north < 0 || north >= MaxHouses {
		return Move{}
	}
	return Move{h: uint16(south+1) | uint16(north+1)<<8}
}

// IsZero reports whether m chooses nothing.
func (m Move) IsZero() bool { return m == Move{} }

// House returns the house player p sows from in m, and whether p chooses one.
func (m Move) House(p Player) (int, bool) {
	v := uint8(m.h >> (8 * (p & 1)))
	return int(v) - 1, v != 0
}

// Turn returns the players who choose in m: the Turn at which m can be
// played.
func (m Move) Turn() Turn {
	var t Turn
	if uint8(m.h) != 0 {
		t |= SouthTurn
	}
	if m.h>>8 != 0 {
		t |= NorthTurn
	}
	return t
}

// Player returns the single player who chooses in m and true, or false for
// a joint or zero move.
func (m Move) Player() (Player, bool) { return m.Turn().Player() }

// String returns the move's letters: "C" (South's house C), "c" (North's
// house c), "Cb" for a joint move (South's letter first), "-" for the zero
// Move.
func (m Move) String() string {
	if m.IsZero() {
		return "-"
	}
	var b [2]byte
	n := 0
	for p := South; p <= North; p++ {
		if i, ok := m.House(p); ok {
			b[n] = houseLetter(p, i)
			n++
		}
	}
	return string(b[:n])
}

// GoString returns Go syntax for m, as used by %#v.
func (m Move) GoString() string {
	s, sok := m.House(South)
	n, nok := m.House(North)
	switch {
	case sok && nok:
		return fmt.Sprintf("mancala.Joint(%d, %d)", s, n)
	case sok:
		return fmt.Sprintf("mancala.Single(mancala.South, %d)", s)
	case nok:
		return fmt.Sprintf("mancala.Single(mancala.North, %d)", n)
	}
	return "mancala.Move{}"
}

// Choices appends to dst the distinct houses that player p chooses among
// the given moves, in first-seen order. At a simultaneous decision it turns
// a ruleset's list of joint moves into one player's menu.
func Choices(dst []int, moves []Move, p Player) []int {
	var seen uint16
	for _, m := range moves {
		if i, ok := m.House(p); ok && seen&(1<<i) == 0 {
			seen |= 1 << i
			dst = append(dst, i)
		}
	}
	return dst
}
