package awale

import "github.com/sowing-games/sowing/mancala"

// State bits of a finished position (Position.State), which say why the
// game ended ([Rules.Ending]); positions with a player to move have State 0.
const (
	stateEnd      uint32 = 0xf    // bits 0-3: the mancala.EndReason
	stateEndWho   uint32 = 1 << 4 // the reason concerns a player (Ending.Who)
	stateEndNorth uint32 = 1 << 5 // ... and that player is North
	stateEndBits         = stateEnd | stateEndWho | stateEndNorth
)

var _ mancala.Explainer = (*Rules)(nil)

// endState returns the State bits of a game that ended for reason, which
// concerns who (mancala.NoTurn: nobody in particular).
func endState(reason mancala.EndReason, who mancala.Turn) uint32 {
	st := uint32(reason)
	if p, ok := who.Player(); ok {
		st |= stateEndWho
		if p == mancala.North {
			st |= stateEndNorth
		}
	}
	return st
}

// endState returns the State of a game that has ended with mover to move
// (store sa, his opponent's sb): AW-10 if a majority ends it under
// StopAtMajority (the option is checked first, as the reference does), else
// AW-7 if noMove.
func (r *Rules) endState(mover mancala.Player, noMove bool, sa, sb int) uint32 {
	if r.o.StopAtMajority && (2*sa > r.total || 2*sb > r.total || 2*sa == r.total && 2*sb == r.total) {
		return endMajority
	}
	if noMove {
		return endNoMove(mover)
	}
	return endMajority
}

// endNoMove is the State of a game ended by AW-7 for mover, the player to
// move who had no move (no seeds, or none that feeds his empty opponent).
func endNoMove(mover mancala.Player) uint32 {
	return endState(mancala.EndNoMove, mancala.TurnOf(mover))
}

// The States of a game ended by AW-10 and by AW-8.
const (
	endMajority = uint32(mancala.EndMajority)
	endCycle    = uint32(mancala.EndRepetition)
)

// Ending implements [mancala.Explainer]: why the finished game p ended,
// from its State bits. AW-7 (Reason [mancala.EndNoMove]; Who is the player
// to move who had no seeds, or could not feed his empty opponent), AW-8
// ([mancala.EndRepetition], by [Rules.Cycle]) and AW-10
// ([mancala.EndMajority]) end a game. A finished position given to
// [Rules.Setup] without these bits gets the reason its board shows; one
// that shows none is [mancala.EndOther].
func (r *Rules) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	e := mancala.Ending{Reason: mancala.EndReason(p.State & stateEnd), Who: mancala.NoTurn}
	if p.State&stateEndWho != 0 {
		e.Who = mancala.SouthTurn
		if p.State&stateEndNorth != 0 {
			e.Who = mancala.NorthTurn
		}
	}
	switch e.Reason {
	case mancala.EndNoMove:
		e.Rule = "AW-7"
	case mancala.EndRepetition:
		e.Rule = "AW-8"
	case mancala.EndMajority:
		e.Rule = "AW-10"
	default:
		e.Reason = mancala.EndOther
	}
	return e
}

// validEnd reports whether st is the State of a finished game of r.
func (r *Rules) validEnd(st uint32) bool {
	if st&^stateEndBits != 0 {
		return false
	}
	who := st&stateEndWho != 0
	if !who && st&stateEndNorth != 0 {
		return false
	}
	switch mancala.EndReason(st & stateEnd) {
	case mancala.EndNoMove:
		return who
	case mancala.EndRepetition, mancala.EndOther:
		return !who
	case mancala.EndMajority:
		return !who && r.o.StopAtMajority
	}
	return false
}

// inferEnd returns the State of a finished game given without one: AW-10
// if a store holds a majority under StopAtMajority, AW-8 if a seed is left
// on the board (only a split cycle leaves one), else EndOther.
func (r *Rules) inferEnd(b *mancala.Board) uint32 {
	ss, sn := b.Store(mancala.South), b.Store(mancala.North)
	switch {
	case r.o.StopAtMajority && (2*ss > r.total || 2*sn > r.total || 2*ss == r.total && 2*sn == r.total):
		return endMajority
	case b.RowSeeds(mancala.South)+b.RowSeeds(mancala.North) != 0:
		return endState(mancala.EndRepetition, mancala.NoTurn)
	}
	return endState(mancala.EndOther, mancala.NoTurn)
}
