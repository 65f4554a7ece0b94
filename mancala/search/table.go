package search

import (
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/sowing-games/sowing/mancala"
)

// Bound kinds of a table entry's value.
const (
	boundExact uint8 = iota + 1 // the value is exact
	boundLower                  // the value is a lower bound (a fail high)
	boundUpper                  // the value is an upper bound (a fail low)
)

// ttEntry is one entry of AlphaBeta's transposition table, as probe reads
// it out of its slot (ttSlot). A slot keeps the whole 64-bit hash of the
// position, so a wrong hit needs two different positions with the same
// 64-bit hash.
type ttEntry struct {
	value float64 // from the point of view of perspective(position)
	move  mancala.Move
	depth uint8 // remaining depth searched
	bound uint8
	// proven: no horizon evaluation below, so the value holds at any
	// remaining depth.
	proven bool
	// estimated: an estimate oracle's answer below, where it is asked at
	// any depth (AlphaBeta.estimated): a value with proven set then
	// holds at any remaining depth but is not a proven result.
	estimated bool
}

// ttSlot is a table entry as stored: three words, the first the key
// XORed with the other two. Threads that share a table
// (AlphaBetaOptions.SharedTable) read and write slots without a lock, so
// a slot can hold the words of two stores; its check then fails, and it
// reads as another position's, which the probe does not use. Every word
// is read and written atomically (a plain load and store on amd64; a
// race detector sees the sharing as safe, which it is).
type ttSlot struct {
	check uint64 // key ^ value ^ data
	value uint64 // math.Float64bits of the value
	// data packs the rest: the move's bits (0-15), depth (16-23), bound
	// (24-31), gen (32-39), proven (40) and estimated (41).
	data uint64
}

// The move's bits are copied as they are: a Move is two bytes.
var _ [unsafe.Sizeof(mancala.Move{}) - 2]byte
var _ [2 - unsafe.Sizeof(mancala.Move{})]byte

const (
	slotProven    = 1 << 40
	slotEstimated = 1 << 41
)

func moveBits(m mancala.Move) uint64 { return uint64(*(*uint16)(unsafe.Pointer(&m))) }

func bitsMove(b uint64) mancala.Move {
	u := uint16(b)
	return *(*mancala.Move)(unsafe.Pointer(&u))
}

// ttable is a direct-mapped transposition table with a power-of-two size.
// Copies of a ttable share its slots: a shared table is one searcher's
// ttable copied into its helpers with shared set, which makes stores
// atomic.
type ttable struct {
	slots  []ttSlot
	mask   uint64
	gen    uint8
	shared bool
}

func (t *ttable) init(size int) {
	n := 1
	for n*2 <= size {
		n *= 2
	}
	if len(t.slots) != n {
		t.slots = make([]ttSlot, n)
		adviseHugePages(t.slots)
	}
	t.mask = uint64(n - 1)
}

// probe returns h's entry, if the table holds one.
func (t *ttable) probe(h uint64) (ttEntry, bool) {
	s := &t.slots[h&t.mask]
	v, d := atomic.LoadUint64(&s.value), atomic.LoadUint64(&s.data)
	if atomic.LoadUint64(&s.check)^v^d != h || d>>24&0xff == 0 {
		return ttEntry{}, false
	}
	return ttEntry{value: math.Float64frombits(v), move: bitsMove(d), depth: uint8(d >> 16), bound: uint8(d >> 24),
		proven: d&slotProven != 0, estimated: d&slotEstimated != 0}, true
}

// prefetch starts the fetch of h's slot into the caches.
func (t *ttable) prefetch(h uint64) { prefetch(unsafe.Pointer(&t.slots[h&t.mask])) }

// store writes an entry, replacing the slot's occupant unless that one is
// from the current search, describes another position and was searched
// deeper.
func (t *ttable) store(h uint64, value float64, move mancala.Move, depth int, bound uint8, proven, estimated bool) {
	s := &t.slots[h&t.mask]
	ov, od := atomic.LoadUint64(&s.value), atomic.LoadUint64(&s.data)
	if ok := atomic.LoadUint64(&s.check); od>>24&0xff != 0 {
		key := ok ^ ov ^ od
		if uint8(od>>32) == t.gen && key != h && (od&slotProven != 0 || int(uint8(od>>16)) > depth) && !proven {
			return
		}
		if key == h && move.IsZero() {
			move = bitsMove(od) // keep the best move of an earlier search
		}
	}
	v := math.Float64bits(value)
	d := moveBits(move) | uint64(min(depth, 255))<<16 | uint64(bound)<<24 | uint64(t.gen)<<32
	if proven {
		d |= slotProven
	}
	if estimated {
		d |= slotEstimated
	}
	if t.shared {
		atomic.StoreUint64(&s.value, v)
		atomic.StoreUint64(&s.data, d)
		atomic.StoreUint64(&s.check, h^v^d)
		return
	}
	s.value, s.data, s.check = v, d, h^v^d
}

func (t *ttable) clear() {
	clear(t.slots)
}
