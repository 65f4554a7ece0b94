package sow

import (
	"reflect"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala"
)

// The relay engine: perft and random games for the configurations of the
// Congkak kind, on rows packed into words, beside the generic engine (as
// the packed engine, packed.go, serves those of the Awalé kind).
//
// It takes a configuration (relayOK, decided once by New) of at most 7
// houses a side on two rows whose sowing goes round the houses and the
// stores that are in the circuit (SW-3, SW-4, SW-5), in laps (SW-7, with
// its guard), with extra turns (SW-8) and the plain opposite capture
// (SW-10 with OppositeNeedsSeeds and OppositeTakesLast as the game says),
// any ending (SW-14 to SW-18, SW-44), passes (SW-19), rounds (SW-43:
// their ends and passes are played by the generic engine) and the simultaneous
// opening (SW-45), which is played by the generic engine before the relay
// engine takes over. Any other mechanism leaves the configuration to the
// generic engine: relayOK lists the fields it knows and refuses any other
// that is set, so that a mechanism added later is never played by it
// unawares. The tests compare the two engines on perft and random games
// for every catalogue preset it takes and for random configurations.
//
// A word holds one player's holes: his house i in byte i, his store in
// byte 7. The engine works in the mover's frame: w[0] is the mover's
// word, w[1] his opponent's. The mover's circuit is a ring of L path
// positions (his houses and store and his opponent's houses and store,
// those in the circuit and not burnt, in the order of sowing); sowing k
// seeds from a position adds a precomputed word of 0x01 bytes to each
// word. The total of the seeds is at most 255 ([mancala.MaxSeeds]), so
// byte-wise sums never carry.

// Kinds of a path position (relayDrop.kind).
const (
	rHouse    = 0 // a house, own or opponent's
	rOwnStore = 1 // the mover's store
	rOppStore = 2 // the opponent's store
)

// relayDrop describes k seeds sown from path position j (the origin of
// the lap): the 0x01 bytes added to each word, and where the last falls.
type relayDrop struct {
	m0, m1 uint64    // added to the mover's and to the opponent's word
	last   uint8     // the path position of the last seed
	word   uint8     // its word: 0 the mover's, 1 the opponent's
	shift  uint8     // its byte's shift in that word
	kind   uint8     // rHouse, rOwnStore or rOppStore
	_      [4]uint32 // 32 bytes, for indexing by shifts
}

// relayRing is the mover's circuit for one pair of burnt masks (none
// outside rounds).
type relayRing struct {
	le   int               // seeds in a full round: L, or L-1 with SkipOrigin
	at   [8]uint8          // at[i]: the path position of the mover's house i
	drop [16][16]relayDrop // [j][k-1]: k seeds, 1 <= k <= le, sown from position j
	lap  [16][2]uint64     // [j]: a full round from position j (the origin skipped with SkipOrigin)
	burn [2]uint16         // the burnt masks it was made for, the mover's and his opponent's
}

// relayTables are a relay configuration's constants, made by New.
type relayTables struct {
	n       int
	rowMask uint64 // the house bytes of a word
	ring    relayRing
	opp     [8]uint8 // opp[i]: the shift, in the opponent's word, of the house facing the mover's house i
	// order lists the cells of South's circuit (the mover's frame: South
	// is the mover), from his house 0.
	order                     []uint8
	skipOrigin                bool
	relay, extra              bool
	opposite, needs, takeLast bool
	maxLaps                   int
	// The endings (SW-14 to SW-17, SW-44): see mayEnd.
	majority, endRowEmpty, turnRowEmpty bool
	fewSeeds, total                     int
	rounds                              bool
	// SW-43: burnt[k] is the mask of the k last houses in the order of
	// refilling, and cache[i<<3|j] the mover's circuit when his i last
	// houses and his opponent's j last are burnt, made when first needed.
	burnt [8]uint16
	cache [64]atomic.Pointer[relayRing]
}

// relayOK reports whether the relay engine plays configuration c exactly
// as the generic engine does. It clears, in a copy of c, every field
// whose values it handles (having checked them) and requires the rest to
// be the zero value.
func relayOK(c *Config) bool {
	if c.Houses > 7 || c.Rows > 1 || !c.SowOwnStore && !c.SowOpponentStore || c.MinSeeds > 1 ||
		c.GrandSlam != SlamCapture || c.HouseWay != AnyWay || c.RelayNext ||
		// SW-43 with seeds left in the houses at a round's end (Split's
		// odd seed, Nobody's): a burnt house may hold seeds.
		c.Rounds && (c.NoMove == Split || c.NoMove == Nobody) {
		return false
	}
	d := *c
	d.Houses, d.Rows, d.Seeds, d.Pattern, d.Stores, d.NorthStarts, d.MinSeeds = 0, 0, 0, nil, false, false, 0
	d.Direction, d.SkipOrigin, d.SowOwnStore, d.SowOpponentStore, d.Relay, d.MaxLaps = 0, false, false, false, false, 0
	d.ExtraTurn, d.Opposite, d.OppositeNeedsSeeds, d.OppositeTakesLast = false, false, false, false
	d.NoMove, d.EndRowEmpty, d.TurnRowEmpty, d.Majority, d.FewSeeds, d.Cycle, d.Pass = 0, false, false, false, 0, 0, false
	d.Rounds, d.RoundStarter, d.Simultaneous, d.FirstHand, d.CannotMoveLoses = false, 0, false, 0, false
	d.CaptureRow, d.HouseWay = 0, 0 // CaptureRow means nothing without counts
	return reflect.ValueOf(d).IsZero()
}

// newRelayTables builds the relay tables of r's configuration, which
// relayOK accepts, or returns nil if the players' circuits or facing
// houses are not each other's mirror (the mover's frame would not hold).
func newRelayTables(r *Rules) *relayTables {
	n := r.t.n
	rt := &relayTables{n: n, rowMask: 1<<(8*uint(n)) - 1,
		skipOrigin: r.c.SkipOrigin, relay: r.c.Relay, extra: r.c.ExtraTurn,
		opposite: r.c.Opposite, needs: r.c.OppositeNeedsSeeds, takeLast: r.c.OppositeTakesLast,
		maxLaps: r.maxLaps, majority: r.c.Majority, endRowEmpty: r.c.EndRowEmpty, turnRowEmpty: r.c.TurnRowEmpty,
		fewSeeds: r.c.FewSeeds, total: r.total, rounds: r.c.Rounds}
	next := &r.t.next[0][0]
	x := uint8(0)
	for {
		rt.order = append(rt.order, x)
		if x = next[x]; x == 0 {
			break
		}
	}
	for i := 0; i < n; i++ {
		rt.opp[i] = 8 * (r.t.opp[i] - uint8(n)) // South's house i faces a house of North's
		if int(r.t.opp[n+i]) != int(r.t.opp[i])-n {
			return nil
		}
	}
	mirror := func(x uint8) uint8 { // the cell of North's frame that is x in South's
		switch {
		case x == noCell:
			return x
		case int(x) < n:
			return x + uint8(n)
		case int(x) < 2*n:
			return x - uint8(n)
		}
		return x ^ 1 // the stores, 2n and 2n+1
	}
	for x := range 2*n + 2 {
		if r.t.next[0][1][mirror(uint8(x))] != mirror(r.t.next[0][0][x]) {
			return nil
		}
	}
	rt.makeRing(&rt.ring, 0, 0)
	for k := 1; k <= n; k++ {
		rt.burnt[k] = rt.burnt[k-1] | 1<<r.fillOrder(n-k)
	}
	return rt
}

// makeRing fills g with the mover's circuit when his burnt houses are
// own and his opponent's opp (SW-43).
func (rt *relayTables) makeRing(g *relayRing, own, opp uint16) {
	n := rt.n
	g.burn = [2]uint16{own, opp}
	g.at = [8]uint8{noCell, noCell, noCell, noCell, noCell, noCell, noCell, noCell}
	var kind [16]uint8
	var pos [16]struct{ w, s uint8 } // the word and shift of each path position
	L := 0
	for _, x := range rt.order {
		var w, s, k uint8
		switch {
		case int(x) < n:
			if own&(1<<x) != 0 {
				continue
			}
			g.at[x] = uint8(L)
			w, s = 0, 8*x
		case int(x) < 2*n:
			if opp&(1<<(int(x)-n)) != 0 {
				continue
			}
			w, s = 1, 8*(x-uint8(n))
		case int(x) == 2*n:
			w, s, k = 0, 56, rOwnStore
		default:
			w, s, k = 1, 56, rOppStore
		}
		pos[L].w, pos[L].s, kind[L] = w, s, k
		L++
	}
	g.le = L
	if rt.skipOrigin {
		g.le = L - 1
	}
	for j := 0; j < L; j++ {
		// With SkipOrigin (SW-4) le is L-1: k seeds from j never come
		// back to it, and a whole round misses it.
		var m [2]uint64
		q := j
		for k := 1; k <= g.le; k++ {
			q = (q + 1) % L
			p := pos[q]
			m[p.w] += 1 << p.s
			g.drop[j][k-1] = relayDrop{m0: m[0], m1: m[1], last: uint8(q), word: p.w, shift: p.s, kind: kind[q]}
		}
		g.lap[j] = m
	}
}

// sow plays the mover's house h, which holds seeds, through its laps,
// with the ring g, on the words w (the mover's frame), and reports
// whether the mover moves again (SW-8).
func (rt *relayTables) sow(g *relayRing, w *[2]uint64, h int) bool {
	w0, w1 := w[0], w[1]
	sh := uint(8*h) & 63
	k := int(w0 >> sh & 0xff)
	w0 &^= 0xff << sh
	j := int(g.at[h&7]) & 15
	le, laps := g.le, 0
	relay, opposite, maxLaps := rt.relay, rt.opposite, rt.maxLaps
	again := false
	for {
		if k > le { // whole rounds
			q := (k - 1) / le
			w0 += uint64(q) * g.lap[j][0]
			w1 += uint64(q) * g.lap[j][1]
			k -= q * le
		}
		e := &g.drop[j][(k-1)&15]
		w0 += e.m0
		w1 += e.m1
		j = int(e.last) & 15
		if e.kind != rHouse {
			again = e.kind == rOwnStore && rt.extra
			break
		}
		sh := uint(e.shift) & 63
		var v uint64
		if e.word == 0 {
			v = w0 >> sh & 0xff
			if v == 1 && opposite { // SW-10
				osh := uint(rt.opp[sh>>3&7]) & 63
				if c := w1 >> osh & 0xff; c != 0 || !rt.needs {
					w1 &^= 0xff << osh
					if rt.takeLast {
						w0 &^= 0xff << sh
						c++
					}
					w0 += c << 56
					break
				}
			}
			if v == 1 || !relay {
				break
			}
			if laps++; laps >= maxLaps { // SW-7's guard
				break
			}
			w0 &^= 0xff << sh // SW-7: the relay
		} else {
			v = w1 >> sh & 0xff
			if v == 1 || !relay {
				break
			}
			if laps++; laps >= maxLaps { // SW-7's guard
				break
			}
			w1 &^= 0xff << sh // SW-7: the relay
		}
		k = int(v)
	}
	w[0], w[1] = w0, w1
	return again
}

// mayEnd reports whether the turn that ends with the words w (the mover's
// frame after his sowing; again: he moves again) ends the game, or with
// Rounds the round (SW-14 to SW-17, SW-44), as Rules.turnEnd decides, or
// with Pass may pass the turn (SW-19): no move filter applies, so a player
// can move when his row holds seeds. Without Rounds and Pass it is
// exact; otherwise Rules.turnEnd decides.
func (rt *relayTables) mayEnd(w *[2]uint64, again bool) bool {
	a, b := w[0]&rt.rowMask, w[1]&rt.rowMask
	if rt.majority {
		s, o := 2*int(w[0]>>56), 2*int(w[1]>>56)
		if s > rt.total || o > rt.total || s == rt.total && o == rt.total {
			return true
		}
	}
	if a == 0 && again || b == 0 && !again { // the player to move cannot
		return true
	}
	if (rt.endRowEmpty || rt.turnRowEmpty && !again) && (a == 0 || b == 0) {
		return true
	}
	return rt.fewSeeds > 0 && pSum(a)+pSum(b) <= rt.fewSeeds
}

// relayWords returns the words of c in the frame of mover.
func (rt *relayTables) relayWords(c *cells, mover mancala.Player) [2]uint64 {
	var w [2]uint64
	n := rt.n
	for q := 0; q < 2; q++ {
		lo := q * n
		v := uint64(c[2*n+q]) << 56
		for i := n - 1; i >= 0; i-- {
			v |= uint64(c[lo+i]) << (8 * uint(i))
		}
		w[q^int(mover)] = v
	}
	return w
}

// relayCells writes the words w, in the frame of mover, into c (the
// burnt masks of c are left as they are).
func (rt *relayTables) relayCells(c *cells, mover mancala.Player, w *[2]uint64) {
	n := rt.n
	for q := 0; q < 2; q++ {
		v := w[q^int(mover)]
		for i := 0; i < n; i++ {
			c[q*n+i] = uint8(v >> (8 * uint(i)))
		}
		c[2*n+q] = uint8(v >> 56)
	}
}

// moves returns the mover's houses holding seeds (bit i: house i), the
// moves of the player to move (no move filter in relay configurations).
func (rt *relayTables) moves(w0 uint64) uint32 {
	return nonZeroBytes(w0 & rt.rowMask)
}
