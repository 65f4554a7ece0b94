package congkak

import (
	"fmt"
	"math"

	"github.com/sowing-games/sowing/mancala"
)

// Rules is a Congkak ruleset with its options fixed. Build one with [New].
// *Rules implements [mancala.Ruleset], [mancala.Bounded], [mancala.Cycler],
// [mancala.Explainer], [mancala.Perfter], [mancala.Playouter],
// [mancala.Tracer], [mancala.CycleTracer], [mancala.Rounder]
// ([Rules.RoundEnded]) and fmt.Stringer.
// It is immutable and safe for concurrent use.
type Rules struct {
	o        Options // normalized
	n        int     // houses per side
	seeds    int     // seeds per house
	total    int     // seeds in the game
	nxt0     [2][maxSlots]uint8
	start    mancala.Position
	maxPlies int
	fast     *fastTables // nil when the fast engine does not cover the options
	// cycles: CK-16 applies (RepeatEnds in a full set). Round stays 1 and
	// State names each round's start, so that a repeated round start is a
	// repeated position, which the history keeper ends by Cycle.
	cycles bool
}

var (
	_ mancala.Ruleset   = (*Rules)(nil)
	_ mancala.Bounded   = (*Rules)(nil)
	_ mancala.Cycler    = (*Rules)(nil)
	_ mancala.Explainer = (*Rules)(nil)
	_ mancala.Perfter   = (*Rules)(nil)
	_ mancala.Playouter = (*Rules)(nil)
	_ fmt.Stringer      = (*Rules)(nil)
)

// New returns the ruleset for o. Invalid options (a number of houses
// outside 1..[mancala.MaxHouses], a negative number of seeds or rounds,
// more than [mancala.MaxSeeds] seeds, an unknown enum value or player)
// give an error wrapping [mancala.ErrUnsupported].
func New(o Options) (*Rules, error) {
	o, err := o.normalize()
	if err != nil {
		return nil, err
	}
	r := &Rules{o: o, n: o.Houses, seeds: o.Seeds, total: 2 * o.Houses * o.Seeds,
		cycles: o.Repeat == RepeatEnds && o.Rounds == 0}
	r.nxt0, _ = r.paths([2]uint16{})
	b, err := mancala.NewBoard(r.n, r.seeds)
	if err != nil {
		return nil, fmt.Errorf("congkak: %w", err)
	}
	r.start = mancala.Position{Board: b, ToMove: mancala.BothTurn, Round: 1}
	if o.Opening == OpeningSequential {
		r.start.ToMove = mancala.TurnOf(o.Starter)
	}
	rounds := o.Rounds
	if r.cycles {
		rounds = r.roundStarts()
	}
	if rounds > 0 {
		if rb := r.roundBound(); rounds <= math.MaxInt/rb {
			r.maxPlies = rounds * rb
		} else {
			r.maxPlies = math.MaxInt
		}
	}
	r.fast = newFastTables(r)
	return r, nil
}

// roundBound bounds the decisions in one round (CK-15). Stores never lose
// seeds within a round. Under EmptyCaptureStore every sowing puts at least
// one seed into its player's store (it passes the store, ends in it, or
// ends in a capture that moves at least the last seed), so a round has at
// most total decisions. Under EmptyCaptureStay a sowing that adds nothing
// stays in its player's row and moves seeds strictly towards his store, so
// it raises Σ i·row[i] of that row, which is at most total·(n-1); between
// two sowings that add to a store each player makes at most that many.
func (r *Rules) roundBound() int {
	t := r.total
	if r.o.EmptyCapture == EmptyCaptureStore {
		return t
	}
	return t + (t+1)*2*t*(r.n-1)
}

// roundStarts bounds the rounds of a set under CK-16: each round it plays
// starts differently. A round start is fixed by South's seeds (the rest
// are North's; the refill of CK-11 places them) and its starter; both
// players hold at least Seeds seeds (CK-14), so South's seeds are one of
// total-2*Seeds+1 numbers; and the set's own start may be a simultaneous
// one.
func (r *Rules) roundStarts() int { return 2*(r.total-2*r.seeds+1) + 1 }

// Options returns the ruleset's options, with the defaults filled in
// (Houses and Seeds are never 0).
func (r *Rules) Options() Options { return r.o }

// String returns the ruleset's name: "congkak" for the documents' rules,
// "congkak overbeck" for [Overbeck], followed by every option that differs,
// such as "congkak opening=sequential rounds=1".
func (r *Rules) String() string { return r.o.name() }

// MaxPlies implements [mancala.Bounded]: a bound on the decisions of a set,
// the bound of CK-15 on one round's decisions times a bound on its rounds:
// Options.Rounds with a round limit, or under CK-16 the number of
// different round starts a set can have (see the package documentation).
// A full set with RepeatOff states no bound (0). With CK-16 the bound
// counts the ending of a repeated round start by [Rules.Cycle], which the
// history keeper applies.
func (r *Rules) MaxPlies() int { return r.maxPlies }

// Start returns the start of a set: every house holding Seeds seeds, empty
// stores, round 1, and both players to move for a simultaneous opening
// (Starter for a sequential one).
func (r *Rules) Start() mancala.Position { return r.start }

// Legal appends the legal moves of p to dst: Single(p, i) for each
// non-empty house i of the player to move in house order, or at a
// simultaneous decision every Joint(s, n) of non-empty houses, South's
// house major. It appends nothing once the game is over.
func (r *Rules) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	if p.Board.Houses() != r.n {
		return dst
	}
	switch p.ToMove {
	case mancala.SouthTurn, mancala.NorthTurn:
		pl, _ := p.ToMove.Player()
		row := p.Board.Row(pl)
		for i := 0; i < r.n; i++ {
			if row[i] != 0 {
				dst = append(dst, mancala.Single(pl, i))
			}
		}
	case mancala.BothTurn:
		rs, rn := p.Board.Row(mancala.South), p.Board.Row(mancala.North)
		for i := 0; i < r.n; i++ {
			if rs[i] == 0 {
				continue
			}
			for j := 0; j < r.n; j++ {
				if rn[j] != 0 {
					dst = append(dst, mancala.Joint(i, j))
				}
			}
		}
	}
	return dst
}

// Play returns the position after m. A move that is not legal in p gives
// p unchanged and a *mancala.MoveError wrapping mancala.ErrIllegalMove
// (and mancala.ErrGameOver once the game is over) that names the rule.
func (r *Rules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if err := r.check(p, m); err != nil {
		return p, err
	}
	return r.Apply(p, m), nil
}

func (r *Rules) check(p mancala.Position, m mancala.Move) error {
	if p.ToMove == mancala.NoTurn {
		e := mancala.Illegal(m, "", "the game is over")
		e.Err = mancala.ErrGameOver
		return e
	}
	if p.Board.Houses() != r.n {
		return mancala.Illegal(m, "CK-1", "the position has %d houses a side, the rules %d", p.Board.Houses(), r.n)
	}
	if !p.ToMove.Valid() {
		return mancala.Illegal(m, "", "nobody can move in a position with turn %v", p.ToMove)
	}
	if m.IsZero() {
		return mancala.Illegal(m, "", "no house chosen")
	}
	if t := m.Turn(); t != p.ToMove {
		switch {
		case p.ToMove == mancala.BothTurn:
			return mancala.Illegal(m, "CK-8", "both players choose at once in the simultaneous opening: want a joint move such as Ab")
		case t == mancala.BothTurn:
			return mancala.Illegal(m, "CK-8", "only %v chooses now", p.ToMove)
		default:
			pl, _ := p.ToMove.Player()
			return mancala.Illegal(m, "CK-7", "it is %v's turn", pl)
		}
	}
	for q := mancala.South; q <= mancala.North; q++ {
		i, ok := m.House(q)
		if !ok {
			continue
		}
		h := mancala.Hole{Owner: q, House: i}
		switch {
		case i >= r.n:
			return mancala.Illegal(m, "CK-1", "no house %v on a board of %d houses a side", h, r.n)
		case p.Board.Burnt(q, i):
			return mancala.Illegal(m, "CK-12", "house %v is burnt", h)
		case p.Board.Seeds(q, i) == 0:
			return mancala.Illegal(m, "CK-2", "house %v is empty", h)
		}
	}
	return nil
}

// Apply is Play without the check, for search and enumeration: m must be
// one of Legal(p).
func (r *Rules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	if !r.inRange(p, m) {
		return p // not legal; Apply need not say so, but it does not panic either
	}
	var s sim
	r.load(&s, p)
	s.apply(m)
	return s.position(&p.Board)
}

// inRange reports whether m names an existing house for each player to
// move in p, so that the engines can index with it.
func (r *Rules) inRange(p mancala.Position, m mancala.Move) bool {
	if p.Board.Houses() != r.n || p.ToMove == mancala.NoTurn || !p.ToMove.Valid() {
		return false
	}
	for q := mancala.South; q <= mancala.North; q++ {
		if p.ToMove.Has(q) {
			if i, ok := m.House(q); !ok || i >= r.n {
				return false
			}
		}
	}
	return true
}

// apply plays the legal move m.
func (s *sim) apply(m mancala.Move) {
	if s.toMove == mancala.BothTurn {
		i, _ := m.House(mancala.South)
		j, _ := m.House(mancala.North)
		s.take(mancala.South, i)
		s.take(mancala.North, j)
		s.ticks()
		return
	}
	p, _ := s.toMove.Player()
	i, _ := m.House(p)
	if s.hand[p.Other()] > 0 {
		// The simultaneous opening, the other hand in flight (CK-8.3).
		s.take(p, i)
		s.ticks()
		return
	}
	s.turn(p, i)
}

// Setup checks a position built outside the ruleset and returns it as the
// ruleset would have left it. It fails with an error wrapping
// mancala.ErrInvalidPosition if the position has the wrong number of
// houses or seeds (2*Houses*Seeds in all, hands included), a round before
// 1 or beyond the Rounds limit (or other than 1 under CK-16 in a full set),
// undefined State bits (or end bits this ruleset cannot give), burnt houses
// in the set's first round (round 1, or under CK-16 the round whose State
// names no earlier start), seeds in flight or a simultaneous decision
// outside the simultaneous opening of the first round, or seeds left in
// houses or hands in a finished game. Round 0 is read as round 1; a
// finished position without end bits gets the reason its stores show
// ([Rules.Ending]). A player to move with no seeds in his houses cannot
// choose: his turn ends (CK-3) and the game goes on from there.
func (r *Rules) Setup(p mancala.Position) (mancala.Position, error) {
	bad := func(format string, args ...any) (mancala.Position, error) {
		return p, fmt.Errorf("congkak: "+format+": %w", append(args, mancala.ErrInvalidPosition)...)
	}
	b := &p.Board
	if b.Houses() != r.n {
		return bad("%d houses a side, want %d", b.Houses(), r.n)
	}
	if b.Total() != r.total {
		return bad("%d seeds, want %d", b.Total(), r.total)
	}
	if !p.ToMove.Valid() {
		return bad("turn %v", p.ToMove)
	}
	if p.Round == 0 {
		p.Round = 1
	}
	if p.Round < 0 || (r.o.Rounds > 0 && p.Round > r.o.Rounds) || (r.cycles && p.Round != 1) {
		return bad("round %d", p.Round)
	}
	if p.ToMove == mancala.NoTurn {
		if p.State&^(stateEnd|stateEndNorth|stateEndWho) != 0 {
			return bad("state bits %#x in a finished game", p.State&^(stateEnd|stateEndNorth|stateEndWho))
		}
		if p.State == 0 {
			p.State = r.inferEnd(b)
		} else if !r.validEnd(p.State) {
			return bad("state %#x: not an end of this ruleset", p.State)
		}
	} else {
		mask := stateReply
		if r.cycles {
			mask |= stateStart
		}
		if p.State&^mask != 0 {
			return bad("undefined state bits %#x", p.State&^mask)
		}
		if tag := p.State & stateStart >> stateStartShift; tag != 0 && int(tag-1)>>1 > r.total {
			return bad("state %#x: a round start with more than %d seeds", p.State, r.total)
		}
	}
	if p.State&stateReply != 0 && (r.o.RoundEnd != RoundEndPassReply || p.ToMove == mancala.BothTurn) {
		return bad("a reply turn (state bit 0) needs the pass-reply round end and one player to move")
	}
	// The set's first round: round 1, or under CK-16 the round the State
	// names as the set's own start.
	first := p.Round == 1
	if r.cycles {
		first = p.State&stateStart == 0
	}
	burnt := b.BurntMask(mancala.South) | b.BurntMask(mancala.North)
	if burnt != 0 && first && (p.ToMove != mancala.NoTurn || !r.cycles) {
		return bad("burnt houses in the set's first round")
	}
	hs, hsAt := b.Hand(mancala.South)
	hn, hnAt := b.Hand(mancala.North)
	opening := r.o.Opening == OpeningSimultaneous && first
	switch p.ToMove {
	case mancala.NoTurn:
		if hs != 0 || hn != 0 || b.RowSeeds(mancala.South) != 0 || b.RowSeeds(mancala.North) != 0 {
			return bad("seeds left in houses or hands after the end of the game")
		}
		return p, nil
	case mancala.BothTurn:
		if !opening {
			return bad("a simultaneous decision outside the simultaneous opening of round 1")
		}
		if hs != 0 || hn != 0 {
			return bad("seeds in flight at a simultaneous decision")
		}
	default:
		mover, _ := p.ToMove.Player()
		if hs != 0 || hn != 0 {
			if !opening {
				return bad("seeds in flight outside the simultaneous opening of round 1")
			}
			h, at := hs, hsAt
			if mover == mancala.South {
				h, at = hn, hnAt
			}
			if (mover == mancala.South && hs != 0) || (mover == mancala.North && hn != 0) {
				return bad("seeds in the hand of %v, who is to choose", mover)
			}
			if h == 0 {
				return bad("seeds in flight but nobody waiting")
			}
			if at.IsStore() && at.Owner == mover {
				return bad("%v's hand cannot be at %v's store", mover.Other(), mover)
			}
			if b.Burnt(at.Owner, at.House) {
				return bad("a hand at a burnt house")
			}
		}
	}
	// The position is well formed; settle a player to move who cannot.
	var s sim
	r.load(&s, p)
	s.settle()
	return s.position(&p.Board), nil
}

// settle ends the turn of a player to move who has no seeds in his houses.
func (s *sim) settle() {
	switch s.toMove {
	case mancala.BothTurn:
		es, en := s.rowEmpty(mancala.South), s.rowEmpty(mancala.North)
		switch {
		case es && en:
			s.endTurn(s.r.o.FirstHand.Other(), mancala.South)
		case es:
			s.toMove = mancala.NorthTurn
		case en:
			s.toMove = mancala.SouthTurn
		}
	case mancala.SouthTurn, mancala.NorthTurn:
		p, _ := s.toMove.Player()
		if !s.rowEmpty(p) {
			return
		}
		o := p.Other()
		if s.hand[o] > 0 {
			// p's turn ends in the opening; the other hand goes on alone.
			pos, k := int(s.at[o]), int(s.hand[o])
			s.hand[o], s.at[o] = 0, 0
			s.afterSow(o, s.sow(o, pos, k))
			return
		}
		s.endTurn(p, o)
	}
}

// Cycle implements [mancala.Cycler]: it returns the end of a set in which
// p, a round start, repeats an earlier round start of the set (CK-16). Each
// player adds the seeds of his houses (and of his hand, which a round start
// never has) to his store; the stores decide. The board keeps its burnt
// houses, the position its round, and State says why the set ended. A
// finished p is returned as it is.
//
// Only the rulesets under CK-16 ([RepeatEnds] in a full set) produce
// positions that repeat: a round start there carries no round number, and
// within a round no position repeats (every decision adds to a store, or
// under [EmptyCaptureStay] moves seeds towards one; see
// [Rules.MaxPlies]). So the history keeper ([mancala.Game], a search,
// perft) calls Cycle exactly where CK-16 ends a set.
func (r *Rules) Cycle(p mancala.Position) mancala.Position {
	if p.Over() || p.Board.Houses() != r.n {
		return p
	}
	var s sim
	r.load(&s, p)
	n := r.n
	for q := mancala.South; q <= mancala.North; q++ {
		s.b[r.storeSlot(q)] += s.hand[q]
		s.hand[q], s.at[q] = 0, 0
	}
	for i := 0; i < n; i++ {
		s.b[n] += s.b[i]
		s.b[i] = 0
		s.b[2*n+1] += s.b[n+1+i]
		s.b[n+1+i] = 0
	}
	s.toMove = mancala.NoTurn
	s.state = endState(mancala.EndRepeatedRound, mancala.NoTurn)
	return s.position(&p.Board)
}

// Ending implements [mancala.Explainer]: why the finished set p ended, from
// its State bits. A player who cannot fill a single house at a refill ends
// it (CK-14, Who is that player), as do the round limit (CK-14's option)
// and a repeated round start (CK-16). A concession is recorded by
// [mancala.Game], not in the position.
func (r *Rules) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	e := mancala.Ending{Reason: mancala.EndReason(p.State & stateEnd >> stateEndShift), Who: mancala.NoTurn}
	if p.State&stateEndWho != 0 {
		e.Who = mancala.SouthTurn
		if p.State&stateEndNorth != 0 {
			e.Who = mancala.NorthTurn
		}
	}
	switch e.Reason {
	case mancala.EndCannotFill, mancala.EndRoundLimit:
		e.Rule = "CK-14"
	case mancala.EndRepeatedRound:
		e.Rule = "CK-16"
	case mancala.EndNone:
		e.Reason, e.Rule = mancala.EndOther, "CK-14"
	}
	return e
}

// inferEnd returns the State bits of a finished set given without them
// (built by hand or saved before they existed): the reason its stores
// show.
func (r *Rules) inferEnd(b *mancala.Board) uint32 {
	ss, sn := b.Store(mancala.South), b.Store(mancala.North)
	switch {
	case ss < r.seeds:
		return endState(mancala.EndCannotFill, mancala.SouthTurn)
	case sn < r.seeds:
		return endState(mancala.EndCannotFill, mancala.NorthTurn)
	case r.o.Rounds > 0:
		return endState(mancala.EndRoundLimit, mancala.NoTurn)
	case r.cycles:
		return endState(mancala.EndRepeatedRound, mancala.NoTurn)
	}
	return endState(mancala.EndOther, mancala.NoTurn)
}

// validEnd reports whether st is the State of a set's end that the ruleset
// can give.
func (r *Rules) validEnd(st uint32) bool {
	who := st&stateEndWho != 0
	if !who && st&stateEndNorth != 0 {
		return false
	}
	switch mancala.EndReason(st & stateEnd >> stateEndShift) {
	case mancala.EndCannotFill:
		return who
	case mancala.EndRoundLimit:
		return !who && r.o.Rounds > 0
	case mancala.EndRepeatedRound:
		return !who // what Cycle gives, whoever calls it
	case mancala.EndOther:
		return !who
	}
	return false
}

// RulesDocument returns [RulesText], the rules with their ids, so that a
// terminal's command rules CK-4 shows that rule (play.RulesDocumenter).
func (r *Rules) RulesDocument() string { return RulesText }
