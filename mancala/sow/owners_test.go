package sow_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

func eson(t *testing.T) *sow.Rules {
	t.Helper()
	g, ok := sow.Lookup("esonxorgol")
	if !ok {
		t.Fatal("no esonxorgol in the catalogue")
	}
	r, err := g.Build("esonxorgol")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEsonXorgolMoves: either player sows from any non-empty house, his
// own first, then his opponent's (SW-94); the first move captures two
// out (SW-42 with TwoOutOnce), as CATALOGUE-NOTES.md section 16 works it
// out: South's A, nine seeds clockwise, ends in B, the emptied A is the
// gap, and North's e (10 seeds) is taken.
func TestEsonXorgolMoves(t *testing.T) {
	r := eson(t)
	p := r.Start()
	var got []string
	for _, m := range r.Legal(nil, p) {
		got = append(got, m.String())
	}
	if want := []string{"A", "B", "C", "D", "E", "^a", "^b", "^c", "^d", "^e"}; !slices.Equal(got, want) {
		t.Fatalf("legal at the start %v, want %v", got, want)
	}
	q, err := r.Play(p, mancala.Single(mancala.South, 0))
	if err != nil {
		t.Fatal(err)
	}
	if want := "0,10,10,10,10/10,10,10,10,0 10,0 N"; q.String() != want {
		t.Fatalf("after A: %v, want %v", q, want)
	}
	// North sows from South's B (10 seeds), round the board back into B,
	// which held no seed before the last: no capture (a single lap).
	m, _ := mancala.ParseMove("^B")
	var first mancala.Event
	captures := 0
	q2, err := r.Trace(q, m, func(e mancala.Event) {
		if first.Kind == 0 && e.Kind == mancala.EventPickUp {
			first = e
		}
		if e.Kind == mancala.EventCapture {
			captures++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if first.Rule != "SW-94" || first.Hole != (mancala.Hole{Owner: mancala.South, House: 1}) || first.Player != mancala.North || first.Count != 10 {
		t.Errorf("first pick-up %+v, want North taking South's B's 10 seeds by SW-94", first)
	}
	if want := "1,1,11,11,11/11,11,11,11,1 10,0 S"; captures != 0 || q2.String() != want {
		t.Errorf("after ^B: %v and %d captures, want %v and none", q2, captures, want)
	}
	// The last seed must fall into a house that held seeds: D's single
	// seed into an empty C captures nothing, into C holding one takes A
	// beyond the empty B.
	for _, tc := range []struct{ from, want string }{
		{"3,0,0,1,0/5,0,0,0,0 40,41 S", "3,0,1,0,0/5,0,0,0,0 40,41 N"},
		{"3,0,1,1,0/5,0,0,0,0 40,40 S", "0,0,2,0,0/5,0,0,0,0 43,40 N"},
	} {
		p, err := mancala.ParsePosition(tc.from)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = r.Setup(p); err != nil {
			t.Fatal(err)
		}
		q, err := r.Play(p, mancala.Single(mancala.South, 3))
		if err != nil || q.String() != tc.want {
			t.Errorf("D at %v: %v, %v; want %v", tc.from, q, err, tc.want)
		}
	}
}

// TestEsonXorgolRefusals: the move from the opponent's row is refused in
// a game of owned rows (SW-94), from an empty house (SW-2) and reversed
// (SW-20); the position is returned unchanged.
func TestEsonXorgolRefusals(t *testing.T) {
	r := eson(t)
	p, err := r.Play(r.Start(), mancala.Single(mancala.South, 0)) // North's e is empty now
	if err != nil {
		t.Fatal(err)
	}
	oware, _ := sow.Lookup("oware")
	ow, err := oware.Build("oware")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		r    *sow.Rules
		p    mancala.Position
		m    string
		rule string
	}{
		{ow, ow.Start(), "^a", "SW-94"},
		{r, p, "^E", ""},             // legal: South's E holds 10
		{r, p, "^e", "SW-2"},         // South's move, North to move
		{r, p, "e", "SW-2"},          // North's e is empty
		{r, p, "^A", "SW-2"},         // South's A is empty
		{r, p, "^B'", "SW-20"},       // no reversed sowing in this game
		{r, r.Start(), "^a", ""},     // South from North's a
		{r, r.Start(), "^A", "SW-2"}, // North's move, South to move
	} {
		m, err := mancala.ParseMove(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		q, err := tc.r.Play(tc.p, m)
		var me *mancala.MoveError
		switch {
		case tc.rule == "" && err != nil:
			t.Errorf("%v at %v: %v", m, tc.p, err)
		case tc.rule == "":
		case !errors.As(err, &me) || !errors.Is(err, mancala.ErrIllegalMove):
			t.Errorf("%v at %v: error %v, want a refusal by %s", m, tc.p, err, tc.rule)
		case me.Rule != tc.rule || q != tc.p:
			t.Errorf("%v at %v: %v (rule %s, position %v), want %s", m, tc.p, err, me.Rule, q, tc.rule)
		}
	}
}

// TestNoOwnersConfig: New refuses SW-94 with what it does not support,
// and TwoOutOnce without TwoOut, with a *ConfigError.
func TestNoOwnersConfig(t *testing.T) {
	base := sow.Config{Houses: 5, Seeds: 4, Stores: true, NoOwners: true, TwoOut: true, TwoOutOnce: true, Cycle: sow.Nobody}
	if _, err := sow.New(base); err != nil {
		t.Fatalf("New(%+v): %v", base, err)
	}
	for name, edit := range map[string]func(*sow.Config){
		"four rows":  func(c *sow.Config) { c.Rows, c.Houses = 2, 6 },
		"either way": func(c *sow.Config) { c.EitherWay = true },
		"min seeds":  func(c *sow.Config) { c.MinSeeds = 2 },
		"feed":       func(c *sow.Config) { c.Feed = true },
		"grand slam": func(c *sow.Config) {
			c.TwoOut, c.TwoOutOnce, c.CaptureCounts, c.GrandSlam = false, false, []int{2, 3}, sow.SlamForbidden
		},
		"each once":       func(c *sow.Config) { c.EachHouseOnce = true },
		"end row empty":   func(c *sow.Config) { c.EndRowEmpty = true },
		"once, no twoout": func(c *sow.Config) { c.NoOwners, c.TwoOut = false, false },
	} {
		c := base
		edit(&c)
		_, err := sow.New(c)
		var ce *sow.ConfigError
		if !errors.As(err, &ce) || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("%s: New gives %v, want a *ConfigError", name, err)
		}
	}
}
