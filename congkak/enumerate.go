package congkak

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// Perft and Playout ([mancala.Perfter], [mancala.Playouter]) on the fast
// engine (sow_fast.go) where it covers a position and on the general one
// (sow.go) elsewhere, with CK-16's repeated round starts.

// Perft implements [mancala.Perfter]: [mancala.Perft] on the package's own
// board representation. Under CK-16 a round start that repeats one of
// history, p or the line being counted ends the set there ([Rules.Cycle]);
// see [startSet] for why round starts are all that need comparing.
func (r *Rules) Perft(history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	if depth <= 0 {
		if p.Over() {
			return 1, 1
		}
		return 1, 0
	}
	if p.Over() || p.Board.Houses() != r.n {
		return 0, 0
	}
	var pf perft
	pf.r = r
	if r.cycles {
		pf.seen.add(r, history)
		pf.seen.add(r, []mancala.Position{p})
	}
	var s sim
	r.load(&s, p)
	pf.sim(&s, depth)
	return pf.leaves, pf.terminal
}

// startSet is the set of round starts a game has passed through, under
// CK-16: bit t for the round start whose stateStart bits are t. A round
// start is fixed by those bits (South's seeds, the starter; the refill of
// CK-11 places the seeds), so two round starts are equal positions exactly
// when their bits are. No other position can equal a round start reached
// later: within a round no position repeats (CK-15's argument, see
// [Rules.MaxPlies]), and positions of different rounds have different
// State unless their round starts repeat, which ends the set first.
type startSet [(stateStart>>stateStartShift + 1) / 64]uint64

// add puts into ss the positions of ps that are round starts.
func (ss *startSet) add(r *Rules, ps []mancala.Position) {
	for i := range ps {
		p := &ps[i]
		if p.State&^stateStart != 0 || p.Over() || p.ToMove == mancala.BothTurn {
			continue
		}
		t := p.State >> stateStartShift
		if *p == r.roundStart(t) {
			ss[t>>6] |= 1 << (t & 63)
		}
	}
}

// visit marks the round start s holds and reports whether it was marked
// already (the set ends by CK-16).
func (ss *startSet) visit(s *sim) (t uint32, repeated bool) {
	t = s.state >> stateStartShift
	if ss[t>>6]&(1<<(t&63)) != 0 {
		return t, true
	}
	ss[t>>6] |= 1 << (t & 63)
	return t, false
}

func (ss *startSet) clear(t uint32) { ss[t>>6] &^= 1 << (t & 63) }

// roundStart returns the round start that the stateStart bits t name: the
// set's start for 0, otherwise the refill of South's seeds and North's for
// the starter named (CK-11, CK-12).
func (r *Rules) roundStart(t uint32) mancala.Position {
	if t == 0 {
		return r.start
	}
	south, starter := int(t-1)>>1, mancala.Player((t-1)&1)
	var s sim
	r.load(&s, r.start)
	n := r.n
	for i := 0; i < n; i++ {
		s.b[i], s.b[n+1+i] = 0, 0
	}
	s.b[n], s.b[2*n+1] = uint8(min(south, r.total)), uint8(r.total-min(south, r.total))
	s.burnt = [2]uint16{}
	for p := mancala.South; p <= mancala.North; p++ {
		st := r.storeSlot(p)
		for i := n - 1; i >= 0; i-- {
			if int(s.b[st]) >= r.seeds {
				s.b[r.houseSlot(p, i)] = uint8(r.seeds)
				s.b[st] -= uint8(r.seeds)
			} else {
				s.burnt[p] |= 1 << i
			}
		}
	}
	s.setPaths()
	s.toMove = mancala.TurnOf(starter)
	s.state = t << stateStartShift
	s.round = 1
	return s.position(nil)
}

// perft is one Perft count: the totals and, under CK-16, the round starts
// of the line being counted.
type perft struct {
	r                *Rules
	leaves, terminal int64
	seen             startSet
}

// child counts c, a position reached from its parent at depth (1: a leaf).
// A new round start that repeats ends the set (CK-16).
func (pf *perft) child(c *sim, depth int) {
	if c.started && pf.r.cycles {
		t, repeated := pf.seen.visit(c)
		if repeated {
			// Cycle ends the set: a leaf at depth 1, and a finished game
			// is neither expanded nor counted deeper.
			if depth == 1 {
				pf.leaves++
				pf.terminal++
			}
			return
		}
		defer pf.seen.clear(t)
	}
	if depth == 1 {
		pf.leaves++
		if c.toMove == mancala.NoTurn {
			pf.terminal++
		}
	} else if c.toMove != mancala.NoTurn {
		pf.sim(c, depth-1)
	}
}

func (pf *perft) sim(s *sim, depth int) {
	r := pf.r
	if t := r.fast; t.covers(s) {
		f := t.fromSim(s)
		pf.fast(&f, s, depth)
		return
	}
	var buf [mancala.MaxHouses * mancala.MaxHouses]mancala.Move
	var c sim // declared outside the loop so that &c does not escape
	for _, m := range s.legal(buf[:0]) {
		c = *s
		c.started = false
		c.apply(m)
		pf.child(&c, depth)
	}
}

// fast is sim from f; base is the sim that f was made from.
func (pf *perft) fast(f *fstate, base *sim, depth int) {
	t := pf.r.fast
	var c fstate // declared outside the loop so that &c does not escape
	var s sim
	for ne := t.nonEmpty(f.w[0]); ne != 0; ne &= ne - 1 {
		c = *f
		if t.play(&c, bits.TrailingZeros8(ne)) {
			s = *base
			s.started = false
			t.toSim(&c, &s)
			s.roundEnd(c.side)
			pf.child(&s, depth)
			continue
		}
		if depth == 1 {
			pf.leaves++
		} else {
			pf.fast(&c, base, depth-1)
		}
	}
}

// Playout implements [mancala.Playouter]: uniformly random legal moves
// until the game is over, each player's choice uniform and independent at
// a simultaneous decision. It draws the same random numbers as
// [mancala.Playout] and so plays the same game. history is not used.
//
// Under CK-16 a round start that repeats one of history, p or the game
// played ends the set ([Rules.Cycle]), as [mancala.Playout] would end it.
// With CK-16 off ([RepeatOff]) a full set can last for ever (Overbeck's
// 9×9 set practically never ends: its players' seeds stay near half each):
// limit the rounds, or use maxPlies, for those.
func (r *Rules) Playout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (final mancala.Position, plies int) {
	if p.Over() || p.Board.Houses() != r.n {
		return p, 0
	}
	var seen startSet
	if r.cycles {
		seen.add(r, history)
		seen.add(r, []mancala.Position{p})
	}
	var s sim
	r.load(&s, p)
	// newRound ends the set if s, just refilled, repeats a round start
	// (CK-16).
	newRound := func() bool {
		if !s.started || !r.cycles {
			return false
		}
		s.started = false
		if _, repeated := seen.visit(&s); repeated {
			final = r.Cycle(s.position(&p.Board))
			return true
		}
		return false
	}
	var buf [mancala.MaxHouses * mancala.MaxHouses]mancala.Move
	for s.toMove != mancala.NoTurn && (maxPlies <= 0 || plies < maxPlies) {
		if t := r.fast; t.covers(&s) {
			f := t.fromSim(&s)
			roundOver := false
			for !roundOver && (maxPlies <= 0 || plies < maxPlies) {
				ne := t.nonEmpty(f.w[0])
				i := rng.IntN(bits.OnesCount8(ne))
				for ; i > 0; i-- {
					ne &= ne - 1
				}
				plies++
				roundOver = t.play(&f, bits.TrailingZeros8(ne))
			}
			t.toSim(&f, &s)
			if roundOver {
				s.roundEnd(f.side)
				if newRound() {
					return final, plies
				}
			}
			continue
		}
		moves := s.legal(buf[:0])
		if len(moves) == 0 {
			break
		}
		s.apply(moves[rng.IntN(len(moves))])
		plies++
		if newRound() {
			return final, plies
		}
	}
	return s.position(&p.Board), plies
}
