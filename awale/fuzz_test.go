package awale_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/awale/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// TestAalina checks the Aalina notation on known texts: the start, a
// finished game, the smallest and largest boards, and malformed text with
// the offset of the problem.
func TestAalina(t *testing.T) {
	start := "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
	p, err := awale.ParseAalina(start)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := awale.New(awale.Documents())
	if p != r.Start() {
		t.Errorf("ParseAalina(%q) = %v, want the start %v", start, p, r.Start())
	}
	for _, c := range []struct{ aalina, pos string }{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S"},
		{"1-0-2-0-0-3-0-4-0-0-1-0-18-19-N", "1,0,2,0,0,3/0,4,0,0,1,0 18,19 N"},
		{"0-0-0-0-0-0-0-0-0-0-0-0-24-24--", "0,0,0,0,0,0/0,0,0,0,0,0 24,24 -"},
		{"3-4-1-0-S", "3/4 1,0 S"},
		{"10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-10-0-15-N",
			"10,10,10,10,10,10,10,10,10,10,10,10/10,10,10,10,10,10,10,10,10,10,10,10 0,15 N"},
	} {
		got, err := awale.ParseAalina(c.aalina)
		if err != nil {
			t.Errorf("ParseAalina(%q): %v", c.aalina, err)
			continue
		}
		want := mustParse(t, c.pos)
		if d := cmp.Diff(plain(want), plain(got)); d != "" {
			t.Errorf("ParseAalina(%q) mismatch (-want +got):\n%s", c.aalina, d)
		}
		if got != want {
			t.Errorf("ParseAalina(%q) = %v, want %v", c.aalina, got, want)
		}
		if s := awale.FormatAalina(want); s != c.aalina {
			t.Errorf("FormatAalina(%v) = %q, want %q", want, s, c.aalina)
		}
	}
	for _, c := range []struct {
		text   string
		offset int
	}{
		{"", 0},
		{"4-4-x-4-0-0-S", 4},
		{"4-4-4-0-0-S", 10}, // 3 houses: odd
		{"4-4-0-S", 6},      // 2 numbers only
		{"4-4-0-0-Q", 8},    // no such side
		{"4-4-0-0-S ", 9},   // trailing text
		{"4-4-0-0", 7},      // no side
		{"4-4-0-0-", 8},     // no side
		{"4-4-0--S", 6},     // empty field
		{"200-56-0-0-S", 4}, // 256 seeds
		{"1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-0-0-S", 52}, // 13 houses a side: the 27th number
	} {
		_, err := awale.ParseAalina(c.text)
		if !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("ParseAalina(%q) = %v, want ErrSyntax", c.text, err)
			continue
		}
		var pe *mancala.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseAalina(%q) = %v (%T), want a *mancala.ParseError", c.text, err, err)
			continue
		}
		if pe.Offset != c.offset {
			t.Errorf("ParseAalina(%q): offset %d (%v), want %d", c.text, pe.Offset, err, c.offset)
		}
	}
}

// FuzzParseAalina: ParseAalina never panics, fails only with a
// *mancala.ParseError wrapping ErrSyntax whose offset lies in the text, and
// whatever it accepts FormatAalina writes back to text that parses to the
// same position (and formats to itself).
func FuzzParseAalina(f *testing.F) {
	for _, s := range []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "0-0-0-0-0-0-0-0-0-0-0-0-24-24--", "3-4-1-0-S", "1-1-0-0-N",
		"04-4-0-0-S", "", "-", "S", "4-4-x", "255-0-0-0-S", "999-0-0-0-S", "1-2-3-4-5-6-7-8-9-10-11-12-0-0-N",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := awale.ParseAalina(s)
		if err != nil {
			var pe *mancala.ParseError
			if !errors.Is(err, mancala.ErrSyntax) || !errors.As(err, &pe) {
				t.Fatalf("ParseAalina(%q) = %v (%T), want a *mancala.ParseError wrapping ErrSyntax", s, err, err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("ParseAalina(%q): offset %d outside the text", s, pe.Offset)
			}
			return
		}
		text := awale.FormatAalina(p)
		q, err := awale.ParseAalina(text)
		if err != nil {
			t.Fatalf("ParseAalina(%q) accepted, but its FormatAalina %q does not parse: %v", s, text, err)
		}
		if q != p {
			t.Fatalf("round trip of %q through %q: %v, want %v", s, text, q, p)
		}
		if again := awale.FormatAalina(q); again != text {
			t.Fatalf("FormatAalina not stable: %q then %q", text, again)
		}
		if canonical(s) && text != s {
			// Without leading zeros the text has one spelling.
			t.Fatalf("FormatAalina(ParseAalina(%q)) = %q", s, text)
		}
	})
}

// fuzzOptions picks rule options for a position of total seeds on n houses
// a side: the seeds per house that make the total right when it divides,
// and the AW-6, AW-8 and AW-10 options from the bits of k.
func fuzzOptions(n, total int, k byte) awale.Options {
	o := awale.Options{Houses: n, Seeds: 4}
	if total > 0 && total%(2*n) == 0 {
		o.Seeds = total / (2 * n)
	}
	o.GrandSlam = []awale.GrandSlam{awale.GrandSlamForbidden, awale.GrandSlamNoCapture,
		awale.GrandSlamCaptureAll, awale.GrandSlamForbiddenElseCapture}[k&3]
	if k&4 != 0 {
		o.Cycle = awale.CycleSplit
	}
	o.StopAtMajority = k&8 != 0
	return o
}

// FuzzSetup: Setup never panics on any parsed position; what it accepts
// is settled as the reference settles it (AW-7, AW-10), every legal move
// plays (Play and Apply agreeing with each other and the reference) and
// every other move is refused without changing the position.
func FuzzSetup(f *testing.F) {
	for _, c := range []struct {
		s string
		k byte
	}{
		{"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", 0},
		{"1,0,0,0,2,1/0,0,0,0,0,0 20,24 S", 1},
		{"0,0,0,0,3,2/1,2,0,0,0,0 20,20 S", 3},
		{"0,0,0,0,2,17/0,0,0,0,0,0 14,15 S", 2},
		{"4,4,0,0,0,0/4,4,0,0,0,0 25,7 N", 9},
		{"1,0,2,0,0,3/0,4,0,0,1,0 18,19 N", 4},
		{"0,0,0,0,0,0/0,0,0,0,0,0 24,24 -", 0},
		{"1,0,0,0,0,0/0,0,0,0,0,0 23,24 -", 4},
		{"3/4 1,0 S", 4},
		{"5,5,5/5,5,5 0,0 B", 0},
		{"4,4,4,4,4,4/4,4,4,4,4,x 4,0 S", 0},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S r1 h1@A,0@a s3", 0},
	} {
		f.Add(c.s, c.k)
	}
	f.Fuzz(func(t *testing.T, text string, k byte) {
		p, err := mancala.ParsePosition(text)
		if err != nil {
			return
		}
		n := p.Board.Houses()
		o := fuzzOptions(n, p.Board.Total(), k)
		r, err := awale.New(o)
		if err != nil {
			return // more seeds than a board holds, for instance
		}
		q, err := r.Setup(p)
		if err != nil {
			if !errors.Is(err, mancala.ErrInvalidPosition) {
				t.Fatalf("Setup(%v) = %v, want ErrInvalidPosition", p, err)
			}
			return
		}
		checkShape(t, q, n, p.Board.Total())
		if again, err := r.Setup(q); err != nil || again != q {
			t.Fatalf("Setup is not idempotent: Setup(%v) = %v, %v", q, again, err)
		}
		ro := refOptions(t, o)
		if p.ToMove == mancala.SouthTurn || p.ToMove == mancala.NorthTurn {
			want := reference.Settle(ro, toState(p))
			if d := cmp.Diff(refView(ro, want), posView(r, q)); d != "" {
				t.Fatalf("Setup(%v) differs from the reference (-want +got):\n%s", p, d)
			}
		} else if !q.Over() {
			t.Fatalf("Setup(%v) = %v: a finished position came back unfinished", p, q)
		}
		legal := r.Legal(nil, q)
		if (len(legal) == 0) != q.Over() {
			t.Fatalf("Setup(%v) = %v with legal moves %v", p, q, legal)
		}
		s := toState(q)
		for pl := mancala.South; pl <= mancala.North; pl++ {
			for h := 0; h < mancala.MaxHouses; h++ {
				m := mancala.Single(pl, h)
				next, err := r.Play(q, m)
				isLegal := mancala.IsLegal(r, q, m)
				if !isLegal {
					if !errors.Is(err, mancala.ErrIllegalMove) || next != q {
						t.Fatalf("illegal %v in %v: Play = %v, %v", m, q, next, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("legal %v in %v refused: %v", m, q, err)
				}
				if a := r.Apply(q, m); a != next {
					t.Fatalf("%v in %v: Apply %v, Play %v", m, q, a, next)
				}
				checkShape(t, next, n, p.Board.Total())
				want, err := reference.Play(ro, s, h)
				if err != nil {
					t.Fatalf("%v in %v: reference refuses: %v", m, q, err)
				}
				if d := cmp.Diff(refView(ro, want), posView(r, next)); d != "" {
					t.Fatalf("%v in %v differs from the reference (-want +got):\n%s", m, q, d)
				}
			}
		}
		for _, m := range []mancala.Move{{}, mancala.Joint(0, 0)} {
			if next, err := r.Play(q, m); !errors.Is(err, mancala.ErrIllegalMove) || next != q {
				t.Fatalf("%#v in %v: Play = %v, %v", m, q, next, err)
			}
		}
	})
}

// FuzzPlay plays move sequences read from bytes through a mancala.Game
// beside the reference: the first byte picks the options (as fuzzOptions),
// the second the board (houses 1..12 and seeds), then each byte is one
// action: a legal move (chosen by index), an illegal one, an undo or a
// redo. The game must agree with the reference after every action.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 0x35, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{1, 0x35, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{7, 0x00, 0, 0, 0, 0xf0, 0xf8, 0xe3, 0})
	f.Add([]byte{0x0b, 0xb2, 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := 1 + int(data[1]&15)%12
		seeds := 1 + int(data[1]>>4)%min(8, mancala.MaxSeeds/(2*n))
		o := fuzzOptions(n, 2*n*seeds, data[0])
		m := newMachine(t, o, nil)
		m.check("start")
		// Each step checks the whole game against the reference, whose
		// repetition check reads the history: 300 steps keep an input under
		// a few milliseconds, so that the fuzzer does not stall on long ones.
		for i, b := range data[2:] {
			if i >= 300 {
				break
			}
			switch {
			case b < 0xe0:
				if m.cur().Over() {
					m.playIllegal(int(b)%4, int(b), int(b)/3)
				} else {
					m.playLegal(int(b))
				}
			case b < 0xf0:
				m.playIllegal(int(b)%4, int(b)/4, int(b)/2)
			case b < 0xf8:
				m.undo()
			default:
				m.redo()
			}
			m.check("after a step")
		}
	})
}

// canonical reports whether no number in Aalina text s has a leading zero.
func canonical(s string) bool {
	for _, f := range strings.Split(s, "-") {
		if len(f) > 1 && f[0] == '0' {
			return false
		}
	}
	return true
}
