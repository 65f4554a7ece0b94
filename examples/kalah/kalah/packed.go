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

// PackedEndgame returns 0 and false: r holds no endgame database, so the
// solver searches every packed position. It is there so that r is a
// search.Packer; [WithDatabase] returns r with a database that answers.
func (r *Rules) PackedEndgame(search.Packed) (gain int, ok bool) { return 0, false }
