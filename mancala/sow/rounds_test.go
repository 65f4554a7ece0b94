package sow_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestNewMechanismConfigs checks that New refuses the combinations that
// SW-40 to SW-45 exclude, with a *sow.ConfigError naming the field.
func TestNewMechanismConfigs(t *testing.T) {
	base := sow.Config{Houses: 5, Seeds: 4, Stores: true, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}
	for _, tc := range []struct {
		field string
		edit  func(c *sow.Config)
	}{
		{"HouseWay", func(c *sow.Config) { c.HouseWay = sow.Outward }},                           // without EitherWay
		{"HouseWay", func(c *sow.Config) { c.EitherWay, c.HouseWay = true, sow.HouseWay(9) }},    // unknown
		{"TwoOut", func(c *sow.Config) { c.TwoOut, c.Relay = true, true }},                       // with Relay
		{"TwoOut", func(c *sow.Config) { c.TwoOut, c.SowOwnStore = true, true }},                 // stores on the way
		{"Rounds", func(c *sow.Config) { c.Rounds, c.Pattern = true, []int{1, 2, 3, 4, 5} }},     // no Seeds
		{"Rounds", func(c *sow.Config) { c.Rounds, c.CaptureNext = true, true }},                 // excluded
		{"Rounds", func(c *sow.Config) { c.Rounds, c.NoMove = true, sow.Nobody }},                // seeds left in the houses
		{"Rounds", func(c *sow.Config) { c.Rounds, c.RoundFill = true, sow.RoundFill(2) }},       // unknown
		{"Rounds", func(c *sow.Config) { c.Rounds, c.RoundStarter = true, sow.RoundStarter(7) }}, // unknown
		{"TurnRowEmpty", func(c *sow.Config) { c.TurnRowEmpty, c.EndRowEmpty = true, true }},
		{"Simultaneous", func(c *sow.Config) { c.Simultaneous = true }}, // not Congkak's family
		{"Simultaneous", func(c *sow.Config) { *c = sow.CongkakConfig(7, 7); c.SkipOrigin = true }},
		{"Simultaneous", func(c *sow.Config) { *c = sow.CongkakConfig(7, 7); c.FirstHand = 2 }},
	} {
		c := base
		tc.edit(&c)
		_, err := sow.New(c)
		var ce *sow.ConfigError
		if !errors.As(err, &ce) || ce.Field != tc.field || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("New(%+v) = %v, want a ConfigError of %s", c, err, tc.field)
		}
	}
	for _, edit := range []func(c *sow.Config){
		func(c *sow.Config) { c.EitherWay, c.HouseWay = true, sow.Outward },
		func(c *sow.Config) { c.SingleToEmpty = true },
		func(c *sow.Config) { c.TwoOut, c.Successive = true, true },
		func(c *sow.Config) { c.Rounds, c.RoundStarter, c.Pass = true, sow.LastMoverStarts, true },
		func(c *sow.Config) { c.Rounds, c.TurnRowEmpty = true, true },
		func(c *sow.Config) {
			c.Rounds, c.TwoOut, c.RoundStarter, c.RoundFill = true, true, sow.AlternateStarts, sow.FillFromFar
		},
		func(c *sow.Config) { c.Rounds, c.Relay, c.RelayNext = true, true, true },
		func(c *sow.Config) { *c = sow.CongkakConfig(5, 3); c.FirstHand = mancala.North },
	} {
		c := base
		edit(&c)
		if _, err := sow.New(c); err != nil {
			t.Errorf("New(%+v): %v", c, err)
		}
	}
}

// TestRoundStart follows Dakon from its start to the first round's end
// with uniform random moves and checks the refill (SW-43): every house
// holds 0 or Seeds seeds, the burnt ones are empty and are those farthest
// from their owner's store, and the stores keep what no house took.
func TestRoundStart(t *testing.T) {
	g, _ := sow.Lookup("dakon")
	r, err := g.New()
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	var ms []mancala.Move
	for ply := 0; ply < 5000 && !p.Over(); ply++ {
		ms = r.Legal(ms[:0], p)
		q := r.Apply(p, ms[(ply*7+3)%len(ms)])
		if r.RoundEnded(p, q) {
			if q.Over() {
				t.Fatalf("the game ended at the first round's end: %v", q)
			}
			n := q.Board.Houses()
			for _, pl := range []mancala.Player{mancala.South, mancala.North} {
				filled := 0
				for i := 0; i < n; i++ {
					v, b := q.Board.Seeds(pl, i), q.Board.Burnt(pl, i)
					switch {
					case b && v != 0, !b && v != 7:
						t.Fatalf("round start %v: house %d of %v holds %d, burnt %v", q, i, pl, v, b)
					case !b:
						filled++
					}
				}
				for i := 0; i < n; i++ { // counter-clockwise: the store is after the last house
					if q.Board.Burnt(pl, i) != (i < n-filled) {
						t.Fatalf("round start %v: %v's burnt houses are not the farthest from his store", q, pl)
					}
				}
				if st := q.Board.Store(pl); filled < n && st >= 7 {
					t.Fatalf("round start %v: %v keeps %d seeds with a house burnt", q, pl, st)
				}
			}
			return
		}
		p = q
	}
	t.Fatal("no round ended")
}
