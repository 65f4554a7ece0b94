package sow_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// pallanguzhiAt returns a position of the usual Pallanguzhi preset (in
// rounds) with the given rows, stores, burnt houses (bit i: house i),
// player to move and round start (State bits 8-17, see rounds.go), settled
// by Setup.
func pallanguzhiAt(t *testing.T, r *sow.Rules, s, n [7]int, stores [2]int, burnt [2]uint16, who mancala.Player, start uint32) mancala.Position {
	t.Helper()
	b, err := mancala.NewBoard(7, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.SetLayout(r.Layout()); err != nil {
		t.Fatal(err)
	}
	for i := range 7 {
		_ = b.SetSeeds(mancala.South, i, s[i])
		_ = b.SetSeeds(mancala.North, i, n[i])
	}
	_ = b.SetStore(mancala.South, stores[0])
	_ = b.SetStore(mancala.North, stores[1])
	for p := mancala.South; p <= mancala.North; p++ {
		for i := range 7 {
			if burnt[p]&(1<<i) != 0 {
				if err := b.SetBurnt(p, i, true); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	p, err := r.Setup(mancala.Position{Board: b, ToMove: mancala.TurnOf(who), State: start << 8})
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	return p
}

// TestPallanguzhiRounds plays, worked out by hand, the ends of rounds of
// Pallanguzhi (SW-43 with SW-42): the seeds left go to the owner of each
// row, each player refills six seeds a house from his left (house A),
// the houses he cannot fill are burnt, and the players take turns to
// start the rounds whoever moved last; and, in a round with a burnt
// house, a lap's next hole and the capture two out pass over it.
func TestPallanguzhiRounds(t *testing.T) {
	g, ok := sow.Lookup("pallanguzhi")
	if !ok {
		t.Fatal("no pallanguzhi")
	}
	r, err := sow.New(g.Config)
	if err != nil {
		t.Fatal(err)
	}
	x := -1 // a burnt house in the rows wanted
	for _, tc := range []struct {
		name         string
		s, n         [7]int
		stores       [2]int
		burnt        [2]uint16
		who          mancala.Player
		start        uint32 // the round's start: 0, or 1 + 2·(South's seeds) + its starter
		house        int
		wantS, wantN [7]int
		wantStores   [2]int
		wantTurn     mancala.Turn
	}{
		// South started the game's first round and ends it: North
		// starts the next. South's 39 seeds fill A to F, G is burnt.
		{"south ends the first round", [7]int{1}, [7]int{}, [2]int{38, 45}, [2]uint16{}, mancala.South, 0, 0,
			[7]int{6, 6, 6, 6, 6, 6, x}, [7]int{6, 6, 6, 6, 6, 6, 6}, [2]int{3, 3}, mancala.NorthTurn},
		// North started this round (odd start id - 1) and ends it with
		// his own move: South starts the next. North's 21 seeds fill
		// a to c; d to g are burnt.
		{"north ends a round he started", [7]int{}, [7]int{1}, [2]int{63, 20}, [2]uint16{}, mancala.North, 1 + 2*50 + 1, 0,
			[7]int{6, 6, 6, 6, 6, 6, 6}, [7]int{6, 6, 6, x, x, x, x}, [2]int{21, 3}, mancala.SouthTurn},
		// More seeds in the stores after the round's end than before it
		// (RoundEnded must not read the stores alone): South captures d
		// two out, North cannot move, South's 74 seeds fill his row, 32
		// stay in his store; North's 10 fill a.
		{"round end with fuller stores", [7]int{1, 0, 0, 17, 17, 17, 18}, [7]int{}, [2]int{4, 10}, [2]uint16{}, mancala.South, 0, 0,
			[7]int{6, 6, 6, 6, 6, 6, 6}, [7]int{6, x, x, x, x, x, x}, [2]int{32, 4}, mancala.NorthTurn},
		// South's G is burnt: E's seed falls into F, and the next hole
		// in play is North's a, empty, so the hole two out, b, is taken.
		{"two out past a burnt house", [7]int{0, 0, 0, 0, 1, 0, 0}, [7]int{0, 5, 6, 6, 6, 6, 6}, [2]int{2, 46}, [2]uint16{1 << 6, 0}, mancala.South, 81, 4,
			[7]int{0, 0, 0, 0, 0, 1, x}, [7]int{0, 0, 6, 6, 6, 6, 6}, [2]int{7, 46}, mancala.NorthTurn},
	} {
		p := pallanguzhiAt(t, r, tc.s, tc.n, tc.stores, tc.burnt, tc.who, tc.start)
		var refills, burns int
		q, err := r.Trace(p, mancala.Single(tc.who, tc.house), func(e mancala.Event) {
			switch {
			case e.Kind == mancala.EventRefill && e.Rule == "SW-43":
				refills += e.Count
			case e.Kind == mancala.EventBurn && e.Rule == "SW-43":
				burns++
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		b := q.Board
		for i := range 7 {
			for pl, want := range [2][7]int{tc.wantS, tc.wantN} {
				p := mancala.Player(pl)
				if got, burnt := b.Seeds(p, i), b.BurntMask(p)&(1<<i) != 0; burnt != (want[i] == x) || !burnt && got != want[i] {
					t.Errorf("%s: %v house %d holds %d (burnt %v), want %d (-1: burnt)", tc.name, p, i, got, burnt, want[i])
				}
			}
		}
		if st := [2]int{b.Store(mancala.South), b.Store(mancala.North)}; st != tc.wantStores || q.ToMove != tc.wantTurn {
			t.Errorf("%s: stores %v, %v to move; want %v, %v", tc.name, st, q.ToMove, tc.wantStores, tc.wantTurn)
		}
		if ended := r.RoundEnded(p, q); ended != (tc.start != 81) {
			t.Errorf("%s: RoundEnded = %v", tc.name, ended)
		} else if ended && (refills == 0 || burns == 0) {
			t.Errorf("%s: %d seeds refilled, %d houses burnt by the events", tc.name, refills, burns)
		}
		if pq, err := r.Play(p, mancala.Single(tc.who, tc.house)); err != nil || pq != q {
			t.Errorf("%s: Play = %v, %v; Trace = %v", tc.name, pq, err, q)
		}
	}
}
