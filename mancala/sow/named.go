package sow

import "github.com/sowing-games/sowing/mancala"

// Where mechanisms that act without a step of their own are named (issue
// 42): the refusals of SW-40 and SW-41, the captures that SW-63 and SW-66
// do not make, and the endings of SW-23 and SW-64. engine.go, rules.go
// and ending.go hold one-line hooks.

// stateInner, with mancala.EndNoMove, says that the player who could not
// move had seeds but none in his inner row (SW-64). It shares bit 6 with
// stateFew, which only EndOther uses.
const stateInner = stateFew

// endRule returns the rule id of the end bits st: that of endRuleBits,
// except that a player who cannot move (SW-14) is named by SW-64 when his
// inner row is what stops him, and by SW-23 in games where he loses.
func (r *Rules) endRule(st uint32) string {
	rule := endRuleBits(st)
	if rule != "SW-14" {
		return rule
	}
	switch {
	case st&stateInner != 0:
		return "SW-64"
	case r.c.CannotMoveLoses:
		return "SW-23"
	}
	return rule
}

// noMoveState returns the end bits of a game whose player next, to move
// on c, has no legal move (SW-14, SW-64).
func (r *Rules) noMoveState(c *cells, next mancala.Player) uint32 {
	st := endState(mancala.EndNoMove, mancala.TurnOf(next))
	if r.c.InnerRowNeeded && r.t.innerEmpty(c, next) && r.t.nonEmpty(c, next) != 0 {
		st |= stateInner
	}
	return st
}

// captureOff tells, when tracing, that a lap of mover's that ended in
// pos would have captured there but captures nothing by rule (SW-63 or
// SW-66): an EventSkip of that hole, no seed moving. c and tz are left
// as they are.
func (r *Rules) captureOff(c *cells, mover mancala.Player, dir, pos int, tz *tuz, rule string, emit emitter) {
	if emit == nil || rule == "" {
		return
	}
	d, dz := *c, *tz
	var res result
	if stop, _ := r.capture(&d, mover, dir, pos, &dz, &res, nil); stop {
		emit.ev(mancala.EventSkip, mover, r.t.hole(pos), 0, rule)
	}
}

// wayRefusal returns the refusal of mover's move m (move index k) on c
// when SW-40 or SW-41 is what forbids it, or nil.
func (r *Rules) wayRefusal(c *cells, mover mancala.Player, k int, m mancala.Move) error {
	switch {
	case r.c.EitherWay && r.split&(1<<k) == 0:
		return mancala.Illegal(m, "SW-40", "house %v is not sown that way: the house fixes the way of its sowing", mancala.Single(mover, k&15))
	case r.c.SingleToEmpty && int(c[int(mover)*r.t.n+k&15]) == 1 && r.singleToEmpty(c, mover, 1<<k) == 0:
		return mancala.Illegal(m, "SW-41", "house %v holds a single seed, which may only be sown into an empty house", mancala.Single(mover, k&15))
	}
	return nil
}
