package endgame

import "testing"

// TestRankBijection checks, for small boards and counts, that rank and
// unrank are inverse, that the walker visits the configurations in rank
// order, and that every configuration of k seeds is counted once.
func TestRankBijection(t *testing.T) {
	for _, h := range []int{1, 2, 3, 4, 6, 12, 24} {
		k := 6
		if h > 6 {
			k = 3
		}
		r := newRanker(h, k)
		for j := 0; j <= k; j++ {
			n := r.size[j]
			if want := binom(j+h-1, h-1); n != want {
				t.Fatalf("h=%d k=%d: size %d, want %d", h, j, n, want)
			}
			seen := make(map[Config]bool)
			w := r.walk(j, 0)
			for idx := uint64(0); idx < n; idx++ {
				if idx > 0 {
					w.next()
				}
				c := r.unrank(j, idx)
				if c != w.c {
					t.Fatalf("h=%d k=%d idx %d: unrank %v, walker %v", h, j, idx, c[:h], w.c[:h])
				}
				if c.Seeds() != j || seen[c] {
					t.Fatalf("h=%d k=%d idx %d: %v has %d seeds or is seen twice", h, j, idx, c[:h], c.Seeds())
				}
				seen[c] = true
				if got := r.rank(&c); got != idx {
					t.Fatalf("h=%d k=%d: rank(%v) = %d, want %d", h, j, c[:h], got, idx)
				}
			}
		}
	}
}

// TestSize checks Size against a few known binomials.
func TestSize(t *testing.T) {
	for _, c := range []struct {
		h, k int
		want uint64
	}{{12, 0, 1}, {12, 1, 12}, {12, 24, 417225900}, {12, 48, binom(59, 11)}, {1, 40, 1}, {24, 62, 0}, {0, 1, 0}} {
		if got := Size(c.h, c.k); got != c.want {
			t.Errorf("Size(%d, %d) = %d, want %d", c.h, c.k, got, c.want)
		}
	}
}

// TestConfigSeeds checks Seeds against a plain sum, full houses included.
func TestConfigSeeds(t *testing.T) {
	var c Config
	for i := range c {
		c[i] = uint8(255 - 7*i)
	}
	want := 0
	for _, v := range c {
		want += int(v)
	}
	if got := c.Seeds(); got != want {
		t.Fatalf("Seeds = %d, want %d", got, want)
	}
}
