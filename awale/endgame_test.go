package awale_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// retroRules returns a ruleset of n houses a side with the grand slam rule
// gs, the split cycle rule, and seeds enough for k seeds in houses.
func retroRules(t testing.TB, n int, gs awale.GrandSlam, k int) (*awale.Rules, endgame.Game) {
	t.Helper()
	seeds := max(1, (k+2*n-1)/(2*n))
	r, err := awale.New(awale.Options{Houses: n, Seeds: seeds, GrandSlam: gs, Cycle: awale.CycleSplit})
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Retrograde()
	if err != nil {
		t.Fatal(err)
	}
	return r, g
}

// configs calls f with every configuration of k seeds in h houses.
func configs(h, k int, f func(c *endgame.Config)) {
	for c := range endgame.Configs(h, k) {
		f(c)
	}
}

// position returns configuration c of n houses a side as a settled
// position of r with South to move and the other seeds in South's store.
func position(t testing.TB, r *awale.Rules, n int, c *endgame.Config) mancala.Position {
	t.Helper()
	b, err := mancala.NewBoard(n, 0)
	if err != nil {
		t.Fatal(err)
	}
	var rows [2][mancala.MaxHouses]uint8
	copy(rows[0][:n], c[:n])
	copy(rows[1][:n], c[n:2*n])
	total := 2 * n * r.Options().Seeds
	if err := b.SetCounts(rows, [2]uint8{uint8(total - c.Seeds()), 0}); err != nil {
		t.Fatal(err)
	}
	p, err := r.Setup(mancala.Position{Board: b, ToMove: mancala.SouthTurn})
	if err != nil {
		t.Fatalf("%v: %v", c[:2*n], err)
	}
	return p
}

// diff returns the store of the player to move in p minus his opponent's
// (South's minus North's if p is over).
func diff(p mancala.Position, me mancala.Player) int {
	return p.Board.Store(me) - p.Board.Store(me.Other())
}

// rowsOf returns the houses of p with the rows of mover first.
func rowsOf(p mancala.Position, n int, mover mancala.Player) endgame.Config {
	var c endgame.Config
	own, opp := p.Board.Row(mover), p.Board.Row(mover.Other())
	copy(c[:n], own[:n])
	copy(c[n:2*n], opp[:n])
	return c
}

var slamRules = []awale.GrandSlam{awale.GrandSlamForbiddenElseCapture, awale.GrandSlamForbidden, awale.GrandSlamNoCapture, awale.GrandSlamCaptureAll}

// TestRetrogradeChildrenAW3toAW7 checks the moves of the retrograde
// capability against the ruleset's Legal and Apply, for every
// configuration of small counts, every grand slam rule, and boards of 1,
// 2, 3 and 6 houses a side.
func TestRetrogradeChildrenAW3toAW7(t *testing.T) {
	for _, gs := range slamRules {
		for _, nk := range [][2]int{{1, 10}, {2, 9}, {3, 8}, {6, 6}, {9, 3}, {12, 3}} {
			n, k := nk[0], nk[1]
			r, g := retroRules(t, n, gs, k)
			for j := 0; j <= k; j++ {
				configs(2*n, j, func(c *endgame.Config) {
					p := position(t, r, n, c)
					kids, end := g.Children(nil, c)
					if p.Over() {
						if len(kids) != 0 || end != diff(p, mancala.South)-(r.Options().Seeds*2*n-j) {
							t.Fatalf("%v %v: over, value %d, but Children gives %d moves, value %d", gs, c[:2*n], diff(p, mancala.South), len(kids), end)
						}
						return
					}
					legal := r.Legal(nil, p)
					if len(legal) != len(kids) {
						t.Fatalf("%v %v: %d legal moves, Children gives %d", gs, c[:2*n], len(legal), len(kids))
					}
					for i, m := range legal {
						q := r.Apply(p, m)
						h, _ := m.House(mancala.South)
						ch := kids[i]
						gain := diff(q, mancala.South) - diff(p, mancala.South)
						if ch.Move != h || ch.Gain != gain || ch.Over != q.Over() || ch.Again {
							t.Fatalf("%v %v move %v: child %+v, want house %d gain %d over %v", gs, c[:2*n], m, ch, h, gain, q.Over())
						}
						if !q.Over() && ch.Next != rowsOf(q, n, mancala.North) {
							t.Fatalf("%v %v move %v: next %v, want %v", gs, c[:2*n], m, ch.Next[:2*n], rowsOf(q, n, mancala.North))
						}
					}
				})
			}
		}
	}
}

// TestRetrogradeParents checks that Parents finds exactly the moves that
// keep every seed in the houses, once each, for every configuration of
// small counts and every grand slam rule.
func TestRetrogradeParents(t *testing.T) {
	for _, gs := range slamRules {
		for _, nk := range [][2]int{{1, 10}, {2, 9}, {3, 8}, {6, 6}, {12, 3}} {
			n, k := nk[0], nk[1]
			_, g := retroRules(t, n, gs, k)
			for j := 0; j <= k; j++ {
				want := make(map[endgame.Config]map[endgame.Config]int)
				configs(2*n, j, func(c *endgame.Config) {
					kids, _ := g.Children(nil, c)
					for _, ch := range kids {
						if !ch.Over && ch.Next.Seeds() == j {
							if want[ch.Next] == nil {
								want[ch.Next] = make(map[endgame.Config]int)
							}
							want[ch.Next][*c]++
						}
					}
				})
				configs(2*n, j, func(c *endgame.Config) {
					got := make(map[endgame.Config]int)
					for _, p := range g.Parents(nil, c) {
						got[p.Prev]++
					}
					w := want[*c]
					if len(got) != len(w) {
						t.Fatalf("%v %v: %d parents, want %d", gs, c[:2*n], len(got), len(w))
					}
					for p, m := range w {
						if got[p] != m {
							t.Fatalf("%v %v: parent %v %d times, want %d", gs, c[:2*n], p[:2*n], got[p], m)
						}
					}
				})
			}
		}
	}
}

// TestEndgameValuesAW8 compares every value of the databases of small
// boards and counts with the brute force that plays out repetitions.
func TestEndgameValuesAW8(t *testing.T) {
	for _, gs := range slamRules {
		for _, nk := range [][2]int{{1, 12}, {2, 6}, {3, 3}, {6, 2}} {
			n, k := nk[0], nk[1]
			t.Run(fmt.Sprintf("%v/%dx%d", gs, n, k), func(t *testing.T) {
				r, g := retroRules(t, n, gs, k)
				db, err := endgame.Build(context.Background(), g, "", k, endgame.Options{})
				if err != nil {
					t.Fatal(err)
				}
				b := searchtest.NewBrute(r)
				for j := 0; j <= k; j++ {
					configs(2*n, j, func(c *endgame.Config) {
						p := position(t, r, n, c)
						want := diff(p, mancala.South) - (2*n*r.Options().Seeds - j)
						if !p.Over() {
							want = b.Value(p)
						}
						got, ok := db.Value(c)
						if !ok || got != want {
							t.Fatalf("%v: database %d (%v), brute force %d", c[:2*n], got, ok, want)
						}
					})
				}
			})
		}
	}
}

// sweepValues computes the value of every configuration of up to k seeds
// on n houses a side by plain sweeps over maps, from the ruleset's Legal
// and Apply: for t from k down to 1, a configuration is worth t if a move
// gives t, and is worth what its best move gives once all its moves are
// known; sweeps repeat until nothing changes; what is left is worth 0 (an
// endless cycle, AW-8 split). It is the builder's reasoning without its
// machinery (ranks, parents, phases by waves, workers), and the brute force
// above checks the reasoning itself on smaller boards.
func sweepValues(t *testing.T, r *awale.Rules, n, k int) map[endgame.Config]int {
	type move struct {
		pay  int // the payoff if the move leaves the count
		next int // else the index of the configuration it leads to, or -1
	}
	val := make(map[endgame.Config]int)
	for j := 0; j <= k; j++ {
		var cs []endgame.Config
		index := make(map[endgame.Config]int)
		configs(2*n, j, func(c *endgame.Config) {
			index[*c] = len(cs)
			cs = append(cs, *c)
		})
		moves := make([][]move, len(cs))
		const unknown = 1 << 20
		v := make([]int, len(cs))
		for i := range cs {
			v[i] = unknown
			p := position(t, r, n, &cs[i])
			if p.Over() {
				v[i] = diff(p, mancala.South) - (2*n*r.Options().Seeds - j)
				continue
			}
			for _, m := range r.Legal(nil, p) {
				q := r.Apply(p, m)
				g := diff(q, mancala.South) - diff(p, mancala.South)
				switch next := rowsOf(q, n, mancala.North); {
				case q.Over():
					moves[i] = append(moves[i], move{pay: g, next: -1})
				case g != 0:
					moves[i] = append(moves[i], move{pay: g - val[next], next: -1})
				default:
					moves[i] = append(moves[i], move{next: index[next]})
				}
			}
		}
		for th := j; th >= 1; th-- {
			for changed := true; changed; {
				changed = false
				for i, ms := range moves {
					if v[i] != unknown {
						continue
					}
					best, all := -1<<30, true
					for _, m := range ms {
						pay := m.pay
						if m.next >= 0 {
							if v[m.next] == unknown {
								all = false
								continue
							}
							pay = -v[m.next]
						}
						best = max(best, pay)
					}
					if best >= th || all {
						v[i] = min(best, th)
						changed = true
					}
				}
			}
		}
		for i, c := range cs {
			if v[i] == unknown {
				v[i] = 0
			}
			val[c] = v[i]
		}
	}
	return val
}

// TestEndgameValuesSweep compares every value of the databases of up to 8
// seeds on 6 houses a side (and of other small boards) with sweepValues.
func TestEndgameValuesSweep(t *testing.T) {
	for _, c := range []struct {
		gs   awale.GrandSlam
		n, k int
	}{{awale.GrandSlamForbiddenElseCapture, 6, 8}, {awale.GrandSlamForbiddenElseCapture, 3, 10}, {awale.GrandSlamForbiddenElseCapture, 4, 9},
		{awale.GrandSlamForbiddenElseCapture, 12, 4},
		{awale.GrandSlamNoCapture, 4, 8}, {awale.GrandSlamForbidden, 3, 9}, {awale.GrandSlamCaptureAll, 3, 9}} {
		t.Run(fmt.Sprintf("%v/%dx%d", c.gs, c.n, c.k), func(t *testing.T) {
			r, g := retroRules(t, c.n, c.gs, c.k)
			db, err := endgame.Build(context.Background(), g, "", c.k, endgame.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := sweepValues(t, r, c.n, c.k)
			for cfg, v := range want {
				if got, ok := db.Value(&cfg); !ok || got != v {
					t.Fatalf("%v: database %d (%v), sweeps %d", cfg[:2*c.n], got, ok, v)
				}
			}
		})
	}
}

// BenchmarkEndgameBuild builds the Awari databases of 6 houses a side up
// to 10 seeds, in memory, on every core.
func BenchmarkEndgameBuild(b *testing.B) {
	b.ReportAllocs()
	_, g := retroRules(b, 6, awale.GrandSlamForbiddenElseCapture, 10)
	for range b.N {
		if _, err := endgame.Build(context.Background(), g, "", 10, endgame.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEndgameCycleAW8 builds a position whose moves are all forced and
// come back to it without a capture (2 houses a side, one seed in each
// player's second house): under the split rule it is worth 0, and so is
// every position of its cycle.
func TestEndgameCycleAW8(t *testing.T) {
	r, g := retroRules(t, 2, awale.GrandSlamForbiddenElseCapture, 2)
	db, err := endgame.Build(context.Background(), g, "", 2, endgame.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	start := endgame.Config{0, 1, 0, 1}
	p := position(t, r, 2, &start)
	q := p
	for ply := 1; ; ply++ {
		legal := r.Legal(nil, q)
		if len(legal) != 1 {
			t.Fatalf("ply %d: %d legal moves in %v, want 1", ply, len(legal), q)
		}
		q = r.Apply(q, legal[0])
		me, _ := q.ToMove.Player()
		c := rowsOf(q, 2, me)
		if v, ok := db.Value(&c); !ok || v != 0 {
			t.Fatalf("ply %d: %v is worth %d (%v), want 0", ply, q, v, ok)
		}
		if q == p {
			break
		}
		if ply > 8 {
			t.Fatalf("no repetition after %d plies", ply)
		}
	}
	if v, _ := db.Value(&start); v != 0 {
		t.Fatalf("the cycle's start is worth %d, want 0", v)
	}
}

// TestRetrogradeRefusesInexactRules checks that the presets whose values
// depend on the stores or the history (the documents' own-row cycle rule,
// Abapa's stop at majority) have no databases.
func TestRetrogradeRefusesInexactRules(t *testing.T) {
	for _, o := range []awale.Options{awale.Documents(), awale.Abapa(), {Cycle: awale.CycleSplit, StopAtMajority: true}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Retrograde(); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("%v: Retrograde gives %v, want ErrUnsupported", r, err)
		}
	}
}

// TestEndgameOracle checks the database as the search's oracle: a
// position's value is its configuration's, for either player to move, and
// positions it does not hold are refused.
func TestEndgameOracle(t *testing.T) {
	r, g := retroRules(t, 6, awale.GrandSlamForbiddenElseCapture, 4)
	db, err := endgame.Build(context.Background(), g, "", 4, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition("0,0,0,0,1,1/0,0,0,1,0,1 20,24 N")
	if err != nil {
		t.Fatal(err)
	}
	v, ok := db.Endgame(p)
	want, _ := db.Value(&endgame.Config{0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1})
	if !ok || v != want {
		t.Errorf("Endgame = %d, %v; want %d", v, ok, want)
	}
	if _, ok := db.Endgame(r.Start()); ok {
		t.Errorf("Endgame answers for 48 seeds with a database of 4")
	}
	if _, ok := db.Endgame(mancala.Position{Board: p.Board}); ok {
		t.Errorf("Endgame answers for a finished position")
	}
}
