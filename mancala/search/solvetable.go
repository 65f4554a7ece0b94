package search

import (
	"math"
	"math/bits"
	"sync/atomic"
)

// The table that both solvers share: bounds of positions' values in
// buckets of two slots, safe for several workers.

// solveEntry is one slot of the solver's table: bounds of a position's
// value (South's final store difference) that hold whatever the remaining
// search depth, since the solver always searches to the end.
type solveEntry struct {
	key    uint64
	lo, hi int16 // lo <= value <= hi; fractional values round outwards
	move   uint8 // best house plus one, or 0
	work   uint8 // log2 of the nodes spent on this entry, for replacement
}

const (
	solveMin = math.MinInt16 + 1
	solveMax = math.MaxInt16 - 1
)

// solveTable is the solvers' transposition table, in buckets of two: the
// first slot keeps the entry that cost more work, the second takes
// whatever comes. Several goroutines may share it (the packed solver's
// workers): a slot is two words, the entry's fields packed into one and
// its key XORed with them in the other, so that a reader that meets a
// slot half written by another goroutine sees a key that does not match
// and no entry. Words are loaded atomically; they are stored atomically
// only when the table is shared (an atomic store waits for the stores
// before it, which a single goroutine need not pay for).
type solveTable struct {
	tt     []solveSlot
	mask   uint64
	shared bool
}

// solveSlot is one slot of the table: data holds an entry's bounds, move
// and work (see pack), check its key XOR data. An empty slot is zero,
// which no entry's data is (pack sets slotUsed).
type solveSlot struct {
	check, data uint64
}

// slotUsed is set in the data of every entry.
const slotUsed = 1 << 48

func (e *solveEntry) pack() uint64 {
	return uint64(uint16(e.lo)) | uint64(uint16(e.hi))<<16 | uint64(e.move)<<32 | uint64(e.work)<<40 | slotUsed
}

// newSolveTable returns an empty table of 2^bits entries.
func newSolveTable(bits int) solveTable {
	t := solveTable{tt: make([]solveSlot, 1<<bits), mask: 1<<bits - 1}
	adviseHugePages(t.tt)
	return t
}

// match returns the data of sl and true if sl holds the entry of h.
func (sl *solveSlot) match(h uint64) (uint64, bool) {
	d := atomic.LoadUint64(&sl.data)
	return d, atomic.LoadUint64(&sl.check)^d == h && d != 0
}

// unpack returns the entry of h whose data is d.
func unpack(h, d uint64) solveEntry {
	return solveEntry{key: h, lo: int16(d), hi: int16(d >> 16), move: uint8(d >> 32), work: uint8(d >> 40)}
}

func (t *solveTable) write(sl *solveSlot, e *solveEntry) {
	d := e.pack()
	if t.shared {
		atomic.StoreUint64(&sl.data, d)
		atomic.StoreUint64(&sl.check, e.key^d)
		return
	}
	sl.data, sl.check = d, e.key^d
}

// lookup returns the table's entry for h and true, or false.
func (t *solveTable) lookup(h uint64) (solveEntry, bool) {
	_, e, ok := t.find(h)
	return e, ok
}

// find returns the slot that holds h's entry and the entry, or false.
func (t *solveTable) find(h uint64) (*solveSlot, solveEntry, bool) {
	sl := &t.tt[h&t.mask&^1]
	d, ok := sl.match(h)
	if !ok {
		sl = &t.tt[h&t.mask|1]
		if d, ok = sl.match(h); !ok {
			return nil, solveEntry{}, false
		}
	}
	return sl, unpack(h, d), true
}

// entry returns the table's entry for h and its slot, or a new entry with
// no bounds and nil; the caller changes it and gives both to put.
func (t *solveTable) entry(h uint64) (solveEntry, *solveSlot) {
	if sl, e, ok := t.find(h); ok {
		return e, sl
	}
	return solveEntry{key: h, lo: solveMin, hi: solveMax}, nil
}

// put stores e, which entry returned with sl: in sl if it is not nil (if
// another goroutine has put another position there since, that one's
// entry is lost, which costs only work); otherwise in the bucket's first
// slot if work (what this store's search cost) is at least that of the
// entry there, which moves to the second, else in the second.
func (t *solveTable) put(e *solveEntry, sl *solveSlot, work uint8) {
	if sl != nil {
		t.write(sl, e)
		return
	}
	i := e.key & t.mask &^ 1
	s0, s1 := &t.tt[i], &t.tt[i+1]
	if d := atomic.LoadUint64(&s0.data); work >= uint8(d>>40) {
		// The entry there moves to the second slot, if it is whole.
		if h := atomic.LoadUint64(&s0.check) ^ d; d != 0 {
			if d2, ok := s0.match(h); ok {
				old := unpack(h, d2)
				t.write(s1, &old)
			}
		}
		t.write(s0, e)
		return
	}
	t.write(s1, e)
}

// record narrows the entry of h to the bounds lo and hi that a search
// taking nodes nodes found, makes house (if not negative) its best move,
// and keeps it by the work it cost.
func (t *solveTable) record(h uint64, lo, hi int16, house int, nodes int64) {
	work := workOf(nodes)
	e, sl := t.entry(h)
	e.lo, e.hi = max(e.lo, lo), min(e.hi, hi)
	if house >= 0 {
		e.move = uint8(house + 1)
	}
	e.work = max(e.work, work)
	t.put(&e, sl, work)
}

// workOf is the measure of work that the table keeps: log2 of the nodes a
// search took.
func workOf(nodes int64) uint8 {
	if nodes <= 1 {
		return 0
	}
	return uint8(bits.Len64(uint64(nodes)) - 1)
}

// floor16 and ceil16 round a value outwards to the table's integers.
func floor16(v float64) int16 {
	if v <= solveMin {
		return solveMin
	}
	if v >= solveMax {
		return solveMax
	}
	i := int16(v)
	if float64(i) > v {
		i--
	}
	return i
}

func ceil16(v float64) int16 {
	if v <= solveMin {
		return solveMin
	}
	if v >= solveMax {
		return solveMax
	}
	i := int16(v)
	if float64(i) < v {
		i++
	}
	return i
}
