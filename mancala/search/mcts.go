package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// Defaults of [MCTSOptions].
const (
	// DefaultPlayouts is the number of playouts of an MCTS whose options
	// set no limit at all.
	DefaultPlayouts = 10000
	// DefaultExploration is the UCB1 exploration constant used when
	// MCTSOptions.Exploration is 0.
	DefaultExploration = 1.0
	// DefaultMaxNodes caps the tree of an MCTS whose MaxNodes is 0.
	DefaultMaxNodes = 1 << 20
)

// MCTSOptions configures an [MCTS]. Several limits may be set together;
// the search stops at the first one reached. With none at all (and no
// deadline on the context) it runs [DefaultPlayouts] playouts.
type MCTSOptions struct {
	// Playouts is the number of iterations (each ends with one random
	// playout, or at a finished position); 0 means no limit. A playout
	// limit keeps the search deterministic for a seed.
	Playouts int64
	// Time stops the search after this long; 0 means no limit. A deadline
	// of the context passed to Search or Choose applies as well.
	Time time.Duration
	// Exploration is the UCB1 constant C: a choice's score is its mean
	// reward plus C*sqrt(ln(N)/n). 0 means [DefaultExploration].
	Exploration float64
	// MaxNodes caps the number of tree nodes; once reached, the tree stops
	// growing and iterations go on from its leaves. 0 means
	// [DefaultMaxNodes]; more than [MaxMCTSNodes] is refused
	// ([*OptionError]).
	MaxNodes int
	// MaxPlayoutPlies, if positive, stops each playout after that many
	// moves; an unfinished playout is scored by the stores as they stand.
	// For rulesets whose random games can be very long. 0 plays every
	// playout to the end.
	MaxPlayoutPlies int
	// Seed seeds the random stream (playouts, tie-breaking, sampling).
	Seed uint64
}

// MCTS is a Monte Carlo tree searcher and a [Engine]: UCT (UCB1 applied to
// trees) with random playouts through mancala.Playout, which uses the
// ruleset's fast Playouter when it has one. Rewards are 1 for a win, 1/2
// for a draw and 0 for a loss, each node's statistics from the point of
// view of the player who decides there, so turns of several decisions by
// the same player need nothing special. At a simultaneous decision it runs
// decoupled UCT (DUCT): each player selects his own choice by UCB1 on his
// own statistics, not seeing the other's, and the final choice is sampled
// from the visit frequencies, which approximate a mixed strategy.
//
// An MCTS builds a new tree for each search. It is not safe for concurrent
// use. The zero MCTS is usable: it has the zero [MCTSOptions].
type MCTS struct {
	opts MCTSOptions
	rng  *rand.Rand

	// Per search.
	r        mancala.Ruleset
	cycler   bool
	nodes    []mnode
	ducts    []duct
	hist     []mancala.Position // the game before the root, for Cyclers
	line     []mancala.Position // hist plus the tree path, for Cyclers
	steps    []step
	moves    []mancala.Move
	sch, nch []int
	maxDepth int
}

// mnode is one node of the tree.
type mnode struct {
	pos    mancala.Position
	move   mancala.Move // the move from the parent
	first  int32        // index of the first child; -1 until expanded
	n      int32        // number of children
	duct   int32        // index into ducts at a simultaneous decision, else -1
	visits int32
	// reward sums the rewards of the player who decided at the parent
	// (South's, if the parent was a simultaneous decision).
	reward float64
}

// duct holds each player's statistics at a simultaneous decision; the
// children are in South-major order: child i*nn+j is South's i-th choice
// with North's j-th.
type duct struct {
	ns, nn   int
	sch, nch [mancala.MaxHouses]int8
	visits   [2][mancala.MaxHouses]int32
	reward   [2][mancala.MaxHouses]float64
}

// step is one node on the path of an iteration, with the choices made at
// its parent if that was a simultaneous decision.
type step struct {
	node int32
	i, j int8
}

// NewMCTS returns an MCTS with the given options.
func NewMCTS(o MCTSOptions) *MCTS {
	return &MCTS{opts: o, rng: newRand(o.Seed)}
}

// Options returns the options m was made with.
func (m *MCTS) Options() MCTSOptions { return m.opts }

// Choose implements [Engine].
func (m *MCTS) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	p, err := checkChoose(g, side)
	if err != nil {
		return mancala.Move{}, err
	}
	var hist []mancala.Position
	if _, ok := g.Rules().(mancala.Cycler); ok {
		hist = g.Positions()
		hist = hist[:len(hist)-1]
	}
	res, err := m.Search(ctx, g.Rules(), hist, p)
	if err != nil {
		return mancala.Move{}, err
	}
	h, ok := res.Move.House(side)
	if !ok {
		return mancala.Move{}, fmt.Errorf("search: no move for %v: %w", side, ErrNoDecision)
	}
	if pl, single := res.Move.Player(); single && pl == side {
		return res.Move, nil // the whole move: its direction too (mancala.Reversed)
	}
	return mancala.Single(side, h), nil
}

// Search runs MCTS from p under r. history is the game before p, needed
// only for Cycler rulesets; it may be nil. The result's Move is the most
// visited choice (at a simultaneous decision, a joint move sampled from
// each player's visit frequencies, also given in Mixed); Reward is the
// mean reward of that choice for the player who decides (South at a
// simultaneous decision, where Mixed.Value is the same), between 0 and 1,
// and Value is 0 (MCTS knows no store difference); Nodes counts playouts;
// Depth is
// the depth of the deepest tree node; PV follows the most visited
// children. Search returns an error wrapping mancala.ErrGameOver if p is
// over, mancala.ErrUnsupported if r is nil and
// mancala.ErrInvalidPosition if p has no legal move. When ctx is done it
// returns what it has, after at least one iteration.
func (m *MCTS) Search(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position) (Result, error) {
	if err := m.opts.Check(); err != nil {
		return Result{}, err
	}
	if err := checkRoot(r, p); err != nil {
		return Result{}, err
	}
	if err := checkMoves(r, p, m.moves); err != nil {
		return Result{}, err
	}
	if m.rng == nil { // the zero MCTS
		m.rng = newRand(m.opts.Seed)
	}
	m.r = r
	_, m.cycler = r.(mancala.Cycler)
	m.hist = append(m.hist[:0], history...)
	m.nodes = m.nodes[:0]
	m.ducts = m.ducts[:0]
	m.maxDepth = 0
	m.steps = m.steps[:0]
	m.nodes = append(m.nodes, mnode{pos: p, first: -1, duct: -1})
	m.expand(0)

	limit := m.opts.Playouts
	var deadline time.Time
	if m.opts.Time > 0 {
		deadline = time.Now().Add(m.opts.Time)
	}
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
		if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
			deadline = d
		}
	}
	if limit <= 0 && deadline.IsZero() && m.opts.Time <= 0 {
		limit = DefaultPlayouts
	}
	var iters int64
	for limit <= 0 || iters < limit {
		if iters&63 == 0 && iters > 0 {
			stop := false
			if done != nil {
				select {
				case <-done:
					stop = true
				default:
				}
			}
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				stop = true
			}
			if stop {
				break
			}
		}
		m.iterate()
		iters++
	}
	return m.result(iters), nil
}

// expand creates the children of node k (if the tree has room).
func (m *MCTS) expand(k int32) {
	maxNodes := m.opts.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	nd := &m.nodes[k]
	p := nd.pos
	if p.Over() || nd.first >= 0 {
		return
	}
	m.moves = m.r.Legal(m.moves[:0], p)
	if len(m.nodes)+len(m.moves) > maxNodes && k != 0 {
		return
	}
	first := int32(len(m.nodes))
	if p.ToMove == mancala.BothTurn {
		m.sch = mancala.Choices(m.sch[:0], m.moves, mancala.South)
		m.nch = mancala.Choices(m.nch[:0], m.moves, mancala.North)
		d := duct{ns: len(m.sch), nn: len(m.nch)}
		for i, s := range m.sch {
			d.sch[i] = int8(s)
		}
		for j, n := range m.nch {
			d.nch[j] = int8(n)
		}
		m.ducts = append(m.ducts, d)
		for _, s := range m.sch {
			for _, n := range m.nch {
				m.addChild(k, p, mancala.Joint(s, n))
			}
		}
		nd = &m.nodes[k]
		nd.duct = int32(len(m.ducts) - 1)
	} else {
		// Shuffle so that unvisited children are tried in random order.
		m.rng.Shuffle(len(m.moves), func(i, j int) { m.moves[i], m.moves[j] = m.moves[j], m.moves[i] })
		for _, mv := range m.moves {
			m.addChild(k, p, mv)
		}
		nd = &m.nodes[k]
	}
	nd.first = first
	nd.n = int32(len(m.nodes)) - first
}

// addChild appends the child of p (node k) after mv. For Cyclers, m.line
// holds the path to k, which a repetition is checked against.
func (m *MCTS) addChild(k int32, p mancala.Position, mv mancala.Move) {
	q := m.r.Apply(p, mv)
	if m.cycler {
		q = mancala.EndCycle(m.r, m.lineTo(k), q)
	}
	m.nodes = append(m.nodes, mnode{pos: q, move: mv, first: -1, duct: -1})
}

// lineTo returns the positions from the start of the game to node k
// inclusive, when k is the last node of m.steps (or the root).
func (m *MCTS) lineTo(k int32) []mancala.Position {
	m.line = append(m.line[:0], m.hist...)
	if len(m.steps) == 0 || k == 0 {
		return append(m.line, m.nodes[0].pos)
	}
	for _, s := range m.steps {
		m.line = append(m.line, m.nodes[s.node].pos)
		if s.node == k {
			break
		}
	}
	return m.line
}

// iterate runs one iteration: selection, expansion, playout, update.
func (m *MCTS) iterate() {
	c := m.opts.Exploration
	if c == 0 {
		c = DefaultExploration
	}
	m.steps = append(m.steps[:0], step{node: 0, i: -1, j: -1})
	k := int32(0)
	for {
		nd := &m.nodes[k]
		if nd.first < 0 || nd.pos.Over() {
			break
		}
		var s step
		if nd.duct >= 0 {
			d := &m.ducts[nd.duct]
			i := ucbPick(d.visits[0][:d.ns], d.reward[0][:d.ns], c)
			j := ucbPick(d.visits[1][:d.nn], d.reward[1][:d.nn], c)
			s = step{node: nd.first + int32(i*d.nn+j), i: int8(i), j: int8(j)}
		} else {
			s = step{node: m.pickChild(nd, c), i: -1, j: -1}
		}
		m.steps = append(m.steps, s)
		k = s.node
		if m.nodes[k].visits == 0 {
			break
		}
	}
	nd := &m.nodes[k]
	if nd.visits > 0 && !nd.pos.Over() && nd.first < 0 {
		m.expand(k)
		nd = &m.nodes[k]
		if nd.first >= 0 {
			// Go one step further, to an unvisited child.
			var s step
			if nd.duct >= 0 {
				d := &m.ducts[nd.duct]
				i, j := m.rng.IntN(d.ns), m.rng.IntN(d.nn)
				s = step{node: nd.first + int32(i*d.nn+j), i: int8(i), j: int8(j)}
			} else {
				s = step{node: nd.first, i: -1, j: -1}
			}
			m.steps = append(m.steps, s)
			k = s.node
		}
	}
	m.maxDepth = max(m.maxDepth, len(m.steps)-1)
	final := m.nodes[k].pos
	if !final.Over() {
		var hist []mancala.Position
		if m.cycler {
			hist = m.lineTo(k)
			hist = hist[:len(hist)-1]
		}
		final, _ = mancala.Playout(m.r, hist, final, m.rng, m.opts.MaxPlayoutPlies)
	}
	rs := southReward(final)
	// Update: each node's reward is for the player who decided at its
	// parent; a simultaneous parent also updates both players' choices.
	for x, s := range m.steps {
		nd := &m.nodes[s.node]
		nd.visits++
		if x == 0 {
			continue
		}
		parent := &m.nodes[m.steps[x-1].node]
		switch parent.pos.ToMove {
		case mancala.NorthTurn:
			nd.reward += 1 - rs
		default:
			nd.reward += rs
		}
		if parent.duct >= 0 {
			d := &m.ducts[parent.duct]
			d.visits[0][s.i]++
			d.reward[0][s.i] += rs
			d.visits[1][s.j]++
			d.reward[1][s.j] += 1 - rs
		}
	}
}

// southReward scores a final (or abandoned) position for South: 1 if his
// store holds more, 1/2 if equal, 0 if less.
func southReward(p mancala.Position) float64 {
	switch d := FinalDifference(p); {
	case d > 0:
		return 1
	case d < 0:
		return 0
	}
	return 0.5
}

// pickChild picks a child of nd by UCB1, unvisited children first.
func (m *MCTS) pickChild(nd *mnode, c float64) int32 {
	logN := math.Log(float64(max(nd.visits, 1)))
	best := nd.first
	bestScore := math.Inf(-1)
	for k := nd.first; k < nd.first+nd.n; k++ {
		ch := &m.nodes[k]
		if ch.visits == 0 {
			return k
		}
		n := float64(ch.visits)
		score := ch.reward/n + c*math.Sqrt(logN/n)
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// ucbPick picks a choice by UCB1 on one player's statistics, unvisited
// choices first.
func ucbPick(visits []int32, reward []float64, c float64) int {
	var total int32
	for i, v := range visits {
		if v == 0 {
			return i
		}
		total += v
	}
	logN := math.Log(float64(total))
	best, bestScore := 0, math.Inf(-1)
	for i, v := range visits {
		n := float64(v)
		score := reward[i]/n + c*math.Sqrt(logN/n)
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// result reads the search's result from the tree.
func (m *MCTS) result(iters int64) Result {
	root := &m.nodes[0]
	res := Result{Nodes: iters, Depth: m.maxDepth}
	if root.duct >= 0 {
		d := &m.ducts[root.duct]
		houses := root.pos.Board.Houses()
		mixed := &MixedStrategy{South: make([]float64, houses), North: make([]float64, houses)}
		var ts, tn float64
		for i := 0; i < d.ns; i++ {
			ts += float64(d.visits[0][i])
		}
		for j := 0; j < d.nn; j++ {
			tn += float64(d.visits[1][j])
		}
		var value float64
		for i := 0; i < d.ns; i++ {
			if ts > 0 {
				mixed.South[d.sch[i]] = float64(d.visits[0][i]) / ts
				value += d.reward[0][i]
			} else {
				mixed.South[d.sch[i]] = 1 / float64(d.ns)
			}
		}
		for j := 0; j < d.nn; j++ {
			if tn > 0 {
				mixed.North[d.nch[j]] = float64(d.visits[1][j]) / tn
			} else {
				mixed.North[d.nch[j]] = 1 / float64(d.nn)
			}
		}
		if ts > 0 {
			value /= ts
		}
		mixed.Value = value
		res.Mixed = mixed
		res.Reward = value
		res.Move = mancala.Joint(sample(m.rng, mixed.South), sample(m.rng, mixed.North))
		res.PV = []mancala.Move{mancala.Joint(int(d.sch[argmaxInt(d.visits[0][:d.ns])]), int(d.nch[argmaxInt(d.visits[1][:d.nn])]))}
		return res
	}
	k := mostVisited(m.nodes, root)
	ch := &m.nodes[k]
	res.Move = ch.move
	if ch.visits > 0 {
		res.Reward = ch.reward / float64(ch.visits)
	}
	res.PV = append(res.PV, ch.move)
	for nd := ch; nd.first >= 0 && nd.duct < 0 && nd.visits > 0; {
		k := mostVisited(m.nodes, nd)
		nd = &m.nodes[k]
		if nd.visits == 0 {
			break
		}
		res.PV = append(res.PV, nd.move)
	}
	return res
}

func mostVisited(nodes []mnode, nd *mnode) int32 {
	best := nd.first
	for k := nd.first; k < nd.first+nd.n; k++ {
		if nodes[k].visits > nodes[best].visits {
			best = k
		}
	}
	return best
}

func argmaxInt(v []int32) int {
	b := 0
	for i, x := range v {
		if x > v[b] {
			b = i
		}
	}
	return b
}
