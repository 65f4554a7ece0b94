package search_test

import (
	"math"
	"slices"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search"
)

// bruteValue is the exact value (South's final store difference under
// perfect play) of p: mancalatest.Minimax, the module's brute force, with
// the matrix game solved at simultaneous decisions, which Minimax leaves
// out. history is the line before p (for Cyclers, which take no
// shortcut through Minimax). memo, if not nil, caches values by position
// (only for rulesets that are not Cyclers).
func bruteValue(r mancala.Ruleset, history []mancala.Position, p mancala.Position, memo map[mancala.Position]float64) float64 {
	if p.Over() {
		return float64(search.FinalDifference(p))
	}
	if v, ok := memo[p]; ok {
		return v
	}
	if _, cyc := r.(mancala.Cycler); !cyc && p.ToMove != mancala.BothTurn {
		// Minimax answers unless a simultaneous decision is reachable.
		if v, ok := mancalatest.Minimax(r, p); ok {
			if memo != nil {
				memo[p] = float64(v)
			}
			return float64(v)
		}
	}
	moves := r.Legal(nil, p)
	history = append(history, p)
	child := func(m mancala.Move) float64 {
		q := mancala.EndCycle(r, history, r.Apply(p, m))
		return bruteValue(r, history, q, memo)
	}
	var v float64
	switch p.ToMove {
	case mancala.BothTurn:
		sc := mancala.Choices(nil, moves, mancala.South)
		nc := mancala.Choices(nil, moves, mancala.North)
		mat := make([][]float64, len(sc))
		for i, s := range sc {
			mat[i] = make([]float64, len(nc))
			for j, n := range nc {
				mat[i][j] = child(mancala.Joint(s, n))
			}
		}
		_, _, v, _ = search.SolveMatrixGame(mat)
	case mancala.SouthTurn:
		v = -1e18
		for _, m := range moves {
			v = max(v, child(m))
		}
	default:
		v = 1e18
		for _, m := range moves {
			v = min(v, child(m))
		}
	}
	if memo != nil {
		memo[p] = v
	}
	return v
}

// bruteCycler is bruteValue for toyAwale (and Awalé), whose stores never lose seeds:
// a position can repeat only positions with the same stores, so the value
// depends on the position and the set of earlier positions since the
// stores last changed, and is memoized by both. line is the game before
// p.
func bruteCycler(r mancala.Ruleset, line []mancala.Position, p mancala.Position, memo map[string]float64) float64 {
	if p.Over() {
		return float64(search.FinalDifference(p))
	}
	var recent []string
	for i := len(line) - 1; i >= 0; i-- {
		q := line[i]
		if q.Board.Store(mancala.South) != p.Board.Store(mancala.South) || q.Board.Store(mancala.North) != p.Board.Store(mancala.North) {
			break
		}
		recent = append(recent, q.String())
	}
	slices.Sort(recent)
	key := p.String() + "|" + strings.Join(recent, "|")
	if v, ok := memo[key]; ok {
		return v
	}
	line = append(line[:len(line):len(line)], p)
	best := math.Inf(1)
	if p.ToMove == mancala.SouthTurn {
		best = math.Inf(-1)
	}
	for _, m := range r.Legal(nil, p) {
		q := mancala.EndCycle(r, line, r.Apply(p, m))
		v := bruteCycler(r, line, q, memo)
		if p.ToMove == mancala.SouthTurn {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	memo[key] = best
	return best
}
