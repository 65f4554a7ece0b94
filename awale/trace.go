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
//   - [mancala.EventCapture] for each captured house (AW-4), from the
//     last house sown backwards; none for a grand slam that captures
//     nothing (AW-6);
//   - [mancala.EventTurnEnd]: Player is the mover, Turn the opponent, or
//     [mancala.NoTurn] if the game ends;
//   - when the game ends (AW-7, AW-10), an EventCapture for every house
//     that still holds seeds, into its owner's store (South's row first).
//
// Trace does not know the game's history, so it cannot see a repetition
// (AW-8); a driver that ends a cycle calls [Rules.TraceCycle], which is
// [Rules.Cycle] with its steps.
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
			for x := pos; x > first; x-- {
				c := int(*seeds(x))
				*seeds(x) = 0
				stores[mover] += c
				ev(mancala.EventCapture, mover, x, c)
			}
		}
	}

	// AW-7, AW-10: the end of the game.
	own, other := rows[opp], rows[mover] // from the view of the player to move next
	next := mancala.TurnOf(opp)
	state := r.wideEndState(opp, &own, &other, stores[opp], stores[mover])
	if state != 0 {
		next = mancala.NoTurn
	}
	emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: next})
	b, _ := mancala.NewBoard(n, 0)
	if next == mancala.NoTurn {
		for pl := mancala.South; pl <= mancala.North; pl++ {
			for i := 0; i < n; i++ {
				if c := int(rows[pl][i]); c > 0 {
					rows[pl][i] = 0
					stores[pl] += c
					emit(mancala.Event{Kind: mancala.EventCapture, Player: pl, Hole: mancala.Hole{Owner: pl, House: i}, Count: c})
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

// CycleTracer is implemented by rulesets that can show, step by step, the
// end of a game by a repeated position: *Rules (AW-8) and the Congkak
// ruleset (CK-16). [mancala.Tracer] traces a move, but the repetition is
// seen after the move by whoever keeps the history ([mancala.Game],
// [mancala.EndCycle]), which then calls [mancala.Cycler]'s Cycle; a game
// interface that animates moves calls TraceCycle instead, with the
// position the move reached, to animate that ending too:
//
//	q, _ := tr.Trace(p, m, show)      // the move
//	if err := g.Play(m); err == nil && g.Position() != q {
//		ct.TraceCycle(q, show)        // the game ended the cycle
//	}
type CycleTracer interface {
	// TraceCycle returns what Cycle(p) returns and calls emit (which may
	// be nil) with the steps that lead from p's board to it. A finished p
	// emits nothing.
	TraceCycle(p mancala.Position, emit func(mancala.Event)) mancala.Position
}

var _ CycleTracer = (*Rules)(nil)

// TraceCycle returns what [Rules.Cycle] returns and calls emit (which may
// be nil) with its steps: an [mancala.EventCapture] for each house whose
// seeds go to a store. Under [CycleOwnRow] every house goes to its owner's
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
			emit(mancala.Event{Kind: mancala.EventCapture, Player: pl, Hole: h, Count: c})
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
