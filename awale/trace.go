package awale

import "github.com/sowing-games/sowing/mancala"

// The tracing path: a move replayed seed by seed, reporting every step. It
// is separate from Play and Apply, which pay nothing for it; the tests
// check it against Play.

var _ mancala.Tracer = (*Rules)(nil)

// Trace implements [mancala.Tracer]: it returns exactly what [Rules.Play]
// returns and, for a legal move, calls emit (which may be nil) with every
// step of the move in order. A refused move emits nothing. The steps are:
//
//   - [mancala.EventPickUp] of the chosen house (AW-3);
//   - [mancala.EventDrop] for each seed, in sowing order, and
//     [mancala.EventSkip] each time the sowing comes round to the house it
//     was taken from (AW-3);
//   - [mancala.EventCapture] for each captured house, from the last house
//     sown backwards, with Rule "AW-4", or "AW-6" for a grand slam that
//     captures (under [GrandSlamCaptureAll], or a forced one under
//     [GrandSlamForbiddenElseCapture]); none for a grand slam that
//     captures nothing (AW-6);
//   - [mancala.EventTurnEnd]: Player is the mover, Turn the opponent, or
//     [mancala.NoTurn] if the game ends, with Rule then the rule that
//     ends it ("AW-7" or "AW-10");
//   - when the game ends, an EventCapture for every house that still
//     holds seeds, into its owner's store (South's row first), with Rule
//     "AW-7" or "AW-10" as the TurnEnd.
//
// Every other step has Rule "" (plain sowing, AW-3). Trace does not know
// the game's history, so it cannot see a repetition (AW-8); a driver that
// ends a cycle calls [Rules.TraceCycle], which is [Rules.Cycle] with its
// steps.
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if err := r.check(&p, m); err != nil {
		return p, err
	}
	if emit == nil {
		emit = func(mancala.Event) {}
	}
	mover, _ := m.Player()
	opp := mover.Other()
	h, _ := m.House(mover)
	n := r.n
	rows := [2]row{p.Board.Row(mancala.South), p.Board.Row(mancala.North)}
	stores := [2]int{p.Board.Store(mancala.South), p.Board.Store(mancala.North)}
	hole := func(x int) mancala.Hole { // x: 0..n-1 the mover's houses, n..2n-1 the opponent's
		if x < n {
			return mancala.Hole{Owner: mover, House: x}
		}
		return mancala.Hole{Owner: opp, House: x - n}
	}
	seeds := func(x int) *uint8 {
		hl := hole(x)
		return &rows[hl.Owner][hl.House]
	}
	ev := func(k mancala.EventKind, pl mancala.Player, x, c int) {
		emit(mancala.Event{Kind: k, Player: pl, Hole: hole(x), Count: c})
	}

	// AW-3: sowing.
	k := int(*seeds(h))
	*seeds(h) = 0
	ev(mancala.EventPickUp, mover, h, k)
	pos := h
	for ; k > 0; k-- {
		pos = (pos + 1) % (2 * n)
		if pos == h {
			ev(mancala.EventSkip, mover, h, 0)
			pos = (pos + 1) % (2 * n)
		}
		*seeds(pos) = *seeds(pos) + 1
		ev(mancala.EventDrop, mover, pos, 1)
	}

	// AW-4: the capture chain, backwards from the last house, within the
	// opponent's row; AW-6: a grand slam may capture nothing.
	if pos >= n {
		first, taken := pos, 0
		for first >= n && (*seeds(first) == 2 || *seeds(first) == 3) {
			taken += int(*seeds(first))
			first--
		}
		left := 0
		for _, v := range rows[opp] {
			left += int(v)
		}
		if taken > 0 && (taken < left || r.captureSlam) {
			rule := "AW-4"
			if taken == left {
				rule = "AW-6" // a grand slam that captures
			}
			for x := pos; x > first; x-- {
				c := int(*seeds(x))
				*seeds(x) = 0
				stores[mover] += c
				emit(mancala.Event{Kind: mancala.EventCapture, Player: mover, Hole: hole(x), Count: c, Rule: rule})
			}
		}
	}

	// AW-7, AW-10: the end of the game.
	own, other := rows[opp], rows[mover] // from the view of the player to move next
	next := mancala.TurnOf(opp)
	state := r.wideEndState(opp, &own, &other, stores[opp], stores[mover])
	endRule := ""
	if state != 0 {
		next = mancala.NoTurn
		endRule = "AW-7"
		if state&stateEnd == endMajority {
			endRule = "AW-10"
		}
	}
	emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: next, Rule: endRule})
	b, _ := mancala.NewBoard(n, 0)
	if next == mancala.NoTurn {
		for pl := mancala.South; pl <= mancala.North; pl++ {
			for i := 0; i < n; i++ {
				if c := int(rows[pl][i]); c > 0 {
					rows[pl][i] = 0
					stores[pl] += c
					emit(mancala.Event{Kind: mancala.EventCapture, Player: pl, Hole: mancala.Hole{Owner: pl, House: i}, Count: c, Rule: endRule})
				}
			}
		}
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		_ = b.SetRow(pl, rows[pl])
		_ = b.SetStore(pl, stores[pl])
	}
	return mancala.Position{Board: b, ToMove: next, State: state}, nil
}

var _ mancala.CycleTracer = (*Rules)(nil)

// TraceCycle returns what [Rules.Cycle] returns and calls emit (which may
// be nil) with its steps, which implements [mancala.CycleTracer]: an
// [mancala.EventCapture] with Rule "AW-8" for each house whose seeds go to
// a store. Under [CycleOwnRow] every house goes to its owner's
// store, South's row first. Under [CycleSplit] the houses are taken in the
// order A, B, ..., a, b, ...: South's store receives seeds until it has had
// its half, then North's; an odd seed stays where Cycle leaves it. A
// finished p emits nothing.
func (r *Rules) TraceCycle(p mancala.Position, emit func(mancala.Event)) mancala.Position {
	q := r.Cycle(p)
	if p.Over() || emit == nil {
		return q
	}
	b := p.Board
	capture := func(pl mancala.Player, h mancala.Hole, c int) {
		if c > 0 {
			emit(mancala.Event{Kind: mancala.EventCapture, Player: pl, Hole: h, Count: c, Rule: "AW-8"})
		}
	}
	if r.o.Cycle != CycleSplit {
		for pl := mancala.South; pl <= mancala.North; pl++ {
			for i := 0; i < r.n; i++ {
				capture(pl, mancala.Hole{Owner: pl, House: i}, b.Seeds(pl, i))
			}
		}
		return q
	}
	due := [2]int{q.Board.Store(mancala.South) - b.Store(mancala.South), q.Board.Store(mancala.North) - b.Store(mancala.North)}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for i := 0; i < r.n; i++ {
			h := mancala.Hole{Owner: pl, House: i}
			c := b.Seeds(pl, i) - q.Board.Seeds(pl, i) // the odd seed stays
			for to := mancala.South; to <= mancala.North && c > 0; to++ {
				t := min(c, due[to])
				capture(to, h, t)
				due[to] -= t
				c -= t
			}
		}
	}
	return q
}
