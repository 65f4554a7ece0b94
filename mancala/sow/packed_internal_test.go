package sow

import "testing"

// TestPackedFeeds compares the packed engine's moves against an empty
// row (SW-12) with the generic engine's, for every house and count of a
// row, on boards whose few seeds leave a house short of the opponent's
// row.
func TestPackedFeeds(t *testing.T) {
	for _, n := range []int{1, 3, 8} {
		for _, d := range []Direction{Anticlockwise, Clockwise} {
			pattern := make([]int, n)
			pattern[0] = 1
			r, err := New(Config{Houses: n, Pattern: pattern, Stores: true, Direction: d, SkipOrigin: true, Feed: true})
			if err != nil || r.pt == nil {
				t.Fatalf("houses %d: %v (packed %v)", n, err, r != nil && r.pt != nil)
			}
			for h := 0; h < n; h++ {
				for v := 1; v <= r.total; v++ {
					var c cells
					c[h] = uint8(v)
					want := r.candidates(&c, 0, tuz{noCell, noCell, 0})
					if got := hiToMask(r.pCandidates(uint64(v)<<(8*h), 0)); got != want {
						t.Errorf("houses %d %v: %d seeds in house %d: packed moves %b, generic %b", n, d, v, h, got, want)
					}
				}
			}
		}
	}
}
