package search

import (
	"unsafe"

	"github.com/sowing-games/sowing/mancala"
)

// Bound kinds of a table entry's value.
const (
	boundExact uint8 = iota + 1 // the value is exact
	boundLower                  // the value is a lower bound (a fail high)
	boundUpper                  // the value is an upper bound (a fail low)
)

// ttEntry is one slot of AlphaBeta's transposition table. key is the whole
// 64-bit hash of the position, so a wrong hit needs two different
// positions with the same 64-bit hash.
type ttEntry struct {
	key   uint64
	value float64 // from the point of view of perspective(position)
	move  mancala.Move
	depth uint8 // remaining depth searched
	bound uint8
	gen   uint8 // the search that wrote it, for replacement
	// proven: no horizon evaluation below, so the value holds at any
	// remaining depth.
	proven bool
	// estimated: an estimate oracle's answer below, where it is asked at
	// any depth (AlphaBeta.estimated): a value with proven set then
	// holds at any remaining depth but is not a proven result.
	estimated bool
}

// ttable is a direct-mapped transposition table with a power-of-two size.
type ttable struct {
	entries []ttEntry
	mask    uint64
	gen     uint8
}

func (t *ttable) init(size int) {
	n := 1
	for n*2 <= size {
		n *= 2
	}
	if len(t.entries) != n {
		t.entries = make([]ttEntry, n)
		adviseHugePages(t.entries)
	}
	t.mask = uint64(n - 1)
}

func (t *ttable) probe(h uint64) *ttEntry {
	e := &t.entries[h&t.mask]
	if e.key != h || e.bound == 0 {
		return nil
	}
	return e
}

// prefetch starts the fetch of h's slot into the caches.
func (t *ttable) prefetch(h uint64) { prefetch(unsafe.Pointer(&t.entries[h&t.mask])) }

// store writes an entry, replacing the slot's occupant unless that one is
// from the current search, describes another position and was searched
// deeper.
func (t *ttable) store(h uint64, value float64, move mancala.Move, depth int, bound uint8, proven, estimated bool) {
	e := &t.entries[h&t.mask]
	if e.bound != 0 && e.gen == t.gen && e.key != h && (e.proven || int(e.depth) > depth) && !proven {
		return
	}
	if e.key == h && move.IsZero() {
		move = e.move // keep the best move of an earlier search
	}
	// Field by field: a composite literal is built by clearing the
	// entry first (REP STOSQ, slow to start) and then filling it.
	e.key, e.value, e.move = h, value, move
	e.depth, e.bound, e.gen, e.proven, e.estimated = uint8(min(depth, 255)), bound, t.gen, proven, estimated
}

func (t *ttable) clear() {
	clear(t.entries)
}
