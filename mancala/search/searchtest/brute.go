package searchtest

import "github.com/sowing-games/sowing/mancala"

// CyclerRules is a ruleset that ends a game on a repeated position, as
// [Brute] needs.
type CyclerRules interface {
	mancala.Ruleset
	mancala.Cycler
}

// Brute values positions exactly by following every line to the game's
// end or to a position that repeats one of the line, which ends the game
// as r's Cycle says: the oracle that endgame databases of games with
// cycles are checked against. The value of a position is what its mover
// collects from then on minus what his opponent collects; a move that
// keeps the mover to move (an extra turn) adds the next value instead of
// subtracting it. After a move that changes the stores no earlier
// position can come back, so values there are those of a fresh game and
// are kept (by board without stores, and mover). Its time grows
// exponentially with the board: for small boards in tests.
type Brute struct {
	r    CyclerRules
	memo map[mancala.Position]int
}

// NewBrute returns a Brute for r.
func NewBrute(r CyclerRules) *Brute {
	return &Brute{r: r, memo: make(map[mancala.Position]int)}
}

// Value returns the value of p, a position with one player to move and
// not over, for that player, with no history before it.
func (b *Brute) Value(p mancala.Position) int {
	key := p
	key.Board.SetStore(mancala.South, 0)
	key.Board.SetStore(mancala.North, 0)
	if v, ok := b.memo[key]; ok {
		return v
	}
	v := b.value(p, []mancala.Position{p})
	b.memo[key] = v
	return v
}

// value returns the value of p for its mover after line (which ends with
// p): the best of his moves.
func (b *Brute) value(p mancala.Position, line []mancala.Position) int {
	me, _ := p.ToMove.Player()
	best := -1 << 30
	for _, m := range b.r.Legal(nil, p) {
		q := b.r.Apply(p, m)
		gain := storeDiff(q, me) - storeDiff(p, me)
		sign := -1
		if q.ToMove == p.ToMove {
			sign = 1
		}
		var v int
		switch {
		case q.Over():
			v = gain
		case gain != 0 || q.Board.Store(me)+q.Board.Store(me.Other()) != p.Board.Store(me)+p.Board.Store(me.Other()):
			v = gain + sign*b.Value(q)
		default:
			repeated := false
			for _, x := range line {
				repeated = repeated || x == q
			}
			if repeated {
				v = storeDiff(b.r.Cycle(q), me) - storeDiff(p, me)
			} else {
				v = sign * b.value(q, append(line, q))
			}
		}
		best = max(best, v)
	}
	return best
}

// storeDiff returns me's store minus his opponent's in p.
func storeDiff(p mancala.Position, me mancala.Player) int {
	return p.Board.Store(me) - p.Board.Store(me.Other())
}
