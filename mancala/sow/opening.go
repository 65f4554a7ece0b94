package sow

import (
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// SW-45, the simultaneous opening (Congkak's CK-8, Sungka): both players
// choose a house at once (a [mancala.Joint] move at [mancala.BothTurn])
// and sow in ticks, FirstHand's hand first in each tick, each hand
// dropping one seed a tick; a last seed is resolved at once (a relay takes
// the house's seeds up, a capture or a dead end ends that player's turn);
// a player whose last seed reached his store chooses again at the end of
// the tick, the other hand in flight ([mancala.Board.Hand]), or both
// choose again if both reached their stores. A player with no seeds in
// his houses cannot choose: his turn has ended. When one turn has ended
// the other hand goes on alone. When both have, the player whose turn
// ended first moves next (South if both ended in the same tick, the
// second hand of that tick counting as the last mover), and the end of a
// round is tested (SW-43, SW-44) as at the end of a turn.
//
// Positions of the opening have State bit 21 set, and bits 22 and 23 when
// South's, North's turn has ended. The mechanism lives here; rules.go
// (Legal, check, Apply), fast.go (root, Playout), ending.go (Setup) and
// config.go hold short hooks.

const (
	openingBit  uint32 = 1 << 21 // the simultaneous opening is under way (bits 19, 20 are SW-66's)
	endedShift         = 22      // bits 22, 23: South's, North's opening turn has ended
	openingBits        = openingBit | 3<<endedShift
)

// inOpening reports whether p is a position of the simultaneous opening.
func (r *Rules) inOpening(p mancala.Position) bool {
	return r.c.Simultaneous && (p.State&openingBit != 0 || p.ToMove == mancala.BothTurn)
}

// openingLegal appends the moves of p, a position of the opening: every
// Joint pair of non-empty houses at BothTurn (South's house, then
// North's, in house order), else the chooser's non-empty houses.
func (r *Rules) openingLegal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	n := r.t.n
	if p.ToMove == mancala.BothTurn {
		rs, rn := p.Board.Row(mancala.South), p.Board.Row(mancala.North)
		for i := 0; i < n; i++ {
			for j := 0; i < n && rs[i] != 0 && j < n; j++ {
				if rn[j] != 0 {
					dst = append(dst, mancala.Joint(i, j))
				}
			}
		}
		return dst
	}
	if pl, ok := p.ToMove.Player(); ok {
		row := p.Board.Row(pl)
		for i := 0; i < n; i++ {
			if row[i] != 0 {
				dst = append(dst, mancala.Single(pl, i))
			}
		}
	}
	return dst
}

// openingMove reports whether m is one of openingLegal(p).
func (r *Rules) openingMove(p mancala.Position, m mancala.Move) bool {
	if m.Turn() != p.ToMove || m.Reversed() {
		return false
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		h, ok := m.House(pl)
		if ok && (h >= r.t.n || p.Board.Seeds(pl, h) == 0) {
			return false
		}
	}
	return true
}

// hand is one player's hand in the opening.
type hand struct {
	seeds int
	at    int // the cell it last dropped a seed into or took seeds from
}

// openingApply plays m, a legal move of p, a position of the opening.
func (r *Rules) openingApply(p mancala.Position, m mancala.Move, emit emitter) mancala.Position {
	t := r.t
	var c cells
	t.load(&c, &p.Board)
	tz := r.tuzOf(p.State)
	var hands [2]hand
	ended := [2]bool{p.State&(1<<endedShift) != 0, p.State&(2<<endedShift) != 0}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if s, at := p.Board.Hand(pl); s > 0 {
			hands[pl] = hand{s, t.cellOf(at)}
		}
		if h, ok := m.House(pl); ok {
			x := int(pl)*t.n + h
			hands[pl] = hand{int(c[x]), x}
			c[x] = 0
			emit.ev(mancala.EventPickUp, pl, t.hole(x), hands[pl].seeds, "SW-45")
		}
	}
	first := r.c.FirstHand
	order := [2]mancala.Player{first, first.Other()}
	firstEnded, lastMover := mancala.NoTurn, first.Other()
	if ended[0] != ended[1] { // one turn ended before this decision
		firstEnded = mancala.SouthTurn
		if ended[1] {
			firstEnded = mancala.NorthTurn
		}
	}
	for {
		var choose [2]bool
		var endedNow [2]bool
		for _, pl := range order {
			h := &hands[pl]
			if h.seeds == 0 {
				continue
			}
			h.at = int(t.next[0][pl][h.at])
			c[h.at]++
			h.seeds--
			emit.ev(mancala.EventDrop, pl, t.hole(h.at), 1, "")
			if h.seeds > 0 {
				continue
			}
			switch x := h.at; {
			case x == int(t.store[pl]): // SW-8: he chooses again, if he can
				if t.nonEmpty(&c, pl) != 0 {
					choose[pl] = true
				} else {
					endedNow[pl] = true
				}
			case c[x] > 1: // SW-7: relay
				h.seeds = int(c[x])
				c[x] = 0
				emit.ev(mancala.EventPickUp, pl, t.hole(x), h.seeds, "SW-7")
			default: // an empty house: a capture (SW-10) or a dead end
				if t.owner(x) == pl && r.c.Opposite && t.opp[x] != noCell {
					var res result
					r.opposite(&c, pl, x, &res, emit)
				}
				endedNow[pl] = true
			}
		}
		for _, pl := range order {
			if endedNow[pl] {
				ended[pl] = true
				lastMover = pl
				if firstEnded == mancala.NoTurn {
					firstEnded = mancala.TurnOf(pl)
					if endedNow[0] && endedNow[1] {
						firstEnded = mancala.SouthTurn // both in the same tick
					}
				}
			}
		}
		if choose[0] || choose[1] {
			turn := mancala.SouthTurn
			switch {
			case choose[0] && choose[1]:
				turn = mancala.BothTurn
			case choose[1]:
				turn = mancala.NorthTurn
			}
			if emit != nil {
				emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: order[1], Turn: turn, Rule: "SW-45"})
			}
			return r.openingPosition(&p.Board, &c, hands, ended, turn, tz)
		}
		if ended[0] && ended[1] {
			break
		}
	}
	next, _ := firstEnded.Player()
	mover := lastMover
	if r.c.Pass && r.candidates(&c, next, tz) == 0 && r.candidates(&c, next.Other(), tz) != 0 { // SW-19
		next = next.Other()
	}
	end := r.ends(&c, next, tz)
	if end == 0 && r.c.TurnRowEmpty && r.rowEmpty(&c) { // SW-44, after the opening as a whole
		end = endState(mancala.EndNoMove, mancala.NoTurn) | stateTurnRow
	}
	b := p.Board
	for pl := mancala.South; pl <= mancala.North; pl++ {
		_ = b.SetHand(pl, 0, mancala.Hole{})
	}
	switch {
	case end != 0 && r.c.Rounds:
		next, end = r.roundEnd(&c, mover, next, end, &tz, emit)
	case end != 0:
		if emit != nil {
			emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: mancala.NoTurn, Rule: r.endRule(end)})
		}
		r.leftover(&c, r.leftoverRule(end), next, r.endRule(end), emit)
	default:
		if emit != nil {
			emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: mancala.TurnOf(next), Rule: "SW-45"})
		}
	}
	turn := mancala.TurnOf(next)
	if end != 0 {
		turn = mancala.NoTurn
	}
	t.save(&c, &b)
	return mancala.Position{Board: b, ToMove: turn, State: end | r.tuzState(tz)}
}

// openingPosition returns a decision of the opening: c with the hands in
// flight, turn to choose.
func (r *Rules) openingPosition(from *mancala.Board, c *cells, hands [2]hand, ended [2]bool, turn mancala.Turn, tz tuz) mancala.Position {
	b := *from
	for pl := mancala.South; pl <= mancala.North; pl++ {
		_ = b.SetHand(pl, 0, mancala.Hole{})
	}
	r.t.save(c, &b)
	st := openingBit | r.tuzState(tz)
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if h := hands[pl]; h.seeds > 0 {
			_ = b.SetHand(pl, h.seeds, r.t.hole(h.at))
		}
		if ended[pl] {
			st |= 1 << (endedShift + uint(pl))
		}
	}
	return mancala.Position{Board: b, ToMove: turn, State: st}
}

// cellOf returns the cell of hole h.
func (t *tables) cellOf(h mancala.Hole) int {
	if h.IsStore() {
		return int(t.store[h.Owner])
	}
	return int(h.Owner)*t.n + h.House
}

// openingPlayout plays random moves from p, a position of the opening,
// until the opening is over; it returns the position and the moves.
func (r *Rules) openingPlayout(p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
	var buf [mancala.MaxHouses * mancala.MaxHouses]mancala.Move
	plies := 0
	for r.inOpening(p) && !p.Over() && (maxPlies <= 0 || plies < maxPlies) {
		ms := r.openingLegal(buf[:0], p)
		p = r.openingApply(p, ms[rng.IntN(len(ms))], nil)
		plies++
	}
	return p, plies
}
