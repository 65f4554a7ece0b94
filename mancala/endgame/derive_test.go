package endgame_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// forwardOnly hides a Game's Parents (and its Acyclic).
type forwardOnly struct{ endgame.Forward }

// forwardAcyclic hides a Game's Parents and says it is Acyclic.
type forwardAcyclic struct{ endgame.Forward }

func (forwardAcyclic) Acyclic() bool { return true }

// parentSet counts the parents of c that g gives, by configuration and
// Again.
func parentSet(g endgame.Game, c *endgame.Config) map[endgame.Parent]int {
	m := make(map[endgame.Parent]int)
	for _, p := range g.Parents(nil, c) {
		m[p]++
	}
	return m
}

// TestDeriveParentsSameAsGame checks that DeriveParents finds, for every
// configuration of small counts, the parents that the game's own Parents
// find, as many times each: Awari on 2 and 3 houses a side (cycles, no
// Again) and the race game (Again moves), counts in any order.
func TestDeriveParentsSameAsGame(t *testing.T) {
	for _, c := range []struct {
		g endgame.Game
		k int
	}{
		{game(t, awari(2)), 9}, {game(t, awari(3)), 7}, {race{n: 3, again: true}, 8}, {race{n: 5, again: false}, 6},
	} {
		d := endgame.DeriveParents(forwardOnly{c.g}, 0)
		db, err := endgame.Build(context.Background(), c.g, "", c.k, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range []int{c.k, 0, 1, c.k - 1, c.k} {
			n, found := db.Size(j), 0
			for idx := range n {
				cf, _ := db.Configuration(j, idx)
				want, got := parentSet(c.g, &cf), parentSet(d, &cf)
				if len(want) != len(got) {
					t.Fatalf("%s %v: %d parents derived, want %d", c.g.Name(), cf[:c.g.Houses()], len(got), len(want))
				}
				for p, m := range want {
					if got[p] != m {
						t.Fatalf("%s %v: parent %+v derived %d times, want %d", c.g.Name(), cf[:c.g.Houses()], p, got[p], m)
					}
				}
				found += len(want)
			}
			if j == c.k && found == 0 {
				t.Fatalf("%s count %d: no parents at all: the test checks nothing", c.g.Name(), j)
			}
		}
	}
}

// TestDeriveParentsBuild builds Awari's databases with derived parents,
// on one worker and on several, and checks the values against those of its
// own Parents; the derived game of an Acyclic game stays Acyclic.
func TestDeriveParentsBuild(t *testing.T) {
	g := game(t, awari(3))
	want, err := endgame.Build(context.Background(), g, "", 9, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 3} {
		got, err := endgame.Build(context.Background(), endgame.DeriveParents(forwardOnly{g}, 0), "", 9, endgame.Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		sameValues(t, want, got, 9)
	}
	if a, ok := endgame.DeriveParents(forwardOnly{g}, 0).(endgame.Acyclic); ok && a.Acyclic() {
		t.Error("the derived game of Awari says it is Acyclic")
	}
	r := race{n: 4, again: true}
	d := endgame.DeriveParents(forwardAcyclic{r}, 0)
	if a, ok := d.(endgame.Acyclic); !ok || !a.Acyclic() {
		t.Fatal("the derived game of an Acyclic game is not Acyclic")
	}
	fw, err := endgame.Build(context.Background(), r, "", 8, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rd, err := endgame.Build(context.Background(), d, "", 8, endgame.Options{Retrograde: true})
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, fw, rd, 8)
}

// TestDeriveParentsLimit checks that a count of more configurations than
// the limit is refused with a *CountError (wrapping ErrUnsupported) by
// Build and BuildBounds before it is built, the counts below being built,
// and that the forward pass of an Acyclic game is not limited.
func TestDeriveParentsLimit(t *testing.T) {
	g := game(t, awari(2)) // 4 houses: count 5 has C(8,3) = 56 configurations
	d := endgame.DeriveParents(forwardOnly{g}, 56)
	var log progressLines
	_, err := endgame.Build(context.Background(), d, "", 7, endgame.Options{Progress: &log})
	var ce *endgame.CountError
	if !errors.As(err, &ce) || !errors.Is(err, mancala.ErrUnsupported) {
		t.Fatalf("Build: %v, want a *CountError wrapping ErrUnsupported", err)
	}
	if ce.Count != 6 || ce.Configurations != 84 || ce.Limit != 56 || ce.Game != g.Name() {
		t.Errorf("CountError %+v, want count 6 of 84 configurations, limit 56, game %q", ce, g.Name())
	}
	if log.n != 6 {
		t.Errorf("%d counts built before the refusal, want 6", log.n)
	}
	if _, err := endgame.BuildBounds(context.Background(), d, "", 7, endgame.Options{}); !errors.As(err, &ce) {
		t.Fatalf("BuildBounds: %v, want a *CountError", err)
	}
	if ps := d.Parents(nil, &endgame.Config{6}); len(ps) != 0 {
		t.Errorf("Parents of a count above the limit: %v, want none", ps)
	}
	r := race{n: 4}
	if _, err := endgame.Build(context.Background(), endgame.DeriveParents(forwardAcyclic{r}, 1), "", 6, endgame.Options{}); err != nil {
		t.Errorf("forward pass of an Acyclic game with a limit of 1: %v", err)
	}
	if _, err := endgame.Build(context.Background(), endgame.DeriveParents(forwardAcyclic{r}, 1), "", 6, endgame.Options{Retrograde: true}); !errors.As(err, &ce) {
		t.Errorf("retrograde build of an Acyclic game with a limit of 1: %v, want a *CountError", err)
	}
}

// progressLines counts the progress lines of finished counts.
type progressLines struct{ n int }

func (p *progressLines) Write(b []byte) (int, error) {
	if strings.Contains(string(b), "positions built") {
		p.n++
	}
	return len(b), nil
}

// TestBuildable checks the largest count that Build builds: that of the
// limit for a game whose parents are derived, any for its forward pass
// and for games that set no limit.
func TestBuildable(t *testing.T) {
	g := game(t, awari(2)) // counts 5 and 6 have 56 and 84 configurations
	d := endgame.DeriveParents(forwardOnly{g}, 56)
	if b := endgame.Buildable(d, 9, false); b != 5 {
		t.Errorf("Buildable(limit 56, 9) = %d, want 5", b)
	}
	if b := endgame.Buildable(d, 3, false); b != 3 {
		t.Errorf("Buildable(limit 56, 3) = %d, want 3", b)
	}
	if b := endgame.Buildable(g, 9, true); b != 9 {
		t.Errorf("Buildable(no limit, 9) = %d, want 9", b)
	}
	a := endgame.DeriveParents(forwardAcyclic{race{n: 4}}, 1)
	if b, br := endgame.Buildable(a, 9, false), endgame.Buildable(a, 9, true); b != 9 || br != 0 {
		t.Errorf("Buildable of an Acyclic game with a limit of 1: %d, retrograde %d; want 9 and 0", b, br)
	}
}
