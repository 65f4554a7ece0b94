package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// Defaults and limits of [Solve].
const (
	// MaxSolveDepth bounds the length of the lines Solve follows, in
	// decisions from the position solved: a line that reaches it stops the
	// solve with a [*DepthError]. It keeps the solver's memory bounded on
	// a game that never ends (a ruleset whose games can go round for ever
	// without being a [mancala.Cycler]); a game whose lines are this long
	// could not be solved anyway.
	MaxSolveDepth = 1 << 12
	// DefaultSolveTableBits is log2 of the solver's default table size:
	// 2^22 entries of 16 bytes, 64 MiB.
	DefaultSolveTableBits = 22
	// MaxSolveTableBits is the largest table Solve accepts (2^30 entries,
	// 16 GiB).
	MaxSolveTableBits = 30
)

// SolveOptions holds the choices of a caller of [Solve]. What the solver
// knows of the game (score bounds, an endgame oracle, store independence,
// a packed form) comes from the ruleset's capabilities instead (see
// [ScoreBounder], [Endgamer], [StoreIndependent], [Packer] and
// [WithEndgame]). The zero SolveOptions is ready to use.
type SolveOptions struct {
	// TableBits is log2 of the number of transposition-table entries (16
	// bytes each); 0 means [DefaultSolveTableBits]. Negative values and
	// values above [MaxSolveTableBits] are refused ([*OptionError]). The
	// table should hold a good part
	// of the positions the solve visits: when it is too small, entries are
	// overwritten and work is redone.
	TableBits int
	// Guess is the first guess of the value (South's final store
	// difference) for MTD(f); nil means guess by a short alpha-beta search.
	// A good guess saves passes; any guess gives the same value.
	Guess *int
	// Progress, if not nil, receives a line for each pass of MTD(f) and,
	// at least every few seconds, the nodes searched so far.
	Progress io.Writer
	// NoPV skips computing the principal variation.
	NoPV bool
	// Workers is the number of goroutines that search at once, sharing
	// the table. It applies to the packed path only (see [Packer] and
	// [Solution.Packed]); 0 or 1 means one, and the general path always
	// uses one, which [Solution.Workers] reports; more than [MaxThreads]
	// is refused ([*OptionError]). Each pass of MTD(f) is
	// searched by all of them, each starting the root at another move,
	// and the first to finish gives its result. The value does not depend
	// on Workers; with more than one, Nodes and the principal variation
	// may differ from run to run, and the lines written to Progress during
	// the passes count the first worker's nodes only (Nodes counts all).
	Workers int
}

// Solution is the result of [Solve].
type Solution struct {
	// Value is the final store difference, South's store minus North's,
	// when both players play perfectly from the position. It is a whole
	// number unless the game has simultaneous decisions, where it is the
	// value of the matrix games involved (the expected difference when both
	// play their optimal mixed strategies).
	Value float64
	// PV is a principal variation: a line of perfect play from the position
	// to the end of the game. At a simultaneous decision it shows the joint
	// move of each player's most likely choice in his optimal strategy
	// (which may be a mixed one: other lines are as good on average).
	// It is empty when the ruleset is a mancala.Cycler and its endgame
	// oracle gave the value of the position itself: the oracle gives
	// values, not the way to make them real, and a line of moves that
	// only keep the value can go round to a repetition that ends the game
	// for less.
	PV []mancala.Move
	// Mixed is set when the position is a simultaneous decision: both
	// players' optimal strategies.
	Mixed *MixedStrategy
	// Nodes is the number of positions visited.
	Nodes int64
	// Passes is the number of MTD(f) null-window searches of the root.
	Passes int
	// EndgameHits is the number of times the endgame oracle (see
	// [Endgamer]) answered; its positions are not counted in Nodes.
	EndgameHits int64
	// Packed reports that the search ran on the ruleset's packed form
	// (see [Packer]), not on mancala.Position values.
	Packed bool
	// Workers is the number of goroutines that searched: 1 on the general
	// path, SolveOptions.Workers (at least 1) on the packed one.
	Workers int
}

// ErrTooDeep is wrapped by the [*DepthError] that [Solve] returns when a
// line of play reaches [MaxSolveDepth] decisions without the game ending.
var ErrTooDeep = errors.New("search: line of play too long to solve")

// DepthError is returned by [Solve] when a line of play from the position
// reaches [MaxSolveDepth] decisions without the game ending: the game may
// never end (a ruleset whose positions can repeat without being a
// [mancala.Cycler]), or is far too long to solve. It wraps [ErrTooDeep].
type DepthError struct {
	Depth int   // the number of decisions reached
	Nodes int64 // the positions searched until then
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("search: solve stopped after %d nodes: a line of %d decisions without the end of the game (does the game end?)", e.Nodes, e.Depth)
}

// Unwrap returns [ErrTooDeep].
func (e *DepthError) Unwrap() error { return ErrTooDeep }

// Solve computes the exact result of perfect play from p under r: the
// final store difference and a principal variation. history is the game
// before p (oldest first), needed only for rulesets that end games on
// repetition; it may be nil.
//
// The method is MTD(f): a sequence of null-window alpha-beta searches to
// the end of the game, each one testing a bound on the value, with a
// memory of bounds in a transposition table (buckets of two entries, one
// kept for the costlier search, one for the latest; the whole 64-bit key
// is compared). Each node of a search takes the same steps: its score
// bounds ([ScoreBounder]) and its table entry may settle it at once;
// else the table's move is searched first, alone; if that does not
// settle the node, its other children are made, those whose value is
// known without a search (finished games, and the answers of an
// [Endgamer] ruleset's oracle) get it, and the others are looked up in the
// table before any is searched (enhanced transposition cutoffs; a node
// whose children are all known to fail needs no search at all); then
// they are searched in order: by the mover's gain in store difference, a
// move after which he decides again counting as three seeds, ties to the
// house later in his sowing order. With [StoreIndependent] rulesets
// positions that differ only in their stores share an entry. The first
// guess comes from a short alpha-beta search.
//
// The capabilities come from r alone (wrap r to add one: see
// [WithEndgame]). For a [Packer] ruleset that is not a mancala.Cycler, the
// same search runs on packed positions when p packs and one player is to
// move (see the package documentation), with [SolveOptions.Workers]
// goroutines; [Solution.Packed] says so, and the Solution means the same.
// Simultaneous decisions are solved exactly as matrix games of the exact
// values of their joint moves.
//
// Solve works for positions small enough to be solved: its time grows
// exponentially with the seeds in play. It returns ctx.Err() (wrapped) if
// ctx is done first; a [*DepthError] (wrapping [ErrTooDeep]) if a line of
// play reaches [MaxSolveDepth] decisions, as in a game that never ends;
// an error wrapping mancala.ErrUnsupported for a nil ruleset or options
// it cannot honour; and one wrapping mancala.ErrInvalidPosition if p (or
// a position reached from it) is not over but has no legal move. A
// finished position has its stores' difference as value and an empty PV.
//
// For a ruleset that is a mancala.Cycler, the table can make a value
// depend on the line by which a position was first reached (the
// graph-history interaction problem): a repetition ends a game on one path
// to a position and not on another. Solve's values are then exact only if
// no position is reached by two lines whose histories differ in a way that
// matters; see the package documentation.
func Solve(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, opts SolveOptions) (Solution, error) {
	if err := opts.Check(); err != nil {
		return Solution{}, err
	}
	bits := opts.TableBits
	if bits == 0 {
		bits = DefaultSolveTableBits
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if r == nil {
		return Solution{}, fmt.Errorf("search: nil ruleset: %w", mancala.ErrUnsupported)
	}
	if p.Over() {
		return Solution{Value: float64(FinalDifference(p)), Workers: 1}, nil
	}
	if err := checkMoves(r, p, make([]mancala.Move, 0, mancala.MaxHouses*mancala.MaxHouses)); err != nil {
		return Solution{}, err
	}
	c := capabilitiesOf(r)
	var (
		sol Solution
		run *solveRun
	)
	if x, ok := packRoot(c.packer, p); ok {
		s := newPsolver(ctx, c.packer, opts, bits)
		sol, run = s.solve(ctx, r, x, p, opts), &s.solveRun
		sol.Packed, sol.Workers = true, 1+len(s.helpers)
	} else {
		s := newSolver(ctx, r, c, history, opts, bits)
		sol, run = s.solve(ctx, history, p, opts), &s.solveRun
		sol.Workers = 1
	}
	if run.err != nil {
		return Solution{Nodes: run.nodes, Packed: sol.Packed, Workers: sol.Workers}, run.err
	}
	if run.progress != nil {
		fmt.Fprintf(run.progress, "solve: value %v, %d nodes, %v%s\n", sol.Value, sol.Nodes, time.Since(run.start).Round(time.Millisecond), run.tag)
	}
	return sol, nil
}
