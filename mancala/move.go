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
	// high byte; 0 means that player makes no choice. Bit 7 of a byte
	// that names a house marks that player's sowing as reversed. (One word, not an
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
	v := uint8(m.h>>(8*(p&1))) & 0x7f
	return int(v) - 1, v != 0
}

// reverseBits is the reversed-direction bit of each player's byte.
const reverseBits = 0x8080

// Reversed returns m with every chosen house sown in the direction
// opposite to the game's usual one, for games in which the player chooses
// the direction of each sowing (written with a prime: "A'"). Rulesets that
// offer no such choice never list a reversed move as legal. The zero Move
// stays zero.
func Reversed(m Move) Move {
	var r uint16
	if m.h&0x7f != 0 {
		r |= 0x80
	}
	if m.h&0x7f00 != 0 {
		r |= 0x8000
	}
	return Move{h: m.h | r}
}

// Reversed reports whether m sows in the direction opposite to the game's
// usual one (see [Reversed]).
func (m Move) Reversed() bool { return m.h&reverseBits != 0 }

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
// house c), "Cb" for a joint move (South's letter first), followed by a
// prime for a reversed sowing ("C'"), or "-" for the zero Move.
func (m Move) String() string {
	if m.IsZero() {
		return "-"
	}
	var b [3]byte
	n := 0
	for p := South; p <= North; p++ {
		if i, ok := m.House(p); ok {
			b[n] = houseLetter(p, i)
			n++
		}
	}
	if m.Reversed() {
		b[n] = '\''
		n++
	}
	return string(b[:n])
}

// GoString returns Go syntax for m, as used by %#v.
func (m Move) GoString() string {
	s, sok := m.House(South)
	n, nok := m.House(North)
	var g string
	switch {
	case sok && nok:
		g = fmt.Sprintf("mancala.Joint(%d, %d)", s, n)
	case sok:
		g = fmt.Sprintf("mancala.Single(mancala.South, %d)", s)
	case nok:
		g = fmt.Sprintf("mancala.Single(mancala.North, %d)", n)
	default:
		return "mancala.Move{}"
	}
	if m.Reversed() {
		g = "mancala.Reversed(" + g + ")"
	}
	return g
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
