package search

import (
	"math"

	"github.com/sowing-games/sowing/mancala"
)

// path is the line of positions from the start of the game to the node
// being searched, kept only for rulesets that end games on repetition
// (mancala.Cycler). Hashes are compared first, positions on a hash match.
//
// A position's value in such a game depends on the positions before it
// that can come back after it. In a ruleset whose stores only grow (the
// contract of an oracle's Cycler, see [Endgamer]; Awalé's), those are the
// positions of its run: the positions just before it that have its stores,
// back to the last change of the stores. The path gives every position a
// table key that covers that run (see push), so that the table keeps the
// value of a position apart for each set of positions that can repeat, and
// a value found along one line is used only where it holds.
//
// linePath is written over the position type of its nodeOps (see
// nodeOps); path is the one of mancala.Position.
type linePath[P comparable, O nodeOps[P]] struct {
	ops O
	cyc bool // the ruleset is a mancala.Cycler
	ent []pathEntry[P]
}

// pathEntry is one position of a linePath.
type pathEntry[P comparable] struct {
	pos    P
	hash   uint64
	stores [2]int // South's and North's
	// tags is the union of the tags (nodeOps.tag) of the positions of
	// the path up to this one.
	tags uint64
	// run is the sum of runTerm of the hashes of the positions of this
	// one's run up to it (its own included): a hash of the set, whatever
	// its order.
	run uint64
	// from is the index of the first position of the run.
	from int
}

// path is the linePath of mancala.Position.
type path = linePath[mancala.Position, *slowOps]

// noRepeat is the path index that stands for no repetition (see
// AlphaBeta.rep).
const noRepeat = math.MaxInt

// reset starts a path with ops from the game's history (every position
// before the root, oldest first). It keeps nothing unless the ruleset is a
// Cycler.
func (t *linePath[P, O]) reset(ops O, history []mancala.Position) {
	t.ops, t.cyc = ops, ops.cycler()
	t.ent = t.ent[:0]
	if !t.cyc {
		return
	}
	for _, p := range history {
		t.push(ops.from(p), p.Hash())
	}
}

// len returns the number of positions on the path (0 without a Cycler).
func (t *linePath[P, O]) len() int { return len(t.ent) }

// push appends p, whose hash is h, and returns p's table key: h if p has
// no position of its stores just before it (or the ruleset is no Cycler),
// else h mixed with the hash of the set of those positions. Two positions
// get the same key only if they are the same position with the same
// positions of their stores before them (up to a 64-bit collision). A
// position that nothing is searched below (a leaf) may be pushed with
// any h: its key and hash are then never used.
func (t *linePath[P, O]) push(p P, h uint64) uint64 {
	if !t.cyc {
		return h
	}
	n := len(t.ent)
	ss, ns := t.ops.stores(p)
	stores := [2]int{ss, ns}
	tags, run, from := t.ops.tag(p), runTerm(h), n
	key := h
	if n > 0 {
		prev := &t.ent[n-1]
		tags |= prev.tags
		if prev.stores == stores {
			key ^= prev.run
			run += prev.run
			from = prev.from
		}
	}
	// The entry is written in place, field by field: an entry built
	// aside and appended is copied in wide words that wait for its
	// narrow writes (store forwarding).
	if n == cap(t.ent) {
		t.ent = append(t.ent, pathEntry[P]{})
	} else {
		t.ent = t.ent[:n+1]
	}
	e := &t.ent[n]
	e.pos, e.hash, e.stores, e.tags, e.run, e.from = p, h, stores, tags, run, from
	return key
}

// key returns the table key that push(q, h) would return, without
// pushing q.
func (t *linePath[P, O]) key(q P, h uint64) uint64 {
	n := len(t.ent)
	if !t.cyc || n == 0 {
		return h
	}
	prev := &t.ent[n-1]
	if ss, ns := t.ops.stores(q); prev.stores == [2]int{ss, ns} {
		return h ^ prev.run
	}
	return h
}

func (t *linePath[P, O]) pop() {
	if t.cyc {
		t.ent = t.ent[:len(t.ent)-1]
	}
}

// covered returns the index of the earliest position that the table key
// of the position at index i covers (see push): a value of that position
// that used a repetition of an earlier one holds only along this line, and
// must not be stored in the table as a value. It is noRepeat without a
// Cycler.
func (t *linePath[P, O]) covered(i int) int {
	if !t.cyc {
		return noRepeat
	}
	return t.ent[i].from
}

// end returns q with its hash, or the finished position the ruleset makes
// of it if q repeats a position on the path: mancala.EndCycle on the path.
func (t *linePath[P, O]) end(q P, hq uint64) (P, uint64) {
	q, hq, _ = t.endAt(q, hq)
	return q, hq
}

// endAt is end that also returns the index on the path of the position
// that q repeats, or noRepeat.
func (t *linePath[P, O]) endAt(q P, hq uint64) (_ P, _ uint64, rep int) {
	if !t.cyc || t.ops.turn(q) == mancala.NoTurn {
		return q, hq, noRepeat
	}
	for i := len(t.ent) - 1; i >= 0; i-- {
		if t.ent[i].hash == hq && t.ent[i].pos == q {
			q = t.ops.cycle(q)
			return q, t.ops.hash(q), i
		}
	}
	return q, hq, noRepeat
}

// mayRepeat reports whether q can repeat a position of the path: false
// when its tag is none of theirs (most leaves), without reading the path.
// It is small enough to be inlined.
func (t *linePath[P, O]) mayRepeat(q P) bool {
	n := len(t.ent)
	return t.cyc && n > 0 && t.ent[n-1].tags&t.ops.tag(q) != 0
}

// endLeafAt is endAt for a position q, not over, whose hash is not
// needed (a leaf, see push): positions are compared without hashes, and
// the finished position of a repetition comes without one. It reads the
// whole path; the caller asks it only where mayRepeat(q).
func (t *linePath[P, O]) endLeafAt(q P) (_ P, rep int) {
	for i := len(t.ent) - 1; i >= 0; i-- {
		if t.ent[i].pos == q {
			return t.ops.cycle(q), i
		}
	}
	return q, noRepeat
}

// fresh reports whether no position of the game before q can come back
// after it, so that an endgame oracle's answer about q, which knows no
// history, is q's exact value (see [Endgamer]). prev is the index on the
// path of the position just before q, or -1 if q has none. Without a
// Cycler nothing repeats. With one, the oracle's ruleset keeps seeds in
// stores for good (the contract of Endgamer), so every position before a
// change of the stores has other stores than any after it: q is fresh if
// it has no history or its stores differ from the position's before it.
func (t *linePath[P, O]) fresh(q P, prev int) bool {
	if !t.cyc || prev < 0 {
		return true
	}
	s, n := t.ops.stores(q)
	return t.ent[prev].stores != [2]int{s, n}
}

// runTerm scrambles a position's hash into its term of a run's set hash.
func runTerm(h uint64) uint64 {
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}
