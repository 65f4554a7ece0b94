package awale

import "github.com/sowing-games/sowing/mancala"

// The weights of Estimate's features, measured for the Abapa rules by
// engine matches (examples/uci/ELO.md, change 1): what a seed in a
// player's own houses, a house of 1 or 2 seeds, and a non-empty house are
// worth to him, against 1 for a seed in his store.
const (
	estimateRow      = 0.15
	estimateSmall    = 0.5
	estimateMobility = 0.5
)

// houseValue[s] is what a house of s seeds is worth to its owner in
// Estimate, its seeds included. It is filled once, before main, and only
// read afterwards.
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

// Estimate estimates p, a position that is not over, from the point of
// view of side: positive is good for side, in seeds of store difference.
// It is side's store minus his opponent's, plus, for each house, what it
// is worth to its owner (side's counting for him, his opponent's against
// him): 0.15 a seed, 0.5 if the house is not empty (a move to make), and
// 0.5 more for a house of 1 or 2 seeds (a sowing can make it 2 or 3 and
// capture it, but it also gives its owner short moves to wait with; the
// measured sign is positive).
//
// Estimate is the game's own evaluation for a searcher: it has the
// contract of search.Evaluator and makes Rules a search.Estimator, which
// search.AlphaBeta uses when its options name no evaluator. It is
// deterministic, allocates nothing, and is safe for concurrent use. The
// weights were measured for the Abapa rules on 6 houses; the other
// variants get the same ones.
func (r *Rules) Estimate(p mancala.Position, side mancala.Player) float64 {
	b := &p.Board
	o := side.Other()
	v := float64(b.Store(side) - b.Store(o))
	own, opp := b.Row(side), b.Row(o)
	for i := 0; i < b.Houses(); i++ {
		v += houseValue[own[i]] - houseValue[opp[i]]
	}
	return v
}
