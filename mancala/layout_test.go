package mancala_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestLayoutCellsTileTheBoard checks that every house of every board has
// its own cell, that the cells fill the grid, and that Across and Behind
// agree with the cells: facing houses share a column in the two middle
// rows, and a house and the one behind it share a column on one side.
func TestLayoutCellsTileTheBoard(t *testing.T) {
	for _, l := range []mancala.Layout{{}, {Rows: 1}, {Rows: 2}, {Rows: 2, NoStores: true}} {
		for n := 1; n <= mancala.MaxHouses; n++ {
			if l.Check(n) != nil {
				if l.Rows == 2 && n%2 == 0 {
					t.Errorf("%+v.Check(%d) refused: %v", l, n, l.Check(n))
				}
				continue
			}
			rows, w := 2*max(l.Rows, 1), l.Width(n)
			seen := map[[2]int]mancala.Hole{}
			for p := mancala.South; p <= mancala.North; p++ {
				for i := range n {
					r, c := l.Cell(n, p, i)
					if r < 0 || r >= rows || c < 0 || c >= w {
						t.Fatalf("%+v n=%d: %v%d at (%d,%d), outside %dx%d", l, n, p, i, r, c, rows, w)
					}
					if (p == mancala.North) != (r < rows/2) {
						t.Errorf("%+v n=%d: %v's house %d in row %d, on the other side", l, n, p, i, r)
					}
					if h, dup := seen[[2]int{r, c}]; dup {
						t.Fatalf("%+v n=%d: %v and %v share cell (%d,%d)", l, n, h, mancala.Hole{Owner: p, House: i}, r, c)
					}
					seen[[2]int{r, c}] = mancala.Hole{Owner: p, House: i}
					if j, ok := l.Across(n, p, i); ok {
						r2, c2 := l.Cell(n, p.Other(), j)
						if c2 != c || !(r == rows/2-1 && r2 == rows/2 || r == rows/2 && r2 == rows/2-1) {
							t.Errorf("%+v n=%d: %v%d at (%d,%d) faces %v%d at (%d,%d)", l, n, p, i, r, c, p.Other(), j, r2, c2)
						}
						if back, _ := l.Across(n, p.Other(), j); back != i {
							t.Errorf("%+v n=%d: Across is not symmetric at %v%d", l, n, p, i)
						}
					} else if r == rows/2-1 || r == rows/2 {
						t.Errorf("%+v n=%d: %v%d in a middle row faces nothing", l, n, p, i)
					}
					if j, ok := l.Behind(n, i); ok {
						r2, c2 := l.Cell(n, p, j)
						if c2 != c || r2 == r {
							t.Errorf("%+v n=%d: %v%d at (%d,%d), behind it %d at (%d,%d)", l, n, p, i, r, c, j, r2, c2)
						}
					} else if l.Rows == 2 {
						t.Errorf("%+v n=%d: %v%d has no house behind it", l, n, p, i)
					}
				}
			}
			if len(seen) != rows*w {
				t.Errorf("%+v n=%d: %d cells of %d filled", l, n, len(seen), rows*w)
			}
		}
	}
}

// TestLayoutFourRowConvention pins the four-row numbering that rulesets
// rely on: on 4x8, South's A..H run left to right along his outer row,
// I..P back along his inner row; inner I faces North's p (3w-1-i).
func TestLayoutFourRowConvention(t *testing.T) {
	l := mancala.Layout{Rows: 2}
	for _, tc := range []struct {
		p        mancala.Player
		i        int
		row, col int
	}{
		{mancala.South, 0, 3, 0}, {mancala.South, 7, 3, 7}, {mancala.South, 8, 2, 7}, {mancala.South, 15, 2, 0},
		{mancala.North, 0, 0, 7}, {mancala.North, 7, 0, 0}, {mancala.North, 8, 1, 0}, {mancala.North, 15, 1, 7},
	} {
		if r, c := l.Cell(16, tc.p, tc.i); r != tc.row || c != tc.col {
			t.Errorf("Cell(16, %v, %d) = (%d,%d), want (%d,%d)", tc.p, tc.i, r, c, tc.row, tc.col)
		}
	}
	if j, ok := l.Across(16, mancala.South, 8); !ok || j != 15 {
		t.Errorf("South's I faces %d, %v; want 15 (p)", j, ok)
	}
	if _, ok := l.Across(16, mancala.South, 3); ok {
		t.Errorf("an outer house faces an opponent's house")
	}
	if j, ok := (mancala.Layout{}).Across(6, mancala.South, 0); !ok || j != 5 {
		t.Errorf("two-row A faces %d, want 5 (f)", j)
	}
}

func TestSetLayout(t *testing.T) {
	b, err := mancala.NewBoard(16, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Layout(); got != (mancala.Layout{Rows: 1}) {
		t.Errorf("a new board's layout is %+v, want one row a side with stores", got)
	}
	before := b
	for _, bad := range []mancala.Layout{{Rows: 3}, {Rows: -1}} {
		if err := b.SetLayout(bad); !errors.Is(err, mancala.ErrUnsupported) || b != before {
			t.Errorf("SetLayout(%+v) = %v, board changed %v", bad, err, b != before)
		}
	}
	odd, _ := mancala.NewBoard(7, 1)
	if err := odd.SetLayout(mancala.Layout{Rows: 2}); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("two rows of 3.5 houses accepted: %v", err)
	}
	l := mancala.Layout{Rows: 2, NoStores: true}
	if err := b.SetLayout(l); err != nil {
		t.Fatal(err)
	}
	if got := b.Layout(); got != l {
		t.Errorf("Layout() = %+v after SetLayout(%+v)", got, l)
	}
	if b == before {
		t.Errorf("the layout is not part of the board's value")
	}
	p, q := mancala.Position{Board: b}, mancala.Position{Board: before}
	if p.Hash() == q.Hash() {
		t.Errorf("the layout does not change the hash")
	}
}

func TestBoardStringFourRows(t *testing.T) {
	b, err := mancala.NewBoard(8, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		_ = b.SetSeeds(mancala.South, i, i)
		_ = b.SetSeeds(mancala.North, i, 10+i)
	}
	_ = b.SetStore(mancala.North, 3)
	if err := b.SetLayout(mancala.Layout{Rows: 2, NoStores: true}); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"        d  c  b  a\n" +
		"       13 12 11 10\n" +
		"        e  f  g  h\n" +
		"       14 15 16 17\n" +
		"        7  6  5  4\n" +
		"        H  G  F  E\n" +
		"        0  1  2  3\n" +
		"        A  B  C  D\n" +
		"captured: South 0, North 3\n"
	if got := b.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

func TestReversedMoves(t *testing.T) {
	for _, m := range []mancala.Move{mancala.Single(mancala.South, 0), mancala.Single(mancala.North, 15), mancala.Joint(3, 4)} {
		r := mancala.Reversed(m)
		if r == m || !r.Reversed() || m.Reversed() {
			t.Errorf("Reversed(%v) = %v (reversed %v)", m, r, r.Reversed())
		}
		if r.Turn() != m.Turn() {
			t.Errorf("Reversed(%v) changed the turn", m)
		}
		for p := mancala.South; p <= mancala.North; p++ {
			i, ok := m.House(p)
			j, ok2 := r.House(p)
			if i != j || ok != ok2 {
				t.Errorf("Reversed(%v).House(%v) = %d,%v want %d,%v", m, p, j, ok2, i, ok)
			}
		}
		got, err := mancala.ParseMove(r.String())
		if err != nil || got != r {
			t.Errorf("ParseMove(%q) = %v, %v; want %#v", r.String(), got, err, r)
		}
		if mancala.Reversed(r) != r {
			t.Errorf("Reversed is not idempotent on %v", r)
		}
	}
	if got := mancala.Single(mancala.South, 2); mancala.Reversed(got).String() != "C'" {
		t.Errorf("reversed C reads %q", mancala.Reversed(got).String())
	}
	if !mancala.Reversed(mancala.Move{}).IsZero() {
		t.Errorf("the zero move reversed is not zero")
	}
	for _, bad := range []string{"'", "''", "A''", "-'"} {
		if m, err := mancala.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", bad, m)
		}
	}
}

// scoredToy restates the stores' scores as houses won, to check that
// OutcomeOf and Game read a Scorer.
type scoredToy struct{ mancala.Ruleset }

func (scoredToy) Outcome(p mancala.Position) mancala.Outcome {
	o := p.Outcome()
	o.Scores = [2]int{1, 0}
	if o.Result == mancala.NorthWins {
		o.Scores = [2]int{0, 1}
	}
	return o
}

func TestOutcomeOfScorer(t *testing.T) {
	p, err := mancala.ParsePosition("0,0/0,0 5,3 -")
	if err != nil {
		t.Fatal(err)
	}
	r := scoredToy{}
	o := mancala.OutcomeOf(r, p)
	if o.Result != mancala.SouthWins || o.Scores != [2]int{1, 0} {
		t.Errorf("OutcomeOf a Scorer = %+v, want South 1-0", o)
	}
	if o := mancala.OutcomeOf(nil, p); o.Scores != [2]int{5, 3} {
		t.Errorf("OutcomeOf without a Scorer = %+v, want the stores", o)
	}
}

func TestLayoutText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want mancala.Layout
	}{
		{"1,2/3,4 0,0 S", mancala.Layout{Rows: 1}},
		{"1,2/3,4 0,0 S l2", mancala.Layout{Rows: 2}},
		{"1,2/3,4 5,0 N r2 s1f l2x", mancala.Layout{Rows: 2, NoStores: true}},
		{"1,2,3/3,4,5 0,0 S l1x", mancala.Layout{Rows: 1, NoStores: true}},
	} {
		p, err := mancala.ParsePosition(tc.text)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", tc.text, err)
			continue
		}
		if got := p.Board.Layout(); got != tc.want {
			t.Errorf("ParsePosition(%q) has layout %+v, want %+v", tc.text, got, tc.want)
		}
		if p.String() != tc.text {
			t.Errorf("ParsePosition(%q).String() = %q", tc.text, p.String())
		}
	}
	for _, bad := range []string{"1,2,3/3,4,5 0,0 S l2", "1,2/3,4 0,0 S l1", "1,2/3,4 0,0 S l3", "1,2/3,4 0,0 S l2 s1", "1,2/3,4 0,0 S l2y"} {
		var pe *mancala.ParseError
		if _, err := mancala.ParsePosition(bad); !errors.As(err, &pe) || !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("ParsePosition(%q) = %v, want a *ParseError", bad, err)
		}
	}
}

// TestNewGameRefusesOtherLayout: a start position whose board has another
// layout than the rules' (position text with l2 given to two-row rules)
// is refused, whatever the ruleset's Setup knows of layouts.
func TestNewGameRefusesOtherLayout(t *testing.T) {
	r, err := NewSprint(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition(r.Start().String() + " l2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mancala.NewGame(r, mancala.From(p)); !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Errorf("a four-row board for two-row rules: %v, want ErrInvalidPosition", err)
	}
	if _, err := mancala.NewGame(r, mancala.From(r.Start())); err != nil {
		t.Errorf("the start: %v", err)
	}
}
