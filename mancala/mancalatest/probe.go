package mancalatest

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
)

// probe is one random game played for one property.
type probe struct {
	k      *kit
	t      *rapid.T
	st     *stats
	failed *bool // set on the first violation of the property's run

	start  mancala.Position
	path   []mancala.Position // positions so far: path[0] is the start
	moves  []mancala.Move     // moves[i] leads from path[i] to path[i+1]
	seen   map[mancala.Position]bool
	at     int  // the index in path that a failure refers to; -1: the last
	cut    bool // the walk stopped at its ply limit with the game going on
	cycles int  // games ended by a repetition
	both   int  // simultaneous decisions met

	drawing, failing bool
}

// draw returns a random integer in [0, n).
func (c *probe) draw(n int) int {
	if n <= 1 {
		return 0
	}
	c.drawing = true
	v := c.k.intn(n).Draw(c.t, "")
	c.drawing = false
	return v
}

// drawUint64 returns a random seed.
func (c *probe) drawUint64() uint64 {
	c.drawing = true
	v := rapid.Uint64().Draw(c.t, "seed")
	c.drawing = false
	return v
}

// failf reports a violation of the property at the position c.at and ends
// the game.
func (c *probe) failf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	var sb strings.Builder
	sb.WriteString(msg)
	if len(c.path) > 0 {
		i := c.at
		if i < 0 || i >= len(c.path) {
			i = len(c.path) - 1
		}
		fmt.Fprintf(&sb, "\n\tposition: %s (after %d moves)", c.path[i], i)
		fmt.Fprintf(&sb, "\n\tstart:    %s", c.start)
		fmt.Fprintf(&sb, "\n\tmoves:    %s", movesText(c.moves[:i]))
	}
	text := sb.String()
	c.failing = true
	*c.failed = true
	c.st.violation = text
	c.t.Fatalf("%s", text)
}

// guard runs f, reporting a panic in the ruleset as a violation. Panics of
// rapid (its draws, a failure already reported) pass through.
func (c *probe) guard(f func()) {
	defer func() {
		if e := recover(); e != nil {
			if c.drawing || c.failing {
				panic(e)
			}
			c.failf("panic: %v\n%s", e, debug.Stack())
		}
	}()
	f()
}

func (c *probe) record() gameRecord {
	return gameRecord{start: c.start, moves: append([]mancala.Move(nil), c.moves...)}
}

// cur returns the position the game has reached.
func (c *probe) cur() mancala.Position { return c.path[len(c.path)-1] }

// begin draws a start position and resets the game.
func (c *probe) begin() {
	c.start = c.k.starts[c.draw(len(c.k.starts))]
	c.path = append(c.path[:0], c.start)
	c.moves = c.moves[:0]
	c.at, c.cut = -1, false
	if c.k.cycler != nil {
		c.seen = map[mancala.Position]bool{c.start: true}
	}
}

// legal returns the legal moves of p in a new slice.
func (c *probe) legal(p mancala.Position) []mancala.Move {
	return c.k.r.Legal(nil, p)
}

// walk plays a random game from a random start, cut after limit moves.
// visit is called with each position reached, the start first; after is
// called for each move with the position it was played from, the move,
// the raw result of Apply and whether a repetition ended the game (then
// the position reached is the ruleset's Cycle of the raw one).
func (c *probe) walk(limit int, visit func(p mancala.Position)) {
	c.walkFull(limit, visit, nil)
}

func (c *probe) walkFull(limit int, visit func(p mancala.Position), after func(p mancala.Position, m mancala.Move, raw mancala.Position, cycled bool)) {
	c.begin()
	if visit != nil {
		visit(c.start)
	}
	for ply := 0; ; ply++ {
		p := c.cur()
		if p.Over() {
			return
		}
		if ply >= limit {
			c.cut = true
			return
		}
		moves := c.legal(p)
		if len(moves) == 0 {
			return // a broken contract, which the Legal property reports
		}
		m := moves[c.draw(len(moves))]
		raw := c.k.r.Apply(p, m)
		q, cycled := raw, false
		if c.k.cycler != nil && !raw.Over() && c.seen[raw] {
			q, cycled = c.k.cycler.Cycle(raw), true
			c.cycles++
		}
		c.path = append(c.path, q)
		c.moves = append(c.moves, m)
		if c.seen != nil {
			c.seen[q] = true
		}
		if after != nil {
			after(p, m, raw, cycled)
		}
		if visit != nil {
			visit(q)
		}
	}
}

// candidates returns moves to try as illegal in p: the zero move, every
// single move of either player on any house index (and from either row
// where the legal moves include a move from the opponent's row), and
// joint moves (all of them at a simultaneous decision, a few drawn ones
// otherwise).
func (c *probe) candidates(p mancala.Position, all bool) []mancala.Move {
	ms := []mancala.Move{{}}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for i := 0; i < mancala.MaxHouses; i++ {
			ms = append(ms, mancala.Single(pl, i))
		}
	}
	if slices.ContainsFunc(c.legal(p), mancala.Move.Across) {
		// A game where nobody owns the houses: every move from the
		// opponent's row too (mancala.Across).
		for pl := mancala.South; pl <= mancala.North; pl++ {
			for i := 0; i < mancala.MaxHouses; i++ {
				ms = append(ms, mancala.Across(mancala.Single(pl, i)))
			}
		}
	}
	if all || p.ToMove == mancala.BothTurn {
		for i := 0; i < mancala.MaxHouses; i++ {
			for j := 0; j < mancala.MaxHouses; j++ {
				ms = append(ms, mancala.Joint(i, j))
			}
		}
		return ms
	}
	n := p.Board.Houses()
	ms = append(ms, mancala.Joint(0, 0), mancala.Joint(max(n-1, 0), max(n-1, 0)),
		mancala.Joint(c.draw(mancala.MaxHouses), c.draw(mancala.MaxHouses)))
	return ms
}

func contains(ms []mancala.Move, m mancala.Move) bool {
	for _, l := range ms {
		if l == m {
			return true
		}
	}
	return false
}

func equalMoves(a, b []mancala.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
