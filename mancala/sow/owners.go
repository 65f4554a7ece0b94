package sow

import "github.com/sowing-games/sowing/mancala"

// SW-94, houses that nobody owns (Eson Xorgol): the mover may sow from
// any non-empty house of either row, his own (moves A, B, ...) or his
// opponent's (mancala.Across moves, written "^a"). The mechanism lives
// here; engine.go (the cell a move starts from and its pick-up's rule),
// rules.go (the candidates, Legal, the move index and the refusals),
// twoout.go (the single-lap two-out capture, TwoOutOnce), config.go (the
// fields and their check), family.go (the rule ids), text.go (the rules
// text) and packed.go (left to the generic engine) hold short hooks.
//
// Move indices: in a game with NoOwners, index k >= 16 names the
// opponent's house k-16, sown in the game's direction (such games have
// no reversed moves, which use those indices elsewhere).

// checkOwners refuses what SW-94 does not combine with: four rows, the
// moves and filters that read a player's own row (EitherWay,
// ReverseHouses, MinSeeds above 1, EachHouseOnce, SingleToEmpty,
// SingleIntoEmpty, Feed, grand slam rules, the four-row filters), a
// tuzdyk, rounds, the simultaneous opening, SkipCount and the ends by an
// empty row; and TwoOutOnce without TwoOut.
func (c *Config) checkOwners() error {
	switch {
	case c.TwoOutOnce && !c.TwoOut:
		return bad("TwoOutOnce", "without TwoOut")
	case !c.NoOwners:
		return nil
	case c.Rows == 2 || c.EitherWay || c.ReverseHouses != 0 || c.MinSeeds > 1 || c.EachHouseOnce ||
		c.SingleToEmpty || c.SingleIntoEmpty || c.Feed || c.GrandSlam != SlamCapture || c.MustCapture ||
		c.InnerRowNeeded || c.Tuzdyk || c.Rounds || c.Simultaneous || c.SkipCount > 0 ||
		c.EndRowEmpty || c.TurnRowEmpty || c.WayByFirstMove:
		return bad("NoOwners", "houses without owners need two rows and exclude EitherWay, ReverseHouses, MinSeeds above 1, "+
			"EachHouseOnce, SingleToEmpty, SingleIntoEmpty, Feed, grand slam rules, MustCapture, InnerRowNeeded, Tuzdyk, "+
			"Rounds, Simultaneous, SkipCount, EndRowEmpty, TurnRowEmpty and WayByFirstMove")
	}
	return nil
}

// ownersRules returns the rule ids of SW-94.
func (c *Config) ownersRules() []string {
	if c.NoOwners {
		return []string{"SW-94"}
	}
	return nil
}

// acrossMoves returns the candidate moves from the opponent's row (SW-94):
// his non-empty houses, as move indices 16 on; 0 in other games.
func (r *Rules) acrossMoves(c *cells, mover mancala.Player) uint32 {
	if !r.c.NoOwners {
		return 0
	}
	return r.t.nonEmpty(c, mover.Other()) << 16
}

// startCell returns the cell that move index k of mover sows from, and
// its direction (see the move indices above and in engine.go).
func (r *Rules) startCell(mover mancala.Player, k int) (cell, dir int) {
	if r.c.NoOwners && k >= 16 { // SW-94
		return (1-int(mover))*r.t.n + k&15, 0
	}
	return int(mover)*r.t.n + k&15, k >> 4
}

// startRule returns the rule id of a move's first pick-up: SW-94 for a
// move from the opponent's row, else pickUpRule's.
func (r *Rules) startRule(mover mancala.Player, k int, tz *tuz) string {
	if r.c.NoOwners && k >= 16 {
		return "SW-94"
	}
	return r.pickUpRule(mover, tz)
}

// moveAt returns the move of index k of mover.
func (r *Rules) moveAt(mover mancala.Player, k int) mancala.Move {
	if r.c.NoOwners && k >= 16 {
		return mancala.Across(mancala.Single(mover, k&15))
	}
	return moveOf(mover, k)
}

// legalOrder appends the moves of mask m of mover in Legal's order: with
// SW-94 the own houses, then the opponent's; else each house, then its
// reversed move (SW-20).
func (r *Rules) legalOrder(dst []mancala.Move, mover mancala.Player, m uint32) []mancala.Move {
	if r.c.NoOwners {
		for k := 0; k < 32; k++ {
			if k&15 < r.t.n && m&(1<<k) != 0 {
				dst = append(dst, r.moveAt(mover, k))
			}
		}
		return dst
	}
	for i := 0; i < r.t.n; i++ {
		if m&(1<<i) != 0 {
			dst = append(dst, moveOf(mover, i))
		}
		if m&(1<<(i+16)) != 0 {
			dst = append(dst, moveOf(mover, i+16))
		}
	}
	return dst
}

// acrossIndex returns the move index of a move from the opponent's row
// (m.Across()) of mover, house h, and false where SW-94 does not apply
// or m is also reversed.
func (r *Rules) acrossIndex(m mancala.Move, h int) (int, bool) {
	if !r.c.NoOwners || m.Reversed() || h >= r.t.n {
		return 0, false
	}
	return h + 16, true
}

// ownersRefusal returns the refusal of move m of mover, index k, not
// legal on c, that concerns the row it starts from, or nil: a move from
// the opponent's row in a game of owned rows, or an empty house.
func (r *Rules) ownersRefusal(c *cells, mover mancala.Player, k int, m mancala.Move) error {
	if !r.c.NoOwners {
		return nil
	}
	if x, _ := r.startCell(mover, k); c[x] == 0 {
		return mancala.Illegal(m, "SW-2", "house %v is empty", r.t.hole(x))
	}
	return nil
}
