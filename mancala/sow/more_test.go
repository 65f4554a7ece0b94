package sow_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestPasuConfig checks that New refuses a pasu (SW-80) out of range or
// without the next-hole laps and stores it belongs to.
func TestPasuConfig(t *testing.T) {
	base := sow.Config{Houses: 7, Seeds: 6, Stores: true, TwoOut: true, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}
	for _, edit := range []func(c *sow.Config){
		func(c *sow.Config) { c.Pasu = 1 },
		func(c *sow.Config) { c.Pasu = -4 },
		func(c *sow.Config) { c.Pasu = mancala.MaxSeeds + 1 },
		func(c *sow.Config) { c.Pasu, c.TwoOut = 4, false },
		func(c *sow.Config) { c.Pasu, c.Stores = 4, false },
	} {
		c := base
		edit(&c)
		_, err := sow.New(c)
		var ce *sow.ConfigError
		if !errors.As(err, &ce) || ce.Field != "Pasu" || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("New(%+v) = %v, want a ConfigError of Pasu", c, err)
		}
	}
	base.Pasu = 4
	if _, err := sow.New(base); err != nil {
		t.Errorf("New(%+v): %v", base, err)
	}
}

// TestPasu plays two Pallanguzhi moves worked out by hand: fours made by
// a lap's inner seeds go to the owner of the house (SW-80), a four made
// by the lap's last seed stays, and the lap ends with a capture two out
// (SW-42).
func TestPasu(t *testing.T) {
	g, ok := sow.Lookup("pallanguzhi")
	if !ok {
		t.Fatal("no pallanguzhi")
	}
	r, err := sow.New(g.Config)
	if err != nil {
		t.Fatal(err)
	}
	row := func(v ...uint8) (a [mancala.MaxHouses]uint8) { copy(a[:], v); return a }
	for _, tc := range []struct {
		name         string
		south, north [mancala.MaxHouses]uint8
		house        int
		wantS, wantN [mancala.MaxHouses]uint8
		stores       [2]int
		pasu         [2]int // seeds taken by SW-80, by owner
	}{
		{"own fours", row(3, 3, 3, 3, 0, 2, 0), row(1, 1, 1, 1, 1, 1, 1), 0,
			row(0, 0, 0, 4, 0, 0, 0), row(1, 1, 1, 1, 1, 1, 1), [2]int{10, 0}, [2]int{8, 0}},
		{"opponent's four", row(0, 0, 0, 0, 0, 0, 2), row(3, 1, 0, 5, 1, 1, 1), 6,
			row(0, 0, 0, 0, 0, 0, 0), row(0, 2, 0, 0, 1, 1, 1), [2]int{5, 4}, [2]int{0, 4}},
	} {
		p := r.Start()
		if err := p.Board.SetCounts([2][mancala.MaxHouses]uint8{tc.south, tc.north}, [2]uint8{}); err != nil {
			t.Fatal(err)
		}
		var pasu [2]int
		q, err := r.Trace(p, mancala.Single(mancala.South, tc.house), func(e mancala.Event) {
			if e.Kind == mancala.EventCapture && e.Rule == "SW-80" {
				pasu[e.Player] += e.Count
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		b := q.Board
		if b.Row(mancala.South) != tc.wantS || b.Row(mancala.North) != tc.wantN ||
			b.Store(mancala.South) != tc.stores[0] || b.Store(mancala.North) != tc.stores[1] || pasu != tc.pasu {
			t.Errorf("%s: got %v, pasu %v; want rows %v %v, stores %v, pasu %v", tc.name, b, pasu, tc.wantS, tc.wantN, tc.stores, tc.pasu)
		}
		if pq, err := r.Play(p, mancala.Single(mancala.South, tc.house)); err != nil || pq != q {
			t.Errorf("%s: Play = %v, %v; Trace = %v", tc.name, pq, err, q)
		}
	}
}

// Pallanguzhi against MancalaGames' Pallanguli.txt (see ORACLES.md),
// without its must-share rule and its added picking of the last seeds:
// in rounds, refilled from the left (round_fill=1, LEFT_FILL: the file's
// RIGHT_FILL is Hanson's reading, ours Durai's and Russ's), the starter
// alternating (the file's round_starter 0), until a player cannot fill one
// house (goal_param=1; the file's 3 is Hanson's); and in one round, as the
// No_Rounds variant's settings play it. MancalaGames ends a game whose
// result no capture can change any more (decided), as with Longbeu-a-cha.
func init() {
	mgPairs = append(mgPairs,
		mgPair{ours: "pallanguzhi", file: "Pallanguli",
			set:   "round_fill=1 goal_param=1 mustshare=0 mustpass=0 pickextra=0 noclear=1 nodecide=1",
			known: mgEndlessLaps("pallanguzhi")},
		mgPair{ours: "pallanguzhi rounds=1", file: "Pallanguli",
			set:   "rounds=0 round_fill=0 goal=0 goal_param=0 blocks=0 mustshare=0 mustpass=0 pickextra=0 noclear=1",
			known: mgAny(mgEndlessLaps("pallanguzhi rounds=1"), mgDecided)},
		// Olinda.txt (Russ via MancalaGames), but for the ending of a
		// round whose result can no longer change (nodecide=1, as for
		// Pallanguzhi). MancalaGames lets the first mover of every round
		// choose his way again (mgWayPerRound); with the driver's
		// keepway=1 it keeps the ways of the game's first move, as ours
		// do, and whole sets are compared.
		mgPair{ours: "olinda", file: "Olinda", set: "noclear=1 nodecide=1",
			known: mgAny(mgEndlessLaps("olinda"), mgWayPerRound)},
		mgPair{ours: "olinda", file: "Olinda", set: "noclear=1 nodecide=1 keepway=1",
			known: mgEndlessLaps("olinda")},
		mgPair{ours: "olinda rounds=1", file: "Olinda", set: "rounds=0 round_fill=0 round_starter=0 blocks=0 noclear=1",
			known: mgAny(mgEndlessLaps("olinda rounds=1"), mgDecided)},
	)
}

// mgWayPerRound recognises a reading of Olinda (SW-81): at the start of a
// round after the first, MancalaGames offers the round's first mover both
// ways again, where ours keep the ways the game's first move chose. The
// last move must have ended a round (refills on both sides alike), and
// MancalaGames' legal moves must be ours plus the same houses the other
// way.
func mgWayPerRound(d mgDiff) string {
	o, m := d.ours, d.mgs
	if o.turn == "-" || m.turn != o.turn || o.stores != m.stores || !slices.Equal(o.south, m.south) || !slices.Equal(o.north, m.north) ||
		o.burnt != m.burnt || len(m.legal) != 2*len(o.legal) || !d.roundEnded {
		return ""
	}
	for _, i := range o.legal {
		if !slices.Contains(m.legal, i) || !slices.Contains(m.legal, i^16) {
			return ""
		}
	}
	return "ways chosen again: MancalaGames lets each round's first mover choose his way"
}
