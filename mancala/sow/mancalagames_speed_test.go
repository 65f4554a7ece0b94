package sow_test

// Part 6's ratio: random games per CPU second of our rulesets and of
// MancalaGames' engine, pair by pair (see ORACLES.md).

import (
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// mgBenchCap stops a random game of the speed table after that many
// plies, on both sides (MancalaGames has no repetition rule).
const mgBenchCap = 1000

// mgBenchMin is the least CPU time over which our side's games are
// measured (see TestMancalaGamesSpeed).
const mgBenchMin = 250 * time.Millisecond

// TestMancalaGamesSpeed prints, for every pair, how many uniform random
// games a CPU second our ruleset plays (mancala.Playout, which uses the
// ruleset's own Playouter) and how many MancalaGames' engine plays (the
// driver's bench command: its get_moves and move), the same number of
// games on both sides, each stopped after mgBenchCap plies (our side
// plays its games again until mgBenchMin has passed and reports the time
// of one pass, since one pass takes milliseconds). Our games end
// on a repeated position too, so plies per CPU second is the fairer
// figure where games cycle (Awalé). It measures, it asserts nothing:
//
//	SOWING_MANCALAGAMES="python3 /work/scratch/mgdriver/driver.py" \
//		go test ./mancala/sow -run MancalaGamesSpeed -mancalagames.bench=200 -v
func TestMancalaGamesSpeed(t *testing.T) {
	cmdline := os.Getenv("SOWING_MANCALAGAMES")
	if cmdline == "" || *mgBench <= 0 {
		t.Skip("needs SOWING_MANCALAGAMES and -mancalagames.bench=N (see mancala/sow/ORACLES.md)")
	}
	d := startMGDriver(t, strings.Fields(cmdline))
	var b strings.Builder
	fmt.Fprintf(&b, "%d uniform random games a pair, at most %d plies each; CPU seconds (ours: a pass over the same games, averaged over passes lasting %v in all)\n\n", *mgBench, mgBenchCap, mgBenchMin)
	b.WriteString("| ours | engine | MancalaGames | our plies | our CPU s | our games/CPU s | MG plies | MG CPU s | MG games/CPU s | games ratio | plies/CPU s ratio |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	seen := map[string]bool{}
	for _, pair := range mgPairs {
		key := pair.ours + "|" + pair.mg()
		if seen[key] {
			continue
		}
		seen[key] = true
		r, err := mancala.NewRuleset(pair.ours)
		if err != nil {
			t.Fatalf("NewRuleset(%q): %v", pair.ours, err)
		}
		if reply := d.call(t, "load "+pair.mg()); reply != "ok" {
			t.Fatalf("load %s: %s", pair.mg(), reply)
		}
		reply := d.call(t, fmt.Sprintf("bench %d %d %d", *mgBench, *mgSeed, mgBenchCap))
		var mgPlies int
		var mgCPU float64
		for _, f := range strings.Fields(reply) {
			k, v, _ := strings.Cut(f, "=")
			switch k {
			case "plies":
				mgPlies, _ = strconv.Atoi(v)
			case "cpu":
				mgCPU, _ = strconv.ParseFloat(strings.TrimSuffix(v, "s"), 64)
			}
		}
		if mgCPU <= 0 {
			t.Fatalf("bench %s: %s", pair.mg(), reply)
		}
		// The ruleset of the name, and sow's Config of the same game when
		// another package plays it (package sow is what part 6 measures).
		engines := []mancala.Ruleset{r}
		if _, ok := r.(*sow.Rules); !ok {
			if c, ok := mgSowConfigs[pair.ours]; ok {
				sr, err := sow.New(c)
				if err != nil {
					t.Fatalf("sow.New for %s: %v", pair.ours, err)
				}
				engines = append(engines, sr)
			}
		}
		for _, e := range engines {
			// Our N games take milliseconds: the same N games (the same
			// seed) are played again until mgBenchMin of CPU time has
			// passed, and the time is divided by the repetitions.
			h := fnv.New64a()
			io.WriteString(h, key)
			start := e.Start()
			plies, reps := 0, 0
			t0 := cpuTime()
			for reps == 0 || cpuTime()-t0 < mgBenchMin {
				rng := rand.New(rand.NewPCG(*mgSeed, h.Sum64()))
				plies = 0
				for range *mgBench {
					_, n := mancala.Playout(e, nil, start, rng, mgBenchCap)
					plies += n
				}
				reps++
			}
			ours := (cpuTime() - t0).Seconds() / float64(reps)
			if ours <= 0 {
				t.Fatalf("%s: no CPU time measured", pair.ours)
			}
			g := float64(*mgBench)
			fmt.Fprintf(&b, "| `%s` | %s | `%s` | %d | %.4f | %.0f | %d | %.3f | %.0f | %.0f | %.0f |\n",
				pair.ours, mgEngineName(e), pair.mg(), plies, ours, g/ours, mgPlies, mgCPU, g/mgCPU,
				mgCPU/ours, (float64(plies)/ours)/(float64(mgPlies)/mgCPU))
		}
	}
	t.Log("\n" + b.String())
}

// mgSowConfigs gives sow's Config of the pairs that another package
// plays (the equivalence tests check that they are the same games).
var mgSowConfigs = map[string]sow.Config{
	"awale abapa":                  sow.AbapaConfig(6, 4),
	"awale":                        sow.AwaleConfig(6, 4),
	"awale awari":                  sow.AwariConfig(6, 4),
	"awale abapa houses=5 seeds=3": sow.AbapaConfig(5, 3),
	"awale houses=8 seeds=2":       sow.AwaleConfig(8, 2),
	"kalah":                        sow.KalahConfig(6, 4, false),
	"kalah capture=standard":       sow.KalahConfig(6, 4, true),
	"kalah capture=standard houses=4 seeds=3": sow.KalahConfig(4, 3, true),
	"kalah houses=8 seeds=5":                  sow.KalahConfig(8, 5, false),
}

// mgEngineName says which package plays r.
func mgEngineName(r mancala.Ruleset) string {
	name := fmt.Sprintf("%T", r)
	name = strings.TrimPrefix(strings.TrimPrefix(name, "*"), "sow.")
	if name == "Rules" {
		return "sow"
	}
	pkg, _, _ := strings.Cut(name, ".")
	return pkg
}
