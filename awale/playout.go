package awale

import (
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// Playout is [mancala.Playout] for r: it plays uniformly random legal moves
// from p until the game is over, ending it on a repetition of p's history
// or of the game itself (AW-8), and returns the final position and the
// number of moves. On the packed engine it runs on packed rows, with
// random choices from a SplitMix64 sequence seeded by one draw of rng (so
// the same rng state gives the same game); otherwise it goes through Legal
// and Apply, with a draw of rng for each move.
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

// fastPlayout plays a random game on packed rows.
//
// Repetitions (AW-8). The positions of the current segment (since the last
// capture) are kept in line. By the theorem of the top of perft.go, a
// position at ply c can repeat one at ply j of its segment only if every
// one of the 2n houses was sown from by the moves j … c-1; so as long as
// some house has not been sown from since the segment began (sown, a bit
// per house, is not full), no position can repeat and nothing is checked.
// This is the common case (over 80% of the moves of random games): every
// capture starts a new segment, and in the endgame empty houses are never
// sown from. Once sown is full, positions enter, 2n moves after they were
// reached, a Bloom-like filter of 256 bits for their player to move, so
// that a scan of the segment is needed only when the filter says the new
// position may be there. A history (segment 0 only) is checked at every
// ply, as the theorem says nothing of the moves before the root.
//
// Random choices take a random byte each, with Lemire's
// multiply-and-reject method done in advance (pickTab), so they are
// exactly uniform. The bytes come from SplitMix64 seeded by one draw of
// rng (see refill). If record is not nil, the houses played are appended
// to it (for tests).
//
// The common moves run in runFast, a loop without calls (so that the
// compiler keeps the game in registers); anything rare (drawing random
// numbers, a grand slam, a possible repetition, a long segment, the
// history, recording) returns to this function.
func (r *Rules) fastPlayout(fr *fastRoot, rng *rand.Rand, maxPlies int, record *[]int) (mancala.Position, int) {
	var g playout
	g.line = g.buf[:]
	g.own, g.opp = fr.own, fr.opp
	g.setOwn, g.setOpp = uint(setOf(nonZero(g.own)))<<8, uint(setOf(nonZero(g.opp)))<<8
	g.stores = [2]int{fr.sOwn, fr.sOpp}
	g.full = uint16(1<<r.n-1) * 0x101
	hasHist := len(fr.hist[0])+len(fr.hist[1]) != 0
	if hasHist {
		g.sown = g.full // check from the start
	}
	limit := maxPlies
	if limit <= 0 {
		limit = math.MaxInt
	}
	recorded := 0
	g.seed = rng.Uint64()
	g.ri = uint(len(g.rb)) // empty
	for {
		g.stop = limit
		if record != nil || hasHist && g.seg == 0 {
			g.stop = g.ply + 1 // come back after every move
		}
		code := r.runFast(&g)
		if code == exitSlam {
			code = r.slamPly(&g)
		}
		if record != nil && g.ply != recorded {
			*record = append(*record, int(g.lastH))
			recorded = g.ply
		}
		switch code {
		case exitRefill:
			g.refill()
			continue
		case exitGrow:
			g.line = append(g.line, make([]key, len(g.line))...)
			continue
		case exitOver:
			return r.packedPosition(fr.board, fr.playerAt(g.ply), g.own, g.opp, g.stores[g.ply&1], g.stores[g.ply&1^1]), g.ply
		case exitFilter:
			if lineRepeats(g.line, g.seg, g.ply, r.pt.ring, g.own, g.opp) {
				return g.cycle(r, fr)
			}
		}
		// A move was played and the game goes on.
		if g.seg == 0 && len(fr.hist[g.ply&1]) != 0 && histRepeats(fr.hist[g.ply&1], g.own, g.opp) {
			return g.cycle(r, fr)
		}
		if g.ply == limit {
			// The caller's cap: the game is left unfinished.
			return r.packedPosition(fr.board, fr.playerAt(g.ply), g.own, g.opp, g.stores[g.ply&1], g.stores[g.ply&1^1]), g.ply
		}
	}
}

// playout is the state of a packed random game: the position at ply in
// its mover's frame (own, opp), the stores by player to move (stores[ply&1]
// is the mover's), and what the repetition checks and the random choices
// need.
type playout struct {
	own, opp uint64
	stores   [2]int
	ply, seg int    // ply counts the moves from the root; seg is the first ply of the segment
	stop     int    // runFast returns after the move that reaches this ply
	ins      int    // the next ply of the segment to enter the filter
	sown     uint16 // the houses sown from since seg, the mover's in the low byte
	full     uint16 // sown with every house
	ri       uint   // the next byte of rb
	seed     uint64 // the state of the generator of rb
	setOwn   uint   // the non-empty houses of own (bit 8+i: house i)
	setOpp   uint   // the non-empty houses of opp (bit 8+i: house i)
	lastH    uint   // the house of the last move
	filter   [2][4]uint64
	rb       [64]uint8 // random bytes (from 64-bit draws)
	line     []key     // line[i]: the position at ply seg+i
	buf      [256]key
}

// Reasons for runFast to return.
const (
	exitRefill = iota // out of random bytes, before a move
	exitGrow          // line is full, before a move
	exitSlam          // the move chosen (house lastH) is a grand slam: not played
	exitOver          // the game is over (AW-7, AW-10), or the position has no move
	exitFilter        // the position may repeat one of the segment (the filter says so)
	exitStop          // a move reached g.stop
)

// runFast plays moves while they are common ones: see fastPlayout. It
// returns why it stopped (exitRefill ...). It makes no call, so that the
// compiler keeps the game in registers.
//
// The chain of dependent instructions from one move to the next is what
// limits it. So it keeps the sets of the non-empty houses of both rows
// (setOwn, setOpp: bit 8+i for house i, as pickTab is indexed) up to date
// from table lookups, rather than computing them from the rows: after a
// move that captures nothing, the next mover's non-empty houses are those
// he had and those that received seeds. A move is then a lookup of the
// house chosen (from the set and a random byte), a lookup of the sowing
// (from the house and its seeds) and an addition. The tables are laid out
// so that the parts that usual games read (48 seeds or fewer, 6 houses)
// stay in the L1 cache without evicting one another.
func (r *Rules) runFast(g *playout) int {
	t := &r.pt
	pl := t.play
	own, opp := g.own, g.opp
	setOwn, setOpp := g.setOwn, g.setOpp
	ply, seg := g.ply, g.seg
	ri := g.ri
	sown := g.sown
	line := g.line
	code := exitStop
	for {
		li := ply - seg
		if uint(li) >= uint(len(line)) {
			code = exitGrow
			break
		}
		line[li] = key{own, opp}
		cand := setOwn // AW-3: the non-empty houses
		if setOpp == 0 {
			// AW-5: those that feed the opponent (all of them if none
			// does: settled positions never ask).
			if f := uint(setOf(t.feeds(own))) << 8; f != 0 {
				cand = f
			}
		}
	pick:
		if ri >= uint(len(g.rb)) {
			code = exitRefill
			break
		}
		sh := uint(pickTab[cand|uint(g.rb[ri])])
		ri++
		if sh > 56 {
			if cand == 0 {
				code = exitOver // not a settled position: Setup would have ended it
				break
			}
			goto pick // rejected, to keep the choice uniform: draw again
		}
		h := sh >> 3
		i := uint(own>>sh&0xff)<<3 | h // s<<3 | h
		b := own + pl.ownD[i]          // the child's rows, in its frame
		a := opp + pl.opp[i]
		if a&pl.cm[i] == pl.cv[i] {
			chain := captureChain(a, pl.cv[i])
			if a&^chain == 0 { // a grand slam (AW-6)
				g.lastH = h
				code = exitSlam
				break
			}
			g.stores[ply&1] += sumBytes(a & chain)
			g.lastH = h
			ply++
			own, opp = a&^chain, b
			if r.packedEnds(own, opp, g.stores[ply&1], g.stores[ply&1^1]) {
				code = exitOver
				break
			}
			setOwn, setOpp = uint(setOf(nonZero(own)))<<8, setOwn&^(0x100<<h)|uint(pl.ownSet[i])
			seg, g.ins, sown = ply, ply, 0
			g.filter = [2][4]uint64{}
		} else {
			g.lastH = h
			ply++
			own, opp = a, b
			setOwn, setOpp = setOpp|uint(pl.oppSet[i]), setOwn&^(0x100<<h)|uint(pl.ownSet[i])
			sown = bits.RotateLeft16(sown|1<<h, 8)
			// Without a capture the stores are unchanged, and the mover's
			// opponent, who moves next, has seeds: he had some, or was fed
			// (AW-5). Only AW-7 can end the game.
			if setOpp == 0 && t.feeds(own) == 0 {
				code = exitOver
				break
			}
			if sown == g.full {
				// g.filterHit, inline.
				for ; g.ins <= ply-t.ring; g.ins++ {
					q := line[g.ins-seg]
					i := filterIndex(q.own, q.opp)
					g.filter[g.ins&1][i>>6&3] |= 1 << (i & 63)
				}
				if i := filterIndex(own, opp); g.filter[ply&1][i>>6&3]&(1<<(i&63)) != 0 {
					code = exitFilter
					break
				}
			}
		}
		if ply == g.stop {
			break
		}
	}
	g.own, g.opp, g.setOwn, g.setOpp = own, opp, setOwn, setOpp
	g.ply, g.seg, g.ri, g.sown = ply, seg, ri, sown
	return code
}

// filterHit enters in g.filter the positions of the segment that a
// position at ply may repeat (those 2n moves earlier or more, from g.ins
// on), and reports whether the filter may hold (own, opp) for its player
// to move.
func (g *playout) filterHit(ring, ply, seg int, own, opp uint64) bool {
	for ; g.ins <= ply-ring; g.ins++ {
		q := g.line[g.ins-seg]
		i := filterIndex(q.own, q.opp)
		g.filter[g.ins&1][i>>6&3] |= 1 << (i & 63)
	}
	i := filterIndex(own, opp)
	return g.filter[ply&1][i>>6&3]&(1<<(i&63)) != 0
}

// slamPly plays the move at which runFast stopped with exitSlam: house
// g.lastH, chosen among the candidates, is a grand slam (AW-6). If the
// rules forbid it and another move is legal, it chooses again among the
// legal moves (the choice stays uniform). It returns what runFast would
// have (exitOver, exitFilter or exitStop).
func (r *Rules) slamPly(g *playout) int {
	h := g.lastH
	if r.forbidSlam {
		if l := r.packedLegal(g.own, g.opp); l != r.pt.candidates(g.own, g.opp) {
			h = g.pick(l)
		}
	}
	b, a, c, _ := r.pt.sow(g.own, g.opp, int(h), r.captureSlam)
	g.lastH = h
	g.stores[g.ply&1] += c
	g.ply++
	g.own, g.opp = a, b
	g.setOwn, g.setOpp = uint(setOf(nonZero(a)))<<8, uint(setOf(nonZero(b)))<<8
	if r.packedEnds(a, b, g.stores[g.ply&1], g.stores[g.ply&1^1]) {
		return exitOver
	}
	if c != 0 {
		g.seg, g.ins, g.sown = g.ply, g.ply, 0
		g.filter = [2][4]uint64{}
		return exitStop
	}
	g.sown = bits.RotateLeft16(g.sown|1<<h, 8)
	if g.sown == g.full && g.filterHit(r.pt.ring, g.ply, g.seg, a, b) {
		return exitFilter
	}
	return exitStop
}

// pick returns a house chosen uniformly among the hi mask m (not 0),
// drawing random bytes from g.rb.
func (g *playout) pick(m uint64) uint {
	for {
		if g.ri >= uint(len(g.rb)) {
			g.refill()
		}
		sh := pickTab[uint(setOf(m))<<8|uint(g.rb[g.ri])]
		g.ri++
		if sh <= 56 {
			return uint(sh >> 3)
		}
	}
}

// refill draws the random bytes of g.rb: the outputs of SplitMix64
// (Steele, Lea and Flood 2014) from the seed that fastPlayout drew from
// the caller's generator. (One call of the caller's generator per game
// instead of one per 8 moves; SplitMix64's outputs pass BigCrush.)
func (g *playout) refill() {
	s := g.seed
	for i := 0; i < len(g.rb); i += 8 {
		s += 0x9e3779b97f4a7c15
		z := (s ^ s>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		binary.LittleEndian.PutUint64(g.rb[i:], z^z>>31)
	}
	g.seed = s
	g.ri = 0
}

// cycle returns the end of the game by a repetition at g.ply (AW-8).
func (g *playout) cycle(r *Rules, fr *fastRoot) (mancala.Position, int) {
	return r.packedCycle(fr.board, fr.playerAt(g.ply), g.own, g.opp, g.stores[g.ply&1], g.stores[g.ply&1^1]), g.ply
}

// pickTab is the uniform choice of a house among a set, from a random
// byte x: for the set of houses s (bit i: house i; setOf of a hi mask),
// pickTab[s<<8|x] is 8 times the house chosen, or 0xff if x is rejected
// and another byte must be drawn. This is Lemire's multiply-and-reject
// method done in advance: with k houses in s, the byte chooses the
// (x*k>>8)-th house of s unless x*k mod 256 is below 256 mod k; every
// house is then chosen by exactly floor(256/k) of the 256 bytes, so the
// choice is exactly uniform. (One load instead of a count, a multiply and
// a lookup of the house: it shortens the chain of dependent instructions
// of a move.)
var pickTab = func() (t [1 << 16]uint8) {
	for s := 0; s < 256; s++ {
		var houses []int
		for h := 0; h < 8; h++ {
			if s&(1<<h) != 0 {
				houses = append(houses, h)
			}
		}
		k := len(houses)
		for x := 0; x < 256; x++ {
			v := x * k
			if k == 0 || v&0xff < 256%k {
				t[s<<8|x] = 0xff
				continue
			}
			t[s<<8|x] = uint8(8 * houses[v>>8])
		}
	}
	return t
}()

// setOf returns the houses of the hi mask m as a bit mask (bit i: house
// i): the hi bits gathered by a multiply.
func setOf(m uint64) uint16 {
	return uint16(m * (0x0102040810204080 >> 7) >> 56)
}

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

// histRepeats reports whether (own, opp) is one of hist.
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
