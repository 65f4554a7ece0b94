package search

import (
	"math"

	"github.com/sowing-games/sowing/mancala"
)

// The general solver at simultaneous decisions: each is a matrix game of
// the exact values of its joint moves, each found by an MTD(f) of its own.

// mixed returns the strategies of the simultaneous decision p, of value
// v, just solved at ply 0.
func (s *solver) mixed(p mancala.Position, v float64) *MixedStrategy {
	pl := &s.plies[0]
	houses := p.Board.Houses()
	m := &MixedStrategy{South: make([]float64, houses), North: make([]float64, houses), Value: v}
	for i, c := range pl.sch {
		m.South[c] = pl.rowS[i]
	}
	for j, c := range pl.nch {
		m.North[c] = pl.colS[j]
	}
	return m
}

// exactValue returns the exact value of a position that is not over.
func (s *solver) exactValue(q mancala.Position, hq uint64, ply int) float64 {
	if q.Over() {
		return float64(FinalDifference(q))
	}
	if v, ok := s.endgameValue(&q); ok {
		return v
	}
	guess := 0.0
	if e, ok := s.lookup(hq); ok {
		d := s.offset(q)
		guess = max(min(float64(e.hi)+float64(d), 255), float64(e.lo)+float64(d), -255)
	} else if s.bounds != nil {
		l, u := s.bounds(q)
		guess = float64(l+u) / 2
	}
	v, _ := s.mtdf(q, hq, ply, math.Round(guess), false)
	return v
}

// simultaneous solves a simultaneous decision exactly: the matrix game of
// the exact values of its joint moves. Results are remembered in s.exact;
// fill forces the work, to leave the choices and strategies in the ply.
func (s *solver) simultaneous(p mancala.Position, ply int, fill bool) float64 {
	if v, ok := s.exact[p]; ok && !fill {
		return v
	}
	s.grow(ply + 1)
	pl := &s.plies[ply]
	moves := s.r.Legal(pl.moves[:0], p)
	pl.moves = moves
	if len(moves) == 0 {
		s.err = checkMoves(s.r, p, moves)
		return 0
	}
	pl.sch = mancala.Choices(pl.sch[:0], moves, mancala.South)
	pl.nch = mancala.Choices(pl.nch[:0], moves, mancala.North)
	ns, nn := len(pl.sch), len(pl.nch)
	for i, a := range pl.sch {
		for j, b := range pl.nch {
			q := s.r.Apply(p, mancala.Joint(a, b))
			hq := s.hash(q)
			q, hq = s.path.end(q, hq)
			s.path.push(q, hq)
			v := s.exactValue(q, hq, ply+1)
			s.path.pop()
			if s.err != nil {
				return 0
			}
			pl = &s.plies[ply]
			pl.mat[i*nn+j] = v
		}
	}
	v := s.ms.solve(pl.mat[:ns*nn], ns, nn, pl.rowS[:ns], pl.colS[:nn])
	if s.exact == nil {
		s.exact = make(map[mancala.Position]float64)
	}
	s.exact[p] = v
	return v
}
