package kalah

import "github.com/sowing-games/sowing/mancala"

var _ mancala.Tracer = (*Rules)(nil)

// Trace implements [mancala.Tracer]: it returns what [Rules.Play] returns
// and, for a legal move, reports its steps to emit, each with the rule it
// applies in Event.Rule:
//
//   - the pick-up of the chosen house, then one drop a hole round the
//     ring (KA-2: the mover's houses, his store, the opponent's houses,
//     the origin too on a lap), and a skip of the opponent's store;
//   - a capture (KA-4) of the opposite house and of the last seed;
//   - the turn's end: with Rule "KA-3" when the last seed reached the
//     mover's store and he moves again, "KA-5" when the game ends, "" when
//     the opponent moves next;
//   - at the end of the game (KA-5), a capture into each player's store of
//     each house of his row that still holds seeds.
//
// It plays the move step by step, apart from Apply's path, so that a
// caller that does not trace pays nothing for it.
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	q, err := r.Play(p, m)
	if err != nil || emit == nil {
		return q, err
	}
	me, _ := p.ToMove.Player()
	you := me.Other()
	n := r.o.Houses
	ring := 2*n + 1
	hole := func(x int) mancala.Hole {
		switch {
		case x < n:
			return mancala.Hole{Owner: me, House: x}
		case x == n:
			return mancala.Hole{Owner: me, House: mancala.StoreHouse}
		}
		return mancala.Hole{Owner: you, House: x - n - 1}
	}
	own, opp := p.Board.Row(me), p.Board.Row(you)
	i, _ := m.House(me)
	s := int(own[i])
	own[i] = 0
	emit(mancala.Event{Kind: mancala.EventPickUp, Player: me, Hole: hole(i), Count: s})
	x := i
	for k := 0; k < s; k++ {
		if x == ring-1 {
			emit(mancala.Event{Kind: mancala.EventSkip, Player: me, Hole: mancala.Hole{Owner: you, House: mancala.StoreHouse}})
		}
		x = (x + 1) % ring
		switch {
		case x < n:
			own[x]++
		case x > n:
			opp[x-n-1]++
		}
		emit(mancala.Event{Kind: mancala.EventDrop, Player: me, Hole: hole(x), Count: 1})
	}
	if x < n && own[x] == 1 {
		o := n - 1 - x
		if opp[o] != 0 || r.o.Capture == CaptureEmpty {
			if opp[o] != 0 {
				emit(mancala.Event{Kind: mancala.EventCapture, Player: me, Hole: mancala.Hole{Owner: you, House: o}, Count: int(opp[o]), Rule: "KA-4"})
			}
			emit(mancala.Event{Kind: mancala.EventCapture, Player: me, Hole: hole(x), Count: 1, Rule: "KA-4"})
			own[x], opp[o] = 0, 0
		}
	}
	switch {
	case q.Over():
		emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: me, Turn: mancala.NoTurn, Rule: "KA-5"})
		for _, side := range [2]struct {
			pl  mancala.Player
			row [mancala.MaxHouses]uint8
		}{{me, own}, {you, opp}} {
			for h := 0; h < n; h++ {
				if c := int(side.row[h]); c > 0 {
					emit(mancala.Event{Kind: mancala.EventCapture, Player: side.pl, Hole: mancala.Hole{Owner: side.pl, House: h}, Count: c, Rule: "KA-5"})
				}
			}
		}
	case q.ToMove == p.ToMove:
		emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: me, Turn: q.ToMove, Rule: "KA-3"})
	default:
		emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: me, Turn: q.ToMove})
	}
	return q, nil
}
