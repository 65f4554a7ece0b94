package sow_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

var games = flag.Int("sow.games", 300, "random games of each equivalence oracle (10000 for the full check)")

// awaleConfig returns the sow configuration of awale options o.
func awaleConfig(o awale.Options) sow.Config {
	c := sow.AwaleConfig(o.Houses, o.Seeds)
	c.GrandSlam = map[awale.GrandSlam]sow.GrandSlam{
		awale.GrandSlamForbidden:            sow.SlamForbidden,
		awale.GrandSlamNoCapture:            sow.SlamNoCapture,
		awale.GrandSlamCaptureAll:           sow.SlamCapture,
		awale.GrandSlamForbiddenElseCapture: sow.SlamForbiddenElseCapture,
	}[o.GrandSlam]
	if o.Cycle == awale.CycleSplit {
		c.Cycle = sow.Split
	}
	c.Majority = o.StopAtMajority
	return c
}

// oracle is one dedicated ruleset and its sow configuration.
type oracle struct {
	name string
	want mancala.Ruleset
	got  *sow.Rules
}

func oracles(t *testing.T) []oracle {
	t.Helper()
	var os []oracle
	for _, pr := range awale.Family().Presets {
		for _, size := range []string{"", " houses=4 seeds=3"} {
			name := pr.Name + size
			o, err := awale.ParseName(name)
			if err != nil {
				t.Fatal(err)
			}
			want, err := awale.New(o)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sow.New(awaleConfig(want.Options()))
			if err != nil {
				t.Fatal(err)
			}
			os = append(os, oracle{name, want, got})
		}
	}
	for _, o := range []kalah.Options{{Capture: kalah.CaptureEmpty}, {Capture: kalah.CaptureStandard}, {Houses: 4, Seeds: 3, Capture: kalah.CaptureStandard}} {
		want, err := kalah.New(o)
		if err != nil {
			t.Fatal(err)
		}
		oo := want.Options()
		got, err := sow.New(sow.KalahConfig(oo.Houses, oo.Seeds, oo.Capture == kalah.CaptureStandard))
		if err != nil {
			t.Fatal(err)
		}
		os = append(os, oracle{want.String(), want, got})
	}
	return os
}

// same reports how a position of the dedicated ruleset and one of sow
// differ: board, player to move, outcome, and the ending's reason and
// player (rule ids differ by design), or "".
func same(want mancala.Ruleset, got *sow.Rules, w, g mancala.Position) string {
	switch {
	case w.Board != g.Board || w.ToMove != g.ToMove || w.Round != g.Round:
		return fmt.Sprintf("position %v, want %v", g, w)
	case w.Outcome() != g.Outcome():
		return fmt.Sprintf("outcome %+v, want %+v", g.Outcome(), w.Outcome())
	}
	we, ge := mancala.EndingOf(want, w), got.Ending(g)
	if we.Reason != ge.Reason || we.Who != ge.Who {
		return fmt.Sprintf("ending %v, want %v", ge, we)
	}
	return ""
}

// TestEquivalence plays random games with each dedicated ruleset (every
// preset of package awale, on two boards, and Kalah with both captures)
// and with its sow configuration side by side, comparing the legal moves,
// every position (cycles ended by both), the endings and the scores.
func TestEquivalence(t *testing.T) {
	n := *games
	if testing.Short() {
		n = min(n, 50)
	}
	for i, o := range oracles(t) {
		t.Run(o.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 42))
			plies, cycles := 0, 0
			var wm, gm []mancala.Move
			for range n {
				w, g := o.want.Start(), o.got.Start()
				var hw, hg []mancala.Position
				for !w.Over() {
					if d := same(o.want, o.got, w, g); d != "" {
						t.Fatalf("after %d plies: %s", len(hw), d)
					}
					wm, gm = o.want.Legal(wm[:0], w), o.got.Legal(gm[:0], g)
					if fmt.Sprint(wm) != fmt.Sprint(gm) {
						t.Fatalf("at %v: legal %v, want %v", g, gm, wm)
					}
					m := wm[rng.IntN(len(wm))]
					hw, hg = append(hw, w), append(hg, g)
					w = mancala.EndCycle(o.want, hw, o.want.Apply(w, m))
					var err error
					if g, err = o.got.Play(g, m); err != nil {
						t.Fatalf("at %v: %v", hg[len(hg)-1], err)
					}
					g = mancala.EndCycle(o.got, hg, g)
					plies++
				}
				if d := same(o.want, o.got, w, g); d != "" {
					t.Fatalf("at the end, after %d plies: %s", len(hw), d)
				}
				if e := mancala.EndingOf(o.want, w); e.Reason == mancala.EndRepetition {
					cycles++
				}
			}
			t.Logf("%d games, %d plies, %d ended by a cycle", n, plies, cycles)
		})
	}
}

// TestEquivalencePerft checks equal perft counts from the start, with
// repetitions ended as the rules say, to depth 5.
func TestEquivalencePerft(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	for _, o := range oracles(t) {
		wl, wt := mancala.PerftSlow(o.want, nil, o.want.Start(), depth)
		gl, gt := mancala.Perft(o.got, nil, o.got.Start(), depth)
		if wl != gl || wt != gt {
			t.Errorf("%s: perft(%d) = %d, %d; want %d, %d", o.name, depth, gl, gt, wl, wt)
		}
	}
}
