package endgame_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestConfigs: Configs yields C(k+h-1, h-1) distinct configurations of k
// seeds in h houses, none beyond h, stops when asked, and yields nothing
// for sizes out of range.
func TestConfigs(t *testing.T) {
	binom := func(n, r int) int {
		v := 1
		for i := 1; i <= r; i++ {
			v = v * (n - r + i) / i
		}
		return v
	}
	for _, hk := range [][2]int{{1, 0}, {1, 5}, {2, 3}, {4, 4}, {6, 7}, {endgame.MaxHouses, 2}} {
		h, k := hk[0], hk[1]
		seen := map[endgame.Config]bool{}
		for c := range endgame.Configs(h, k) {
			sum := 0
			for i, v := range c {
				if i >= h && v != 0 {
					t.Fatalf("h %d: seeds in house %d: %v", h, i, c)
				}
				sum += int(v)
			}
			if sum != k || seen[*c] {
				t.Fatalf("h %d k %d: %v (sum %d, seen %v)", h, k, c[:h], sum, seen[*c])
			}
			seen[*c] = true
		}
		if want := binom(k+h-1, h-1); len(seen) != want {
			t.Errorf("h %d k %d: %d configurations, want %d", h, k, len(seen), want)
		}
	}
	n := 0
	for range endgame.Configs(3, 5) {
		n++
		if n == 4 {
			break
		}
	}
	if n != 4 {
		t.Errorf("stopped after %d", n)
	}
	for _, hk := range [][2]int{{0, 1}, {endgame.MaxHouses + 1, 1}, {3, -1}, {2, 256}} {
		for c := range endgame.Configs(hk[0], hk[1]) {
			t.Errorf("Configs(%d, %d) yielded %v", hk[0], hk[1], c)
		}
	}
}
