package congkak

import "github.com/sowing-games/sowing/mancala"

// The end of a round (CK-9 to CK-14) and the start of the next (CK-11 to
// CK-13, CK-16) in the general engine (sow.go).

// roundEnd scores the round (CK-10), and either ends the set (CK-14, or the
// Rounds limit) or refills the houses (CK-11, CK-12) for the next round,
// which the loser starts (CK-13).
func (s *sim) roundEnd(last mancala.Player) {
	r := s.r
	n := r.n
	starter, end := s.nextRound(last)
	if s.tr != nil {
		next, rule := mancala.TurnOf(starter), "CK-13"
		if end != 0 {
			next, rule = mancala.NoTurn, "CK-14"
		}
		s.setTurn(last, next, rule)
		s.tr.emit(mancala.Event{Kind: mancala.EventRoundEnd, Player: last, Count: s.round, Rule: "CK-9"})
	}
	for p := mancala.South; p <= mancala.North; p++ {
		st := r.storeSlot(p)
		for i := 0; i < n; i++ {
			x := r.houseSlot(p, i)
			if v := s.b[x]; v > 0 {
				s.event(mancala.EventCapture, p, x, int(v), "CK-10")
				s.b[st] += v
				s.b[x] = 0
			}
		}
	}
	s.state = 0
	if end != 0 {
		// The set is over; the board keeps the last round's burnt houses.
		s.toMove = mancala.NoTurn
		s.state = end
		return
	}
	old := s.burnt
	s.burnt = [2]uint16{}
	for p := mancala.South; p <= mancala.North; p++ {
		st := r.storeSlot(p)
		for i := n - 1; i >= 0; i-- {
			x := r.houseSlot(p, i)
			wasBurnt := old[p]&(1<<i) != 0
			if int(s.b[st]) >= r.seeds {
				if wasBurnt {
					s.event(mancala.EventBurn, p, x, 0, "CK-12")
				}
				s.event(mancala.EventRefill, p, x, r.seeds, "CK-11")
				s.b[x] = uint8(r.seeds)
				s.b[st] -= uint8(r.seeds)
			} else {
				s.burnt[p] |= 1 << i
				if !wasBurnt {
					s.event(mancala.EventBurn, p, x, 1, "CK-12")
				}
			}
		}
	}
	s.setPaths()
	s.startRound(starter)
}

// nextRound decides, once the round's seeds are counted (the houses may
// still hold the seeds that CK-10 moves to the stores), who starts the next
// round (CK-13: the loser; on a tie last, who moved last) or, if the set is
// over, the State bits that say why: a player who cannot fill a single house
// (CK-14), or the round limit.
func (s *sim) nextRound(last mancala.Player) (starter mancala.Player, end uint32) {
	r := s.r
	n := r.n
	ss, sn := int(s.b[n])+s.rowSeeds(mancala.South), int(s.b[2*n+1])+s.rowSeeds(mancala.North)
	starter = last
	if ss < sn {
		starter = mancala.South
	} else if sn < ss {
		starter = mancala.North
	}
	switch {
	case ss < r.seeds:
		return starter, endState(mancala.EndCannotFill, mancala.TurnOf(mancala.South))
	case sn < r.seeds:
		return starter, endState(mancala.EndCannotFill, mancala.TurnOf(mancala.North))
	case r.o.Rounds > 0 && s.round >= r.o.Rounds:
		return starter, endState(mancala.EndRoundLimit, mancala.NoTurn)
	}
	return starter, 0
}

// startRound gives the refilled board to starter: the round number goes
// up, or, under CK-16 in a full set, the State names the round's start.
func (s *sim) startRound(starter mancala.Player) {
	r := s.r
	s.toMove = mancala.TurnOf(starter)
	s.started = true
	if !r.cycles {
		s.round++
		return
	}
	s.state = r.startTag(int(s.b[r.storeSlot(mancala.South)])+s.rowSeeds(mancala.South), starter)
}

// startTag returns the stateStart bits of a round that starter starts with
// south seeds on South's side: 0 if that is the set's own start (only a
// sequential opening can come back to it).
func (r *Rules) startTag(south int, starter mancala.Player) uint32 {
	if r.o.Opening == OpeningSequential && starter == r.o.Starter && south == r.n*r.seeds {
		return 0
	}
	return uint32(1+south<<1+int(starter)) << stateStartShift
}

// endState returns the State bits of a set that ended for reason, which
// concerns who (mancala.NoTurn: nobody in particular).
func endState(reason mancala.EndReason, who mancala.Turn) uint32 {
	st := uint32(reason) << stateEndShift
	if p, ok := who.Player(); ok {
		st |= stateEndWho
		if p == mancala.North {
			st |= stateEndNorth
		}
	}
	return st
}

var _ mancala.Rounder = (*Rules)(nil)

// RoundEnded implements [mancala.Rounder], through which
// [mancala.Game.Round] counts a game's rounds. It reports whether after, the position one decision after before
// (ended by [Rules.Cycle] if a history keeper saw it repeat), lies past the
// end of before's round: the set has ended (it ends only when a round
// does), or a new round has started. It is how a game interface tells
// round ends apart whatever Position.Round says: under CK-16 in a full set
// the round number stays 1, and the State names the round's start instead,
// which differs from one round to the next (two rounds in a row with the
// same start are a repetition, which ends the set). The number of a round
// is then one more than the round ends before it.
func (r *Rules) RoundEnded(before, after mancala.Position) bool {
	switch {
	case before.Over():
		return false
	case after.Over():
		return true
	case r.cycles:
		return before.State&stateStart != after.State&stateStart
	}
	return after.Round != before.Round
}
