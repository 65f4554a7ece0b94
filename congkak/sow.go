package congkak

import (
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// The general engine. A sim is a working copy of a position with the board
// laid out as one ring of slots in clockwise (sowing) order:
//
//	South's houses 0..n-1, South's store n, North's houses n+1..2n, North's store 2n+1
//
// so that house slot x is opposite slot 2n-x. A player's path is the ring
// without the opponent's store and without burnt houses. The sim works for
// every option and every board; the fast engine (sow_fast.go) covers the
// common case and is checked against it.

const maxSlots = 2*mancala.MaxHouses + 2

// State bits (Position.State). See the package documentation.
const (
	// stateReply: the player to move is playing the one more turn that
	// RoundEndPassReply grants him after his opponent passed with an
	// empty row (CK-9 option).
	stateReply uint32 = 1 << 0

	// stateStart (bits 8-17, under CK-16 in a full set only) names the
	// start of the round being played: 0 for the set's own start, else 1 +
	// (South's seeds at the round's start)<<1 + (1 if North started it).
	// It keeps the positions of rounds that started differently apart, so
	// that a position repeats only where a round start does (CK-16).
	stateStartShift        = 8
	stateStart      uint32 = 0x3ff << stateStartShift

	// stateEnd (bits 24-27, finished positions only) is the
	// mancala.EndReason of the set's end; stateEndNorth (bit 28) says that
	// the player it concerns (Ending.Who) is North, stateEndWho (bit 29)
	// that there is one.
	stateEndShift        = 24
	stateEnd      uint32 = 0xf << stateEndShift
	stateEndNorth uint32 = 1 << 28
	stateEndWho   uint32 = 1 << 29
)

// Results of one hand's drop in a tick.
const (
	handGoing   = iota // seeds remain in the hand (after a relay too)
	handArrived        // the last seed reached the player's own store (CK-3)
	handEnded          // the turn ended: capture (CK-5) or dead end (CK-6)
)

type sim struct {
	r      *Rules
	b      [maxSlots]uint8
	nxt    [2][maxSlots]uint8 // next slot on each player's path
	burnt  [2]uint16
	hand   [2]uint8
	at     [2]uint8 // slot of the last drop (or take) of a hand in flight
	plen   int      // slots on a path (the same for both players)
	toMove mancala.Turn
	round  int
	state  uint32
	// started is set when a round end has refilled the board for a new
	// round, for the drivers (Perft, Playout) that look for a repeated
	// round start (CK-16).
	started bool
	// tr receives the steps of the move being played (Trace); nil on every
	// other path, where each step costs one predictable nil test per
	// sowing, relay or capture, never one per seed.
	tr *tracer
}

// tracer is what Trace adds to a sim: where the steps go, and whose hand
// made the last one.
type tracer struct {
	emit func(mancala.Event)
	last mancala.Player
	// turnRule is the rule id that the next EventTurnEnd carries when
	// its caller does not name one: CK-8 once the simultaneous opening
	// has decided who plays next.
	turnRule string
}

// event reports a step of p's hand at slot x, applying rule (an id of
// RULES.md, or "" for plain sowing), when tracing.
func (s *sim) event(k mancala.EventKind, p mancala.Player, x, count int, rule string) {
	if s.tr != nil {
		s.tr.emit(mancala.Event{Kind: k, Player: p, Hole: s.r.slotHole(x), Count: count, Rule: rule})
	}
}

// setTurn gives the decision to t after a turn of last's, reporting the
// turn's end when tracing, with the rule that chose t ("" for simply the
// other player).
func (s *sim) setTurn(last mancala.Player, t mancala.Turn, rule string) {
	s.toMove = t
	if s.tr != nil {
		if rule == "" {
			rule = s.tr.turnRule
		}
		s.tr.turnRule = ""
		s.tr.emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: last, Turn: t, Rule: rule})
	}
}

func (r *Rules) houseSlot(p mancala.Player, i int) int {
	if p == mancala.South {
		return i
	}
	return r.n + 1 + i
}

func (r *Rules) storeSlot(p mancala.Player) int {
	if p == mancala.South {
		return r.n
	}
	return 2*r.n + 1
}

func (r *Rules) holeSlot(h mancala.Hole) int {
	if h.IsStore() {
		return r.storeSlot(h.Owner)
	}
	return r.houseSlot(h.Owner, h.House)
}

func (r *Rules) slotHole(x int) mancala.Hole {
	switch {
	case x < r.n:
		return mancala.Hole{Owner: mancala.South, House: x}
	case x == r.n:
		return mancala.Hole{Owner: mancala.South, House: mancala.StoreHouse}
	case x <= 2*r.n:
		return mancala.Hole{Owner: mancala.North, House: x - r.n - 1}
	}
	return mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}
}

// paths computes each player's next-slot table for the given burnt houses.
func (r *Rules) paths(burnt [2]uint16) (nxt [2][maxSlots]uint8, plen int) {
	n := r.n
	N := 2*n + 2
	var skip [maxSlots]bool
	for i := 0; i < n; i++ {
		skip[i] = burnt[mancala.South]&(1<<i) != 0
		skip[n+1+i] = burnt[mancala.North]&(1<<i) != 0
	}
	for p := mancala.South; p <= mancala.North; p++ {
		opp := r.storeSlot(p.Other())
		for x := 0; x < N; x++ {
			y := x
			for {
				y++
				if y == N {
					y = 0
				}
				if y != opp && !skip[y] {
					break
				}
			}
			nxt[p][x] = uint8(y)
		}
	}
	plen = N - 1 - bits.OnesCount16(burnt[0]) - bits.OnesCount16(burnt[1])
	return nxt, plen
}

// load copies p into s. p must have the ruleset's number of houses.
func (r *Rules) load(s *sim, p mancala.Position) {
	n := r.n
	s.r = r
	b := &p.Board
	rs, rn := b.Row(mancala.South), b.Row(mancala.North)
	copy(s.b[:n], rs[:n])
	copy(s.b[n+1:2*n+1], rn[:n])
	s.b[n] = uint8(b.Store(mancala.South))
	s.b[2*n+1] = uint8(b.Store(mancala.North))
	for q := mancala.South; q <= mancala.North; q++ {
		h, at := b.Hand(q)
		s.hand[q] = uint8(h)
		s.at[q] = 0
		if h > 0 {
			s.at[q] = uint8(r.holeSlot(at))
		}
		s.burnt[q] = b.BurntMask(q)
	}
	s.setPaths()
	s.toMove = p.ToMove
	s.round = p.Round
	s.state = p.State
}

func (s *sim) setPaths() {
	if s.burnt == [2]uint16{} {
		s.nxt, s.plen = s.r.nxt0, 2*s.r.n+1
		return
	}
	s.nxt, s.plen = s.r.paths(s.burnt)
}

// position returns s as a Position. from is the board s was loaded from,
// or nil. When the burnt houses have not changed and the game holds at most
// half of mancala.MaxSeeds, from is updated through the setters that need
// it, in any order (the board's running total stays below the limit);
// otherwise the board is built up from empty, every count only growing.
func (s *sim) position(from *mancala.Board) mancala.Position {
	r := s.r
	n := r.n
	var rows [2][mancala.MaxHouses]uint8
	copy(rows[mancala.South][:n], s.b[:n])
	copy(rows[mancala.North][:n], s.b[n+1:2*n+1])
	var b mancala.Board
	if from != nil && 2*r.total <= mancala.MaxSeeds &&
		from.BurntMask(mancala.South) == s.burnt[mancala.South] && from.BurntMask(mancala.North) == s.burnt[mancala.North] {
		b = *from
		for q := mancala.South; q <= mancala.North; q++ {
			if b.Row(q) != rows[q] {
				_ = b.SetRow(q, rows[q])
			}
			if st := int(s.b[r.storeSlot(q)]); b.Store(q) != st {
				_ = b.SetStore(q, st)
			}
			h, at := b.Hand(q)
			if h != int(s.hand[q]) || (h > 0 && r.holeSlot(at) != int(s.at[q])) {
				_ = b.SetHand(q, int(s.hand[q]), r.slotHole(int(s.at[q])))
			}
		}
	} else {
		b, _ = mancala.NewBoard(n, 0)
		for q := mancala.South; q <= mancala.North; q++ {
			for i := 0; i < n; i++ {
				if s.burnt[q]&(1<<i) != 0 {
					_ = b.SetBurnt(q, i, true)
				}
			}
			_ = b.SetRow(q, rows[q])
			_ = b.SetStore(q, int(s.b[r.storeSlot(q)]))
			if s.hand[q] > 0 {
				_ = b.SetHand(q, int(s.hand[q]), r.slotHole(int(s.at[q])))
			}
		}
	}
	return mancala.Position{Board: b, ToMove: s.toMove, Round: s.round, State: s.state}
}

func (s *sim) rowSeeds(p mancala.Player) int {
	n := s.r.n
	base := 0
	if p == mancala.North {
		base = n + 1
	}
	t := 0
	for _, v := range s.b[base : base+n] {
		t += int(v)
	}
	return t
}

func (s *sim) rowEmpty(p mancala.Player) bool { return s.rowSeeds(p) == 0 }

func (s *sim) owner(x int) mancala.Player {
	if x <= s.r.n {
		return mancala.South
	}
	return mancala.North
}

// drop sows k > 0 seeds for p into the slots after pos and returns the
// slot of the last one. Whole laps are added at once (CK-2: the origin
// house is not skipped, so a lap puts one seed into every slot of the path).
func (s *sim) drop(p mancala.Player, pos, k int) int {
	if s.tr != nil {
		for ; k > 0; k-- {
			pos = s.dropOne(p, pos)
		}
		return pos
	}
	if k > s.plen {
		q := (k - 1) / s.plen
		k -= q * s.plen
		opp := s.r.storeSlot(p.Other())
		for x := 0; x < 2*s.r.n+2; x++ {
			if x != opp && !s.burntSlot(x) {
				s.b[x] += uint8(q)
			}
		}
	}
	nx := &s.nxt[p]
	for ; k > 0; k-- {
		pos = int(nx[pos])
		s.b[pos]++
	}
	return pos
}

// dropOne moves p's hand on from slot pos to the next hole of his path,
// reporting each hole it passes (the opponent's store, burnt houses) and
// the seed it drops there; it returns that hole's slot. Only the tracing
// path takes one seed at a time.
func (s *sim) dropOne(p mancala.Player, pos int) int {
	opp := s.r.storeSlot(p.Other())
	size := 2*s.r.n + 2
	for {
		pos++
		if pos == size {
			pos = 0
		}
		if pos == opp || s.burntSlot(pos) {
			s.event(mancala.EventSkip, p, pos, 0, "")
			continue
		}
		s.b[pos]++
		s.event(mancala.EventDrop, p, pos, 1, "")
		s.tr.last = p
		return pos
	}
}

func (s *sim) burntSlot(x int) bool {
	n := s.r.n
	switch {
	case x < n:
		return s.burnt[mancala.South]&(1<<x) != 0
	case x > n && x <= 2*n:
		return s.burnt[mancala.North]&(1<<(x-n-1)) != 0
	}
	return false
}

// capture resolves p's last seed falling into the empty house x of his own
// row (CK-5; a burnt opposite house holds nothing).
func (s *sim) capture(p mancala.Player, x int) {
	st := s.r.storeSlot(p)
	o := 2*s.r.n - x
	if c := s.b[o]; c > 0 {
		s.event(mancala.EventCapture, p, o, int(c), "CK-5")
		s.event(mancala.EventCapture, p, x, 1, "CK-5")
		s.b[st] += c + 1
		s.b[o] = 0
		s.b[x] = 0
	} else if s.r.o.EmptyCapture == EmptyCaptureStore {
		s.event(mancala.EventCapture, p, x, 1, "CK-5")
		s.b[st]++
		s.b[x] = 0
	}
}

// sow continues p's sowing with k seeds after slot pos, through every
// relay (CK-4), to its end. It reports whether the last seed reached p's
// store (CK-3); otherwise p's turn has ended (CK-5, CK-6).
func (s *sim) sow(p mancala.Player, pos, k int) bool {
	st := s.r.storeSlot(p)
	for {
		pos = s.drop(p, pos, k)
		if pos == st {
			return true
		}
		v := s.b[pos]
		if v > 1 {
			s.event(mancala.EventPickUp, p, pos, int(v), "CK-4")
			s.b[pos] = 0
			k = int(v)
			continue
		}
		if s.owner(pos) == p {
			s.capture(p, pos)
		}
		return false
	}
}

// step drops one seed from p's hand (CK-8.2) and resolves it if it was the
// last one.
func (s *sim) step(p mancala.Player) int {
	var pos uint8
	if s.tr != nil {
		pos = uint8(s.dropOne(p, int(s.at[p])))
	} else {
		pos = s.nxt[p][s.at[p]]
		s.b[pos]++
	}
	s.at[p] = pos
	s.hand[p]--
	if s.hand[p] > 0 {
		return handGoing
	}
	x := int(pos)
	if x == s.r.storeSlot(p) {
		return handArrived
	}
	if v := s.b[x]; v > 1 {
		s.event(mancala.EventPickUp, p, x, int(v), "CK-4")
		s.b[x] = 0
		s.hand[p] = v
		return handGoing
	}
	if s.owner(x) == p {
		s.capture(p, x)
	}
	return handEnded
}

// take puts the seeds of p's house i into his hand: a choice of the
// simultaneous opening (CK-8).
func (s *sim) take(p mancala.Player, i int) {
	x := s.r.houseSlot(p, i)
	s.hand[p] = s.b[x]
	s.at[p] = uint8(x)
	s.event(mancala.EventPickUp, p, x, int(s.b[x]), "CK-8")
	s.b[x] = 0
	if s.tr != nil {
		s.tr.last = p
	}
}

// turn plays p's sowing from house i, outside the simultaneous opening,
// and whatever follows it.
func (s *sim) turn(p mancala.Player, i int) {
	x := s.r.houseSlot(p, i)
	k := int(s.b[x])
	s.b[x] = 0
	s.event(mancala.EventPickUp, p, x, k, "")
	if s.tr != nil {
		s.tr.last = p
	}
	s.afterSow(p, s.sow(p, x, k))
}

// afterSow goes on after p's sowing: p chooses again if his last seed
// reached his store and he has seeds left (CK-3); otherwise his turn is
// over and his opponent is due (CK-7).
func (s *sim) afterSow(p mancala.Player, arrived bool) {
	if arrived && !s.rowEmpty(p) {
		s.setTurn(p, mancala.TurnOf(p), "CK-3")
		return
	}
	s.endTurn(p, p.Other())
}

// ticks runs the simultaneous opening (CK-8) while both hands hold seeds,
// until somebody must choose or both turns have ended.
func (s *sim) ticks() {
	first := s.r.o.FirstHand
	order := [2]mancala.Player{first, first.Other()}
	var ended [2]int // tick in which each turn ended; 0: not yet
	for t := 1; ; t++ {
		var arrived [2]bool
		for _, p := range order {
			if s.hand[p] == 0 {
				continue
			}
			switch s.step(p) {
			case handArrived:
				arrived[p] = true
			case handEnded:
				ended[p] = t
			}
		}
		// End of the tick: whoever reached his store chooses now, if he
		// has seeds to choose from (CK-8.3).
		var need mancala.Turn
		for p := mancala.South; p <= mancala.North; p++ {
			if arrived[p] {
				if s.rowEmpty(p) {
					ended[p] = t
				} else {
					need |= mancala.TurnOf(p)
				}
			}
		}
		if need != mancala.NoTurn {
			last := mancala.South
			if s.tr != nil {
				last = s.tr.last
			}
			s.setTurn(last, need, "CK-8")
			return
		}
		sa, na := s.hand[mancala.South] > 0, s.hand[mancala.North] > 0
		switch {
		case sa && na:
			continue
		case !sa && !na:
			// Both turns ended in this call: the first to end plays
			// next; South on a tie (CK-8.5), when the second hand of the
			// tick counts as the last mover (CK-13).
			next, last := mancala.South, first.Other()
			switch {
			case ended[mancala.South] < ended[mancala.North]:
				next, last = mancala.South, mancala.North
			case ended[mancala.North] < ended[mancala.South]:
				next, last = mancala.North, mancala.South
			}
			if s.tr != nil {
				s.tr.turnRule = "CK-8" // the first to end plays next (CK-8.5)
			}
			s.endTurn(last, next)
			return
		}
		// One hand is left: it goes on alone (CK-8.4) and ends after the
		// other, which plays next.
		p := mancala.South
		if na {
			p = mancala.North
		}
		pos, k := int(s.at[p]), int(s.hand[p])
		s.hand[p], s.at[p] = 0, 0
		if s.tr != nil {
			s.tr.turnRule = "CK-8" // the first to end plays next (CK-8.5)
		}
		s.afterSow(p, s.sow(p, pos, k))
		return
	}
}

// endTurn goes on after a turn (or the simultaneous opening) has ended:
// last moved last and next is due to move.
func (s *sim) endTurn(last, next mancala.Player) {
	if s.r.o.RoundEnd == RoundEndEmptyRow {
		if s.rowEmpty(mancala.South) || s.rowEmpty(mancala.North) {
			s.roundEnd(last)
			return
		}
		s.setTurn(last, mancala.TurnOf(next), "")
		return
	}
	if s.state&stateReply != 0 {
		// The reply turn has ended: the passer (next) plays on if it put
		// seeds back into his row.
		s.state &^= stateReply
		if s.rowEmpty(next) {
			s.roundEnd(last)
			return
		}
		s.setTurn(last, mancala.TurnOf(next), "")
		return
	}
	if !s.rowEmpty(next) {
		s.setTurn(last, mancala.TurnOf(next), "")
		return
	}
	if s.rowEmpty(next.Other()) {
		s.roundEnd(last)
		return
	}
	// next passes; his opponent plays one more turn.
	s.state |= stateReply
	s.setTurn(last, mancala.TurnOf(next.Other()), "CK-9")
}
