package awale

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// The weights of the row evaluation, which Estimate uses on boards other than 6 houses of 4 seeds: what a seed in a
// player's own houses, a house of 1 or 2 seeds, and a non-empty house are
// worth to him, against 1 for a seed in his store.
const (
	estimateRow      = 0.15
	estimateSmall    = 0.5
	estimateMobility = 0.5
)

// houseValue[s] is what a house of s seeds is worth to its owner in the
// row evaluation, its seeds included. It is filled once, before main, and
// only read afterwards.
var houseValue = func() (t [256]float64) {
	for s := range t {
		v := estimateRow * float64(s)
		if s > 0 {
			v += estimateMobility
		}
		if s == 1 || s == 2 {
			v += estimateSmall
		}
		t[s] = v
	}
	return t
}()

// The sizes of Estimate's tables (estimate_tables.go): a house of
// estimateSeedCap seeds or more, a store of estimateStoreCap or more, a
// capture of estimateCaptureCap or more share their table's last cell.
const (
	estimateHouses     = 6
	estimateSeedCap    = 20
	estimateStoreCap   = 25
	estimateCaptureCap = 15
)

// estimatePhase returns the phase of the game whose houses hold seeds
// seeds in all, which picks the house tables of Estimate: 0 for fewer
// than 12, 1 for 12 to 29, 2 for 30 or more.
func estimatePhase(seeds int) int {
	switch {
	case seeds < 12:
		return 0
	case seeds < 30:
		return 1
	}
	return 2
}

// Estimate estimates p, a position that is not over, from the point of
// view of side: positive is good for side, in seeds of store difference.
//
// On the board of 6 houses of 4 seeds (every preset), it is the value for
// the player to move (the mover; his opponent is the waiter), negated if
// side is the waiter:
//
//	store(mover) - store(waiter)
//	+ Σ_i estimateOwn[ph][i][mover's house i] + Σ_i estimateOpp[ph][i][waiter's house i]
//	+ estimateStoreMover[store(mover)] + estimateStoreWaiter[store(waiter)]
//	+ estimateCaptureMover[capture(mover)] + estimateCaptureWaiter[capture(waiter)]
//
// with ph the game's phase (the seeds in the houses: fewer than 12, 12
// to 29, or 30 or more), houses in their owner's sowing order (i = 0 is
// A or a, 5 is F or f, next to the store), each count capped at its
// table's last cell, and capture(pl) the most that pl could take with one
// sowing of 1 to 11 seeds were it his move (a grand slam counting 0;
// see bestCapture). The tables
// (estimate_tables.go) were fitted to the results of self-play games
// under the Abapa rules, by Texel's method (a logistic regression of the
// result on the value), with examples/tune:
//
//	go run ./examples/tune gen -games 7192 -depth 8 -workers 2 -seed 1 -o /tmp/eval-data/d8.txt
//	go run ./examples/tune fit -i /tmp/eval-data/d8.txt -lambda 1e-5 -o awale/estimate_tables.go
//
// regenerate them. The other presets get the same tables.
//
// On other boards it is the row evaluation: side's
// store minus his opponent's, plus, for each house, what it is worth to
// its owner (side's counting for him, his opponent's against him): 0.15 a
// seed, 0.5 if the house is not empty, and 0.5 more for a house of 1 or 2
// seeds.
//
// Estimate is the game's own evaluation for a searcher: it has the
// contract of search.Evaluator and makes Rules a search.Estimator, which
// search.AlphaBeta uses when its options name no evaluator. It is
// deterministic, allocates nothing, and is safe for concurrent use.
func (r *Rules) Estimate(p mancala.Position, side mancala.Player) float64 {
	b := &p.Board
	if r.n != estimateHouses || r.total != 8*estimateHouses {
		rows := [2]row{b.Row(mancala.South), b.Row(mancala.North)}
		return rowEstimate(&rows, [2]int{b.Store(mancala.South), b.Store(mancala.North)}, b.Houses(), side)
	}
	// The tables' sum is written once, in CompactEstimate: the search's
	// leaves call it, and there a call less per leaf counts.
	return r.CompactEstimate(search.Compact{South: rowWord(b, mancala.South), North: rowWord(b, mancala.North),
		CompactState: search.CompactState{SouthStore: uint8(b.Store(mancala.South)), NorthStore: uint8(b.Store(mancala.North)), ToMove: p.ToMove}}, side)
}

// rowEstimate is the row evaluation of ELO.md's change 1 (see Estimate)
// of rows and stores (indexed by player) of n houses a side.
func rowEstimate(rows *[2]row, stores [2]int, n int, side mancala.Player) float64 {
	o := side.Other()
	v := float64(stores[side&1] - stores[o&1])
	own, opp := &rows[side&1], &rows[o&1]
	for i := 0; i < n; i++ {
		v += houseValue[own[i]] - houseValue[opp[i]]
	}
	return v
}

// bestCapture returns the most that the owner of row (6 houses) could
// take with one sowing of 1 to 11 seeds into other, his opponent's row,
// were it his move: the seeds of his house i go to his houses after i,
// then to other's from its house 0; a last seed that makes a house of
// other 2 or 3 takes it and the houses before it in other that are 2 or 3
// (AW-5). A sowing that would take every seed in other (a grand slam,
// AW-6) counts 0. Sowings of 12 seeds or more, which go round the board,
// are not counted.
func bestCapture(row, other *[mancala.MaxHouses]uint8) int {
	best := 0
	for i := 0; i < estimateHouses; i++ {
		t := i + int(row[i]) - estimateHouses // the last seed's house in other
		if row[i] == 0 || uint(t) >= estimateHouses {
			continue // also every sowing of 12 or more: t >= 6
		}
		took := 0
		for j := t; j >= 0; j-- {
			c := int(other[j]) + 1
			if c != 2 && c != 3 {
				break
			}
			took += c
		}
		if took > best && !grandSlam(other, t, took) {
			best = took
		}
	}
	return best
}

// packedBestCapture is bestCapture of packed rows (6 houses, house i in
// byte i, each of fewer than 128 seeds).
func packedBestCapture(row, other uint64) int {
	c, _ := packedBestCaptures(row, other)
	return c
}

// packedBestCaptures returns packedBestCapture(a, b) and
// packedBestCapture(b, a), in one call (the leaves' evaluation asks for
// both).
func packedBestCaptures(a, b uint64) (ab, ba int) {
	const houses = 0x0000ffffffffffff // the bytes of 6 houses
	// The houses of the other row where a last seed makes 2 or 3 (a
	// capture depends on that house alone): those of 1 or 2 seeds; and
	// among them those that a sowing of the row ends in.
	endsB := ^nonZero((b+lo8)&^lo8^two8) & hi8 & houses & captureEnds(a)
	endsA := ^nonZero((a+lo8)&^lo8^two8) & hi8 & houses & captureEnds(b)
	for ; endsB != 0; endsB &= endsB - 1 {
		lt := uint(bits.TrailingZeros64(endsB)) &^ 7 // 8t for house t of b
		sown := b + lo8&(1<<((lt+8)&63)-1)           // b after the sowing
		chain := captureChain(sown, 2<<lt)
		if took := sumBytes(sown & chain); took > ab && sown&^chain != 0 {
			ab = took
		}
	}
	// The same loop for b's sowings into a. Written out twice: a shared
	// function would be too large to inline, a call more at every leaf,
	// and a loop over the two directions was not faster (ELO.md).
	for ; endsA != 0; endsA &= endsA - 1 {
		lt := uint(bits.TrailingZeros64(endsA)) &^ 7
		sown := a + lo8&(1<<((lt+8)&63)-1)
		chain := captureChain(sown, 2<<lt)
		if took := sumBytes(sown & chain); took > ba && sown&^chain != 0 {
			ba = took
		}
	}
	return ab, ba
}

// captureEnds returns the hi mask of the opponent's houses that a sowing
// of 1 to 11 seeds from row ends in (see captureEnd).
func captureEnds(row uint64) uint64 {
	return captureEnd[0][min(uint8(row), 12)] | captureEnd[1][min(uint8(row>>8), 12)] |
		captureEnd[2][min(uint8(row>>16), 12)] | captureEnd[3][min(uint8(row>>24), 12)] |
		captureEnd[4][min(uint8(row>>32), 12)] | captureEnd[5][min(uint8(row>>40), 12)]
}

// captureEnd[i][s] is, for a sowing of s seeds from house i of 6 (s of 12
// standing for 12 or more), the hi mask of the opponent's house that its
// last seed falls into: house i+s-6, for sowings of 1 to 11 seeds that
// reach the opponent's row; 0 for the others.
var captureEnd = func() (t [estimateHouses][13]uint64) {
	for i := range t {
		for s := 1; s <= 11; s++ {
			if e := i + s - estimateHouses; e >= 0 && e < estimateHouses {
				t[i][s] = 0x80 << (8 * e)
			}
		}
	}
	return t
}()

// grandSlam reports whether a sowing whose last seed falls in house t of
// other and that takes took seeds there takes every seed of other.
func grandSlam(other *[mancala.MaxHouses]uint8, t, took int) bool {
	left := t + 1 // the seeds sown into other
	for j := 0; j < estimateHouses; j++ {
		left += int(other[j])
	}
	return took == left
}
