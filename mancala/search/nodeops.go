package search

import (
	"encoding/binary"

	"github.com/sowing-games/sowing/mancala"
)

// nodeOps are the operations on positions that AlphaBeta's search (and
// the general solver's line of play, path) makes, over a position type P:
// mancala.Position on the general path (slowOps), a ruleset's Compact
// form on the fast one (fastOps, see [Stepper]). The search is written
// once over them; each instantiation must give the same answers for the
// positions it stands for.
type nodeOps[P comparable] interface {
	// turn returns who decides in p (mancala.NoTurn once it is over).
	turn(p P) mancala.Turn
	// stores returns South's and North's stores in p.
	stores(p P) (s, n int)
	// hash returns mancala.Position.Hash of p (of a p that is not over:
	// finished positions are never looked up).
	hash(p P) uint64
	// tag returns a word with one bit set, the same for equal positions
	// and spread over the 64 bits for different ones.
	tag(p P) uint64
	// legal appends p's legal moves to dst, in the order of the
	// ruleset's Legal.
	legal(dst []mancala.Move, p P) []mancala.Move
	// apply returns the position after the legal move m.
	apply(p P, m mancala.Move) P
	// cycle returns the finished position of a game in which p has just
	// repeated an earlier position (mancala.Cycler.Cycle).
	cycle(p P) P
	// eval returns the search's evaluation of p (not over) for side.
	eval(p P, side mancala.Player) float64
	// position returns p as a mancala.Position.
	position(p P) mancala.Position
	// from returns a position of the game's history in the form P, or, if
	// it has none, a value with its stores that equals no position of the
	// search.
	from(p mancala.Position) P
	// cycler reports whether the ruleset ends games on repetition.
	cycler() bool
	// simultaneous values p, a simultaneous decision whose table key is
	// h, as AlphaBeta.simultaneous does.
	simultaneous(a *AlphaBeta, p P, h uint64, depth, ply int) float64
}

// slowOps are the nodeOps of mancala.Position, through the Ruleset (as
// *slowOps: the search calls them through a pointer).
type slowOps struct {
	r   mancala.Ruleset
	cyc mancala.Cycler // nil unless r is one
	ev  Evaluator      // nil outside AlphaBeta
}

func newSlowOps(r mancala.Ruleset, ev Evaluator) *slowOps {
	o := &slowOps{}
	o.set(r, ev)
	return o
}

// set makes o the operations of r with the evaluator ev.
func (o *slowOps) set(r mancala.Ruleset, ev Evaluator) {
	c, _ := r.(mancala.Cycler)
	*o = slowOps{r: r, cyc: c, ev: ev}
}

func (o *slowOps) turn(p mancala.Position) mancala.Turn { return p.ToMove }
func (o *slowOps) stores(p mancala.Position) (s, n int) {
	return p.Board.Store(mancala.South), p.Board.Store(mancala.North)
}
func (o *slowOps) tag(p mancala.Position) uint64 {
	s, n := p.Board.Row(mancala.South), p.Board.Row(mancala.North)
	return tagOf(binary.LittleEndian.Uint64(s[:8])^uint64(p.Board.Store(mancala.South))<<56,
		binary.LittleEndian.Uint64(n[:8])^uint64(p.ToMove)<<56)
}
func (o *slowOps) hash(p mancala.Position) uint64 { return p.Hash() }
func (o *slowOps) legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return o.r.Legal(dst, p)
}
func (o *slowOps) apply(p mancala.Position, m mancala.Move) mancala.Position { return o.r.Apply(p, m) }
func (o *slowOps) cycle(p mancala.Position) mancala.Position                 { return o.cyc.Cycle(p) }
func (o *slowOps) eval(p mancala.Position, side mancala.Player) float64      { return o.ev(p, side) }
func (o *slowOps) position(p mancala.Position) mancala.Position              { return p }
func (o *slowOps) from(p mancala.Position) mancala.Position                  { return p }
func (o *slowOps) cycler() bool                                              { return o.cyc != nil }
func (o *slowOps) simultaneous(a *AlphaBeta, p mancala.Position, h uint64, depth, ply int) float64 {
	return a.simultaneous(p, h, depth, ply)
}

// tagOf returns a word with one of its bits set, picked by a and b.
func tagOf(a, b uint64) uint64 {
	return 1 << ((a*0x9e3779b97f4a7c15 + b) * 0xc2b2ae3d27d4eb4f >> 58)
}

// perspectiveOf is perspective of a position whose turn is t.
func perspectiveOf(t mancala.Turn) mancala.Player {
	if t == mancala.NorthTurn {
		return mancala.North
	}
	return mancala.South
}
