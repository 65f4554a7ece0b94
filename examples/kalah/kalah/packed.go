package kalah

import (
	"encoding/binary"
	"sync"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// MaxPackedHouses is the largest number of houses a side for which
// [Rules.Pack] packs positions: a row fits in one 64-bit word, a byte a
// house.
const MaxPackedHouses = 8

var _ search.Packer = (*Rules)(nil)

// sowStep is what sowing s seeds from one house does on an empty board:
// the seeds it adds to each house of the mover's row and of his
// opponent's (a byte a house), to his store, and where the last seed
// lands: a house of his row (0 to n-1), his store (n) or a house of his
// opponent's row (n+1 to 2n). The origin is emptied first and receives
// seeds again on laps (KA-2).
type sowStep struct {
	own, opp uint64
	store    uint8
	last     int8
}

// sowTables[n] is, for n houses a side, the steps of every house i and
// seed count s at index i<<8|s, computed on first use.
var sowTables [MaxPackedHouses + 1]struct {
	once  sync.Once
	steps []sowStep
}

func sowTable(n int) []sowStep {
	t := &sowTables[n]
	t.once.Do(func() {
		t.steps = make([]sowStep, n<<8)
		ring := 2*n + 1
		for i := 0; i < n; i++ {
			for s := 1; s < 256; s++ {
				var own, opp [8]uint8
				laps, rem := s/ring, s%ring
				for j := 0; j < n; j++ {
					own[j] += uint8(laps)
					opp[j] += uint8(laps)
				}
				store := laps
				for k := 1; k <= rem; k++ {
					switch at := (i + k) % ring; {
					case at < n:
						own[at]++
					case at == n:
						store++
					default:
						opp[at-n-1]++
					}
				}
				t.steps[i<<8|s] = sowStep{
					own:   binary.LittleEndian.Uint64(own[:]),
					opp:   binary.LittleEndian.Uint64(opp[:]),
					store: uint8(store),
					last:  int8((i + rem) % ring),
				}
			}
		}
	})
	return t.steps
}

// byteSum returns the sum of the bytes of w.
func byteSum(w uint64) int {
	const lanes = 0x00ff00ff00ff00ff
	w = w&lanes + w>>8&lanes // four 16-bit sums
	return int(w * 0x0001000100010001 >> 48)
}

// Pack returns p's packed form for the solver of package mancala/search
// (search.Packer): the mover's row in the first word and his opponent's in
// the second, a byte a house, house A in the low byte. It returns false
// for boards of more than [MaxPackedHouses] houses a side, for positions
// that are over or have no single player to move, and for positions that
// [Rules.Setup] would not accept or would finish.
func (r *Rules) Pack(p mancala.Position) (search.Packed, bool) {
	me, ok := p.ToMove.Player()
	b := &p.Board
	if !ok || r.o.Houses > MaxPackedHouses || b.Houses() != r.o.Houses || b.Total() != r.total ||
		p.Round != 0 || p.State != 0 {
		return search.Packed{}, false
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if s, _ := b.Hand(pl); s != 0 || b.BurntMask(pl) != 0 {
			return search.Packed{}, false
		}
	}
	own, opp := b.Row(me), b.Row(me.Other())
	x := search.Packed{binary.LittleEndian.Uint64(own[0:8]), binary.LittleEndian.Uint64(opp[0:8])}
	if x[0] == 0 || x[1] == 0 {
		return search.Packed{}, false
	}
	return x, true
}

// PackedChildren appends to dst the children of the packed position x (see
// [Rules.Pack]), one for each of the mover's non-empty houses, A first,
// played by KA-2 to KA-5 on the two words. It allocates nothing when dst
// has room.
func (r *Rules) PackedChildren(dst []search.PackedChild, x search.Packed) []search.PackedChild {
	n := r.o.Houses
	if n > MaxPackedHouses {
		return dst
	}
	tab := sowTable(n)
	empty := r.o.Capture == CaptureEmpty
	own, opp := x[0], x[1]
	for i := 0; i < n; i++ {
		sh := uint(8 * i)
		s := own >> sh & 0xff
		if s == 0 {
			continue
		}
		st := &tab[i<<8|int(s)]
		o, q := own&^(0xff<<sh)+st.own, opp+st.opp // KA-2
		gain := int(st.store)
		again := false
		switch last := int(st.last); {
		case last == n: // KA-3
			again = true
		case last < n && o>>uint(8*last)&0xff == 1: // KA-4
			os := uint(8 * (n - 1 - last))
			if c := int(q >> os & 0xff); c != 0 || empty {
				gain += 1 + c
				o &^= 0xff << uint(8*last)
				q &^= 0xff << os
			}
		}
		// Fill the new element in place: building a PackedChild and
		// copying it stalls on store forwarding.
		if len(dst) < cap(dst) {
			dst = dst[:len(dst)+1]
		} else {
			dst = append(dst, search.PackedChild{})
		}
		c := &dst[len(dst)-1]
		c.House = i
		if o == 0 || q == 0 { // KA-5
			c.Next[0], c.Next[1] = 0, 0
			c.Gain, c.Again, c.Over = gain+byteSum(o)-byteSum(q), false, true
			continue
		}
		if again {
			c.Next[0], c.Next[1] = o, q
		} else {
			c.Next[0], c.Next[1] = q, o
		}
		c.Gain, c.Again, c.Over = gain, again, false
	}
	return dst
}

// PackedSeeds returns the seeds in the houses of the packed position x: no
// game from x changes the store difference by more.
func (r *Rules) PackedSeeds(x search.Packed) int { return byteSum(x[0]) + byteSum(x[1]) }

// PackedEndgame is [Rules.Endgame] for a packed position (see
// [Rules.Pack]): the mover's future store gain minus his opponent's under
// perfect play, and true, if x has at most [Rules.EndgameSeeds] seeds in
// houses and neither row is empty; otherwise 0 and false. It shares
// Endgame's database and its guarantees.
func (r *Rules) PackedEndgame(x search.Packed) (gain int, ok bool) {
	e := r.endgame
	if e == nil || x[0] == 0 || x[1] == 0 || r.PackedSeeds(x) > e.k {
		return 0, false
	}
	if n := uint(8 * e.n); n < 64 && (x[0]|x[1])>>n != 0 {
		return 0, false // not a packed position of this board
	}
	idx := e.packedRank(x[0], x[1])
	if v, ok := e.known(idx); ok {
		return v, true
	}
	return e.computeLocked(idx, func(w []uint32) int { return r.packedCompute(w, x, idx) }), true
}

// packedRank is endgame.rank of the packed position {own, opp}: the
// mover's row and his opponent's. Multiplying a row by 0x0101010101010101
// puts in byte i the seeds of houses 0 to i (sums of at most k < 128 seeds
// do not carry), so the prefix sums come from two multiplications; the
// bytes beyond the board's houses meet zero terms.
func (e *endgame) packedRank(own, opp uint64) int {
	const ones = 0x0101010101010101
	t := e.packed
	po, pq := own*ones, opp*ones
	s := po >> 56 // the mover's seeds: houses beyond n hold none
	q := func(j uint) uint64 { return (s + pq>>(8*j)&0xff) & 127 }
	idx := t[0][po&127] + t[1][po>>8&127] + t[2][po>>16&127] + t[3][po>>24&127] +
		t[4][po>>32&127] + t[5][po>>40&127] + t[6][po>>48&127] + t[7][po>>56&127] +
		t[8][q(0)] + t[9][q(1)] + t[10][q(2)] + t[11][q(3)] +
		t[12][q(4)] + t[13][q(5)] + t[14][q(6)] + t[15][q(7)]
	return int(idx)
}

// packedCompute is endgame.compute on the packed position x (neither row
// empty, at most k seeds in houses) whose entry, at idx, is unknown: it
// computes the value and the unknown values it needs, by memoised minimax
// over PackedChildren, and stores them. The caller holds r.endgame.mu, or
// is one of the goroutines of [Rules.BuildEndgame], which holds it.
func (r *Rules) packedCompute(w []uint32, x search.Packed, idx int) int {
	e := r.endgame
	var buf [MaxPackedHouses]search.PackedChild
	kids := r.PackedChildren(buf[:0], x)
	var kidIdx [MaxPackedHouses]int32
	var vals [MaxPackedHouses]int8
	m := 0
	for i := range kids {
		if !kids[i].Over {
			kidIdx[m] = int32(e.packedRank(kids[i].Next[0], kids[i].Next[1]))
			m++
		}
	}
	for i := range kidIdx[:m] {
		vals[i] = get(w, int(kidIdx[i]))
	}
	best := r.bestOf(w, kids, kidIdx[:m], vals[:m])
	set(w, idx, best)
	return best
}

// bestOf returns the value for the mover of a position whose children are
// kids, given the entries vals, at kidIdx, of the children that are not
// over, in their order; it computes those that are unknown. The caller
// holds the database's lock, or is one of BuildEndgame's goroutines.
func (r *Rules) bestOf(w []uint32, kids []search.PackedChild, kidIdx []int32, vals []int8) int {
	best := -mancala.MaxSeeds
	m := 0
	for i := range kids {
		c := &kids[i]
		if c.Over {
			best = max(best, c.Gain)
			continue
		}
		u := int(vals[m])
		if vals[m] == unknown {
			u = r.packedCompute(w, c.Next, int(kidIdx[m]))
		}
		m++
		best = max(best, childGain(c, u))
	}
	return best
}

// childGain returns the value, for the mover of a position, of its child
// c (not over), whose own mover's value is u.
func childGain(c *search.PackedChild, u int) int {
	if c.Again {
		return c.Gain + u
	}
	return c.Gain - u
}
