package mancala

import "math/rand/v2"

// Perfter is implemented by rulesets that can count move sequences faster
// than [Perft] does through Legal and Apply (for example on a packed board
// of their own). Its results must equal [PerftSlow]'s; package mancalatest
// checks that.
type Perfter interface {
	// Perft is [Perft] for this ruleset.
	Perft(history []Position, p Position, depth int) (leaves, terminal int64)
}

// Playouter is implemented by rulesets that can play random games faster
// than [Playout] does through Legal and Apply.
type Playouter interface {
	// Playout is [Playout] for this ruleset: the same distribution of
	// games, though not necessarily the same random stream, and the same
	// maxPlies cap (0: none), which callers need for rulesets whose random
	// games may not end.
	Playout(history []Position, p Position, rng *rand.Rand, maxPlies int) (final Position, plies int)
}

// Perft counts the move sequences of exactly depth moves from p that never
// pass through a finished game before their last move (leaves), and how
// many of those end in a finished game (terminal). A game that finishes
// earlier is neither expanded nor counted. history is the game before p,
// for rulesets that end games on repetition ([Cycler]); it may be nil.
//
// Perft uses the ruleset's own [Perfter] when it has one, and [PerftSlow]
// otherwise. Depth 0 counts p itself as the one leaf. A nil ruleset
// counts nothing: it returns 0, 0.
func Perft(r Ruleset, history []Position, p Position, depth int) (leaves, terminal int64) {
	if r == nil {
		return 0, 0
	}
	if f, ok := r.(Perfter); ok {
		return f.Perft(history, p, depth)
	}
	return PerftSlow(r, history, p, depth)
}

// PerftSlow is [Perft] computed through Legal, Apply and [EndCycle] alone:
// the reference that a ruleset's own Perfter is checked against.
func PerftSlow(r Ruleset, history []Position, p Position, depth int) (leaves, terminal int64) {
	if r == nil {
		return 0, 0
	}
	if depth <= 0 {
		if p.Over() {
			return 1, 1
		}
		return 1, 0
	}
	path := append(make([]Position, 0, len(history)+depth+1), history...)
	var bufs [][]Move
	_, cycler := r.(Cycler)
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		for len(bufs) < depth {
			bufs = append(bufs, make([]Move, 0, 16))
		}
		moves := r.Legal(bufs[depth-1][:0], p)
		bufs[depth-1] = moves
		if cycler {
			path = append(path, p)
		}
		for _, m := range moves {
			q := r.Apply(p, m)
			if cycler {
				q = EndCycle(r, path, q)
			}
			if depth == 1 {
				leaves++
				if q.Over() {
					terminal++
				}
			} else if !q.Over() {
				walk(q, depth-1)
			}
		}
		if cycler {
			path = path[:len(path)-1]
		}
	}
	if !p.Over() {
		walk(p, depth)
	}
	return leaves, terminal
}

// Playout plays uniformly random legal moves from p until the game is over
// and returns the final position and the number of moves played. At a
// simultaneous decision each player's choice is uniform and independent.
// history is the game before p, for [Cycler] rulesets; it may be nil.
// maxPlies > 0 stops the game early (unfinished) after that many moves.
//
// Playout uses the ruleset's own [Playouter] when it has one. A nil
// ruleset or a nil rng plays no move: it returns p and 0.
func Playout(r Ruleset, history []Position, p Position, rng *rand.Rand, maxPlies int) (final Position, plies int) {
	if r == nil || rng == nil {
		return p, 0
	}
	if f, ok := r.(Playouter); ok {
		return f.Playout(history, p, rng, maxPlies)
	}
	_, cycler := r.(Cycler)
	var path []Position
	if cycler {
		path = append(path, history...)
	}
	var buf [MaxHouses * MaxHouses]Move
	for !p.Over() && (maxPlies <= 0 || plies < maxPlies) {
		moves := r.Legal(buf[:0], p)
		if len(moves) == 0 {
			break // contract broken: not over, yet no move; stop rather than loop
		}
		m := moves[rng.IntN(len(moves))]
		q := r.Apply(p, m)
		if cycler {
			path = append(path, p)
			q = EndCycle(r, path, q)
		}
		p = q
		plies++
	}
	return p, plies
}
