package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestRankIsDense: on small boards, rank numbers the positions of at most
// k seeds in houses from 0 to size-1, each once, and packedRank agrees
// with it; randomPosition draws only such positions.
func TestRankIsDense(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{1, 5}, {2, 4}, {3, 3}, {4, 2}, {8, 2}, {12, 1}} {
		r, err := New(Options{Houses: tc.n, Seeds: tc.k, EndgameSeeds: tc.k})
		if err != nil {
			t.Fatal(err)
		}
		e := r.endgame
		seen := make([]bool, e.size)
		count := 0
		var own, opp [mancala.MaxHouses]uint8
		var walk func(i, left int)
		walk = func(i, left int) {
			if i == 2*tc.n {
				idx := e.rank(&own, &opp)
				if idx < 0 || idx >= e.size || seen[idx] {
					t.Fatalf("n=%d k=%d: rank %v %v = %d (size %d, seen before: %v)", tc.n, tc.k, own, opp, idx, e.size, idx >= 0 && idx < e.size && seen[idx])
				}
				seen[idx] = true
				count++
				if e.packed != nil {
					var x [2]uint64
					for j := 0; j < tc.n; j++ {
						x[0] |= uint64(own[j]) << (8 * j)
						x[1] |= uint64(opp[j]) << (8 * j)
					}
					if p := e.packedRank(x[0], x[1]); p != idx {
						t.Fatalf("n=%d k=%d: packedRank %v %v = %d, rank %d", tc.n, tc.k, own, opp, p, idx)
					}
				}
				return
			}
			for a := 0; a <= left; a++ {
				if i < tc.n {
					own[i] = uint8(a)
				} else {
					opp[i-tc.n] = uint8(a)
				}
				walk(i+1, left-a)
			}
		}
		walk(0, tc.k)
		if count != e.size {
			t.Fatalf("n=%d k=%d: %d positions, size %d", tc.n, tc.k, count, e.size)
		}
		if e.packed == nil {
			continue
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 1000 {
			x, _ := e.randomPosition(rng)
			if s := byteSum(x[0]) + byteSum(x[1]); s > tc.k || (tc.n < 8 && (x[0]|x[1])>>(8*tc.n) != 0) {
				t.Fatalf("n=%d k=%d: randomPosition %x: %d seeds", tc.n, tc.k, x, s)
			}
		}
	}
}

// TestInRange holds the word test of ReadEndgame to a byte-by-byte one.
func TestInRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		k := rng.IntN(70)
		var x uint64
		for b := 0; b < 8; b++ {
			var v uint64
			switch rng.IntN(4) {
			case 0:
				v = uint64(rng.IntN(256)) // anything
			case 1:
				v = 0 // unknown
			default:
				v = uint64(uint8(int8(rng.IntN(2*k+3)-k-1)) ^ 0x80) // near the range
			}
			x |= v << (8 * b)
		}
		want := k < 64
		for b := 0; b < 8; b++ {
			v := int8(uint8(x>>(8*b)) ^ 0x80)
			if uint8(x>>(8*b)) == 0 || int(v) < -k || int(v) > k {
				want = false
			}
		}
		if got := inRange(x, k); got != want {
			t.Fatalf("inRange(%#016x, %d) = %v, want %v", x, k, got, want)
		}
	}
}
