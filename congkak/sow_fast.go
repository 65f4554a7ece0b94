package congkak

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// The fast engine, for Perft and Playout. It covers boards of up to
// fastMaxHouses houses a side without burnt houses, outside the
// simultaneous opening: the positions of every single-round game with a
// sequential opening, and most of the rest of a 7×7 game. Anything else
// (the opening's ticks, rounds with burnt houses, round ends) goes through
// the general engine in sow.go, and the two are compared in the tests
// (Perft against mancala.PerftSlow, Playout against mancala.Playout).
//
// A fstate holds two 64-bit words: w[0] is the row of the player to move
// ("me": his houses in bytes 0..n-1 in his sowing order, his store in byte
// n), w[1] his opponent's in the same layout. The mover's path is then
// me's bytes 0..n followed by the opponent's bytes 0..n-1: a ring of
// L = 2n+1 "path positions" (position j is me's byte j for j <= n, the
// opponent's byte j-n-1 after). Dropping k <= L seeds after position j adds
// a precomputed mask of 0x01 bytes to each word, and since no hole ever
// holds more than mancala.MaxSeeds (255) seeds, byte-wise addition never
// carries. When a turn passes, the words swap.

const fastMaxHouses = 7

type fastTables struct {
	n         int
	plen      int               // L = 2n+1
	row       uint64            // the house bytes of a word
	lap       [2]uint64         // one seed into every path position
	drop      [16][16]dropEntry // [j][k]: k seeds sown after path position j
	stay      bool              // EmptyCaptureStay
	passReply bool              // RoundEndPassReply
}

func newFastTables(r *Rules) *fastTables {
	n := r.n
	if n > fastMaxHouses {
		return nil
	}
	L := 2*n + 1
	t := &fastTables{
		n: n, plen: L,
		row:       1<<(8*uint(n)) - 1,
		stay:      r.o.EmptyCapture == EmptyCaptureStay,
		passReply: r.o.RoundEnd == RoundEndPassReply,
	}
	// Path position j is in word[j] at bit shift[j].
	var word, shift [16]uint8
	for j := 0; j < L; j++ {
		if j <= n {
			word[j], shift[j] = 0, uint8(8*j)
		} else {
			word[j], shift[j] = 1, uint8(8*(j-n-1))
		}
		t.lap[word[j]] += 1 << shift[j]
	}
	for j := 0; j < L; j++ {
		for k := 1; k <= L; k++ {
			e := &t.drop[j][k]
			for d := 1; d <= k; d++ {
				q := (j + d) % L
				if word[q] == 0 {
					e.m0 += 1 << shift[q]
				} else {
					e.m1 += 1 << shift[q]
				}
			}
			q := (j + k) % L
			e.last, e.word, e.shift = uint8(q), word[q], shift[q]
		}
	}
	return t
}

// dropEntry describes sowing k <= L seeds after path position j: the
// 0x01 bytes to add to each word, and where the last seed lands.
type dropEntry struct {
	m0, m1 uint64 // added to the mover's and the opponent's words
	last   uint8  // path position of the last seed
	word   uint8  // its word: 0 the mover's, 1 the opponent's
	shift  uint8  // its bit shift in that word
	_      uint8
}

type fstate struct {
	w     [2]uint64
	side  mancala.Player // the player to move, whose row is w[0]
	reply bool           // stateReply
}

// covers reports whether the fast engine can play on from s.
func (t *fastTables) covers(s *sim) bool {
	p, single := s.toMove.Player()
	return t != nil && single && s.hand == [2]uint8{} && s.burnt == [2]uint16{} && !s.rowEmpty(p)
}

func (t *fastTables) fromSim(s *sim) fstate {
	var f fstate
	f.side, _ = s.toMove.Player()
	f.reply = s.state&stateReply != 0
	n := t.n
	for q := mancala.South; q <= mancala.North; q++ {
		base := 0
		if q == mancala.North {
			base = n + 1
		}
		var v uint64
		for i := n; i >= 0; i-- {
			v = v<<8 | uint64(s.b[base+i])
		}
		f.w[q^f.side] = v
	}
	return f
}

// toSim writes f into s, whose other fields (round, paths) must be those
// f was made from.
func (t *fastTables) toSim(f *fstate, s *sim) {
	n := t.n
	for q := mancala.South; q <= mancala.North; q++ {
		base := 0
		if q == mancala.North {
			base = n + 1
		}
		v := f.w[q^f.side]
		for i := 0; i <= n; i++ {
			s.b[base+i] = uint8(v >> (8 * uint(i)))
		}
	}
	s.toMove = mancala.TurnOf(f.side)
	s.state &^= stateReply
	if f.reply {
		s.state |= stateReply
	}
}

// nonEmpty returns the mover's non-empty houses as a bit set.
func (t *fastTables) nonEmpty(w uint64) uint8 {
	x := w & t.row
	y := ((x & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f | x) & 0x8080808080808080
	return uint8((y >> 7) * 0x0102040810204080 >> 56)
}

// sow plays the mover's house o through every relay (CK-2, CK-4) to its
// end and reports whether the last seed reached his store (CK-3); if not,
// it has been resolved by CK-5 or CK-6.
func (t *fastTables) sow(w *[2]uint64, o int) bool {
	n := t.n
	sh := uint(8 * o)
	k := int(w[0] >> sh & 0xff)
	w[0] &^= 0xff << sh
	pos := o
	for {
		if k > t.plen {
			q := uint64((k - 1) / t.plen)
			w[0] += q * t.lap[0]
			w[1] += q * t.lap[1]
			k -= int(q) * t.plen
		}
		e := &t.drop[pos][k]
		w[0] += e.m0
		w[1] += e.m1
		pos = int(e.last)
		if pos == n {
			return true
		}
		wi, sh := e.word&1, uint(e.shift)
		v := int(w[wi] >> sh & 0xff)
		if v > 1 {
			w[wi] &^= 0xff << sh
			k = v
			continue
		}
		if pos < n {
			// Capture (CK-5): the opposite house is the opponent's n-1-pos.
			osh := uint(8 * (n - 1 - pos))
			if c := w[1] >> osh & 0xff; c > 0 {
				w[1] &^= 0xff << osh
				w[0] &^= 0xff << sh
				w[0] += (c + 1) << (8 * uint(n))
			} else if !t.stay {
				w[0] &^= 0xff << sh
				w[0] += 1 << (8 * uint(n))
			}
		}
		return false
	}
}

// play plays the mover's house o and what follows it within the round. It
// reports whether the round has ended, leaving f as it was when the last
// turn ended (side is the last mover) for the general engine to score.
func (t *fastTables) play(f *fstate, o int) (roundOver bool) {
	if t.sow(&f.w, o) && f.w[0]&t.row != 0 {
		return false // CK-3: the mover chooses again
	}
	// The mover's turn has ended (CK-7); see sim.endTurn.
	me, op := f.w[0]&t.row != 0, f.w[1]&t.row != 0
	if !t.passReply {
		if !me || !op {
			return true
		}
	} else if f.reply {
		f.reply = false
		if !op {
			return true
		}
	} else if !op {
		if !me {
			return true
		}
		f.reply = true // the opponent passes; the mover plays one more turn
		return false
	}
	f.w[0], f.w[1] = f.w[1], f.w[0]
	f.side ^= 1
	return false
}

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

// legal appends s's legal moves, as Rules.Legal does.
func (s *sim) legal(dst []mancala.Move) []mancala.Move {
	n := s.r.n
	switch s.toMove {
	case mancala.SouthTurn, mancala.NorthTurn:
		p, _ := s.toMove.Player()
		for i := 0; i < n; i++ {
			if s.b[s.r.houseSlot(p, i)] != 0 {
				dst = append(dst, mancala.Single(p, i))
			}
		}
	case mancala.BothTurn:
		for i := 0; i < n; i++ {
			if s.b[i] == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				if s.b[n+1+j] != 0 {
					dst = append(dst, mancala.Joint(i, j))
				}
			}
		}
	}
	return dst
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
