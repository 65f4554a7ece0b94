package awale

import (
	"math"
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// Repetition (AW-8) in the packed engine's perft and playouts.
//
// Stores never decrease, so a position can repeat only one reached since
// the last capture (or, at the start of the search, a position of the
// history with the root's stores). Such positions share their stores, so
// the rows and the player to move identify them.
//
// Moreover a repetition needs at least 2n moves (n houses a side). Between
// two occurrences of a position no seed is captured and every house ends
// as it began, so each house receives as many seeds as are taken from it.
// A sowing from house p drops its first seed into the next house, so once
// some house is sown from, the next one must be sown from too, and so on
// round the board: each of the 2n houses is sown from, one per move. So
// the search compares a position only with those of the same segment at
// least 2n moves earlier, and with the history. (TestRepetitionDistance
// checks the theorem on random games.)

// key is a position in its mover's frame (the stores are its segment's).
type key struct{ own, opp uint64 }

// fastRoot is the root of a packed search: the position in its mover's
// frame and the positions of the history it may repeat, by player to move
// (0: the root's mover). ok is false when the fast path cannot take the
// search (the wide engine, a position that is not one of this ruleset's or
// not settled, or a history with positions of greater stores, which no
// real game has); the caller then takes the slow path.
type fastRoot struct {
	board      *mancala.Board // the root's
	mover      mancala.Player
	own, opp   uint64
	sOwn, sOpp int
	hist       [2][]key
}

func (r *Rules) fastRoot(history []mancala.Position, p *mancala.Position) (fr fastRoot, ok bool) {
	if !r.packed || !r.canonical(p) {
		return fr, false
	}
	fr.mover, _ = p.ToMove.Player()
	b := &p.Board
	fr.board = b
	fr.own, fr.opp = rowWord(b, fr.mover), rowWord(b, fr.mover.Other())
	fr.sOwn, fr.sOpp = b.Store(fr.mover), b.Store(fr.mover.Other())
	if r.packedEnds(fr.own, fr.opp, fr.sOwn, fr.sOpp) {
		return fr, false
	}
	for i := range history {
		h := &history[i]
		if h.Over() || !r.canonical(h) {
			continue // no position of the search can equal it
		}
		hs, hn := h.Board.Store(mancala.South), h.Board.Store(mancala.North)
		ps, pn := b.Store(mancala.South), b.Store(mancala.North)
		switch {
		case hs == ps && hn == pn:
		case hs >= ps && hn >= pn:
			return fr, false // reachable after captures: not from a real game
		default:
			continue
		}
		hm, _ := h.ToMove.Player()
		k := key{rowWord(&h.Board, hm), rowWord(&h.Board, hm.Other())}
		if hm == fr.mover {
			fr.hist[0] = append(fr.hist[0], k)
		} else {
			fr.hist[1] = append(fr.hist[1], k)
		}
	}
	return fr, true
}

// canonical reports whether p, on r's packed engine (n <= 8), has the
// form of the positions the packed engine makes: n houses a side, one
// player to move, no hands, burnt houses, round or state, no house beyond
// n, and this ruleset's seeds.
func (r *Rules) canonical(p *mancala.Position) bool {
	b := &p.Board
	if _, ok := p.ToMove.Player(); !ok || p.Round != 0 || p.State != 0 || b.Houses() != r.n {
		return false
	}
	if s, _ := b.Hand(mancala.South); s != 0 {
		return false
	}
	if s, _ := b.Hand(mancala.North); s != 0 {
		return false
	}
	// The seeds: b.Total, for a board of at most 8 houses a side (so its
	// rows are rowWord, and each holds at most 255 seeds) with empty hands.
	total := sumBytes(rowWord(b, mancala.South)) + sumBytes(rowWord(b, mancala.North)) +
		b.Store(mancala.South) + b.Store(mancala.North)
	return b.BurntMask(mancala.South)|b.BurntMask(mancala.North) == 0 && total == r.total
}

// Perft is [mancala.Perft] for r: it counts the move sequences of depth
// moves from p (leaves) and those that end the game (terminal), with
// repetitions of p's history and of the line itself ending the game (AW-8)
// as [mancala.PerftSlow] ends them. On the packed engine (8 houses a side
// or fewer) it runs on packed rows with counting in bulk at the last ply;
// otherwise it is PerftSlow.
func (r *Rules) Perft(history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	if depth <= 0 {
		if p.Over() {
			return 1, 1
		}
		return 1, 0
	}
	if p.Over() {
		return 0, 0
	}
	fr, ok := r.fastRoot(history, &p)
	if !ok {
		return mancala.PerftSlow(r, history, p, depth)
	}
	s := perftSearch{r: r, t: &r.pt, line: make([]key, depth+1), hist: fr.hist, ring: 2 * r.n,
		fastStore: math.MaxInt, slamMatters: r.o.GrandSlam != GrandSlamNoCapture}
	if r.o.StopAtMajority {
		s.fastStore = (r.total - 6*r.n) >> 1 // the largest with 2*fastStore <= total-6n
	}
	switch depth {
	case 1:
		leaves = s.leaves(fr.own, fr.opp, fr.sOwn, fr.sOpp, 0, 0)
	case 2:
		leaves = s.node2(fr.own, fr.opp, fr.sOwn, fr.sOpp, 0, 0)
	default:
		leaves = s.node(fr.own, fr.opp, fr.sOwn, fr.sOpp, depth, 0, 0)
	}
	return leaves, s.terminal
}

// perftSearch is a packed perft. It works on positions in the mover's
// frame: own and opp are the rows of the player to move and of his
// opponent, sOwn and sOpp their stores; ply counts the moves from the root
// (so the player to move is the root's when ply is even) and seg is the
// ply of the first position with the current stores. Positions reached by
// the search are never finished ones: children that end the game are
// counted (at the last ply) but not searched.
type perftSearch struct {
	r        *Rules
	t        *packedTables
	line     []key    // line[i]: the position at ply i of the current line
	hist     [2][]key // the history that the root's segment may repeat
	ring     int      // 2n, the shortest repetition
	terminal int64
	// The fast case of leaves counted inline by node2, for a child
	// whose mover has store at most fastStore (no majority within reach:
	// 2*(fastStore+3n) <= total, AW-10) and when grand slams do not
	// matter (slamMatters false) or cannot happen.
	fastStore   int
	slamMatters bool
}

// mayRepeat reports whether a position at ply c of segment seg may repeat
// an earlier one.
func (s *perftSearch) mayRepeat(c, seg int) bool {
	return c-s.ring >= seg || seg == 0 && len(s.hist[c&1]) != 0
}

// eachCandidate calls f with each position that a position at ply c of
// segment seg may repeat.
func (s *perftSearch) eachCandidate(c, seg int, f func(q key)) {
	for j := c - s.ring; j >= seg; j -= 2 {
		f(s.line[j])
	}
	if seg == 0 {
		for _, q := range s.hist[c&1] {
			f(q)
		}
	}
}

// repeats reports whether the position (a, b) at ply c of segment seg
// repeats an earlier one.
func (s *perftSearch) repeats(c, seg int, a, b uint64) bool {
	k := key{a, b}
	for j := c - s.ring; j >= seg; j -= 2 {
		if s.line[j] == k {
			return true
		}
	}
	if seg == 0 {
		for _, h := range s.hist[c&1] {
			if h == k {
				return true
			}
		}
	}
	return false
}

// capture applies the capture of a move whose capture test passed (see
// sowEntry): a is the opponent's row after the sowing, cv the test's
// value. It returns the row after the capture and the seeds captured,
// none for a grand slam unless it captures (AW-4, AW-6).
func (s *perftSearch) capture(a, cv uint64) (uint64, int) {
	if chain := captureChain(a, cv); a&^chain != 0 || s.r.captureSlam {
		return a &^ chain, sumBytes(a & chain)
	}
	return a, 0
}

// node returns the leaves below a position depth >= 2 moves deep, and adds
// their terminal ones to s.terminal.
func (s *perftSearch) node(own, opp uint64, sOwn, sOpp, depth, ply, seg int) (leaves int64) {
	r, t := s.r, s.t
	s.line[ply] = key{own, opp}
	cand := t.candidates(own, opp)
	if r.forbidSlam && slamPossible(t, opp) {
		if sl := t.slams(own, opp, cand); sl != cand {
			cand &^= sl // AW-6: forbidden, as another move is legal
		}
	}
	c := ply + 1
	mayRepeat := s.mayRepeat(c, seg)
	pl := t.play
	for m := cand; m != 0; m &= m - 1 {
		sh := uint(bits.TrailingZeros64(m)) &^ 7
		i := uint(own>>sh&0xff)<<3 | sh>>3 // the sowing: see playTables
		b := own + pl.ownD[i]              // the child's rows, in its frame
		a := opp + pl.opp[i]
		sb, cseg := sOwn, seg
		if a&pl.cm[i] == pl.cv[i] {
			var captured int
			if a, captured = s.capture(a, pl.cv[i]); captured != 0 {
				sb, cseg = sOwn+captured, c // a capture starts a new segment
			}
		}
		// Without a capture, the stores stay those of this position, which
		// has not ended: only an empty row (AW-7) can end the child.
		if (sb != sOwn || a == 0 || b == 0) && r.packedEnds(a, b, sOpp, sb) ||
			sb == sOwn && mayRepeat && s.repeats(c, seg, a, b) { // AW-8
			continue
		}
		if depth == 3 {
			leaves += s.node2(a, b, sOpp, sb, c, cseg)
		} else {
			leaves += s.node(a, b, sOpp, sb, depth-1, c, cseg)
		}
	}
	return leaves
}

// node2 is node for depth 2, with the common case of leaves inline.
func (s *perftSearch) node2(own, opp uint64, sOwn, sOpp, ply, seg int) (leaves int64) {
	r, t := s.r, s.t
	if s.ring <= 2 {
		// Only a repetition 2 moves later (one house a side) reads it:
		// the search ends there.
		s.line[ply] = key{own, opp}
	}
	cand := t.candidates(own, opp)
	if r.forbidSlam && slamPossible(t, opp) {
		if sl := t.slams(own, opp, cand); sl != cand {
			cand &^= sl // AW-6: forbidden, as another move is legal
		}
	}
	c := ply + 1
	mayRepeat := s.mayRepeat(c, seg)
	// A grandchild at ply c+1 that captures nothing can repeat a position
	// q only if the house it empties is empty in q (see repeatCount):
	// repeatable marks the houses empty in some such q.
	var repeatable uint64
	if s.mayRepeat(c+1, seg) {
		for j := c + 1 - s.ring; j >= seg; j -= 2 {
			repeatable |= ^nonZero(s.line[j].opp)
		}
		if seg == 0 {
			for _, q := range s.hist[(c+1)&1] {
				repeatable |= ^nonZero(q.opp)
			}
		}
		repeatable &= t.rowHi
	}
	// The fast case of leaves, for a child whose mover has store sOpp: no
	// majority within reach, no grand slam that matters (see leaves).
	fast := sOpp <= s.fastStore
	pl := t.play
	setOpp := uint(setOf(nonZero(opp))) << 8 // the sets of playTables, in bits 8 to 15
	repSet := uint(setOf(repeatable)) << 8
	for m := cand; m != 0; m &= m - 1 {
		sh := uint(bits.TrailingZeros64(m)) &^ 7
		i := uint(own>>sh&0xff)<<3 | sh>>3 // the sowing: see playTables
		b := own + pl.ownD[i]              // the child's rows, in its frame
		a := opp + pl.opp[i]
		if a&pl.cm[i] != pl.cv[i] {
			// No capture (the common case): the stores stay those of
			// this position, which has not ended, and a is not empty (it
			// was not, or the move fed it, AW-5); only an empty b (AW-7)
			// or a repetition (AW-8) can end the child. Its non-empty
			// houses are those of opp and those that received seeds.
			if b == 0 && r.packedEnds(a, b, sOpp, sOwn) ||
				mayRepeat && s.repeats(c, seg, a, b) {
				continue
			}
			if nz := setOpp | uint(pl.oppSet[i]); fast && b != 0 && nz&(nz-1) != 0 && nz&repSet == 0 &&
				!(s.slamMatters && slamPossible(t, b)) {
				leaves += int64(popCount8[nz>>8&0xff])
				continue
			}
			leaves += s.leaves(a, b, sOpp, sOwn, c, seg)
			continue
		}
		a, captured := s.capture(a, pl.cv[i])
		sb, cseg, rep := sOwn+captured, seg, repeatable
		if captured != 0 {
			cseg, rep = c, 0 // a capture starts a new segment
		}
		if (captured != 0 || a == 0 || b == 0) && r.packedEnds(a, b, sOpp, sb) ||
			captured == 0 && mayRepeat && s.repeats(c, seg, a, b) { // AW-8
			continue
		}
		if nz := nonZero(a) & t.rowHi; fast && b != 0 && nz&(nz-1) != 0 && nz&rep == 0 &&
			!(s.slamMatters && slamPossible(t, b)) {
			leaves += int64(countHi(nz))
			continue
		}
		leaves += s.leaves(a, b, sOpp, sb, c, cseg)
	}
	return leaves
}

// popCount8[x] is the number of bits set in x.
var popCount8 = func() (t [256]uint8) {
	for x := range t {
		t[x] = uint8(bits.OnesCount8(uint8(x)))
	}
	return t
}()

// slamPossible reports whether some move may be a grand slam against the
// row opp: not if a house of opp holds 3 seeds or more, for it either
// receives a seed and holds too many to be captured, or lies beyond the
// last seed, outside the capture.
func slamPossible(t *packedTables, opp uint64) bool {
	return ((opp|hi8)-3*lo8|opp)&t.rowHi == 0
}

// leaves returns the legal moves of a position (the leaves one move deep)
// and adds those that end the game to s.terminal, mostly without playing
// the moves one by one.
//
// If the opponent's row is not empty and the mover has two non-empty
// houses or more, every child has both rows non-empty. A child that
// captures nothing keeps the stores of its parent, which has not ended, so
// it ends only by a repetition (AW-8); repeatCount finds those. A move
// captures only if it passes some house twice (2n seeds or more) or its
// last seed falls into an opponent's house holding 1 or 2 seeds, which
// byte-parallel tests find for all moves at once. A capture ends the game
// only by a majority (AW-10) or by a grand slam that captures (AW-6), and a
// grand slam matters for legality only under the rules that forbid it; so
// the capturing moves are played one by one only when a majority is within
// reach or a grand slam possible (slamPossible) and not a mere move that
// captures nothing.
func (s *perftSearch) leaves(own, opp uint64, sOwn, sOpp, ply, seg int) int64 {
	r, t := s.r, s.t
	cand := t.candidates(own, opp)
	nz := nonZero(own) & t.rowHi
	if opp == 0 || nz&(nz-1) == 0 {
		return s.slowLeaves(own, opp, sOwn, sOpp, ply, seg, cand, cand)
	}
	n := int64(countHi(cand))
	var slow uint64 // moves that may capture, if captures matter
	laps := ((own | hi8) - t.lapT | own) & cand
	ones := (^nonZero(opp^lo8) | ^nonZero(opp^two8)) & t.rowHi // opponent's houses of 1 or 2 seeds
	maxCapture := 3 * r.n
	if laps == 0 {
		maxCapture = 3 * countHi(ones)
	}
	if r.o.StopAtMajority && 2*(sOwn+maxCapture) > r.total ||
		r.o.GrandSlam != GrandSlamNoCapture && slamPossible(t, opp) {
		slow = laps
		for ; ones != 0; ones &= ones - 1 {
			slow |= ^nonZero(own^t.land[bits.TrailingZeros64(ones)>>3]) & cand
		}
		if slow != 0 {
			n = s.slowLeaves(own, opp, sOwn, sOpp, ply, seg, cand, slow)
		}
	}
	if s.mayRepeat(ply+1, seg) {
		s.terminal += s.repeatCount(own, opp, cand&^slow, ply+1, seg)
	}
	return n
}

// slowLeaves is leaves, for the moves in slow played one by one: it
// returns the number of legal moves in cand, and adds to s.terminal those
// of slow that end the game.
func (s *perftSearch) slowLeaves(own, opp uint64, sOwn, sOpp, ply, seg int, cand, slow uint64) int64 {
	r := s.r
	c := ply + 1
	mayRepeat := s.mayRepeat(c, seg)
	var over, slams, slamsOver int64
	for m := slow; m != 0; m &= m - 1 {
		b, a, captured, slam := r.pt.sow(own, opp, bits.TrailingZeros64(m)>>3, r.captureSlam)
		end := r.packedEnds(a, b, sOpp, sOwn+captured) ||
			captured == 0 && mayRepeat && s.repeats(c, seg, a, b)
		switch {
		case slam && end:
			slamsOver++
			slams++
		case slam:
			slams++
		case end:
			over++
		}
	}
	n := int64(countHi(cand))
	if r.forbidSlam && slams != 0 && slams != n {
		n -= slams // AW-6: forbidden, as another move is legal
		slamsOver = 0
	}
	s.terminal += over + slamsOver
	return n
}

// repeatCount returns how many of the moves in m, which capture nothing,
// give a position at ply c that repeats an earlier one. A move from house
// h can give a position q only if h is empty in q (it was emptied and, on
// a long sowing, skipped) and, when no house can hold 128 seeds or more
// (so bytes compare in parallel), q's other row holds in every house at
// least what the opponent holds now (it only gains seeds); the moves that
// pass those tests are played.
func (s *perftSearch) repeatCount(own, opp, m uint64, c, seg int) int64 {
	var found uint64
	try := func(q key) {
		hs := ^nonZero(q.opp) & m
		if hs == 0 || s.r.total < 128 && ((q.own|hi8)-opp)&s.t.rowHi != s.t.rowHi {
			return
		}
		for ; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs) >> 3
			if b, a, captured, _ := s.t.sow(own, opp, h, s.r.captureSlam); captured == 0 && a == q.own && b == q.opp {
				found |= 1 << h
			}
		}
	}
	s.eachCandidate(c, seg, try)
	return int64(bits.OnesCount64(found))
}
