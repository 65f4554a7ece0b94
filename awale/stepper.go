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
		Rows:   [2]uint64{rowWord(b, mancala.South), rowWord(b, mancala.North)},
		Stores: [2]uint8{uint8(b.Store(mancala.South)), uint8(b.Store(mancala.North))},
		ToMove: p.ToMove,
	}, true
}

// Expand implements [search.Stepper]: the position that x stands for.
func (r *Rules) Expand(x search.Compact) mancala.Position {
	b := packedBoard(r.start.Board, x.Rows[mancala.South], x.Rows[mancala.North],
		int(x.Stores[mancala.South]), int(x.Stores[mancala.North]))
	return mancala.Position{Board: b, ToMove: x.ToMove}
}

// CompactLegal implements [search.Stepper]: [Rules.Legal] of x.
func (r *Rules) CompactLegal(dst []mancala.Move, x search.Compact) []mancala.Move {
	mover, ok := x.ToMove.Player()
	if !ok {
		return dst
	}
	m := r.packedLegal(x.Rows[mover&1], x.Rows[(mover^1)&1])
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
	me, you := mover&1, (mover^1)&1
	own, opp, c, _ := r.pt.sow(x.Rows[me], x.Rows[you], h, r.captureSlam)
	return r.compact(you, opp, own, int(x.Stores[you]), int(x.Stores[me])+c)
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
	var x search.Compact
	x.Rows[mover&1], x.Rows[(mover^1)&1] = own, opp
	x.Stores[mover&1], x.Stores[(mover^1)&1] = uint8(sOwn), uint8(sOpp)
	x.ToMove = turn
	return x
}

// CompactCycle implements [search.Stepper]: [Rules.Cycle] of x.
func (r *Rules) CompactCycle(x search.Compact) search.Compact {
	if x.ToMove == mancala.NoTurn {
		return x
	}
	south, north := x.Rows[mancala.South], x.Rows[mancala.North]
	a, c := sumBytes(south), sumBytes(north)
	s, n := int(x.Stores[mancala.South]), int(x.Stores[mancala.North])
	if r.o.Cycle != CycleSplit {
		return search.Compact{Stores: [2]uint8{uint8(s + a), uint8(n + c)}}
	}
	half := (a + c) / 2
	var y search.Compact
	if (a+c)%2 == 1 {
		// The odd seed stays in the first non-empty house, South's first.
		if south != 0 {
			y.Rows[mancala.South] = 1 << (bits.TrailingZeros64(south) &^ 7)
		} else {
			y.Rows[mancala.North] = 1 << (bits.TrailingZeros64(north) &^ 7)
		}
	}
	y.Stores = [2]uint8{uint8(s + half), uint8(n + half)}
	return y
}

// CompactEstimate implements [search.Stepper]: [Rules.Estimate] of x.
func (r *Rules) CompactEstimate(x search.Compact, side mancala.Player) float64 {
	stores := [2]int{int(x.Stores[mancala.South]), int(x.Stores[mancala.North])}
	if r.n != estimateHouses || r.total != 8*estimateHouses {
		var rows [2]row
		binary.LittleEndian.PutUint64(rows[mancala.South][:8], x.Rows[mancala.South])
		binary.LittleEndian.PutUint64(rows[mancala.North][:8], x.Rows[mancala.North])
		return rowEstimate(&rows, stores, r.n, side)
	}
	mover, ok := x.ToMove.Player()
	if !ok {
		mover = side
	}
	me, you := mover&1, (mover^1)&1
	return tableEstimate(x.Rows[me], x.Rows[you], stores[me], stores[you], r.total, side != mover)
}
