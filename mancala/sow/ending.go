package sow

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// State bits of a finished position (Position.State), which say why the
// game ended ([Rules.Ending]), laid out as package awale lays them out;
// positions with a player to move have none of them. The tuzdyks (SW-13)
// have bits 8-17 (see [Rules.Tuzdyk]).
const (
	stateEnd      uint32 = 0xf    // bits 0-3: the mancala.EndReason
	stateEndWho   uint32 = 1 << 4 // the reason concerns a player (Ending.Who)
	stateEndNorth uint32 = 1 << 5 // ... and that player is North
	stateFew      uint32 = 1 << 6 // EndOther by SW-17
	stateTurnRow  uint32 = 1 << 7 // EndNoMove by SW-44
	stateEndBits         = stateEnd | stateEndWho | stateEndNorth | stateFew | stateTurnRow
)

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

// ends returns the end bits of the position c with next to move, or 0 if
// the game goes on: SW-16 first, then SW-15, SW-17 and SW-14.
func (r *Rules) ends(c *cells, next mancala.Player, tz tuz) uint32 {
	t := r.t
	if r.c.Majority {
		s, n := 2*int(c[t.store[0]]), 2*int(c[t.store[1]])
		if s > r.total || n > r.total || s == r.total && n == r.total {
			return uint32(mancala.EndMajority)
		}
	}
	if r.c.EndRowEmpty && (t.rowSum(c, mancala.South) == 0 || t.rowSum(c, mancala.North) == 0) {
		return endState(mancala.EndNoMove, mancala.NoTurn)
	}
	if r.c.FewSeeds > 0 && t.rowSum(c, mancala.South)+t.rowSum(c, mancala.North) <= r.c.FewSeeds {
		return uint32(mancala.EndOther) | stateFew
	}
	// A grand slam filter never leaves a player without a move (SW-11),
	// so the candidates tell whether he has one.
	if r.candidates(c, next, tz) == 0 {
		return r.noMoveState(c, next) // SW-14, SW-64 (named.go)
	}
	return 0
}

// endRuleBits returns the rule id of the end bits st, SW-14 for any
// player who cannot move (see Rules.endRule, named.go).
func endRuleBits(st uint32) string {
	switch mancala.EndReason(st & stateEnd) {
	case mancala.EndMajority:
		return "SW-16"
	case mancala.EndNoMove:
		if st&stateTurnRow != 0 {
			return "SW-44"
		}
		if st&stateEndWho == 0 {
			return "SW-15"
		}
		return "SW-14"
	case mancala.EndRepetition:
		return "SW-18"
	case mancala.EndCannotFill:
		return "SW-43"
	case mancala.EndOther:
		if st&stateFew != 0 {
			return "SW-17"
		}
	}
	return ""
}

// leftoverRule says who takes the seeds left at the end st.
func (r *Rules) leftoverRule(st uint32) Leftover {
	if mancala.EndReason(st&stateEnd) == mancala.EndMajority {
		return OwnerTakes
	}
	return r.c.NoMove
}

// Ending implements [mancala.Explainer]: why the finished game p ended,
// from its State bits: SW-14 ([mancala.EndNoMove], Who the player who
// could not move; SW-64 when his inner row was empty but not his rows,
// SW-23 in games where he loses, SW-93 in a game with RefillDraw), SW-15
// ([mancala.EndNoMove], Who NoTurn: a row was left empty), SW-16
// ([mancala.EndMajority]), SW-17 ([mancala.EndOther]: few
// seeds left), SW-18 ([mancala.EndRepetition]), SW-43
// ([mancala.EndCannotFill], Who the player who could not fill a house). A finished position given
// to Setup without end bits gets [mancala.EndOther] and no rule.
func (r *Rules) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	e := mancala.Ending{Reason: mancala.EndReason(p.State & stateEnd), Who: mancala.NoTurn, Rule: r.endID(p.State)} // SW-93: refill.go
	if p.State&stateEndWho != 0 {
		e.Who = mancala.SouthTurn
		if p.State&stateEndNorth != 0 {
			e.Who = mancala.NorthTurn
		}
	}
	switch e.Reason {
	case mancala.EndNoMove, mancala.EndRepetition, mancala.EndMajority, mancala.EndOther:
	case mancala.EndCannotFill: // SW-43
	default:
		e.Reason, e.Rule = mancala.EndOther, ""
	}
	return e
}

// Setup checks a position built outside the ruleset and settles it. It
// returns an error wrapping [mancala.ErrInvalidPosition] for a board of
// another number of houses or seeds or another layout, seeds in hands, burnt houses
// (but in games of rounds, SW-43), a
// simultaneous turn, a Round other than 0, or State bits that are not
// tuzdyks of the game (empty houses of the opponent's row, SW-13), houses
// sown from (SW-90: houses of the board) or the first move's bit (SW-92), or the
// end bits of a finished game. A position that ends where it stands
// (SW-14 to SW-17) is returned finished; a finished position without end
// bits gets [mancala.EndOther].
func (r *Rules) Setup(p mancala.Position) (mancala.Position, error) {
	b := &p.Board
	invalid := func(format string, args ...any) (mancala.Position, error) {
		return p, fmt.Errorf("sow: "+format+": %w", append(args, mancala.ErrInvalidPosition)...)
	}
	if b.Houses() != r.t.n || b.Layout() != r.Layout() {
		return invalid("%d houses a side in layout %+v, want %d in %+v", b.Houses(), b.Layout(), r.t.n, r.Layout())
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if s, _ := b.Hand(pl); s != 0 && !(r.c.Simultaneous && p.State&openingBit != 0) { // SW-45: hands in flight
			return invalid("%v holds %d seeds in hand", pl, s)
		}
		if b.BurntMask(pl) != 0 && !r.c.Rounds { // SW-43: burnt houses in rounds
			return invalid("%v has burnt houses", pl)
		}
	}
	if b.Total() != r.total {
		return invalid("%d seeds, want %d", b.Total(), r.total)
	}
	if p.Round != 0 {
		return invalid("round %d, want 0", p.Round)
	}
	allowed := uint32(0)
	if r.c.Tuzdyk {
		allowed |= tuzMask &^ openedBit
	}
	if r.c.SkipCount > 0 {
		allowed |= openedBit
	}
	if r.c.NoCaptureFirstMove {
		allowed |= movedBits // SW-66
	}
	if r.c.Rounds {
		allowed |= 0x3ff << 8 // SW-43: the round's start
	}
	once, ok := r.onceBits(p.State) // SW-90, SW-92 (houseonce.go)
	allowed |= once
	if !ok {
		return invalid("state %#x: houses played beyond the board", p.State)
	}
	if r.c.WayByFirstMove && p.State&wayBits != waySouthBit {
		allowed |= wayBits // SW-81: the ways chosen (South's alone is no choice)
	}
	if r.c.Simultaneous && !p.Over() {
		allowed |= openingBits // SW-45
	}
	if p.Over() {
		allowed |= stateEndBits
	}
	if p.State&^allowed != 0 {
		return invalid("state %#x", p.State)
	}
	var c cells
	r.t.load(&c, b)
	tz := r.tuzOf(p.State)
	for q := 0; q < 2 && r.c.Tuzdyk; q++ {
		if x := tz[q]; x != noCell && (int(x)-(1-q)*r.t.n >= r.t.n || c[x] != 0) {
			return invalid("tuzdyk of %v in a missing or non-empty house", mancala.Player(q))
		}
	}
	if r.tuzState(tz) != p.State&tuzMask {
		return invalid("state %#x", p.State)
	}
	if r.inOpening(p) && p.ToMove != mancala.NoTurn { // SW-45: a decision of the opening
		if !p.ToMove.Valid() {
			return invalid("%v to move", p.ToMove)
		}
		p.State |= openingBit
		return p, nil
	}
	switch p.ToMove {
	case mancala.NoTurn:
		if p.State&stateEndBits == 0 {
			p.State |= uint32(mancala.EndOther)
		}
		return p, nil
	case mancala.SouthTurn, mancala.NorthTurn:
	default:
		return invalid("%v to move", p.ToMove)
	}
	mover, _ := p.ToMove.Player()
	return r.finish(b, &c, mover, mover, tz, nil), nil
}
