package congkak

import "github.com/sowing-games/sowing/mancala"

// ScoreBounds bounds the final store difference (South's store minus
// North's) of every game from p, for an exact solver (it is
// search.ScoreBounder). In a single round (Options.Rounds 1) no seed
// leaves a store, since only the refill of a later round takes seeds
// out of the stores (CK-11): the result is the current difference give or
// take every seed not yet in a store. With more rounds it gives the
// widest bounds, every seed going either way.
func (r *Rules) ScoreBounds(p mancala.Position) (lo, hi int) {
	b := &p.Board
	s, n := b.Store(mancala.South), b.Store(mancala.North)
	total := b.Total()
	if r.o.Rounds != 1 {
		return -total, total
	}
	rest := total - s - n
	return s - n - rest, s - n + rest
}
