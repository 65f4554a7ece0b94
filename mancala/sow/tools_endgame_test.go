package sow_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

// toolEndgame is TestEveryTool's endgame step: for rules with endgame
// databases through the capabilities alone (endgame.Retrograder, or the
// nearest exact rules of an endgame.Approximator, as estimates), it
// builds counts 0 to 5 of the preset's board and plays a random game
// until at most 5 seeds are left in the houses: the databases must answer
// for that position, and where they are exact and the game has no cycles,
// with the value search.Solve finds. Rules without databases must say so
// with an error wrapping mancala.ErrUnsupported.
func toolEndgame(t *testing.T, r mancala.Ruleset) {
	const k = 5
	rg, ok := r.(endgame.Retrograder)
	if !ok {
		t.Skipf("%v has no endgame databases", r)
	}
	g, err := rg.Retrograde()
	exact := err == nil
	if err != nil {
		if !errors.Is(err, mancala.ErrUnsupported) {
			t.Fatalf("Retrograde: %v, want ErrUnsupported", err)
		}
		a, ok := r.(endgame.Approximator)
		if !ok {
			t.Skipf("%v has no databases: %v", r, err)
		}
		near, _ := a.NearestExact()
		if near == nil {
			t.Skipf("%v has no databases: %v", r, err)
		}
		if g, err = near.(endgame.Retrograder).Retrograde(); err != nil {
			t.Fatalf("the nearest exact rules %v: %v", near, err)
		}
	}
	db, err := endgame.Build(context.Background(), g, "", k, endgame.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 20; game++ {
		p := r.Start()
		for ply := 0; ply < 2000 && !p.Over(); ply++ {
			if _, ok := p.ToMove.Player(); ok && p.Board.Total()-p.Board.Store(mancala.South)-p.Board.Store(mancala.North) <= k {
				break
			}
			legal := r.Legal(nil, p)
			if len(legal) == 0 {
				t.Fatalf("no legal move in %v", p)
			}
			p = r.Apply(p, legal[rng.IntN(len(legal))])
		}
		mover, ok := p.ToMove.Player()
		if p.Over() || !ok || p.Board.Total()-p.Board.Store(mancala.South)-p.Board.Store(mancala.North) > k {
			continue
		}
		v, ok := db.Endgame(p)
		if !ok {
			t.Fatalf("the databases of %s do not answer for %v", g.Name(), p)
		}
		if a, _ := g.(endgame.Acyclic); !exact || a == nil || !a.Acyclic() {
			return
		}
		sol, err := search.Solve(context.Background(), r, nil, p, search.SolveOptions{TableBits: 12, NoPV: true})
		if err != nil {
			t.Fatal(err)
		}
		want := int(sol.Value)
		if mover == mancala.North {
			want = -want
		}
		if got := p.Board.Store(mover) - p.Board.Store(mover.Other()) + v; got != want {
			t.Fatalf("%v: the databases of %s give %d, Solve %d", p, g.Name(), got, want)
		}
		return
	}
	t.Logf("no random game of %v reached %d seeds in the houses", r, k)
}
