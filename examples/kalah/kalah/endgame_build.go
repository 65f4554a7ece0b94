package kalah

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala/search"
)

// BuildEndgame computes every entry of the endgame database now, with the
// given number of goroutines (GOMAXPROCS if workers < 1), instead of on
// demand. It is the way to pay for the database once, before a solve or
// before [Rules.WriteEndgame]. It goes up by the number of seeds in
// houses, so that the positions a position leads to are known already and
// their entries can be read independently of each other (the memory
// system overlaps the reads) rather than one recursion after another: on
// one core it computes an entry in about half the time the on-demand fill
// takes, and it uses several. Entries already known are computed again,
// to the same values. It returns ctx's error if ctx ends first (the
// entries computed so far stay, and are right), and nil at once if r has
// no database, if the database is complete, or if the board has more than
// [MaxPackedHouses] houses a side (such databases are filled on demand
// only). Questions asked meanwhile ([Rules.Endgame],
// [Rules.PackedEndgame]) are answered from the entries already known, or
// wait for the build.
func (r *Rules) BuildEndgame(ctx context.Context, workers int) error {
	e := r.endgame
	if e == nil || e.n > MaxPackedHouses {
		return nil
	}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.complete.Load() {
		return nil
	}
	w := e.table()
	rows := rowsByWeight(e.n, e.k)
	// A position of s seeds in houses leads to positions of fewer seeds,
	// which are known when level s is computed, or, if no seed reaches a
	// store, to positions of s seeds whose weight (the sum over all seeds
	// in houses of their house's number, A being 0) is higher: the move
	// only moves seeds of the mover's row towards his store. So each level
	// goes down by weight, and a child is unknown only if the other
	// goroutines are computing it (packedCompute then computes it too).
	type item struct{ own, ownW, lo, hi, opp, oppW int } // rows[own][ownW][lo:hi] against rows[opp][oppW]
	const chunk = 32
	var items []item
	for s := 2; s <= e.k; s++ {
		items = items[:0]
		for p := (e.n - 1) * s; p >= 0; p-- {
			for t := 1; t < s; t++ {
				for w1 := max(0, p-(e.n-1)*(s-t)); w1 <= min(p, (e.n-1)*t); w1++ {
					owns, opps := rows[t][w1], rows[s-t][p-w1]
					if len(opps) == 0 {
						continue
					}
					for lo := 0; lo < len(owns); lo += chunk {
						items = append(items, item{t, w1, lo, min(lo+chunk, len(owns)), s - t, p - w1})
					}
				}
			}
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var b buildBatch
				weight := -1
				for {
					i := int(next.Add(1) - 1)
					if i >= len(items) || ctx.Err() != nil {
						r.computeBatch(w, &b)
						return
					}
					it := items[i]
					if p := it.ownW + it.oppW; p != weight {
						r.computeBatch(w, &b) // it may hold children of this item
						weight = p
					}
					for _, own := range rows[it.own][it.ownW][it.lo:it.hi] {
						for _, opp := range rows[it.opp][it.oppW] {
							// Computing an entry already known (on demand)
							// stores the same value again.
							b.x[b.n], b.idx[b.n] = search.Packed{own, opp}, e.packedRank(own, opp)
							if b.n++; b.n == len(b.x) {
								r.computeBatch(w, &b)
							}
						}
					}
				}
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	e.complete.Store(true)
	return nil
}

// buildBatch is a batch of positions whose entries BuildEndgame computes
// together, and room for their children.
type buildBatch struct {
	n    int
	x    [16]search.Packed
	idx  [16]int
	kids [16][MaxPackedHouses]search.PackedChild
	nk   [16]int
	// The entries of the children that are not over, all in a row; those
	// of position j from first[j].
	first  [16]int
	kidIdx [16 * MaxPackedHouses]int32
	vals   [16 * MaxPackedHouses]int8
}

// computeBatch computes the entries of the b.n positions of b and empties
// b. It ranks all their children, then reads their entries in a loop of
// its own, so that the reads are in flight together, and stores the
// results last: the stores compare and swap, which waits for the reads
// before them, so one batch costs about one trip to memory rather than
// one a position.
func (r *Rules) computeBatch(w []uint32, b *buildBatch) {
	e := r.endgame
	m := 0
	for j := range b.n {
		kids := r.PackedChildren(b.kids[j][:0], b.x[j])
		b.nk[j], b.first[j] = len(kids), m
		for i := range kids {
			if !kids[i].Over {
				b.kidIdx[m] = int32(e.packedRank(kids[i].Next[0], kids[i].Next[1]))
				m++
			}
		}
	}
	for i, k := range b.kidIdx[:m] {
		b.vals[i] = get(w, int(k))
	}
	var words [len(b.x)]uint32 // the parents' words, read now to bring them into the cache
	for j := range b.n {
		words[j] = atomic.LoadUint32(&w[b.idx[j]>>2])
	}
	var best [len(b.x)]int
	for j := range b.n {
		// A child is unknown only if another goroutine is computing it.
		best[j] = r.bestOf(w, b.kids[j][:b.nk[j]], b.kidIdx[b.first[j]:m], b.vals[b.first[j]:m])
	}
	for j := range b.n {
		idx := b.idx[j]
		word, shift := &w[idx>>2], 8*(idx&3)
		v := entryByte(best[j]) << shift
		if !atomic.CompareAndSwapUint32(word, words[j], words[j]&^(0xff<<shift)|v) {
			set(w, idx, best[j]) // the word changed since it was read
		}
	}
	b.n = 0
}

// rowsByWeight returns, for each t from 0 to k and each weight u, the
// rows of n houses (a byte a house, house A in the low byte) that hold t
// seeds and whose seeds' house numbers (A being 0) sum to u.
func rowsByWeight(n, k int) [][][]uint64 {
	rows := make([][][]uint64, k+1)
	for t := range rows {
		rows[t] = make([][]uint64, (n-1)*t+1)
	}
	var gen func(i, left, weight int, row uint64)
	gen = func(i, left, weight int, row uint64) {
		if i == n {
			t := k - left
			rows[t][weight] = append(rows[t][weight], row)
			return
		}
		for a := 0; a <= left; a++ {
			gen(i+1, left-a, weight+i*a, row|uint64(a)<<(8*i))
		}
	}
	gen(0, k, 0, 0)
	return rows
}
