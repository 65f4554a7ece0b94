package mancala_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// checkParseError checks that err is a *ParseError wrapping ErrSyntax
// with an offset inside the input.
func checkParseError(t *testing.T, what, in string, err error) {
	t.Helper()
	var pe *mancala.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, mancala.ErrSyntax) {
		t.Fatalf("%s(%q): error %v is not a *ParseError", what, in, err)
	}
	if pe.Offset < 0 || pe.Offset > len(in) || pe.Msg == "" {
		t.Fatalf("%s(%q): %+v", what, in, pe)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"A", "l", "Cb", "", "AB", "Abc", "-", "M", "é", "^c", "^P'", "^", "^^a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := mancala.ParseMove(s)
		if err != nil {
			checkParseError(t, "ParseMove", s, err)
			if !m.IsZero() {
				t.Fatalf("ParseMove(%q) returns %#v with its error", s, m)
			}
			return
		}
		if m.IsZero() || m.String() != s {
			t.Fatalf("ParseMove(%q) = %#v, written %q", s, m, m.String())
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S",
		"x,7/0,x 0,0 N",
		"1,0/1,0 0,0 B r3 h2@N,0@A sffffffff",
		"0/0 3,5 -",
		"200/56 0,0 S",
		"1,2,3,4,5,6,7,8,9,10,11,12/0,0,0,0,0,0,0,0,0,0,0,0 0,0 N",
		"4,4/4,4 0,0 S s1 r2",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := mancala.ParsePosition(s)
		if err != nil {
			checkParseError(t, "ParsePosition", s, err)
			return
		}
		if b := p.Board; b.Total() > mancala.MaxSeeds || b.Houses() < 1 || b.Houses() > mancala.MaxHouses || !p.ToMove.Valid() {
			t.Fatalf("ParsePosition(%q) = %q: out of bounds", s, p)
		}
		text := p.String()
		q, err := mancala.ParsePosition(text)
		if err != nil || q != p {
			t.Fatalf("ParsePosition(%q) = %q; its text reads back as %q, %v", s, text, q, err)
		}
		if q.Hash() != p.Hash() {
			t.Fatalf("equal positions, different hashes")
		}
	})
}

// FuzzPlayText plays text on games of the example ruleset and of a toy
// with a simultaneous start: it never panics, stops at the first bad or
// refused move with the right error, and the moves it played replay to
// the same game.
func FuzzPlayText(f *testing.F) {
	for _, s := range []string{"B C a b B c B", "BCa", "Ab C", "AbC c", "A", "aB", "B, C\ta", "Ab, C, Q", "B B", "zz", "B^c", "^C^", "A'b", "^"} {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
	}
	rules := []mancala.Ruleset{sprint(), toy.MustNew(toy.Options{Simultaneous: true})}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		r := rules[int(which)%len(rules)]
		g := newGame(t, r)
		err := g.PlayText(text)
		if err != nil && !errors.Is(err, mancala.ErrSyntax) && !errors.Is(err, mancala.ErrIllegalMove) {
			t.Fatalf("PlayText(%q): unexpected error %v", text, err)
		}
		if errors.Is(err, mancala.ErrSyntax) {
			checkParseError(t, "PlayText", text, err)
		}
		var me *mancala.MoveError
		if errors.As(err, &me) && me.Ply != g.Ply() {
			t.Fatalf("PlayText(%q): refused at ply %d, game at ply %d", text, me.Ply, g.Ply())
		}
		if len(g.Moves()) != g.Ply() {
			t.Fatalf("%d moves at ply %d", len(g.Moves()), g.Ply())
		}
		h := newGame(t, r)
		if err := h.PlayText(g.MovesText()); err != nil || h.Position() != g.Position() {
			t.Fatalf("replaying %q: %q, %v; want %q", g.MovesText(), h.Position(), err, g.Position())
		}
	})
}
