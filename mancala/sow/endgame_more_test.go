package sow_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/sow"
)

// More checks of the endgame databases (endgame.go): the nearest exact
// rules, the first-move state, and the dedicated packages' databases.

// TestRetrogradeNearestExact checks that the catalogue's games refused
// for their cycle rule or their majority ending offer the exact databases
// of their nearest rules as estimates, and the others none.
func TestRetrogradeNearestExact(t *testing.T) {
	estimates := 0
	for _, g := range sow.Catalogue() {
		r, err := g.New()
		if err != nil {
			t.Fatal(err)
		}
		near, why := r.NearestExact()
		_, rerr := r.Retrograde()
		c := g.Config
		fixable := c.Majority || c.Cycle == sow.OwnerTakes
		switch {
		case rerr == nil && near != nil:
			t.Errorf("%s: exact databases, and nearest rules %v", g.Name, near)
		case near == nil && rerr != nil && fixable && !c.Rounds && !c.Tuzdyk && !c.CannotMoveLoses && !c.Simultaneous:
			t.Errorf("%s: refused (%v), but no nearest exact rules", g.Name, rerr)
		case near != nil:
			estimates++
			x, ok := near.(endgame.Retrograder)
			if !ok {
				t.Fatalf("%s: nearest rules %v are no Retrograder", g.Name, near)
			}
			_, err := x.Retrograde()
			if err != nil || why == "" {
				t.Errorf("%s: nearest rules %v: %v (why %q)", g.Name, near, err, why)
				continue
			}
			// They play the same moves from the start.
			if a, b := r.Legal(nil, r.Start()), near.Legal(nil, near.Start()); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("%s: moves %v, nearest rules %v", g.Name, a, b)
			}
		}
	}
	if estimates < 10 {
		t.Errorf("%d games with estimates: want the many games refused for their cycles", estimates)
	}
}

// TestRetrogradeConfigBeforeFirstMoves checks that the databases of a game
// with SW-24 and SW-66 hold no position before both players' first moves
// (its state differs), and hold those after.
func TestRetrogradeConfigBeforeFirstMoves(t *testing.T) {
	c := sow.KalahConfig(4, 2, false)
	c.SkipCount, c.NoCaptureFirstMove = 1, true
	r, err := sow.New(c)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Retrograde()
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	if _, ok := g.Config(p); ok {
		t.Fatal("the start is a configuration of the databases")
	}
	held := 0
	for ply := 0; ply < 20 && !p.Over(); ply++ {
		_, ok := g.Config(p)
		if want := p.State == steadyState(r); ok != want {
			t.Fatalf("ply %d, state %#x: Config %v, want %v", ply, p.State, ok, want)
		}
		if ok {
			held++
		}
		p = r.Apply(p, r.Legal(nil, p)[0])
	}
	if held == 0 {
		t.Fatal("no position after both first moves: the test checks little")
	}
}

// TestRetrogradeSameAsDedicated builds the databases of the sow
// configurations of Awari and Kalah (both captures) and those of the
// dedicated packages, awale and the Kalah example, each written rule by
// rule with Parents of its own: every value of every count is the same.
func TestRetrogradeSameAsDedicated(t *testing.T) {
	type pair struct {
		name      string
		ours      sow.Config
		dedicated endgame.Game
		k         int
	}
	var pairs []pair
	for _, n := range []int{2, 3, 4, 6} {
		k := map[int]int{2: 12, 3: 10, 4: 9, 6: 7}[n]
		o := awale.Awari()
		o.Houses = n
		ar, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		ag, err := ar.Retrograde()
		if err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, pair{fmt.Sprintf("awari %d", n), sow.AwariConfig(n, 4), ag, k})
		for _, std := range []bool{false, true} {
			capture := kalah.CaptureEmpty
			if std {
				capture = kalah.CaptureStandard
			}
			kr, err := kalah.New(kalah.Options{Houses: n, Seeds: 4, Capture: capture})
			if err != nil {
				t.Fatal(err)
			}
			kg, err := kr.Retrograde()
			if err != nil {
				t.Fatal(err)
			}
			pairs = append(pairs, pair{fmt.Sprintf("kalah %d %v", n, capture), sow.KalahConfig(n, 4, std), kg, k})
		}
	}
	for _, p := range pairs {
		r, err := sow.New(p.ours)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Retrograde()
		if err != nil {
			t.Fatal(err)
		}
		ours, err := endgame.Build(context.Background(), g, "", p.k, endgame.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := endgame.Build(context.Background(), p.dedicated, "", p.k, endgame.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j <= p.k; j++ {
			for idx := range ours.Size(j) {
				a, _ := ours.At(j, idx)
				b, ok := theirs.At(j, idx)
				if !ok || a != b {
					c, _ := ours.Configuration(j, idx)
					t.Fatalf("%s: %v: sow %d, dedicated %d", p.name, c[:g.Houses()], a, b)
				}
			}
		}
	}
}
