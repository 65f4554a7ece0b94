package bao_test

import "github.com/sowing-games/sowing/mancala"

// This file is a second, plainly written Bao la Kiswahili: a literal,
// step-by-step simulation of the rules text (the package doc), written
// apart from the engine and shaped differently. The board is the 4 x 8
// grid as people see it (row 0 North's outer row, row 1 North's inner
// row, row 2 South's inner row, row 3 South's outer row); a player's
// circuit is a list of grid cells; the kichwa, kimbi and nyumba are found
// by counting along the inner row from the owner's left; a never-ending
// sowing is only counted out (the engine also looks for a repeated lap).
// It shares no
// code with the engine; it speaks mancala.Position only at its edges.

type cell struct{ row, col int }

// refGame is a game in progress in the reference's own terms.
type refGame struct {
	grid     [4][8]int
	hand     [2]int  // seeds in each player's ghala
	intact   [2]bool // the nyumba has never been emptied
	toMove   int     // 0 South, 1 North, -1 the game is over
	decide   bool    // a safari decision is pending
	decideCW bool    // ... for a sowing that runs clockwise
	endWhy   int     // 1 an empty inner row, 2 no move
	winner   int
	block    int // the house of the player to move closed by kutakatia, or -1
}

// circuit returns player p's 16 cells, anticlockwise from his house A.
func circuit(p int) [16]cell {
	var c [16]cell
	for k := 0; k < 8; k++ {
		if p == 0 {
			c[k] = cell{3, k}       // outer row, left to right
			c[8+k] = cell{2, 7 - k} // inner row, right to left
		} else {
			c[k] = cell{0, 7 - k} // outer row as North sees it, left to right
			c[8+k] = cell{1, k}
		}
	}
	return c
}

func innerRow(p int) int { return 2 - p }

// fromLeft returns how far inner cell c is from its owner p's left end
// of the inner row (0 to 7). South's left is column 0; North, facing him,
// has his left at column 7.
func fromLeft(p int, c cell) int {
	if p == 0 {
		return c.col
	}
	return 7 - c.col
}

// innerAt returns player p's inner cell k places from his left.
func innerAt(p, k int) cell {
	if p == 0 {
		return cell{2, k}
	}
	return cell{1, 7 - k}
}

func (g *refGame) at(c cell) *int { return &g.grid[c.row][c.col] }

func facing(c cell) cell { return cell{3 - c.row, c.col} }

func (g *refGame) nyumbaCell(p int) cell { return innerAt(p, 4) }

func (g *refGame) powers(p int) bool {
	return g.intact[p] && *g.at(g.nyumbaCell(p)) >= 6
}

func (g *refGame) innerEmpty(p int) bool {
	for k := 0; k < 8; k++ {
		if *g.at(innerAt(p, k)) > 0 {
			return false
		}
	}
	return true
}

// refMove is a decision: a house (index into the circuit) and whether it
// is sown clockwise.
type refMove struct {
	house int
	cw    bool
}

// step returns the index after i along the circuit in the given sense.
func step(i int, cw bool) int {
	if cw {
		return (i + 15) % 16
	}
	return (i + 1) % 16
}

// towardsMiddle returns the sense in which sowing from kichwa k (index in
// the circuit) goes on along the inner row.
func towardsMiddle(p, k int) bool {
	ci := circuit(p)
	return ci[step(k, false)].row != innerRow(p) // anticlockwise leaves the inner row: go clockwise
}

func indexOf(p int, c cell) int {
	for i, x := range circuit(p) {
		if x == c {
			return i
		}
	}
	panic("no cell")
}

// kichwaFor returns the kichwa (circuit index) from which seeds captured
// by a lap ending at cell c are sown, and their sense: a kimbi's own
// side, else the kichwa from which the sense cw leads into the middle.
func kichwaFor(p int, c cell, cw bool) (int, bool) {
	left, right := indexOf(p, innerAt(p, 0)), indexOf(p, innerAt(p, 7))
	switch k := fromLeft(p, c); {
	case k <= 1:
		return left, towardsMiddle(p, left)
	case k >= 6:
		return right, towardsMiddle(p, right)
	}
	if towardsMiddle(p, left) == cw {
		return left, cw
	}
	return right, cw
}

type simInfo struct {
	capture bool // the move began with a capture
	endless bool
	emptied bool // a lap set out with the inner row empty, towards the outer row
}

// refSimulate plays move m of the player to move on g (a copy) and
// reports what happened. It does not look at the end of the game.
func refSimulate(g *refGame, m refMove) simInfo {
	me := g.toMove
	opp := 1 - me
	ci := circuit(me)
	var info simInfo
	capturing := false
	firstLapDecides := false
	cw := m.cw
	var hand, pos int // seeds in hand; where the hand is
	namua := g.hand[me] > 0
	empty := func(c cell) {
		if c == g.nyumbaCell(me) && *g.at(c) == 0 {
			g.intact[me] = false
		}
	}
	takeFacing := func(c cell) int {
		f := facing(c)
		n := *g.at(f)
		*g.at(f) = 0
		if f == g.nyumbaCell(opp) {
			g.intact[opp] = false
		}
		return n
	}
	startCapture := func(c cell) {
		n := takeFacing(c)
		k, sense := kichwaFor(me, c, cw)
		cw, hand, pos = sense, n, step(k, !sense) // the first seed goes into the kichwa
	}
	switch {
	case g.decide:
		goOn := m.cw == g.decideCW
		g.decide, g.decideCW = false, false
		if !goOn {
			return info // stop at the nyumba
		}
		capturing = true
		c := g.nyumbaCell(me)
		hand, pos = *g.at(c), indexOf(me, c)
		*g.at(c) = 0
		g.intact[me] = false
	case namua:
		c := ci[m.house]
		withPowers := g.powers(me)
		g.hand[me]--
		*g.at(c)++
		if *g.at(facing(c)) > 0 {
			info.capture, capturing = true, true
			// the namua choice: the kichwa from which m's sense leads in
			k, sense := kichwaFor(me, c, cw)
			if fl := fromLeft(me, c); fl > 1 && fl < 6 {
				sense = cw
				for _, kk := range []int{indexOf(me, innerAt(me, 0)), indexOf(me, innerAt(me, 7))} {
					if towardsMiddle(me, kk) == cw {
						k = kk
					}
				}
			}
			n := takeFacing(c)
			cw, hand, pos = sense, n, step(k, !sense)
			break
		}
		if c == g.nyumbaCell(me) && withPowers {
			hand = 2
		} else {
			hand = *g.at(c)
		}
		*g.at(c) -= hand
		empty(c)
		pos = m.house
	default:
		c := ci[m.house]
		hand, pos = *g.at(c), m.house
		*g.at(c) = 0
		empty(c)
		capturing = hand < 16
		firstLapDecides = true
	}
	for laps := 1; ; laps++ {
		if laps > 4096 { // BAO-18: a move of more laps is taken as never-ending
			info.endless = true
			return info
		}
		if g.innerEmpty(me) && ci[step(pos, cw)].row != innerRow(me) {
			info.emptied = true // the seeds in hand go to the outer row while the inner row is empty
		}
		n := hand
		for ; hand > 0; hand-- {
			pos = step(pos, cw)
			*g.at(ci[pos])++
		}
		c := ci[pos]
		if *g.at(c) == 1 {
			return info
		}
		canTake := c.row == innerRow(me) && *g.at(facing(c)) > 0
		if firstLapDecides {
			firstLapDecides = false
			capturing = capturing && n < 16 && canTake
			info.capture = capturing
		}
		if capturing && canTake {
			startCapture(c)
			continue
		}
		if namua && c == g.nyumbaCell(me) && g.powers(me) {
			if !capturing {
				return info
			}
			if namua {
				g.decide, g.decideCW = true, cw
				return info
			}
		}
		hand = *g.at(c)
		*g.at(c) = 0
		empty(c)
	}
}

// refLegal lists the legal moves in the order houses A to P, each
// anticlockwise before clockwise.
func refLegal(g *refGame) []refMove {
	if g.toMove < 0 {
		return nil
	}
	me := g.toMove
	ny := indexOf(me, g.nyumbaCell(me))
	if g.decide {
		var out []refMove
		h := *g
		if !refSimulate(&h, refMove{ny, g.decideCW}).endless {
			out = append(out, refMove{ny, g.decideCW})
		}
		return append(out, refMove{ny, !g.decideCW})
	}
	ci := circuit(me)
	namua := g.hand[me] > 0
	var captures, takasas []refMove
	for house := 0; house < 16; house++ {
		c := ci[house]
		if namua && (c.row != innerRow(me) || *g.at(c) == 0) || !namua && *g.at(c) < 2 {
			continue
		}
		for _, cw := range []bool{false, true} {
			h := *g
			info := refSimulate(&h, refMove{house, cw})
			if info.endless {
				continue
			}
			if info.capture {
				if namua {
					fl := fromLeft(me, c)
					if fl <= 1 && cw != towardsMiddle(me, indexOf(me, innerAt(me, 0))) ||
						fl >= 6 && cw != towardsMiddle(me, indexOf(me, innerAt(me, 7))) {
						continue
					}
				}
				captures = append(captures, refMove{house, cw})
				continue
			}
			if !takasaAllowed(g, house) || info.emptied || h.innerEmpty(me) || house == g.block {
				continue
			}
			takasas = append(takasas, refMove{house, cw})
		}
	}
	if len(captures) > 0 {
		return captures
	}
	return takasas
}

// takasaAllowed applies the takasa rules that look at the board before
// the move.
func takasaAllowed(g *refGame, house int) bool {
	me := g.toMove
	c := circuit(me)[house]
	occupied, hasTwo := 0, false
	for k := 0; k < 8; k++ {
		n := *g.at(innerAt(me, k))
		if n > 0 {
			occupied++
		}
		if n >= 2 {
			hasTwo = true
		}
	}
	if g.hand[me] > 0 {
		if g.powers(me) {
			return c != g.nyumbaCell(me) || occupied == 1
		}
		return *g.at(c) >= 2 || !hasTwo
	}
	return c.row == innerRow(me) || !hasTwo
}

// refPlay plays m (legal) and looks at the end of the game.
func refPlay(g *refGame, m refMove) {
	me := g.toMove
	wasDecision, mtaji := g.decide, g.hand[me] == 0
	g.block = -1
	info := refSimulate(g, m)
	opp := 1 - me
	switch {
	case g.innerEmpty(opp):
		g.end(me, 1)
	case g.decide:
		// me decides next
	case g.innerEmpty(me):
		g.end(opp, 1)
	default:
		g.toMove = opp
		if mtaji && !wasDecision && !info.capture && g.hand[opp] == 0 {
			g.block = kutakatia(g, me)
		}
		if len(refLegal(g)) == 0 {
			g.end(me, 2)
		}
	}
}

// firstLapTargets returns the inner cells of player p's opponent that p
// would capture with the first lap of a move of his, sowing each house of
// 2 to 15 seeds on a copy of the grid.
func firstLapTargets(g *refGame, p int) map[cell]bool {
	out := map[cell]bool{}
	ci := circuit(p)
	for house := 0; house < 16; house++ {
		n := *g.at(ci[house])
		if n < 2 || n >= 16 {
			continue
		}
		for _, cw := range []bool{false, true} {
			h := *g
			*h.at(ci[house]) = 0
			pos := house
			for k := 0; k < n; k++ {
				pos = step(pos, cw)
				*h.at(ci[pos])++
			}
			c := ci[pos]
			if *h.at(c) > 1 && c.row == innerRow(p) && *h.at(facing(c)) > 0 {
				out[facing(c)] = true
			}
		}
	}
	return out
}

// kutakatia returns the house (circuit index) of the player to move that
// the takasa me has just played closes, or -1: the opponent cannot
// capture, and exactly one of his inner houses is threatened, which is
// not his nyumba with its powers, nor his only occupied inner house, nor
// his only inner house of more than one seed.
func kutakatia(g *refGame, me int) int {
	opp := 1 - me
	if len(firstLapTargets(g, opp)) > 0 {
		return -1
	}
	threatened := firstLapTargets(g, me)
	if len(threatened) != 1 {
		return -1
	}
	var t cell
	for c := range threatened {
		t = c
	}
	occupied, big := 0, 0
	for k := 0; k < 8; k++ {
		n := *g.at(innerAt(opp, k))
		if n > 0 {
			occupied++
		}
		if n > 1 {
			big++
		}
	}
	if t == g.nyumbaCell(opp) && g.powers(opp) || occupied == 1 || big == 1 && *g.at(t) > 1 {
		return -1
	}
	return indexOf(opp, t)
}

func (g *refGame) end(winner, why int) {
	g.grid = [4][8]int{}
	g.hand = [2]int{}
	g.toMove, g.winner, g.endWhy, g.block = -1, winner, why, -1
	g.decide, g.decideCW = false, false
}

// refFrom reads a position of the engine's form.
func refFrom(p mancala.Position) *refGame {
	g := &refGame{toMove: -1}
	if pl, ok := p.ToMove.Player(); ok {
		g.toMove = int(pl)
	}
	for pl := 0; pl < 2; pl++ {
		ci := circuit(pl)
		for i := 0; i < 16; i++ {
			*g.at(ci[i]) = p.Board.Seeds(mancala.Player(pl), i)
		}
		g.hand[pl] = p.Board.Store(mancala.Player(pl))
		g.intact[pl] = p.State&(1<<pl) != 0
	}
	g.decide = p.State&4 != 0
	g.decideCW = p.State&8 != 0
	g.block = -1
	if p.State&(1<<6) != 0 {
		g.block = int(p.State>>7) & 15
	}
	g.endWhy = int(p.State>>4) & 3
	if g.toMove < 0 {
		g.winner = 0
		if p.Board.Store(mancala.North) > 0 {
			g.winner = 1
		}
		g.hand = [2]int{}
	}
	return g
}

// position writes g in the engine's form, for comparison.
func (g *refGame) position(layout mancala.Layout) mancala.Position {
	b, _ := mancala.NewBoard(16, 0)
	_ = b.SetLayout(layout)
	for pl := 0; pl < 2; pl++ {
		ci := circuit(pl)
		for i := 0; i < 16; i++ {
			_ = b.SetSeeds(mancala.Player(pl), i, *g.at(ci[i]))
		}
		_ = b.SetStore(mancala.Player(pl), g.hand[pl])
	}
	var st uint32
	for pl := 0; pl < 2; pl++ {
		if g.intact[pl] {
			st |= 1 << pl
		}
	}
	if g.decide {
		st |= 4
	}
	if g.decideCW {
		st |= 8
	}
	st |= uint32(g.endWhy) << 4
	if g.block >= 0 {
		st |= 1<<6 | uint32(g.block)<<7
	}
	p := mancala.Position{Board: b, State: st, ToMove: mancala.NoTurn}
	if g.toMove >= 0 {
		p.ToMove = mancala.TurnOf(mancala.Player(g.toMove))
	} else {
		_ = p.Board.SetStore(mancala.Player(g.winner), 64)
	}
	return p
}

func (m refMove) move(p int) mancala.Move {
	mv := mancala.Single(mancala.Player(p), m.house)
	if m.cw {
		mv = mancala.Reversed(mv)
	}
	return mv
}

// refPerft counts the leaves of the game tree from g to depth d.
func refPerft(g *refGame, d int) int64 {
	if d == 0 {
		return 1
	}
	var n int64
	for _, m := range refLegal(g) {
		h := *g
		refPlay(&h, m)
		n += refPerft(&h, d-1)
	}
	return n
}
