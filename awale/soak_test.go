package awale_test

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestSoak plays random games of every preset and rule option on every
// board size (1 to 12 houses, several seed counts) for a while, checking
// after every move that no seed is lost (conservation), that Setup accepts
// the position, that a finished game says why it ended, and that every
// game ends within the bound the ruleset states (MaxPlies), repetitions
// ending it by Cycle as a history keeper does (AW-8). It is off by default
// (issue 10, "keep it so"):
//
//	SOWING_SOAK=1 SOWING_SOAK_TIME=3m go test -run TestSoak -v -timeout 0 ./awale
func TestSoak(t *testing.T) {
	if os.Getenv("SOWING_SOAK") == "" {
		t.Skip("set SOWING_SOAK=1 to run (SOWING_SOAK_TIME: how long, default 1m)")
	}
	d := time.Minute
	if s := os.Getenv("SOWING_SOAK_TIME"); s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			t.Fatalf("SOWING_SOAK_TIME: %v", err)
		}
	}
	var configs []*awale.Rules
	for n := 1; n <= mancala.MaxHouses; n++ {
		for _, seeds := range []int{1, 2, 3, 4, 6, mancala.MaxSeeds / (2 * n)} {
			if seeds > mancala.MaxSeeds/(2*n) {
				continue
			}
			for k := 0; k < 16; k++ {
				o := awale.Options{Houses: n, Seeds: seeds, GrandSlam: awale.GrandSlam(k & 3),
					Cycle: awale.CycleRule(k >> 2 & 1), StopAtMajority: k>>3&1 == 1}
				r, err := awale.New(o)
				if err != nil {
					t.Fatal(err)
				}
				configs = append(configs, r)
			}
		}
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 12))
	var games, moves, violations int
	sizes := map[int]int{}
	ends := map[mancala.EndReason]int{}
	deadline := time.Now().Add(d)
	var buf []mancala.Move
	for time.Now().Before(deadline) {
		r := configs[rng.IntN(len(configs))]
		o := r.Options()
		total := 2 * o.Houses * o.Seeds
		p := r.Start()
		seen := map[mancala.Position]bool{p: true}
		plies := 0
		for !p.Over() {
			buf = r.Legal(buf[:0], p)
			if len(buf) == 0 {
				t.Errorf("%v: no legal move in %v", r, p)
				violations++
				break
			}
			q := r.Apply(p, buf[rng.IntN(len(buf))])
			if !q.Over() && seen[q] {
				q = r.Cycle(q)
			}
			seen[q] = true
			plies++
			if q.Board.Total() != total {
				t.Errorf("%v: conservation: %v holds %d seeds, want %d", r, q, q.Board.Total(), total)
				violations++
			}
			if s, err := r.Setup(q); err != nil || s != q {
				t.Errorf("%v: Setup(%v) = %v, %v", r, q, s, err)
				violations++
			}
			if q.Over() && r.Ending(q).Reason == mancala.EndNone {
				t.Errorf("%v: %v ended without a reason", r, q)
				violations++
			}
			if plies > r.MaxPlies() {
				t.Errorf("%v: %d moves, beyond MaxPlies %d", r, plies, r.MaxPlies())
				violations++
				break
			}
			p = q
		}
		ends[r.Ending(p).Reason]++
		games++
		moves += plies
		sizes[o.Houses]++
		if violations > 20 {
			t.Fatal("too many violations")
		}
	}
	t.Logf("%d games (%d moves) over %d configurations in %v; games by houses %v; ends %v; %d violations",
		games, moves, len(configs), d, sizes, ends, violations)
}
