package endgame

import (
	"math/rand/v2"
	"testing"
)

// naiveInRange is inRange one byte at a time.
func naiveInRange(b []byte, k int) bool {
	for _, x := range b {
		if v := int(int8(x)); v < -k || v > k {
			return false
		}
	}
	return true
}

// TestInRange checks the eight-bytes-at-a-time range check against the
// plain one: every byte value at every place of a word and of the tail,
// for every count, and random slices.
func TestInRange(t *testing.T) {
	for k := 0; k <= MaxSeeds; k++ {
		for n := 1; n <= 19; n++ {
			for at := 0; at < n; at++ {
				b := make([]byte, n)
				for x := 0; x < 256; x++ {
					b[at] = byte(x)
					if got, want := inRange(b, k), naiveInRange(b, k); got != want {
						t.Fatalf("k %d, %d bytes, byte %d = %d: inRange %v, want %v", k, n, at, int8(x), got, want)
					}
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		k := rng.IntN(MaxSeeds + 1)
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(rng.IntN(2*k+1) - k)
			if rng.IntN(60) == 0 {
				b[i] = byte(rng.IntN(256))
			}
		}
		if got, want := inRange(b, k), naiveInRange(b, k); got != want {
			t.Fatalf("k %d, % x: inRange %v, want %v", k, b, got, want)
		}
	}
}
