package mancala

import (
	"strconv"
	"strings"
)

// House letters: South's houses are A, B, ... and North's a, b, ..., each
// in its owner's sowing order. A joint move at a simultaneous decision is
// written with both letters, South's first ("Ab"). A move from a house of
// the mover's opponent's row ([Across]) is that house's letter after a
// caret: "^c" is South sowing from North's house c.

// ParseMove parses one move: a house letter ("C", "c"), a joint move
// ("Cb") or a caret and a house letter for a move from the opponent's row
// ("^c", South sowing from North's house c; see [Across]), followed by a
// prime for a reversed sowing ("C'", see [Reversed]). It checks only the notation; whether the move is legal, or
// the house exists, is for the ruleset to say.
func ParseMove(s string) (Move, error) {
	if len(s) > 1 && s[len(s)-1] == '\'' {
		if s[len(s)-2] == '\'' {
			return Move{}, parseErr("move", s, len(s)-1, "want one prime at most")
		}
		m, err := ParseMove(s[:len(s)-1])
		if err != nil {
			return Move{}, err
		}
		return Reversed(m), nil
	}
	if len(s) > 0 && s[0] == '^' {
		if len(s) != 2 {
			return Move{}, parseErr("move", s, min(len(s), 2), "want one house letter after the caret")
		}
		p, i, ok := letterHouse(s[1])
		if !ok {
			return Move{}, parseErr("move", s, 1, "want a house letter A-P or a-p after the caret")
		}
		return Across(Single(p.Other(), i)), nil
	}
	switch len(s) {
	case 1:
		if p, i, ok := letterHouse(s[0]); ok {
			return Single(p, i), nil
		}
		return Move{}, parseErr("move", s, 0, "want a house letter A-P or a-p")
	case 2:
		ps, is, ok := letterHouse(s[0])
		if !ok || ps != South {
			return Move{}, parseErr("move", s, 0, "want South's house letter A-P first in a joint move")
		}
		pn, in, ok := letterHouse(s[1])
		if !ok || pn != North {
			return Move{}, parseErr("move", s, 1, "want North's house letter a-p second in a joint move")
		}
		return Joint(is, in), nil
	case 0:
		return Move{}, parseErr("move", s, 0, "empty")
	}
	return Move{}, parseErr("move", s, 2, "too long: a move is one letter, or two for a joint move, and a prime for a reversed sowing")
}

func letterHouse(c byte) (Player, int, bool) {
	switch {
	case c >= 'A' && c < 'A'+MaxHouses:
		return South, int(c - 'A'), true
	case c >= 'a' && c < 'a'+MaxHouses:
		return North, int(c - 'a'), true
	}
	return South, 0, false
}

// MarshalText implements [encoding.TextMarshaler]: the move's letters.
func (m Move) MarshalText() ([]byte, error) {
	if m.IsZero() {
		return nil, &MoveError{Move: m, Ply: -1, Reason: "the zero move has no notation"}
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMove].
func (m *Move) UnmarshalText(b []byte) error {
	v, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Position text is one line of space-separated fields, in the manner of
// chess's FEN:
//
//	4,4,4,4,4,4/4,4,4,4,4,4 0,0 S
//
//  1. the houses: South's row (A, B, ...) then "/" then North's row
//     (a, b, ...), counts separated by commas, "x" for a burnt house;
//  2. the stores, South's then North's, separated by a comma;
//  3. who must decide: S, N, B (both) or - (the game is over);
//
// followed, only when they are not zero, by
//
//   - r<round>, the round (see Position.Round);
//   - h<seeds>@<hole>,<seeds>@<hole>, South's and North's hands, where a
//     hole is a house letter or S or N for a store;
//   - s<hex>, the ruleset-defined State word;
//   - l<rows>, the board's [Layout] when it is not two rows with stores:
//     l2 for four rows, followed by x for a board without stores (l1x,
//     l2x).
//
// [Position.String] writes it and [ParsePosition] reads it.

// String returns the position text (see [ParsePosition]).
func (p Position) String() string {
	b, _ := p.MarshalText()
	return string(b)
}

// MarshalText implements [encoding.TextMarshaler] with the position text.
func (p Position) MarshalText() ([]byte, error) {
	b := make([]byte, 0, 64)
	n := p.Board.Houses()
	for pl := South; pl <= North; pl++ {
		if pl == North {
			b = append(b, '/')
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			if p.Board.Burnt(pl, i) {
				b = append(b, 'x')
			} else {
				b = strconv.AppendInt(b, int64(p.Board.Seeds(pl, i)), 10)
			}
		}
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.Board.Store(South)), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Board.Store(North)), 10)
	b = append(b, ' ')
	b = append(b, turnLetters[p.ToMove&3])
	if p.Round != 0 {
		b = append(b, " r"...)
		b = strconv.AppendInt(b, int64(p.Round), 10)
	}
	hs, hsAt := p.Board.Hand(South)
	hn, hnAt := p.Board.Hand(North)
	if hs != 0 || hn != 0 {
		b = append(b, " h"...)
		b = strconv.AppendInt(b, int64(hs), 10)
		b = append(b, '@')
		b = append(b, hsAt.String()...)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(hn), 10)
		b = append(b, '@')
		b = append(b, hnAt.String()...)
	}
	if p.State != 0 {
		b = append(b, " s"...)
		b = strconv.AppendUint(b, uint64(p.State), 16)
	}
	if l := p.Board.Layout(); l != (Layout{Rows: 1}) {
		b = append(b, " l"...)
		b = strconv.AppendInt(b, int64(l.Rows), 10)
		if l.NoStores {
			b = append(b, 'x')
		}
	}
	return b, nil
}

var turnLetters = [4]byte{'-', 'S', 'N', 'B'}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParsePosition].
func (p *Position) UnmarshalText(b []byte) error {
	v, err := ParsePosition(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// ParsePosition reads position text as written by [Position.String]. It
// checks the notation and the board's limits, not the rules of any game:
// pass the result to a ruleset's Setup (or [NewGame] with [From]) for that.
// Errors are *ParseError values that give the offset of the problem.
func ParsePosition(s string) (Position, error) {
	p, err := parsePosition(s)
	if err != nil {
		return Position{}, err
	}
	return p, nil
}

func parsePosition(s string) (Position, error) {
	var p Position
	ps := &posParser{s: s}
	// Rows.
	var rows [2][]int
	var burnt [2][]bool
	for pl := South; pl <= North; pl++ {
		if pl == North {
			if !ps.eat('/') {
				return p, ps.errf("want '/' between South's and North's rows")
			}
		}
		for {
			if len(rows[pl]) == MaxHouses {
				return p, ps.errf("more than %d houses", MaxHouses)
			}
			if ps.eat('x') {
				rows[pl] = append(rows[pl], 0)
				burnt[pl] = append(burnt[pl], true)
			} else {
				v, ok := ps.num()
				if !ok {
					return p, ps.errf("want a seed count or x")
				}
				rows[pl] = append(rows[pl], v)
				burnt[pl] = append(burnt[pl], false)
			}
			if !ps.eat(',') {
				break
			}
		}
	}
	if len(rows[South]) != len(rows[North]) {
		return p, ps.errf("South has %d houses and North %d", len(rows[South]), len(rows[North]))
	}
	b, _ := NewBoard(len(rows[South]), 0)
	// Stores.
	if !ps.eat(' ') {
		return p, ps.errf("want a space before the stores")
	}
	var stores [2]int
	for pl := South; pl <= North; pl++ {
		if pl == North && !ps.eat(',') {
			return p, ps.errf("want ',' between the stores")
		}
		v, ok := ps.num()
		if !ok {
			return p, ps.errf("want a store count")
		}
		stores[pl] = v
	}
	// Turn.
	if !ps.eat(' ') {
		return p, ps.errf("want a space before the player to move")
	}
	switch t := ps.peek(); t {
	case 'S', 'N', 'B', '-':
		p.ToMove = Turn(strings.IndexByte("-SNB", t))
		ps.i++
	default:
		return p, ps.errf("want S, N, B or - for who is to move")
	}
	// Optional fields, in order.
	var hands [2]int
	var handAt [2]Hole
	next := 0 // index in "rhsl" of the first field still allowed
	var layout Layout
	layoutAt := -1
	for ps.eat(' ') {
		f := ps.peek()
		k := strings.IndexByte("rhsl", f)
		if f == 0 || k < next {
			return p, ps.errf("want r, h, s or l (in that order, each once)")
		}
		next = k + 1
		ps.i++
		switch f {
		case 'r':
			v, ok := ps.num()
			if !ok || v == 0 || v > 1<<30 {
				return p, ps.errf("want a round number from 1")
			}
			p.Round = v
		case 'h':
			for pl := South; pl <= North; pl++ {
				if pl == North && !ps.eat(',') {
					return p, ps.errf("want ',' between the hands")
				}
				v, ok := ps.num()
				if !ok {
					return p, ps.errf("want the seeds in a hand")
				}
				if !ps.eat('@') {
					return p, ps.errf("want '@' and the hand's hole")
				}
				h, ok := ps.hole(len(rows[South]))
				if !ok {
					return p, ps.errf("want a house letter, S or N")
				}
				hands[pl], handAt[pl] = v, h
			}
		case 's':
			start := ps.i
			for ps.i < len(ps.s) && strings.IndexByte("0123456789abcdef", ps.s[ps.i]) >= 0 {
				ps.i++
			}
			v, err := strconv.ParseUint(ps.s[start:ps.i], 16, 32)
			if err != nil {
				ps.i = start
				return p, ps.errf("want the state in lower-case hex, at most 8 digits")
			}
			p.State = uint32(v)
		case 'l':
			layoutAt = ps.i
			switch {
			case ps.eat('1'):
				layout.Rows = 1
			case ps.eat('2'):
				layout.Rows = 2
			default:
				return p, ps.errf("want the rows a side, 1 or 2")
			}
			layout.NoStores = ps.eat('x')
			if layout == (Layout{Rows: 1}) {
				ps.i = layoutAt
				return p, ps.errf("want l only for four rows (l2) or no stores (l1x, l2x)")
			}
		}
	}
	if ps.i != len(ps.s) {
		return p, ps.errf("unexpected text")
	}
	// Fill the board; limits are checked by the setters.
	total := stores[0] + stores[1] + hands[0] + hands[1]
	for pl := South; pl <= North; pl++ {
		for i, v := range rows[pl] {
			total += v
			if burnt[pl][i] {
				_ = b.SetBurnt(pl, i, true)
			} else if total <= MaxSeeds {
				_ = b.SetSeeds(pl, i, v)
			}
		}
	}
	if total > MaxSeeds {
		return p, parseErr("position", s, 0, "more than %d seeds", MaxSeeds)
	}
	for pl := South; pl <= North; pl++ {
		_ = b.SetStore(pl, stores[pl])
		_ = b.SetHand(pl, hands[pl], handAt[pl])
	}
	if layoutAt >= 0 {
		if err := b.SetLayout(layout); err != nil {
			return p, parseErr("position", s, layoutAt, "two rows a side need an even number of houses")
		}
	}
	p.Board = b
	return p, nil
}

type posParser struct {
	s string
	i int
}

func (ps *posParser) peek() byte {
	if ps.i < len(ps.s) {
		return ps.s[ps.i]
	}
	return 0
}

func (ps *posParser) eat(c byte) bool {
	if ps.peek() == c && ps.i < len(ps.s) {
		ps.i++
		return true
	}
	return false
}

// num reads a decimal number of at most three digits (no count exceeds
// MaxSeeds).
func (ps *posParser) num() (int, bool) {
	v, n := 0, 0
	for ps.i < len(ps.s) && ps.s[ps.i] >= '0' && ps.s[ps.i] <= '9' {
		if n == 10 {
			return 0, false
		}
		v = v*10 + int(ps.s[ps.i]-'0')
		ps.i++
		n++
	}
	return v, n > 0
}

func (ps *posParser) hole(n int) (Hole, bool) {
	c := ps.peek()
	switch c {
	case 'S':
		ps.i++
		return Hole{South, StoreHouse}, true
	case 'N':
		ps.i++
		return Hole{North, StoreHouse}, true
	}
	if p, i, ok := letterHouse(c); ok && i < n {
		ps.i++
		return Hole{p, i}, true
	}
	return Hole{}, false
}

func (ps *posParser) errf(format string, args ...any) error {
	return parseErr("position", ps.s, ps.i, format, args...)
}
