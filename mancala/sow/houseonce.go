package sow

import (
	"fmt"
	"math/big"

	"github.com/sowing-games/sowing/mancala"
)

// SW-90, each house once (Adji-boto's opening): until a player has sown
// from each of his houses once, he must sow from one he has not sown
// from yet, if one of those is a legal move. SW-92, no capture in the
// game's first move. The mechanisms live here; engine.go (the pick-up's
// rule, marking the house played, the first move's captures), rules.go
// (the State word, the move filter and its refusal, the bound),
// ending.go (Setup), config.go (the fields and their checks), family.go
// (the rule ids) and text.go (the rules text) hold short hooks.
//
// State: with EachHouseOnce, Position.State bits 8-12 are the houses
// South has sown from (bit 8+i: his house i), bits 13-17 North's; those
// bits hold the tuzdyks (SW-13) or a round's start (SW-43) in other
// games, which the check of the Config keeps apart. In the engine they
// are tuz[0] and tuz[1]. SW-92 keeps in bit 18 whether the game's first
// move has been played (tuz[2] bit 0), as SW-24 does, which it excludes.

// maxOnceHouses is the most houses a side that EachHouseOnce supports:
// five bits a player in the State word.
const maxOnceHouses = 5

// playedMask is the State bits of the houses played (SW-90).
const playedMask = 0x3ff << 8

// playedOf reads the engine's tuz from a State word of a game with
// EachHouseOnce (SW-90): the houses each player has played, and the
// first move's bit (SW-92) and SW-66's bits.
func playedOf(st uint32) tuz {
	tz := tuz{uint8(st >> 8 & 31), uint8(st >> 13 & 31), uint8(st & movedBits >> 18)}
	if st&openedBit != 0 {
		tz[2] |= 1
	}
	return tz
}

// playedState writes tz back (the inverse of playedOf).
func playedState(tz tuz) uint32 {
	return uint32(tz[0]&31)<<8 | uint32(tz[1]&31)<<13 | uint32(tz[2]&1)<<18 | uint32(tz[2]&6)<<18
}

// unplayed filters the candidate moves m of mover (SW-90): the houses he
// has not played yet, if any of them is a candidate, else m.
func (r *Rules) unplayed(m uint32, mover mancala.Player, tz tuz) uint32 {
	if u := m &^ uint32(tz[mover]); u != 0 {
		return u
	}
	return m
}

// onceRefusal returns the refusal of a move of mover, index k, that SW-90
// alone forbids, or nil.
func (r *Rules) onceRefusal(c *cells, mover mancala.Player, tz tuz, k int, m mancala.Move) error {
	if !r.c.EachHouseOnce || tz[mover]&(1<<(k&15)) == 0 {
		return nil
	}
	open := tz
	open[mover] = 0
	if r.legal(c, mover, open)&(1<<k) == 0 {
		return nil
	}
	return mancala.Illegal(m, "SW-90", "%v has sown from %v already and must first sow from each of his other houses once", mover, m)
}

// pickUpRule returns the rule id that a move's first pick-up applies:
// SW-92 in the game's first move, which captures nothing; SW-90 while the
// mover has houses he has not sown from; "" otherwise.
func (r *Rules) pickUpRule(mover mancala.Player, tz *tuz) string {
	switch {
	case r.c.FirstMoveNoCapture && tz[2]&1 == 0:
		return "SW-92"
	case r.c.EachHouseOnce && int(tz[mover]) != 1<<r.t.n-1:
		return "SW-90"
	}
	return ""
}

// onceStates returns the factor of MaxPlies' bound for the State that
// SW-90 adds: the houses played only grow, 2n times at most in a game,
// so a game sees at most 2n+1 of their values.
func (r *Rules) onceStates() *big.Int {
	if !r.c.EachHouseOnce {
		return big.NewInt(1)
	}
	return big.NewInt(int64(2*r.c.Houses + 1))
}

// onceBits returns the State bits that SW-90 and SW-92 allow in a
// position given to Setup, and whether st's houses played are houses of
// the board.
func (r *Rules) onceBits(st uint32) (allowed uint32, ok bool) {
	if r.c.FirstMoveNoCapture {
		allowed |= openedBit
	}
	if r.c.EachHouseOnce {
		allowed |= playedMask
		full := uint8(1<<r.t.n - 1)
		tz := playedOf(st)
		ok = tz[0]&^full == 0 && tz[1]&^full == 0
		return allowed, ok
	}
	return allowed, true
}

// checkOnce returns the problem of c's SW-90 to SW-93 settings, or nil.
func (c *Config) checkOnce() error {
	switch {
	case c.EachHouseOnce && (c.Houses > maxOnceHouses || c.Tuzdyk || c.Rounds || c.EitherWay || c.WayByFirstMove || c.Simultaneous ||
		c.ReverseHouses != 0 || c.Rows == 2):
		return bad("EachHouseOnce", "supported with at most %d houses a side, one direction, two rows, and no tuzdyk, rounds or simultaneous opening", maxOnceHouses)
	case c.FirstMoveNoCapture && (c.SkipCount > 0 || c.Tuzdyk || c.Rounds || c.Simultaneous):
		return bad("FirstMoveNoCapture", "excludes SkipCount, Tuzdyk, Rounds and Simultaneous, which keep other State in its bit")
	case c.CaptureBeyond && (len(c.CaptureCounts) == 0 && !c.CaptureEven || c.Relay || c.TwoOut || c.CaptureNext ||
		c.Opposite || c.Tuzdyk || c.Rounds || c.Rows == 2 || c.Simultaneous):
		return bad("CaptureBeyond", "needs CaptureCounts and excludes Relay, TwoOut, CaptureNext, Opposite, Tuzdyk, Rounds, four rows and Simultaneous")
	case c.RefillDraw && (!c.CannotMoveLoses || c.Pattern != nil || c.Rounds || c.Pass):
		return bad("RefillDraw", "needs CannotMoveLoses and Seeds (no Pattern), and excludes Rounds and Pass")
	}
	return nil
}

// onceRules returns the rule ids of SW-90 to SW-93 that c uses.
func (c *Config) onceRules() []string {
	var ids []string
	add := func(on bool, id string) {
		if on {
			ids = append(ids, id)
		}
	}
	add(c.EachHouseOnce, "SW-90")
	add(c.CaptureBeyond, "SW-91")
	add(c.FirstMoveNoCapture, "SW-92")
	add(c.RefillDraw, "SW-93")
	return ids
}

// onceNotes returns the sowing notes of SW-90 and SW-92 for the rules
// text.
func (c *Config) onceNotes() []string {
	var notes []string
	if c.EachHouseOnce {
		notes = append(notes, "At the start of the game you must sow from each of your houses once: until you have, you may not sow again from a house you have already sown from.")
	}
	if c.FirstMoveNoCapture {
		notes = append(notes, "The first move of the game captures nothing.")
	}
	return notes
}

// beyondText is the rules text of SW-91's capture, row and counts in
// words.
func (c *Config) beyondText(row, counts string) string {
	s := fmt.Sprintf("Look at the hole after the one your last seed fell into: if it is in %s and holds %s, you capture its seeds.", row, counts)
	if c.Successive {
		s += fmt.Sprintf(" Then look at the hole after that one: if it too holds %s, capture it as well, and so on forwards until a hole fails.", counts)
	}
	return s
}

// refillText is the rules text of SW-93's ending, or "" without it.
func (c *Config) refillText() string {
	if !c.RefillDraw {
		return ""
	}
	return fmt.Sprintf("A player who cannot move when his turn comes loses the game, unless he has captured enough seeds to put %s into each of his houses again (%s or more): then the game is a draw, and the captures are evened to half of the seeds each. The winner takes the seeds left.",
		plural(c.Seeds, "seed"), plural(c.Houses*c.Seeds, "seed"))
}
