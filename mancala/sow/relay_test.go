package sow_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestRelayPresets compares the relay engine (fast_relay.go) with the
// generic one, on perft and random games (comparePacked), for every
// catalogue preset that it plays, and checks that it plays the presets
// of the Congkak kind.
func TestRelayPresets(t *testing.T) {
	var relay []string
	for _, r := range presets(t) {
		if sow.Relay(r) {
			relay = append(relay, r.String())
			comparePacked(t, r, 1, 20000)
		}
	}
	t.Logf("relay engine: %v", relay)
	for _, name := range []string{"chongkak", "congklak", "kalah"} {
		if !slices.ContainsFunc(relay, func(s string) bool { return s == name }) {
			t.Errorf("%s is not played by the relay engine (relay: %v)", name, relay)
		}
	}
}

// TestRelayRounds compares the two engines through whole games of the
// presets with rounds (SW-43) that the relay engine plays: at every
// third position of random games, with its history, perft to depth 3
// and a random game to its end, so that round ends, burnt houses and repeated
// round starts are met inside the searches. It checks that rounds were
// ended.
func TestRelayRounds(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	rounds := 0
	for _, r := range presets(t) {
		if !sow.Relay(r) || !r.Config().Rounds {
			continue
		}
		g, _ := sow.Generic(r)
		for game := range games {
			rng := rand.New(rand.NewPCG(uint64(game), 5))
			var hist []mancala.Position
			p := r.Start()
			for !p.Over() && len(hist) < 400 {
				if _, ok := p.ToMove.Player(); ok && len(hist)%3 == 0 {
					l, tm := r.Perft(hist, p, 3)
					wl, wt := g.Perft(hist, p, 3)
					if l != wl || tm != wt {
						t.Fatalf("%v, game %d, ply %d: perft(3) relay %d/%d, generic %d/%d", r, game, len(hist), l, tm, wl, wt)
					}
					q, n := r.Playout(hist, p, rand.New(rand.NewPCG(1, uint64(len(hist)))), 0)
					wq, wn := g.Playout(hist, p, rand.New(rand.NewPCG(1, uint64(len(hist)))), 0)
					if q != wq || n != wn {
						t.Fatalf("%v, game %d, ply %d: relay %v after %d plies, generic %v after %d", r, game, len(hist), q, n, wq, wn)
					}
				}
				ms := r.Legal(nil, p)
				hist = append(hist, p)
				prev := p
				p = mancala.EndCycle(r, hist, r.Apply(p, ms[rng.IntN(len(ms))]))
				if r.RoundEnded(prev, p) {
					rounds++
				}
			}
		}
	}
	if rounds == 0 {
		t.Error("no round ended")
	}
	t.Logf("%d round ends", rounds)
}

// TestRelayCongkak compares the two engines on the configurations of
// the Congkak oracle (rounds_congkak_test.go), package congkak's games,
// those of 7 houses a side or fewer.
func TestRelayCongkak(t *testing.T) {
	for i, o := range congkakOracles(t) {
		if o.got.Config().Houses > 7 {
			if sow.Relay(o.got) {
				t.Errorf("%s: played by the relay engine", o.name)
			}
			continue
		}
		if !sow.Relay(o.got) {
			t.Errorf("%s: not played by the relay engine", o.name)
			continue
		}
		comparePacked(t, o.got, uint64(i), 20000)
	}
}

// genRelayConfig draws a configuration of the relay engine's kind: 1 to
// 7 houses a side, sowing through one store or both, laps, extra turns,
// opposite captures, any ending, rounds, the simultaneous opening, and
// sometimes many seeds.
func genRelayConfig(t *rapid.T) sow.Config {
	n := rapid.IntRange(1, 7).Draw(t, "houses")
	c := sow.Config{
		Houses:       n,
		Seeds:        rapid.IntRange(1, min(7, mancala.MaxSeeds/(2*n))).Draw(t, "seeds"),
		Stores:       true,
		NorthStarts:  rapid.Bool().Draw(t, "northStarts"),
		MinSeeds:     rapid.IntRange(0, 1).Draw(t, "minSeeds"),
		Direction:    sow.Direction(rapid.IntRange(0, 1).Draw(t, "direction")),
		SkipOrigin:   rapid.Bool().Draw(t, "skipOrigin"),
		SowOwnStore:  rapid.Bool().Draw(t, "sowOwnStore"),
		Relay:        rapid.Bool().Draw(t, "relay"),
		MaxLaps:      rapid.SampledFrom([]int{0, 1, 2, 5, 1000}).Draw(t, "maxLaps"),
		ExtraTurn:    rapid.Bool().Draw(t, "extraTurn"),
		Opposite:     rapid.Bool().Draw(t, "opposite"),
		NoMove:       sow.Leftover(rapid.IntRange(0, 5).Draw(t, "noMove")),
		Majority:     rapid.Bool().Draw(t, "majority"),
		FewSeeds:     rapid.IntRange(0, 3).Draw(t, "fewSeeds"),
		Cycle:        rapid.SampledFrom([]sow.Leftover{sow.OwnerTakes, sow.Split, sow.Nobody}).Draw(t, "cycle"),
		Pass:         rapid.Bool().Draw(t, "pass"),
		Rounds:       rapid.Bool().Draw(t, "rounds"),
		RoundStarter: sow.RoundStarter(rapid.IntRange(0, 1).Draw(t, "roundStarter")),
	}
	c.SowOpponentStore = !c.SowOwnStore || rapid.Bool().Draw(t, "sowOpponentStore")
	if c.Rounds && (c.NoMove == sow.Split || c.NoMove == sow.Nobody) { // seeds left in the houses: not the relay engine's
		c.NoMove = sow.OwnerTakes
	}
	switch rapid.IntRange(0, 2).Draw(t, "rowEmpty") {
	case 1:
		c.EndRowEmpty = true
	case 2:
		c.TurnRowEmpty = true
	}
	if c.Opposite {
		c.OppositeNeedsSeeds = rapid.Bool().Draw(t, "needsSeeds")
		c.OppositeTakesLast = rapid.Bool().Draw(t, "takesLast")
	}
	if rapid.Bool().Draw(t, "many") { // whole rounds of the circuit
		c.Seeds = rapid.IntRange(1, mancala.MaxSeeds/(2*n)).Draw(t, "manySeeds")
	}
	if !c.Rounds && rapid.Bool().Draw(t, "pattern") {
		c.Pattern = rapid.SliceOfN(rapid.IntRange(0, 5), n, n).Draw(t, "seedsOf")
		c.Pattern[0]++
	}
	if rapid.Bool().Draw(t, "cannotMoveLoses") {
		c.CannotMoveLoses, c.NoMove = true, sow.OpponentTakes
	}
	if c.SowOwnStore && !c.SowOpponentStore && rapid.Bool().Draw(t, "simultaneous") {
		c.Simultaneous, c.Relay, c.ExtraTurn, c.Opposite = true, true, true, true
		c.SkipOrigin, c.MinSeeds, c.NorthStarts = false, 0, false
		c.FirstHand = mancala.Player(rapid.IntRange(0, 1).Draw(t, "firstHand"))
		// A simultaneous start is not ended by FewSeeds: with as few
		// seeds, the generic engine's SW-45 starts with no choice to
		// make (a position not over without moves), so none here.
		c.FewSeeds = 0
	}
	fitFewSeeds(&c)
	return c
}

// TestRelayRandomConfigs compares the relay engine with the generic one
// on random configurations of its kind.
func TestRelayRandomConfigs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genRelayConfig(t)
		r, err := sow.New(c)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if !sow.Relay(r) {
			t.Fatalf("%+v: not played by the relay engine", c)
		}
		comparePacked(t, r, rapid.Uint64().Draw(t, "seed"), 3000)
	})
}
