package search

// Alpha-beta at simultaneous decisions: each joint move is searched, and
// the node's value is that of the matrix game of their values (see the
// package documentation).

import (
	"math"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// simultaneous values a simultaneous decision: every joint move is
// searched with a full window to the remaining depth, and the node's value
// (for South) is the value of the matrix game of those values.
func (a *AlphaBeta) simultaneous(p mancala.Position, h uint64, depth, ply int) float64 {
	saved, savedEst, savedRep := a.horizon, a.estimated, a.rep
	a.horizon, a.estimated, a.rep = false, false, noRepeat
	v := a.matrix(p, depth, ply)
	if a.stop {
		a.horizon = true
		return 0
	}
	pl := &a.plies[ply]
	proven, estimated := !a.horizon, a.estimated
	a.horizon, a.estimated = a.horizon || saved, a.estimated || savedEst
	ns, nn := len(pl.sch), len(pl.nch)
	m := mancala.Joint(pl.sch[argmax(pl.rowS[:ns])], pl.nch[argmax(pl.colS[:nn])])
	pl.pv = append(pl.pv[:0], m)
	if a.useTT {
		a.storeValue(h, v, m, depth, boundExact, proven, estimated, a.path.len()-1)
	}
	a.rep = min(a.rep, savedRep)
	return v
}

// matrix fills the ply's payoff matrix for p's joint moves (South's view),
// solves it into the ply's strategy buffers and returns the value.
func (a *AlphaBeta) matrix(p mancala.Position, depth, ply int) float64 {
	pl := &a.plies[ply]
	moves := a.r.Legal(pl.moves[:0], p)
	pl.moves = moves
	pl.sch = mancala.Choices(pl.sch[:0], moves, mancala.South)
	pl.nch = mancala.Choices(pl.nch[:0], moves, mancala.North)
	ns, nn := len(pl.sch), len(pl.nch)
	inf := math.Inf(1)
	for i, s := range pl.sch {
		for j, n := range pl.nch {
			v := a.child(p, mancala.Joint(s, n), mancala.South, depth, ply+1, -inf, inf)
			if a.stop {
				return 0
			}
			pl.mat[i*nn+j] = v
		}
	}
	return a.ms.solve(pl.mat[:ns*nn], ns, nn, pl.rowS[:ns], pl.colS[:nn])
}

func argmax(p []float64) int {
	b := 0
	for i, v := range p {
		if v > p[b] {
			b = i
		}
	}
	return b
}

// searchSimultaneousRoot runs iterative deepening at a simultaneous
// decision and samples the joint move from the last solved matrix game.
func (a *AlphaBeta) searchSimultaneousRoot(p mancala.Position, maxDepth int) Result {
	h := p.Hash()
	a.path.push(p, h)
	defer a.path.pop()
	var res Result
	houses := p.Board.Houses()
	// The strategies of the deepest completed iteration, by house.
	a.rootS = append(a.rootS[:0], make([]float64, houses)...)
	a.rootN = append(a.rootN[:0], make([]float64, houses)...)
	for depth := 1; depth <= maxDepth; depth++ {
		a.pollIteration(depth)
		if a.stop {
			break
		}
		a.horizon, a.estimated = false, false
		v := a.matrix(p, depth, 0)
		if a.stop {
			break
		}
		pl := &a.plies[0]
		ns, nn := len(pl.sch), len(pl.nch)
		clear(a.rootS)
		clear(a.rootN)
		for i, s := range pl.sch {
			a.rootS[s] = pl.rowS[i]
		}
		for j, n := range pl.nch {
			a.rootN[n] = pl.colS[j]
		}
		likely := mancala.Joint(pl.sch[argmax(pl.rowS[:ns])], pl.nch[argmax(pl.colS[:nn])])
		res = Result{Value: v, Exact: !a.horizon && !a.estimated, Depth: depth}
		a.resPV = append(a.resPV[:0], likely)
		if !a.horizon {
			break // as in searchRoot
		}
	}
	if res.Depth == 0 {
		// Not even depth 1 finished: play uniformly among the choices.
		pl := &a.plies[0]
		moves := a.r.Legal(pl.moves[:0], p)
		pl.sch = mancala.Choices(pl.sch[:0], moves, mancala.South)
		pl.nch = mancala.Choices(pl.nch[:0], moves, mancala.North)
		for _, s := range pl.sch {
			a.rootS[s] = 1 / float64(len(pl.sch))
		}
		for _, n := range pl.nch {
			a.rootN[n] = 1 / float64(len(pl.nch))
		}
		a.resPV = append(a.resPV[:0], mancala.Joint(pl.sch[0], pl.nch[0]))
	}
	res.Mixed = &MixedStrategy{
		South: append([]float64(nil), a.rootS...),
		North: append([]float64(nil), a.rootN...),
		Value: res.Value,
	}
	res.Move = mancala.Joint(sample(a.rng, res.Mixed.South), sample(a.rng, res.Mixed.North))
	res.Nodes = a.nodes
	res.PV = append([]mancala.Move(nil), a.resPV...)
	return res
}

// sample draws an index with the given probabilities (which sum to 1, up
// to rounding). It never returns an index of probability 0.
func sample(rng *rand.Rand, probs []float64) int {
	x := rng.Float64()
	last := -1
	for i, q := range probs {
		if q <= 0 {
			continue
		}
		last = i
		if x < q {
			return i
		}
		x -= q
	}
	return max(last, 0)
}
