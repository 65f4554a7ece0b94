package awale

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// Rules is an Awalé ruleset with its options fixed. It implements
// [mancala.Ruleset], [mancala.Cycler], [mancala.Bounded],
// [mancala.Explainer], [mancala.Perfter], [mancala.Playouter],
// [mancala.Tracer], [mancala.CycleTracer], [mancala.PositionNotation]
// and [fmt.Stringer], and estimates its
// positions for searchers ([Rules.Estimate]); on boards of 8 houses a side
// or fewer, search.AlphaBeta plays its positions on the packed engine
// (search.Stepper, [Rules.Compact]). Build one with [New]; a Rules is
// immutable and safe for concurrent use.
type Rules struct {
	o           Options
	n           int  // houses per side
	total       int  // seeds in the game
	captureSlam bool // a grand slam that is played captures (AW-6)
	forbidSlam  bool // a grand slam is illegal unless forced (AW-6)
	packed      bool // the packed engine (n <= 8); else the wide one
	pt          packedTables
	maxPlies    int
	start       mancala.Position
}

var (
	_ mancala.Ruleset   = (*Rules)(nil)
	_ mancala.Cycler    = (*Rules)(nil)
	_ mancala.Bounded   = (*Rules)(nil)
	_ mancala.Perfter   = (*Rules)(nil)
	_ mancala.Playouter = (*Rules)(nil)
	_ fmt.Stringer      = (*Rules)(nil)
)

// New returns the ruleset with options o. Zero fields take their defaults
// (6 houses, 4 seeds). Options that the board cannot hold (houses outside
// 1..12, negative seeds, more than [mancala.MaxSeeds] seeds in all) or
// unknown rule values give an error wrapping [mancala.ErrUnsupported].
func New(o Options) (*Rules, error) {
	o, err := o.normalize()
	if err != nil {
		return nil, err
	}
	r := &Rules{
		o:           o,
		n:           o.Houses,
		total:       2 * o.Houses * o.Seeds,
		captureSlam: o.GrandSlam == GrandSlamCaptureAll || o.GrandSlam == GrandSlamForbiddenElseCapture,
		forbidSlam:  o.GrandSlam == GrandSlamForbidden || o.GrandSlam == GrandSlamForbiddenElseCapture,
		packed:      o.Houses <= 8,
	}
	if r.packed {
		r.pt = newPackedTables(r.n)
	}
	r.maxPlies = maxPlies(r.n, r.total)
	b, err := mancala.NewBoard(r.n, o.Seeds)
	if err != nil {
		// normalize has checked the options; a refusal here is a bug, but
		// it is reported, never turned into a broken board.
		return nil, fmt.Errorf("awale: %w", err)
	}
	r.start = mancala.Position{Board: b, ToMove: mancala.SouthTurn}
	return r, nil
}

// maxPlies bounds the length of a game of n houses a side and total seeds.
//
// The argument: a game of L moves is a sequence of positions p0 … pL in
// which p0 … p(L-1) have a player to move and are all different (a
// repetition ends the game at once, AW-8, replacing the repeated position
// by a finished one). So L is at most the number of positions with a
// player to move that a game can pass through. Stores never decrease, and
// every change of the stores takes seeds off the board; so the positions
// with k seeds left on the board (for each k from 0 to total) have the
// same stores. Such a position is then fixed by its houses (k seeds in 2n
// houses: C(k+2n-1, 2n-1) ways) and the player to move (2 ways). Summed
// over k (the hockey-stick identity): L <= 2*C(total+2n, 2n). The result
// is capped at math.MaxInt.
func maxPlies(n, total int) int {
	var c big.Int
	c.Binomial(int64(total+2*n), int64(2*n))
	c.Lsh(&c, 1)
	if !c.IsInt64() || c.Int64() > math.MaxInt {
		return math.MaxInt
	}
	return int(c.Int64())
}

// Options returns the options of r, with the defaults filled in.
func (r *Rules) Options() Options { return r.o }

// String returns the ruleset's name: "awale", "awale abapa" or "awale
// awari" for the presets, or "awale" followed by the rules that differ from
// the documents' ("grandslam=nocapture", "cycle=split", "majority"), then
// by the board size if it is not 6 houses of 4 seeds ("houses=8",
// "seeds=3").
func (r *Rules) String() string { return r.o.name() }

// MaxPlies returns a number of moves that no game from r.Start() exceeds,
// with repetitions ended by a driver that calls [Rules.Cycle]. The bound is
// 2*C(total+2n, 2n) for n houses a side and total seeds (2.8e12 for the
// usual board), capped at math.MaxInt: large, but honest.
func (r *Rules) MaxPlies() int { return r.maxPlies }

// Start returns the start position: every house holds Options.Seeds seeds,
// the stores are empty, South moves first (AW-1, AW-2).
func (r *Rules) Start() mancala.Position { return r.start }

// Setup checks a position built outside the ruleset and settles it. It
// returns an error wrapping [mancala.ErrInvalidPosition] for a board of the
// wrong number of houses, a seed total other than the ruleset's, seeds in
// hands, burnt houses, a simultaneous turn, a non-zero Round, a non-zero
// State (other than the end bits of a finished game, see [Rules.Ending]),
// or a finished position with seeds on the board (beyond the one odd seed
// that [CycleSplit] may leave). A position whose player to move has no
// seeds, or cannot feed his empty opponent (AW-7), or in which a player has
// a majority under StopAtMajority (AW-10), is returned finished; a finished
// position without end bits gets the reason its board shows.
func (r *Rules) Setup(p mancala.Position) (mancala.Position, error) {
	b := &p.Board
	invalid := func(format string, args ...any) (mancala.Position, error) {
		return p, fmt.Errorf("awale: "+format+": %w", append(args, mancala.ErrInvalidPosition)...)
	}
	if b.Houses() != r.n {
		return invalid("%d houses a side, want %d", b.Houses(), r.n)
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if s, _ := b.Hand(pl); s != 0 {
			return invalid("%v holds %d seeds in hand", pl, s)
		}
		if b.BurntMask(pl) != 0 {
			return invalid("%v has burnt houses", pl)
		}
	}
	if b.Total() != r.total {
		return invalid("%d seeds, want %d", b.Total(), r.total)
	}
	if p.Round != 0 || (p.State != 0 && (p.ToMove != mancala.NoTurn || !r.validEnd(p.State))) {
		return invalid("round %d and state %#x, want 0 (or the end bits of a finished game)", p.Round, p.State)
	}
	left := b.RowSeeds(mancala.South) + b.RowSeeds(mancala.North)
	switch p.ToMove {
	case mancala.NoTurn:
		if left != 0 && !(left == 1 && r.o.Cycle == CycleSplit) {
			return invalid("a finished game with %d seeds on the board", left)
		}
		if p.State == 0 {
			p.State = r.inferEnd(b)
		}
		return p, nil
	case mancala.SouthTurn, mancala.NorthTurn:
	default:
		return invalid("%v to move", p.ToMove)
	}
	mover, _ := p.ToMove.Player()
	if r.packed {
		own, opp := rowWord(b, mover), rowWord(b, mover.Other())
		return r.packedPosition(b, mover, own, opp, b.Store(mover), b.Store(mover.Other())), nil
	}
	own, opp := b.Row(mover), b.Row(mover.Other())
	return r.widePosition(mover, &own, &opp, b.Store(mover), b.Store(mover.Other())), nil
}

// legalHouses returns the legal houses of the player to move in p as a bit
// mask (bit i: house i), with the player; none when the game is over.
func (r *Rules) legalHouses(p *mancala.Position) (mancala.Player, uint16) {
	mover, ok := p.ToMove.Player()
	if !ok {
		return mover, 0
	}
	if r.packed {
		m := r.packedLegal(rowWord(&p.Board, mover), rowWord(&p.Board, mover.Other()))
		return mover, hiToBits(m)
	}
	own, opp := p.Board.Row(mover), p.Board.Row(mover.Other())
	return mover, r.wideLegal(&own, &opp)
}

// hiToBits turns a hi mask (house i at bit 8i+7) into a bit mask.
func hiToBits(m uint64) uint16 {
	var b uint16
	for ; m != 0; m &= m - 1 {
		b |= 1 << (bits.TrailingZeros64(m) >> 3)
	}
	return b
}

// Legal appends the legal moves of p to dst, in house order (A before B),
// and returns the extended slice: the mover's non-empty houses (AW-3), only
// those that feed an empty opponent (AW-5), without grand slams if they are
// forbidden and another move is legal (AW-6). It appends nothing once the
// game is over.
func (r *Rules) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	mover, m := r.legalHouses(&p)
	for ; m != 0; m &= m - 1 {
		dst = append(dst, mancala.Single(mover, bits.TrailingZeros16(m)))
	}
	return dst
}

// Play returns the position after m, or p and an error wrapping
// [mancala.ErrIllegalMove] (a *[mancala.MoveError] naming the rule) if m is
// not legal in p. It never panics.
func (r *Rules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if err := r.check(&p, m); err != nil {
		return p, err
	}
	return r.Apply(p, m), nil
}

// check returns nil if m is legal in p, or the error that says why not.
func (r *Rules) check(p *mancala.Position, m mancala.Move) error {
	if p.Over() {
		e := mancala.Illegal(m, "", "the game is over")
		e.Err = mancala.ErrGameOver
		return e
	}
	mover, ok := p.ToMove.Player()
	if !ok {
		e := mancala.Illegal(m, "AW-2", "%v to move is not an Awalé turn", p.ToMove)
		e.Err = mancala.ErrInvalidPosition
		return e
	}
	if p.Board.Houses() != r.n {
		e := mancala.Illegal(m, "AW-1", "the board has %d houses a side, not %d", p.Board.Houses(), r.n)
		e.Err = mancala.ErrInvalidPosition
		return e
	}
	who, single := m.Player()
	if !single {
		return mancala.Illegal(m, "AW-2", "a move is one house of the player to move, %v", mover)
	}
	if who != mover {
		return mancala.Illegal(m, "AW-2", "it is %v's turn", mover)
	}
	h, _ := m.House(mover)
	if h >= r.n {
		return mancala.Illegal(m, "AW-1", "there is no house %v: each side has %d houses", m, r.n)
	}
	_, legal := r.legalHouses(p)
	if legal&(1<<h) != 0 {
		return nil
	}
	// Find the rule that refuses it, in the order the rules apply.
	own, opp := p.Board.Row(mover), p.Board.Row(mover.Other())
	switch {
	case own[h] == 0:
		return mancala.Illegal(m, "AW-3", "house %v is empty", m)
	case rowSum(&opp) == 0 && int(own[h]) < r.n-h:
		return mancala.Illegal(m, "AW-5", "%v's row is empty and house %v does not reach it: %v must feed him",
			mover.Other(), m, mover)
	default:
		return mancala.Illegal(m, "AW-6", "house %v would capture all of %v's seeds (a grand slam) and %v has another move",
			m, mover.Other(), mover)
	}
}

// Apply is Play without the check: m must be one of Legal(p). It is what
// search and enumeration call. For other moves its result is unspecified,
// though it does not panic (a move naming no house of the board returns p).
func (r *Rules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	mover, _ := m.Player()
	h, _ := m.House(mover)
	if uint(h) >= uint(r.n) {
		return p
	}
	b := &p.Board
	sOwn, sOpp := b.Store(mover), b.Store(mover.Other())
	if r.packed {
		own, opp := rowWord(b, mover), rowWord(b, mover.Other())
		own, opp, c, _ := r.pt.sow(own, opp, h, r.captureSlam)
		return r.packedPosition(b, mover.Other(), opp, own, sOpp, sOwn+c)
	}
	own, opp := b.Row(mover), b.Row(mover.Other())
	c, _ := wideSow(r.n, &own, &opp, h, r.captureSlam)
	return r.widePosition(mover.Other(), &opp, &own, sOpp, sOwn+c)
}

// Cycle returns the finished position that ends a game in which p has just
// repeated an earlier position (AW-8). Under [CycleOwnRow] each player adds
// the seeds of his row to his store. Under [CycleSplit] each store receives
// half of the seeds left, rounded down; if their number is odd, one seed
// stays on the board, in the first non-empty house in the order A, B, ...,
// a, b, ..., so that seeds are conserved and the difference between the
// stores (hence the result) is that of the position. A finished p is
// returned as it is.
func (r *Rules) Cycle(p mancala.Position) mancala.Position {
	if p.Over() {
		return p
	}
	b := &p.Board
	rows := [2]row{b.Row(mancala.South), b.Row(mancala.North)}
	sums := [2]int{rowSum(&rows[0]), rowSum(&rows[1])}
	stores := [2]int{b.Store(mancala.South), b.Store(mancala.North)}
	var keep row
	keepRow := -1
	if r.o.Cycle == CycleSplit {
		left := sums[0] + sums[1]
		half := left / 2
		stores[0] += half
		stores[1] += half
		if left%2 == 1 {
			for pl := 0; pl < 2 && keepRow < 0; pl++ {
				for i, v := range rows[pl] {
					if v != 0 {
						keep[i], keepRow = 1, pl
						break
					}
				}
			}
		}
	} else {
		stores[0] += sums[0]
		stores[1] += sums[1]
	}
	var nb mancala.Board
	nb, _ = mancala.NewBoard(b.Houses(), 0)
	if keepRow >= 0 {
		_ = nb.SetRow(mancala.Player(keepRow), keep)
	}
	_ = nb.SetStore(mancala.South, stores[0])
	_ = nb.SetStore(mancala.North, stores[1])
	return mancala.Position{Board: nb, State: endCycle}
}

// RulesDocument returns [RulesText], the rules with their ids, so that a
// terminal's command rules AW-4 shows that rule (play.RulesDocumenter).
func (r *Rules) RulesDocument() string { return RulesText }
