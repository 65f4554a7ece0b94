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
	ops  O
	cyc  bool // the ruleset is a mancala.Cycler
	pos  []P
	hash []uint64
	// run[i] is the sum of runTerm of the hashes of the positions of i's
	// run up to i (i's included): a hash of the set, whatever its order.
	run []uint64
	// from[i] is the index of the first position of i's run.
	from []int
}

// path is the linePath of mancala.Position.
type path = linePath[mancala.Position, slowOps]

// noRepeat is the path index that stands for no repetition (see
// AlphaBeta.rep).
const noRepeat = math.MaxInt

// reset starts a path with ops from the game's history (every position
// before the root, oldest first). It keeps nothing unless the ruleset is a
// Cycler.
func (t *linePath[P, O]) reset(ops O, history []mancala.Position) {
	t.ops, t.cyc = ops, ops.cycler()
	t.pos, t.hash, t.run, t.from = t.pos[:0], t.hash[:0], t.run[:0], t.from[:0]
	if !t.cyc {
		return
	}
	for _, p := range history {
		t.push(ops.from(p), p.Hash())
	}
}

// push appends p, whose hash is h, and returns p's table key: h if p has
// no position of its stores just before it (or the ruleset is no Cycler),
// else h mixed with the hash of the set of those positions. Two positions
// get the same key only if they are the same position with the same
// positions of their stores before them (up to a 64-bit collision).
func (t *linePath[P, O]) push(p P, h uint64) uint64 {
	if !t.cyc {
		return h
	}
	n := len(t.pos)
	key, run, from := h, runTerm(h), n
	if n > 0 && t.sameStores(t.pos[n-1], p) {
		key ^= t.run[n-1]
		run += t.run[n-1]
		from = t.from[n-1]
	}
	t.pos = append(t.pos, p)
	t.hash = append(t.hash, h)
	t.run = append(t.run, run)
	t.from = append(t.from, from)
	return key
}

func (t *linePath[P, O]) pop() {
	if t.cyc {
		n := len(t.pos) - 1
		t.pos, t.hash, t.run, t.from = t.pos[:n], t.hash[:n], t.run[:n], t.from[:n]
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
	return t.from[i]
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
	if !t.cyc || t.ops.over(q) {
		return q, hq, noRepeat
	}
	for i := len(t.hash) - 1; i >= 0; i-- {
		if t.hash[i] == hq && t.pos[i] == q {
			q = t.ops.cycle(q)
			return q, t.ops.hash(q), i
		}
	}
	return q, hq, noRepeat
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
	return !t.sameStores(t.pos[prev], q)
}

// sameStores reports whether p and q have the same stores.
func (t *linePath[P, O]) sameStores(p, q P) bool {
	return t.ops.store(p, mancala.South) == t.ops.store(q, mancala.South) &&
		t.ops.store(p, mancala.North) == t.ops.store(q, mancala.North)
}

// runTerm scrambles a position's hash into its term of a run's set hash.
func runTerm(h uint64) uint64 {
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}
