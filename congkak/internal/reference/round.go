package reference

// The end of a round and of the set (CK-10 to CK-14, CK-16).

// endRound scores the round (CK-10), ends the set (CK-14) or refills the
// houses for the next round (CK-11, CK-12, CK-13).
func (g *Game) endRound() {
	var t [2]int
	for p := 0; p < 2; p++ {
		for i := range g.houses[p] {
			g.store[p] += g.houses[p][i]
			g.houses[p][i] = 0
		}
		t[p] = g.store[p]
	}
	g.roundEnds = append(g.roundEnds, t)
	s, n := g.opt.Seeds, g.opt.Houses
	switch {
	case t[South] < s:
		g.end = "CK-14 south"
	case t[North] < s:
		g.end = "CK-14 north"
	case g.opt.Rounds > 0 && g.round >= g.opt.Rounds:
		g.end = "CK-14 limit"
	}
	if g.end != "" {
		// reading: no refill at the end of the set; the burnt marks of the
		// last round stay.
		g.over = true
		return
	}
	starter := g.lastMover // CK-13 tie
	if t[South] < t[North] {
		starter = South
	} else if t[North] < t[South] {
		starter = North
	}
	for p := 0; p < 2; p++ {
		for i := n - 1; i >= 0; i-- { // from the house next to the store
			if g.store[p] >= s {
				g.houses[p][i] = s
				g.store[p] -= s
				g.burnt[p][i] = false
			} else {
				g.burnt[p][i] = true
			}
		}
	}
	g.round++
	g.mover = starter
	g.reply = false
	if !g.opt.cycles() {
		return
	}
	if g.repeated(starter) {
		// CK-16: the set ends at the repeated round start; each player's
		// seeds (houses and store) count.
		for p := 0; p < 2; p++ {
			for i := range g.houses[p] {
				g.store[p] += g.houses[p][i]
				g.houses[p][i] = 0
			}
		}
		g.over, g.end = true, "CK-16"
		return
	}
	g.recordStart(starter)
}

// End says why the set ended: "" while it goes on, "CK-14 south" or
// "CK-14 north" when that player cannot fill a house, "CK-14 limit" at the
// round limit, "CK-16" at a repeated round start.
func (g *Game) End() string { return g.end }
