package search

import (
	"context"

	"github.com/sowing-games/sowing/mancala"
)

// Compact is a position in the compact form that a [Stepper] plays on: a
// board of at most 8 houses a side with no seeds in hand, no burnt houses,
// Round 0 and, while the game goes on, State 0, which is all the search
// needs to know of it. It is a value type: equal positions are equal
// Compacts and the search copies and compares them freely.
//
// Its fields are scalars (no arrays), and at most four at each level, so
// that the compiler keeps a Compact in registers: the stores and the
// player to move are an embedded [CompactState], whose fields read and
// write as Compact's own (x.SouthStore) but are named through it in a
// composite literal (Compact{South: s, North: n, CompactState:
// CompactState{SouthStore: 4}}).
type Compact struct {
	// South and North hold each player's houses, house i (letter A+i or
	// a+i) in byte i (bits 8i to 8i+7); the bytes beyond the board's
	// houses are 0.
	South, North uint64
	CompactState
}

// CompactState is the part of a [Compact] beside its rows.
type CompactState struct {
	// SouthStore and NorthStore hold the stores.
	SouthStore, NorthStore uint8
	// ToMove is the player who decides (mancala.SouthTurn or NorthTurn),
	// or mancala.NoTurn once the game is over; the stores then hold the
	// final counts, and the rows whatever the finished position keeps.
	ToMove mancala.Turn
}

// Row returns player pl's row.
func (x Compact) Row(pl mancala.Player) uint64 {
	if pl == mancala.North {
		return x.North
	}
	return x.South
}

// Store returns player pl's store.
func (x Compact) Store(pl mancala.Player) int {
	if pl == mancala.North {
		return int(x.NorthStore)
	}
	return int(x.SouthStore)
}

// CompactOf returns the compact form of the position in which mover, to
// move if turn says so, has row own and store sOwn, and his opponent row
// opp and store sOpp.
func CompactOf(mover mancala.Player, own, opp uint64, sOwn, sOpp int, turn mancala.Turn) Compact {
	if mover == mancala.North {
		return Compact{South: opp, North: own, CompactState: CompactState{SouthStore: uint8(sOpp), NorthStore: uint8(sOwn), ToMove: turn}}
	}
	return Compact{South: own, North: opp, CompactState: CompactState{SouthStore: uint8(sOwn), NorthStore: uint8(sOpp), ToMove: turn}}
}

// Stepper is implemented by rulesets that can play the positions of
// [AlphaBeta]'s search in a compact form: the search then generates the
// children of a node, plays its moves, hashes it, evaluates it and sees
// the end of the game on Compact values, without building a
// mancala.Position per node, which is much faster. AlphaBeta takes this
// path by itself for a single-threaded search of a root that Compact
// accepts; it visits exactly the same nodes and returns the same result
// as on the general path.
//
// The methods must describe the game of the ruleset's Legal, Apply,
// Cycle and Estimate on the positions that Compact accepts and the
// positions reached from them: with x = Compact(p), true,
//
//   - Expand(x) is p;
//   - CompactLegal(dst, x) appends Legal(p) in the same order;
//   - for each legal move m, CompactApply(x, m) is the compact form of
//     Apply(p, m): the same rows, stores and player to move, and, when
//     Apply(p, m) is over, mancala.NoTurn with its final stores (the
//     finished position's State is not kept);
//   - CompactCycle(x) is the compact form of Cycle(p) for a ruleset that
//     is a [mancala.Cycler];
//   - CompactEstimate(x, side) returns exactly (the same float64) what
//     the ruleset's Estimate returns for p and side if it is an
//     [Estimator], else what [DefaultEvaluator] returns.
//
// Positions whose futures depend on something that Compact does not hold
// (a round, a state, a hand) must be refused by Compact. Every position
// reached from an accepted one must be representable: a Stepper's
// positions have one player to decide (no simultaneous decisions). The
// methods must not allocate and must be safe for concurrent use. The
// search compares Compact values for repetitions and hashes them as
// [mancala.Position.Hash] hashes the positions they stand for. Stepper
// uses this package's Compact, not a core type, because the search keeps
// its nodes by value in its own arrays: a fixed, comparable type that it
// can hash and read the stores and the turn of without a call.
type Stepper interface {
	// Compact returns p's compact form and true, or false if p has none
	// (the search then takes its general path).
	Compact(p mancala.Position) (Compact, bool)
	// Expand returns the position that x, not over, stands for.
	Expand(x Compact) mancala.Position
	// CompactLegal appends the legal moves of x to dst, as Legal does.
	CompactLegal(dst []mancala.Move, x Compact) []mancala.Move
	// CompactApply returns the position after m, one of the legal moves
	// of x, as Apply does.
	CompactApply(x Compact, m mancala.Move) Compact
	// CompactCycle returns the finished position of a game in which x
	// has just repeated an earlier position, as Cycle does.
	CompactCycle(x Compact) Compact
	// CompactEstimate estimates x, not over, for side, as Estimate does.
	CompactEstimate(x Compact, side mancala.Player) float64
}

// cpath is the path of the Stepper's search, as the generated copy of
// the search takes it (zcompact.go, written by internal/compactgen from
// the generic search): the same type as linePath[Compact, *fastOps], whose
// operations it calls directly rather than through the dictionary of the
// generic code.
type cpath linePath[Compact, *fastOps]

// compactPath returns t as a *cpath and true if t is the Stepper's path,
// so that the generic entry points searchRoot and child run the generated
// copy of the search there; else nil and false.
func compactPath[P comparable, O nodeOps[P]](t *linePath[P, O]) (*cpath, bool) {
	ct, ok := any(t).(*linePath[Compact, *fastOps])
	return (*cpath)(ct), ok
}

//go:generate go test -run ^TestCompactGenerated$ -update-compact .

// fastOps are the nodeOps of a Stepper's Compact positions (as *fastOps).
type fastOps struct {
	s   Stepper
	cyc bool
	n   uint8     // houses a side, for the hash
	ev  Evaluator // nil: the Stepper's CompactEstimate
}

func (o *fastOps) turn(p Compact) mancala.Turn { return p.ToMove }
func (o *fastOps) stores(p Compact) (s, n int) { return int(p.SouthStore), int(p.NorthStore) }
func (o *fastOps) tag(p Compact) uint64 {
	return tagOf(p.South^uint64(p.SouthStore)<<56, p.North^uint64(p.ToMove)<<56)
}
func (o *fastOps) hash(p Compact) uint64                   { return compactHash(p, o.n) }
func (o *fastOps) apply(p Compact, m mancala.Move) Compact { return o.s.CompactApply(p, m) }
func (o *fastOps) cycle(p Compact) Compact                 { return o.s.CompactCycle(p) }
func (o *fastOps) position(p Compact) mancala.Position     { return o.s.Expand(p) }
func (o *fastOps) houseSeeds(p Compact) int                { return compactSeeds(p) }
func (o *fastOps) cycler() bool                            { return o.cyc }
func (o *fastOps) legal(dst []mancala.Move, p Compact) []mancala.Move {
	return o.s.CompactLegal(dst, p)
}

func (o *fastOps) eval(p Compact, side mancala.Player) float64 {
	if o.ev == nil {
		return o.s.CompactEstimate(p, side)
	}
	return o.ev(o.s.Expand(p), side)
}

// from returns a history position's compact form, or, for one without,
// a Compact with its stores whose rows (255 seeds in every byte) no
// position has.
func (o *fastOps) from(p mancala.Position) Compact {
	if x, ok := o.s.Compact(p); ok {
		return x
	}
	return Compact{South: ^uint64(0), North: ^uint64(0),
		CompactState: CompactState{SouthStore: uint8(p.Board.Store(mancala.South)), NorthStore: uint8(p.Board.Store(mancala.North))}}
}

// simultaneous is never called: a Stepper's positions have one player to
// decide.
func (o *fastOps) simultaneous(*AlphaBeta, Compact, uint64, int, int) float64 { return 0 }

// compactHash returns mancala.Position.Hash of the position that x (not
// over) stands for on a board of n houses a side: the same steps over the
// same words, with the fields that a Compact position leaves empty (the
// houses beyond 8, the hands, the burnt houses, State and Round) zero.
func compactHash(x Compact, n uint8) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	h = mix(h, x.South)
	h = mix(h, 0)
	h = mix(h, x.North)
	h = mix(h, uint64(x.SouthStore)|uint64(x.NorthStore)<<8|uint64(n)<<48|uint64(x.ToMove)<<56)
	h = mix(h, 0)
	h = mix(h, 0)
	return h ^ h>>29
}

// fastSearch runs a's search of p on the Stepper's path and returns true,
// or false if the search is not one for it: p must have one player to
// move (simultaneous decisions stay on the general path) and a compact
// form that hashes as p.
func (a *AlphaBeta) fastSearch(ctx context.Context, history []mancala.Position, p mancala.Position, maxDepth int) (Result, bool) {
	a.stepped = false
	st, ok := a.r.(Stepper)
	if !ok || a.general || p.ToMove == mancala.BothTurn {
		return Result{}, false
	}
	x, ok := st.Compact(p)
	n := uint8(p.Board.Houses())
	if !ok || compactHash(x, n) != p.Hash() {
		return Result{}, false
	}
	a.startStepper(st, n, history)
	fpathOf := func(w *AlphaBeta) *linePath[Compact, *fastOps] { return &w.fpath }
	if a.opts.Threads > 1 && a.opts.SharedTable {
		return searchRootLazy(a, ctx, history, x, maxDepth, fpathOf), true
	}
	if a.opts.Threads > 1 {
		return searchRootParallel(a, ctx, history, x, maxDepth, fpathOf), true
	}
	return searchRoot(a, &a.fpath, x, maxDepth), true
}

// startStepper sets a, prepared for a search, up for one on st's path
// (boards of n houses a side) after history.
func (a *AlphaBeta) startStepper(st Stepper, n uint8, history []mancala.Position) {
	a.fops = fastOps{s: st, cyc: a.path.cyc, n: n}
	if _, own := a.r.(Estimator); a.opts.Eval != nil || !own {
		a.fops.ev = a.eval
	}
	a.fpath.reset(&a.fops, history)
	a.stepped = true
}

// compactSeeds returns the seeds in x's houses: its rows' bytes summed
// in 16-bit lanes (at most 4 x 255 each), then the lanes by one multiply.
func compactSeeds(x Compact) int {
	const m = 0x00ff00ff00ff00ff
	l := x.South&m + x.South>>8&m + x.North&m + x.North>>8&m
	return int(l * 0x0001000100010001 >> 48)
}
