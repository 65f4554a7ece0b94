package kalah

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	egdb "github.com/sowing-games/sowing/mancala/endgame"
)

// TestPackedRank holds packedRank, the rank an Oracle computes on packed
// words, to the rank of package mancala/endgame (DB.Index), for every
// configuration of small counts on boards of 1 to MaxPackedHouses houses a
// side, and to the sum of binomials it stands for on random
// configurations of up to egdb.MaxSeeds seeds (no byte sum carries).
func TestPackedRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= MaxPackedHouses; n++ {
		term := packedTerms(n)
		for range 2000 {
			var a [16]int
			k := rng.IntN(egdb.MaxSeeds + 1)
			for range k {
				a[rng.IntN(2*n)]++
			}
			var own, opp, want uint64
			p := 0
			for i := 0; i < 2*n; i++ {
				if i < n {
					own |= uint64(a[i]) << (8 * i)
				} else {
					opp |= uint64(a[i]) << (8 * (i - n))
				}
				p += a[i]
				if i < 2*n-1 {
					want += binom(p+i, i+1)
				}
			}
			if got := packedRank(term, own, opp, uint64(byteSum(own))); got != want {
				t.Fatalf("n=%d: packedRank of %v = %d, want %d", n, a[:2*n], got, want)
			}
		}
	}
	for _, tc := range []struct{ n, k int }{{1, 12}, {2, 9}, {3, 7}, {4, 5}, {5, 4}, {6, 4}, {7, 3}, {8, 3}} {
		r, err := New(Options{Houses: tc.n, Seeds: 1})
		if err != nil {
			t.Fatal(err)
		}
		db, err := egdb.Build(context.Background(), r.retro(), "", tc.k, egdb.Options{})
		if err != nil {
			t.Fatal(err)
		}
		term := packedTerms(tc.n)
		for k := 0; k <= tc.k; k++ {
			for idx := range db.Size(k) {
				c, _ := db.Configuration(k, idx)
				var own, opp, s uint64
				for j := 0; j < tc.n; j++ {
					own |= uint64(c[j]) << (8 * j)
					opp |= uint64(c[tc.n+j]) << (8 * j)
					s += uint64(c[j])
				}
				if got, _ := db.Index(&c); got != idx {
					t.Fatalf("n=%d: Index(Configuration(%d, %d)) = %d", tc.n, k, idx, got)
				}
				if got := packedRank(term, own, opp, s); got != idx {
					t.Fatalf("n=%d: packedRank of %v = %d, want %d", tc.n, c[:2*tc.n], got, idx)
				}
			}
		}
	}
}

// TestPackedChildrenMatchRows holds the two ways the Retrograde game plays
// the moves of a configuration (KA-2 to KA-5) to each other: on the packed
// words, for boards of up to MaxPackedHouses houses a side, and on the
// rows, for every board.
func TestPackedChildrenMatchRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 1; n <= MaxPackedHouses; n++ {
		for _, capture := range []Capture{CaptureEmpty, CaptureStandard} {
			r, err := New(Options{Houses: n, Seeds: 1, Capture: capture})
			if err != nil {
				t.Fatal(err)
			}
			g := r.retro()
			for range 3000 {
				var c egdb.Config
				for range rng.IntN(40) {
					c[rng.IntN(2*n)]++
				}
				p, pv := g.packedChildren(nil, &c)
				w, wv := g.rowChildren(nil, &c)
				if pv != wv || !slices.Equal(p, w) {
					t.Fatalf("n=%d %v capture, %v: packed %v %d, rows %v %d", n, capture, c[:2*n], p, pv, w, wv)
				}
			}
		}
	}
}

// TestParentsMatchChildren holds Parents to its contract by brute force on
// small boards: for every configuration c, the configurations it returns
// are exactly those (of the same seeds) with a move that keeps every seed
// in the houses and leads to c, once for each such move.
func TestParentsMatchChildren(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{1, 8}, {2, 7}, {3, 6}, {4, 5}, {9, 2}} {
		for _, capture := range []Capture{CaptureEmpty, CaptureStandard} {
			r, err := New(Options{Houses: tc.n, Seeds: 1, Capture: capture})
			if err != nil {
				t.Fatal(err)
			}
			g := r.retro()
			db, err := egdb.Build(context.Background(), g, "", tc.k, egdb.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k <= tc.k; k++ {
				want := map[egdb.Config][]egdb.Config{}
				for idx := range db.Size(k) {
					p, _ := db.Configuration(k, idx)
					kids, _ := g.Children(nil, &p)
					for _, ch := range kids {
						if !ch.Over && !ch.Again && ch.Gain == 0 && ch.Next.Seeds() == k {
							want[ch.Next] = append(want[ch.Next], p)
						}
					}
				}
				for idx := range db.Size(k) {
					c, _ := db.Configuration(k, idx)
					var got []egdb.Config
					for _, pa := range g.Parents(nil, &c) {
						got = append(got, pa.Prev)
					}
					cmp := func(a, b egdb.Config) int { return slices.Compare(a[:], b[:]) }
					slices.SortFunc(got, cmp)
					w := slices.SortedFunc(slices.Values(want[c]), cmp)
					if !slices.Equal(got, w) {
						t.Fatalf("n=%d %v capture, %v: Parents %v, want %v", tc.n, capture, c[:2*tc.n], got, w)
					}
				}
			}
		}
	}
}
