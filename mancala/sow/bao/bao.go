package bao

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// Rules is Bao la Kiswahili as the package doc describes it: a
// [mancala.Ruleset] that is also a [mancala.Layouter], [mancala.Scorer],
// [mancala.Explainer] and [mancala.Tracer]. The zero Rules is ready to
// use; it holds nothing and is safe for concurrent use.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

// String returns the ruleset's name, "bao", which [mancala.NewRuleset]
// builds again once the package is imported.
func (*Rules) String() string { return "bao" }

// Layout returns the four-row board with two stores: each store is its
// owner's ghala, the seeds he still has in hand for the namua stage
// (BAO-1, BAO-3), and, once the game is over, every seed, in the winner's.
func (*Rules) Layout() mancala.Layout { return mancala.Layout{Rows: 2} }

// Start returns the opening position (BAO-1): 6 seeds in each player's
// nyumba (house L), 2 in each of his houses J and K, 22 in his ghala,
// South to move.
func (r *Rules) Start() mancala.Position {
	b, _ := mancala.NewBoard(houses, 0)
	_ = b.SetLayout(r.Layout())
	var rows [2][mancala.MaxHouses]uint8
	for q := range rows {
		rows[q][9], rows[q][10], rows[q][nyumba] = 2, 2, 6
	}
	_ = b.SetCounts(rows, [2]uint8{startHand, startHand})
	return mancala.Position{Board: b, ToMove: mancala.SouthTurn, State: stIntact | stIntact<<1}
}

// Legal appends the legal moves of p to dst: at a safari decision the
// two choices (BAO-14); otherwise the capturing moves if there are any
// (BAO-9), else the takasa moves that BAO-11 and BAO-15 to BAO-18 allow;
// houses in order, each anticlockwise (A) before clockwise (A').
func (*Rules) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return gen(p, dst, false)
}

// Apply plays a legal move m without checking it.
func (r *Rules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	s, res, d := raw(p, m, nil)
	return finish(&s, res, d, p.Board)
}

// Play plays m, or returns p unchanged and a *mancala.MoveError naming
// the rule that refuses it.
func (r *Rules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if err := check(p, m); err != nil {
		return p, err
	}
	return r.Apply(p, m), nil
}

// Trace is Play that also reports the steps of the move to emit.
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if err := check(p, m); err != nil {
		return p, err
	}
	s, res, d := raw(p, m, emit)
	return finish(&s, res, d, p.Board), nil
}

// Outcome restates a finished game's scores as 1 for the winner and 0
// for the loser (the stores hold all 64 seeds in the winner's).
func (*Rules) Outcome(p mancala.Position) mancala.Outcome {
	o := p.Outcome()
	if w, ok := o.Result.Winner(); ok {
		o.Scores = [2]int{}
		o.Scores[w] = 1
	}
	return o
}

// Ending says why a finished game ended: the loser's inner row was
// empty (BAO-19) or he could not move (BAO-20).
func (*Rules) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	w, ok := p.Outcome().Result.Winner()
	if !ok {
		return mancala.Ending{Reason: mancala.EndOther}
	}
	loser := mancala.TurnOf(w.Other())
	if (p.State&stEndMask)>>stEndShift == endNoMove {
		return mancala.Ending{Reason: mancala.EndNoMove, Rule: "BAO-20", Who: loser}
	}
	return mancala.Ending{Reason: mancala.EndOther, Rule: "BAO-19", Who: loser}
}

// finish ends the move of s: a pending safari decision, the end of the
// game (BAO-19, BAO-20), or the opponent's turn.
func finish(s *sim, res result, dir int, b mancala.Board) mancala.Position {
	me, opp := s.me, s.me^1
	if res == pending && !s.innerEmpty(opp) {
		s.state |= stPending
		if dir < 0 {
			s.state |= stPendRev
		}
		s.ev(mancala.Event{Kind: mancala.EventTurnEnd, Player: me, Turn: mancala.TurnOf(me), Rule: "BAO-14"})
		_ = b.SetCounts(s.h, s.st)
		return mancala.Position{Board: b, ToMove: mancala.TurnOf(me), State: s.state}
	}
	switch {
	case s.innerEmpty(opp):
		return endGame(s, b, me, endHamna)
	case s.innerEmpty(me):
		return endGame(s, b, opp, endHamna)
	}
	_ = b.SetCounts(s.h, s.st)
	q := mancala.Position{Board: b, ToMove: mancala.TurnOf(opp), State: s.state}
	if j, ok := block(s); ok {
		q.State |= stBlocked | uint32(j)<<stBlockSh
	}
	if !hasMove(q) {
		return endGame(s, b, me, endNoMove)
	}
	s.ev(mancala.Event{Kind: mancala.EventTurnEnd, Player: me, Turn: q.ToMove, Rule: s.stopRule})
	return q
}

// endGame ends the game won by w, every seed going to his store.
func endGame(s *sim, b mancala.Board, w mancala.Player, why uint32) mancala.Position {
	rule := "BAO-19"
	if why == endNoMove {
		rule = "BAO-20"
	}
	s.ev(mancala.Event{Kind: mancala.EventTurnEnd, Player: s.me, Turn: mancala.NoTurn, Rule: rule})
	for q := mancala.South; q <= mancala.North; q++ {
		for i := range houses {
			if n := s.h[q][i]; n > 0 {
				s.ev(mancala.Event{Kind: mancala.EventCapture, Player: w, Hole: mancala.Hole{Owner: q, House: i}, Count: int(n), Rule: rule})
			}
		}
	}
	if n := s.st[w^1]; n > 0 {
		s.ev(mancala.Event{Kind: mancala.EventCapture, Player: w, Hole: mancala.Hole{Owner: w ^ 1, House: mancala.StoreHouse}, Count: int(n), Rule: rule})
	}
	s.h = [2][mancala.MaxHouses]uint8{}
	s.st = [2]uint8{}
	s.st[w] = totalSeeds
	_ = b.SetCounts(s.h, s.st)
	state := s.state&^(stPending|stPendRev|stEndMask|stBlocked|stBlockAt) | why<<stEndShift
	return mancala.Position{Board: b, ToMove: mancala.NoTurn, State: state}
}

// hasMove reports whether the player to move in p has a legal move.
func hasMove(p mancala.Position) bool {
	var buf [4]mancala.Move
	return len(gen(p, buf[:0], true)) > 0
}

// move returns player me's move from house i in direction dir.
func move(me mancala.Player, i, dir int) mancala.Move {
	m := mancala.Single(me, i)
	if dir < 0 {
		m = mancala.Reversed(m)
	}
	return m
}

// kimbiOK reports whether a namua capture in house i may have its
// captured seeds sown in direction dir: at a kimbi only from the kichwa
// on its side (BAO-7).
func kimbiOK(i, dir int) bool {
	switch {
	case i <= rightKichwa+1:
		return dir > 0
	case i >= leftKichwa-1:
		return dir < 0
	}
	return true
}

// gen appends the legal moves of p to dst, or only the first when
// firstOnly.
func gen(p mancala.Position, dst []mancala.Move, firstOnly bool) []mancala.Move {
	me, ok := p.ToMove.Player()
	if !ok {
		return dst
	}
	s := load(p, me, nil)
	if p.State&stPending != 0 {
		dir := 1
		if p.State&stPendRev != 0 {
			dir = -1
		}
		if _, res, _ := raw(p, move(me, nyumba, dir), nil); res != endless {
			dst = append(dst, move(me, nyumba, dir))
			if firstOnly {
				return dst
			}
		}
		return append(dst, move(me, nyumba, -dir))
	}
	namua := s.st[me] > 0
	lo := 0
	if namua {
		lo = width
	}
	start := len(dst)
	for i := lo; i < houses; i++ {
		for dir := 1; dir >= -1; dir -= 2 {
			if !captureFirst(&s, i, dir) || namua && !kimbiOK(i, dir) {
				continue
			}
			m := move(me, i, dir)
			if _, res, _ := raw(p, m, nil); res == endless {
				continue
			}
			dst = append(dst, m)
			if firstOnly {
				return dst
			}
		}
	}
	if len(dst) > start {
		return dst
	}
	for i := lo; i < houses; i++ {
		if takasaRule(&s, namua, i) != "" || blocked(p, i) {
			continue
		}
		for dir := 1; dir >= -1; dir -= 2 {
			m := move(me, i, dir)
			t, res, _ := raw(p, m, nil)
			if res == endless || t.emptied || t.innerEmpty(me) {
				continue
			}
			dst = append(dst, m)
			if firstOnly {
				return dst
			}
		}
	}
	return dst
}

// blocked reports whether kutakatia closes house i to the player to move
// in p (BAO-22).
func blocked(p mancala.Position, i int) bool {
	return p.State&stBlocked != 0 && int(p.State&stBlockAt>>stBlockSh) == i
}

// takasaRule returns the rule that forbids a takasa from house i of the
// mover (BAO-3, BAO-5, BAO-11, BAO-15, BAO-16), or "".
func takasaRule(s *sim, namua bool, i int) string {
	me := s.me
	h := &s.h[me]
	if namua {
		if i < width || h[i] == 0 {
			return "BAO-3"
		}
		fn := s.functional(me)
		var others, big bool
		for j := width; j < houses; j++ {
			others = others || j != nyumba && h[j] > 0
			big = big || h[j] >= 2
		}
		switch {
		case fn && i == nyumba && others:
			return "BAO-11"
		case !fn && h[i] == 1 && big:
			return "BAO-15"
		}
		return ""
	}
	if h[i] < 2 {
		return "BAO-5"
	}
	if i < width {
		for j := width; j < houses; j++ {
			if h[j] >= 2 {
				return "BAO-16"
			}
		}
	}
	return ""
}

// check returns nil if m is legal in p, or the error that refuses it.
func check(p mancala.Position, m mancala.Move) error {
	if p.Over() {
		return &mancala.MoveError{Move: m, Ply: -1, Reason: "the game is over", Err: mancala.ErrGameOver}
	}
	var buf [4 * houses]mancala.Move
	for _, l := range gen(p, buf[:0], false) {
		if l == m {
			return nil
		}
	}
	rule, reason := explain(p, m)
	return mancala.Illegal(m, rule, "%s", reason)
}

// explain says why m, not legal in p (not over), is refused.
func explain(p mancala.Position, m mancala.Move) (rule, reason string) {
	me, _ := p.ToMove.Player()
	i, ok := m.House(me)
	if t := m.Turn(); t != p.ToMove || !ok {
		return "", fmt.Sprintf("%v is to move", me)
	}
	if i >= houses {
		return "", fmt.Sprintf("no house %v", m)
	}
	dir := 1
	if m.Reversed() {
		dir = -1
	}
	s := load(p, me, nil)
	if p.State&stPending != 0 {
		return "BAO-14", "the move must go on from the nyumba, or stop there"
	}
	namua := s.st[me] > 0
	if namua && (i < width || s.h[me][i] == 0) {
		return "BAO-3", "in the namua stage a seed enters an occupied house of the inner row"
	}
	if !namua && s.h[me][i] < 2 {
		return "BAO-5", "a house of 2 seeds or more is sown"
	}
	if captureFirst(&s, i, dir) {
		if namua && !kimbiOK(i, dir) {
			return "BAO-7", "the seeds captured at a kimbi are sown from the kichwa on its side"
		}
		return "BAO-18", "the sowing would never end"
	}
	var buf [4 * houses]mancala.Move
	for _, l := range gen(p, buf[:0], false) {
		if l, _ := l.House(me); captureFirst(&s, l, 1) || captureFirst(&s, l, -1) {
			return "BAO-9", "a capture must be made"
		}
	}
	if r := takasaRule(&s, namua, i); r != "" {
		reasons := map[string]string{
			"BAO-11": "the nyumba is sown in the namua stage only when it is the only occupied house of the inner row",
			"BAO-15": "a single seed is not sown while another house of the inner row holds more",
			"BAO-16": "a takasa starts from the inner row while it has a house of 2 seeds or more",
		}
		return r, reasons[r]
	}
	if blocked(p, i) {
		return "BAO-22", "the house is blocked for this move (kutakatia)"
	}
	if _, res, _ := raw(p, m, nil); res == endless {
		return "BAO-18", "the sowing would never end"
	}
	return "BAO-17", "a takasa may not leave the inner row empty, even while it is sown"
}

// Setup checks a position built outside the ruleset: 16 houses a side on
// the four-row board with stores, 64 seeds in houses and stores, no hands
// or burnt houses, and a State with only the bits the package defines. It
// returns the position settled as the rules would leave it: a nyumba that
// is empty loses its powers (BAO-21), and a game in which the player to
// move has an empty inner row (BAO-19; or the other player has) or no
// move (BAO-20) is ended. Errors wrap [mancala.ErrInvalidPosition].
func (r *Rules) Setup(p mancala.Position) (mancala.Position, error) {
	b := p.Board
	bad := func(format string, args ...any) (mancala.Position, error) {
		return p, fmt.Errorf("bao: "+format+": %w", append(args, mancala.ErrInvalidPosition)...)
	}
	switch {
	case b.Houses() != houses:
		return bad("%d houses a side, want %d", b.Houses(), houses)
	case b.Layout() != r.Layout():
		return bad("a board of layout %+v, want four rows with stores", b.Layout())
	case b.Total() != totalSeeds:
		return bad("%d seeds, want %d", b.Total(), totalSeeds)
	case p.State&^stKnown != 0:
		return bad("state %#x has unknown bits", p.State)
	case p.Round != 0:
		return bad("round %d", p.Round)
	case !p.ToMove.Valid() || p.ToMove == mancala.BothTurn:
		return bad("turn %v", p.ToMove)
	}
	for q := mancala.South; q <= mancala.North; q++ {
		if n, _ := b.Hand(q); n != 0 || b.BurntMask(q) != 0 {
			return bad("%v has seeds in hand or burnt houses", q)
		}
	}
	if p.Over() {
		w, ok := p.Outcome().Result.Winner()
		why := (p.State & stEndMask) >> stEndShift
		if !ok || b.Store(w) != totalSeeds || why == 0 || p.State&(stPending|stPendRev|stBlocked|stBlockAt) != 0 {
			return bad("a finished game has all its seeds in the winner's store and its ending in the state")
		}
		return p, nil
	}
	if p.State&stEndMask != 0 {
		return bad("a game going on with an ending in its state")
	}
	me, _ := p.ToMove.Player()
	s := load(p, me, nil)
	for q := mancala.South; q <= mancala.North; q++ {
		if s.h[q][nyumba] == 0 {
			s.state &^= stIntact << q
		}
	}
	if s.state&stPending == 0 {
		s.state &^= stPendRev
	} else if !s.functional(me) || s.state&stBlocked != 0 {
		return bad("a safari decision without a nyumba, or with a blocked house")
	}
	if s.state&stBlocked == 0 {
		s.state &^= stBlockAt
	}
	p.State = s.state
	switch {
	case s.innerEmpty(me):
		return endGame(&s, b, me^1, endHamna), nil
	case s.innerEmpty(me ^ 1):
		return endGame(&s, b, me, endHamna), nil
	case !hasMove(p):
		return endGame(&s, b, me^1, endNoMove), nil
	}
	return p, nil
}
