// Package reference is a plain, slow implementation of the Congkak rules of
// the project's RULES.md (CK-1 to CK-16), written apart from package congkak
// to serve as a test oracle for it.
//
// Everything is kept as simple as possible: slices of ints for the rows, a
// loop that drops one seed at a time, and, for the simultaneous opening
// (CK-8), an explicit tick loop over two hand records. It knows nothing of
// package mancala: players are 0 (South) and 1 (North), houses are 0-based
// in their owner's sowing order, and [View] is a plain value that tests
// compare with the real package's positions.
//
// # Readings
//
// Where RULES.md leaves a detail open, this package reads it as follows
// (each reading is marked "reading:" in the code):
//
//   - A player who reached his store during the opening chooses at the end
//     of the tick; if his row is empty then, his turn ended in that tick.
//   - "Ended in the same tick" compares tick numbers only; the South tie
//     rule of CK-8.5 then applies whatever Options.FirstHand is.
//   - The round-end test of CK-9 is made when both turns of the opening
//     have ended, not when the first one ends; the player due to move is
//     then the one CK-8.5 names.
//   - "The player who made the last move" (CK-13 tie) is the player whose
//     turn ended last; if both turns of the opening ended in the same tick,
//     the hand resolved later within that tick.
//   - At set end (CK-14, or the round limit) nothing is refilled: the
//     houses are empty, the stores hold each player's seeds, and the burnt
//     marks of the last round stay as they were.
//   - CK-9 option: after a turn ends, the player due to move passes if his
//     row is empty and the other then plays one more turn (a reply); after
//     the reply the round ends unless the passer's row holds seeds again.
//     If both rows are empty the round ends at once.
//   - CK-16: the set keeps the list of its round starts (houses, burnt
//     marks, stores and starter; the set's first one with the starter
//     "both" for a simultaneous opening) and ends, after the refill, at a
//     round start already in it, each player's houses going to his store.
//     It applies to full sets only (Options.Rounds 0), as in package
//     congkak, whose positions count rounds under a limit and so never
//     repeat.
//
// # Concurrency
//
// A [Game] is not safe for concurrent use.
package reference

import (
	"errors"
	"fmt"
)

// Players.
const (
	South = 0
	North = 1
)

// Store is the House value of a Hole that names a store.
const Store = -1

// Options are the ruleset options, with the same meaning as congkak.Options.
type Options struct {
	Houses     int  // houses per side; 0 means 7
	Seeds      int  // seeds per house; 0 means Houses
	EmptyStay  bool // CK-5 option: the last seed stays when the opposite house is empty
	Sequential bool // CK-8 option: round 1 is played in turns, Starter first
	Starter    int  // who starts a sequential first round
	FirstHand  int  // whose hand drops first within a tick (CK-8.2)
	PassReply  bool // CK-9 option
	Rounds     int  // 0: no limit; else the set ends after this many rounds
	RepeatOff  bool // CK-16 off: a repeated round start does not end the set
}

// cycles reports whether CK-16 applies: a full set with the rule on.
func (o Options) cycles() bool { return !o.RepeatOff && o.Rounds == 0 }

// roundStart is what CK-16 compares: the houses, burnt marks and stores at
// the start of a round, and who starts it (-1: both, in the simultaneous
// opening).
type roundStart struct {
	houses, burnt string
	stores        [2]int
	starter       int
}

// Hole is a house (House 0..n-1) or a store (House == Store) of Owner.
type Hole struct{ Owner, House int }

// Move is a decision: the house each player sows from, -1 for no choice.
type Move struct{ South, North int }

// String writes a move in the notation of RULES.md.
func (m Move) String() string {
	s := ""
	if m.South >= 0 {
		s += string(rune('A' + m.South))
	}
	if m.North >= 0 {
		s += string(rune('a' + m.North))
	}
	return s
}

// hand status during the simultaneous opening
const (
	sowing   = iota // the hand holds seeds and drops one each tick
	choosing        // reached his store with seeds in his row: must choose
	ended           // his turn has ended
)

// results of one drop
const (
	more    = iota // the hand still holds seeds
	atStore        // the last seed fell into the hand's own store
	done           // the turn ended (capture or dead end)
)

// Game is a Congkak set in progress.
type Game struct {
	opt    Options
	total  int
	houses [2][]int
	burnt  [2][]bool
	store  [2]int
	hand   [2]int
	handAt [2]Hole
	round  int
	over   bool

	// Simultaneous opening.
	opening  bool
	status   [2]int
	tick     int
	endTick  [2]int // tick in which each turn ended
	endOrder [2]int // 0 if the hand resolved first in that tick, 1 second

	// Turns outside the opening.
	mover     int
	reply     bool // the mover plays the one reply turn of CK-9's option
	lastMover int

	// CK-16: the round starts of the set so far.
	starts []roundStart
	// Why the set ended: "" while it goes on, else "CK-14 south" or "CK-14
	// north" (that player cannot fill a house), "CK-14 limit" (the round
	// limit) or "CK-16" (a repeated round start).
	end string

	// Statistics for CK-15.
	dropCount [2]int   // drops by each hand since it last chose a house
	maxDrops  int      // most drops seen in one hand's sowing
	roundEnds [][2]int // the players' seeds at each round end
}

// New starts a set.
func New(o Options) *Game {
	if o.Houses == 0 {
		o.Houses = 7
	}
	if o.Seeds == 0 {
		o.Seeds = o.Houses
	}
	g := &Game{opt: o, total: 2 * o.Houses * o.Seeds, round: 1}
	for p := 0; p < 2; p++ {
		g.houses[p] = make([]int, o.Houses)
		g.burnt[p] = make([]bool, o.Houses)
		for i := range g.houses[p] {
			g.houses[p][i] = o.Seeds
		}
	}
	if o.Sequential {
		g.mover = o.Starter
		g.recordStart(o.Starter)
	} else {
		g.opening = true
		g.status = [2]int{choosing, choosing}
		g.recordStart(-1)
	}
	return g
}

// startOf returns the round start the board shows, with starter.
func (g *Game) startOf(starter int) roundStart {
	return roundStart{houses: fmt.Sprint(g.houses), burnt: fmt.Sprint(g.burnt), stores: g.store, starter: starter}
}

// recordStart adds the board, with starter, to the round starts of the set.
func (g *Game) recordStart(starter int) {
	g.starts = append(g.starts, g.startOf(starter))
}

// repeated reports whether the board with starter is a round start that
// the set has had before (CK-16).
func (g *Game) repeated(starter int) bool {
	k := g.startOf(starter)
	for _, s := range g.starts {
		if s == k {
			return true
		}
	}
	return false
}

// Position is a position to continue from, for FromPosition.
type Position struct {
	Houses [2][]int
	Burnt  [2][]bool
	Stores [2]int
	Hands  [2]int  // seeds in flight during the simultaneous opening
	HandAt [2]Hole // where each non-empty hand last dropped a seed
	ToMove string  // "south", "north" or "both"
	Round  int
	Reply  bool // the mover plays the reply turn of CK-9's option
}

// FromPosition continues a set from p. If both are to move, or a hand
// holds seeds, the simultaneous opening is going on: the players to move
// choose, a player with seeds in hand is sowing, and any other player's
// turn has already ended. Otherwise the player to move starts (or goes on
// with) a normal turn.
func FromPosition(o Options, p Position) (*Game, error) {
	g := New(o)
	n := g.opt.Houses
	g.round = p.Round
	g.total = 0
	for q := 0; q < 2; q++ {
		if len(p.Houses[q]) != n || len(p.Burnt[q]) != n {
			return nil, fmt.Errorf("reference: want %d houses a side", n)
		}
		for i := 0; i < n; i++ {
			g.houses[q][i] = p.Houses[q][i]
			g.burnt[q][i] = p.Burnt[q][i]
			if g.burnt[q][i] && g.houses[q][i] != 0 {
				return nil, errors.New("reference: seeds in a burnt house")
			}
			g.total += g.houses[q][i]
		}
		g.store[q] = p.Stores[q]
		g.hand[q] = p.Hands[q]
		g.handAt[q] = p.HandAt[q]
		g.total += p.Stores[q] + p.Hands[q]
	}
	var to [2]bool
	switch p.ToMove {
	case "south":
		to[South] = true
	case "north":
		to[North] = true
	case "both":
		to = [2]bool{true, true}
	default:
		return nil, fmt.Errorf("reference: to move %q", p.ToMove)
	}
	for q := 0; q < 2; q++ {
		if to[q] && (g.rowEmpty(q) || g.hand[q] > 0) {
			return nil, errors.New("reference: a player to move has no seeds in his row, or seeds in hand")
		}
	}
	g.reply = p.Reply
	g.opening = to[South] && to[North] || g.hand[South] > 0 || g.hand[North] > 0
	g.starts = nil
	if !g.opening {
		g.status = [2]int{}
		if to[South] {
			g.mover = South
		} else {
			g.mover = North
		}
		// reading: the position given is the first of the set's history;
		// if it is a round start, a later round that starts alike repeats
		// it (CK-16). A position that is not a round start never equals
		// one, so it can be recorded all the same.
		if !g.reply {
			g.recordStart(g.mover)
		}
		return g, nil
	}
	for q := 0; q < 2; q++ {
		switch {
		case to[q]:
			g.status[q] = choosing
		case g.hand[q] > 0:
			g.status[q] = sowing
		default:
			g.status[q] = ended // before tick 1
		}
	}
	return g, nil
}

// Clone returns an independent copy.
func (g *Game) Clone() *Game {
	c := *g
	for p := 0; p < 2; p++ {
		c.houses[p] = append([]int(nil), g.houses[p]...)
		c.burnt[p] = append([]bool(nil), g.burnt[p]...)
	}
	c.roundEnds = append([][2]int(nil), g.roundEnds...)
	c.starts = append([]roundStart(nil), g.starts...)
	return &c
}

// Over reports whether the set has ended.
func (g *Game) Over() bool { return g.over }

// Round returns the round being played (or the last one, once over).
func (g *Game) Round() int { return g.round }

// RoundEnds returns each player's seeds at the end of every round so far.
func (g *Game) RoundEnds() [][2]int { return append([][2]int(nil), g.roundEnds...) }

// MaxDrops returns the largest number of seeds dropped by one hand in one
// sowing (from the house chosen to the end of that sowing, relays included).
func (g *Game) MaxDrops() int { return g.maxDrops }

// InOpening reports whether the simultaneous opening is still going on.
func (g *Game) InOpening() bool { return g.opening }

// Deciders returns who must decide now: South, North or both.
func (g *Game) Deciders() []int {
	if g.over {
		return nil
	}
	if g.opening {
		var d []int
		for p := 0; p < 2; p++ {
			if g.status[p] == choosing {
				d = append(d, p)
			}
		}
		return d
	}
	return []int{g.mover}
}

// choices returns p's non-empty houses.
func (g *Game) choices(p int) []int {
	var c []int
	for i, v := range g.houses[p] {
		if v > 0 {
			c = append(c, i)
		}
	}
	return c
}

// Legal returns the legal moves: every pair of choices when both decide.
func (g *Game) Legal() []Move {
	d := g.Deciders()
	var ms []Move
	switch len(d) {
	case 1:
		for _, i := range g.choices(d[0]) {
			m := Move{-1, -1}
			if d[0] == South {
				m.South = i
			} else {
				m.North = i
			}
			ms = append(ms, m)
		}
	case 2:
		for _, i := range g.choices(South) {
			for _, j := range g.choices(North) {
				ms = append(ms, Move{i, j})
			}
		}
	}
	return ms
}

// Play plays m, or returns an error and changes nothing if m is not legal.
func (g *Game) Play(m Move) error {
	legal := false
	for _, l := range g.Legal() {
		if l == m {
			legal = true
		}
	}
	if !legal {
		return fmt.Errorf("reference: illegal move %+v", m)
	}
	if !g.opening {
		g.turn(g.mover, houseOf(m, g.mover))
		return nil
	}
	for p := 0; p < 2; p++ {
		if g.status[p] == choosing {
			g.take(p, houseOf(m, p))
			g.status[p] = sowing
		}
	}
	g.runOpening()
	return nil
}

func houseOf(m Move, p int) int {
	if p == South {
		return m.South
	}
	return m.North
}

// take lifts every seed of p's house i into p's hand.
func (g *Game) take(p, i int) {
	g.hand[p] = g.houses[p][i]
	g.houses[p][i] = 0
	g.handAt[p] = Hole{p, i}
	g.dropCount[p] = 0
}

// next returns the hole after h on p's sowing path (CK-2): the rest of
// his row, his store, the opponent's row (never the opponent's store),
// his row again; burnt houses (CK-12) are skipped. The origin house is not
// skipped.
func (g *Game) next(p int, h Hole) Hole {
	n := g.opt.Houses
	for {
		switch {
		case h.House == Store:
			h = Hole{1 - p, 0}
		case h.House < n-1:
			h = Hole{h.Owner, h.House + 1}
		case h.Owner == p:
			h = Hole{p, Store}
		default:
			h = Hole{p, 0}
		}
		if h.House == Store || !g.burnt[h.Owner][h.House] {
			return h
		}
	}
}

// drop drops one seed of p's hand and, if it was the last one, resolves it
// by CK-3 to CK-6.
func (g *Game) drop(p int) int {
	g.dropCount[p]++
	if g.dropCount[p] > g.maxDrops {
		g.maxDrops = g.dropCount[p]
	}
	// CK-15: every lap drops a seed into p's store, so a sowing makes fewer
	// laps than there are seeds; each lap is at most 2n+1 holes.
	if g.dropCount[p] > (g.total+1)*(2*g.opt.Houses+1) {
		panic("reference: a sowing exceeded the CK-15 bound")
	}
	h := g.next(p, g.handAt[p])
	g.handAt[p] = h
	g.hand[p]--
	if h.House == Store {
		g.store[p]++
		if g.hand[p] == 0 {
			return atStore // CK-3
		}
		return more
	}
	g.houses[h.Owner][h.House]++
	if g.hand[p] > 0 {
		return more
	}
	c := g.houses[h.Owner][h.House]
	if c > 1 { // CK-4: the house held seeds before the last one
		g.hand[p] = c
		g.houses[h.Owner][h.House] = 0
		return more
	}
	if h.Owner == p { // CK-5
		n := g.opt.Houses
		o := 1 - p
		opp := n - 1 - h.House
		if take := g.houses[o][opp]; take > 0 {
			g.houses[o][opp] = 0
			g.houses[p][h.House] = 0
			g.store[p] += take + 1
		} else if !g.opt.EmptyStay {
			g.houses[p][h.House] = 0
			g.store[p]++
		}
		return done
	}
	return done // CK-6
}

// turn plays one sowing of a normal turn (outside the opening) from p's
// house i.
func (g *Game) turn(p, i int) {
	g.take(p, i)
	for {
		switch g.drop(p) {
		case more:
			continue
		case atStore:
			if !g.rowEmpty(p) {
				return // CK-3: p chooses again
			}
		}
		g.endTurn(p)
		return
	}
}

// runOpening runs ticks of the simultaneous opening (CK-8) until somebody
// must choose or both turns have ended.
func (g *Game) runOpening() {
	order := [2]int{g.opt.FirstHand, 1 - g.opt.FirstHand}
	for {
		g.tick++
		var reached [2]bool
		for k, p := range order {
			if g.status[p] != sowing {
				continue
			}
			switch g.drop(p) {
			case atStore:
				reached[p] = true
			case done:
				g.status[p] = ended
				g.endTick[p], g.endOrder[p] = g.tick, k
			}
		}
		// reading: a player who reached his store chooses at the end of
		// the tick, on the board as it is then.
		for k, p := range order {
			if !reached[p] {
				continue
			}
			if g.rowEmpty(p) {
				g.status[p] = ended
				g.endTick[p], g.endOrder[p] = g.tick, k
			} else {
				g.status[p] = choosing
			}
		}
		if g.status[South] == choosing || g.status[North] == choosing {
			return
		}
		if g.status[South] == ended && g.status[North] == ended {
			g.endOpening()
			return
		}
	}
}

// endOpening hands the move to the player whose turn ended first (CK-8.5).
func (g *Game) endOpening() {
	g.opening = false
	first, last := South, North
	switch {
	case g.endTick[South] < g.endTick[North]:
		first, last = South, North
	case g.endTick[North] < g.endTick[South]:
		first, last = North, South
	default:
		first = South // CK-8.5: same tick, South plays next (reading: whatever FirstHand is)
		// reading: the hand resolved later in the tick moved last.
		if g.endOrder[South] > g.endOrder[North] {
			last = South
		} else {
			last = North
		}
	}
	g.lastMover = last
	g.due(first)
}

// endTurn ends p's turn outside the opening (CK-7, CK-9).
func (g *Game) endTurn(p int) {
	g.lastMover = p
	o := 1 - p
	if g.reply {
		g.reply = false
		if g.rowEmpty(o) {
			g.endRound()
		} else {
			g.mover = o
		}
		return
	}
	g.due(o)
}

// due gives the move to p, due to move now that a turn has ended (CK-9).
// reading: under the pass/reply option p passes if his row is empty, and
// the round ends at once if both rows are.
func (g *Game) due(p int) {
	o := 1 - p
	if !g.opt.PassReply {
		if g.rowEmpty(p) || g.rowEmpty(o) {
			g.endRound()
		} else {
			g.mover = p
		}
		return
	}
	switch {
	case !g.rowEmpty(p):
		g.mover = p
	case g.rowEmpty(o):
		g.endRound()
	default: // p passes; o plays one more turn
		g.mover = o
		g.reply = true
	}
}

func (g *Game) rowEmpty(p int) bool {
	for _, v := range g.houses[p] {
		if v > 0 {
			return false
		}
	}
	return true
}
