package mancala

import "strconv"

// Player is one of the two sides of the board. The zero value is [South],
// who moves first unless a ruleset says otherwise.
type Player uint8

const (
	South Player = iota // the player sitting at the bottom of a diagram; houses A, B, ...
	North               // the player sitting at the top of a diagram; houses a, b, ...
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// Valid reports whether p is South or North.
func (p Player) Valid() bool { return p <= North }

// String returns "south" or "north".
func (p Player) String() string {
	switch p {
	case South:
		return "south"
	case North:
		return "north"
	}
	return "player(" + strconv.Itoa(int(p)) + ")"
}

// Turn says who must decide in a position: nobody (the game is over), one
// player, or both players at once (a simultaneous decision, as in the opening
// of Congkak). The zero value, [NoTurn], means the game is over.
type Turn uint8

const (
	NoTurn    Turn = 0                     // nobody decides: the game is over
	SouthTurn Turn = 1 << South            // South alone decides
	NorthTurn Turn = 1 << North            // North alone decides
	BothTurn  Turn = SouthTurn | NorthTurn // both decide at once, unseen by each other
)

// TurnOf returns the Turn in which p alone decides.
func TurnOf(p Player) Turn { return 1 << (p & 1) }

// Has reports whether p is among the players who decide.
func (t Turn) Has(p Player) bool { return t&(1<<(p&1)) != 0 }

// Simultaneous reports whether both players decide at once.
func (t Turn) Simultaneous() bool { return t == BothTurn }

// Player returns the single player who decides and true, or false when
// nobody or both decide.
func (t Turn) Player() (Player, bool) {
	switch t {
	case SouthTurn:
		return South, true
	case NorthTurn:
		return North, true
	}
	return South, false
}

// Valid reports whether t is one of the four defined values.
func (t Turn) Valid() bool { return t <= BothTurn }

// String returns "none", "south", "north" or "both".
func (t Turn) String() string {
	switch t {
	case NoTurn:
		return "none"
	case SouthTurn:
		return "south"
	case NorthTurn:
		return "north"
	case BothTurn:
		return "both"
	}
	return "turn(" + strconv.Itoa(int(t)) + ")"
}
