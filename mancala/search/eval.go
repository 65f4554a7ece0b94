package search

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// TerminalScale is the value of one seed of final store difference in a
// finished position: a game that ends d seeds up for a player is worth
// d*TerminalScale to him. Heuristic values are kept strictly inside
// (-TerminalScale, TerminalScale), so a proven win by one seed outranks any
// heuristic estimate, and a proven loss by one seed is worse than any.
const TerminalScale = 1000

// maxHeuristic is the largest magnitude a heuristic value may take: two
// units inside TerminalScale, so that no heuristic value reaches an
// endgame oracle's estimate of a one-seed result (see [InSeeds]).
const maxHeuristic = TerminalScale - 2

// InSeeds returns a search value ([Result.Value]) in seeds, and whether
// it is on the scale of final results. Such a value is a final store
// difference d reached within the search, d times TerminalScale, or an
// endgame oracle's estimate of one, which [AlphaBeta] puts one unit
// nearer 0 (d times TerminalScale minus 1 for d > 0): at least
// TerminalScale-1 in magnitude. InSeeds divides it by TerminalScale, so
// that an estimate keeps a mark of what it is (+9.999, an estimate of a
// ten-seed win). Any other value is a heuristic estimate, in seeds
// already, and is returned as it is.
func InSeeds(v float64) (seeds float64, final bool) {
	if v >= TerminalScale-1 || v <= -(TerminalScale-1) {
		return v / TerminalScale, true
	}
	return v, false
}

// An Evaluator estimates a position that is not over, from the point of
// view of side: positive is good for side. It must be deterministic, must
// not change anything, and should be cheap: the search calls it at every
// leaf. Values are clamped to (-TerminalScale, TerminalScale).
type Evaluator func(p mancala.Position, side mancala.Player) float64

// An Estimator is a ruleset that can estimate its own positions better than
// [DefaultEvaluator] does. [AlphaBeta] uses a ruleset's Estimate, found by
// type assertion, when its options name no Evaluator. Estimate has the
// contract of an [Evaluator]. A ruleset does not need to import this
// package to implement it (awale.Rules does not); the ruleset returned by
// [WithEndgame] keeps it.
type Estimator interface {
	Estimate(p mancala.Position, side mancala.Player) float64
}

// StoreDifference is the Evaluator that counts side's store minus his
// opponent's.
func StoreDifference(p mancala.Position, side mancala.Player) float64 {
	return float64(p.Board.Store(side) - p.Board.Store(side.Other()))
}

// rowWeight is what a seed in a player's own houses is worth to him in
// DefaultEvaluator, against 1 for a seed in his store.
const rowWeight = 0.25

// DefaultEvaluator is the store difference for side plus a quarter of the
// difference between the seeds in side's houses and in his opponent's
// houses. Seeds left in a player's row usually end in his store when the
// game ends (Kalah, Awalé's endless cycle, Congkak's round scoring), but
// they are not his yet, hence the lower weight.
func DefaultEvaluator(p mancala.Position, side mancala.Player) float64 {
	b := &p.Board
	o := side.Other()
	return float64(b.Store(side)-b.Store(o)) + rowWeight*float64(b.RowSeeds(side)-b.RowSeeds(o))
}

// FinalDifference returns South's store minus North's: in a finished
// position, the final store difference.
func FinalDifference(p mancala.Position) int {
	return p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
}

// perspective returns the player from whose point of view the search values
// p: the single player who decides, or South when both or nobody decide.
func perspective(p mancala.Position) mancala.Player {
	if p.ToMove == mancala.NorthTurn {
		return mancala.North
	}
	return mancala.South
}

func clampHeuristic(v float64) float64 {
	switch {
	case v > maxHeuristic:
		return maxHeuristic
	case v < -maxHeuristic:
		return -maxHeuristic
	case v != v: // NaN: an evaluator bug; treat as even
		return 0
	}
	return v
}

// resolveEvaluator picks the evaluator for r: e if set, else r's own
// Estimate, else DefaultEvaluator.
func resolveEvaluator(e Evaluator, r mancala.Ruleset) Evaluator {
	if e != nil {
		return e
	}
	if est, ok := r.(Estimator); ok {
		return est.Estimate
	}
	return DefaultEvaluator
}

// Weights are the weights of the features of a [Weights.Evaluator], for
// games that capture houses of 2 or 3 seeds in the opponent's row (Awalé):
// each counts side's minus his opponent's. They are for experiments; a
// game's own evaluation belongs to its ruleset, as an [Estimator].
type Weights struct {
	// Row weighs the seeds in the player's houses (a store seed is 1).
	Row float64
	// Small weighs the houses of 1 or 2 seeds, which a sowing can make 2
	// or 3 and then capture, but which also give a player short moves to
	// wait with.
	Small float64
	// Kroo weighs a house of 12 seeds or more, which sows round the
	// board and can capture in the opponent's row.
	Kroo float64
	// Mobility weighs the player's non-empty houses.
	Mobility float64
}

// Evaluator returns the Evaluator that adds the weighted features to the
// store difference.
func (w Weights) Evaluator() Evaluator {
	// What one house of s seeds is worth to its owner, seeds included.
	var house [256]float64
	for s := range house {
		v := w.Row * float64(s)
		if s > 0 {
			v += w.Mobility
		}
		if s == 1 || s == 2 {
			v += w.Small
		}
		if s >= 12 {
			v += w.Kroo
		}
		house[s] = v
	}
	return func(p mancala.Position, side mancala.Player) float64 {
		b := &p.Board
		o := side.Other()
		v := float64(b.Store(side) - b.Store(o))
		own, opp := b.Row(side), b.Row(o)
		for i := 0; i < b.Houses(); i++ {
			v += house[own[i]] - house[opp[i]]
		}
		return v
	}
}

// EvaluatorByName returns a named Evaluator: "store"
// ([StoreDifference]), "default" ([DefaultEvaluator]), or "rules" (with
// its synonym "awale", the name it had when the Awalé evaluation lived in
// this package): the ruleset's own, which is a nil Evaluator, meaning in
// [AlphaBetaOptions].Eval the ruleset's Estimate if it is an [Estimator],
// else DefaultEvaluator. Any other name gives an error wrapping
// [ErrBadSpec].
func EvaluatorByName(name string) (Evaluator, error) {
	switch name {
	case "store":
		return StoreDifference, nil
	case "default":
		return DefaultEvaluator, nil
	case "rules", "awale":
		return nil, nil
	}
	return nil, &SpecError{Msg: fmt.Sprintf("unknown evaluator %q (want store, default or rules)", mancala.Shorten(name, 30))}
}
