package toy

import (
	"fmt"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// Options configures [New].
type Options struct {
	Houses       int  // houses per side, 1..12; 0 means 3
	Seeds        int  // seeds per house; 0 means 3
	Loop         bool // the Loop variant instead of Kalah
	Match        bool // the Match variant instead of Kalah
	Simultaneous bool // the first decision is joint (Kalah and Loop)
	// EmptyCapture (Kalah): a last seed in an empty house of the mover's
	// captures even when the opposite house is empty.
	EmptyCapture bool
	// Chain (Loop): a capture goes on backwards over the opponent's
	// houses that hold 2 or 3.
	Chain bool
}

// Rules is the toy game with fixed options. It implements
// [mancala.Ruleset], [mancala.Cycler], [mancala.Bounded],
// [mancala.Perfter], [mancala.Playouter] and [mancala.Tracer].
type Rules struct {
	o     Options
	start mancala.Position
}

// New returns the rules for o, or an error wrapping
// [mancala.ErrUnsupported].
func New(o Options) (*Rules, error) {
	if o.Houses == 0 {
		o.Houses = 3
	}
	if o.Seeds == 0 {
		o.Seeds = 3
	}
	if o.Loop && o.Match {
		return nil, fmt.Errorf("toy: both the Loop and the Match variant: %w", mancala.ErrUnsupported)
	}
	b, err := mancala.NewBoard(o.Houses, o.Seeds)
	if err != nil {
		return nil, fmt.Errorf("toy: %w", err)
	}
	r := &Rules{o: o, start: mancala.Position{Board: b, ToMove: mancala.SouthTurn}}
	if o.Simultaneous || o.Match {
		r.start.ToMove = mancala.BothTurn
	}
	return r, nil
}

// MustNew is [New] for options known to be valid; it panics otherwise.
func MustNew(o Options) *Rules {
	r, err := New(o)
	if err != nil {
		panic(err)
	}
	return r
}

// String names the variant: "toy kalah 3x3", "toy loop 4x2 simultaneous".
func (r *Rules) String() string {
	v := "kalah"
	switch {
	case r.o.Loop:
		v = "loop"
	case r.o.Match:
		v = "match"
	}
	s := fmt.Sprintf("toy %s %dx%d", v, r.o.Houses, r.o.Seeds)
	for _, f := range []struct {
		on   bool
		name string
	}{{r.o.Simultaneous && !r.o.Match, "simultaneous"}, {r.o.EmptyCapture && !r.o.Loop && !r.o.Match, "empty-capture"}, {r.o.Chain && r.o.Loop, "chain"}} {
		if f.on {
			s += " " + f.name
		}
	}
	return s
}

// Start returns the start position.
func (r *Rules) Start() mancala.Position { return r.start }

// Setup checks p and ends it if the player to move cannot move.
func (r *Rules) Setup(p mancala.Position) (mancala.Position, error) {
	b := p.Board
	bad := func(format string, args ...any) (mancala.Position, error) {
		return p, fmt.Errorf("toy: "+format+": %w", append(args, mancala.ErrInvalidPosition)...)
	}
	switch {
	case b.Houses() != r.o.Houses:
		return bad("%d houses, want %d", b.Houses(), r.o.Houses)
	case b.Total() != 2*r.o.Houses*r.o.Seeds:
		return bad("%d seeds, want %d", b.Total(), 2*r.o.Houses*r.o.Seeds)
	case !p.ToMove.Valid() || (p.ToMove == mancala.BothTurn && !r.o.Simultaneous && !r.o.Match),
		r.o.Match && (p.ToMove == mancala.SouthTurn || p.ToMove == mancala.NorthTurn):
		return bad("%v to move", p.ToMove)
	case p.Round != 0 || p.State != 0:
		return bad("round %d, state %x", p.Round, p.State)
	}
	for _, pl := range [2]mancala.Player{mancala.South, mancala.North} {
		if n, _ := b.Hand(pl); n != 0 || b.BurntMask(pl) != 0 {
			return bad("hands or burnt houses")
		}
	}
	if p.Over() {
		if b.RowSeeds(mancala.South)+b.RowSeeds(mancala.North) != 0 {
			return bad("game over with seeds in the houses")
		}
		return p, nil
	}
	return r.settle(p, p.ToMove), nil
}

// Legal appends the legal moves of p to dst.
func (r *Rules) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	n := p.Board.Houses()
	switch p.ToMove {
	case mancala.SouthTurn, mancala.NorthTurn:
		pl, _ := p.ToMove.Player()
		for i := 0; i < n; i++ {
			if p.Board.Seeds(pl, i) > 0 {
				dst = append(dst, mancala.Single(pl, i))
			}
		}
	case mancala.BothTurn:
		for i := 0; i < n; i++ {
			if p.Board.Seeds(mancala.South, i) == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				if p.Board.Seeds(mancala.North, j) > 0 {
					dst = append(dst, mancala.Joint(i, j))
				}
			}
		}
	}
	return dst
}

// Play returns the position after m, or p and a *mancala.MoveError.
func (r *Rules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if p.Over() {
		return p, mancala.Illegal(m, "", "the game is over")
	}
	if m.Turn() != p.ToMove {
		return p, mancala.Illegal(m, "", "%v to move, not %v", p.ToMove, m.Turn())
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if i, ok := m.House(pl); ok && p.Board.Seeds(pl, i) == 0 {
			return p, mancala.Illegal(m, "", "house %v is empty or missing", mancala.Hole{Owner: pl, House: i})
		}
	}
	return r.Apply(p, m), nil
}

// Apply is Play without the checks.
func (r *Rules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	return r.apply(p, m, nil)
}

// Trace is Play with the steps of the move reported to emit (see
// [mancala.Tracer]): each hand's pick-up, drops, skips and captures, the
// seeds each player collects when the game ends, and the turn end.
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if _, err := r.Play(p, m); err != nil {
		return p, err
	}
	return r.apply(p, m, emit), nil
}

// apply is Apply, with the steps reported to emit if it is not nil.
func (r *Rules) apply(p mancala.Position, m mancala.Move, emit func(mancala.Event)) mancala.Position {
	var rows [2][mancala.MaxHouses]uint8
	var stores [2]int
	for pl := mancala.South; pl <= mancala.North; pl++ {
		rows[pl] = p.Board.Row(pl)
		stores[pl] = p.Board.Store(pl)
	}
	next := mancala.NorthTurn
	if r.o.Match {
		s, _ := m.House(mancala.South)
		n, _ := m.House(mancala.North)
		r.match(&rows, &stores, s, n, emit)
		next = mancala.BothTurn
	} else if p.ToMove == mancala.BothTurn {
		s, _ := m.House(mancala.South)
		n, _ := m.House(mancala.North)
		r.sow(&rows, &stores, mancala.South, s, emit)
		r.sow(&rows, &stores, mancala.North, n, emit)
		next = mancala.SouthTurn
	} else {
		pl, _ := m.Player()
		i, _ := m.House(pl)
		again := r.sow(&rows, &stores, pl, i, emit)
		next = mancala.TurnOf(pl.Other())
		if again {
			next = p.ToMove
		}
	}
	q := p
	for pl := mancala.South; pl <= mancala.North; pl++ {
		_ = q.Board.SetRow(pl, rows[pl])
		_ = q.Board.SetStore(pl, stores[pl])
	}
	q = r.settle(q, next)
	if emit != nil {
		if q.Over() { // each player collected the seeds of his row
			for pl := mancala.South; pl <= mancala.North; pl++ {
				for i, c := range rows[pl][:r.o.Houses] {
					if c != 0 {
						emit(mancala.Event{Kind: mancala.EventCapture, Player: pl, Hole: mancala.Hole{Owner: pl, House: i}, Count: int(c)})
					}
				}
			}
		}
		mover, ok := m.Player()
		if !ok {
			mover = mancala.South // a joint move: both turns end at once
		}
		emit(mancala.Event{Kind: mancala.EventTurnEnd, Player: mover, Turn: q.ToMove})
	}
	return q
}

// sow sows house i of pl and reports whether the last seed fell into pl's
// store (Kalah only). If emit is not nil, it receives the steps of the
// sowing (see [Rules.Trace]).
func (r *Rules) sow(rows *[2][mancala.MaxHouses]uint8, stores *[2]int, pl mancala.Player, i int, emit func(mancala.Event)) bool {
	ev := func(kind mancala.EventKind, owner mancala.Player, house, count int) {
		if emit != nil {
			emit(mancala.Event{Kind: kind, Player: pl, Hole: mancala.Hole{Owner: owner, House: house}, Count: count})
		}
	}
	n := r.o.Houses
	seeds := int(rows[pl][i])
	rows[pl][i] = 0
	if seeds == 0 {
		return false
	}
	ev(mancala.EventPickUp, pl, i, seeds)
	opp := pl.Other()
	if r.o.Loop {
		k := i // 0..n-1 own houses, n..2n-1 the opponent's
		for seeds > 0 {
			k = (k + 1) % (2 * n)
			if k == i {
				ev(mancala.EventSkip, pl, i, 0)
				continue
			}
			if k < n {
				rows[pl][k]++
				ev(mancala.EventDrop, pl, k, 0)
			} else {
				rows[opp][k-n]++
				ev(mancala.EventDrop, opp, k-n, 0)
			}
			seeds--
		}
		for k >= n && (rows[opp][k-n] == 2 || rows[opp][k-n] == 3) {
			ev(mancala.EventCapture, opp, k-n, int(rows[opp][k-n]))
			stores[pl] += int(rows[opp][k-n])
			rows[opp][k-n] = 0
			if !r.o.Chain {
				break
			}
			k--
		}
		return false
	}
	k := i // 0..n-1 own houses, n own store, n+1..2n the opponent's
	for ; seeds > 0; seeds-- {
		k = (k + 1) % (2*n + 1)
		switch {
		case k < n:
			rows[pl][k]++
			ev(mancala.EventDrop, pl, k, 0)
		case k == n:
			stores[pl]++
			ev(mancala.EventDrop, pl, mancala.StoreHouse, 0)
		default:
			rows[opp][k-n-1]++
			ev(mancala.EventDrop, opp, k-n-1, 0)
		}
	}
	if k == n {
		return true
	}
	if k < n && rows[pl][k] == 1 && (rows[opp][n-1-k] > 0 || r.o.EmptyCapture) {
		ev(mancala.EventCapture, pl, k, 1)
		if rows[opp][n-1-k] > 0 {
			ev(mancala.EventCapture, opp, n-1-k, int(rows[opp][n-1-k]))
		}
		stores[pl] += 1 + int(rows[opp][n-1-k])
		rows[pl][k], rows[opp][n-1-k] = 0, 0
	}
	return false
}

// match plays the Match variant's joint move (s, n): South takes both
// houses' seeds if s == n, North otherwise.
func (r *Rules) match(rows *[2][mancala.MaxHouses]uint8, stores *[2]int, s, n int, emit func(mancala.Event)) {
	taker := mancala.North
	if s == n {
		taker = mancala.South
	}
	for _, h := range [2]mancala.Hole{{Owner: mancala.South, House: s}, {Owner: mancala.North, House: n}} {
		c := rows[h.Owner][h.House]
		if emit != nil {
			emit(mancala.Event{Kind: mancala.EventCapture, Player: taker, Hole: h, Count: int(c)})
		}
		stores[taker] += int(c)
		rows[h.Owner][h.House] = 0
	}
}

// ScoreBounds bounds the final store difference of games from p (the
// solver capability search.ScoreBounder): the current difference give or
// take every seed not yet in a store, since stores never lose seeds.
func (r *Rules) ScoreBounds(p mancala.Position) (lo, hi int) {
	b := &p.Board
	s, n := b.Store(mancala.South), b.Store(mancala.North)
	rest := b.Total() - s - n
	return s - n - rest, s - n + rest
}

// settle sets the player to move to next, or ends the game.
func (r *Rules) settle(q mancala.Position, next mancala.Turn) mancala.Position {
	s, n := q.Board.RowSeeds(mancala.South), q.Board.RowSeeds(mancala.North)
	q.ToMove = next
	switch {
	case r.o.Loop && next == mancala.SouthTurn && s == 0,
		r.o.Loop && next == mancala.NorthTurn && n == 0,
		!r.o.Loop && (s == 0 || n == 0),
		next == mancala.BothTurn && (s == 0 || n == 0):
		return r.finish(q)
	}
	return q
}

// finish ends the game: each player takes the seeds of his own row.
func (r *Rules) finish(q mancala.Position) mancala.Position {
	var empty [mancala.MaxHouses]uint8
	for pl := mancala.South; pl <= mancala.North; pl++ {
		st := q.Board.Store(pl) + q.Board.RowSeeds(pl)
		_ = q.Board.SetRow(pl, empty)
		_ = q.Board.SetStore(pl, st)
	}
	q.ToMove = mancala.NoTurn
	return q
}

// Cycle ends a game whose position has repeated: each player takes the
// seeds of his own row.
func (r *Rules) Cycle(p mancala.Position) mancala.Position { return r.finish(p) }

// MaxPlies bounds the Kalah variant (see the package documentation); the
// Loop variant states no bound.
func (r *Rules) MaxPlies() int {
	if r.o.Loop {
		return 0
	}
	if r.o.Match {
		return r.o.Houses // each move empties a house of each row
	}
	t := 2 * r.o.Houses * r.o.Seeds
	// Each move either puts seeds into a store (at most t such moves) or
	// moves seeds towards their owner's store within his row, lowering
	// their summed distance (at most t*n) by at least one.
	return t + (t+1)*t*r.o.Houses
}

// Perft counts move sequences like mancala.PerftSlow, with a set of the
// positions on the path instead of a slice.
func (r *Rules) Perft(history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	if depth <= 0 {
		if p.Over() {
			return 1, 1
		}
		return 1, 0
	}
	if p.Over() {
		return 0, 0
	}
	seen := make(map[mancala.Position]int, len(history)+depth)
	for _, h := range history {
		seen[h]++
	}
	var walk func(p mancala.Position, depth int)
	walk = func(p mancala.Position, depth int) {
		seen[p]++
		for _, m := range r.Legal(nil, p) {
			q := r.Apply(p, m)
			if !q.Over() && seen[q] > 0 {
				q = r.Cycle(q)
			}
			switch {
			case depth == 1:
				leaves++
				if q.Over() {
					terminal++
				}
			case !q.Over():
				walk(q, depth-1)
			}
		}
		seen[p]--
	}
	walk(p, depth)
	return leaves, terminal
}

// Playout plays uniformly random moves until the game is over, or until
// maxPlies moves if maxPlies > 0.
func (r *Rules) Playout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
	seen := make(map[mancala.Position]bool, len(history)+64)
	for _, h := range history {
		seen[h] = true
	}
	var buf [mancala.MaxHouses * mancala.MaxHouses]mancala.Move
	plies := 0
	for !p.Over() && (maxPlies <= 0 || plies < maxPlies) {
		seen[p] = true
		moves := r.Legal(buf[:0], p)
		q := r.Apply(p, moves[rng.IntN(len(moves))])
		if !q.Over() && seen[q] {
			q = r.Cycle(q)
		}
		p = q
		plies++
	}
	return p, plies
}

// Acyclic is the Kalah or Match variant as a ruleset that is not a
// [mancala.Cycler]: their games never repeat a position, and a solver
// treats Cyclers apart (package search's packed path is only for rulesets
// that are not). It has every method of [Rules] but Cycle.
type Acyclic struct{ r *Rules }

// NewAcyclic returns the rules for o as an Acyclic, or an error wrapping
// [mancala.ErrUnsupported] (for the Loop variant too, whose positions
// can repeat).
func NewAcyclic(o Options) (*Acyclic, error) {
	if o.Loop {
		return nil, fmt.Errorf("toy: the Loop variant repeats positions: %w", mancala.ErrUnsupported)
	}
	r, err := New(o)
	if err != nil {
		return nil, err
	}
	return &Acyclic{r}, nil
}

// MustNewAcyclic is [NewAcyclic] for options known to be valid; it panics
// otherwise.
func MustNewAcyclic(o Options) *Acyclic {
	a, err := NewAcyclic(o)
	if err != nil {
		panic(err)
	}
	return a
}

// Rules returns the rules as a [Rules] (a Cycler).
func (a *Acyclic) Rules() *Rules { return a.r }

func (a *Acyclic) String() string                                     { return a.r.String() }
func (a *Acyclic) Start() mancala.Position                            { return a.r.Start() }
func (a *Acyclic) Setup(p mancala.Position) (mancala.Position, error) { return a.r.Setup(p) }
func (a *Acyclic) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return a.r.Legal(dst, p)
}
func (a *Acyclic) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	return a.r.Play(p, m)
}
func (a *Acyclic) Apply(p mancala.Position, m mancala.Move) mancala.Position { return a.r.Apply(p, m) }
func (a *Acyclic) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	return a.r.Trace(p, m, emit)
}
func (a *Acyclic) MaxPlies() int                               { return a.r.MaxPlies() }
func (a *Acyclic) ScoreBounds(p mancala.Position) (lo, hi int) { return a.r.ScoreBounds(p) }
func (a *Acyclic) Perft(history []mancala.Position, p mancala.Position, depth int) (leaves, terminal int64) {
	return a.r.Perft(history, p, depth)
}
func (a *Acyclic) Playout(history []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
	return a.r.Playout(history, p, rng, maxPlies)
}
