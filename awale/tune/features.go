package tune

import (
	"github.com/sowing-games/sowing/mancala"
)

// The sizes of the evaluation's tables, as awale.Rules.Estimate uses them
// on 6 houses a side (awale/estimate.go). Everything is from the point of
// view of the mover (the player to move) against the waiter (his
// opponent). The value for the mover is
//
//	store(mover) - store(waiter)
//	+ Σ_i Own[phase][i][min(mover's house i, SeedCap)]
//	+ Σ_i Opp[phase][i][min(waiter's house i, SeedCap)]
//	+ StoreMover[min(store(mover), StoreCap)] + StoreWaiter[min(store(waiter), StoreCap)]
//	+ CaptureMover[min(capture(mover), CaptureCap)] + CaptureWaiter[min(capture(waiter), CaptureCap)]
//
// where phase is the game's phase (fewer than 12 seeds in the houses, 12
// to 29, or 30 or more), house i counts in the owner's sowing order (0 is
// A or a, 5 is F or f, next to the store), and capture(pl) is the most
// that pl could take with one sowing of fewer than 12 seeds if he were to
// move now (a grand slam counting nothing). The store difference keeps
// weight 1, so that the tables are in seeds.
const (
	Houses     = 6  // houses a side
	Phases     = 3  // game phases with house tables of their own
	SeedCap    = 20 // a house of SeedCap or more seeds shares one cell
	StoreCap   = 25 // a store of StoreCap or more (a majority of 48) shares one cell
	CaptureCap = 15 // a capture of CaptureCap or more shares one cell
)

// Weights are the evaluation's tables, laid out as the awale package's
// estimate_tables.go holds them (see [Houses] for the value they give).
// The zero Weights value every cell 0.
type Weights struct {
	Own, Opp                    [Phases][Houses][SeedCap + 1]float64
	StoreMover, StoreWaiter     [StoreCap + 1]float64
	CaptureMover, CaptureWaiter [CaptureCap + 1]float64
}

// Offsets of the tables in the flat vector of the weights (vector), in
// the order of the fields of Weights.
const (
	offOwn         = 0
	offOpp         = offOwn + Phases*Houses*(SeedCap+1)
	offStoreMover  = offOpp + Phases*Houses*(SeedCap+1)
	offStoreWaiter = offStoreMover + StoreCap + 1
	offCapMover    = offStoreWaiter + StoreCap + 1
	offCapWaiter   = offCapMover + CaptureCap + 1
	numWeights     = offCapWaiter + CaptureCap + 1
)

// numActive is the number of features that are 1 in a position (all
// others are 0): one cell of each house's table, of each store's, of each
// capture's.
const numActive = 2*Houses + 4

// vector returns w's cells in one slice, in the order of the fields.
func (w *Weights) vector() []float64 {
	v := make([]float64, 0, numWeights)
	for _, t := range []*[Phases][Houses][SeedCap + 1]float64{&w.Own, &w.Opp} {
		for ph := range t {
			for i := range t[ph] {
				v = append(v, t[ph][i][:]...)
			}
		}
	}
	v = append(v, w.StoreMover[:]...)
	v = append(v, w.StoreWaiter[:]...)
	v = append(v, w.CaptureMover[:]...)
	return append(v, w.CaptureWaiter[:]...)
}

// setVector sets w's cells from v, laid out as vector lays them.
func (w *Weights) setVector(v []float64) {
	for _, t := range []*[Phases][Houses][SeedCap + 1]float64{&w.Own, &w.Opp} {
		for ph := range t {
			for i := range t[ph] {
				v = v[copy(t[ph][i][:], v):]
			}
		}
	}
	v = v[copy(w.StoreMover[:], v):]
	v = v[copy(w.StoreWaiter[:], v):]
	v = v[copy(w.CaptureMover[:], v):]
	copy(w.CaptureWaiter[:], v)
}

// RowWeights returns the weights that reproduce the row evaluation (the
// store difference, 0.15 a seed in a
// row, 0.5 a non-empty house, 0.5 more a house of 1 or 2; nothing for
// the stores' sizes and the captures): the fit's starting point, and what
// it pulls sparse cells towards.
func RowWeights() *Weights {
	var w Weights
	for ph := 0; ph < Phases; ph++ {
		for i := 0; i < Houses; i++ {
			for c := 0; c <= SeedCap; c++ {
				v := 0.15 * float64(c)
				if c > 0 {
					v += 0.5
				}
				if c == 1 || c == 2 {
					v += 0.5
				}
				w.Own[ph][i][c] = v
				w.Opp[ph][i][c] = -v
			}
		}
	}
	return &w
}

// A Sample is one position as the fit sees it: the cells of the weights
// that its features pick, the store difference for its mover, and the
// game's result for him. Make one with [NewSample].
type Sample struct {
	idx    [numActive]uint16
	stores float32
	result float32
}

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

// capture returns the most that the owner of row could capture with one
// sowing of 1 to 11 seeds from row into other (the opponent's row), if he
// moved now: the sown house's seeds land in the following houses of row,
// then in other from its house 0; a sowing whose last seed makes a house
// of other 2 or 3 takes it and the houses before it that are 2 or 3
// (AW-4). A capture of every seed in other (a grand slam, AW-6) counts 0.
func capture(row, other *[mancala.MaxHouses]uint8) int {
	otherTotal := 0
	for j := 0; j < Houses; j++ {
		otherTotal += int(other[j])
	}
	best := 0
	for i := 0; i < Houses; i++ {
		s := int(row[i])
		t := i + s - Houses // the last seed's house in other, if 0 <= t < Houses
		if s == 0 || s >= 2*Houses || t < 0 || t >= Houses {
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
		best = max(best, took)
	}
	return best
}

// NewSample returns p's features for its mover (South if p's turn names
// no player), with the game's result southResult for South (0 lost, 0.5
// drawn, 1 won), turned into the mover's. p is read as a board of 6 houses
// a side; counts past a table's last cell share it.
func NewSample(p mancala.Position, southResult float64) Sample {
	var s Sample
	mover, ok := p.ToMove.Player()
	if !ok {
		mover = mancala.South
	}
	b := &p.Board
	waiter := mover.Other()
	own, opp := b.Row(mover), b.Row(waiter)
	k := 0
	ph := phaseOf(b) * Houses * (SeedCap + 1)
	for i := 0; i < Houses; i++ {
		s.idx[k] = uint16(ph + offOwn + i*(SeedCap+1) + min(int(own[i]), SeedCap))
		s.idx[k+1] = uint16(ph + offOpp + i*(SeedCap+1) + min(int(opp[i]), SeedCap))
		k += 2
	}
	s.idx[k] = uint16(offStoreMover + min(b.Store(mover), StoreCap))
	s.idx[k+1] = uint16(offStoreWaiter + min(b.Store(waiter), StoreCap))
	s.idx[k+2] = uint16(offCapMover + min(capture(&own, &opp), CaptureCap))
	s.idx[k+3] = uint16(offCapWaiter + min(capture(&opp, &own), CaptureCap))
	s.stores = float32(b.Store(mover) - b.Store(waiter))
	s.result = float32(southResult)
	if mover == mancala.North {
		s.result = float32(1 - southResult)
	}
	return s
}

// Result returns the game's result for the sample's mover: 0 lost, 0.5
// drawn, 1 won.
func (s *Sample) Result() float64 { return float64(s.result) }

// Quiet reports whether the sample's mover can capture nothing with one
// sowing of fewer than 12 seeds.
func (s *Sample) Quiet() bool { return s.idx[2*Houses+2] == offCapMover }

// Value returns the evaluation of the sample's position by w, for its
// mover, in seeds: what awale.Rules.Estimate gives with w as its tables.
// It copies w's cells each call; [Loss] and [Fit] copy them once.
func (w *Weights) Value(s *Sample) float64 { return value(w.vector(), s) }

// value is the evaluation with the weight vector v of the sample's
// position, for its mover.
func value(v []float64, s *Sample) float64 {
	x := float64(s.stores)
	for _, i := range s.idx {
		x += v[i]
	}
	return x
}
