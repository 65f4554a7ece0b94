package search

import (
	"github.com/sowing-games/sowing/mancala"
)

// EndgameBounder is implemented by rulesets that can prove bounds on the
// result of perfect play from some positions without knowing it exactly:
// bound tables of a game whose endless cycles are worth what the history
// decides (mancala/endgame's BoundsDB.Prove, for Awalé under its own-row
// cycle rule and Abapa's stop at a majority). [AlphaBeta] asks it, as it
// asks an [Endgamer], only where no earlier position can come back (a
// position without history, or whose stores differ from those of the
// position before it), and takes an answer as a proof: lo == hi is the
// position's exact value, lo > 0 a proven win of at least lo (on the
// proven scale, lo times [TerminalScale], but not exact: the searches go
// on, and [Result.Exact] stays false), hi < 0 a proven loss of at most hi;
// any other answer is not used. [Solve] does not ask it.
type EndgameBounder interface {
	// EndgameBounds returns, for some positions p with one player to move
	// (not over), lo <= hi such that in a game that starts at p the
	// final store difference for p's player to move (his store minus his
	// opponent's at the end) lies within [lo, hi] under perfect play,
	// and true; for other positions false. It must be cheap on average,
	// must not change p, and must be safe for concurrent use.
	EndgameBounds(p mancala.Position) (lo, hi int, ok bool)
}

// noOracle is the exact oracle of a ruleset that has only bounds.
func noOracle(mancala.Position) (int, bool) { return 0, false }

// boundValue returns p's value for its mover from the bounds oracle, if
// it proves something (see [EndgameBounder]); p is a position where no
// earlier position can come back. A bound that is not exact marks the
// search as having met a horizon, so that nothing above it is taken for
// an exact value.
func boundValue[P comparable, O nodeOps[P]](a *AlphaBeta, t *linePath[P, O], p P) (float64, bool) {
	lo, hi, ok := a.egb(t.ops.position(p))
	switch {
	case !ok || lo > hi:
		return 0, false
	case lo == hi:
		return float64(lo * TerminalScale), true
	case lo > 0:
		a.horizon = true
		return float64(lo * TerminalScale), true
	case hi < 0:
		a.horizon = true
		return float64(hi * TerminalScale), true
	}
	return 0, false
}

// WithEndgameBounds returns r with bounds as its bounds oracle (an
// [EndgameBounder], whose contract bounds keeps) and, if estimate is not
// nil, estimate as its evaluation in place of r's: the way to give
// [AlphaBeta] proofs from bound tables, and estimates (an approximate
// database, say) that it takes as estimates only. The result plays as r
// does, with the capabilities of [WithEndgame]'s result (it is a
// [mancala.Cycler] and a [mancala.Explainer] if r is) and, when estimate
// is nil, r's [Stepper] (so that AlphaBeta searches on r's compact path
// with the bounds as fast as without them); it has no exact oracle
// ([Endgamer] answers nothing) and its String is r's followed by " with
// endgame bounds".
func WithEndgameBounds(r mancala.Ruleset, bounds func(p mancala.Position) (lo, hi int, ok bool), estimate Evaluator) mancala.Ruleset {
	w := &endgameRules{Ruleset: r, oracle: noOracle, estimate: resolveEvaluator(nil, r), bounds: bounds, noExact: true, seeds: -1}
	if estimate != nil {
		// An estimate of its own: r's CompactEstimate would not match it,
		// so the result searches on the general path.
		w.estimate = estimate
		return w.wrap(false)
	}
	return w.wrap(true)
}

// EndgameBounds implements [EndgameBounder] with the bounds oracle of
// [WithEndgameBounds], if any.
func (w *endgameRules) EndgameBounds(p mancala.Position) (lo, hi int, ok bool) {
	if w.bounds == nil {
		return 0, 0, false
	}
	return w.bounds(p)
}
