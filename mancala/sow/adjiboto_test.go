package sow_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// Tests of Adji-boto's mechanisms (SW-90 to SW-93), on positions worked
// out by hand. State 0x7ff00: every house played (SW-90, bits 8-17) and
// the game's first move played (SW-92, bit 18).

func adjiRules(t *testing.T) *sow.Rules {
	t.Helper()
	g, ok := sow.Lookup("adjiboto")
	if !ok {
		t.Fatal("no adjiboto")
	}
	r, err := sow.NewNamed(g.Config, g.Name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// adjiAt sets up the position text s (layout l1x: no stores).
func adjiAt(t *testing.T, r *sow.Rules, s string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	q, err := r.Setup(p)
	if err != nil {
		t.Fatalf("Setup(%q): %v", s, err)
	}
	return q
}

// TestEachHouseOnce: in the opening a house already sown from is refused
// with SW-90 while another may be sown; once every house has been, it is
// legal again.
func TestEachHouseOnce(t *testing.T) {
	r := adjiRules(t)
	// South has sown from A (bit 8); North from nothing.
	p := adjiAt(t, r, "10,10,10,10,10/10,10,10,10,10 0,0 S s40100 l1x")
	a := mancala.Single(mancala.South, 0)
	_, err := r.Play(p, a)
	var me *mancala.MoveError
	if !errors.As(err, &me) || me.Rule != "SW-90" || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Errorf("Play(A) after A: %v, want a refusal by SW-90", err)
	}
	if got := r.Legal(nil, p); len(got) != 4 || got[0] != mancala.Single(mancala.South, 1) {
		t.Errorf("Legal = %v, want B C D E", got)
	}
	// Every house of South's played: A is legal again.
	p = adjiAt(t, r, "10,10,10,10,10/10,10,10,10,10 0,0 S s41f00 l1x")
	if _, err := r.Play(p, a); err != nil {
		t.Errorf("Play(A) after the opening: %v", err)
	}
	// A single seed is refused by SW-2, not SW-90, even if played.
	p = adjiAt(t, r, "1,19,10,10,10/10,10,10,10,10 0,0 S s40100 l1x")
	if _, err := r.Play(p, a); !errors.As(err, &me) || me.Rule != "SW-2" {
		t.Errorf("Play(A) with one seed: %v, want SW-2", err)
	}
	// Along a game, each player's first five moves are five houses.
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	var seen [2]map[int]bool
	seen[0], seen[1] = map[int]bool{}, map[int]bool{}
	for range 10 {
		legal := g.Legal()
		m := legal[len(legal)-1]
		pl, _ := m.Player()
		h, _ := m.House(pl)
		if seen[pl][h] {
			t.Fatalf("%v sows from %v twice in the opening", pl, m)
		}
		seen[pl][h] = true
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFirstMoveNoCapture: the game's first move captures nothing (SW-92)
// and its pick-up names SW-92; the same move later captures the single
// seed left in the emptied house (SW-91).
func TestFirstMoveNoCapture(t *testing.T) {
	r := adjiRules(t)
	c := mancala.Single(mancala.South, 2)
	var rules []string
	q, err := r.Trace(r.Start(), c, func(e mancala.Event) {
		if e.Kind == mancala.EventPickUp || e.Kind == mancala.EventCapture {
			rules = append(rules, e.Rule)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "11,11,1,11,11/11,11,11,11,11 0,0 N s40400 l1x"; q.String() != want || len(rules) != 1 || rules[0] != "SW-92" {
		t.Errorf("first move C: %v, events %v; want %s and a pick-up by SW-92", q, rules, want)
	}
	// The same board after the first move (bit 18): C's last seed falls
	// into B, and C (1 seed) is taken; D (11) stops the chain.
	p := adjiAt(t, r, "10,10,10,10,10/10,10,10,10,10 0,0 S s40000 l1x")
	q, err = r.Play(p, c)
	if err != nil {
		t.Fatal(err)
	}
	if want := "11,11,0,11,11/11,11,11,11,11 1,0 N s40400 l1x"; q.String() != want {
		t.Errorf("C after the first move: %v, want %s", q, want)
	}
}

// TestCaptureBeyond: the chain of SW-91 goes forwards from the hole after
// the last one, into the opponent's row, while holes hold 1, 3 or 5.
func TestCaptureBeyond(t *testing.T) {
	r := adjiRules(t)
	// A's two seeds: one back into A, one into B (the last). Then C (1),
	// D (3), E (5) and North's a (1) are taken; b (4) stops the chain.
	p := adjiAt(t, r, "2,0,1,3,5/1,4,10,10,10 30,24 S s7ff00 l1x")
	var took []string
	q, err := r.Trace(p, mancala.Single(mancala.South, 0), func(e mancala.Event) {
		if e.Kind == mancala.EventCapture {
			took = append(took, e.Hole.String()+":"+e.Rule)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "1,1,0,0,0/0,4,10,10,10 40,24 N s7ff00 l1x"; q.String() != want {
		t.Errorf("A: %v, want %s", q, want)
	}
	if len(took) != 4 || took[0] != "C:SW-91" || took[3] != "a:SW-91" {
		t.Errorf("captures %v, want C D E a by SW-91", took)
	}
}

// TestRefillDraw: a player who cannot move loses (SW-93, scored 1-0),
// unless his store could fill his houses with ten each again: then the
// stores are evened and the game is a draw.
func TestRefillDraw(t *testing.T) {
	r := adjiRules(t)
	for _, tc := range []struct {
		start, end string
		result     mancala.Result
		scores     [2]int
	}{
		// North's houses hold 1, 1, 0, 0, 0 after South's A: he cannot
		// move, with 40 captured: South takes the 4 seeds left and wins.
		{"2,0,0,0,0/1,1,0,0,0 56,40 S s7ff00 l1x", "0,0,0,0,0/0,0,0,0,0 60,40 - s7ff31 l1x", mancala.SouthWins, [2]int{1, 0}},
		// With 60 captured he could refill his five houses: a draw.
		{"2,0,0,0,0/1,1,0,0,0 36,60 S s7ff00 l1x", "0,0,0,0,0/0,0,0,0,0 50,50 - s7ff31 l1x", mancala.Draw, [2]int{50, 50}},
	} {
		p := adjiAt(t, r, tc.start)
		b := p.Board
		q, err := r.Trace(p, mancala.Single(mancala.South, 0), func(e mancala.Event) {
			if err := mancala.ApplyEvent(&b, e); err != nil {
				t.Errorf("%s: event %v: %v", tc.start, e, err)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if b != q.Board {
			t.Errorf("%s: the events give %v, the move %v", tc.start, b, q.Board)
		}
		if e := r.Ending(q); e.Rule != "SW-93" || e.Who != mancala.NorthTurn || e.Reason != mancala.EndNoMove {
			t.Errorf("%s: ending %+v, want North's no move by SW-93", tc.start, e)
		}
		o := r.Outcome(q)
		if got := q.String(); len(got) < len(tc.end) || got[:len(tc.end)] != tc.end || o.Result != tc.result || o.Scores != tc.scores {
			t.Errorf("%s: %v, outcome %+v; want %s..., %v %v", tc.start, q, o, tc.end, tc.result, tc.scores)
		}
	}
}

// TestAdjiConfig: New refuses the combinations SW-90 to SW-93 do not
// support, and Setup refuses houses played beyond the board.
func TestAdjiConfig(t *testing.T) {
	g, _ := sow.Lookup("adjiboto")
	for field, edit := range map[string]func(c *sow.Config){
		"EachHouseOnce":      func(c *sow.Config) { c.Houses = 6 },
		"FirstMoveNoCapture": func(c *sow.Config) { c.SkipCount = 3 },
		"CaptureBeyond":      func(c *sow.Config) { c.Relay = true },
		"RefillDraw":         func(c *sow.Config) { c.CannotMoveLoses, c.NoMove = false, sow.OwnerTakes },
	} {
		c := g.Config
		edit(&c)
		_, err := sow.New(c)
		var ce *sow.ConfigError
		if !errors.As(err, &ce) || ce.Field != field || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("%s: New = %v, want a ConfigError of %s", field, err, field)
		}
	}
	c := g.Config
	c.Houses, c.Seeds = 4, 10
	r, err := sow.New(c)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition("10,10,10,10/10,10,10,10 0,0 S s1000 l1x") // South's house 4 (bit 12)
	if err != nil {
		t.Fatal(err)
	}
	if q, err := r.Setup(p); !errors.Is(err, mancala.ErrInvalidPosition) || q != p {
		t.Errorf("Setup with house E played on a board of 4: %v, %v", q, err)
	}
}
