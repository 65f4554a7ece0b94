package mancalatest

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/sowing-games/sowing/mancala"
)

// property is one check of TestRuleset: a subtest.
type property struct {
	name  string
	run   func(c *probe)
	needs func(k *kit) (bool, string) // nil: always applies
	note  func(k *kit, st *stats) string
}

func (p *property) applies(k *kit) (bool, string) {
	if p.needs == nil {
		return true, ""
	}
	return p.needs(k)
}

// The properties, in the order TestRuleset runs them. doc.go describes them.
var properties = []property{
	{name: "Conservation", run: checkConservation},
	{name: "Legal", run: checkLegal},
	{name: "Simultaneous", run: checkSimultaneous, note: noteSimultaneous},
	{name: "Append", run: checkAppend},
	{name: "Determinism", run: checkDeterminism},
	{name: "Play", run: checkPlay},
	{name: "Illegal", run: checkIllegal},
	{name: "Setup", run: checkSetup},
	{name: "Notation", run: checkNotation},
	{name: "Over", run: checkOver},
	{name: "Length", run: checkLength, note: noteLength},
	{name: "Game", run: checkGame},
	{name: "Cycle", run: checkCycle, needs: isCycler, note: noteCycle},
	{name: "Perft", run: checkPerft, needs: isPerfter},
	{name: "Playout", run: checkPlayout, needs: isPlayouter},
	{name: "Trace", run: checkTrace, needs: isTracer},
	{name: "Ending", run: checkEnding, needs: isExplainer},
}

func isCycler(k *kit) (bool, string) { return k.cycler != nil, "the ruleset is not a mancala.Cycler" }
func isPerfter(k *kit) (bool, string) {
	return k.perfter != nil, "the ruleset is not a mancala.Perfter"
}
func isTracer(k *kit) (bool, string) {
	return k.tracer != nil, "the ruleset is not a mancala.Tracer"
}
func isExplainer(k *kit) (bool, string) {
	return k.explainer != nil, "the ruleset is not a mancala.Explainer"
}
func isPlayouter(k *kit) (bool, string) {
	return k.playouter != nil, "the ruleset is not a mancala.Playouter"
}

// walkLimit is the ply limit of the walks of most properties.
func (c *probe) walkLimit() int { n, _ := c.k.limit(); return n }

// Conservation: the seeds (houses, stores, hands) are as many after every
// legal move as at the start, and the board keeps its size.
func checkConservation(c *probe) {
	var total, houses int
	c.walk(c.walkLimit(), func(p mancala.Position) {
		if len(c.path) == 1 {
			total, houses = p.Board.Total(), p.Board.Houses()
		}
		if got := p.Board.Total(); got != total {
			c.failf("%d seeds on the board, %d at the start", got, total)
		}
		if got := p.Board.Houses(); got != houses {
			c.failf("%d houses a side, %d at the start", got, houses)
		}
		if got, want := p.Board.Layout(), mancala.LayoutOf(c.k.r); got != want {
			c.failf("the board's layout is %+v, the ruleset's %+v", got, want)
		}
		for _, m := range c.legal(p) {
			q := c.k.r.Apply(p, m)
			if got := q.Board.Total(); got != total {
				c.failf("Apply(%v) leaves %d seeds, %d at the start:\n%s", m, got, total, q.Board)
			}
			if got := q.Board.Houses(); got != houses {
				c.failf("Apply(%v) leaves %d houses a side, %d at the start", m, got, houses)
			}
		}
	})
}

// Legal: Legal appends nothing exactly when the game is over; each move
// is made by the players to move, names existing houses (in the mover's
// own row, or his opponent's for a move marked mancala.Across) and
// appears once.
func checkLegal(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		if !p.ToMove.Valid() {
			c.failf("ToMove is %v, not a valid Turn", p.ToMove)
		}
		moves := c.legal(p)
		if p.Over() != (len(moves) == 0) {
			c.failf("Legal gives %d moves with %v to move; it must give none exactly when the game is over", len(moves), p.ToMove)
		}
		var seen [4][mancala.MaxHouses + 1][mancala.MaxHouses + 1]bool // [reversed + 2*across][South][North]
		n := p.Board.Houses()
		for _, m := range moves {
			if m.Turn() != p.ToMove {
				c.failf("Legal gives %v, a move of %v, with %v to move", m, m.Turn(), p.ToMove)
			}
			s, sok := m.House(mancala.South)
			t, tok := m.House(mancala.North)
			if (sok && s >= n) || (tok && t >= n) {
				c.failf("Legal gives %v, a house beyond the board's %d", m, n)
			}
			rev := 0
			if m.Reversed() {
				rev = 1
			}
			if m.Across() {
				if _, single := m.Player(); !single {
					c.failf("Legal gives %#v, a joint move marked Across", m)
				}
				rev += 2
			}
			if seen[rev][s+1][t+1] {
				c.failf("Legal gives %v twice: %v", m, moves)
			}
			seen[rev][s+1][t+1] = true
		}
	})
}

// Simultaneous: at a simultaneous decision, Legal gives every pair of a
// South choice and a North choice.
func checkSimultaneous(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		if p.ToMove != mancala.BothTurn {
			return
		}
		c.both++
		moves := c.legal(p)
		south := mancala.Choices(nil, moves, mancala.South)
		north := mancala.Choices(nil, moves, mancala.North)
		var missing []string
		for _, s := range south {
			for _, n := range north {
				if m := mancala.Joint(s, n); !contains(moves, m) {
					missing = append(missing, m.String())
				}
			}
		}
		if len(missing) > 0 {
			c.failf("Legal at a simultaneous decision is not every pair of the choices %v and %v: missing %s",
				houseLetters(mancala.South, south), houseLetters(mancala.North, north), strings.Join(missing, " "))
		}
	})
}

func noteSimultaneous(k *kit, st *stats) string {
	if st.both > 0 {
		return ""
	}
	return fmt.Sprintf("no simultaneous decision in %d random games: nothing to check", st.games)
}

func houseLetters(p mancala.Player, hs []int) string {
	var sb strings.Builder
	for _, h := range hs {
		sb.WriteString(mancala.Hole{Owner: p, House: h}.String())
	}
	return sb.String()
}

// Append: Legal only appends to dst: the moves already in it stay, and
// what it adds is what it gives for an empty dst.
func checkAppend(c *probe) {
	prefix := []mancala.Move{mancala.Joint(mancala.MaxHouses-1, mancala.MaxHouses-1), {}, mancala.Single(mancala.North, mancala.MaxHouses-1)}
	c.walk(c.walkLimit(), func(p mancala.Position) {
		want := c.legal(p)
		for _, spare := range []int{0, 200} {
			dst := make([]mancala.Move, len(prefix), len(prefix)+spare)
			copy(dst, prefix)
			got := c.k.r.Legal(dst, p)
			switch {
			case !equalMoves(dst, prefix):
				c.failf("Legal changed the moves already in dst (capacity %d): %v, were %v", cap(dst), dst, prefix)
			case len(got) < len(prefix) || !equalMoves(got[:len(prefix)], prefix):
				c.failf("Legal(dst) does not keep dst's moves: gives %v for dst %v", got, prefix)
			case !equalMoves(got[len(prefix):], want):
				c.failf("Legal(dst) appends %v, Legal(nil) gives %v", got[len(prefix):], want)
			}
		}
	})
}

// Determinism: the same calls give the same results, in the same order,
// whatever was called in between and from whichever goroutine.
func checkDeterminism(c *probe) {
	if a, b := c.k.r.Start(), c.k.r.Start(); a != b {
		c.failf("Start gives %q, then %q", a, b)
	}
	c.walk(c.walkLimit(), func(p mancala.Position) {
		a := c.legal(p)
		c.legal(c.start)
		if b := c.legal(p); !equalMoves(a, b) {
			c.failf("Legal gives %v, then %v", a, b)
		}
		if len(a) > 0 {
			m := a[c.draw(len(a))]
			q1, err1 := c.k.r.Play(p, m)
			c.k.r.Play(c.start, m)
			q2, err2 := c.k.r.Play(p, m)
			if q1 != q2 || errText(err1) != errText(err2) {
				c.failf("Play(%v) gives %q (error %v), then %q (error %v)", m, q1, err1, q2, err2)
			}
			if a1, a2 := c.k.r.Apply(p, m), c.k.r.Apply(p, m); a1 != a2 {
				c.failf("Apply(%v) gives %q, then %q", m, a1, a2)
			}
		}
		q1, err1 := c.k.r.Setup(p)
		q2, err2 := c.k.r.Setup(p)
		if q1 != q2 || errText(err1) != errText(err2) {
			c.failf("Setup gives %q (error %v), then %q (error %v)", q1, err1, q2, err2)
		}
	})
	// The start of the game again from two goroutines at once: the race
	// detector sees unsynchronised state in the ruleset.
	type step struct {
		legal []mancala.Move
		next  mancala.Position
	}
	replay := func() (steps []step, err error) {
		defer func() {
			if e := recover(); e != nil {
				err = fmt.Errorf("panic: %v", e)
			}
		}()
		for i, m := range c.moves[:min(len(c.moves), replayMoves)] {
			steps = append(steps, step{c.k.r.Legal(nil, c.path[i]), c.k.r.Apply(c.path[i], m)})
		}
		return steps, nil
	}
	want, _ := replay()
	var wg sync.WaitGroup
	var got [2][]step
	var errs [2]error
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g], errs[g] = replay()
		}()
	}
	wg.Wait()
	for g := range got {
		if errs[g] != nil || len(got[g]) != len(want) {
			c.failf("replaying the game from two goroutines: %v after %d of %d moves", errs[g], len(got[g]), len(want))
		}
		for i := range want {
			if !equalMoves(got[g][i].legal, want[i].legal) || got[g][i].next != want[i].next {
				c.at = i
				c.failf("replaying the game from two goroutines: Legal gives %v and Apply(%v) gives %q; alone: %v and %q",
					got[g][i].legal, c.moves[i], got[g][i].next, want[i].legal, want[i].next)
			}
		}
	}
}

// replayMoves is how many moves of a game Determinism replays from two
// goroutines.
const replayMoves = 256

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// Play: every legal move plays without error, to what Apply returns.
func checkPlay(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		for _, m := range c.legal(p) {
			q, err := c.k.r.Play(p, m)
			if err != nil {
				c.failf("Play refuses legal move %v: %v", m, err)
			}
			if a := c.k.r.Apply(p, m); q != a {
				c.failf("Play(%v) gives %q, Apply(%v) gives %q", m, q, m, a)
			}
		}
	})
}

// Illegal: Play refuses every move that Legal does not give (the zero
// move, moves of the wrong player or players, missing houses, ...) with an
// error wrapping mancala.ErrIllegalMove, and returns the position it was
// given. Every move is tried at the start and at one position in eight,
// a sample at the others.
func checkIllegal(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		if p.Over() {
			return // the Over property
		}
		cands := c.candidates(p, false)
		if len(c.path) > 1 && c.draw(8) != 0 {
			// Most positions try a sample: the zero move and two others.
			cands = []mancala.Move{{}, cands[c.draw(len(cands))], cands[c.draw(len(cands))]}
		}
		c.refuseAll(p, c.legal(p), cands)
	})
}

func (c *probe) refuseAll(p mancala.Position, legal, cands []mancala.Move) {
	for _, m := range cands {
		if contains(legal, m) {
			continue
		}
		q, err := c.k.r.Play(p, m)
		switch {
		case err == nil:
			c.failf("Play accepts %s, which Legal does not give (%v), and gives %q", describe(m), legal, q)
		case !errors.Is(err, mancala.ErrIllegalMove):
			c.failf("Play refuses %s with an error that does not wrap mancala.ErrIllegalMove: %v", describe(m), err)
		case q != p:
			c.failf("Play refuses %s (%v) but returns another position: %q", describe(m), err, q)
		}
	}
}

// describe names a move in text and in Go syntax.
func describe(m mancala.Move) string {
	if m.IsZero() {
		return "the zero move"
	}
	return fmt.Sprintf("%v (%#v)", m, m)
}

// Setup: Setup accepts every position that the ruleset reaches and returns
// it unchanged, the start included.
func checkSetup(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		q, err := c.k.r.Setup(p)
		if err != nil {
			c.failf("Setup refuses a position the ruleset reached: %v", err)
		}
		if q != p {
			c.failf("Setup changes a position the ruleset reached to %q", q)
		}
	})
}

// Notation: position text and move text read back to equal values.
func checkNotation(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		text := p.String()
		q, err := mancala.ParsePosition(text)
		if err != nil {
			c.failf("ParsePosition(%q) fails: %v", text, err)
		}
		if q != p {
			c.failf("ParsePosition(%q) reads %q, another position", text, q)
		}
		for _, m := range c.legal(p) {
			ms := m.String()
			back, err := mancala.ParseMove(ms)
			if err != nil || back != m {
				c.failf("ParseMove(%q) gives %#v, %v; want %#v", ms, back, err, m)
			}
		}
	})
}

// Over: a finished game stays finished: Legal gives nothing, Play refuses
// every move with an error wrapping mancala.ErrIllegalMove and returns the
// position unchanged, and the outcome is a result.
func checkOver(c *probe) {
	c.walk(c.walkLimit(), nil)
	p := c.cur()
	if !p.Over() {
		return
	}
	if ms := c.legal(p); len(ms) != 0 {
		c.failf("Legal gives %v in a finished game", ms)
	}
	if o := p.Outcome(); o.Result == mancala.Ongoing {
		c.failf("a finished game's outcome is %v", o.Result)
	}
	if s, ok := c.k.r.(mancala.Scorer); ok {
		if got, want := s.Outcome(p).Result, p.Outcome().Result; got != want {
			c.failf("the ruleset's Outcome gives %v, the stores %v (a Scorer restates the scores, never the result)", got, want)
		}
	}
	c.refuseAll(p, nil, c.candidates(p, true))
}

// Length: every game ends within the bound the ruleset states
// (mancala.Bounded); games of rulesets that state none are cut at
// WithMaxPlies and counted in the log.
func checkLength(c *probe) {
	if c.k.bounded && c.k.bound < 0 {
		c.failf("MaxPlies is %d", c.k.bound)
	}
	limit, strict := c.k.limit()
	c.walk(limit, nil)
	if c.cut && strict {
		c.failf("the game is not over after MaxPlies() = %d moves", c.k.bound)
	}
}

func noteLength(k *kit, st *stats) string {
	if st.cut == 0 {
		return ""
	}
	limit, _ := k.limit()
	why := "the ruleset states no bound (mancala.Bounded)"
	if k.bound > 0 {
		why = fmt.Sprintf("the ruleset's bound %d is beyond 10*WithMaxPlies", k.bound)
	}
	return fmt.Sprintf("%d of %d random games were still going after %d moves and were cut; %s", st.cut, st.games, limit, why)
}

// Game: a mancala.Game follows the ruleset (ending repeated positions by
// Cycle), and Undo and Redo restore positions and legal moves exactly.
func checkGame(c *probe) {
	var g *mancala.Game
	check := func(i int, what string, moves bool) {
		c.at = i
		p := c.path[i]
		if g.Ply() != i || g.Position() != p {
			c.failf("%s: the game is at ply %d, %q; want ply %d", what, g.Ply(), g.Position(), i)
		}
		if got, want := g.Legal(), c.legal(p); !equalMoves(got, want) {
			c.failf("%s: the game's legal moves are %v, the ruleset's %v", what, got, want)
		}
		if moves && !equalMoves(g.Moves(), c.moves[:i]) {
			c.failf("%s: the game's moves are %v", what, g.Moves())
		}
		want := mancala.OutcomeOf(c.k.r, p)
		if g.Over() != p.Over() || g.Outcome() != want {
			c.failf("%s: the game's outcome is %+v, the position's %+v", what, g.Outcome(), want)
		}
		c.at = -1
	}
	c.walkFull(c.walkLimit(), func(p mancala.Position) {
		if len(c.path) == 1 {
			var err error
			if p == c.k.starts[0] {
				g, err = mancala.NewGame(c.k.r)
			} else {
				g, err = mancala.NewGame(c.k.r, mancala.From(p))
			}
			if err != nil {
				c.failf("NewGame: %v", err)
			}
			check(0, "new game", true)
			return
		}
		ply := len(c.moves)
		if err := g.Play(c.moves[ply-1]); err != nil {
			c.at = ply - 1
			c.failf("Game.Play(%v) refuses a legal move: %v", c.moves[ply-1], err)
		}
		check(ply, "after Play", false)
		if c.draw(8) != 0 {
			return
		}
		back := 1 + c.draw(min(ply, 4))
		for j := 1; j <= back; j++ {
			if err := g.Undo(); err != nil {
				c.failf("Undo: %v", err)
			}
			check(ply-j, "after Undo", true)
		}
		for j := back - 1; j >= 0; j-- {
			if err := g.Redo(); err != nil {
				c.failf("Redo: %v", err)
			}
			check(ply-j, "after Redo", true)
		}
		if g.CanRedo() {
			c.failf("CanRedo after redoing every move")
		}
	}, nil)
	if g == nil {
		return
	}
	n := len(c.moves)
	for i := n - 1; i >= 0; i-- {
		if err := g.Undo(); err != nil {
			c.failf("Undo: %v", err)
		}
		check(i, "after Undo", i == 0)
	}
	if err := g.Undo(); !errors.Is(err, mancala.ErrNoHistory) {
		c.failf("Undo at the start gives %v, want ErrNoHistory", err)
	}
	for i := 1; i <= n; i++ {
		if err := g.Redo(); err != nil {
			c.failf("Redo: %v", err)
		}
		check(i, "after Redo", i == n)
	}
	if g.Over() {
		if err := g.Play(mancala.Single(mancala.South, 0)); !errors.Is(err, mancala.ErrIllegalMove) {
			c.failf("Game.Play after the end gives %v, want ErrIllegalMove", err)
		}
	}
}

// Cycle: a game that repeats a position ends by Cycle in a finished
// position with the same seeds that Setup accepts unchanged.
func checkCycle(c *probe) {
	var total int
	c.walkFull(c.walkLimit(), func(p mancala.Position) {
		if len(c.path) == 1 {
			total = p.Board.Total()
		}
	}, func(p mancala.Position, m mancala.Move, raw mancala.Position, cycled bool) {
		if !cycled {
			return
		}
		q := c.cur()
		switch {
		case !q.Over():
			c.failf("Cycle(%q) gives a position with %v to move, not a finished one", raw, q.ToMove)
		case q.Board.Total() != total || q.Board.Houses() != raw.Board.Houses():
			c.failf("Cycle(%q) gives a board of %d seeds and %d houses, %d and %d before",
				raw, q.Board.Total(), q.Board.Houses(), total, raw.Board.Houses())
		case c.k.cycler.Cycle(raw) != q:
			c.failf("Cycle(%q) gives %q, then %q", raw, q, c.k.cycler.Cycle(raw))
		}
		if s, err := c.k.r.Setup(q); err != nil || s != q {
			c.failf("Setup of the position Cycle gives returns %q, %v", s, err)
		}
	})
}

// Ending: a position that is not over has the zero Ending; a finished one,
// whether Apply or Cycle finished it, gives a known Reason other than
// EndNone, and names as Who either nobody or one player.
func checkEnding(c *probe) {
	c.walk(c.walkLimit(), func(p mancala.Position) {
		e := c.k.explainer.Ending(p)
		switch {
		case !p.Over() && e != (mancala.Ending{}):
			c.failf("Ending(%q) is %+v for a game that is not over", p, e)
		case p.Over() && e.Reason == mancala.EndNone:
			c.failf("Ending(%q) gives no reason for a finished game", p)
		case p.Over() && e.Reason > mancala.EndOther:
			c.failf("Ending(%q) gives the unknown reason %d", p, e.Reason)
		case p.Over() && e.Who == mancala.BothTurn || !e.Who.Valid():
			c.failf("Ending(%q) names %v as the player concerned", p, e.Who)
		case p.Over() && e.Reason == mancala.EndConceded:
			c.failf("Ending(%q) gives a concession, which only a Game can record", p)
		}
	})
}

func noteCycle(k *kit, st *stats) string {
	return fmt.Sprintf("%d of %d random games ended by a repeated position", st.cycles, st.games)
}
