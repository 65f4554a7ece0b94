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
		CompactState: search.CompactState{
			SouthStore: uint8(b.Store(mancala.South)), NorthStore: uint8(b.Store(mancala.North)),
			ToMove: p.ToMove,
		},
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
	own, opp := x.South, x.North
	if mover == mancala.North {
		own, opp = opp, own
	}
	m := r.packedLegal(own, opp)
	n := len(dst)
	if cap(dst)-n < countHi(m) {
		for ; m != 0; m &= m - 1 {
			dst = append(dst, mancala.Single(mover, bits.TrailingZeros64(m)>>3))
		}
		return dst
	}
	// Written in place (the search's buffers have room), one loop a
	// player so that each move is a constant's shift.
	dst = dst[:n+countHi(m)]
	out := dst[n:]
	if mover == mancala.South {
		for i := range out {
			out[i] = mancala.Single(mancala.South, bits.TrailingZeros64(m)>>3)
			m &= m - 1
		}
	} else {
		for i := range out {
			out[i] = mancala.Single(mancala.North, bits.TrailingZeros64(m)>>3)
			m &= m - 1
		}
	}
	return dst
}

// CompactApply implements [search.Stepper]: [Rules.Apply] of x. It is
// the search's inner step, written out in the mover's frame (own, opp)
// without a call: sow as packedTables.sow does, then end the game as
// packedPosition does.
func (r *Rules) CompactApply(x search.Compact, m mancala.Move) search.Compact {
	own, opp, sOwn, sOpp := x.South, x.North, int(x.SouthStore), int(x.NorthStore)
	h, south := m.House(mancala.South)
	if !south {
		h, _ = m.House(mancala.North)
		own, opp, sOwn, sOpp = opp, own, sOpp, sOwn
	}
	if uint(h) >= uint(r.n) {
		return x
	}
	sh := uint(8*h) & 63
	e := r.pt.entry(own, sh)
	own = own&^(0xff<<sh) + e.own
	opp += e.opp
	if opp&e.cm == e.cv {
		if chain := captureChain(opp, e.cv); opp&^chain != 0 || r.captureSlam {
			sOwn += sumBytes(opp & chain)
			opp &^= chain
		}
	}
	// The opponent moves next: opp and sOpp are his.
	turn := mancala.SouthTurn
	if south {
		turn = mancala.NorthTurn
	}
	if r.packedEnds(opp, own, sOpp, sOwn) {
		sOwn += sumBytes(own)
		sOpp += sumBytes(opp)
		own, opp, turn = 0, 0, mancala.NoTurn
	}
	if south {
		return search.Compact{South: own, North: opp, CompactState: search.CompactState{SouthStore: uint8(sOwn), NorthStore: uint8(sOpp), ToMove: turn}}
	}
	return search.Compact{South: opp, North: own, CompactState: search.CompactState{SouthStore: uint8(sOpp), NorthStore: uint8(sOwn), ToMove: turn}}
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
		return search.Compact{CompactState: search.CompactState{SouthStore: uint8(s + a), NorthStore: uint8(n + c)}}
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
	own, opp, sm, sw := x.South, x.North, int(x.SouthStore), int(x.NorthStore)
	if mover == mancala.North {
		own, opp, sm, sw = opp, own, sw, sm
	}
	// Estimate's formula, term by term in its order (the float64 sum is
	// part of the contract), for the mover: row own and store sm against
	// the waiter's opp and sw. It is written out here, not in a function
	// that Estimate shares: this is the leaves' evaluation.
	v := float64(sm - sw)
	ph := estimatePhase(r.total - sm - sw) // the seeds in the houses
	ownT, oppT := &estimateOwn[ph], &estimateOpp[ph]
	// House by house, i = 0 to 5.
	v += ownT[0][min(uint8(own), estimateSeedCap)] + oppT[0][min(uint8(opp), estimateSeedCap)]
	v += ownT[1][min(uint8(own>>8), estimateSeedCap)] + oppT[1][min(uint8(opp>>8), estimateSeedCap)]
	v += ownT[2][min(uint8(own>>16), estimateSeedCap)] + oppT[2][min(uint8(opp>>16), estimateSeedCap)]
	v += ownT[3][min(uint8(own>>24), estimateSeedCap)] + oppT[3][min(uint8(opp>>24), estimateSeedCap)]
	v += ownT[4][min(uint8(own>>32), estimateSeedCap)] + oppT[4][min(uint8(opp>>32), estimateSeedCap)]
	v += ownT[5][min(uint8(own>>40), estimateSeedCap)] + oppT[5][min(uint8(opp>>40), estimateSeedCap)]
	v += estimateStoreMover[min(sm, estimateStoreCap)] + estimateStoreWaiter[min(sw, estimateStoreCap)]
	cm, cw := packedBestCaptures(own, opp)
	v += estimateCaptureMover[min(cm, estimateCaptureCap)]
	v += estimateCaptureWaiter[min(cw, estimateCaptureCap)]
	if side != mover {
		v = -v
	}
	return v
}
