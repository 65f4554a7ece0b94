package main

import (
	"github.com/sowing-games/sowing/mancala"
)

// The features of the evaluation that the tuner fits, as awale.Rules.Estimate
// computes them for 6 houses a side (awale/estimate.go). Everything is
// from the point of view of the mover (the player to move) against the
// waiter (his opponent). The value for the mover is
//
//	store(mover) - store(waiter)
//	+ Σ_i own[phase][i][min(mover's house i, seedCap)]
//	+ Σ_i opp[phase][i][min(waiter's house i, seedCap)]
//	+ storeMover[min(store(mover), storeCap)] + storeWaiter[min(store(waiter), storeCap)]
//	+ capMover[min(capture(mover), capCap)] + capWaiter[min(capture(waiter), capCap)]
//
// where phase is the game's phase (phaseOf: fewer than 12 seeds in the
// houses, 12 to 29, or 30 or more), house i counts in the owner's sowing order (0 is A or a, 5 is F
// or f, next to the store), and capture(pl) is the most that pl could
// take with one sowing of fewer than 12 seeds if he were to move now (a
// grand slam counting nothing). The store difference keeps weight 1, so
// that the tables are in seeds.
const (
	houses   = 6
	seedCap  = 20 // a house of seedCap or more seeds shares one cell
	storeCap = 25 // a store of 25 or more (a majority of 48) shares one cell
	capCap   = 15 // a capture of 15 or more shares one cell
)

// Offsets of the tables in a weight vector.
const (
	offOwn         = 0
	offOpp         = offOwn + phases*houses*(seedCap+1)
	offStoreMover  = offOpp + phases*houses*(seedCap+1)
	offStoreWaiter = offStoreMover + storeCap + 1
	offCapMover    = offStoreWaiter + storeCap + 1
	offCapWaiter   = offCapMover + capCap + 1
	numWeights     = offCapWaiter + capCap + 1
)

// numActive is the number of features that are 1 in a position (all
// others are 0): one cell of each house's table, of each store's, of each
// capture's.
const numActive = 2*houses + 4

// phases is the number of game phases that have house tables of their
// own, told apart by the seeds left in the houses (see phaseOf).
const phases = 3

// phaseOf returns the phase of b: 0 with fewer than 12 seeds in the
// houses, 1 with 12 to 29, 2 with 30 or more.
func phaseOf(b *mancala.Board) int {
	n := b.RowSeeds(mancala.South) + b.RowSeeds(mancala.North)
	switch {
	case n < 12:
		return 0
	case n < 30:
		return 1
	}
	return 2
}

// A sample is one position of a game, as the tuner reads it: the active
// features' indices, the store difference for the mover, and the game's
// result for the mover (0 lost, 0.5 drawn, 1 won).
type sample struct {
	idx    [numActive]uint16
	stores float32
	result float32
}

// capture returns the most that the owner of row could capture with one
// sowing of 1 to 11 seeds from row into other (the opponent's row), if he
// moved now: the sown house's seeds land in the following houses of row,
// then in other from its house 0; a sowing whose last seed makes a house
// of other 2 or 3 takes it and the houses before it that are 2 or 3
// (AW-5). A capture of every seed in other (a grand slam, AW-6) counts 0.
func capture(row, other *[mancala.MaxHouses]uint8) int {
	otherTotal := 0
	for j := 0; j < houses; j++ {
		otherTotal += int(other[j])
	}
	best := 0
	for i := 0; i < houses; i++ {
		s := int(row[i])
		t := i + s - houses // the last seed's house in other, if 0 <= t < houses
		if s == 0 || s >= 2*houses || t < 0 || t >= houses {
			continue
		}
		took := 0
		for j := t; j >= 0; j-- {
			c := int(other[j]) + 1
			if c != 2 && c != 3 {
				break
			}
			took += c
		}
		// After the sowing other holds otherTotal + t + 1 seeds.
		if took == otherTotal+t+1 {
			took = 0
		}
		if took > best {
			best = took
		}
	}
	return best
}

// features fills s with p's features for its mover, and the result for
// him (southResult is South's: 0, 0.5 or 1).
func features(p mancala.Position, southResult float32, s *sample) {
	mover, ok := p.ToMove.Player()
	if !ok {
		mover = mancala.South
	}
	b := &p.Board
	waiter := mover.Other()
	own, opp := b.Row(mover), b.Row(waiter)
	k := 0
	ph := phaseOf(b) * houses * (seedCap + 1)
	for i := 0; i < houses; i++ {
		s.idx[k] = uint16(ph + offOwn + i*(seedCap+1) + min(int(own[i]), seedCap))
		s.idx[k+1] = uint16(ph + offOpp + i*(seedCap+1) + min(int(opp[i]), seedCap))
		k += 2
	}
	s.idx[k] = uint16(offStoreMover + min(b.Store(mover), storeCap))
	s.idx[k+1] = uint16(offStoreWaiter + min(b.Store(waiter), storeCap))
	s.idx[k+2] = uint16(offCapMover + min(capture(&own, &opp), capCap))
	s.idx[k+3] = uint16(offCapWaiter + min(capture(&opp, &own), capCap))
	s.stores = float32(b.Store(mover) - b.Store(waiter))
	s.result = southResult
	if mover == mancala.North {
		s.result = 1 - southResult
	}
}

// value is the evaluation with weights w of the sample's position, for
// its mover.
func value(w []float64, s *sample) float64 {
	v := float64(s.stores)
	for _, i := range s.idx {
		v += w[i]
	}
	return v
}

// oldWeights returns the weights that reproduce the evaluation of ELO.md's
// change 1 (store difference, 0.15 a seed in a row, 0.5 a non-empty house,
// 0.5 more a house of 1 or 2): the tuner's starting point, and what it
// pulls sparse cells towards.
func oldWeights() []float64 {
	w := make([]float64, numWeights)
	for i := 0; i < phases*houses; i++ {
		for c := 0; c <= seedCap; c++ {
			v := 0.15 * float64(c)
			if c > 0 {
				v += 0.5
			}
			if c == 1 || c == 2 {
				v += 0.5
			}
			w[offOwn+i*(seedCap+1)+c] = v
			w[offOpp+i*(seedCap+1)+c] = -v
		}
	}
	return w
}
