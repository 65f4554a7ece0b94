package kalah

import (
	"encoding/binary"
	"sync"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala"
)

// DefaultEndgameEntries bounds the size of the endgame database that
// [Options.EndgameSeeds] = 0 chooses: at most this many entries (one byte
// each). For six houses a side that allows 16 seeds, 30 million entries
// (29 MiB).
const DefaultEndgameEntries = 1 << 25

// MaxEndgameSeeds is the largest [Options.EndgameSeeds] that has an effect:
// a database entry is a signed byte.
const MaxEndgameSeeds = 127

// unknown marks a database entry not yet computed; values lie in [-k, k].
const unknown = -128

// endgame is the endgame database of one ruleset: the exact value, for the
// player to move, of every position with at most k seeds in houses,
// computed when first asked for. A position is the mover's row followed by
// his opponent's: 2n house counts a_0 .. a_{2n-1} whose prefix sums P_i =
// a_0 + ... + a_i are at most k. The numbers P_i + i are 2n distinct
// numbers below k+2n, and every such set comes from one position, so the
// rank of that set in colexicographic order, the sum of C(P_i + i, i+1),
// numbers the positions densely from 0 to C(k+2n, 2n)-1. The terms of the
// sum do not depend on each other, so that a rank costs a few independent
// loads from a small table.
//
// Entries are signed bytes packed four to a word, each with its top bit
// flipped so that a new table of zeros is all unknown. Readers load words
// atomically and need no lock; computing entries takes mu, and the words
// are then stored atomically, so that the database is safe for concurrent
// use.
type endgame struct {
	r    *Rules
	n, k int
	// term[i][v] is C(v+i, i+1): the part of a rank that prefix sum P_i =
	// v gives, for i < 2n and v <= k (the array's bounds, which are powers
	// of two, spare rank its bounds checks).
	term *[32][128]uint32
	// packed is term laid out for packedRank: packed[j] is term[j] and
	// packed[8+j] is term[n+j] for houses j < n, and zero for j >= n
	// (where a packed row has no house), so that packedRank sums sixteen
	// terms at fixed places. nil for boards too wide to pack.
	packed *[16][128]uint32
	size   int
	mu     sync.Mutex
	words  atomic.Pointer[[]uint32] // nil until first used; words are read and changed atomically
	// complete is set once BuildEndgame has computed every entry.
	complete atomic.Bool
}

// endgameSize returns the number of entries of the database of positions
// of n houses a side with at most k seeds in houses: C(k+2n, 2n), or a
// number above limit if it is larger than limit.
func endgameSize(n, k int, limit uint64) uint64 {
	c := uint64(1)
	for j := 1; j <= 2*n; j++ { // c = C(k+j, j)
		c = c * uint64(k+j) / uint64(j)
		if c > limit*uint64(2*n+1) { // stay clear of overflow
			return limit + 1
		}
	}
	return c
}

// newEndgame returns the (empty) database of r for positions with at most
// k seeds in houses; endgameSize(n, k) must be at most MaxEndgameEntries.
func newEndgame(r *Rules, k int) *endgame {
	m := 2 * r.o.Houses
	e := &endgame{r: r, n: r.o.Houses, k: k, term: new([32][128]uint32)}
	// binom(a, b) for b <= a <= k+2n-1 fits: it is at most the size.
	binom := func(a, b int) uint32 {
		c := uint64(1)
		for j := 1; j <= b; j++ {
			c = c * uint64(a-b+j) / uint64(j)
		}
		return uint32(c)
	}
	for i := 0; i < m; i++ {
		for v := 0; v <= k; v++ {
			e.term[i][v] = binom(v+i, i+1)
		}
	}
	if n := r.o.Houses; n <= MaxPackedHouses {
		e.packed = new([16][128]uint32)
		for j := 0; j < n; j++ {
			e.packed[j], e.packed[8+j] = e.term[j], e.term[n+j]
		}
	}
	e.size = int(endgameSize(r.o.Houses, k, MaxEndgameEntries))
	return e
}

// rank returns the index of the position whose mover's row is own and
// whose opponent's row is opp; their seeds sum to at most e.k.
func (e *endgame) rank(own, opp *[mancala.MaxHouses]uint8) int {
	t := e.term
	p, idx := 0, uint32(0)
	for i, a := range own[:e.n] {
		p += int(a)
		idx += t[i&31][p&127]
	}
	for i, a := range opp[:e.n] {
		p += int(a)
		idx += t[(e.n+i)&31][p&127]
	}
	return int(idx)
}

// table returns the database's words, allocating them (every entry
// unknown) on first use. The caller holds e.mu.
func (e *endgame) table() []uint32 {
	if w := e.words.Load(); w != nil {
		return *w
	}
	w := make([]uint32, (e.size+3)/4) // zero: every entry unknown
	e.words.Store(&w)
	return w
}

// get returns entry idx of w. An entry's byte is its value with the top
// bit flipped, so that the zero byte is unknown.
func get(w []uint32, idx int) int8 {
	return int8(atomic.LoadUint32(&w[idx>>2])>>(8*(idx&3))) ^ -0x80
}

// entryByte returns the byte that stores the value v.
func entryByte(v int) uint32 { return uint32(uint8(int8(v) ^ -0x80)) }

// set stores v as entry idx of w. It compares and swaps, as
// [Rules.BuildEndgame]'s goroutines may store entries of one word at once.
func set(w []uint32, idx int, v int) {
	word, shift := &w[idx>>2], 8*(idx&3)
	for {
		old := atomic.LoadUint32(word)
		if atomic.CompareAndSwapUint32(word, old, old&^(0xff<<shift)|entryByte(v)<<shift) {
			return
		}
	}
}

// compute returns the exact value for the mover of the position (own,
// opp), in which neither row is empty and whose entry, at idx, is unknown,
// computing it and the unknown values it needs, and stores it. The caller
// holds e.mu. It makes the children and reads their entries in a loop of
// their own, so that the processor can overlap the cache misses, before
// it recurses. The recursion ends: a move that puts no seed into a store
// only moves the mover's seeds towards his store, so positions with the
// same seeds in houses are never revisited (see the package
// documentation's proof of [Rules.MaxPlies]).
func (e *endgame) compute(w []uint32, own, opp [mancala.MaxHouses]uint8, idx int) int {
	// The children that are not over, by house: their index and the
	// move's gain. Their rows are made again if they must be computed.
	var kidIdx [mancala.MaxHouses]int32
	var kidGain [mancala.MaxHouses]int8
	var kidAgain [mancala.MaxHouses]bool
	var kidHouse [mancala.MaxHouses]int8
	nk := 0
	best := -mancala.MaxSeeds
	for i := 0; i < e.n; i++ {
		if own[i] == 0 {
			continue
		}
		o, q := own, opp
		g, again := e.r.sow(&o, &q, i)
		if rowEmpty(o) || rowEmpty(q) { // KA-5
			best = max(best, g+rowSum(o)-rowSum(q))
			continue
		}
		if again { // KA-3
			kidIdx[nk] = int32(e.rank(&o, &q))
		} else {
			kidIdx[nk] = int32(e.rank(&q, &o))
		}
		kidGain[nk], kidAgain[nk], kidHouse[nk] = int8(g), again, int8(i)
		nk++
	}
	var vals [mancala.MaxHouses]int8
	for i := range kidIdx[:nk] {
		vals[i] = get(w, int(kidIdx[i]))
	}
	for i := range kidIdx[:nk] {
		v := int(vals[i])
		if vals[i] == unknown {
			o, q := own, opp
			e.r.sow(&o, &q, int(kidHouse[i]))
			if kidAgain[i] {
				v = e.compute(w, o, q, int(kidIdx[i]))
			} else {
				v = e.compute(w, q, o, int(kidIdx[i]))
			}
		}
		if kidAgain[i] {
			best = max(best, int(kidGain[i])+v)
		} else {
			best = max(best, int(kidGain[i])-v)
		}
	}
	set(w, idx, best)
	return best
}

// Endgame returns, for a position p with at most [Rules.EndgameSeeds] seeds
// in its houses and one player to move, the exact difference between what
// the player to move and his opponent will add to their stores from p to
// the end of the game when both play perfectly, and true; otherwise it
// returns 0 and false. The future of a Kalah position does not depend on
// its stores, so neither does this gain: the final store difference for the
// mover is his current difference plus the gain.
//
// The answers come from an endgame database that is filled in as it is
// asked: the first question about a position computes, by memoised
// minimax, the values of every position reachable from it, and later
// questions about any of them are a table lookup. It is the optional
// capability that the exact solver of package mancala/search consults at
// every node (search.Endgamer). See the package documentation.
func (r *Rules) Endgame(p mancala.Position) (gain int, ok bool) {
	e := r.endgame
	if e == nil {
		return 0, false
	}
	me, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != e.n {
		return 0, false
	}
	own, opp := p.Board.Row(me), p.Board.Row(me.Other())
	if houseSeeds(&own, &opp) > e.k || rowEmpty(own) || rowEmpty(opp) {
		return 0, false
	}
	idx := e.rank(&own, &opp)
	if v, ok := e.known(idx); ok {
		return v, true
	}
	return e.computeLocked(idx, func(w []uint32) int { return e.compute(w, own, opp, idx) }), true
}

// known returns entry idx and true if it is known, without a lock.
func (e *endgame) known(idx int) (int, bool) {
	if w := e.words.Load(); w != nil {
		if v := get(*w, idx); v != unknown {
			return int(v), true
		}
	}
	return 0, false
}

// computeLocked returns entry idx, computing it with compute under e.mu
// unless another question computed it while this one waited for the lock.
func (e *endgame) computeLocked(idx int, compute func(w []uint32) int) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.table()
	if v := get(w, idx); v != unknown {
		return int(v)
	}
	return compute(w)
}

// EndgameSeeds returns the largest number of seeds in houses for which
// [Rules.Endgame] answers, or -1 if it never does.
func (r *Rules) EndgameSeeds() int {
	if r.endgame == nil {
		return -1
	}
	return r.endgame.k
}

// houseSeeds returns the seeds in two rows. The rows hold at most MaxSeeds
// seeds, so the byte sums below cannot carry.
func houseSeeds(a, b *[mancala.MaxHouses]uint8) int {
	const ones = 0x0101010101010101
	x := binary.LittleEndian.Uint64(a[0:8])*ones>>56 + binary.LittleEndian.Uint64(b[0:8])*ones>>56
	y := uint64(binary.LittleEndian.Uint32(a[8:12])) | uint64(binary.LittleEndian.Uint32(b[8:12]))<<32
	return int(x + y*ones>>56)
}
