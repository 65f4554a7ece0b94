package congkak_test

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// TestSoak plays random sets of every preset and reading on every board
// size (1 to 12 houses, several seed counts) for a while, checking after
// every decision that no seed is lost (conservation), that Setup accepts
// the position, and that every set ends within the bound the ruleset
// states (CK-15, CK-16: MaxPlies), a repeated round start ending it by
// Cycle as a history keeper does. Sets with CK-16 off run with a round
// limit. It is off by default (issue 10, "keep it so"):
//
//	SOWING_SOAK=1 SOWING_SOAK_TIME=3m go test -run TestSoak -v -timeout 0 ./congkak
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
	var configs []*congkak.Rules
	for n := 1; n <= mancala.MaxHouses; n++ {
		for _, seeds := range []int{1, 2, n, 5, mancala.MaxSeeds / (2 * n)} {
			if seeds < 1 || seeds > mancala.MaxSeeds/(2*n) {
				continue
			}
			for k := 0; k < 8; k++ {
				o := congkak.Options{Houses: n, Seeds: seeds,
					EmptyCapture: congkak.EmptyCapture(k & 1), Opening: congkak.Opening(k >> 1 & 1),
					RoundEnd: congkak.RoundEnd(k >> 2 & 1)}
				if k == 7 {
					o.Repeat, o.Rounds = congkak.RepeatOff, 30
				}
				r, err := congkak.New(o)
				if err != nil {
					t.Fatal(err)
				}
				configs = append(configs, r)
			}
		}
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 16))
	var sets, decisions, cycles, violations int
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
			if seen[q] && !q.Over() {
				q = r.Cycle(q) // the history keeper's part (CK-16)
				cycles++
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
			if b := r.MaxPlies(); b > 0 && plies > b {
				t.Errorf("%v: %d decisions, beyond MaxPlies %d", r, plies, b)
				violations++
				break
			}
			p = q
		}
		if p.Over() {
			ends[r.Ending(p).Reason]++
		}
		sets++
		decisions += plies
		sizes[o.Houses]++
		if violations > 20 {
			t.Fatal("too many violations")
		}
	}
	t.Logf("%d sets (%d decisions, %d ended at a repeated round start) over %d configurations in %v; sets by houses %v; ends %v; %d violations",
		sets, decisions, cycles, len(configs), d, sizes, ends, violations)
}
