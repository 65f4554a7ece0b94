package sow

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"

	"github.com/sowing-games/sowing/mancala"
)

// Rules is the ruleset of one [Config]. It implements [mancala.Ruleset],
// [mancala.Cycler], [mancala.Bounded], [mancala.Explainer],
// [mancala.Tracer], [mancala.CycleTracer] and [fmt.Stringer]. Build it
// with [New]; a Rules is immutable and safe for concurrent use.
type Rules struct {
	c            Config
	name         string
	t            *tables
	total        int
	minSeeds     int
	maxLaps      int
	countCapture bool
	slamFilter   bool          // SlamForbidden or SlamForbiddenElseCapture
	fourRow      bool          // SW-61, SW-62 or SW-64 filter the moves
	split        uint32        // the move indices SW-40 allows
	pt           *packedTables // the packed engine's tables (packed.go), nil if it does not take the configuration
	rt           *relayTables  // the relay engine's tables (fast_relay.go), nil if it does not take the configuration
	lapLen       [2]int        // the holes of a circuit, by direction (fast_sow.go)
	maxPlies     int
	start        mancala.Position
}

var (
	_ mancala.Ruleset     = (*Rules)(nil)
	_ mancala.Cycler      = (*Rules)(nil)
	_ mancala.Bounded     = (*Rules)(nil)
	_ mancala.Explainer   = (*Rules)(nil)
	_ mancala.Tracer      = (*Rules)(nil)
	_ mancala.CycleTracer = (*Rules)(nil)
	_ mancala.Layouter    = (*Rules)(nil)
	_ mancala.Scorer      = (*Rules)(nil)
	_ fmt.Stringer        = (*Rules)(nil)
)

// New returns the ruleset of c, named "sow" (see [NewNamed] for a name of
// its own). A configuration that the board cannot hold or that is not
// consistent gives a *[ConfigError], which wraps mancala.ErrUnsupported.
func New(c Config) (*Rules, error) { return NewNamed(c, "sow") }

// NewNamed is [New] with the name that the ruleset's String returns (a
// catalogue game's ruleset name, such as "oware abapa").
func NewNamed(c Config, name string) (*Rules, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	c.Pattern = slices.Clone(c.Pattern)
	c.CaptureCounts = slices.Clone(c.CaptureCounts)
	r := &Rules{
		c:            c,
		name:         name,
		t:            newTables(&c),
		minSeeds:     max(c.MinSeeds, 1),
		maxLaps:      c.MaxLaps,
		countCapture: len(c.CaptureCounts) > 0 || c.CaptureEven,
		slamFilter:   c.GrandSlam == SlamForbidden || c.GrandSlam == SlamForbiddenElseCapture,
		fourRow:      c.fourRowOn(),
		split:        splitMask(&c),
	}
	if r.maxLaps == 0 {
		r.maxLaps = 64
	}
	b, err := r.emptyBoard()
	if err != nil {
		return nil, bad("Houses", "%v", err)
	}
	for p := mancala.South; p <= mancala.North; p++ {
		for i := 0; i < c.Houses; i++ {
			v := c.Seeds
			if c.Pattern != nil {
				v = c.Pattern[i]
			}
			if err := b.SetSeeds(p, i, v); err != nil {
				return nil, bad("Seeds", "%v", err)
			}
		}
	}
	r.total = b.Total()
	r.lapLen = circuitLen(r.t)
	if packedOK(&c) && !c.WayByFirstMove { // SW-81: reversed moves, generic engine
		r.pt = newPackedTables(r)
	}
	if relayOK(&c) {
		r.rt = newRelayTables(r)
	}
	first := mancala.South
	if c.NorthStarts {
		first = mancala.North
	}
	var cs cells
	r.t.load(&cs, &b)
	r.start = r.settle(&cs, first, first, r.tuzOf(0), 0)
	if c.Simultaneous { // SW-45: both choose the first move
		r.start = mancala.Position{Board: r.start.Board, ToMove: mancala.BothTurn, State: openingBit | r.tuzState(r.tuzOf(0))}
	}
	r.maxPlies = r.bound()
	return r, nil
}

// bound returns MaxPlies. The argument, as for Awalé: stores never lose
// seeds and seeds leave the houses only for the stores, so along one game
// the seeds left in the houses, k, never grow, and positions with the
// same k and the same tuzdyks have the same stores. The tuzdyks and the
// first move's bit (SW-24) change at most three times in a game. A
// repeated position ends the game (SW-18), so the positions with a player
// to move are all different: at most 2 players times 4 such states times
// the C(k+2n-1, 2n-1) ways of k seeds in 2n houses, summed over k:
// 8*C(total+2n, 2n), capped at math.MaxInt.
func (r *Rules) bound() int {
	if r.c.Rounds { // SW-43: refills undo the argument; no bound stated
		return 0
	}
	var c big.Int
	n := int64(2 * r.c.Houses)
	c.Binomial(int64(r.total)+n, n)
	c.Mul(&c, big.NewInt(8))
	if r.c.NoCaptureFirstMove { // SW-66: two more bits of state, each set once
		c.Mul(&c, big.NewInt(4))
	}
	c.Mul(&c, r.onceStates()) // SW-90 (houseonce.go)
	if !c.IsInt64() || c.Int64() > math.MaxInt {
		return math.MaxInt
	}
	return int(c.Int64())
}

// Layout implements [mancala.Layouter]: a two-row or four-row board
// (Config.Rows), drawn with stores when Config.Stores is set.
func (r *Rules) Layout() mancala.Layout {
	return mancala.Layout{Rows: max(r.c.Rows, 1), NoStores: !r.c.Stores}
}

// Outcome implements [mancala.Scorer]: for a game with CannotMoveLoses
// (SW-23) that a player lost because he could not move (SW-14, or SW-93
// in a game with RefillDraw), the scores are 1 for the winner and 0 for
// the loser (the stores, which hold every seed of the winner's, say the
// same result); otherwise, an SW-93 draw among them, the stores, as
// [mancala.Position.Outcome] reads them.
func (r *Rules) Outcome(p mancala.Position) mancala.Outcome {
	o := p.Outcome()
	if !r.c.CannotMoveLoses || !p.Over() {
		return o
	}
	if e := r.Ending(p); e.Reason != mancala.EndNoMove || e.Who == mancala.NoTurn || e.Rule == "SW-44" { // SW-23, SW-64: a player could not move
		return o
	}
	if w, ok := o.Result.Winner(); ok {
		o.Scores = [2]int{}
		o.Scores[w] = 1
	}
	return o
}

// emptyBoard returns a board of the game's shape with no seeds.
func (r *Rules) emptyBoard() (mancala.Board, error) {
	b, err := mancala.NewBoard(r.c.Houses, 0)
	if err == nil {
		err = b.SetLayout(r.Layout())
	}
	return b, err
}

// Config returns the ruleset's configuration (a copy).
func (r *Rules) Config() Config {
	c := r.c
	c.Pattern = slices.Clone(c.Pattern)
	c.CaptureCounts = slices.Clone(c.CaptureCounts)
	return c
}

// String returns the ruleset's name.
func (r *Rules) String() string { return r.name }

// MaxPlies implements [mancala.Bounded] (see bound for the argument):
// large, but proven, when positions that repeat end the game as
// [mancala.Cycler] says; 0 (no bound stated) in games of rounds (SW-43),
// whose games are finite, since every repetition ends one, but whose
// count of positions no int holds.
func (r *Rules) MaxPlies() int { return r.maxPlies }

// Start returns the start position (SW-1, SW-2).
func (r *Rules) Start() mancala.Position { return r.start }

// Tuzdyk returns the house of p's tuzdyk in his opponent's row (SW-13)
// and true, or false if p has none. Tuzdyks live in Position.State: bits
// 8-12 hold South's tuzdyk house plus one, bits 13-17 North's, 0 for none.
// Bit 18 is set once the game's first move has been played, in games
// with SkipCount (SW-24).
func (r *Rules) Tuzdyk(pos mancala.Position, p mancala.Player) (int, bool) {
	v := int(pos.State>>(8+5*uint(p&1))) & 31
	return v - 1, v != 0
}

// tuzMask is the State bits of the tuzdyks and, bit 18, of the first
// move played (SW-24).
const (
	tuzMask   = 0x3ff<<8 | openedBit | movedBits | wayBits // SW-81: way.go
	openedBit = 1 << 18
	movedBits = 3 << 19 // SW-66: bit 19 South, bit 20 North has moved (fourrow.go)
)

// tuzOf reads the tuzdyk cells and the first move's bit from a State
// word.
func (r *Rules) tuzOf(st uint32) tuz {
	if r.c.EachHouseOnce { // SW-90: bits 8-17 hold the houses played (houseonce.go)
		return playedOf(st)
	}
	if r.c.Rounds { // SW-43: no tuzdyk; bits 8-17 name the round's start
		return tuz{uint8(st >> 8), uint8(st >> 16 & 3), r.wayOfState(st)}
	}
	tz := tuz{noCell, noCell, 0}
	if st&openedBit != 0 {
		tz[2] = 1
	}
	tz[2] |= uint8(st & movedBits >> 18) // SW-66: bits 1 and 2 of tz[2]
	tz[2] |= r.wayOfState(st)            // SW-81: bits 3 and 4
	for p := 0; p < 2; p++ {
		if v := int(st>>(8+5*uint(p))) & 31; v != 0 {
			tz[p] = uint8((1-p)*r.t.n + v - 1)
		}
	}
	return tz
}

// tuzState writes the tuzdyk cells into State bits.
func (r *Rules) tuzState(tz tuz) uint32 {
	if r.c.EachHouseOnce { // SW-90: see tuzOf
		return playedState(tz)
	}
	if r.c.Rounds { // SW-43: see tuzOf
		return uint32(tz[0])<<8 | uint32(tz[1]&3)<<16 | wayState(tz[2])
	}
	var st uint32
	if tz[2]&1 != 0 {
		st |= openedBit
	}
	st |= uint32(tz[2]&6) << 18 // SW-66
	st |= wayState(tz[2])       // SW-81
	for p := 0; p < 2; p++ {
		if tz[p] != noCell {
			st |= uint32(int(tz[p])-(1-p)*r.t.n+1) << (8 + 5*uint(p))
		}
	}
	return st
}

// candidates returns the moves of mover that SW-2, SW-12 and SW-20 allow,
// as a mask of move indices, on c with tuzdyks tz.
func (r *Rules) candidates(c *cells, mover mancala.Player, tz tuz) uint32 {
	t := r.t
	m := t.nonEmpty(c, mover)
	if r.minSeeds > 1 {
		lo := int(mover) * t.n
		var big uint32
		for mm := m; mm != 0; mm &= mm - 1 {
			if i := bits.TrailingZeros32(mm); int(c[lo+i]) >= r.minSeeds {
				big |= 1 << i
			}
		}
		if big != 0 || !r.c.SinglesLast { // SW-2: else any house, if none holds MinSeeds
			m = big
		}
	}
	if r.c.EachHouseOnce { // SW-90 (houseonce.go)
		m = r.unplayed(m, mover, tz)
	}
	m |= r.acrossMoves(c, mover) // SW-94 (owners.go)
	if r.c.EitherWay {
		m |= m << 16
		m &= r.split // SW-40
	}
	if r.c.WayByFirstMove {
		m = r.wayMoves(mover, tz, m) // SW-81, way.go
	}
	if r.c.SingleToEmpty {
		m = r.singleToEmpty(c, mover, m) // SW-41
	}
	if r.fourRow { // SW-61, SW-62, SW-64
		m = r.fourRowMoves(c, mover, tz, m)
	}
	if m == 0 || !r.c.Feed || t.nonEmpty(c, mover.Other()) != 0 {
		return m
	}
	var f uint32
	for mm := m; mm != 0; mm &= mm - 1 {
		k := bits.TrailingZeros32(mm)
		d, dz := *c, tz
		if r.sow(&d, mover, k, &dz, nil).fed {
			f |= 1 << k
		}
	}
	return f
}

// legal returns the legal moves of mover as a mask of move indices
// (SW-2, SW-11, SW-12, SW-20).
func (r *Rules) legal(c *cells, mover mancala.Player, tz tuz) uint32 {
	m := r.candidates(c, mover, tz)
	if !r.slamFilter || m&(m-1) == 0 {
		return m
	}
	var slams uint32
	for mm := m; mm != 0; mm &= mm - 1 {
		k := bits.TrailingZeros32(mm)
		d, dz := *c, tz
		if r.sow(&d, mover, k, &dz, nil).slam {
			slams |= 1 << k
		}
	}
	if m&^slams != 0 {
		m &^= slams
	}
	return m
}

// moveOf returns the move of index k of mover.
func moveOf(mover mancala.Player, k int) mancala.Move {
	m := mancala.Single(mover, k&15)
	if k >= 16 {
		m = mancala.Reversed(m)
	}
	return m
}

// index returns the move index of m for mover, and false if m names no
// house of the board or a reversed sowing in a game without them.
func (r *Rules) index(mover mancala.Player, m mancala.Move) (int, bool) {
	h, ok := m.House(mover)
	if ok && m.Across() { // SW-94 (owners.go)
		return r.acrossIndex(m, h)
	}
	if !ok || h >= r.t.n || m.Reversed() && !r.c.EitherWay && r.c.ReverseHouses == 0 && !r.c.WayByFirstMove {
		return 0, false
	}
	if m.Reversed() {
		h += 16
	}
	return h, true
}

// Legal appends the legal moves of p, in house order, each house's
// reversed move (SW-20) after it (SW-2, SW-11, SW-12), or, in a game with
// NoOwners, his houses then his opponent's (mancala.Across moves, SW-94),
// and returns the extended slice.
func (r *Rules) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	if r.inOpening(p) && p.Board.Houses() == r.t.n { // SW-45
		return r.openingLegal(dst, p)
	}
	mover, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != r.t.n {
		return dst
	}
	var c cells
	r.t.load(&c, &p.Board)
	return r.legalOrder(dst, mover, r.legal(&c, mover, r.tuzOf(p.State))) // SW-94 (owners.go)
}

// Play returns the position after m, or p and a *mancala.MoveError that
// names the rule if m is not legal in p. It never panics.
func (r *Rules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if err := r.check(p, m); err != nil {
		return p, err
	}
	return r.Apply(p, m), nil
}

func (r *Rules) check(p mancala.Position, m mancala.Move) error {
	if p.Over() {
		e := mancala.Illegal(m, "", "the game is over")
		e.Err = mancala.ErrGameOver
		return e
	}
	if r.inOpening(p) && p.Board.Houses() == r.t.n { // SW-45
		if !r.openingMove(p, m) {
			return mancala.Illegal(m, "SW-45", "%v is not a choice of non-empty houses of the players to move", m)
		}
		return nil
	}
	mover, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != r.t.n {
		e := mancala.Illegal(m, "SW-2", "not a position of this game")
		e.Err = mancala.ErrInvalidPosition
		return e
	}
	who, single := m.Player()
	if !single || who != mover {
		return mancala.Illegal(m, "SW-2", "it is %v's turn to choose one of his houses", mover)
	}
	h, _ := m.House(mover)
	if h >= r.t.n {
		return mancala.Illegal(m, "SW-1", "no house %v: each side has %d houses", m, r.t.n)
	}
	k, ok := r.index(mover, m)
	switch {
	case !ok && m.Across() && !r.c.NoOwners:
		return mancala.Illegal(m, "SW-94", "%v owns his row: a sowing from it is no move of %v's", mover.Other(), mover)
	case !ok:
		return mancala.Illegal(m, "SW-20", "a sowing against the game's direction is no move of this game")
	}
	var c cells
	r.t.load(&c, &p.Board)
	tz := r.tuzOf(p.State)
	if r.legal(&c, mover, tz)&(1<<k) != 0 {
		return nil
	}
	if err := r.onceRefusal(&c, mover, tz, k, m); err != nil { // SW-90 (houseonce.go)
		return err
	}
	if err := r.fourRowRefusal(&c, mover, tz, k, m); err != nil { // SW-61, SW-62, SW-64
		return err
	}
	if err := r.ownersRefusal(&c, mover, k, m); err != nil { // SW-94 (owners.go)
		return err
	}
	switch {
	case int(c[int(mover)*r.t.n+h]) < r.minSeeds:
		return mancala.Illegal(m, "SW-2", "house %v holds %d seeds, fewer than %d", mancala.Single(mover, h), c[int(mover)*r.t.n+h], r.minSeeds)
	case r.wayRefusal(&c, mover, k, m) != nil: // SW-40, SW-41 (named.go)
		return r.wayRefusal(&c, mover, k, m)
	case r.wayChoiceRefusal(mover, tz, k, m) != nil: // SW-81 (way.go)
		return r.wayChoiceRefusal(mover, tz, k, m)
	case r.candidates(&c, mover, tz)&(1<<k) == 0:
		return mancala.Illegal(m, "SW-12", "%v's row is empty and %v does not reach it", mover.Other(), m)
	}
	return mancala.Illegal(m, "SW-11", "%v would capture every seed of %v (a grand slam), and %v has another move", m, mover.Other(), mover)
}

// Apply is Play without the check: m must be one of Legal(p). It
// allocates nothing. For another m its result is unspecified, though a
// move naming no house of the board returns p.
func (r *Rules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	q, _ := r.apply(p, m, nil)
	return q
}

func (r *Rules) apply(p mancala.Position, m mancala.Move, emit emitter) (mancala.Position, result) {
	if r.inOpening(p) { // SW-45
		if p.Board.Houses() != r.t.n || !r.openingMove(p, m) {
			return p, result{}
		}
		return r.openingApply(p, m, emit), result{}
	}
	mover, _ := m.Player()
	k, ok := r.index(mover, m)
	if !ok {
		return p, result{}
	}
	var c cells
	r.t.load(&c, &p.Board)
	tz := r.tuzOf(p.State)
	res := r.sow(&c, mover, k, &tz, emit)
	next := mover.Other()
	if res.again {
		next = mover
	}
	b := p.Board
	return r.finish(&b, &c, mover, next, tz, emit), res
}

// finish saves c into b and returns the position with next to move, or
// the finished position if the game ends there.
func (r *Rules) finish(b *mancala.Board, c *cells, mover, next mancala.Player, tz tuz, emit emitter) mancala.Position {
	next, end := r.turnEnd(c, mover, next, &tz, emit)
	turn := mancala.TurnOf(next)
	if end != 0 {
		turn = mancala.NoTurn
	}
	r.t.save(c, b)
	return mancala.Position{Board: *b, ToMove: turn, State: end | r.tuzState(tz)}
}

// turnEnd ends mover's turn on c, next being the player the sowing gives
// the turn to: it applies SW-19, then the endings (SW-14 to SW-17), whose
// leftovers it gives. It returns who decides next (the player to move
// when the game ended) and the end bits, 0 if the game goes on.
func (r *Rules) turnEnd(c *cells, mover, next mancala.Player, tz *tuz, emit emitter) (mancala.Player, uint32) {
	passed := false
	if r.c.Pass && r.candidates(c, next, *tz) == 0 && r.candidates(c, next.Other(), *tz) != 0 { // SW-19
		next, passed = next.Other(), true
	}
	end := r.ends(c, next, *tz)
	if end == 0 && r.c.TurnRowEmpty && next != mover && r.rowEmpty(c) { // SW-44
		end = endState(mancala.EndNoMove, mancala.NoTurn) | stateTurnRow
	}
	if end != 0 && r.c.Rounds { // SW-43: the end of a round
		return r.roundEnd(c, mover, next, end, tz, emit)
	}
	if emit != nil {
		turn, rule := mancala.TurnOf(next), ""
		switch {
		case end != 0:
			turn, rule = mancala.NoTurn, r.endID(end) // SW-93 (refill.go)
		case passed:
			rule = "SW-19"
		case next == mover:
			rule = "SW-8"
		}
		emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: turn, Rule: rule})
	}
	switch {
	case end != 0 && r.refillDraws(c, end, next): // SW-93 (refill.go)
		r.evenStores(c, next, emit)
	case end != 0:
		r.leftover(c, r.leftoverRule(end), next, r.endID(end), emit)
	}
	return next, end
}

// settle returns the position of c with next to move, ended if it ends
// there; the State's end bits come from the rules.
func (r *Rules) settle(c *cells, mover, next mancala.Player, tz tuz, _ uint32) mancala.Position {
	b, _ := r.emptyBoard()
	return r.finish(&b, c, mover, next, tz, nil)
}

// Cycle implements [mancala.Cycler]: the finished position of a game in
// which p has just repeated an earlier position (SW-18); the seeds left
// go as Config.Cycle says.
func (r *Rules) Cycle(p mancala.Position) mancala.Position { return r.TraceCycle(p, nil) }

// TraceCycle implements [mancala.CycleTracer].
func (r *Rules) TraceCycle(p mancala.Position, emit func(mancala.Event)) mancala.Position {
	mover, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != r.t.n {
		return p
	}
	var c cells
	r.t.load(&c, &p.Board)
	r.leftover(&c, r.c.Cycle, mover, "SW-18", emit)
	b := p.Board
	r.t.save(&c, &b)
	return mancala.Position{Board: b, ToMove: mancala.NoTurn, State: endState(mancala.EndRepetition, mancala.NoTurn) | p.State&tuzMask}
}

// leftover gives the seeds left in the houses as rule says, toMove being
// the player to move when the game ended.
func (r *Rules) leftover(c *cells, rule Leftover, toMove mancala.Player, id string, emit emitter) {
	t := r.t
	give := func(x int, p mancala.Player, k int) {
		if k == 0 {
			return
		}
		emit.ev(mancala.EventCapture, p, t.hole(x), k, id)
		c[x] -= uint8(k)
		c[t.store[p]] += uint8(k)
	}
	switch rule {
	case OwnerTakes:
		for x := 0; x < 2*t.n; x++ {
			give(x, t.owner(x), int(c[x]))
		}
	case MoverTakes, OpponentTakes, EmptyRowTakes:
		p := toMove
		switch {
		case rule == OpponentTakes:
			p = p.Other()
		case rule == EmptyRowTakes && t.rowSum(c, p) != 0:
			p = p.Other()
		}
		for x := 0; x < 2*t.n; x++ {
			give(x, p, int(c[x]))
		}
	case Split:
		left := t.rowSum(c, mancala.South) + t.rowSum(c, mancala.North)
		var due [2]int
		due[0], due[1] = left/2, left/2
		// The odd seed stays in the first non-empty house: keep it out.
		keep := -1
		if left%2 == 1 {
			for x := 0; x < 2*t.n; x++ {
				if c[x] != 0 {
					keep = x
					break
				}
			}
		}
		for x := 0; x < 2*t.n; x++ {
			v := int(c[x])
			if x == keep {
				v--
			}
			for p := 0; p < 2 && v > 0; p++ {
				k := min(v, due[p])
				give(x, mancala.Player(p), k)
				due[p] -= k
				v -= k
			}
		}
	}
}
