package awale_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestStepperContract checks the search.Stepper methods against Legal,
// Apply, Cycle and Estimate on the positions of random games of the
// presets and of other boards: the same moves in the same order, the
// compact form of each child, of each repetition's end and each
// position's estimate to the last bit.
func TestStepperContract(t *testing.T) {
	opts := []awale.Options{awale.Abapa(), awale.Documents(), awale.Awari(),
		{Houses: 3, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, Cycle: awale.CycleSplit, StopAtMajority: true},
		{Houses: 8, Seeds: 3, GrandSlam: awale.GrandSlamForbidden, StopAtMajority: true},
		{Houses: 5, Seeds: 5, GrandSlam: awale.GrandSlamForbiddenElseCapture, Cycle: awale.CycleSplit},
	}
	rng := rand.New(rand.NewPCG(8, 2))
	for _, o := range opts {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		var buf []mancala.Move
		for game := 0; game < 60; game++ {
			p := r.Start()
			for ply := 0; ply < 300 && !p.Over(); ply++ {
				x, ok := r.Compact(p)
				if !ok {
					t.Fatalf("%v: %s has no compact form", r, awale.FormatAalina(p))
				}
				if q := r.Expand(x); q != p {
					t.Fatalf("%v: Expand(Compact(%s)) = %s", r, awale.FormatAalina(p), awale.FormatAalina(q))
				}
				moves := r.Legal(nil, p)
				if buf = r.CompactLegal(buf[:0], x); !slices.Equal(buf, moves) {
					t.Fatalf("%v: %s: CompactLegal %v, Legal %v", r, awale.FormatAalina(p), buf, moves)
				}
				for _, side := range []mancala.Player{mancala.South, mancala.North} {
					got, want := r.CompactEstimate(x, side), r.Estimate(p, side)
					if math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("%v: %s for %v: CompactEstimate %v, Estimate %v", r, awale.FormatAalina(p), side, got, want)
					}
				}
				if got, want := r.CompactCycle(x), compactOf(t, r, r.Cycle(p)); got != want {
					t.Fatalf("%v: %s: CompactCycle %+v, Cycle %+v", r, awale.FormatAalina(p), got, want)
				}
				for _, m := range moves {
					if got, want := r.CompactApply(x, m), compactOf(t, r, r.Apply(p, m)); got != want {
						t.Fatalf("%v: %s, %v: CompactApply %+v, Apply %+v", r, awale.FormatAalina(p), m, got, want)
					}
				}
				p = r.Apply(p, moves[rng.IntN(len(moves))])
			}
		}
	}
	// Positions of other forms have none.
	r, _ := awale.New(awale.Abapa())
	p := r.Start()
	p.Round = 1
	if _, ok := r.Compact(p); ok {
		t.Error("a position with a round has a compact form")
	}
	wide, _ := awale.New(awale.Options{Houses: 9, Seeds: 2})
	if _, ok := wide.Compact(wide.Start()); ok {
		t.Error("a position of 9 houses a side has a compact form")
	}
}

// compactOf returns the compact form of p as the contract states it: the
// rows, stores and turn, whether p is over or not.
func compactOf(t *testing.T, r *awale.Rules, p mancala.Position) search.Compact {
	t.Helper()
	var rows [2]uint64
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for i := 0; i < p.Board.Houses(); i++ {
			rows[pl] |= uint64(p.Board.Seeds(pl, i)) << (8 * i)
		}
	}
	return search.Compact{South: rows[mancala.South], North: rows[mancala.North],
		CompactState: search.CompactState{SouthStore: uint8(p.Board.Store(mancala.South)), NorthStore: uint8(p.Board.Store(mancala.North)), ToMove: p.ToMove}}
}
