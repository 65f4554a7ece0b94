package sow

import (
	"math/rand/v2"
	"testing"
)

// TestDrawsUniform checks that draws.intN maps the 256 values of a byte
// onto [0, k) evenly, each value as often as any other, the rest of the
// bytes rejected (drawn again), for every k.
func TestDrawsUniform(t *testing.T) {
	for k := uint(1); k <= 256; k++ {
		counts := make([]int, k)
		accepted := 0
		for x := uint64(0); x < 256; x++ {
			d := draws{rng: rand.New(rand.NewPCG(1, 2)), word: x, left: 1}
			v := d.intN(k)
			if d.left != 0 {
				continue // rejected: the next byte came from the generator
			}
			if v >= k {
				t.Fatalf("intN(%d) = %d from byte %d", k, v, x)
			}
			counts[v]++
			accepted++
		}
		for v, c := range counts {
			if c != 256/int(k) {
				t.Fatalf("intN(%d): %d of %d bytes give %d, want %d", k, c, accepted, v, 256/int(k))
			}
		}
	}
}
