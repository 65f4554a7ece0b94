package kalah_test

import (
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
)

// refGame is a naive model of Kalah, written independently of package
// kalah as a test oracle: the classic array of 2m+2 pits (South's houses,
// South's store, North's houses, North's store), sown one seed at a time.
type refGame struct {
	m       int
	capture kalah.Capture
	pits    []int
	mover   int // 0 South, 1 North, -1 over
}

func newRef(m, n int, c kalah.Capture) *refGame {
	g := &refGame{m: m, capture: c, pits: make([]int, 2*m+2)}
	for i := 0; i < m; i++ {
		g.pits[i], g.pits[m+1+i] = n, n
	}
	return g
}

func (g *refGame) store(p int) int  { return p*(g.m+1) + g.m }
func (g *refGame) pit(p, i int) int { return p*(g.m+1) + i }

func (g *refGame) clone() *refGame {
	c := *g
	c.pits = append([]int(nil), g.pits...)
	return &c
}

func (g *refGame) rowEmpty(p int) bool {
	for i := 0; i < g.m; i++ {
		if g.pits[g.pit(p, i)] != 0 {
			return false
		}
	}
	return true
}

// play sows from the mover's house i, which must be non-empty.
func (g *refGame) play(i int) {
	p := g.mover
	at := g.pit(p, i)
	hand := g.pits[at]
	g.pits[at] = 0
	for hand > 0 {
		at = (at + 1) % len(g.pits)
		if at == g.store(1-p) {
			continue
		}
		g.pits[at]++
		hand--
	}
	switch {
	case at == g.store(p):
		// move again: mover unchanged
	case at >= g.pit(p, 0) && at < g.pit(p, g.m) && g.pits[at] == 1:
		own := at - g.pit(p, 0)
		opp := g.pit(1-p, g.m-1-own)
		if g.pits[opp] > 0 || g.capture == kalah.CaptureEmpty {
			g.pits[g.store(p)] += g.pits[opp] + 1
			g.pits[opp], g.pits[at] = 0, 0
		}
		g.mover = 1 - p
	default:
		g.mover = 1 - p
	}
	if g.rowEmpty(0) || g.rowEmpty(1) {
		for q := 0; q < 2; q++ {
			for j := 0; j < g.m; j++ {
				g.pits[g.store(q)] += g.pits[g.pit(q, j)]
				g.pits[g.pit(q, j)] = 0
			}
		}
		g.mover = -1
	}
}

// position converts the model to a mancala.Position.
func (g *refGame) position() mancala.Position {
	b, _ := mancala.NewBoard(g.m, 0)
	for q := 0; q < 2; q++ {
		for j := 0; j < g.m; j++ {
			_ = b.SetSeeds(mancala.Player(q), j, g.pits[g.pit(q, j)])
		}
		_ = b.SetStore(mancala.Player(q), g.pits[g.store(q)])
	}
	t := mancala.NoTurn
	if g.mover >= 0 {
		t = mancala.TurnOf(mancala.Player(g.mover))
	}
	return mancala.Position{Board: b, ToMove: t}
}

// refValue is South's final store minus North's under perfect play from
// the model's position, by plain minimax with a memo on the pits.
func refValue(g *refGame, memo map[string]int) int {
	if g.mover < 0 {
		return g.pits[g.store(0)] - g.pits[g.store(1)]
	}
	key := string(rune(g.mover))
	for _, v := range g.pits {
		key += string(rune(v))
	}
	if v, ok := memo[key]; ok {
		return v
	}
	best, found := 0, false
	for i := 0; i < g.m; i++ {
		if g.pits[g.pit(g.mover, i)] == 0 {
			continue
		}
		c := g.clone()
		c.play(i)
		v := refValue(c, memo)
		if !found || (g.mover == 0 && v > best) || (g.mover == 1 && v < best) {
			best, found = v, true
		}
	}
	memo[key] = best
	return best
}
