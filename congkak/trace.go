package congkak

import "github.com/sowing-games/sowing/mancala"

// The tracing engine: the general engine (sow.go) replayed one seed at a
// time, reporting every step. It is a separate code path so that Play and
// Apply pay nothing for it; the tests check it against Play.

var _ mancala.Tracer = (*Rules)(nil)

// Trace implements [mancala.Tracer]: it returns exactly what [Rules.Play]
// returns and, for a legal move, calls emit (which may be nil) with every
// step of the move in order. A refused move emits nothing.
//
// The steps of a Congkak move are:
//
//   - [mancala.EventPickUp]: a hand takes up the chosen house (at a joint
//     move South's hand, then North's), or a relay takes up the house its
//     last seed fell into (CK-4).
//   - [mancala.EventDrop], one per seed, and [mancala.EventSkip] for each
//     hole the hand passes without dropping: the opponent's store (CK-2)
//     and burnt houses (CK-12). In the simultaneous opening the steps of
//     the two hands interleave tick by tick as CK-8 plays them, and
//     Event.Player says whose hand it is.
//   - [mancala.EventCapture] at a capture (CK-5): first the opposite
//     house, if it holds seeds, then the single capturing seed (when it
//     goes to the store).
//   - [mancala.EventTurnEnd], once, when the sowings of the decision are
//     over: Player is the player who made the last step, Turn who decides
//     next (the same player after his own store, CK-3; [mancala.NoTurn]
//     when the set is over). It comes before the round-end steps.
//   - At a round end (CK-9): [mancala.EventRoundEnd] (Count the round that
//     ends, Player the last mover), then an EventCapture for every house
//     that still holds seeds into its owner's store (CK-10), then, unless
//     the set is over, for each player (South first) from his last house
//     to his first: [mancala.EventBurn] with Count 0 to reopen a house
//     burnt in the last round, [mancala.EventRefill] of Seeds seeds
//     (CK-11), or EventBurn with Count 1 for a house he cannot fill
//     (CK-12).
//
// A pass (RoundEndPassReply) moves no seeds and has no step of its own:
// the EventTurnEnd names the player who plays instead.
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if err := r.check(p, m); err != nil {
		return p, err
	}
	if !r.inRange(p, m) {
		return p, nil // unreachable after check; kept in step with Apply
	}
	if emit == nil {
		emit = func(mancala.Event) {}
	}
	t := tracer{emit: emit}
	r.load(&t.s, p)
	t.apply(m)
	return t.s.position(&p.Board), nil
}

// tracer plays a move on a sim one seed at a time and emits its steps.
type tracer struct {
	s    sim
	emit func(mancala.Event)
	last mancala.Player // the player whose hand made the last step
}

func (t *tracer) event(k mancala.EventKind, p mancala.Player, x, count int) {
	t.emit(mancala.Event{Kind: k, Player: p, Hole: t.s.r.slotHole(x), Count: count})
}

func (t *tracer) apply(m mancala.Move) {
	s := &t.s
	if s.toMove == mancala.BothTurn {
		i, _ := m.House(mancala.South)
		j, _ := m.House(mancala.North)
		t.take(mancala.South, i)
		t.take(mancala.North, j)
		t.ticks()
		return
	}
	p, _ := s.toMove.Player()
	i, _ := m.House(p)
	if s.hand[p.Other()] > 0 {
		t.take(p, i)
		t.ticks()
		return
	}
	x := s.r.houseSlot(p, i)
	k := int(s.b[x])
	s.b[x] = 0
	t.event(mancala.EventPickUp, p, x, k)
	t.last = p
	t.afterSow(p, t.sow(p, x, k))
}

// take puts the seeds of p's house i into his hand (the opening).
func (t *tracer) take(p mancala.Player, i int) {
	s := &t.s
	x := s.r.houseSlot(p, i)
	s.hand[p] = s.b[x]
	s.at[p] = uint8(x)
	t.event(mancala.EventPickUp, p, x, int(s.b[x]))
	s.b[x] = 0
	t.last = p
}

// dropOne moves p's hand on from slot pos to the next hole of his path,
// skipping (and reporting) the opponent's store and burnt houses, drops a
// seed there and returns its slot.
func (t *tracer) dropOne(p mancala.Player, pos int) int {
	s := &t.s
	opp := s.r.storeSlot(p.Other())
	size := 2*s.r.n + 2
	for {
		pos++
		if pos == size {
			pos = 0
		}
		if pos == opp || s.burntSlot(pos) {
			t.event(mancala.EventSkip, p, pos, 0)
			continue
		}
		s.b[pos]++
		t.event(mancala.EventDrop, p, pos, 1)
		t.last = p
		return pos
	}
}

// sow is sim.sow, seed by seed.
func (t *tracer) sow(p mancala.Player, pos, k int) bool {
	s := &t.s
	st := s.r.storeSlot(p)
	for {
		for ; k > 0; k-- {
			pos = t.dropOne(p, pos)
		}
		if pos == st {
			return true
		}
		v := s.b[pos]
		if v > 1 {
			t.event(mancala.EventPickUp, p, pos, int(v))
			s.b[pos] = 0
			k = int(v)
			continue
		}
		if s.owner(pos) == p {
			t.capture(p, pos)
		}
		return false
	}
}

// capture is sim.capture with its steps.
func (t *tracer) capture(p mancala.Player, x int) {
	s := &t.s
	st := s.r.storeSlot(p)
	o := 2*s.r.n - x
	if c := s.b[o]; c > 0 {
		t.event(mancala.EventCapture, p, o, int(c))
		t.event(mancala.EventCapture, p, x, 1)
		s.b[st] += c + 1
		s.b[o] = 0
		s.b[x] = 0
	} else if s.r.o.EmptyCapture == EmptyCaptureStore {
		t.event(mancala.EventCapture, p, x, 1)
		s.b[st]++
		s.b[x] = 0
	}
}

// step is sim.step with its steps.
func (t *tracer) step(p mancala.Player) int {
	s := &t.s
	pos := t.dropOne(p, int(s.at[p]))
	s.at[p] = uint8(pos)
	s.hand[p]--
	if s.hand[p] > 0 {
		return handGoing
	}
	if pos == s.r.storeSlot(p) {
		return handArrived
	}
	if v := s.b[pos]; v > 1 {
		t.event(mancala.EventPickUp, p, pos, int(v))
		s.b[pos] = 0
		s.hand[p] = v
		return handGoing
	}
	if s.owner(pos) == p {
		t.capture(p, pos)
	}
	return handEnded
}

func (t *tracer) turnEnd(p mancala.Player, next mancala.Turn) {
	t.emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: p, Turn: next})
}

// afterSow is sim.afterSow.
func (t *tracer) afterSow(p mancala.Player, arrived bool) {
	s := &t.s
	if arrived && !s.rowEmpty(p) {
		s.toMove = mancala.TurnOf(p)
		t.turnEnd(p, s.toMove)
		return
	}
	t.endTurn(p, p.Other())
}

// ticks is sim.ticks with its steps.
func (t *tracer) ticks() {
	s := &t.s
	first := s.r.o.FirstHand
	order := [2]mancala.Player{first, first.Other()}
	var ended [2]int
	for tick := 1; ; tick++ {
		var arrived [2]bool
		for _, p := range order {
			if s.hand[p] == 0 {
				continue
			}
			switch t.step(p) {
			case handArrived:
				arrived[p] = true
			case handEnded:
				ended[p] = tick
			}
		}
		var need mancala.Turn
		for p := mancala.South; p <= mancala.North; p++ {
			if arrived[p] {
				if s.rowEmpty(p) {
					ended[p] = tick
				} else {
					need |= mancala.TurnOf(p)
				}
			}
		}
		if need != mancala.NoTurn {
			s.toMove = need
			t.turnEnd(t.last, need)
			return
		}
		sa, na := s.hand[mancala.South] > 0, s.hand[mancala.North] > 0
		switch {
		case sa && na:
			continue
		case !sa && !na:
			next, last := mancala.South, first.Other()
			switch {
			case ended[mancala.South] < ended[mancala.North]:
				next, last = mancala.South, mancala.North
			case ended[mancala.North] < ended[mancala.South]:
				next, last = mancala.North, mancala.South
			}
			t.endTurn(last, next)
			return
		}
		p := mancala.South
		if na {
			p = mancala.North
		}
		pos, k := int(s.at[p]), int(s.hand[p])
		s.hand[p], s.at[p] = 0, 0
		t.afterSow(p, t.sow(p, pos, k))
		return
	}
}

// endTurn is sim.endTurn; it emits the turn end.
func (t *tracer) endTurn(last, next mancala.Player) {
	s := &t.s
	to := func(p mancala.Player) {
		s.toMove = mancala.TurnOf(p)
		t.turnEnd(last, s.toMove)
	}
	if s.r.o.RoundEnd == RoundEndEmptyRow {
		if s.rowEmpty(mancala.South) || s.rowEmpty(mancala.North) {
			t.roundEnd(last)
			return
		}
		to(next)
		return
	}
	if s.state&stateReply != 0 {
		s.state &^= stateReply
		if s.rowEmpty(next) {
			t.roundEnd(last)
			return
		}
		to(next)
		return
	}
	if !s.rowEmpty(next) {
		to(next)
		return
	}
	if s.rowEmpty(next.Other()) {
		t.roundEnd(last)
		return
	}
	s.state |= stateReply
	to(next.Other())
}

// roundEnd is sim.roundEnd with its steps: the turn end (whose Turn needs
// the round's score), the round end, the collection and the refill.
func (t *tracer) roundEnd(last mancala.Player) {
	s := &t.s
	r := s.r
	n := r.n
	starter, end := s.nextRound(last)
	over := end != 0
	next := mancala.TurnOf(starter)
	if over {
		next = mancala.NoTurn
	}
	t.turnEnd(last, next)
	t.emit(mancala.Event{Kind: mancala.EventRoundEnd, Player: last, Count: s.round})
	for p := mancala.South; p <= mancala.North; p++ {
		st := r.storeSlot(p)
		for i := 0; i < n; i++ {
			x := r.houseSlot(p, i)
			if v := s.b[x]; v > 0 {
				t.event(mancala.EventCapture, p, x, int(v))
				s.b[st] += v
				s.b[x] = 0
			}
		}
	}
	s.state = 0
	s.toMove = next
	if over {
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
					t.event(mancala.EventBurn, p, x, 0)
				}
				t.event(mancala.EventRefill, p, x, r.seeds)
				s.b[x] = uint8(r.seeds)
				s.b[st] -= uint8(r.seeds)
			} else {
				s.burnt[p] |= 1 << i
				if !wasBurnt {
					t.event(mancala.EventBurn, p, x, 1)
				}
			}
		}
	}
	s.setPaths()
	s.startRound(starter)
}
