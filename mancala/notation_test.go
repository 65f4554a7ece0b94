package mancala_test

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
)

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   mancala.Move
		offset int // of the error; -1 when accepted
	}{
		{"A", mancala.Single(mancala.South, 0), -1},
		{"L", mancala.Single(mancala.South, 11), -1},
		{"a", mancala.Single(mancala.North, 0), -1},
		{"l", mancala.Single(mancala.North, 11), -1},
		{"Cb", mancala.Joint(2, 1), -1},
		{"Ll", mancala.Joint(11, 11), -1},
		{"", mancala.Move{}, 0},
		{"Q", mancala.Move{}, 0},
		{"q", mancala.Move{}, 0},
		{"-", mancala.Move{}, 0},
		{" ", mancala.Move{}, 0},
		{"bA", mancala.Move{}, 0},
		{"AB", mancala.Move{}, 1},
		{"Aq", mancala.Move{}, 1},
		{"ab", mancala.Move{}, 0},
		{"Abc", mancala.Move{}, 2},
		{"é", mancala.Move{}, 0},
		{"^c", mancala.Across(mancala.Single(mancala.South, 2)), -1},
		{"^A", mancala.Across(mancala.Single(mancala.North, 0)), -1},
		{"^p'", mancala.Reversed(mancala.Across(mancala.Single(mancala.South, 15))), -1},
		{"^", mancala.Move{}, 1},
		{"^^a", mancala.Move{}, 2},
		{"^q", mancala.Move{}, 1},
		{"^-", mancala.Move{}, 1},
		{"^Ab", mancala.Move{}, 2},
		{"a^", mancala.Move{}, 0},
		{"^a''", mancala.Move{}, 3},
	} {
		m, err := mancala.ParseMove(tc.in)
		if tc.offset < 0 {
			if err != nil || m != tc.want {
				t.Errorf("ParseMove(%q) = %#v, %v; want %#v", tc.in, m, err, tc.want)
			}
			continue
		}
		var pe *mancala.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, mancala.ErrSyntax) || !m.IsZero() {
			t.Errorf("ParseMove(%q) = %#v, %v; want a *ParseError", tc.in, m, err)
			continue
		}
		if pe.Offset != tc.offset || pe.What != "move" || pe.Input != tc.in {
			t.Errorf("ParseMove(%q): %+v; want offset %d", tc.in, pe, tc.offset)
		}
	}
}

func TestParsePosition(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		check    func(p mancala.Position) bool
	}{
		{"start", "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", func(p mancala.Position) bool {
			return p.Board.Houses() == 6 && p.Board.Total() == 48 && p.ToMove == mancala.SouthTurn && p.Round == 0 && p.State == 0
		}},
		{"over", "0/0 3,5 -", func(p mancala.Position) bool { return p.Over() && p.Board.Store(mancala.North) == 5 }},
		{"both to move", "1,2/3,4 0,0 B", func(p mancala.Position) bool {
			return p.ToMove == mancala.BothTurn && p.Board.Seeds(mancala.North, 1) == 4
		}},
		{"burnt", "x,7/0,x 0,0 N", func(p mancala.Position) bool {
			return p.Board.Burnt(mancala.South, 0) && p.Board.Burnt(mancala.North, 1) && !p.Board.Burnt(mancala.South, 1)
		}},
		{"round", "1/1 0,0 S r12", func(p mancala.Position) bool { return p.Round == 12 }},
		{"hands", "1,0/1,0 0,0 S h3@b,1@S", func(p mancala.Position) bool {
			s, sAt := p.Board.Hand(mancala.South)
			n, nAt := p.Board.Hand(mancala.North)
			return s == 3 && sAt == mancala.Hole{Owner: mancala.North, House: 1} &&
				n == 1 && nAt == mancala.Hole{Owner: mancala.South, House: mancala.StoreHouse}
		}},
		{"state", "1/1 0,0 S s1f", func(p mancala.Position) bool { return p.State == 0x1f }},
		{"round, hands and state", "1,0/1,0 0,0 B r3 h2@N,0@A sffffffff", func(p mancala.Position) bool {
			n, _ := p.Board.Hand(mancala.South)
			return p.Round == 3 && n == 2 && p.State == 0xffffffff
		}},
		{"twelve houses", "1,2,3,4,5,6,7,8,9,10,11,12/0,0,0,0,0,0,0,0,0,0,0,0 0,0 N", func(p mancala.Position) bool {
			return p.Board.Houses() == 12 && p.Board.Seeds(mancala.South, 11) == 12
		}},
		{"MaxSeeds", "200/0 50,5 S", func(p mancala.Position) bool { return p.Board.Total() == mancala.MaxSeeds }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := mancala.ParsePosition(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(p) {
				t.Errorf("ParsePosition(%q) = %#v", tc.in, p)
			}
			if got := p.String(); got != tc.in {
				t.Errorf("String() = %q, want %q", got, tc.in)
			}
		})
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
	}{
		{"", 0},
		{"4,4 0,0 S", 3},            // no North row
		{"4,4/4 0,0 S", 5},          // unequal rows
		{"4,,4/4,4 0,0 S", 2},       // empty count
		{"4,4/4,4,y 0,0 S", 8},      // not a count
		{"4,4/4,4  0,0 S", 8},       // two spaces
		{"4,4/4,4 0 S", 9},          // one store
		{"4,4/4,4 0,0", 11},         // no turn
		{"4,4/4,4 0,0 X", 12},       // bad turn
		{"4,4/4,4 0,0 s", 12},       // turn in lower case
		{"4,4/4,4 0,0 S ", 14},      // trailing space
		{"4,4/4,4 0,0 S r0", 16},    // round 0
		{"4,4/4,4 0,0 S r", 15},     // no round
		{"4,4/4,4 0,0 S s1 r2", 17}, // fields out of order
		{"4,4/4,4 0,0 S h1@A,1@a r2", 23},
		{"4,4/4,4 0,0 S r1 r2", 17},    // a field twice
		{"4,4/4,4 0,0 S x1", 14},       // unknown field
		{"4,4/4,4 0,0 S h1@c,0@A", 17}, // no house c on 2 houses
		{"4,4/4,4 0,0 S h1@A", 18},     // one hand
		{"4,4/4,4 0,0 S h1A,0@A", 16},  // no @
		{"4,4/4,4 0,0 S sFF", 15},      // upper-case hex
		{"4,4/4,4 0,0 S s123456789", 15},
		{"4,4/4,4 0,0 S s", 15},
		{"4,4/4,4 0,0 S extra", 14},
		{"1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1 0,0 S", 32}, // 17 houses
		{"12345678901/1 0,0 S", 10},                       // a count of 11 digits
		{"200/56 0,0 S", 0},                               // 256 seeds
		{"100/100 30,30 S", 0},
		{"0/0 0,0 S h200@A,100@a", 0},
	} {
		p, err := mancala.ParsePosition(tc.in)
		var pe *mancala.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("ParsePosition(%q) = %q, %v; want a *ParseError", tc.in, p, err)
			continue
		}
		if pe.Offset != tc.offset || pe.What != "position" {
			t.Errorf("ParsePosition(%q): offset %d (%s); want %d", tc.in, pe.Offset, pe.Msg, tc.offset)
		}
		_ = p // see TestParsePositionZeroOnError
	}
}

// TestParsePositionZeroOnError: a failed parse returns the zero Position,
// not a half-read one.
func TestParsePositionZeroOnError(t *testing.T) {
	for _, in := range []string{"4,4/4,4 0,0 S r1 x", "4,4/4,4 0,0 N s1 r2", "200/56 0,0 S"} {
		if p, err := mancala.ParsePosition(in); err == nil || p != (mancala.Position{}) {
			t.Errorf("ParsePosition(%q) = %q, %v; want the zero Position and an error", in, p, err)
		}
	}
}

// TestPositionTextRoundTrip: the text of any position a board can hold
// reads back to an equal position, through String and ParsePosition and
// through MarshalText and UnmarshalText.
func TestPositionTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		text := p.String()
		q, err := mancala.ParsePosition(text)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		if q != p {
			t.Fatalf("ParsePosition(%q) = %q, another position", text, q)
		}
		b, err := p.MarshalText()
		if err != nil || string(b) != text {
			t.Fatalf("MarshalText = %q, %v", b, err)
		}
		var u mancala.Position
		if err := u.UnmarshalText(b); err != nil || u != p {
			t.Fatalf("UnmarshalText(%q) = %q, %v", b, u, err)
		}
	})
}

func TestUnmarshalTextKeepsOnError(t *testing.T) {
	p := mustParse(t, "1/1 0,0 S")
	q := p
	if err := q.UnmarshalText([]byte("1/1 0,0 Q")); !errors.Is(err, mancala.ErrSyntax) || q != p {
		t.Errorf("UnmarshalText of bad text: %v, position now %q", err, q)
	}
}
