package awale

import (
	"math"
	"math/bits"
	"math/rand/v2"

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

// canonical reports whether p has the form of the positions the packed
// engine makes: n houses a side, one player to move, no hands, burnt
// houses, round or state, no house beyond n, and this ruleset's seeds.
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
	return b.BurntMask(mancala.South)|b.BurntMask(mancala.North) == 0 && b.Total() == r.total
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
	s := perftSearch{r: r, t: &r.pt, line: make([]key, depth+1), hist: fr.hist, ring: 2 * r.n}
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
	for m := cand; m != 0; m &= m - 1 {
		sh := uint(bits.TrailingZeros64(m)) &^ 7
		e := &t.tab[sh<<5|uint(own>>sh&0xff)]
		b := own&^(0xff<<sh) + e.own // the child's rows, in its frame
		a := opp + e.opp
		sb := sOwn
		if a&e.cm == e.cv {
			if chain := captureChain(a, e.cv); a&^chain != 0 || r.captureSlam {
				sb += sumBytes(a & chain)
				a &^= chain
			}
		}
		// Without a capture, the stores stay those of this position, which
		// has not ended: only an empty row (AW-7) can end the child.
		if (sb != sOwn || a == 0 || b == 0) && r.packedEnds(a, b, sOpp, sb) {
			continue
		}
		cseg := seg
		if sb != sOwn {
			cseg = c // a capture starts a new segment
		} else if mayRepeat && s.repeats(c, seg, a, b) {
			continue // AW-8: the game ends in a repetition
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
	s.line[ply] = key{own, opp}
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
		s.eachCandidate(c+1, seg, func(q key) { repeatable |= ^nonZero(q.opp) })
		repeatable &= t.rowHi
	}
	// The fast case of leaves, for a child with stores (sa, sb): no
	// majority within reach (2*(sa+3n) <= total), no grand slam that
	// matters.
	lim := math.MaxInt
	if r.o.StopAtMajority {
		lim = r.total - 6*r.n
	}
	slamMatters := r.o.GrandSlam != GrandSlamNoCapture
	rowHi := t.rowHi
	for m := cand; m != 0; m &= m - 1 {
		sh := uint(bits.TrailingZeros64(m)) &^ 7
		e := &t.tab[sh<<5|uint(own>>sh&0xff)]
		b := own&^(0xff<<sh) + e.own // the child's rows, in its frame
		a := opp + e.opp
		sb := sOwn
		if a&e.cm == e.cv {
			if chain := captureChain(a, e.cv); a&^chain != 0 || r.captureSlam {
				sb += sumBytes(a & chain)
				a &^= chain
			}
		}
		// Without a capture, the stores stay those of this position, which
		// has not ended: only an empty row (AW-7) can end the child.
		if (sb != sOwn || a == 0 || b == 0) && r.packedEnds(a, b, sOpp, sb) {
			continue
		}
		cseg, rep := seg, repeatable
		if sb != sOwn {
			cseg, rep = c, 0 // a capture starts a new segment
		} else if mayRepeat && s.repeats(c, seg, a, b) {
			continue // AW-8: the game ends in a repetition
		}
		if nz := nonZero(a) & rowHi; b != 0 && nz&(nz-1) != 0 && nz&rep == 0 && 2*sOpp <= lim &&
			!(slamMatters && slamPossible(t, b)) {
			leaves += int64(bits.OnesCount64(nz))
			continue
		}
		leaves += s.leaves(a, b, sOpp, sb, c, cseg)
	}
	return leaves
}

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
	n := int64(bits.OnesCount64(cand))
	var slow uint64 // moves that may capture, if captures matter
	laps := ((own | hi8) - t.lapT | own) & cand
	ones := (^nonZero(opp^lo8) | ^nonZero(opp^two8)) & t.rowHi // opponent's houses of 1 or 2 seeds
	maxCapture := 3 * r.n
	if laps == 0 {
		maxCapture = 3 * bits.OnesCount64(ones)
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
	n := int64(bits.OnesCount64(cand))
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

// Playout is [mancala.Playout] for r: it plays uniformly random legal moves
// from p until the game is over, ending it on a repetition of p's history
// or of the game itself (AW-8), and returns the final position and the
// number of moves. On the packed engine it runs on packed rows; otherwise
// it goes through Legal and Apply.
func (r *Rules) Playout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (final mancala.Position, plies int) {
	if p.Over() {
		return p, 0
	}
	fr, ok := r.fastRoot(history, &p)
	if !ok {
		return r.slowPlayout(history, p, rng, maxPlies, nil)
	}
	return r.fastPlayout(&fr, rng, maxPlies, nil)
}

// fastPlayout plays a random game on packed rows. The positions of the
// current segment (since the last capture) are kept in line; a position
// becomes a candidate for repetition 2n moves later, when it enters a
// Bloom-like filter of 256 bits for its player to move, so that a scan of
// the segment is needed only when the filter says the position may be
// there.
//
// Random choices take 8 bits of a 64-bit draw each, with Lemire's
// multiply-and-reject method, so they are exactly uniform. If record is
// not nil, the houses played are appended to it (for tests).
func (r *Rules) fastPlayout(fr *fastRoot, rng *rand.Rand, maxPlies int, record *[]int) (mancala.Position, int) {
	t := &r.pt
	var ps playoutState
	line := ps.buf[:] // line[i]: the position at ply seg+i
	own, opp := fr.own, fr.opp
	stores := uint64(fr.sOwn) | uint64(fr.sOpp)<<32 // the mover's in the low half
	hist := fr.hist
	seg, ply := 0, 0
	var rbits uint64 // random bits not used yet
	nbits := 0
	for {
		if ply-seg == len(line) {
			line = append(line, make([]key, len(line))...) // a long segment
		}
		line[ply-seg] = key{own, opp}
		m := t.candidates(own, opp)
		if m == 0 {
			break // not a settled position: Setup would have ended it
		}
	pick:
		set := uint8((m >> 7) * 0x0102040810204080 >> 56) // bit i: house i
		k := uint32(bits.OnesCount64(m))
		if nbits == 0 {
			rbits, nbits = rng.Uint64(), 8
		}
		v := uint32(uint8(rbits)) * k
		rbits >>= 8
		nbits--
		if lo := v & 0xff; lo < k && lo < (0x100-k)%k {
			goto pick // rejected, to keep the choice uniform: draw again
		}
		sh := uint(selectBit[set][v>>8]) << 3
		e := &t.tab[sh<<5|uint(own>>sh&0xff)]
		b := own&^(0xff<<sh) + e.own // the child's rows, in its frame
		a := opp + e.opp
		c := uint64(0)
		if a&e.cm == e.cv {
			chain := captureChain(a, e.cv)
			if a&^chain == 0 { // a grand slam (AW-6)
				if r.forbidSlam {
					// Legal only if every candidate is one: choose again
					// among the legal moves (the choice stays uniform).
					if l := r.packedLegal(own, opp); l != m {
						m = l
						goto pick
					}
				}
				if r.captureSlam {
					c = uint64(sumBytes(a))
					a = 0
				}
			} else {
				c = uint64(sumBytes(a & chain))
				a &^= chain
			}
		}
		if record != nil {
			*record = append(*record, int(sh>>3))
		}
		ply++
		own, opp, stores = a, b, bits.RotateLeft64(stores+c, 32)
		if r.packedEnds(own, opp, int(uint32(stores)), int(stores>>32)) {
			break
		}
		if c != 0 {
			if ply == maxPlies {
				break
			}
			seg, ps.filter, hist = ply, [2][4]uint64{}, [2][]key{}
			continue
		}
		if j := ply - t.ring; j >= seg {
			k := line[j-seg]
			i := filterIndex(k.own, k.opp)
			ps.filter[j&1][i>>6] |= 1 << (i & 63)
		}
		fi := filterIndex(own, opp)
		if ps.filter[ply&1][fi>>6]&(1<<(fi&63)) != 0 && lineRepeats(line, seg, ply, t.ring, own, opp) ||
			len(hist[ply&1]) != 0 && histRepeats(hist[ply&1], own, opp) {
			p := r.packedPosition(fr.board, fr.playerAt(ply), own, opp, int(uint32(stores)), int(stores>>32))
			return r.Cycle(p), ply
		}
		if ply == maxPlies {
			break // the caller's cap (maxPlies > 0): the game is left unfinished
		}
	}
	return r.packedPosition(fr.board, fr.playerAt(ply), own, opp, int(uint32(stores)), int(stores>>32)), ply
}

// playoutState is the part of a packed playout kept in memory: the first
// positions of the current segment, and the filters of the positions that
// a new one may repeat.
type playoutState struct {
	buf    [256]key
	filter [2][4]uint64
}

// selectBit[set][i] is the index of the i-th set bit of set (from 0).
var selectBit = func() (t [256][8]uint8) {
	for set := range t {
		i := 0
		for b := 0; b < 8; b++ {
			if set&(1<<b) != 0 {
				t[set][i] = uint8(b)
				i++
			}
		}
	}
	return t
}()

// playerAt returns the player to move at ply (counted from the root).
func (fr *fastRoot) playerAt(ply int) mancala.Player {
	if ply&1 == 0 {
		return fr.mover
	}
	return fr.mover.Other()
}

// filterIndex returns the filter bit (0..255) of the position (own, opp).
func filterIndex(own, opp uint64) uint {
	return uint((own ^ bits.RotateLeft64(opp, 29)) * 0x9e3779b97f4a7c15 >> 56)
}

// lineRepeats reports whether (own, opp) at ply repeats a position of
// line, the segment from ply seg, at least ring plies earlier.
func lineRepeats(line []key, seg, ply, ring int, own, opp uint64) bool {
	k := key{own, opp}
	for j := ply - ring; j >= seg; j -= 2 {
		if line[j-seg] == k {
			return true
		}
	}
	return false
}

func histRepeats(hist []key, own, opp uint64) bool {
	for _, h := range hist {
		if h == (key{own, opp}) {
			return true
		}
	}
	return false
}

// slowPlayout plays a random game through Legal and Apply. A position can
// repeat only one of the history or one reached since the stores last
// changed, at least 2n moves earlier (see Repetition above).
// If record is not nil, the houses played are appended to it (for tests).
func (r *Rules) slowPlayout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int, record *[]int) (mancala.Position, int) {
	var buf [64]mancala.Position
	seg := buf[:0] // the positions since the stores last changed
	var moves [mancala.MaxHouses]mancala.Move
	plies := 0
	for !p.Over() && (maxPlies <= 0 || plies < maxPlies) {
		ms := r.Legal(moves[:0], p)
		if len(ms) == 0 {
			break // not a settled position: Setup would have ended it
		}
		m := ms[rng.IntN(len(ms))]
		if record != nil {
			h, _ := m.House(mancala.South)
			if h < 0 {
				h, _ = m.House(mancala.North)
			}
			*record = append(*record, h)
		}
		q := r.Apply(p, m)
		plies++
		if q.Board.Store(mancala.South) != p.Board.Store(mancala.South) ||
			q.Board.Store(mancala.North) != p.Board.Store(mancala.North) {
			seg = seg[:0]
		} else {
			seg = append(seg, p)
		}
		p = q
		if p.Over() {
			break
		}
		repeated := false
		for j := len(seg) - 2*r.n; j >= 0 && !repeated; j -= 2 {
			repeated = seg[j] == p
		}
		for j := range history {
			repeated = repeated || history[j] == p
		}
		if repeated {
			p = r.Cycle(p)
		}
	}
	return p, plies
}
