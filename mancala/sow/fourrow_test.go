package sow_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// fourRowPosition returns the position of r with South's and North's
// houses as given (house index: seeds), South to move, and the seeds not
// on the board in South's store (captured earlier).
func fourRowPosition(t *testing.T, r *sow.Rules, south, north map[int]int) mancala.Position {
	t.Helper()
	b, err := mancala.NewBoard(r.Config().Houses, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.SetLayout(r.Layout()); err != nil {
		t.Fatal(err)
	}
	on := 0
	for p, hs := range []map[int]int{south, north} {
		for i, v := range hs {
			if err := b.SetSeeds(mancala.Player(p), i, v); err != nil {
				t.Fatal(err)
			}
			on += v
		}
	}
	if err := b.SetStore(mancala.South, r.Start().Board.Total()-on); err != nil {
		t.Fatal(err)
	}
	p, err := r.Setup(mancala.Position{Board: b, ToMove: mancala.SouthTurn})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func buildGame(t *testing.T, name string) *sow.Rules {
	t.Helper()
	g, ok := sow.Lookup(name)
	if !ok {
		t.Fatalf("no game %s", name)
	}
	r, err := g.Build(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBaoKichwa follows one Bao la Kujifunza move by hand. South's inner
// row runs from house 8 (his right) to 15 (his left). M (12) holds 2,
// O (14) holds 1, North's house 9 (facing O) holds 3. The only capture,
// and so the only legal move (SW-62), is M anticlockwise: N gets 1, the
// last seed makes O 2, an occupied house facing 3 seeds: they are taken
// (SW-10) and, O being the left kimbi, sown from the left kichwa P
// clockwise (SW-60): P 1, O 3, N 2. N held a seed, North's house facing
// it (10) is empty: no capture, so N's 2 seeds relay clockwise into M
// and L (1 each), and L was empty: the move ends.
func TestBaoKichwa(t *testing.T) {
	r := buildGame(t, "baokujifunza")
	p := fourRowPosition(t, r, map[int]int{12: 2, 14: 1}, map[int]int{9: 3, 0: 2, 8: 2})
	m := mancala.Single(mancala.South, 12)
	if got := r.Legal(nil, p); !slices.Equal(got, []mancala.Move{m}) {
		t.Fatalf("legal %v, want [M] (the only capture)", got)
	}
	if _, err := r.Play(p, mancala.Reversed(m)); err == nil {
		t.Errorf("M' (no capture) played though M captures")
	}
	q := r.Apply(p, m)
	want := map[int]int{11: 1, 12: 1, 13: 0, 14: 3, 15: 1}
	for i := 0; i < 16; i++ {
		if got := q.Board.Seeds(mancala.South, i); got != want[i] {
			t.Errorf("South's house %d: %d seeds, want %d (%v)", i, got, want[i], q)
		}
	}
	if got := q.Board.Seeds(mancala.North, 9); got != 0 {
		t.Errorf("North's house 9 kept %d seeds", got)
	}
	if q.ToMove != mancala.NorthTurn {
		t.Errorf("%v to move, want North", q.ToMove)
	}
}

// TestOmwesoReverse checks SW-61 by hand: from A (2 seeds) a reversed
// sowing drops into P and O (South's inner row at his left); O held a
// seed and North's houses facing it, 9 and 6 behind it, hold seeds: a
// capture, so A' is legal. From B (2 seeds) a reversed sowing ends in A,
// an outer house: B' is not legal, and C' is not either (C is not one of
// the four left houses).
func TestOmwesoReverse(t *testing.T) {
	r := buildGame(t, "omweso")
	p := fourRowPosition(t, r, map[int]int{0: 2, 1: 2, 2: 2, 14: 1}, map[int]int{9: 2, 6: 3, 12: 2})
	legal := r.Legal(nil, p)
	a, b, c := mancala.Single(mancala.South, 0), mancala.Single(mancala.South, 1), mancala.Single(mancala.South, 2)
	if !slices.Contains(legal, mancala.Reversed(a)) {
		t.Errorf("A' missing from %v", legal)
	}
	for _, m := range []mancala.Move{mancala.Reversed(b), mancala.Reversed(c)} {
		if slices.Contains(legal, m) {
			t.Errorf("%v in %v", m, legal)
		}
		if q, err := r.Play(p, m); err == nil || q != p {
			t.Errorf("%v played: %v", m, err)
		}
	}
	// A' captures 5 and sows them on from P, the first hole of the lap,
	// clockwise: P 2, O 3, N 1, M 1, L 1; L was empty: the move ends.
	q := r.Apply(p, mancala.Reversed(a))
	want := map[int]int{1: 2, 2: 2, 15: 2, 14: 3, 13: 1, 12: 1, 11: 1}
	for i := 0; i < 16; i++ {
		if got := q.Board.Seeds(mancala.South, i); got != want[i] {
			t.Errorf("South's house %d: %d seeds, want %d (%v)", i, got, want[i], q)
		}
	}
}

// TestFourRowConfigErrors checks that New refuses inconsistent four-row
// options with a *ConfigError naming the field.
func TestFourRowConfigErrors(t *testing.T) {
	base := sow.BaoKujifunzaConfig()
	for field, mod := range map[string]func(*sow.Config){
		"CapturedFrom":    func(c *sow.Config) { c.CapturedFrom = 9 },
		"ReverseHouses":   func(c *sow.Config) { c.ReverseHouses = 1 << 20 },
		"InnerRowNeeded":  func(c *sow.Config) { c.Rows, c.CapturedFrom, c.CapturedSown = 1, sow.FromNext, false },
		"CaptureFirstLap": func(c *sow.Config) { c.Relay = false },
	} {
		c := base
		mod(&c)
		_, err := sow.New(c)
		var ce *sow.ConfigError
		if !errors.As(err, &ce) || ce.Field != field {
			t.Errorf("%s: error %v, want one about %s", field, err, field)
		}
	}
}
