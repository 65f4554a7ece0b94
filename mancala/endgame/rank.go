package endgame

import (
	"math"
	"math/bits"
)

// ranker numbers the configurations of k seeds in h houses densely from 0
// to C(k+h-1, h-1)-1. With prefix sums P_i = a_0 + ... + a_i of the house
// counts a_i, the numbers b_i = P_i + i for i < h-1 are h-1 distinct
// numbers below k+h-1, and every such set comes from one configuration;
// the rank is that set's rank in colexicographic order, the sum of
// C(b_i, i+1). The terms do not depend on each other, so that a rank
// costs h-1 independent loads from a small table.
type ranker struct {
	h int
	k int // the largest count the tables cover
	// term[i][p] is C(p+i, i+1): the part of the rank that P_i = p gives.
	term [MaxHouses][64]uint64
	// size[k] is the number of configurations of k seeds.
	size [MaxSeeds + 1]uint64
}

// binom returns C(n, r), or math.MaxUint64 if it does not fit.
func binom(n, r int) uint64 {
	if r < 0 || r > n {
		return 0
	}
	r = min(r, n-r)
	c := uint64(1)
	for j := 1; j <= r; j++ {
		hi, lo := bits.Mul64(c, uint64(n-r+j))
		if hi != 0 {
			return math.MaxUint64
		}
		c = lo / uint64(j) // exact: c*(n-r+j) is j times C(n-r+j, j)
	}
	return c
}

// newRanker returns the ranker of h houses for counts up to k. Sizes that
// do not fit in a uint64 saturate; the builder refuses them.
func newRanker(h, k int) *ranker {
	r := &ranker{h: h, k: k}
	for i := 0; i < h-1; i++ {
		for p := 0; p <= k; p++ {
			r.term[i][p] = binom(p+i, i+1)
		}
	}
	for j := 0; j <= k; j++ {
		r.size[j] = binom(j+h-1, h-1)
	}
	return r
}

// rank returns the index of c among the configurations of its seeds.
func (r *ranker) rank(c *Config) uint64 {
	p, idx := 0, uint64(0)
	for i := 0; i < r.h-1; i++ {
		p += int(c[i])
		idx += r.term[i][p&63]
	}
	return idx
}

// unrank returns the configuration of k seeds of index idx.
func (r *ranker) unrank(k int, idx uint64) Config {
	var c Config
	m := r.h - 1
	hi := k + m // b_i < hi
	var b [MaxHouses]int
	for i := m - 1; i >= 0; i-- {
		// The largest x < hi with C(x, i+1) <= idx: x = P + i with P in
		// [0, hi-1-i], and term[i][P] = C(P+i, i+1) increases with P.
		lo, up := 0, hi-1-i // P in [lo, up]
		for lo < up {
			mid := (lo + up + 1) / 2
			if r.term[i][mid] <= idx {
				lo = mid
			} else {
				up = mid - 1
			}
		}
		b[i] = lo + i
		idx -= r.term[i][lo]
		hi = b[i]
	}
	prev := -1
	for i := 0; i < m; i++ {
		c[i] = uint8(b[i] - prev - 1)
		prev = b[i]
	}
	c[m] = uint8(k + m - prev - 1)
	return c
}

// walker steps through the configurations of k seeds in rank order.
type walker struct {
	m, k int
	b    [MaxHouses + 1]int // b[m] = k+m, a sentinel
	c    Config
}

// walk returns a walker at configuration idx of k seeds.
func (r *ranker) walk(k int, idx uint64) *walker {
	w := &walker{m: r.h - 1, k: k, c: r.unrank(k, idx)}
	p := 0
	for i := 0; i < w.m; i++ {
		p += int(w.c[i])
		w.b[i] = p + i
	}
	w.b[w.m] = k + w.m
	return w
}

// next moves w to the next configuration in rank order (it must not be at
// the last).
func (w *walker) next() {
	j := 0
	for w.b[j]+1 == w.b[j+1] {
		j++
	}
	w.b[j]++
	for i := 0; i < j; i++ {
		w.b[i] = i
		w.c[i] = 0
	}
	prev := -1
	if j > 0 {
		prev = w.b[j-1]
	}
	w.c[j] = uint8(w.b[j] - prev - 1)
	w.c[j+1] = uint8(w.b[j+1] - w.b[j] - 1)
}
