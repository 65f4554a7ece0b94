package mancala_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
)

func TestSingle(t *testing.T) {
	for _, p := range players {
		for i := 0; i < mancala.MaxHouses; i++ {
			m := mancala.Single(p, i)
			if m.IsZero() || m.Turn() != mancala.TurnOf(p) {
				t.Fatalf("Single(%v, %d) = %#v, turn %v", p, i, m, m.Turn())
			}
			if h, ok := m.House(p); !ok || h != i {
				t.Errorf("Single(%v, %d).House(%v) = %d, %v", p, i, p, h, ok)
			}
			if h, ok := m.House(p.Other()); ok || h != -1 {
				t.Errorf("Single(%v, %d).House(%v) = %d, %v", p, i, p.Other(), h, ok)
			}
			if pl, ok := m.Player(); !ok || pl != p {
				t.Errorf("Single(%v, %d).Player() = %v, %v", p, i, pl, ok)
			}
		}
	}
	for _, tc := range []struct {
		p mancala.Player
		i int
	}{{mancala.South, -1}, {mancala.North, mancala.MaxHouses}, {mancala.South, 1000}, {2, 0}, {255, 3}} {
		if m := mancala.Single(tc.p, tc.i); !m.IsZero() {
			t.Errorf("Single(%v, %d) = %#v, want the zero Move", tc.p, tc.i, m)
		}
	}
}

func TestJoint(t *testing.T) {
	m := mancala.Joint(2, 5)
	if m.Turn() != mancala.BothTurn || !m.Turn().Simultaneous() {
		t.Errorf("Joint turn %v", m.Turn())
	}
	if s, ok := m.House(mancala.South); !ok || s != 2 {
		t.Errorf("South's house %d %v", s, ok)
	}
	if n, ok := m.House(mancala.North); !ok || n != 5 {
		t.Errorf("North's house %d %v", n, ok)
	}
	if _, ok := m.Player(); ok {
		t.Error("a joint move has a single player")
	}
	for _, bad := range [][2]int{{-1, 0}, {0, -1}, {16, 0}, {0, 16}} {
		if m := mancala.Joint(bad[0], bad[1]); !m.IsZero() {
			t.Errorf("Joint(%d, %d) = %#v, want zero", bad[0], bad[1], m)
		}
	}
}

func TestZeroMove(t *testing.T) {
	var m mancala.Move
	if !m.IsZero() || m.Turn() != mancala.NoTurn || m.String() != "-" || m.GoString() != "mancala.Move{}" {
		t.Errorf("zero move: %v %v %q %q", m.IsZero(), m.Turn(), m.String(), m.GoString())
	}
	if _, ok := m.Player(); ok {
		t.Error("zero move has a player")
	}
	for _, p := range players {
		if h, ok := m.House(p); ok || h != -1 {
			t.Errorf("zero move House(%v) = %d %v", p, h, ok)
		}
	}
	if _, err := m.MarshalText(); err == nil {
		t.Error("MarshalText of the zero move succeeds")
	}
}

func TestMoveString(t *testing.T) {
	for _, tc := range []struct {
		m          mancala.Move
		text, goes string
	}{
		{mancala.Single(mancala.South, 0), "A", "mancala.Single(mancala.South, 0)"},
		{mancala.Single(mancala.South, 11), "L", "mancala.Single(mancala.South, 11)"},
		{mancala.Single(mancala.North, 2), "c", "mancala.Single(mancala.North, 2)"},
		{mancala.Joint(2, 1), "Cb", "mancala.Joint(2, 1)"},
		{mancala.Joint(11, 0), "La", "mancala.Joint(11, 0)"},
		{mancala.Across(mancala.Single(mancala.South, 2)), "^c", "mancala.Across(mancala.Single(mancala.South, 2))"},
		{mancala.Across(mancala.Single(mancala.North, 15)), "^P", "mancala.Across(mancala.Single(mancala.North, 15))"},
		{mancala.Reversed(mancala.Across(mancala.Single(mancala.North, 0))), "^A'", "mancala.Reversed(mancala.Across(mancala.Single(mancala.North, 0)))"},
	} {
		if got := tc.m.String(); got != tc.text {
			t.Errorf("String() = %q, want %q", got, tc.text)
		}
		if got := fmt.Sprintf("%#v", tc.m); got != tc.goes {
			t.Errorf("%%#v = %q, want %q", got, tc.goes)
		}
		if b, err := tc.m.MarshalText(); err != nil || string(b) != tc.text {
			t.Errorf("MarshalText = %q, %v", b, err)
		}
		var back mancala.Move
		if err := back.UnmarshalText([]byte(tc.text)); err != nil || back != tc.m {
			t.Errorf("UnmarshalText(%q) = %#v, %v", tc.text, back, err)
		}
	}
	var m mancala.Move
	if err := m.UnmarshalText([]byte("?")); !errors.Is(err, mancala.ErrSyntax) || !m.IsZero() {
		t.Errorf("UnmarshalText(?) = %#v, %v", m, err)
	}
}

// TestMoveTextRoundTrip: every single and joint move reads back from its
// text.
func TestMoveTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		i := rapid.IntRange(0, mancala.MaxHouses-1).Draw(t, "i")
		j := rapid.IntRange(0, mancala.MaxHouses-1).Draw(t, "j")
		for _, m := range []mancala.Move{mancala.Single(mancala.South, i), mancala.Single(mancala.North, j), mancala.Joint(i, j),
			mancala.Across(mancala.Single(mancala.South, i)), mancala.Reversed(mancala.Across(mancala.Single(mancala.North, j)))} {
			back, err := mancala.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("ParseMove(%q) = %#v, %v; want %#v", m.String(), back, err, m)
			}
		}
	})
}

func TestChoices(t *testing.T) {
	var product []mancala.Move
	for _, s := range []int{3, 0, 5} {
		for _, n := range []int{1, 4} {
			product = append(product, mancala.Joint(s, n))
		}
	}
	if got := mancala.Choices(nil, product, mancala.South); !slices.Equal(got, []int{3, 0, 5}) {
		t.Errorf("South's choices %v", got)
	}
	if got := mancala.Choices([]int{9}, product, mancala.North); !slices.Equal(got, []int{9, 1, 4}) {
		t.Errorf("North's choices appended to [9]: %v", got)
	}
	singles := []mancala.Move{mancala.Single(mancala.North, 2), mancala.Single(mancala.North, 0), mancala.Single(mancala.North, 2)}
	if got := mancala.Choices(nil, singles, mancala.North); !slices.Equal(got, []int{2, 0}) {
		t.Errorf("North's choices among singles %v", got)
	}
	if got := mancala.Choices(nil, singles, mancala.South); len(got) != 0 {
		t.Errorf("South's choices among North's moves %v", got)
	}
	if got := mancala.Choices(nil, []mancala.Move{{}, mancala.Single(mancala.South, 11)}, mancala.South); !slices.Equal(got, []int{11}) {
		t.Errorf("choices with a zero move %v", got)
	}
}

// TestAcross: a move from the opponent's row keeps its player and house
// index, names the opponent's hole, and leaves other moves alone.
func TestAcross(t *testing.T) {
	for _, p := range players {
		for i := 0; i < mancala.MaxHouses; i++ {
			plain := mancala.Single(p, i)
			m := mancala.Across(plain)
			if !m.Across() || plain.Across() || m == plain || m.Reversed() {
				t.Fatalf("Across(%#v) = %#v: Across %v, Reversed %v", plain, m, m.Across(), m.Reversed())
			}
			if pl, ok := m.Player(); !ok || pl != p || m.Turn() != plain.Turn() {
				t.Errorf("%#v: player %v %v, turn %v", m, pl, ok, m.Turn())
			}
			if h, ok := m.House(p); !ok || h != i {
				t.Errorf("%#v.House(%v) = %d, %v", m, p, h, ok)
			}
			if h, ok := m.From(p); !ok || h != (mancala.Hole{Owner: p.Other(), House: i}) {
				t.Errorf("%#v.From(%v) = %v, %v", m, p, h, ok)
			}
			if h, ok := plain.From(p); !ok || h != (mancala.Hole{Owner: p, House: i}) {
				t.Errorf("%#v.From(%v) = %v, %v", plain, p, h, ok)
			}
			if _, ok := m.From(p.Other()); ok {
				t.Errorf("%#v.From(%v) names a hole", m, p.Other())
			}
			r := mancala.Reversed(m)
			if r != mancala.Across(mancala.Reversed(plain)) || !r.Across() || !r.Reversed() {
				t.Errorf("Reversed and Across do not commute on %#v", plain)
			}
			if h, ok := r.House(p); !ok || h != i {
				t.Errorf("%#v.House(%v) = %d, %v", r, p, h, ok)
			}
		}
	}
	for _, m := range []mancala.Move{{}, mancala.Joint(1, 2)} {
		if got := mancala.Across(m); got != m || got.Across() {
			t.Errorf("Across(%#v) = %#v, want it unchanged", m, got)
		}
	}
	moves := []mancala.Move{mancala.Single(mancala.South, 1), mancala.Across(mancala.Single(mancala.South, 3)),
		mancala.Across(mancala.Single(mancala.South, 1)), mancala.Single(mancala.South, 4), mancala.Across(mancala.Single(mancala.South, 3))}
	if got := mancala.Choices(nil, moves, mancala.South); !slices.Equal(got, []int{1, 4}) {
		t.Errorf("Choices %v, want [1 4]", got)
	}
	if got := mancala.AcrossChoices([]int{9}, moves, mancala.South); !slices.Equal(got, []int{9, 3, 1}) {
		t.Errorf("AcrossChoices %v, want [9 3 1]", got)
	}
	if got := mancala.AcrossChoices(nil, moves, mancala.North); len(got) != 0 {
		t.Errorf("North's AcrossChoices %v", got)
	}
}

func TestMoveIsSmallValue(t *testing.T) {
	seen := map[mancala.Move]int{}
	for i := 0; i < mancala.MaxHouses; i++ {
		for j := 0; j < mancala.MaxHouses; j++ {
			seen[mancala.Joint(i, j)]++
		}
		seen[mancala.Single(mancala.South, i)]++
		seen[mancala.Single(mancala.North, i)]++
	}
	seen[mancala.Move{}]++
	if len(seen) != mancala.MaxHouses*mancala.MaxHouses+2*mancala.MaxHouses+1 {
		t.Errorf("%d distinct moves", len(seen))
	}
	if n := testing.AllocsPerRun(100, func() {
		m := mancala.Joint(3, 4)
		_, _ = m.House(mancala.North)
		_ = m.Turn()
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
