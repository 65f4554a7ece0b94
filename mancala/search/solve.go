package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

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
// to implement it. Package kalah in the module's examples has one, with a
// database filled in on demand.
type Endgamer interface {
	// Endgame returns, for some positions p with one player to move (not
	// over, not a simultaneous decision), the exact difference between
	// what the player to move and his opponent will add to their stores
	// from p to the end of the game when both play perfectly, and true:
	// the final store difference for the mover is then his current
	// difference plus gain. For other positions it returns 0 and false.
	// The answer must not depend on how p was reached (for a
	// [mancala.Cycler], only positions from which no repetition can
	// matter may be answered). Endgame must be cheap on average, must not
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

// SolveOptions configures [Solve].
type SolveOptions struct {
	// TableBits is log2 of the number of transposition-table entries (16
	// bytes each); 0 means [DefaultSolveTableBits]. Values above
	// [MaxSolveTableBits] are refused. The table should hold a good part
	// of the positions the solve visits: when it is too small, entries are
	// overwritten and work is redone. Kalah with 6 houses and 4 seeds
	// (some 30 million nodes with the example ruleset's endgame database)
	// runs well with 2^23 entries (128 MiB); more saves little.
	TableBits int
	// Bounds bounds the final store difference of games from a position
	// (see [ScoreBounder]). nil means the ruleset's own ScoreBounds if it
	// is a ScoreBounder, else no bounds (much slower). [StoreBounds] is
	// right for rulesets whose stores never lose seeds.
	Bounds func(p mancala.Position) (lo, hi int)
	// Guess is the first guess of the value (South's final store
	// difference) for MTD(f); nil means guess by a short alpha-beta search.
	// A good guess saves passes; any guess gives the same value.
	Guess *int
	// Progress, if not nil, receives a line for each pass of MTD(f) and,
	// at least every few seconds, the nodes searched so far.
	Progress io.Writer
	// NoPV skips computing the principal variation.
	NoPV bool
	// StoreIndependent declares that r's rules never look at the stores
	// (see [StoreIndependent]), for rulesets that do not say so themselves.
	StoreIndependent bool
	// Endgame answers some positions exactly, as [Endgamer.Endgame] does.
	// nil means the ruleset's own Endgame if it is an Endgamer, else none.
	Endgame func(p mancala.Position) (gain int, ok bool)
	// Workers is the number of goroutines that search at once, sharing
	// the table, on the packed path (see [Packer]); 0 or 1 means one, and
	// the general path always uses one. Each pass of MTD(f) is searched by
	// all of them, each starting the root at another move, and the first
	// to finish gives its result. The value does not depend on Workers;
	// with more than one, Nodes and the principal variation may differ
	// from run to run, and the lines written to Progress during the
	// passes count the first worker's nodes only (Nodes counts all).
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

// solveEntry is one slot of the solver's table: bounds of a position's
// value (South's final store difference) that hold whatever the remaining
// search depth, since the solver always searches to the end.
type solveEntry struct {
	key    uint64
	lo, hi int16 // lo <= value <= hi; fractional values round outwards
	move   uint8 // best house plus one, or 0
	work   uint8 // log2 of the nodes spent on this entry, for replacement
}

const (
	solveMin = math.MinInt16 + 1
	solveMax = math.MaxInt16 - 1
)

// solver is the state of one Solve call.
type solver struct {
	r       mancala.Ruleset
	bounds  func(mancala.Position) (lo, hi int)
	endgame func(mancala.Position) (int, bool)
	egHits  int64
	solveTable
	path  path
	plies []solvePly
	solveRun
	exact    map[mancala.Position]float64 // simultaneous decisions solved
	relative bool                         // table values relative to the store difference
	ms       matrixSolver
}

type solvePly struct {
	moves  []mancala.Move
	kids   []mancala.Position
	hashes []uint64
	keys   []int32
	exact  []float64 // a child's value, if known is set
	known  []bool
	mat    []float64
	rowS   []float64
	colS   []float64
	sch    []int
	nch    []int
}

// Solve computes the exact result of perfect play from p under r: the
// final store difference and a principal variation. history is the game
// before p (oldest first), needed only for rulesets that end games on
// repetition; it may be nil.
//
// The method is MTD(f): a sequence of null-window alpha-beta searches to
// the end of the game, each one testing a bound on the value, with a
// memory of bounds in a transposition table (buckets of two entries, one
// kept for the costlier search, one for the latest; the whole 64-bit key
// is compared). A node with a move in the table searches it first, alone;
// if that does not settle the node, it generates its other children and
// looks them up before searching any (enhanced transposition cutoffs; a
// node whose children are all known to fail needs no search at all), then
// searches them in order: by the mover's gain in store difference, a move
// after which he decides again counting as three seeds, ties to the house
// later in his sowing order. The score bounds of
// [SolveOptions.Bounds] end lines that cannot matter, and with
// [StoreIndependent] rulesets positions that differ only in their stores
// share an entry. An [Endgamer] ruleset's oracle (or
// [SolveOptions.Endgame]) is asked about every position before it is
// searched, and what it answers is not searched. The first guess comes
// from a short alpha-beta search.
// For a [Packer] ruleset, the same search runs on packed positions (see
// the package documentation) when p packs, one player is to move and
// opts sets neither Bounds nor Endgame; its Solution means the same.
// Simultaneous decisions are solved exactly as matrix games of the exact
// values of their joint moves.
//
// Solve works for positions small enough to be solved: its time grows
// exponentially with the seeds in play. It returns ctx.Err() (wrapped) if
// ctx is done first; a [*DepthError] (wrapping [ErrTooDeep]) if a line of
// play reaches [MaxSolveDepth] decisions, as in a game that never ends;
// an error wrapping mancala.ErrUnsupported for a nil ruleset or options
// it cannot honour; and one wrapping mancala.ErrInvalidPosition if p (or
// a position reached from it) is not over but has no legal move. A finished position has its stores' difference
// as value and an empty PV.
//
// For a ruleset that is a mancala.Cycler, the table can make a value
// depend on the line by which a position was first reached (the
// graph-history interaction problem): a repetition ends a game on one path
// to a position and not on another. Solve's values are then exact only if
// no position is reached by two lines whose histories differ in a way that
// matters; see the package documentation.
func Solve(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, opts SolveOptions) (Solution, error) {
	bits := opts.TableBits
	if bits == 0 {
		bits = DefaultSolveTableBits
	}
	if bits < 1 || bits > MaxSolveTableBits {
		return Solution{}, fmt.Errorf("search: solver table of 2^%d entries (want 1 to %d): %w", bits, MaxSolveTableBits, mancala.ErrUnsupported)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if r == nil {
		return Solution{}, fmt.Errorf("search: nil ruleset: %w", mancala.ErrUnsupported)
	}
	if p.Over() {
		return Solution{Value: float64(FinalDifference(p))}, nil
	}
	if err := checkMoves(r, p, make([]mancala.Move, 0, mancala.MaxHouses*mancala.MaxHouses)); err != nil {
		return Solution{}, err
	}
	if pk, ok := r.(Packer); ok && opts.Bounds == nil && opts.Endgame == nil {
		if sol, ok, err := solvePacked(ctx, r, pk, p, opts, bits); ok {
			return sol, err
		}
	}
	s := &solver{
		r:          r,
		bounds:     opts.Bounds,
		solveTable: newSolveTable(bits),
		solveRun:   newSolveRun(ctx, opts.Progress, solvePollEvery),
	}
	s.relative = opts.StoreIndependent
	if si, ok := r.(StoreIndependent); ok && si.StoreIndependent() {
		s.relative = true
	}
	if s.bounds == nil {
		if b, ok := r.(ScoreBounder); ok {
			s.bounds = b.ScoreBounds
		}
	}
	s.endgame = opts.Endgame
	if s.endgame == nil {
		if e, ok := r.(Endgamer); ok {
			s.endgame = e.Endgame
		}
	}
	s.path.reset(r, history)
	h := s.hash(p)
	guess := 0
	if opts.Guess != nil {
		guess = *opts.Guess
	} else {
		guess = s.guess(ctx, history, p)
	}
	var sol Solution
	var v float64
	if p.ToMove == mancala.BothTurn {
		s.path.push(p, h)
		v = s.simultaneous(p, 0, true)
		s.path.pop()
		if s.err == nil {
			pl := &s.plies[0]
			houses := p.Board.Houses()
			mixed := &MixedStrategy{South: make([]float64, houses), North: make([]float64, houses), Value: v}
			for i, c := range pl.sch {
				mixed.South[c] = pl.rowS[i]
			}
			for j, c := range pl.nch {
				mixed.North[c] = pl.colS[j]
			}
			sol.Mixed = mixed
		}
	} else {
		var ok bool
		if v, ok = s.endgameValue(&p); !ok {
			v, sol.Passes = s.mtdf(p, h, 0, float64(guess), true)
		}
	}
	if s.err != nil {
		return Solution{Nodes: s.nodes}, s.err
	}
	sol.Value = v
	if !opts.NoPV {
		sol.PV = s.principalVariation(p, h, v)
		if s.err != nil {
			return Solution{Nodes: s.nodes}, s.err
		}
	}
	sol.Nodes = s.nodes
	sol.EndgameHits = s.egHits
	if s.progress != nil {
		fmt.Fprintf(s.progress, "solve: value %v, %d nodes, %v\n", v, s.nodes, time.Since(s.start).Round(time.Millisecond))
	}
	return sol, nil
}

// guess runs a short alpha-beta search for MTD(f)'s first guess.
func (s *solver) guess(ctx context.Context, history []mancala.Position, p mancala.Position) int {
	if p.ToMove == mancala.BothTurn {
		return 0
	}
	ab := NewAlphaBeta(AlphaBetaOptions{Depth: 10, Nodes: 200000, TableSize: 1 << 16, Eval: StoreDifference})
	res, err := ab.Search(ctx, s.r, history, p)
	if err != nil {
		return 0
	}
	v := res.Value
	if perspective(p) == mancala.North {
		v = -v
	}
	if math.Abs(v) >= TerminalScale {
		v /= TerminalScale // a value of finished games
	}
	return int(math.Round(max(min(v, solveMax), solveMin)))
}

// mtdf finds the exact value of p (South's view) by null-window tests
// starting at guess. It returns the value and the number of passes.
func (s *solver) mtdf(p mancala.Position, h uint64, ply int, guess float64, root bool) (float64, int) {
	lo, hi := math.Inf(-1), math.Inf(1)
	g := guess
	passes := 0
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		alpha := beta - 1
		g = s.search(p, h, ply, alpha, beta)
		passes++
		if s.err != nil {
			return 0, passes
		}
		switch {
		case g <= alpha:
			hi = g
		case g >= beta:
			lo = g
		default:
			lo, hi = g, g
		}
		if root && s.progress != nil {
			fmt.Fprintf(s.progress, "solve: pass %d, test %v: value in [%v, %v], %d nodes, %v\n",
				passes, beta, lo, hi, s.nodes, time.Since(s.start).Round(time.Millisecond))
		}
	}
	return lo, passes
}

func (s *solver) grow(ply int) {
	for len(s.plies) <= ply {
		const n = mancala.MaxHouses * mancala.MaxHouses
		s.plies = append(s.plies, solvePly{
			moves:  make([]mancala.Move, 0, n),
			kids:   make([]mancala.Position, n),
			hashes: make([]uint64, n),
			keys:   make([]int32, n),
			exact:  make([]float64, n),
			known:  make([]bool, n),
			mat:    make([]float64, n),
			rowS:   make([]float64, mancala.MaxHouses),
			colS:   make([]float64, mancala.MaxHouses),
			sch:    make([]int, 0, mancala.MaxHouses),
			nch:    make([]int, 0, mancala.MaxHouses),
		})
	}
}

// solvePollEvery is how often, in nodes, the general solver polls.
const solvePollEvery = 1 << 14

// poll checks the context and prints progress.
func (s *solver) poll() { s.solveRun.poll(solvePollEvery, "") }

// solveRun is what both solvers keep of a run: the nodes visited, the
// context and the error that stopped the run, and progress output.
type solveRun struct {
	nodes     int64
	nextPoll  int64
	ctx       context.Context
	err       error
	progress  io.Writer
	start     time.Time
	lastPrint time.Time
}

func newSolveRun(ctx context.Context, progress io.Writer, every int64) solveRun {
	now := time.Now()
	return solveRun{nextPoll: every, ctx: ctx, progress: progress, start: now, lastPrint: now}
}

// poll checks the context, setting err if it is done, prints the node
// count and rate at most every 5 seconds, the line ending with tag, and
// sets the next poll every nodes later.
func (s *solveRun) poll(every int64, tag string) {
	s.nextPoll = s.nodes + every
	if err := s.ctx.Err(); err != nil {
		s.err = fmt.Errorf("search: solve stopped after %d nodes: %w", s.nodes, err)
		return
	}
	if s.progress != nil {
		if now := time.Now(); now.Sub(s.lastPrint) >= 5*time.Second {
			s.lastPrint = now
			el := now.Sub(s.start)
			fmt.Fprintf(s.progress, "solve: %d nodes, %v, %.0f nodes/s%s\n", s.nodes, el.Round(time.Millisecond), float64(s.nodes)/el.Seconds(), tag)
		}
	}
}

// checkDepth stops the run with a *DepthError if ply reaches
// MaxSolveDepth.
func (s *solveRun) checkDepth(ply int) {
	if ply >= MaxSolveDepth && s.err == nil {
		s.err = &DepthError{Depth: MaxSolveDepth, Nodes: s.nodes}
	}
}

// hash is the table key of p: its hash, or when values are kept relative
// to the store difference, a hash of everything but the stores.
func (s *solver) hash(p mancala.Position) uint64 {
	if s.relative {
		return storelessHash(p)
	}
	return p.Hash()
}

// offset is what the table's values of p are relative to.
func (s *solver) offset(p mancala.Position) int16 {
	if s.relative {
		return int16(FinalDifference(p))
	}
	return 0
}

// solveTable is the solvers' transposition table, in buckets of two: the
// first slot keeps the entry that cost more work, the second takes
// whatever comes. Several goroutines may share it (the packed solver's
// workers): a slot is two words, the entry's fields packed into one and
// its key XORed with them in the other, so that a reader that meets a
// slot half written by another goroutine sees a key that does not match
// and no entry. Words are loaded atomically; they are stored atomically
// only when the table is shared (an atomic store waits for the stores
// before it, which a single goroutine need not pay for).
type solveTable struct {
	tt     []solveSlot
	mask   uint64
	shared bool
}

// solveSlot is one slot of the table: data holds an entry's bounds, move
// and work (see pack), check its key XOR data. An empty slot is zero,
// which no entry's data is (pack sets slotUsed).
type solveSlot struct {
	check, data uint64
}

// slotUsed is set in the data of every entry.
const slotUsed = 1 << 48

func (e *solveEntry) pack() uint64 {
	return uint64(uint16(e.lo)) | uint64(uint16(e.hi))<<16 | uint64(e.move)<<32 | uint64(e.work)<<40 | slotUsed
}

// newSolveTable returns an empty table of 2^bits entries.
func newSolveTable(bits int) solveTable {
	t := solveTable{tt: make([]solveSlot, 1<<bits), mask: 1<<bits - 1}
	adviseHugePages(t.tt)
	return t
}

// match returns the data of sl and true if sl holds the entry of h.
func (sl *solveSlot) match(h uint64) (uint64, bool) {
	d := atomic.LoadUint64(&sl.data)
	return d, atomic.LoadUint64(&sl.check)^d == h && d != 0
}

// unpack returns the entry of h whose data is d.
func unpack(h, d uint64) solveEntry {
	return solveEntry{key: h, lo: int16(d), hi: int16(d >> 16), move: uint8(d >> 32), work: uint8(d >> 40)}
}

func (t *solveTable) write(sl *solveSlot, e *solveEntry) {
	d := e.pack()
	if t.shared {
		atomic.StoreUint64(&sl.data, d)
		atomic.StoreUint64(&sl.check, e.key^d)
		return
	}
	sl.data, sl.check = d, e.key^d
}

// lookup returns the table's entry for h and true, or false.
func (t *solveTable) lookup(h uint64) (solveEntry, bool) {
	_, e, ok := t.find(h)
	return e, ok
}

// find returns the slot that holds h's entry and the entry, or false.
func (t *solveTable) find(h uint64) (*solveSlot, solveEntry, bool) {
	sl := &t.tt[h&t.mask&^1]
	d, ok := sl.match(h)
	if !ok {
		sl = &t.tt[h&t.mask|1]
		if d, ok = sl.match(h); !ok {
			return nil, solveEntry{}, false
		}
	}
	return sl, unpack(h, d), true
}

// entry returns the table's entry for h and its slot, or a new entry with
// no bounds and nil; the caller changes it and gives both to put.
func (t *solveTable) entry(h uint64) (solveEntry, *solveSlot) {
	if sl, e, ok := t.find(h); ok {
		return e, sl
	}
	return solveEntry{key: h, lo: solveMin, hi: solveMax}, nil
}

// put stores e, which entry returned with sl: in sl if it is not nil (if
// another goroutine has put another position there since, that one's
// entry is lost, which costs only work); otherwise in the bucket's first
// slot if work (what this store's search cost) is at least that of the
// entry there, which moves to the second, else in the second.
func (t *solveTable) put(e *solveEntry, sl *solveSlot, work uint8) {
	if sl != nil {
		t.write(sl, e)
		return
	}
	i := e.key & t.mask &^ 1
	s0, s1 := &t.tt[i], &t.tt[i+1]
	if d := atomic.LoadUint64(&s0.data); work >= uint8(d>>40) {
		// The entry there moves to the second slot, if it is whole.
		if h := atomic.LoadUint64(&s0.check) ^ d; d != 0 {
			if d2, ok := s0.match(h); ok {
				old := unpack(h, d2)
				t.write(s1, &old)
			}
		}
		t.write(s0, e)
		return
	}
	t.write(s1, e)
}

// record narrows the entry of h to the bounds lo and hi that a search
// taking nodes nodes found, makes house (if not negative) its best move,
// and keeps it by the work it cost.
func (t *solveTable) record(h uint64, lo, hi int16, house int, nodes int64) {
	work := workOf(nodes)
	e, sl := t.entry(h)
	e.lo, e.hi = max(e.lo, lo), min(e.hi, hi)
	if house >= 0 {
		e.move = uint8(house + 1)
	}
	e.work = max(e.work, work)
	t.put(&e, sl, work)
}

// workOf is the measure of work that the table keeps: log2 of the nodes a
// search took.
func workOf(nodes int64) uint8 {
	if nodes <= 1 {
		return 0
	}
	return uint8(bits.Len64(uint64(nodes)) - 1)
}

// floor16 and ceil16 round a value outwards to the table's integers.
func floor16(v float64) int16 {
	if v <= solveMin {
		return solveMin
	}
	if v >= solveMax {
		return solveMax
	}
	i := int16(v)
	if float64(i) > v {
		i--
	}
	return i
}

func ceil16(v float64) int16 {
	if v <= solveMin {
		return solveMin
	}
	if v >= solveMax {
		return solveMax
	}
	i := int16(v)
	if float64(i) < v {
		i++
	}
	return i
}

// store records what a search of p with window (alpha, beta) returned.
func (s *solver) store(h uint64, d int16, v, alpha, beta float64, move mancala.Move, nodes int64) {
	v -= float64(d)
	alpha -= float64(d)
	beta -= float64(d)
	lo, hi := int16(solveMin), int16(solveMax)
	if v > alpha {
		lo = floor16(v)
	}
	if v < beta {
		hi = ceil16(v)
	}
	house, ok := movePlayerHouse(move)
	if !ok {
		house = -1
	}
	s.record(h, lo, hi, house, nodes)
}

func movePlayerHouse(m mancala.Move) (int, bool) {
	if pl, ok := m.Player(); ok {
		return m.House(pl)
	}
	return 0, false
}

// search is a fail-soft alpha-beta search of p to the end of the game. It
// returns p's value for South: a value <= alpha is an upper bound, >= beta
// a lower bound, and between them exact. p is not over.
func (s *solver) search(p mancala.Position, h uint64, ply int, alpha, beta float64) float64 {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	s.checkDepth(ply)
	if s.err != nil {
		return 0
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	if s.bounds != nil {
		l, u := s.bounds(p)
		lo, hi = float64(l), float64(u)
		if lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
	}
	ttHouse := -1
	d := s.offset(p)
	if e, ok := s.lookup(h); ok {
		if l := float64(e.lo) + float64(d); l > lo {
			lo = l
		}
		if u := float64(e.hi) + float64(d); u < hi {
			hi = u
		}
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		ttHouse = int(e.move) - 1
	}
	if p.ToMove == mancala.BothTurn {
		return s.simultaneous(p, ply, false)
	}
	nodes0 := s.nodes
	s.grow(ply + 1)
	pl := &s.plies[ply]
	moves := s.r.Legal(pl.moves[:0], p)
	pl.moves = moves
	if len(moves) == 0 {
		s.err = checkMoves(s.r, p, moves)
		return 0
	}
	me := perspective(p)
	maxNode := me == mancala.South
	best := math.Inf(1)
	if maxNode {
		best = math.Inf(-1)
	}
	var bestMove mancala.Move
	a, b := max(alpha, lo), min(beta, hi)
	// The table's move, if it is legal (a table key can collide), is
	// searched first and alone: it usually settles the node, and then the
	// other children need not even be made.
	searched := false
	if ttHouse >= 0 {
		for i, m := range moves {
			if hs, ok := m.House(me); !ok || hs != ttHouse {
				continue
			}
			q := s.r.Apply(p, m)
			hq := uint64(0)
			if s.path.cyc != nil {
				hq = s.hash(q)
				q, hq = s.path.end(q, hq)
			}
			var v float64
			if q.Over() {
				v = float64(FinalDifference(q))
			} else if ev, ok := s.endgameValue(&q); ok {
				v = ev
			} else {
				if s.path.cyc == nil {
					hq = s.hash(q)
				}
				v = s.child(q, hq, ply, a, b)
				if s.err != nil {
					return 0
				}
				pl = &s.plies[ply] // s.plies may have grown
			}
			best, bestMove, searched = v, m, true
			if (maxNode && v >= b) || (!maxNode && v <= a) {
				v = max(min(v, hi), lo)
				s.store(h, d, v, alpha, beta, m, s.nodes-nodes0)
				return v
			}
			if maxNode {
				a = max(a, v)
			} else {
				b = min(b, v)
			}
			last := len(moves) - 1
			moves[i] = moves[last]
			moves = moves[:last]
			break
		}
	}
	// Generate the other children, then look them up: finished children,
	// the endgame oracle's answers and table bounds may end the node at
	// once (enhanced transposition cutoffs), before any search. The
	// lookups have a loop of their own so that the processor can overlap
	// their cache misses. Finished children and those that the oracle
	// answers get their exact value and no hash.
	for i, m := range moves {
		q := s.r.Apply(p, m)
		hq := uint64(0)
		if s.path.cyc != nil {
			hq = s.hash(q)
			q, hq = s.path.end(q, hq)
		}
		known, v := true, 0.0
		if q.Over() {
			v = float64(FinalDifference(q))
		} else if ev, ok := s.endgameValue(&q); ok {
			v = ev
		} else {
			known = false
			if s.path.cyc == nil {
				hq = s.hash(q)
			}
		}
		pl.kids[i], pl.hashes[i], pl.known[i], pl.exact[i] = q, hq, known, v
	}
	myStore := p.Board.Store(me) - p.Board.Store(me.Other())
	// allFail tracks whether every child is already known to fail (all
	// at most alpha at South's decision, all at least beta at North's),
	// and worst their best bound, so that such a node needs no search.
	allFail, worst := true, math.Inf(-1)
	if !maxNode {
		worst = math.Inf(1)
	}
	if searched {
		allFail, worst = (maxNode && best <= alpha) || (!maxNode && best >= beta), best
	}
	for i, m := range moves {
		q, hq := &pl.kids[i], pl.hashes[i]
		v, cut := 0.0, false
		cl, ch := math.Inf(-1), math.Inf(1) // bounds of the child
		if pl.known[i] {
			v = pl.exact[i]
			cl, ch = v, v
			cut = (maxNode && v >= beta) || (!maxNode && v <= alpha)
		} else {
			if ce, ok := s.lookup(hq); ok {
				dq := float64(s.offset(*q))
				cl, ch = max(cl, float64(ce.lo)+dq), min(ch, float64(ce.hi)+dq)
			}
			if maxNode && cl >= beta {
				v, cut = cl, true
			} else if !maxNode && ch <= alpha {
				v, cut = ch, true
			}
		}
		if cut {
			v = max(min(v, hi), lo)
			s.store(h, d, v, alpha, beta, m, s.nodes-nodes0)
			return v
		}
		if maxNode {
			allFail = allFail && ch <= alpha
			worst = max(worst, ch)
		} else {
			allFail = allFail && cl >= beta
			worst = min(worst, cl)
		}
		// Ordering (the table's move was searched already): by the
		// mover's gain in store difference, another decision of his own
		// counting as three seeds; ties to the house later in sowing order
		// (in Kalah and Congkak, nearer the store: sowing it first keeps
		// the others' counts intact).
		gain := int32(q.Board.Store(me) - q.Board.Store(me.Other()) - myStore)
		key := (gain + 256) << 8
		if q.ToMove == p.ToMove {
			key += 3 << 8
		}
		if hs, ok := m.House(me); ok {
			key += int32(hs)
		}
		pl.keys[i] = key
	}
	if allFail {
		v := max(min(worst, hi), lo)
		s.store(h, d, v, alpha, beta, mancala.Move{}, s.nodes-nodes0)
		return v
	}
	for i := range moves {
		k := pickKid(pl, i, len(moves))
		m := moves[k]
		var v float64
		if pl.known[k] {
			v = pl.exact[k]
		} else {
			v = s.child(pl.kids[k], pl.hashes[k], ply, a, b)
		}
		if s.err != nil {
			return 0
		}
		pl = &s.plies[ply] // s.plies may have grown
		if maxNode {
			if v > best {
				best, bestMove = v, m
			}
			if best >= b {
				break
			}
			a = max(a, best)
		} else {
			if v < best {
				best, bestMove = v, m
			}
			if best <= a {
				break
			}
			b = min(b, best)
		}
	}
	best = max(min(best, hi), lo)
	s.store(h, d, best, alpha, beta, bestMove, s.nodes-nodes0)
	return best
}

// endgameValue returns p's exact value for South from the ruleset's
// endgame oracle, if it has one and it answers.
func (s *solver) endgameValue(p *mancala.Position) (float64, bool) {
	if s.endgame == nil || (p.ToMove != mancala.SouthTurn && p.ToMove != mancala.NorthTurn) {
		return 0, false
	}
	g, ok := s.endgame(*p)
	if !ok {
		return 0, false
	}
	s.egHits++
	if p.ToMove == mancala.NorthTurn {
		g = -g
	}
	return float64(FinalDifference(*p) + g), true
}

// child returns the value for South of q, a child of the node at ply,
// searched with window (a, b).
func (s *solver) child(q mancala.Position, hq uint64, ply int, a, b float64) float64 {
	if q.Over() {
		return float64(FinalDifference(q))
	}
	s.path.push(q, hq)
	v := s.search(q, hq, ply+1, a, b)
	s.path.pop()
	return v
}

// pickKid returns the index of the best-keyed child among order positions
// i..n-1, swapping it into position i. Children are kept in place; the
// ply's moves, kids and hashes are permuted together.
func pickKid(pl *solvePly, i, n int) int {
	b := i
	for j := i + 1; j < n; j++ {
		if pl.keys[j] > pl.keys[b] {
			b = j
		}
	}
	if b != i {
		pl.keys[i], pl.keys[b] = pl.keys[b], pl.keys[i]
		pl.moves[i], pl.moves[b] = pl.moves[b], pl.moves[i]
		pl.kids[i], pl.kids[b] = pl.kids[b], pl.kids[i]
		pl.hashes[i], pl.hashes[b] = pl.hashes[b], pl.hashes[i]
		pl.exact[i], pl.exact[b] = pl.exact[b], pl.exact[i]
		pl.known[i], pl.known[b] = pl.known[b], pl.known[i]
	}
	return i
}

// exactValue returns the exact value of a position that is not over.
func (s *solver) exactValue(q mancala.Position, hq uint64, ply int) float64 {
	if q.Over() {
		return float64(FinalDifference(q))
	}
	if v, ok := s.endgameValue(&q); ok {
		return v
	}
	guess := 0.0
	if e, ok := s.lookup(hq); ok {
		d := s.offset(q)
		guess = max(min(float64(e.hi)+float64(d), 255), float64(e.lo)+float64(d), -255)
	} else if s.bounds != nil {
		l, u := s.bounds(q)
		guess = float64(l+u) / 2
	}
	v, _ := s.mtdf(q, hq, ply, math.Round(guess), false)
	return v
}

// simultaneous solves a simultaneous decision exactly: the matrix game of
// the exact values of its joint moves. Results are remembered in s.exact;
// fill forces the work, to leave the choices and strategies in the ply.
func (s *solver) simultaneous(p mancala.Position, ply int, fill bool) float64 {
	if v, ok := s.exact[p]; ok && !fill {
		return v
	}
	s.grow(ply + 1)
	pl := &s.plies[ply]
	moves := s.r.Legal(pl.moves[:0], p)
	pl.moves = moves
	if len(moves) == 0 {
		s.err = checkMoves(s.r, p, moves)
		return 0
	}
	pl.sch = mancala.Choices(pl.sch[:0], moves, mancala.South)
	pl.nch = mancala.Choices(pl.nch[:0], moves, mancala.North)
	ns, nn := len(pl.sch), len(pl.nch)
	for i, a := range pl.sch {
		for j, b := range pl.nch {
			q := s.r.Apply(p, mancala.Joint(a, b))
			hq := s.hash(q)
			q, hq = s.path.end(q, hq)
			s.path.push(q, hq)
			v := s.exactValue(q, hq, ply+1)
			s.path.pop()
			if s.err != nil {
				return 0
			}
			pl = &s.plies[ply]
			pl.mat[i*nn+j] = v
		}
	}
	v := s.ms.solve(pl.mat[:ns*nn], ns, nn, pl.rowS[:ns], pl.colS[:nn])
	if s.exact == nil {
		s.exact = make(map[mancala.Position]float64)
	}
	s.exact[p] = v
	return v
}

// principalVariation follows perfect play from p, whose value is v: at
// each decision it plays the first move whose exact value equals the
// position's (checked by two null-window tests each).
func (s *solver) principalVariation(p mancala.Position, h uint64, v float64) []mancala.Move {
	var pv []mancala.Move
	pushed := 0
	defer func() {
		for range pushed {
			s.path.pop()
		}
	}()
	s.path.push(p, h)
	pushed++
	var buf []mancala.Move
	for !p.Over() && len(pv) < 100000 {
		buf = s.r.Legal(buf[:0], p)
		var next mancala.Position
		var nh uint64
		found := false
		if p.ToMove == mancala.BothTurn {
			s.simultaneous(p, 1, true)
			if s.err != nil {
				return nil
			}
			pl := &s.plies[1]
			ns, nn := len(pl.sch), len(pl.nch)
			m := mancala.Joint(pl.sch[argmax(pl.rowS[:ns])], pl.nch[argmax(pl.colS[:nn])])
			next = s.r.Apply(p, m)
			nh = s.hash(next)
			next, nh = s.path.end(next, nh)
			pv = append(pv, m)
			v = s.exactValue(next, nh, 1)
			found = true
		} else {
			// The table's move first: usually the one. Children whose
			// table bounds exclude v are skipped.
			me := perspective(p)
			if e, ok := s.lookup(h); ok && e.move > 0 {
				for i, m := range buf {
					if hs, ok := m.House(me); ok && hs == int(e.move)-1 {
						buf[0], buf[i] = buf[i], buf[0]
						break
					}
				}
			}
			for _, m := range buf {
				q := s.r.Apply(p, m)
				hq := s.hash(q)
				q, hq = s.path.end(q, hq)
				if e, ok := s.lookup(hq); ok && !q.Over() {
					d := float64(s.offset(q))
					if float64(e.lo)+d > v || float64(e.hi)+d < v {
						continue
					}
				}
				s.path.push(q, hq)
				ok := s.hasValue(q, hq, v, me == mancala.South)
				s.path.pop()
				if s.err != nil {
					return nil
				}
				if ok {
					next, nh = q, hq
					pv = append(pv, m)
					found = true
					break
				}
			}
		}
		if !found {
			break // cannot happen for a correct value
		}
		p, h = next, nh
		s.path.push(p, h)
		pushed++
	}
	return pv
}

// hasValue reports whether q's exact value is v, given that it is at
// most v (a child of South's decision of value v) if maxParent, at least v
// otherwise: one null-window test decides.
func (s *solver) hasValue(q mancala.Position, hq uint64, v float64, maxParent bool) bool {
	if q.Over() {
		return float64(FinalDifference(q)) == v
	}
	if q.ToMove == mancala.BothTurn {
		return s.simultaneous(q, 1, false) == v
	}
	if ev, ok := s.endgameValue(&q); ok {
		return ev == v
	}
	if maxParent {
		g := s.search(q, hq, 1, v-1, v)
		return s.err == nil && g >= v
	}
	g := s.search(q, hq, 1, v, v+1)
	return s.err == nil && g <= v
}
