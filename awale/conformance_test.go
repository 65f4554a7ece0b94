package awale_test

import (
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestConformance runs the mancala.Ruleset conformance kit on every preset
// and on a few other boards and options (AW-1 sizes, AW-6 modes, AW-10),
// from the start and from hand-built positions near the AW-5..AW-8
// endings.
func TestConformance(t *testing.T) {
	starts := func(t *testing.T, texts ...string) mancalatest.Option {
		var ps []mancala.Position
		for _, s := range texts {
			ps = append(ps, mustParse(t, s))
		}
		return mancalatest.WithStarts(ps...)
	}
	sixByFour := []string{
		"1,0,0,0,2,1/0,0,0,0,0,0 20,24 S",   // AW-5 must feed
		"0,0,0,0,3,2/1,2,0,0,0,0 20,20 S",   // AW-6 forced grand slam
		"1,0,0,0,0,17/0,0,0,0,0,0 15,15 S",  // AW-5 then AW-6
		"2,0,0,0,0,0/1,0,0,0,0,0 22,23 S",   // AW-8 cycle within 13 moves
		"4,4,4,0,0,0/4,4,4,0,0,0 24,0 S",    // AW-10 exactly half
		"0,0,0,0,0,24/0,0,0,0,0,0 10,14 S",  // AW-3 laps
		"1,0,2,0,0,3/0,4,0,0,1,0 18,19 N",   // few seeds: ends soon
		"3,0,0,1,0,0/0,2,0,0,0,1 20,21 N",   // few seeds
		"0,0,0,0,0,0/0,0,0,0,0,0 24,24 -",   // over
		"4,4,4,4,4,4/4,4,4,4,4,4 0,0 N",     // North first
		"12,0,0,0,0,0/0,0,0,0,0,12 12,12 S", // AW-3 12 seeds each
	}
	for _, c := range []struct {
		name string
		o    awale.Options
		more []string
	}{
		{"documents", awale.Documents(), sixByFour},
		{"abapa", awale.Abapa(), sixByFour},
		{"awari", awale.Awari(), sixByFour},
		{"capture all, majority", awale.Options{GrandSlam: awale.GrandSlamCaptureAll, StopAtMajority: true}, sixByFour},
		{"1x4 split", awale.Options{Houses: 1, Seeds: 4, Cycle: awale.CycleSplit}, []string{"3/4 1,0 S"}},
		{"3x3 abapa", awale.Options{Houses: 3, Seeds: 3, GrandSlam: awale.GrandSlamNoCapture, StopAtMajority: true}, nil},
		{"8x5 awari", awale.Options{Houses: 8, Seeds: 5, GrandSlam: awale.GrandSlamForbiddenElseCapture, Cycle: awale.CycleSplit}, nil},
		{"12x2", awale.Options{Houses: 12, Seeds: 2}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := awale.New(c.o)
			if err != nil {
				t.Fatal(err)
			}
			var opts []mancalatest.Option
			if len(c.more) > 0 {
				opts = append(opts, starts(t, c.more...))
			}
			mancalatest.TestRuleset(t, r, opts...)
		})
	}
}
