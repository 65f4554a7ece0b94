package sow

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// SW-43, rounds with burnt houses (Dakon, Congklak, Sungka): what would
// end the game (SW-14 to SW-17) ends a round instead; the seeds left go
// as the ending says, each player refills his houses from his store, and
// the houses he cannot fill are burnt for the round. The mechanism lives
// here; engine.go (the burnt masks of cells, skipping burnt houses),
// rules.go (turnEnd), config.go, ending.go, fast.go, family.go and text.go
// hold short hooks.
//
// Position.Round stays 0, and State bits 8-17 name the start of the round
// being played, as package congkak names it: 0 for the game's start,
// otherwise 1 + 2·(South's seeds at the round's start), plus 1 if North
// started it (a round start follows from these: the refill places the
// seeds). So a round start that repeats an earlier one is a repeated
// position, which ends the game by SW-18 (Config.Cycle: each player takes
// his row, and the stores decide), as Congkak's CK-16 does, while
// positions of rounds that started differently never repeat each other.

// RoundStarter says who starts a round after the first (SW-43).
type RoundStarter uint8

const (
	// LoserStarts: the player with fewer seeds at the end of the round
	// starts the next; after a tie, the player who made the last move
	// (Congkak's CK-13).
	LoserStarts RoundStarter = iota
	// LastMoverStarts: the player who made the last move of the round
	// starts the next (Dakon, after Russ).
	LastMoverStarts
	// AlternateStarts: the players take turns to start the rounds: the
	// player who started a round moves second in the next (Pallanguzhi).
	AlternateStarts
)

// RoundFill says from which end of his row a player refills his houses
// after a round (SW-43); the houses he cannot fill are at the other end.
type RoundFill uint8

const (
	// FillFromStore: from the house next to his store (his last house
	// in the direction of sowing) away from it.
	FillFromStore RoundFill = iota
	// FillFromFar: from the house farthest from his store (his first
	// house in the direction of sowing) towards it: from his left in a
	// counter-clockwise game (Pallanguzhi).
	FillFromFar
)

// loadBurnt copies the burnt houses of b into the masks of c.
func loadBurnt(c *cells, b *mancala.Board) {
	s, n := b.BurntMask(mancala.South), b.BurntMask(mancala.North)
	c[burntAt], c[burntAt+1], c[burntAt+2], c[burntAt+3] = uint8(s), uint8(s>>8), uint8(n), uint8(n>>8)
}

// saveBurnt marks burnt the houses of b (open, and holding c's seeds)
// that the masks of c say (they are empty: a burnt house never receives
// a seed).
func saveBurnt(c *cells, b *mancala.Board) {
	for p := mancala.South; p <= mancala.North; p++ {
		for m := burntMask(c, p); m != 0; m &= m - 1 {
			_ = b.SetBurnt(p, bits.TrailingZeros16(m), true)
		}
	}
}

// clearBurnt opens every house of b.
func clearBurnt(b *mancala.Board) {
	for p := mancala.South; p <= mancala.North; p++ {
		for m := b.BurntMask(p); m != 0; m &= m - 1 {
			_ = b.SetBurnt(p, bits.TrailingZeros16(m), false)
		}
	}
}

// burntMask returns player p's burnt houses in c, bit i his house i.
func burntMask(c *cells, p mancala.Player) uint16 {
	return uint16(c[burntAt+2*int(p)]) | uint16(c[burntAt+2*int(p)+1])<<8
}

// burnt reports whether cell x is a burnt house.
func (r *Rules) burnt(c *cells, x int) bool {
	n := r.t.n
	if x >= 2*n {
		return false
	}
	p := mancala.Player(x / n)
	return burntMask(c, p)&(1<<(x%n)) != 0
}

// skipBurnt returns the first hole from pos on that is not a burnt house
// (SW-43), skipping the origin too under SkipOrigin. The mover's circuit
// always holds a hole that is neither (the house he sows from).
func (r *Rules) skipBurnt(c *cells, mover mancala.Player, pos, origin int, next *[numCells]uint8, emit emitter) int {
	for range numCells {
		switch {
		case r.burnt(c, pos):
			emit.ev(mancala.EventSkip, mover, r.t.hole(pos), 0, "SW-43")
		case pos == origin && r.c.SkipOrigin:
			emit.ev(mancala.EventSkip, mover, r.t.hole(pos), 0, "SW-4")
		default:
			return pos
		}
		pos = int(next[pos])
	}
	return pos
}

// fillOrder returns player p's house of rank k in the order of a refill:
// from the house next to his store (his last house in the direction of
// sowing) away from it, or the other way with FillFromFar.
func (r *Rules) fillOrder(k int) int {
	if (r.c.Direction == Clockwise) != (r.c.RoundFill == FillFromFar) {
		return k
	}
	return r.t.n - 1 - k
}

// nextInPlay returns the hole after pos in the circuit next that is not
// a burnt house (SW-43): the next hole of a relay from the next hole
// (SW-25) and of SW-42. The circuit holds one at least, the house the
// move started from.
func (r *Rules) nextInPlay(c *cells, next *[numCells]uint8, pos int) int {
	x := int(next[pos])
	if !r.c.Rounds {
		return x
	}
	for range numCells {
		if !r.burnt(c, x) {
			break
		}
		x = int(next[x])
	}
	return x
}

// roundStarter returns who started the round being played, from its
// name in tz (see roundEnd).
func (r *Rules) roundStarter(tz *tuz) mancala.Player {
	id := int(tz[0]) | int(tz[1])<<8
	if id == 0 {
		return r.firstPlayer()
	}
	return mancala.Player((id - 1) & 1)
}

// roundEnd ends a round (SW-43) whose end bits end are what would have
// ended the game, mover having made its last move and next being the
// player the rules gave the turn to. The seeds left go as the ending
// says; then a player whose store cannot fill a single house ends the
// game (mancala.EndCannotFill, who: that player); otherwise each player
// refills his houses, Config.Seeds each from the house next to his store
// (or from the far end, FillFromFar), the rest burnt, and the round's
// starter is returned with no end bits, unless the new round ends before
// its first move (its starter has no move, or few seeds are left, SW-17):
// that ending then ends the game.
func (r *Rules) roundEnd(c *cells, mover, next mancala.Player, end uint32, tz *tuz, emit emitter) (mancala.Player, uint32) {
	t := r.t
	r.leftover(c, r.leftoverRule(end), next, r.endRule(end), emit)
	fill := r.c.Seeds
	st := [2]int{int(c[t.store[0]]), int(c[t.store[1]])}
	for p := mancala.South; p <= mancala.North; p++ {
		if st[p] < fill {
			if emit != nil {
				emit(mancala.Event{Kind: mancala.EventRoundEnd, Player: mover, Rule: "SW-43"})
				emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: mancala.NoTurn, Rule: "SW-43"})
			}
			return p, endState(mancala.EndCannotFill, mancala.TurnOf(p))
		}
	}
	starter := mover
	switch {
	case r.c.RoundStarter == LoserStarts && st[0] != st[1]:
		starter = mancala.South
		if st[1] < st[0] {
			starter = mancala.North
		}
	case r.c.RoundStarter == AlternateStarts:
		starter = r.roundStarter(tz).Other()
	}
	if emit != nil {
		emit(mancala.Event{Kind: mancala.EventRoundEnd, Player: mover, Rule: "SW-43"})
	}
	for p := mancala.South; p <= mancala.North; p++ {
		k := min(st[p]/fill, t.n)
		was := burntMask(c, p)
		var mask uint16
		for j := 0; j < t.n; j++ {
			i := r.fillOrder(j)
			x := int(p)*t.n + i
			if j >= k {
				mask |= 1 << i
				if was&(1<<i) == 0 {
					emit.ev(mancala.EventBurn, p, t.hole(x), 1, "SW-43")
				}
				continue
			}
			if was&(1<<i) != 0 {
				emit.ev(mancala.EventBurn, p, t.hole(x), 0, "SW-43")
			}
			c[x] = uint8(fill)
			emit.ev(mancala.EventRefill, p, t.hole(x), fill, "SW-43")
		}
		c[t.store[p]] -= uint8(k * fill)
		c[burntAt+2*int(p)], c[burntAt+2*int(p)+1] = uint8(mask), uint8(mask>>8)
	}
	if r.c.Pass && r.candidates(c, starter, *tz) == 0 && r.candidates(c, starter.Other(), *tz) != 0 { // SW-19
		starter = starter.Other()
	}
	// The round's start, named as package congkak names it (CK-16): 0 if
	// it is the game's own start, else 1 + 2 South's seeds, plus 1 if
	// North starts; the refill follows from it.
	id := 1 + 2*st[0] + int(starter)
	if st[0] == t.n*fill && starter == r.firstPlayer() {
		id = 0 // the game's own start
	}
	tz[0], tz[1] = uint8(id), uint8(id>>8)
	if end := r.ends(c, starter, *tz); end != 0 { // a round that cannot start ends the game
		if emit != nil {
			emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: mancala.NoTurn, Rule: r.endRule(end)})
		}
		r.leftover(c, r.leftoverRule(end), starter, r.endRule(end), emit)
		return starter, end
	}
	if emit != nil {
		emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: mancala.TurnOf(starter), Rule: "SW-43"})
	}
	return starter, 0
}

// RoundEnded implements [mancala.Rounder]: after, one decision after
// before, was reached across the end of a round (SW-43): the name of the
// round's start changed (State bits 8-17), or the game ended because a
// player could not fill a house. A round start that repeats the one
// before it has the same name; then seeds going back from the stores to
// the houses tell. Games without rounds never end one.
func (r *Rules) RoundEnded(before, after mancala.Position) bool {
	if !r.c.Rounds || before.Over() {
		return false
	}
	if after.Over() && mancala.EndReason(after.State&stateEnd) == mancala.EndCannotFill {
		return true
	}
	if before.State&(0x3ff<<8) != after.State&(0x3ff<<8) {
		return true
	}
	sb := before.Board.Store(mancala.South) + before.Board.Store(mancala.North)
	sa := after.Board.Store(mancala.South) + after.Board.Store(mancala.North)
	return sa < sb
}

// roundsText returns the paragraph of the players' rules for SW-43.
func roundsText(c *Config) string {
	who := "The player with fewer seeds starts the next round (after a tie, the player who moved last)."
	switch c.RoundStarter {
	case LastMoverStarts:
		who = "The player who moved last starts the next round."
	case AlternateStarts:
		who = "The players take turns to start the rounds."
	}
	from := "the house next to his store"
	if c.RoundFill == FillFromFar {
		from = "the house farthest from his store"
	}
	return "The game is played in rounds. When the round ends, the seeds left go as above; then each player takes the seeds of his store and puts " +
		plural(c.Seeds, "seed") + " into each of his houses, starting with " + from + ". The houses he cannot fill are burnt for the round: nobody sows into them or from them, and the sowing passes over them as if they were not there. " +
		who + " A player who cannot fill a single house loses the game; a round that starts as an earlier one did ends the game, and the stores decide."
}

// rowEmpty reports whether either player's row is empty (SW-44).
func (r *Rules) rowEmpty(c *cells) bool {
	return r.t.rowSum(c, mancala.South) == 0 || r.t.rowSum(c, mancala.North) == 0
}

// firstPlayer returns the player who moves first in the game (SW-2).
func (r *Rules) firstPlayer() mancala.Player {
	if r.c.NorthStarts {
		return mancala.North
	}
	return mancala.South
}
