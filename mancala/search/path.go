package search

import "github.com/sowing-games/sowing/mancala"

// path is the line of positions from the start of the game to the node
// being searched, kept only for rulesets that end games on repetition
// (mancala.Cycler). Hashes are compared first, positions on a hash match.
type path struct {
	cyc  mancala.Cycler
	pos  []mancala.Position
	hash []uint64
}

// reset starts a path for r from the game's history (every position
// before the root, oldest first). It does nothing unless r is a Cycler.
func (t *path) reset(r mancala.Ruleset, history []mancala.Position) {
	t.cyc, _ = r.(mancala.Cycler)
	t.pos, t.hash = t.pos[:0], t.hash[:0]
	if t.cyc == nil {
		return
	}
	for _, p := range history {
		t.push(p, p.Hash())
	}
}

func (t *path) push(p mancala.Position, h uint64) {
	if t.cyc != nil {
		t.pos = append(t.pos, p)
		t.hash = append(t.hash, h)
	}
}

func (t *path) pop() {
	if t.cyc != nil {
		t.pos = t.pos[:len(t.pos)-1]
		t.hash = t.hash[:len(t.hash)-1]
	}
}

// end returns q with its hash, or the finished position the ruleset makes
// of it if q repeats a position on the path: mancala.EndCycle on the path.
func (t *path) end(q mancala.Position, hq uint64) (mancala.Position, uint64) {
	if t.cyc == nil || q.Over() {
		return q, hq
	}
	for i := len(t.hash) - 1; i >= 0; i-- {
		if t.hash[i] == hq && t.pos[i] == q {
			q = t.cyc.Cycle(q)
			return q, q.Hash()
		}
	}
	return q, hq
}

// fresh reports whether no position of the game before q can come back
// after it, so that an endgame oracle's answer about q, which knows no
// history, is q's exact value (see [Endgamer]). prev is the index on the
// path of the position just before q, or -1 if q has none. Without a
// Cycler nothing repeats. With one, the oracle's ruleset keeps seeds in
// stores for good (the contract of Endgamer), so every position before a
// change of the stores has other stores than any after it: q is fresh if
// it has no history or its stores differ from the position's before it.
func (t *path) fresh(q *mancala.Position, prev int) bool {
	if t.cyc == nil || prev < 0 {
		return true
	}
	b := &t.pos[prev].Board
	return b.Store(mancala.South) != q.Board.Store(mancala.South) || b.Store(mancala.North) != q.Board.Store(mancala.North)
}
