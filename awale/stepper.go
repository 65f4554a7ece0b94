package awale

import (
	"encoding/binary"
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// The packed engine as a search.Stepper: search.AlphaBeta plays its
// positions on packed rows (search.Compact holds them as rowWord does),
// with the stores, which StopAtMajority (AW-10) reads.

var _ search.Stepper = (*Rules)(nil)

// Compact implements [search.Stepper]: the compact form of p, on the
// packed engine (8 houses a side or fewer), for a position of this
// ruleset's form with a player to move (see [Rules.Setup]); false for any
// other position.
func (r *Rules) Compact(p mancala.Position) (search.Compact, bool) {
	if !r.packed || !r.canonical(&p) {
		return search.Compact{}, false
	}
	b := &p.Board
	return search.Compact{
		South: rowWord(b, mancala.South), North: rowWord(b, mancala.North),
		SouthStore: uint8(b.Store(mancala.South)), NorthStore: uint8(b.Store(mancala.North)),
		ToMove: p.ToMove,
	}, true
}

// Expand implements [search.Stepper]: the position that x stands for.
func (r *Rules) Expand(x search.Compact) mancala.Position {
	b := packedBoard(r.start.Board, x.South, x.North, int(x.SouthStore), int(x.NorthStore))
	return mancala.Position{Board: b, ToMove: x.ToMove}
}

// CompactLegal implements [search.Stepper]: [Rules.Legal] of x.
func (r *Rules) CompactLegal(dst []mancala.Move, x search.Compact) []mancala.Move {
	mover, ok := x.ToMove.Player()
	if !ok {
		return dst
	}
	m := r.packedLegal(x.Row(mover), x.Row(mover.Other()))
	for ; m != 0; m &= m - 1 {
		dst = append(dst, mancala.Single(mover, bits.TrailingZeros64(m)>>3))
	}
	return dst
}

// CompactApply implements [search.Stepper]: [Rules.Apply] of x.
func (r *Rules) CompactApply(x search.Compact, m mancala.Move) search.Compact {
	mover, _ := m.Player()
	h, _ := m.House(mover)
	if uint(h) >= uint(r.n) {
		return x
	}
	you := mover.Other()
	own, opp, c, _ := r.pt.sow(x.Row(mover), x.Row(you), h, r.captureSlam)
	return r.compact(you, opp, own, x.Store(you), x.Store(mover)+c)
}

// compact is packedPosition's compact form: mover to move with row own
// and store sOwn against row opp and store sOpp, or the finished position
// if that ends the game (AW-7, AW-10).
func (r *Rules) compact(mover mancala.Player, own, opp uint64, sOwn, sOpp int) search.Compact {
	turn := mancala.TurnOf(mover)
	if r.packedEnds(own, opp, sOwn, sOpp) {
		sOwn += sumBytes(own)
		sOpp += sumBytes(opp)
		own, opp, turn = 0, 0, mancala.NoTurn
	}
	return search.CompactOf(mover, own, opp, sOwn, sOpp, turn)
}

// CompactCycle implements [search.Stepper]: [Rules.Cycle] of x.
func (r *Rules) CompactCycle(x search.Compact) search.Compact {
	if x.ToMove == mancala.NoTurn {
		return x
	}
	south, north := x.South, x.North
	a, c := sumBytes(south), sumBytes(north)
	s, n := int(x.SouthStore), int(x.NorthStore)
	if r.o.Cycle != CycleSplit {
		return search.Compact{SouthStore: uint8(s + a), NorthStore: uint8(n + c)}
	}
	half := (a + c) / 2
	var y search.Compact
	if (a+c)%2 == 1 {
		// The odd seed stays in the first non-empty house, South's first.
		if south != 0 {
			y.South = 1 << (bits.TrailingZeros64(south) &^ 7)
		} else {
			y.North = 1 << (bits.TrailingZeros64(north) &^ 7)
		}
	}
	y.SouthStore, y.NorthStore = uint8(s+half), uint8(n+half)
	return y
}

// CompactEstimate implements [search.Stepper]: [Rules.Estimate] of x.
func (r *Rules) CompactEstimate(x search.Compact, side mancala.Player) float64 {
	if r.n != estimateHouses || r.total != 8*estimateHouses {
		var rows [2]row
		binary.LittleEndian.PutUint64(rows[mancala.South][:8], x.South)
		binary.LittleEndian.PutUint64(rows[mancala.North][:8], x.North)
		return rowEstimate(&rows, [2]int{int(x.SouthStore), int(x.NorthStore)}, r.n, side)
	}
	mover, ok := x.ToMove.Player()
	if !ok {
		mover = side
	}
	you := mover.Other()
	return tableEstimate(x.Row(mover), x.Row(you), x.Store(mover), x.Store(you), r.total, side != mover)
}
