package sow

import (
	"math/bits"
)

// The packed engine: perft and random games for the configurations of
// the Awalé kind, on rows packed into words, beside the generic engine.
//
// It takes a configuration (packedOK, decided once by New) whose moves
// only sow round the 2n houses of a two-row board of at most 8 houses a
// side, one seed a house in the game's direction (the origin skipped or
// not), and capture by counts in the opponent's row (SW-9, one house or
// successive ones), under any grand slam rule (SW-11), with or without
// feeding (SW-12) and with any ending (SW-14 to SW-18). Any other
// mechanism (stores in the circuit, relay, opposite captures, tuzdyks,
// counts skipped, minimum seeds, passes, reversed moves, four rows)
// leaves the configuration to the relay engine (fast_relay.go) or the
// generic engine. The tests compare the
// two on perft and random games for every catalogue preset and for
// random configurations.
//
// A row is a uint64 holding house i of its owner in byte i. The engine
// works in the mover's frame: own is the row of the player to move, opp
// his opponent's. The total of the seeds is at most 255
// ([mancala.MaxSeeds]), so byte-wise sums never carry.

const (
	pLo8 = 0x0101010101010101
	pHi8 = 0x8080808080808080
	pLo7 = 0x7f7f7f7f7f7f7f7f
)

// noLand marks a sowing whose last seed falls in the mover's own row.
const noLand = 0xff

// packedTables are a packed configuration's constants, made by New.
type packedTables struct {
	n     int
	rowHi uint64 // 0x80 in the n bytes of a row
	lapT  uint64 // 2n in each byte of a row: a sowing of that many seeds may pass a house twice
	feedT uint64 // byte h: the seeds house h needs to reach the opponent's row
	// land[j], byte h: the seeds a sowing from house h needs for its
	// last seed to fall in the opponent's house j, passing no house
	// twice.
	land [8]uint64
	// The sowings, indexed by s<<3|h (s seeds from house h): the change
	// to the mover's row (seeds added, minus the s taken), the seeds
	// added to the opponent's row, and the opponent's house of the last
	// seed (noLand: the mover's own row).
	ownD [256 * 8]uint64
	oppD [256 * 8]uint64
	last [256 * 8]uint8
	capt [257]bool // a house holding this many seeds is captured (SW-9)
	// captLo holds, for each capturing count v, v-1 in a word's every
	// byte: a house holding v-1 seeds before a sowing that ends there
	// without passing a house twice is captured. captAll is set when a
	// count list does not say it (CaptureEven): capt is read instead.
	captLo  []uint64
	captAll bool
	// maxCapt holds the largest capturing count in every byte of a
	// row, 0 if it is 128 or more or unbounded (CaptureEven).
	maxCapt uint64
	// maxTake is the most seeds one move can capture: the largest
	// capturing count in each house of a row (or every seed).
	maxTake     int
	successive  bool // r.c.Successive
	slamRefused bool // a grand slam captures nothing (SlamForbidden, SlamNoCapture)
	step        int  // the next house of the chain of successive captures: -1 or +1
}

// packedOK reports whether the packed engine plays configuration c
// exactly as the generic engine does.
func packedOK(c *Config) bool {
	return c.Houses <= 8 && c.Rows <= 1 && !c.SowOwnStore && !c.SowOpponentStore &&
		c.SkipCount == 0 && !c.FirstInOrigin && !c.Relay && !c.EitherWay && c.MinSeeds <= 1 &&
		(c.CaptureRow == OpponentRow || len(c.CaptureCounts) == 0 && !c.CaptureEven) &&
		!c.Opposite && !c.CaptureNext && !c.Tuzdyk && !c.Pass &&
		// the mechanisms added beside the packed engine (SW-40 on):
		// the generic engine plays them
		!c.SinglesLast && !c.SingleToEmpty && c.HouseWay == AnyWay && !c.TwoOut && !c.Rounds &&
		!c.CapturedSown && !c.Simultaneous && !c.TurnRowEmpty &&
		c.ReverseHouses == 0 && !c.MustCapture && !c.CaptureFirstLap && !c.InnerRowNeeded &&
		!c.SingleIntoEmpty && !c.NoCaptureFirstMove &&
		!c.EachHouseOnce && !c.CaptureBeyond && !c.FirstMoveNoCapture && !c.RefillDraw && // SW-90 to SW-93
		!c.NoOwners // SW-94
}

// newPackedTables builds the packed tables of r's configuration, which
// packedOK accepts, by following the generic engine's circuit.
func newPackedTables(r *Rules) *packedTables {
	n := r.t.n
	pt := &packedTables{n: n, step: -1, successive: r.c.Successive,
		slamRefused: r.c.GrandSlam == SlamForbidden || r.c.GrandSlam == SlamNoCapture}
	if r.c.Direction == Clockwise {
		pt.step = 1
	}
	next := &r.t.next[0][0] // South's circuit: the frame of the mover
	for i := 0; i < n; i++ {
		pt.rowHi |= 0x80 << (8 * i)
		pt.lapT |= uint64(2*n) << (8 * i)
	}
	for h := 0; h < n; h++ {
		fed := false
		for s := 1; s <= min(255, max(r.total, 2*n)); s++ { // 2n at least: the feeding and landing counts
			var inc [2 * 8]uint64
			pos := h
			for k := 0; k < s; k++ {
				pos = int(next[pos])
				if pos == h && r.c.SkipOrigin { // SW-4
					pos = int(next[pos])
				}
				inc[pos]++
			}
			i := s<<3 | h
			var own, opp uint64
			for x := 0; x < n; x++ {
				own |= inc[x] << (8 * x)
				opp |= inc[n+x] << (8 * x)
			}
			pt.ownD[i] = own - uint64(s)<<(8*h)
			pt.oppD[i] = opp
			pt.last[i] = noLand
			if pos >= n {
				pt.last[i] = uint8(pos - n)
			}
			if !fed && opp != 0 {
				fed = true
				pt.feedT |= uint64(s) << (8 * h)
			}
			if s < 2*n && pos >= n {
				pt.land[pos-n] |= uint64(s) << (8 * h)
			}
		}
	}
	copy(pt.capt[:], r.t.capt[:])
	pt.captAll = r.c.CaptureEven
	top := 0
	for _, v := range r.c.CaptureCounts {
		pt.captLo = append(pt.captLo, uint64(v-1)*pLo8)
		top = max(top, v)
	}
	pt.maxTake = min(top*n, r.total)
	if top < 128 && !pt.captAll {
		for i := 0; i < n; i++ {
			pt.maxCapt |= uint64(top) << (8 * i)
		}
	}
	if pt.captAll {
		pt.maxTake = r.total
	}
	if top == 0 && !pt.captAll { // no captures: no grand slam against a row with seeds
		pt.maxCapt = pt.rowHi >> 7
	}
	return pt
}

// pNonZero returns the hi mask (0x80 in byte i) of the non-empty bytes
// of x.
func pNonZero(x uint64) uint64 { return ((x & pLo7) + pLo7 | x) & pHi8 }

// pSum returns the sum of the bytes of x (at most 255).
func pSum(x uint64) int { return int(x * pLo8 >> 56) }

// hiToMask returns the move mask (bit i) of the hi mask m.
func hiToMask(m uint64) uint32 { return uint32((m >> 7) * 0x0102040810204080 >> 56) }

// feeds returns the hi mask of the houses of row own whose sowing
// reaches the opponent's row (SW-12).
func (pt *packedTables) feeds(own uint64) uint64 {
	return ((own | pHi8) - pt.feedT | own) & pt.rowHi & pNonZero(own)
}

// candidates returns the hi mask of the mover's moves that SW-2 and SW-12
// allow.
func (r *Rules) pCandidates(own, opp uint64) uint64 {
	m := pNonZero(own) & r.pt.rowHi
	if opp == 0 && r.c.Feed {
		return r.pt.feeds(own)
	}
	return m
}

// pSow plays the mover's house h, which holds seeds: it returns the
// rows after the sowing and its captures, in the mover's frame, the
// seeds captured and whether the capture is a grand slam (SW-9, SW-11).
func (r *Rules) pSow(own, opp uint64, h uint) (own2, opp2 uint64, captured int, slam bool) {
	return r.pt.sow(own, opp, h)
}

// sow is pSow.
func (pt *packedTables) sow(own, opp uint64, h uint) (own2, opp2 uint64, captured int, slam bool) {
	i := (uint(own>>(8*h&63)&0xff)<<3 | h) & (256*8 - 1)
	own2, opp2 = own+pt.ownD[i], opp+pt.oppD[i]
	if j := uint(pt.last[i]); j != noLand && pt.capt[opp2>>(8*j&63)&0xff] {
		opp2, captured, slam = pt.capture(opp2, int(j))
	}
	return own2, opp2, captured, slam
}

// capture makes the capture of a sowing whose last seed fell in the
// opponent's house j, which holds a capturing count, in his row opp: it
// returns the row after the capture, the seeds captured and whether the
// capture is a grand slam (taken or not, SW-11).
func (pt *packedTables) capture(opp uint64, j int) (uint64, int, bool) {
	var chain uint64
	sum := 0
	for ; uint(j) < uint(pt.n); j += pt.step {
		v := opp >> (8 * uint(j)) & 0xff
		if !pt.capt[v] {
			break
		}
		chain |= 0xff << (8 * uint(j))
		sum += int(v)
		if !pt.successive {
			break
		}
	}
	if opp&^chain == 0 {
		if pt.slamRefused {
			return opp, 0, true
		}
		return 0, sum, true
	}
	return opp &^ chain, sum, false
}

// slamPossible reports whether some move may be a grand slam against
// row opp (SW-11): not if a house of opp holds the largest capturing
// count or more, for it either receives a seed and holds too many to be
// captured, or receives none and lies outside the capture.
func (pt *packedTables) slamPossible(opp uint64) bool {
	return pt.maxCapt == 0 || ((opp|pHi8)-pt.maxCapt|opp)&pt.rowHi == 0
}

// mayCapture returns the hi mask of the moves in cand that may capture:
// those that pass some house twice, and those whose last seed falls in
// an opponent's house that then holds a capturing count.
func (r *Rules) mayCapture(own, opp, cand uint64) uint64 {
	pt := r.pt
	m := ((own | pHi8) - pt.lapT | own) & cand
	var lands uint64 // the opponent's houses that one more seed makes capturable
	if pt.captAll {
		for j := 0; j < pt.n; j++ {
			if pt.capt[opp>>(8*uint(j))&0xff+1] {
				lands |= 0x80 << (8 * uint(j))
			}
		}
	} else {
		for _, v := range pt.captLo {
			lands |= ^pNonZero(opp ^ v)
		}
		lands &= pt.rowHi
	}
	for ; lands != 0; lands &= lands - 1 {
		j := bits.TrailingZeros64(lands) >> 3
		m |= ^pNonZero(own^pt.land[j]) & cand
	}
	return m
}

// pEnds reports whether the position in the frame of its mover (row a,
// store sa) against his opponent (row b, store sb) ends the game
// (SW-14 to SW-17; SW-19 is not in packed configurations).
func (r *Rules) pEnds(a, b uint64, sa, sb int) bool {
	c := &r.c
	if c.Majority {
		s, n := 2*sa, 2*sb
		if s > r.total || n > r.total || s == r.total && n == r.total {
			return true
		}
	}
	if c.EndRowEmpty && (a == 0 || b == 0) {
		return true
	}
	if c.FewSeeds > 0 && pSum(a)+pSum(b) <= c.FewSeeds {
		return true
	}
	return a == 0 || c.Feed && b == 0 && r.pt.feeds(a) == 0
}

// pLegal returns the hi mask of the legal moves (SW-2, SW-11, SW-12).
func (r *Rules) pLegal(own, opp uint64) uint64 {
	m := r.pCandidates(own, opp)
	if !r.slamFilter || m&(m-1) == 0 || !r.pt.slamPossible(opp) {
		return m
	}
	var slams uint64
	for x := r.mayCapture(own, opp, m); x != 0; x &= x - 1 {
		if _, _, _, slam := r.pSow(own, opp, uint(bits.TrailingZeros64(x))>>3); slam {
			slams |= x & -x
		}
	}
	if m&^slams != 0 {
		m &^= slams
	}
	return m
}
