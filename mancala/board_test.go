package mancala_test

import (
	"errors"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
)

func TestNewBoard(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n, seeds int
		want     error // nil: accepted
	}{
		{"one house", 1, 4, nil},
		{"awale 6x4", 6, 4, nil},
		{"congkak 7x7", 7, 7, nil},
		{"MaxHouses", mancala.MaxHouses, 7, nil},
		{"no seeds", 3, 0, nil},
		{"within MaxSeeds: 1 house of 127 a side", 1, 127, nil},
		{"zero houses", 0, 4, mancala.ErrUnsupported},
		{"negative houses", -1, 4, mancala.ErrUnsupported},
		{"MaxHouses+1", mancala.MaxHouses + 1, 1, mancala.ErrUnsupported},
		{"negative seeds", 6, -1, mancala.ErrUnsupported},
		{"more than MaxSeeds: 12 houses of 11", 12, 11, mancala.ErrUnsupported},
		{"more than MaxSeeds: 16 houses of 8", 16, 8, mancala.ErrUnsupported},
		{"more than MaxSeeds: 1 house of 128", 1, 128, mancala.ErrUnsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := mancala.NewBoard(tc.n, tc.seeds)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("NewBoard(%d, %d) error %v, want %v", tc.n, tc.seeds, err, tc.want)
			}
			if err != nil {
				if b != (mancala.Board{}) {
					t.Errorf("a refused NewBoard returns %v, want the zero Board", b)
				}
				return
			}
			if b.Houses() != tc.n || b.Total() != 2*tc.n*tc.seeds {
				t.Errorf("Houses %d, Total %d; want %d, %d", b.Houses(), b.Total(), tc.n, 2*tc.n*tc.seeds)
			}
			for _, p := range players {
				if b.Store(p) != 0 || b.RowSeeds(p) != tc.n*tc.seeds || b.BurntMask(p) != 0 {
					t.Errorf("%v: store %d, row %d, burnt %b", p, b.Store(p), b.RowSeeds(p), b.BurntMask(p))
				}
				if s, _ := b.Hand(p); s != 0 {
					t.Errorf("%v holds %d seeds", p, s)
				}
				row := b.Row(p)
				for i, v := range row {
					if want := tc.seeds * boolInt(i < tc.n); int(v) != want {
						t.Errorf("%v's house %d holds %d, want %d", p, i, v, want)
					}
				}
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNewBoardOverflow: a seed count so large that 2*n*seeds overflows
// must be refused, not wrapped round.
func TestNewBoardOverflow(t *testing.T) {
	for _, seeds := range []int{1 << 62, math.MaxInt, math.MaxInt / 2} {
		for _, n := range []int{1, 6, 12, 16} {
			if b, err := mancala.NewBoard(n, seeds); !errors.Is(err, mancala.ErrUnsupported) {
				t.Errorf("NewBoard(%d, %d) = board of %d seeds, %v; want ErrUnsupported", n, seeds, b.Total(), err)
			}
		}
	}
}

// TestSettersOverflow: a count so large that Total()+delta overflows must
// be refused, not stored truncated to a byte.
func TestSettersOverflow(t *testing.T) {
	start := mustBoard(t, 3, 2)
	for name, set := range map[string]func(b *mancala.Board) error{
		"SetSeeds": func(b *mancala.Board) error { return b.SetSeeds(mancala.South, 0, math.MaxInt) },
		"SetStore": func(b *mancala.Board) error { return b.SetStore(mancala.South, math.MaxInt) },
		"SetHand":  func(b *mancala.Board) error { return b.SetHand(mancala.South, math.MaxInt, mancala.Hole{}) },
	} {
		b := start
		if err := set(&b); !errors.Is(err, mancala.ErrUnsupported) || b != start {
			t.Errorf("%s(MaxInt): %v, total %d; want ErrUnsupported and no change", name, err, b.Total())
		}
	}
}

func TestSettersRefuse(t *testing.T) {
	base := mustBoard(t, 3, 4)
	if err := base.SetBurnt(mancala.North, 1, false); err != nil {
		t.Fatal(err)
	}
	_ = base.SetSeeds(mancala.North, 2, 0)
	_ = base.SetBurnt(mancala.North, 2, true)
	var row13 [mancala.MaxHouses]uint8
	row13[3] = 1 // house D does not exist on a 3-house board
	var rowBurnt [mancala.MaxHouses]uint8
	rowBurnt[2] = 1 // North's c is burnt
	var rowFull [mancala.MaxHouses]uint8
	rowFull[0], rowFull[1], rowFull[2] = 100, 100, 100
	for _, tc := range []struct {
		name string
		set  func(b *mancala.Board) error
		want error
	}{
		{"SetSeeds/no such player", func(b *mancala.Board) error { return b.SetSeeds(2, 0, 1) }, mancala.ErrInvalidPosition},
		{"SetSeeds/house -1", func(b *mancala.Board) error { return b.SetSeeds(mancala.South, -1, 1) }, mancala.ErrInvalidPosition},
		{"SetSeeds/house n", func(b *mancala.Board) error { return b.SetSeeds(mancala.South, 3, 1) }, mancala.ErrInvalidPosition},
		{"SetSeeds/negative", func(b *mancala.Board) error { return b.SetSeeds(mancala.South, 0, -1) }, mancala.ErrInvalidPosition},
		{"SetSeeds/burnt house", func(b *mancala.Board) error { return b.SetSeeds(mancala.North, 2, 1) }, mancala.ErrInvalidPosition},
		{"SetSeeds/past MaxSeeds", func(b *mancala.Board) error { return b.SetSeeds(mancala.South, 0, 240) }, mancala.ErrUnsupported},
		{"SetRow/no such player", func(b *mancala.Board) error { return b.SetRow(5, [mancala.MaxHouses]uint8{}) }, mancala.ErrInvalidPosition},
		{"SetRow/missing house", func(b *mancala.Board) error { return b.SetRow(mancala.South, row13) }, mancala.ErrInvalidPosition},
		{"SetRow/burnt house", func(b *mancala.Board) error { return b.SetRow(mancala.North, rowBurnt) }, mancala.ErrInvalidPosition},
		{"SetRow/past MaxSeeds", func(b *mancala.Board) error { return b.SetRow(mancala.South, rowFull) }, mancala.ErrUnsupported},
		{"SetStore/no such player", func(b *mancala.Board) error { return b.SetStore(2, 1) }, mancala.ErrInvalidPosition},
		{"SetStore/negative", func(b *mancala.Board) error { return b.SetStore(mancala.North, -3) }, mancala.ErrInvalidPosition},
		{"SetStore/past MaxSeeds", func(b *mancala.Board) error { return b.SetStore(mancala.North, 236) }, mancala.ErrUnsupported},
		{"SetHand/no such player", func(b *mancala.Board) error { return b.SetHand(2, 1, mancala.Hole{}) }, mancala.ErrInvalidPosition},
		{"SetHand/negative", func(b *mancala.Board) error { return b.SetHand(mancala.South, -1, mancala.Hole{}) }, mancala.ErrInvalidPosition},
		{"SetHand/hole of no player", func(b *mancala.Board) error {
			return b.SetHand(mancala.South, 1, mancala.Hole{Owner: 2, House: 0})
		}, mancala.ErrInvalidPosition},
		{"SetHand/missing house", func(b *mancala.Board) error {
			return b.SetHand(mancala.South, 1, mancala.Hole{Owner: mancala.North, House: 3})
		}, mancala.ErrInvalidPosition},
		{"SetHand/house -2", func(b *mancala.Board) error {
			return b.SetHand(mancala.South, 1, mancala.Hole{Owner: mancala.North, House: -2})
		}, mancala.ErrInvalidPosition},
		{"SetHand/past MaxSeeds", func(b *mancala.Board) error { return b.SetHand(mancala.South, 236, mancala.Hole{}) }, mancala.ErrUnsupported},
		{"SetBurnt/no such player", func(b *mancala.Board) error { return b.SetBurnt(2, 0, true) }, mancala.ErrInvalidPosition},
		{"SetBurnt/missing house", func(b *mancala.Board) error { return b.SetBurnt(mancala.South, 3, true) }, mancala.ErrInvalidPosition},
		{"SetBurnt/house with seeds", func(b *mancala.Board) error { return b.SetBurnt(mancala.South, 0, true) }, mancala.ErrInvalidPosition},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := base
			err := tc.set(&b)
			if !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if b != base {
				t.Errorf("a refused setter changed the board:\n%v\nwas\n%v", b, base)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	b := mustBoard(t, mancala.MaxHouses, 7) // 224 seeds
	if err := b.SetStore(mancala.South, 31); err != nil {
		t.Fatalf("SetStore up to MaxSeeds: %v", err)
	}
	if b.Total() != mancala.MaxSeeds {
		t.Fatalf("Total %d, want MaxSeeds", b.Total())
	}
	before := b
	for name, err := range map[string]error{
		"SetSeeds": b.SetSeeds(mancala.North, 11, 11),
		"SetStore": b.SetStore(mancala.North, 1),
		"SetHand":  b.SetHand(mancala.North, 1, mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}),
	} {
		if !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("%s past MaxSeeds: %v", name, err)
		}
	}
	if b != before {
		t.Errorf("refused setters changed the board")
	}
	// Moving seeds keeps the total: emptying a house first makes room.
	if err := b.SetSeeds(mancala.South, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := b.SetHand(mancala.South, 7, mancala.Hole{Owner: mancala.South, House: 0}); err != nil {
		t.Errorf("SetHand within MaxSeeds: %v", err)
	}
	if b.Total() != mancala.MaxSeeds {
		t.Errorf("Total %d", b.Total())
	}
	if got := b.Seeds(mancala.South, mancala.MaxHouses-1); got != 7 {
		t.Errorf("house P holds %d", got)
	}
	if got := b.Seeds(mancala.South, mancala.MaxHouses); got != 0 {
		t.Errorf("Seeds beyond MaxHouses = %d", got)
	}
}

func TestBurnt(t *testing.T) {
	b := mustBoard(t, 4, 0)
	for _, i := range []int{0, 3} {
		if err := b.SetBurnt(mancala.North, i, true); err != nil {
			t.Fatal(err)
		}
	}
	if !b.Burnt(mancala.North, 0) || !b.Burnt(mancala.North, 3) || b.Burnt(mancala.North, 1) || b.Burnt(mancala.South, 0) {
		t.Errorf("Burnt wrong: %b %b", b.BurntMask(mancala.South), b.BurntMask(mancala.North))
	}
	if got := b.BurntMask(mancala.North); got != 1|1<<3 {
		t.Errorf("BurntMask = %b", got)
	}
	if b.Burnt(mancala.North, -1) || b.Burnt(mancala.North, 4) || b.Burnt(mancala.North, 100) {
		t.Error("Burnt true for a missing house")
	}
	if err := b.SetBurnt(mancala.North, 3, false); err != nil {
		t.Fatal(err)
	}
	if b.Burnt(mancala.North, 3) {
		t.Error("SetBurnt(false) left the house burnt")
	}
	if err := b.SetSeeds(mancala.North, 3, 2); err != nil {
		t.Errorf("seeds into a reopened house: %v", err)
	}
	// A burnt house holds no seeds; burning twice changes nothing.
	c := b
	if err := c.SetBurnt(mancala.North, 0, true); err != nil || c != b {
		t.Errorf("burning a burnt house: %v, changed %v", err, c != b)
	}
}

func TestHands(t *testing.T) {
	b := mustBoard(t, 3, 2)
	_ = b.SetSeeds(mancala.South, 0, 0)
	at := mancala.Hole{Owner: mancala.North, House: 2}
	if err := b.SetHand(mancala.South, 2, at); err != nil {
		t.Fatal(err)
	}
	if n, h := b.Hand(mancala.South); n != 2 || h != at {
		t.Errorf("Hand = %d at %v", n, h)
	}
	if b.Total() != 12 {
		t.Errorf("Total %d counts no hands", b.Total())
	}
	store := mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}
	if err := b.SetHand(mancala.North, 1, store); err != nil {
		t.Fatal(err)
	}
	if n, h := b.Hand(mancala.North); n != 1 || h != store || !h.IsStore() {
		t.Errorf("North's hand = %d at %v", n, h)
	}
	// An empty hand forgets its hole, so that == sees equal boards.
	c, d := b, b
	_ = c.SetHand(mancala.South, 0, at)
	_ = d.SetHand(mancala.South, 0, mancala.Hole{Owner: mancala.South, House: 1})
	if c != d {
		t.Error("empty hands at different holes make different boards")
	}
	if n, _ := c.Hand(mancala.South); n != 0 {
		t.Errorf("emptied hand holds %d", n)
	}
}

func TestRowIsACopy(t *testing.T) {
	b := mustBoard(t, 3, 2)
	row := b.Row(mancala.South)
	row[0] = 9
	if b.Seeds(mancala.South, 0) != 2 {
		t.Error("changing Row's result changed the board")
	}
	c := b // boards are values
	_ = c.SetSeeds(mancala.South, 0, 0)
	if b.Seeds(mancala.South, 0) != 2 {
		t.Error("changing a copy changed the board")
	}
	var newRow [mancala.MaxHouses]uint8
	newRow[0], newRow[2] = 5, 1
	if err := b.SetRow(mancala.North, newRow); err != nil {
		t.Fatal(err)
	}
	if b.Row(mancala.North) != newRow || b.RowSeeds(mancala.North) != 6 || b.Total() != 12 {
		t.Errorf("SetRow: row %v, sum %d, total %d", b.Row(mancala.North), b.RowSeeds(mancala.North), b.Total())
	}
	if b.At(mancala.Hole{Owner: mancala.North, House: 0}) != 5 || b.At(mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}) != 0 {
		t.Error("At disagrees with the row and store")
	}
	seen := map[mancala.Board]bool{b: true}
	if !seen[b] || seen[c] {
		t.Error("boards as map keys")
	}
}

func TestBoardString(t *testing.T) {
	b := mustBoard(t, 4, 2)
	_ = b.SetSeeds(mancala.South, 1, 0)
	_ = b.SetBurnt(mancala.South, 1, true)
	_ = b.SetSeeds(mancala.North, 3, 12)
	_ = b.SetStore(mancala.South, 5)
	_ = b.SetStore(mancala.North, 101)
	_ = b.SetSeeds(mancala.North, 0, 0)
	_ = b.SetHand(mancala.North, 2, mancala.Hole{Owner: mancala.South, House: 3})
	// North's row runs right to left (a at the right) with his store at the
	// left; South's left to right with his store at the right.
	want := "" +
		"        d  c  b  a\n" +
		"N 101  12  2  2  0\n" +
		"        2  x  2  2   5 S\n" +
		"        A  B  C  D\n" +
		"north's hand: 2 seeds, at D\n"
	if got := b.String(); got != want {
		t.Errorf("Board.String:\n%s\nwant\n%s", got, want)
	}
}

func TestHoleString(t *testing.T) {
	for _, tc := range []struct {
		h    mancala.Hole
		want string
	}{
		{mancala.Hole{Owner: mancala.South, House: 0}, "A"},
		{mancala.Hole{Owner: mancala.South, House: 11}, "L"},
		{mancala.Hole{Owner: mancala.North, House: 4}, "e"},
		{mancala.Hole{Owner: mancala.South, House: mancala.StoreHouse}, "S"},
		{mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}, "N"},
		{mancala.Hole{Owner: mancala.South, House: 15}, "P"},
		{mancala.Hole{Owner: mancala.South, House: 16}, "hole(0,16)"},
		{mancala.Hole{Owner: 3, House: 1}, "hole(3,1)"},
		{mancala.Hole{Owner: mancala.North, House: -4}, "hole(1,-4)"},
	} {
		if got := tc.h.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.h, got, tc.want)
		}
	}
}

// boardModel is a naive board: the oracle of TestBoardStateMachine.
type boardModel struct {
	n      int
	houses [2][mancala.MaxHouses]int
	burnt  [2][mancala.MaxHouses]bool
	stores [2]int
	hands  [2]int
	handAt [2]mancala.Hole
}

func (m *boardModel) total() int {
	t := m.stores[0] + m.stores[1] + m.hands[0] + m.hands[1]
	for p := range m.houses {
		for _, v := range m.houses[p] {
			t += v
		}
	}
	return t
}

func (m *boardModel) check(t *rapid.T, b mancala.Board) {
	if b.Houses() != m.n || b.Total() != m.total() {
		t.Fatalf("Houses %d Total %d; model %d %d", b.Houses(), b.Total(), m.n, m.total())
	}
	if b.Total() > mancala.MaxSeeds {
		t.Fatalf("Total %d past MaxSeeds", b.Total())
	}
	for _, p := range players {
		row := b.Row(p)
		for i := -1; i <= mancala.MaxHouses; i++ {
			want, burnt := 0, false
			if i >= 0 && i < mancala.MaxHouses {
				want, burnt = m.houses[p][i], m.burnt[p][i]
				if int(row[i]) != want {
					t.Fatalf("Row(%v)[%d] = %d, model %d", p, i, row[i], want)
				}
			}
			if b.Seeds(p, i) != want || b.Burnt(p, i) != burnt {
				t.Fatalf("%v's house %d: %d seeds, burnt %v; model %d, %v", p, i, b.Seeds(p, i), b.Burnt(p, i), want, burnt)
			}
			if burnt && want != 0 {
				t.Fatalf("burnt house %d of %v holds %d", i, p, want)
			}
		}
		if b.Store(p) != m.stores[p] {
			t.Fatalf("Store(%v) = %d, model %d", p, b.Store(p), m.stores[p])
		}
		if n, at := b.Hand(p); n != m.hands[p] || at != m.handAt[p] {
			t.Fatalf("Hand(%v) = %d at %v, model %d at %v", p, n, at, m.hands[p], m.handAt[p])
		}
	}
}

// TestBoardStateMachine runs random setter calls, good and bad, on a Board
// and on a naive model, and compares them after each: a refused call
// changes nothing and wraps the right sentinel, an accepted one does what
// the model does, and the invariants hold throughout.
func TestBoardStateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, mancala.MaxHouses).Draw(t, "houses")
		s := rapid.IntRange(0, 10).Draw(t, "seeds")
		b, err := mancala.NewBoard(n, s)
		if (err == nil) != (2*n*s <= mancala.MaxSeeds) {
			t.Fatalf("NewBoard(%d, %d): %v", n, s, err)
		}
		if err != nil {
			return
		}
		m := &boardModel{n: n}
		for p := range m.houses {
			for i := 0; i < n; i++ {
				m.houses[p][i] = s
			}
		}
		player := rapid.SampledFrom([]mancala.Player{mancala.South, mancala.North, mancala.North, 2})
		house := rapid.IntRange(-2, mancala.MaxHouses+1)
		count := rapid.OneOf(rapid.IntRange(-2, 12), rapid.IntRange(-300, 300))
		// expect returns the error the model expects from the checks that all
		// setters share.
		expect := func(p mancala.Player, i, v int, needHouse bool) error {
			switch {
			case !p.Valid():
				return mancala.ErrInvalidPosition
			case needHouse && (i < 0 || i >= n):
				return mancala.ErrInvalidPosition
			case v < 0:
				return mancala.ErrInvalidPosition
			}
			return nil
		}
		t.Repeat(map[string]func(*rapid.T){
			"SetSeeds": func(t *rapid.T) {
				p, i, v := player.Draw(t, "p"), house.Draw(t, "i"), count.Draw(t, "v")
				want := expect(p, i, v, true)
				if want == nil && v > 0 && m.burnt[p][i] {
					want = mancala.ErrInvalidPosition
				}
				if want == nil && m.total()-m.houses[p][i]+v > mancala.MaxSeeds {
					want = mancala.ErrUnsupported
				}
				before := b
				err := b.SetSeeds(p, i, v)
				m.step(t, "SetSeeds", err, want, before, b, func() { m.houses[p][i] = v })
			},
			"SetStore": func(t *rapid.T) {
				p, v := player.Draw(t, "p"), count.Draw(t, "v")
				want := expect(p, 0, v, false)
				if want == nil && m.total()-m.stores[p]+v > mancala.MaxSeeds {
					want = mancala.ErrUnsupported
				}
				before := b
				err := b.SetStore(p, v)
				m.step(t, "SetStore", err, want, before, b, func() { m.stores[p] = v })
			},
			"SetHand": func(t *rapid.T) {
				p, v := player.Draw(t, "p"), count.Draw(t, "v")
				at := mancala.Hole{Owner: player.Draw(t, "owner"), House: house.Draw(t, "at")}
				want := expect(p, 0, v, false)
				if want == nil && (!at.Owner.Valid() || (!at.IsStore() && (at.House < 0 || at.House >= n))) {
					want = mancala.ErrInvalidPosition
				}
				if want == nil && m.total()-m.hands[p]+v > mancala.MaxSeeds {
					want = mancala.ErrUnsupported
				}
				before := b
				err := b.SetHand(p, v, at)
				m.step(t, "SetHand", err, want, before, b, func() {
					if v == 0 {
						at = mancala.Hole{}
					}
					m.hands[p], m.handAt[p] = v, at
				})
			},
			"SetBurnt": func(t *rapid.T) {
				p, i, burn := player.Draw(t, "p"), house.Draw(t, "i"), rapid.Bool().Draw(t, "burn")
				want := expect(p, i, 0, true)
				if want == nil && burn && m.houses[p][i] != 0 {
					want = mancala.ErrInvalidPosition
				}
				before := b
				err := b.SetBurnt(p, i, burn)
				m.step(t, "SetBurnt", err, want, before, b, func() { m.burnt[p][i] = burn })
			},
			"SetRow": func(t *rapid.T) {
				p := player.Draw(t, "p")
				var row [mancala.MaxHouses]uint8
				width := rapid.IntRange(0, min(n+1, mancala.MaxHouses)).Draw(t, "width")
				for i := 0; i < width; i++ {
					row[i] = uint8(rapid.IntRange(0, 30).Draw(t, "v"))
				}
				want := expect(p, 0, 0, false)
				sum := 0
				for i, v := range row {
					sum += int(v)
					if want == nil && v != 0 && (i >= n || m.burnt[p][i]) {
						want = mancala.ErrInvalidPosition
					}
				}
				if want == nil {
					old := 0
					for _, v := range m.houses[p] {
						old += v
					}
					if m.total()-old+sum > mancala.MaxSeeds {
						want = mancala.ErrUnsupported
					}
				}
				before := b
				err := b.SetRow(p, row)
				m.step(t, "SetRow", err, want, before, b, func() {
					for i, v := range row {
						m.houses[p][i] = int(v)
					}
				})
			},
			"": func(t *rapid.T) { m.check(t, b) },
		})
	})
}

// step checks one setter call against the model and, if it was accepted,
// applies it to the model.
func (m *boardModel) step(t *rapid.T, name string, err, want error, before, after mancala.Board, apply func()) {
	switch {
	case want == nil && err != nil:
		t.Fatalf("%s refused: %v", name, err)
	case want != nil && !errors.Is(err, want):
		t.Fatalf("%s: error %v, want %v", name, err, want)
	case want != nil && before != after:
		t.Fatalf("%s refused (%v) but changed the board", name, err)
	case want == nil:
		apply()
	}
	m.check(t, after)
}

func TestSetCounts(t *testing.T) {
	b := mustBoard(t, 3, 2)
	if err := b.SetBurnt(mancala.North, 1, false); err != nil {
		t.Fatal(err)
	}
	_ = b.SetSeeds(mancala.North, 1, 0)
	_ = b.SetBurnt(mancala.North, 1, true)
	_ = b.SetHand(mancala.South, 1, mancala.Hole{Owner: mancala.North, House: 0})
	var rows [2][mancala.MaxHouses]uint8
	rows[mancala.South] = [mancala.MaxHouses]uint8{1, 2, 3}
	rows[mancala.North] = [mancala.MaxHouses]uint8{4, 0, 6}
	if err := b.SetCounts(rows, [2]uint8{7, 8}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.Total(), 1+2+3+4+6+7+8+1; got != want {
		t.Errorf("Total = %d, want %d", got, want)
	}
	if b.Seeds(mancala.North, 2) != 6 || b.Store(mancala.North) != 8 || !b.Burnt(mancala.North, 1) {
		t.Errorf("SetCounts wrote %v", b)
	}
	before := b
	for name, r := range map[string][2][mancala.MaxHouses]uint8{
		"burnt house":   {{1}, {0, 1}},
		"missing house": {{0, 0, 0, 1}, {}},
		"too many":      {{255}, {1}},
	} {
		if err := b.SetCounts(r, [2]uint8{}); err == nil {
			t.Errorf("%s: SetCounts accepted %v", name, r)
		}
		if b != before {
			t.Errorf("%s: refused SetCounts changed the board", name)
		}
	}
}

// TestSetCountsMatchesSetters checks SetCounts against the one-house
// setters on random boards: it accepts exactly what they accept, and
// writes the same board.
func TestSetCountsMatchesSetters(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, mancala.MaxHouses).Draw(t, "houses")
		b, err := mancala.NewBoard(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		for p := mancala.South; p <= mancala.North; p++ {
			for i := 0; i < n; i++ {
				if rapid.IntRange(0, 5).Draw(t, "burn") == 0 {
					_ = b.SetBurnt(p, i, true)
				}
			}
		}
		var rows [2][mancala.MaxHouses]uint8
		for p := range rows {
			for i := range rows[p] {
				if i < n || rapid.IntRange(0, 20).Draw(t, "beyond") == 0 {
					rows[p][i] = uint8(rapid.IntRange(0, 40).Draw(t, "seeds") / 4)
				}
			}
		}
		stores := [2]uint8{uint8(rapid.IntRange(0, 60).Draw(t, "south")), uint8(rapid.IntRange(0, 60).Draw(t, "north"))}

		want, wantOK := b, true
		var empty [mancala.MaxHouses]uint8
		_ = want.SetRow(mancala.South, empty)
		_ = want.SetRow(mancala.North, empty)
		_ = want.SetStore(mancala.South, 0)
		_ = want.SetStore(mancala.North, 0)
		for p := mancala.South; p <= mancala.North && wantOK; p++ {
			for i, v := range rows[p] {
				if v == 0 {
					continue
				}
				if i >= n || want.SetSeeds(p, i, int(v)) != nil {
					wantOK = false
					break
				}
			}
		}
		wantOK = wantOK && want.SetStore(mancala.South, int(stores[0])) == nil && want.SetStore(mancala.North, int(stores[1])) == nil

		got := b
		err = got.SetCounts(rows, stores)
		switch {
		case wantOK != (err == nil):
			t.Fatalf("SetCounts(%v, %v) on %v: error %v, the setters accept: %v", rows, stores, b, err, wantOK)
		case err != nil && got != b:
			t.Fatalf("refused SetCounts changed the board")
		case err == nil && got != want:
			t.Fatalf("SetCounts wrote\n%v\nthe setters\n%v", got, want)
		}
	})
}
