package mancala

import "fmt"

// Layout is the shape of a board: how many rows of houses each player
// owns and whether it has stores. Tools draw a board from its layout
// ([Board.Layout]), and rulesets read from it which houses face which
// ([Layout.Across]). The zero Layout is the two-row board with a store at
// each end that most games use.
//
// # Two-row boards (Rows 1)
//
// Each player owns one row of n houses, numbered 0 to n-1 in his sowing
// order (counter-clockwise): South's run left to right along the near
// side, North's right to left along the far side. House i faces the
// opponent's house n-1-i.
//
// # Four-row boards (Rows 2)
//
// Each player owns two rows of w = n/2 houses, and sows round his own two
// rows. His houses 0 to w-1 are his outer row (nearest to him), run in
// his sowing order, then w to 2w-1 his inner row, run back the other way:
// South's outer row left to right, his inner row right to left; North's
// the same turned half round. Inner house i (w <= i < 2w) faces the
// opponent's inner house 3w-1-i across the middle, and the player's own
// outer house 2w-1-i behind it.
//
// # Stores
//
// With NoStores the board has no stores to draw (most four-row games, and
// games whose captures leave the board): the seeds that [Board.Store]
// counts are then the player's captured seeds, set aside, and tools show
// them as a count beside the board rather than as a store.
type Layout struct {
	// Rows is the number of rows of houses each player owns: 1 for a
	// two-row board, 2 for a four-row board. 0 means 1 (LayoutOf and
	// Board.Layout return 1).
	Rows int
	// NoStores is true for a board drawn without stores.
	NoStores bool
}

// Layouter is implemented by rulesets whose boards are not drawn as the
// zero [Layout]. Its result is the layout of every board that the
// ruleset's Start, Setup, Play and Apply return ([Board.Layout]), so a
// tool holding only a position can draw it too.
type Layouter interface {
	Layout() Layout
}

// LayoutOf returns r's layout: r.Layout() if r is a [Layouter], else the
// two-row board with stores, with Rows 0 read as 1.
func LayoutOf(r Ruleset) Layout {
	l := Layout{Rows: 1}
	if lr, ok := r.(Layouter); ok && !isNil(r) {
		l = lr.Layout()
		if l.Rows == 0 {
			l.Rows = 1
		}
	}
	return l
}

// rows returns l.Rows, with 0 read as 1.
func (l Layout) rows() int {
	if l.Rows == 2 {
		return 2
	}
	return 1
}

// Check reports whether l can shape a board of n houses a side: Rows is
// 0, 1 or 2, and a four-row board has an even n of at least 2. The error
// wraps [ErrUnsupported].
func (l Layout) Check(n int) error {
	switch {
	case l.Rows < 0 || l.Rows > 2:
		return fmt.Errorf("mancala: a layout of %d rows a side (want 1 or 2): %w", l.Rows, ErrUnsupported)
	case n < 1 || n > MaxHouses:
		return fmt.Errorf("mancala: %d houses per side: %w", n, ErrUnsupported)
	case l.Rows == 2 && n%2 != 0:
		return fmt.Errorf("mancala: %d houses a side cannot fill two rows: %w", n, ErrUnsupported)
	}
	return nil
}

// Width returns the number of houses in one row of a board of n houses a
// side: n, or n/2 on a four-row board.
func (l Layout) Width(n int) int { return n / l.rows() }

// Cell returns where house i of player p is drawn on a board of n houses a
// side: its row counted from the top (0 to 2*Rows-1: North's rows above,
// his outer row first, then South's, his outer row last) and its column
// counted from the left (0 to Width(n)-1). It returns -1, -1 for a house
// that is not on such a board.
func (l Layout) Cell(n int, p Player, i int) (row, col int) {
	if l.Check(n) != nil || uint(i) >= uint(n) || !p.Valid() {
		return -1, -1
	}
	if l.rows() == 1 {
		if p == South {
			return 1, i
		}
		return 0, n - 1 - i
	}
	w := n / 2
	switch {
	case p == South && i < w:
		return 3, i
	case p == South:
		return 2, 2*w - 1 - i
	case i < w:
		return 0, w - 1 - i
	default:
		return 1, i - w
	}
}

// Across returns the opponent's house that faces house i of player p
// across the middle of a board of n houses a side, and true; false for a
// house with none (an outer house of a four-row board, or no such house).
func (l Layout) Across(n int, p Player, i int) (int, bool) {
	if l.Check(n) != nil || uint(i) >= uint(n) || !p.Valid() {
		return 0, false
	}
	if l.rows() == 1 {
		return n - 1 - i, true
	}
	w := n / 2
	if i < w {
		return 0, false
	}
	return 3*w - 1 - i, true
}

// Behind returns, on a four-row board of n houses a side, the player's own
// outer house behind his inner house i, or the inner house in front of
// his outer house i, and true; false on a two-row board or for no such
// house.
func (l Layout) Behind(n int, i int) (int, bool) {
	if l.rows() != 2 || l.Check(n) != nil || uint(i) >= uint(n) {
		return 0, false
	}
	return n - 1 - i, true
}

// Layout returns the board's layout, as its ruleset set it.
func (b Board) Layout() Layout {
	return Layout{Rows: 1 + int(b.shape&1), NoStores: b.shape&2 != 0}
}

// SetLayout shapes the board as l. It fails, leaving the board unchanged,
// with an error wrapping [ErrUnsupported] if l cannot shape a board of
// Houses() houses a side ([Layout.Check]). A layout changes no seed: it
// is how the board is drawn and which houses face which.
func (b *Board) SetLayout(l Layout) error {
	if err := l.Check(int(b.n)); err != nil {
		return err
	}
	var s uint8
	if l.rows() == 2 {
		s |= 1
	}
	if l.NoStores {
		s |= 2
	}
	b.shape = s
	return nil
}
