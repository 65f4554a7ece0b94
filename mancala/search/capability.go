package search

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// The solver's capabilities: optional interfaces of a ruleset that [Solve]
// finds by type assertion. They come from the ruleset alone; a caller who
// wants to give the solver one that a ruleset lacks wraps the ruleset, as
// [WithEndgame] does for an endgame oracle. Package searchtest checks a
// ruleset's capabilities against its Legal and Apply.

// ScoreBounder is implemented by rulesets that can bound the result of a
// game cheaply: [Solve] prunes every line whose bounds show it cannot
// matter, which is what makes solving practical. A ruleset does not need
// to import this package to implement it.
type ScoreBounder interface {
	// ScoreBounds returns lo <= hi such that every game continuing from p
	// ends with a final store difference (South's store minus North's)
	// within [lo, hi]. p is not over. It must be cheap and must not change
	// anything.
	ScoreBounds(p mancala.Position) (lo, hi int)
}

// StoreIndependent is implemented by rulesets that can declare that their
// rules never look at the stores: two positions that differ only in their
// stores have the same legal moves, and each move adds the same seeds to
// each store in both and leads to positions that again differ only in
// their stores, by the same amounts. The final store difference of a game
// from such a position is then its current difference plus a sum that
// depends only on the rest of the position, and [Solve] keeps one table
// entry for all positions that differ only in their stores (often halving
// the work). Kalah and Awalé without Abapa's stop-at-majority rule are
// such games; Congkak, whose stores refill the houses, is not.
type StoreIndependent interface {
	// StoreIndependent reports whether the ruleset, with its options, is
	// store-independent.
	StoreIndependent() bool
}

// Endgamer is implemented by rulesets that know the exact result of
// perfect play from some positions, typically small ones, from an endgame
// database. [Solve] asks about every position it generates before it
// searches it (and about the root before anything else): a position that
// the oracle answers is a leaf, not a node, and is counted in
// [Solution.EndgameHits]. A ruleset does not need to import this package
// to implement it. The databases of package mancala/endgame answer it
// (endgame.DB.Endgame), and so does the ruleset that kalah.WithDatabase
// returns in the module's examples.
type Endgamer interface {
	// Endgame returns, for some positions p with one player to move (not
	// over, not a simultaneous decision), the exact difference between
	// what the player to move and his opponent will add to their stores
	// from p to the end of the game when both play perfectly, and true:
	// the final store difference for the mover is then his current
	// difference plus gain. For other positions it returns 0 and false.
	// The answer must not depend on how p was reached: it is the value
	// of a game that starts at p. For a [mancala.Cycler], in which the
	// history can end a game sooner, the searches use an answer as exact
	// only where no earlier position can come back: at a position without
	// history, or one whose stores differ from those of the position
	// before it; so a Cycler may have an oracle only if seeds in its
	// stores stay there for good (Awalé's do). Elsewhere AlphaBeta takes
	// an answer as an estimate at its horizon, and Solve does not ask.
	// Endgame must be cheap on average, must not
	// change p, and must be safe for concurrent use (a database filled in
	// as it is asked must guard itself).
	Endgame(p mancala.Position) (gain int, ok bool)
}

// StoreBounds is ScoreBounds for rulesets in which a seed in a store stays
// there for the rest of the game (Kalah, Awalé): the final difference is
// the current one give or take every seed not yet in a store.
func StoreBounds(p mancala.Position) (lo, hi int) {
	b := &p.Board
	s, n := b.Store(mancala.South), b.Store(mancala.North)
	rest := b.Total() - s - n
	return s - n - rest, s - n + rest
}

// Packed is a position in a ruleset's compact form, relative to its player
// to move: only the ruleset knows what the words mean. Positions whose
// futures are the same (the same legal decisions, each adding the same
// seeds to the same stores and leading to positions that are again the
// same) must pack equally; stores are not part of it.
type Packed [2]uint64

// PackedChild is one legal decision from a packed position.
type PackedChild struct {
	// House is the mover's house that the decision sows, as in
	// mancala.Single(mover, House).
	House int
	// Next is the position after the decision, relative to its own player
	// to move; meaningless if Over.
	Next Packed
	// Gain is what the decision adds to the mover's store minus what it
	// adds to his opponent's, the end-of-game collection included.
	Gain int
	// Again is set when the same player decides next.
	Again bool
	// Over is set when the decision ends the game.
	Over bool
}

// Packer is implemented by rulesets that can play on a compact form of
// their positions, for [Solve]. Such a ruleset must be store-independent
// (see [StoreIndependent]), must not be a [mancala.Cycler], and in the
// positions it packs one player decides alone (no simultaneous decision);
// decisions alternate between the players except that a decision may give
// the same player the next one. Solve then searches packed positions
// instead of [mancala.Position] values, which is much faster. The value of
// a packed position is what its mover will add to his store minus what his
// opponent will add, from there to the end of the game under perfect play.
//
// Pack and the results of the other methods must describe the same game as
// the ruleset's Legal and Apply: for every legal move m of a packed
// position p, with mover me, PackedChildren(Pack(p)) has exactly one child
// c with c.House equal to m's house, and Apply(p, m) is over if and only if
// c.Over; if it is not, Pack(Apply(p, m)) is (c.Next, true); c.Again tells
// whether me is to move in it; and c.Gain is the change of me's store
// minus his opponent's. The methods must be safe for concurrent use and
// must not allocate (PackedChildren appends to dst).
type Packer interface {
	// Pack returns p's packed form and true, or false if p has none (then
	// Solve takes its general path). p is not over.
	Pack(p mancala.Position) (Packed, bool)
	// PackedChildren appends the children of x, a packed position that is
	// not over, to dst, in any order (the solver orders them).
	PackedChildren(dst []PackedChild, x Packed) []PackedChild
	// PackedSeeds returns a bound on the absolute value of x's value:
	// typically the seeds not yet in stores.
	PackedSeeds(x Packed) int
	// PackedEndgame returns the value of x and true if the ruleset knows
	// it cheaply (from an endgame database, say), else 0 and false. Like
	// [Endgamer.Endgame], it must be cheap on average and safe for
	// concurrent use.
	PackedEndgame(x Packed) (gain int, ok bool)
}

// capabilities is what Solve knows of a ruleset: its solver capabilities,
// found by type assertion (through the wrapper of [WithEndgame]).
type capabilities struct {
	bounds   func(mancala.Position) (lo, hi int) // nil: none
	endgame  func(mancala.Position) (gain int, ok bool)
	relative bool   // store-independent: table values relative to the store difference
	packer   Packer // nil unless r is a Packer and not a Cycler
}

func capabilitiesOf(r mancala.Ruleset) capabilities {
	if w, ok := r.(interface{ capabilities() capabilities }); ok {
		return w.capabilities() // WithEndgame's wrapper
	}
	var c capabilities
	if b, ok := r.(ScoreBounder); ok {
		c.bounds = b.ScoreBounds
	}
	if si, ok := r.(StoreIndependent); ok && si.StoreIndependent() {
		c.relative = true
	}
	if e, ok := r.(Endgamer); ok {
		c.endgame = e.Endgame
	}
	if pk, ok := r.(Packer); ok {
		if _, cyc := r.(mancala.Cycler); !cyc {
			c.packer = pk
		}
	}
	return c
}

// WithEndgame returns r with oracle as its endgame oracle: [Solve] asks
// oracle about the positions it meets as it asks an [Endgamer], in place
// of r's own Endgame if r has one. oracle keeps the contract of
// [Endgamer.Endgame]. It is the way to give the solver an oracle that the
// ruleset lacks: a database built apart, or a brute force in a test.
//
// The result plays exactly as r does: it is a [mancala.Cycler] and a
// [mancala.Explainer] if r is; its Playout, Perft and MaxPlies
// ([mancala.Playouter], [mancala.Perfter], [mancala.Bounded]) give what
// r's would, and Solve still sees r's [ScoreBounder] and
// [StoreIndependent]. It estimates positions as r does: its Estimate
// ([Estimator]) is r's, or [DefaultEvaluator] if r has none, so that
// [AlphaBeta] evaluates the same with the oracle as without. It is r's
// [Stepper] if r has one (AlphaBeta's compact path asks oracle as its
// general path does, and is much faster), but not a [Packer] (the packed
// solver would not ask oracle) nor a [mancala.Tracer], and its String is
// r's followed by " with an endgame oracle".
func WithEndgame(r mancala.Ruleset, oracle func(p mancala.Position) (gain int, ok bool), opts ...EndgameOption) mancala.Ruleset {
	return withEndgame(r, oracle, false, opts)
}

// withEndgame is WithEndgame, and WithEndgameEstimate with estimates.
func withEndgame(r mancala.Ruleset, oracle func(p mancala.Position) (gain int, ok bool), estimates bool, opts []EndgameOption) mancala.Ruleset {
	w := &endgameRules{Ruleset: r, oracle: oracle, estimate: resolveEvaluator(nil, r), estimates: estimates, seeds: math.MaxInt}
	for _, o := range opts {
		if o != nil {
			o(w)
		}
	}
	return w.wrap(true)
}

// wrap returns w with the capabilities of the core that its ruleset has
// ([mancala.Cycler], [mancala.Explainer]) and, if stepper and the ruleset
// is a [Stepper], that Stepper: the caller says stepper only when w
// estimates as the ruleset does, so that CompactEstimate still matches
// Estimate. AlphaBeta then searches on the compact path, which asks the
// oracles as the general path does (zcompact.go's oracleValueC).
func (w *endgameRules) wrap(stepper bool) mancala.Ruleset {
	r := w.Ruleset
	c, cyc := r.(mancala.Cycler)
	e, exp := r.(mancala.Explainer)
	var out mancala.Ruleset
	switch {
	case cyc && exp:
		out = &endgameCyclerExplainer{&endgameCycler{w, c}, e}
	case cyc:
		out = &endgameCycler{w, c}
	case exp:
		out = &endgameExplainer{w, e}
	default:
		out = w
	}
	st, ok := r.(Stepper)
	if !stepper || !ok {
		return out
	}
	switch x := out.(type) {
	case *endgameRules:
		return &endgameStepper{x, st}
	case *endgameCycler:
		return &endgameStepperCycler{x, st}
	case *endgameExplainer:
		return &endgameStepperExplainer{x, st}
	case *endgameCyclerExplainer:
		return &endgameStepperCyclerExplainer{x, st}
	}
	return out
}

// The results of WithEndgame, WithEndgameEstimate and WithEndgameBounds
// (with no estimate of its own) for a Stepper: the wrapper with r's
// Stepper methods.
type (
	endgameStepper struct {
		*endgameRules
		Stepper
	}
	endgameStepperCycler struct {
		*endgameCycler
		Stepper
	}
	endgameStepperExplainer struct {
		*endgameExplainer
		Stepper
	}
	endgameStepperCyclerExplainer struct {
		*endgameCyclerExplainer
		Stepper
	}
)

// WithEndgameEstimate is [WithEndgame] for an oracle whose answers are
// estimates, not exact values: an endgame database of other rules than
// r's (Awalé's nearest exact rules under Abapa, say). [AlphaBeta] asks it
// where it would ask an exact oracle and takes the answer as the
// position's value, but never as proven: the value is put one unit
// nearer 0 on the scale of proven values (so that a win it promises
// ranks above every heuristic value, and below every proven win), the
// result is not Exact, and the table keeps it as unproven. [Solve] does
// not ask it. Its String is r's followed by " with an endgame estimate".
func WithEndgameEstimate(r mancala.Ruleset, oracle func(p mancala.Position) (gain int, ok bool), opts ...EndgameOption) mancala.Ruleset {
	return withEndgame(r, oracle, true, opts)
}

// endgameEstimates reports whether the oracle's answers are estimates
// (WithEndgameEstimate); AlphaBeta asks it.
func (w *endgameRules) endgameEstimates() bool { return w.estimates }

// endgameRules is WithEndgame's wrapper; the types below add the core
// capabilities of the ruleset wrapped.
type endgameRules struct {
	mancala.Ruleset
	oracle   func(p mancala.Position) (gain int, ok bool)
	estimate Evaluator // r's Estimate, or DefaultEvaluator
	// bounds is the bounds oracle of WithEndgameBounds (nil: none), and
	// noExact says that oracle answers nothing.
	bounds  func(p mancala.Position) (lo, hi int, ok bool)
	noExact bool
	// estimates says the oracle's answers are estimates
	// (WithEndgameEstimate): Solve does not see it.
	estimates bool
	// seeds is the most seeds in the houses of a position the oracle
	// answers about (OracleSeeds), or math.MaxInt.
	seeds int
}

// An EndgameOption qualifies the oracle given to [WithEndgame] or
// [WithEndgameEstimate].
type EndgameOption func(*endgameRules)

// OracleSeeds says that the oracle answers about no position with more
// than k seeds in its houses, as an endgame database of the counts 0 to
// k (endgame.DB.Seeds) does: [AlphaBeta] then does not ask it about
// those, which on its compact path ([Stepper]) saves building a
// mancala.Position for the oracle at every node. A negative k says it
// answers about none. The results are the same with the option as
// without, for an oracle that keeps the promise.
func OracleSeeds(k int) EndgameOption {
	return func(w *endgameRules) { w.seeds = max(k, -1) }
}

// endgameSeeds returns OracleSeeds's k (math.MaxInt without it); AlphaBeta
// asks it.
func (w *endgameRules) endgameSeeds() int {
	if w.noExact {
		return -1
	}
	return w.seeds
}

// endgameCycler is WithEndgame's wrapper of a Cycler, endgameExplainer
// of an Explainer, and endgameCyclerExplainer of both: the wrapper has a
// capability of the core exactly when the ruleset has it.
type (
	endgameCycler struct {
		*endgameRules
		cyc mancala.Cycler
	}
	endgameExplainer struct {
		*endgameRules
		ex mancala.Explainer
	}
	endgameCyclerExplainer struct {
		*endgameCycler
		ex mancala.Explainer
	}
)

func (w *endgameRules) capabilities() capabilities {
	c := capabilitiesOf(w.Ruleset)
	c.endgame = w.oracle
	if w.noExact || w.estimates {
		c.endgame = nil
	}
	c.packer = nil
	return c
}

func (w *endgameRules) String() string {
	switch {
	case w.noExact:
		return fmt.Sprint(w.Ruleset) + " with endgame bounds"
	case w.estimates:
		return fmt.Sprint(w.Ruleset) + " with an endgame estimate"
	}
	return fmt.Sprint(w.Ruleset) + " with an endgame oracle"
}

// Endgame implements [Endgamer] with the oracle.
func (w *endgameRules) Endgame(p mancala.Position) (gain int, ok bool) { return w.oracle(p) }

// Estimate implements [Estimator] with the wrapped ruleset's Estimate, or
// DefaultEvaluator if it has none (which is what AlphaBeta would use for
// it).
func (w *endgameRules) Estimate(p mancala.Position, side mancala.Player) float64 {
	return w.estimate(p, side)
}

// Playout implements [mancala.Playouter] with the wrapped ruleset's.
func (w *endgameRules) Playout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
	return mancala.Playout(w.Ruleset, history, p, rng, maxPlies)
}

// Perft implements [mancala.Perfter] with the wrapped ruleset's.
func (w *endgameRules) Perft(history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	return mancala.Perft(w.Ruleset, history, p, depth)
}

// MaxPlies implements [mancala.Bounded]: the wrapped ruleset's bound, or
// 0 if it states none.
func (w *endgameRules) MaxPlies() int {
	if b, ok := w.Ruleset.(mancala.Bounded); ok {
		return b.MaxPlies()
	}
	return 0
}

// Cycle implements [mancala.Cycler] with the wrapped ruleset's.
func (w *endgameCycler) Cycle(p mancala.Position) mancala.Position { return w.cyc.Cycle(p) }

// Ending implements [mancala.Explainer] with the wrapped ruleset's.
func (w *endgameExplainer) Ending(p mancala.Position) mancala.Ending { return w.ex.Ending(p) }

// Ending implements [mancala.Explainer] with the wrapped ruleset's.
func (w *endgameCyclerExplainer) Ending(p mancala.Position) mancala.Ending { return w.ex.Ending(p) }
