package search

// What an AlphaBeta is given (AlphaBetaOptions) and what a search finds
// (Result, MixedStrategy).

import (
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// Limits of [AlphaBeta].
const (
	// DefaultDepth is the depth an AlphaBeta searches to when its options
	// set no limit at all.
	DefaultDepth = 8
	// MaxDepth is the deepest iteration an AlphaBeta starts.
	MaxDepth = 128
	// QuiesceDepth is the longest capture sequence that Quiesce follows.
	QuiesceDepth = 8
	// DefaultTableSize is the number of transposition-table entries of an
	// AlphaBeta whose options leave TableSize 0 (24 bytes each).
	DefaultTableSize = 1 << 18
)

// AlphaBetaOptions configures an [AlphaBeta]. Several limits may be set
// together; the search stops at the first one reached. With none at all
// (and no deadline on the context) it searches to [DefaultDepth].
type AlphaBetaOptions struct {
	// Depth is the deepest iteration, in decisions (plies): a decision
	// after which the same player decides again counts as one, and so does
	// a simultaneous decision. 0 means no depth limit ([MaxDepth]).
	Depth int
	// Nodes stops the search after about this many nodes (positions
	// visited); 0 means no limit. The move is the best of the deepest
	// iteration completed. A node limit keeps the search deterministic.
	Nodes int64
	// Time stops the search after this long; 0 means no limit. A deadline
	// of the context passed to Search or Choose applies as well. Time
	// limits make results depend on the machine's speed. The first
	// iteration (depth 1) begins even if the time is up by then, so that
	// the move returned was searched; a cancelled context stops it.
	Time time.Duration
	// TableSize is the number of transposition-table entries, rounded down
	// to a power of two; 0 means [DefaultTableSize]; negative means no
	// table. TableSize times max(Threads, 1) (or TableSize alone, with
	// SharedTable) above [MaxTableSize] is refused ([*OptionError]).
	TableSize int
	// Eval estimates positions at the horizon. nil means the ruleset's own
	// Estimate if it is an [Estimator], else [DefaultEvaluator].
	Eval Evaluator
	// Seed seeds the random stream used to sample a move from a mixed
	// strategy at a simultaneous decision.
	Seed uint64
	// Quiesce extends the search at the horizon along capture sequences
	// (moves that add at least two seeds to the mover's store, or end the
	// game; a sowing that only passes through the mover's store adds one
	// a lap and is quiet), up to
	// [QuiesceDepth] decisions, with the evaluation as the value of
	// stopping: a horizon in the middle of an exchange is misjudged by
	// any static evaluation.
	Quiesce bool
	// PVS searches every move of a node after its first with a null
	// window (principal variation search): the move is searched again
	// with the node's window only when the first search says it beats
	// the best so far. The value of a search is the one without PVS (the
	// same minimax value at the same depth); the move may differ between
	// moves of equal value. Whether it takes fewer nodes depends on the
	// move ordering and on how fine the evaluation's values are: a null
	// window's bounds in the table serve fewer later windows than exact
	// values do.
	PVS bool
	// Reduce searches the late quiet moves of a node (from the third in
	// the move ordering on, that capture nothing and do not end the
	// game, at a remaining depth of 3 or more) one decision shallower
	// first, with a null window above the best value so far (late move
	// reductions); only a move that this search says beats the best is
	// searched again at the full depth. A search with Reduce reaches
	// deeper in the same time but is no longer plain minimax at its
	// depth: a reduced move's value may be missed. Values proven to the
	// end of the game stay exact.
	Reduce bool
	// Threads is the number of goroutines that search at once (see
	// [AlphaBeta]); 0 or 1 means one, more than [MaxThreads] is refused
	// ([*OptionError]), and no more start than the root has moves
	// unless SharedTable is set. Without SharedTable each has a table of
	// TableSize entries, and a Nodes limit counts each one's positions.
	Threads int
	// SharedTable, with Threads above one, makes the threads share one
	// table of TableSize entries and each search the whole tree from the
	// root (lazy SMP; see [AlphaBeta]) in place of sharing out the root's
	// moves. The result is the deepest iteration any thread completed,
	// or one whose value is proven (the first thread's unless a helper's
	// went deeper or proved the value, which Info is then told of too).
	// Nodes in it and in Info count every thread's positions, and a
	// Nodes limit counts the first thread's.
	SharedTable bool
	// SoftTime, if positive, is a time after which no new iteration
	// starts: the search returns the deepest iteration completed by then.
	// A time manager sets it below Time, which stops an iteration under
	// way. 0 means none.
	SoftTime time.Duration
	// Info, if set, is called after each completed iteration at a single
	// player's decision, on the searching goroutine, with that
	// iteration's result (Nodes counts the search so far). Info must not
	// keep res.PV after it returns.
	Info func(res Result)
}

// Result is what a search found.
type Result struct {
	// Move is the best move: mancala.Single for the player who decides, or
	// at a simultaneous decision the joint move of one choice for each
	// player, each sampled from his optimal mixed strategy.
	Move mancala.Move
	// Value is the position's minimax value from the point of view of
	// the player who decides (South at a simultaneous decision), in
	// seeds of store difference: final store differences times
	// [TerminalScale] where the game ends within the search, heuristic
	// estimates at the horizon. [AlphaBeta] sets it; it is 0 in an
	// [MCTS] result, whose estimate is Reward.
	Value float64
	// Reward is the mean reward in [0, 1] of Move for the player who
	// decides (South at a simultaneous decision) over the playouts that
	// tried it: 1 a win, 1/2 a draw, 0 a loss. [MCTS] sets it; it is 0 in
	// an [AlphaBeta] result.
	Reward float64
	// Exact reports that every line searched reached the end of the game,
	// so Value is the game-theoretic value (for a ruleset that is not a
	// mancala.Cycler; see the package documentation) and Value /
	// TerminalScale the final store difference under perfect play.
	Exact bool
	// Depth is the deepest iteration completed.
	Depth int
	// Nodes is the number of positions visited.
	Nodes int64
	// PV is the principal variation: the expected line of play from the
	// position, starting with Move. At a simultaneous decision it ends
	// with the joint move of each player's most likely choice.
	PV []mancala.Move
	// Mixed is set at a simultaneous decision: both players' optimal
	// strategies in the matrix game of the position's joint moves.
	Mixed *MixedStrategy
}

// MixedStrategy is the solution of the matrix game at a simultaneous
// decision.
type MixedStrategy struct {
	// South[i] is the probability that South sows from his house i, and
	// North[i] that North sows from his house i; one entry per house.
	South, North []float64
	// Value is the game's value for South: what South's strategy
	// guarantees him on average whatever North does, and North's strategy
	// concedes at most.
	Value float64
}
