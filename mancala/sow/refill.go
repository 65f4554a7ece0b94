package sow

import "github.com/sowing-games/sowing/mancala"

// SW-93, a draw by refilling (Adji-boto): with CannotMoveLoses (SW-23), a
// player who cannot move loses, unless his store holds enough seeds to
// put Seeds seeds into each of his houses again; then the game is a
// draw. The result is read from the stores (mancala.Position.Outcome), so
// a drawn game ends with each store holding half of the seeds: the
// winner-to-be takes the seeds left (as SW-23 gives them), then receives
// from the other store what it holds beyond half. Both endings, the loss
// and the draw, carry the id SW-93 (Rules.Ending). Hooks: rules.go
// (turnEnd, Outcome), ending.go (Ending), config.go, family.go, text.go.

// refillDraws reports whether the game that ends (end bits end, with
// stuck to move) is an SW-93 draw.
func (r *Rules) refillDraws(c *cells, end uint32, stuck mancala.Player) bool {
	return r.c.RefillDraw && r.sw93(end) && int(c[r.t.store[stuck]]) >= r.c.Houses*r.c.Seeds
}

// sw93 reports whether end bits end are a no-move ending of a player
// (SW-14), which SW-93 decides in a game with RefillDraw.
func (r *Rules) sw93(end uint32) bool {
	return r.c.RefillDraw && endRuleBits(end) == "SW-14"
}

// endID returns the rule id of end bits end: endRule's, but SW-93 for
// a no-move ending in a game with RefillDraw.
func (r *Rules) endID(end uint32) string {
	if r.sw93(end) {
		return "SW-93"
	}
	return r.endRule(end)
}

// evenStores ends an SW-93 draw on c, stuck being the player who cannot
// move: his opponent takes the seeds left (SW-23), then the part of
// stuck's store beyond half of the seeds.
func (r *Rules) evenStores(c *cells, stuck mancala.Player, emit emitter) {
	r.leftover(c, OpponentTakes, stuck, "SW-93", emit)
	t := r.t
	s := t.store[stuck]
	if k := int(c[s]) - r.total/2; k > 0 {
		emit.ev(mancala.EventCapture, stuck.Other(), t.hole(int(s)), k, "SW-93")
		c[s] -= uint8(k)
		c[t.store[stuck.Other()]] += uint8(k)
	}
}
