package mancala

import (
	"strconv"
	"strings"
)

// House letters: South's houses are A, B, ... and North's a, b, ..., each
// in its owner's sowing order. A joint move at a simultaneous decision is
// written with both letters, South's first ("Ab").

// ParseMove parses one move: a house letter ("C", "c") or a joint move
// ("Cb"). It checks only the notation; whether the move is legal, or the
// house exists, is for the ruleset to say.
func ParseMove(s string) (Move, error) {
	switch len(s) {
	case 1:
		if p, i, ok := letterHouse(s[0]); ok {
			return Single(p, i), nil
		}
		return Move{}, parseErr("move", s, 0, "want a house letter A-L or a-l")
	case 2:
		ps, is, ok := letterHouse(s[0])
		if !ok || ps != South {
			return Move{}, parseErr("move", s, 0, "want South's house letter A-L first in a joint move")
		}
		pn, in, ok := letterHouse(s[1])
		if !ok || pn != North {
			return Move{}, parseErr("move", s, 1, "want North's house letter a-l second in a joint move")
		}
		return Joint(is, in), nil
	case 0:
		return Move{}, parseErr("move", s, 0, "empty")
	}
	return Move{}, parseErr("move", s, 2, "too long: a move is one letter, or two for a joint move")
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
//   - s<hex>, the ruleset-defined State word.
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
	next := 0 // index in "rhs" of the first field still allowed
	for ps.eat(' ') {
		f := ps.peek()
		k := strings.IndexByte("rhs", f)
		if f == 0 || k < next {
			return p, ps.errf("want r, h or s (in that order, each once)")
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
