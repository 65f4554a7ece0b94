package sow_test

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// comparePacked checks that r's fast engine (packed or relay) counts perft and plays
// random games as its generic engine does: from the start, then from
// the positions of a random game with its history (seed).
func comparePacked(t interface {
	Helper()
	Fatalf(string, ...any)
}, r *sow.Rules, seed uint64, maxLeaves int64) {
	t.Helper()
	g, _ := sow.Generic(r)
	perft := func(hist []mancala.Position, p mancala.Position, depth int) int64 {
		t.Helper()
		l, tm := r.Perft(hist, p, depth)
		wl, wt := g.Perft(hist, p, depth)
		if l != wl || tm != wt {
			t.Fatalf("%v: perft(%d) of %v after %d positions: fast engine %d/%d, generic %d/%d", r, depth, p, len(hist), l, tm, wl, wt)
		}
		return l
	}
	playout := func(hist []mancala.Position, p mancala.Position, s uint64, maxPlies int) {
		t.Helper()
		q, n := r.Playout(hist, p, rand.New(rand.NewPCG(seed, s)), maxPlies)
		wq, wn := g.Playout(hist, p, rand.New(rand.NewPCG(seed, s)), maxPlies)
		if q != wq || n != wn {
			t.Fatalf("%v: playout %d (cap %d) from %v: fast engine %v after %d plies, generic %v after %d", r, s, maxPlies, p, q, n, wq, wn)
		}
	}
	// Each depth while the last count times the most moves (16) stays
	// below maxLeaves.
	for d, l := 1, int64(1); d <= 7 && l*16 < maxLeaves; d++ {
		l = perft(nil, r.Start(), d)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	var hist []mancala.Position
	p := r.Start()
	for ply := 0; ply < 120 && !p.Over(); ply++ {
		if ply%8 == 0 {
			for d, l := 1, int64(1); d <= 4 && l*16 < maxLeaves/4; d++ {
				l = perft(hist, p, d)
			}
			playout(hist, p, uint64(ply), 3000)
			playout(hist, p, uint64(ply)+1000, 1+ply%7)
		}
		ms := r.Legal(nil, p)
		hist = append(hist, p)
		p = r.Apply(p, ms[rng.IntN(len(ms))])
	}
}

// TestPackedPresets compares the packed engine with the generic one for
// every catalogue preset that it plays, and checks that it plays the
// Awalé presets.
func TestPackedPresets(t *testing.T) {
	packed := map[string]bool{}
	for _, r := range presets(t) {
		if _, ok := sow.Generic(r); ok && !sow.Relay(r) { // relay_test.go: the relay engine's
			packed[r.String()] = true
			comparePacked(t, r, 1, 20000)
		}
	}
	for _, name := range []string{"oware", "awari"} {
		if !packed[name] {
			t.Errorf("%s is not played by the packed engine (packed: %v)", name, packed)
		}
	}
}

// genPackedConfig draws a configuration of the packed engine's kind:
// any board of 1 to 8 houses a side, sowings round the houses, captures
// by counts in the opponent's row, any grand slam, feeding and ending
// rule, and some seeds enough for laps and houses of 128 or more.
func genPackedConfig(t *rapid.T) sow.Config {
	n := rapid.IntRange(1, 8).Draw(t, "houses")
	c := sow.Config{
		Houses:        n,
		Seeds:         rapid.IntRange(1, min(8, mancala.MaxSeeds/(2*n))).Draw(t, "seeds"),
		Stores:        true,
		NorthStarts:   rapid.Bool().Draw(t, "northStarts"),
		MinSeeds:      rapid.IntRange(0, 1).Draw(t, "minSeeds"),
		Direction:     sow.Direction(rapid.IntRange(0, 1).Draw(t, "direction")),
		SkipOrigin:    rapid.Bool().Draw(t, "skipOrigin"),
		ExtraTurn:     rapid.Bool().Draw(t, "extraTurn"),
		CaptureCounts: rapid.SliceOfNDistinct(rapid.IntRange(1, 6), 0, 3, rapid.ID[int]).Draw(t, "counts"),
		CaptureEven:   rapid.Bool().Draw(t, "even"),
		GrandSlam:     sow.GrandSlam(rapid.IntRange(0, 3).Draw(t, "slam")),
		Feed:          rapid.Bool().Draw(t, "feed"),
		NoMove:        sow.Leftover(rapid.IntRange(0, 5).Draw(t, "noMove")),
		EndRowEmpty:   rapid.Bool().Draw(t, "endRowEmpty"),
		Majority:      rapid.Bool().Draw(t, "majority"),
		FewSeeds:      rapid.IntRange(0, 3).Draw(t, "fewSeeds"),
		Cycle:         rapid.SampledFrom([]sow.Leftover{sow.OwnerTakes, sow.Split, sow.Nobody}).Draw(t, "cycle"),
	}
	if rapid.Bool().Draw(t, "many") { // laps, and houses of 128 seeds or more on small boards
		c.Seeds = rapid.IntRange(1, mancala.MaxSeeds/(2*n)).Draw(t, "manySeeds")
	}
	if rapid.Bool().Draw(t, "pattern") {
		c.Pattern = rapid.SliceOfN(rapid.IntRange(0, 5), n, n).Draw(t, "seedsOf")
		c.Pattern[0]++
	}
	if len(c.CaptureCounts) > 0 || c.CaptureEven {
		c.Successive = rapid.Bool().Draw(t, "successive")
	}
	if rapid.Bool().Draw(t, "cannotMoveLoses") {
		c.CannotMoveLoses, c.NoMove = true, sow.OpponentTakes
	}
	fitFewSeeds(&c)
	return c
}

// TestPackedRandomConfigs compares the packed engine with the generic
// one on random configurations of its kind, and checks that any
// configuration whose rules it does not play is left to the generic
// engine with the same results.
func TestPackedRandomConfigs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPackedConfig(t)
		r, err := sow.New(c)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if _, ok := sow.Generic(r); !ok {
			t.Fatalf("%+v: not played by the packed engine", c)
		}
		comparePacked(t, r, rapid.Uint64().Draw(t, "seed"), 3000)
	})
	rapid.Check(t, func(t *rapid.T) {
		r, err := sow.New(genConfig(t))
		if err != nil {
			t.Skip(err)
		}
		comparePacked(t, r, rapid.Uint64().Draw(t, "seed"), 1000)
	})
}
