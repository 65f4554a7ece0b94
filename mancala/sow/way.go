package sow

import "github.com/sowing-games/sowing/mancala"

// SW-81, the way chosen by the game's first move (Olinda): the first
// move may be sown either way; the way it takes is its player's for the
// rest of the game, rounds included (SW-43), and the other player sows
// the other way. The mechanism lives here; config.go (the field),
// rules.go (index, candidates, the packed engine left out, the State
// bits), engine.go (the choice recorded), ending.go (Setup), family.go
// and text.go hold one-line hooks.
//
// The choice is kept in Position.State: bit 24 once it is made, bit 25
// when South sows against Config.Direction (North then sows with it). In
// the engine they are bits 3 and 4 of tuz[2].

const (
	wayChosenBit = 1 << 24 // SW-81: the first move has chosen the ways
	waySouthBit  = 1 << 25 // SW-81: South sows against Config.Direction
	wayBits      = wayChosenBit | waySouthBit

	tzWayChosen = 8  // wayChosenBit in tuz[2]
	tzWaySouth  = 16 // waySouthBit in tuz[2]
)

// wayOfState reads the SW-81 bits of a State word into tuz[2]'s bits
// (none in games without WayByFirstMove).
func (r *Rules) wayOfState(st uint32) uint8 {
	if !r.c.WayByFirstMove {
		return 0
	}
	return uint8(st & wayBits >> 21)
}

// wayState writes the SW-81 bits of tuz[2] into State bits.
func wayState(tz2 uint8) uint32 { return uint32(tz2&(tzWayChosen|tzWaySouth)) << 21 }

// wayMoves returns the moves m of mover (move indices, each house's
// reversed move added) that SW-81 allows with the ways in tz: both ways
// before the first move has chosen, afterwards his way alone.
func (r *Rules) wayMoves(mover mancala.Player, tz tuz, m uint32) uint32 {
	m &= 0xffff
	if tz[2]&tzWayChosen == 0 {
		return m | m<<16
	}
	if (tz[2]&tzWaySouth != 0) == (mover == mancala.South) {
		return m << 16
	}
	return m
}

// chooseWay records in tz the ways that mover's move, sown in direction
// dir (1: against Config.Direction), chooses if it is the game's first
// (SW-81).
func chooseWay(tz *tuz, mover mancala.Player, dir int) {
	if tz[2]&tzWayChosen != 0 {
		return
	}
	tz[2] |= tzWayChosen
	if (dir == 1) == (mover == mancala.South) {
		tz[2] |= tzWaySouth
	}
}

// wayChoiceRefusal returns the refusal of mover's move m (index k) when SW-81 forbids
// its way, or nil.
func (r *Rules) wayChoiceRefusal(mover mancala.Player, tz tuz, k int, m mancala.Move) error {
	if !r.c.WayByFirstMove || r.wayMoves(mover, tz, 1<<(k&15))&(1<<k) != 0 {
		return nil
	}
	return mancala.Illegal(m, "SW-81", "%v sows the other way: the game's first move chose the ways", mover)
}

// checkWay returns the problem of c's SW-81 setting, or nil.
func (c *Config) checkWay() error {
	if c.WayByFirstMove && (c.EitherWay || c.ReverseHouses != 0 || c.Rows == 2 || c.Simultaneous) {
		return bad("WayByFirstMove", "the way chosen by the first move excludes EitherWay, ReverseHouses, four rows and the simultaneous opening")
	}
	return nil
}

// wayText is the rules text of SW-81, or "".
func (c *Config) wayText() string {
	if !c.WayByFirstMove {
		return ""
	}
	return "The first move of the game may be sown either way; the player who makes it sows that way for the rest of the game, and his opponent the other way."
}
