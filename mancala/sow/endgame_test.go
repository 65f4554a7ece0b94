package sow_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
	"github.com/sowing-games/sowing/mancala/sow"
)

// retroCase is a configuration with exact endgame databases.
type retroCase struct {
	name string
	c    sow.Config
}

// retroCases returns the catalogue's games and variants whose Retrograde
// succeeds, Kalah with SW-24 and SW-66, and a four-row game, and fails
// the test unless Kalah (acyclic) and Bakuk (with
// cycles) are among them.
func retroCases(t testing.TB) []retroCase {
	t.Helper()
	var cs []retroCase
	for _, g := range sow.Catalogue() {
		all := []retroCase{{g.Name, g.Config}}
		for _, v := range g.Variants {
			all = append(all, retroCase{g.Name + " " + v.Word, v.Config})
		}
		for _, c := range all {
			r, err := sow.NewNamed(c.c, c.name)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.Retrograde(); err == nil {
				cs = append(cs, c)
			} else if !errors.Is(err, mancala.ErrUnsupported) {
				t.Fatalf("%s: Retrograde: %v, want nil or ErrUnsupported", c.name, err)
			}
		}
	}
	// The first-move state of SW-24 and SW-66, which the databases
	// take as played.
	first := sow.KalahConfig(6, 4, false)
	first.SkipCount, first.NoCaptureFirstMove = 1, true
	cs = append(cs, retroCase{"sow-firstmoves", first})
	// A four-row game (SW-21) whose seeds stay on the board unless an
	// opposite capture takes both rows facing (SW-10): its circuits are
	// cycles, and a cycle's seeds are split.
	cs = append(cs, retroCase{"sow-fourrow", sow.Config{Houses: 8, Rows: 2, Seeds: 2,
		Opposite: true, OppositeBothRows: true, OppositeNeedsSeeds: true, Relay: true, MaxLaps: 8,
		NoMove: sow.OwnerTakes, Cycle: sow.Split}})
	has := map[string]bool{}
	for _, c := range cs {
		has[c.name] = true
	}
	if !has["kalah"] || !has["bakuk"] {
		t.Fatalf("kalah and bakuk should have databases; the games with them: %v", cs)
	}
	return cs
}

// retroRules returns c on n houses a side with seeds enough for k seeds
// in the houses, and its Game.
func retroRules(t interface {
	Helper()
	Fatal(...any)
}, c retroCase, n, k int) (*sow.Rules, endgame.Game) {
	t.Helper()
	cf := c.c
	cf.Houses, cf.Pattern = n, nil
	cf.Seeds = max(1, (k+2*n-1)/(2*n))
	for 2*n*cf.Seeds <= cf.FewSeeds { // New wants a start that is not over (SW-17)
		cf.Seeds++
	}
	r, err := sow.NewNamed(cf, c.name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Retrograde()
	if err != nil {
		t.Fatal(err)
	}
	return r, g
}

// forConfigs calls f with every configuration of k seeds in h houses.
func forConfigs(h, k int, f func(c *endgame.Config)) {
	for c := range endgame.Configs(h, k) {
		f(c)
	}
}

// steadyState returns the State of r's positions once both players have
// moved: bit 18 with SkipCount (SW-24), bits 19 and 20 with
// NoCaptureFirstMove (SW-66), as Rules.Tuzdyk and Config document them.
func steadyState(r *sow.Rules) uint32 {
	var st uint32
	c := r.Config()
	if c.SkipCount > 0 {
		st |= 1 << 18
	}
	if c.NoCaptureFirstMove {
		st |= 3 << 19
	}
	return st
}

// retroPosition returns configuration c as a position of r with mover to
// move (c's first row his), the seeds not in houses in his store, and the
// state of a game in which both players have moved, settled by Setup.
func retroPosition(t testing.TB, r *sow.Rules, mover mancala.Player, c *endgame.Config) mancala.Position {
	t.Helper()
	n := r.Config().Houses
	b := r.Start().Board
	var rows [2][mancala.MaxHouses]uint8
	copy(rows[mover][:n], c[:n])
	copy(rows[mover.Other()][:n], c[n:2*n])
	var stores [2]uint8
	stores[mover] = uint8(b.Total() - c.Seeds())
	if err := b.SetCounts(rows, stores); err != nil {
		t.Fatal(err)
	}
	p, err := r.Setup(mancala.Position{Board: b, ToMove: mancala.TurnOf(mover), State: steadyState(r)})
	if err != nil {
		t.Fatalf("%v: %v", c[:2*n], err)
	}
	return p
}

// storeDiff returns me's store minus his opponent's.
func storeDiff(p mancala.Position, me mancala.Player) int {
	return p.Board.Store(me) - p.Board.Store(me.Other())
}

// moveIndex returns the Game's name of move m of mover
// (endgame.Child.Move): its house, plus 16 if it is reversed, plus 32 if
// it is from the opponent's row.
func moveIndex(m mancala.Move, mover mancala.Player) int {
	h, _ := m.House(mover)
	switch {
	case m.Across():
		h += 2 * mancala.MaxHouses
	case m.Reversed():
		h += mancala.MaxHouses
	}
	return h
}

// TestRetrogradeChildrenMatchRules checks the Game's moves against the
// ruleset's Setup, Legal and Apply for every configuration of small
// counts, with either player to move (the Game plays as South: the rules
// must be symmetric), for every catalogue game with databases.
func TestRetrogradeChildrenMatchRules(t *testing.T) {
	for _, rc := range retroCases(t) {
		for _, nk := range [][2]int{{2, 7}, {3, 6}, {4, 4}} {
			n, k := nk[0], nk[1]
			if rc.c.Rows == 2 && n%2 != 0 {
				continue // two rows of n/2
			}
			r, g := retroRules(t, rc, n, k)
			moves, overs := 0, 0
			for j := 0; j <= k; j++ {
				for _, mover := range []mancala.Player{mancala.South, mancala.North} {
					forConfigs(2*n, j, func(c *endgame.Config) {
						p := retroPosition(t, r, mover, c)
						kids, end := g.Children(nil, c)
						where := fmt.Sprintf("%s %v, %v to move", rc.name, c[:2*n], mover)
						if p.Over() {
							overs++
							if want := storeDiff(p, mover) - (r.Start().Board.Total() - j); len(kids) != 0 || end != want {
								t.Fatalf("%s: over, worth %d, but Children gives %d moves, value %d", where, want, len(kids), end)
							}
							return
						}
						if me, _ := p.ToMove.Player(); me != mover { // SW-19: a pass
							if next, _ := g.Config(p); len(kids) != 1 || kids[0].Gain != 0 || kids[0].Over || kids[0].Again || kids[0].Next != next {
								t.Fatalf("%s: %v passes, but Children gives %+v", where, mover, kids)
							}
							return
						}
						if cf, ok := g.Config(p); !ok || cf != *c {
							t.Fatalf("%s: Config gives %v %v", where, cf[:2*n], ok)
						}
						legal := r.Legal(nil, p)
						if len(legal) != len(kids) {
							t.Fatalf("%s: %d legal moves, Children gives %d", where, len(legal), len(kids))
						}
						for i, m := range legal {
							q := r.Apply(p, m)
							ch := kids[i]
							moves++
							gain := storeDiff(q, mover) - storeDiff(p, mover)
							again := q.ToMove == p.ToMove
							if ch.Move != moveIndex(m, mover) || ch.Gain != gain || ch.Over != q.Over() || !q.Over() && ch.Again != again {
								t.Fatalf("%s move %v: child %+v, want gain %d over %v again %v", where, m, ch, gain, q.Over(), again)
							}
							if next, ok := g.Config(q); !q.Over() && (!ok || ch.Next != next) {
								t.Fatalf("%s move %v: next %v, want %v", where, m, ch.Next[:2*n], next[:2*n])
							}
						}
					})
				}
			}
			if moves == 0 || overs == 0 {
				t.Fatalf("%s %dx%d: %d moves, %d finished positions: the test checks little", rc.name, n, k, moves, overs)
			}
		}
	}
}

// TestRetrogradeValues checks every value of the databases of small
// boards (houses a side x seeds: 2x6, 3x5, 4x4; 3x3 and 4x3 for games with
// cycles) against search.Solve from the configuration's position (for
// games without cycles) or against the brute force that plays out
// repetitions (for the others), for every catalogue game with databases.
func TestRetrogradeValues(t *testing.T) {
	for _, rc := range retroCases(t) {
		for _, nk := range [][3]int{{2, 6, 6}, {3, 5, 3}, {4, 4, 3}} {
			// The brute force of games with cycles follows every line:
			// fewer seeds for it.
			n, k := nk[0], nk[1]
			if rc.c.Rows == 2 && n%2 != 0 {
				continue // two rows of n/2
			}
			if _, g := retroRules(t, rc, n, k); !g.(endgame.Acyclic).Acyclic() {
				k = nk[2]
			}
			if rc.c.NoOwners {
				// Either player sows from any house (SW-94): the brute force's
				// lines of repetitions grow too fast beyond 2 houses and 3 seeds.
				if n > 2 {
					continue
				}
				k = min(k, 3)
			}
			t.Run(fmt.Sprintf("%s/%dx%d", rc.name, n, k), func(t *testing.T) {
				r, g := retroRules(t, rc, n, k)
				db, err := endgame.Build(context.Background(), g, "", k, endgame.Options{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				acyclic := g.(endgame.Acyclic).Acyclic()
				b := searchtest.NewBrute(r)
				nonzero := 0
				for j := 0; j <= k; j++ {
					forConfigs(2*n, j, func(c *endgame.Config) {
						p := retroPosition(t, r, mancala.South, c)
						base := storeDiff(p, mancala.South) - (r.Start().Board.Total() - j)
						got, ok := db.Value(c)
						if !ok {
							t.Fatalf("%v: no value", c[:2*n])
						}
						var want int
						switch me, _ := p.ToMove.Player(); {
						case p.Over():
							want = base
						case acyclic:
							guess := storeDiff(p, mancala.South) // any guess gives the value; this one skips the first search
							sol, err := search.Solve(context.Background(), r, nil, p, search.SolveOptions{TableBits: 10, NoPV: true, Guess: &guess})
							if err != nil {
								t.Fatal(err)
							}
							want = int(sol.Value) - (r.Start().Board.Total() - j)
						case me == mancala.South:
							want = base + b.Value(p)
						default: // SW-19: South passes
							want = base - b.Value(p)
						}
						if got != want {
							t.Fatalf("%v: database %d, %s %d", c[:2*n], got, map[bool]string{true: "Solve", false: "brute force"}[acyclic], want)
						}
						if got != 0 {
							nonzero++
						}
					})
				}
				if nonzero == 0 {
					t.Fatal("every value is 0: the test checks little")
				}
			})
		}
	}
}

// TestRetrogradeOracle solves the start of small games with the
// databases as the solver's oracle and without: the values are the same,
// and the oracle answered (positions with stores, either player to move).
func TestRetrogradeOracle(t *testing.T) {
	for _, rc := range retroCases(t)[:2] {
		r2, g := retroRules(t, rc, 3, 12)
		db, err := endgame.Build(context.Background(), g, "", 8, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := search.Solve(context.Background(), r2, nil, r2.Start(), search.SolveOptions{TableBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		with, err := search.Solve(context.Background(), search.WithEndgame(r2, db.Endgame), nil, r2.Start(), search.SolveOptions{TableBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Value != with.Value || with.EndgameHits == 0 {
			t.Errorf("%s 3x2: solved %v alone, %v with the databases (%d hits)", rc.name, plain.Value, with.Value, with.EndgameHits)
		}
	}
}

// TestRetrogradeRefusals checks that configurations whose values depend
// on more than the houses have no databases, with an error that wraps
// mancala.ErrUnsupported.
func TestRetrogradeRefusals(t *testing.T) {
	base := sow.KalahConfig(4, 3, false)
	for name, change := range map[string]func(c *sow.Config){
		"rounds": func(c *sow.Config) { c.Rounds = true },
		"tuzdyk": func(c *sow.Config) {
			*c = sow.Config{Houses: 4, Seeds: 3, Stores: true, Tuzdyk: true, Cycle: sow.Split}
		},
		"majority":   func(c *sow.Config) { c.Majority = true },
		"cannotmove": func(c *sow.Config) { c.CannotMoveLoses, c.NoMove = true, sow.OpponentTakes },
		"cycle":      func(c *sow.Config) { c.SowOwnStore, c.ExtraTurn = false, false },
	} {
		c := base
		change(&c)
		r, err := sow.New(c)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := r.Retrograde(); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("%s: Retrograde: %v, want ErrUnsupported", name, err)
		}
	}
	// The same cycle under the split rule is exact.
	c := base
	c.SowOwnStore, c.ExtraTurn, c.Cycle = false, false, sow.Split
	r, err := sow.New(c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Retrograde(); err != nil {
		t.Errorf("split cycles: %v", err)
	}
}

// TestRetrogradeProperties checks, on random configurations of random
// games with databases: no move adds seeds; a move that keeps every seed
// in the houses gains nothing; a move's gain has the parity of the seeds
// it takes out (each goes to one store); and Parents and Children agree
// both ways.
func TestRetrogradeProperties(t *testing.T) {
	cases := retroCases(t)
	rapid.Check(t, func(rt *rapid.T) {
		rc := cases[rapid.IntRange(0, len(cases)-1).Draw(rt, "game")]
		n := rapid.IntRange(1, 4).Draw(rt, "houses")
		if rc.c.Rows == 2 {
			n = 2 * max(1, n/2) // two rows of n/2
		}
		k := rapid.IntRange(0, 8).Draw(rt, "seeds")
		_, g := retroRules(rt, rc, n, k)
		var c endgame.Config
		for range k {
			c[rapid.IntRange(0, 2*n-1).Draw(rt, "house")]++
		}
		kids, end := g.Children(nil, &c)
		if len(kids) == 0 && (end < -k || end > k) {
			rt.Fatalf("%v: over, worth %d", c[:2*n], end)
		}
		for _, ch := range kids {
			if ch.Over {
				if ch.Gain < -k || ch.Gain > k {
					rt.Fatalf("%v move %d: over, gain %d", c[:2*n], ch.Move, ch.Gain)
				}
				continue
			}
			left := ch.Next.Seeds()
			out := k - left
			switch {
			case out < 0:
				rt.Fatalf("%v move %d: %d seeds after, %d before", c[:2*n], ch.Move, left, k)
			case out == 0 && ch.Gain != 0, ch.Gain > out || -ch.Gain > out || (out-ch.Gain)%2 != 0:
				rt.Fatalf("%v move %d: %d seeds out, gain %d", c[:2*n], ch.Move, out, ch.Gain)
			}
			for _, v := range ch.Next[2*n:] {
				if v != 0 {
					rt.Fatalf("%v move %d: seeds past the board in %v", c[:2*n], ch.Move, ch.Next)
				}
			}
			if out != 0 {
				continue
			}
			found := false
			for _, p := range g.Parents(nil, &ch.Next) {
				found = found || p.Prev == c && p.Again == ch.Again
			}
			if !found {
				rt.Fatalf("%v move %d leads to %v, whose parents miss it", c[:2*n], ch.Move, ch.Next[:2*n])
			}
		}
		for _, p := range g.Parents(nil, &c) {
			pk, _ := g.Children(nil, &p.Prev)
			found := false
			for _, ch := range pk {
				found = found || !ch.Over && ch.Next == c && ch.Again == p.Again
			}
			if !found {
				rt.Fatalf("%v: parent %v has no move to it", c[:2*n], p.Prev[:2*n])
			}
		}
	})
}
