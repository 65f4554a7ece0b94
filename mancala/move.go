package mancala

import "fmt"

// Move is one decision: the house that the deciding player sows from, or,
// at a simultaneous decision ([BothTurn]), one house for each player.
// Houses are 0-based in their owner's sowing order (0 is A or a). In a
// game where nobody owns the houses, a player may sow from a house of his
// opponent's row: such a move is marked [Across].
//
// A Move is a two-byte value; == compares moves. The zero Move chooses
// nothing and is never legal.
type Move struct {
	// h holds South's house plus one in its low byte and North's in its
	// high byte; 0 means that player makes no choice. Bit 7 of a byte
	// that names a house marks that player's sowing as reversed, bit 6
	// a house of his opponent's row (Across). (One word, not an
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

// House returns the house player p sows from in m, and whether p chooses
// one. The house is in p's own row, except for a move marked [Across],
// whose house is in his opponent's row: [Move.From] names the hole.
func (m Move) House(p Player) (int, bool) {
	v := uint8(m.h>>(8*(p&1))) & 0x3f
	return int(v) - 1, v != 0
}

// From returns the hole player p sows from in m, in his own row or, for
// a move marked [Across], in his opponent's, and whether p chooses one.
func (m Move) From(p Player) (Hole, bool) {
	i, ok := m.House(p)
	if !ok {
		return Hole{}, false
	}
	if m.Across() {
		return Hole{Owner: p.Other(), House: i}, true
	}
	return Hole{Owner: p, House: i}, true
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

// acrossBits is the bit of each player's byte that puts his house in his
// opponent's row.
const acrossBits = 0x4040

// Across returns the single move m sown from the house of the same letter
// in the mover's opponent's row instead of his own, for games in which
// nobody owns the houses (written with a caret and the house's own
// letter: South sowing from North's house c is "^c", North from South's
// C is "^C"). Rulesets in which each player sows from his own row never
// list such a move as legal. A joint or zero move is returned unchanged:
// at a simultaneous decision each player sows from his own row.
// Across and [Reversed] combine in either order.
func Across(m Move) Move {
	switch m.Turn() {
	case SouthTurn:
		return Move{h: m.h | 0x40}
	case NorthTurn:
		return Move{h: m.h | 0x4000}
	}
	return m
}

// Across reports whether m sows from a house of the mover's opponent's
// row (see [Across]).
func (m Move) Across() bool { return m.h&acrossBits != 0 }

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
// house c), "Cb" for a joint move (South's letter first), "^c" for a move
// from the opponent's row (see [Across]: here South sows from North's
// house c), followed by a prime for a reversed sowing ("C'"), or "-" for
// the zero Move.
func (m Move) String() string {
	if m.IsZero() {
		return "-"
	}
	var b [4]byte
	n := 0
	if m.Across() {
		b[n] = '^'
		n++
	}
	for p := South; p <= North; p++ {
		if h, ok := m.From(p); ok {
			b[n] = houseLetter(h.Owner, h.House)
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
	if m.Across() {
		g = "mancala.Across(" + g + ")"
	}
	if m.Reversed() {
		g = "mancala.Reversed(" + g + ")"
	}
	return g
}

// Choices appends to dst the distinct houses of his own row that player p
// chooses among the given moves, in first-seen order. At a simultaneous
// decision it turns a ruleset's list of joint moves into one player's
// menu. Moves from the opponent's row ([Across]) are left out:
// [AcrossChoices] lists their houses.
func Choices(dst []int, moves []Move, p Player) []int {
	return choices(dst, moves, p, false)
}

// AcrossChoices appends to dst the distinct houses of his opponent's row
// that player p may sow from among the given moves (those marked
// [Across]), in first-seen order: with [Choices], the menu of a game in
// which nobody owns the houses.
func AcrossChoices(dst []int, moves []Move, p Player) []int {
	return choices(dst, moves, p, true)
}

func choices(dst []int, moves []Move, p Player, across bool) []int {
	var seen uint16
	for _, m := range moves {
		if i, ok := m.House(p); ok && m.Across() == across && seen&(1<<i) == 0 {
			seen |= 1 << i
			dst = append(dst, i)
		}
	}
	return dst
}
