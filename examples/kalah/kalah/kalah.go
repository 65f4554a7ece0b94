package kalah

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Capture selects when a last seed in an empty house of the mover's row
// captures (KA-4).
type Capture uint8

const (
	// CaptureEmpty captures the last seed and the opposite house even when
	// that house is empty: the rule of Irving, Donkers and Uiterwijk
	// (default).
	CaptureEmpty Capture = iota
	// CaptureStandard captures only when the opposite house holds seeds;
	// otherwise the last seed stays in its house.
	CaptureStandard
)

// String returns "empty" or "standard".
func (c Capture) String() string {
	switch c {
	case CaptureEmpty:
		return "empty"
	case CaptureStandard:
		return "standard"
	}
	return "capture(" + strconv.Itoa(int(c)) + ")"
}

// ParseCapture returns the Capture named "empty" or "standard", or an error
// wrapping [mancala.ErrUnsupported].
func ParseCapture(s string) (Capture, error) {
	switch s {
	case "empty":
		return CaptureEmpty, nil
	case "standard":
		return CaptureStandard, nil
	}
	return 0, fmt.Errorf("kalah: capture rule %q (want empty or standard): %w", s, mancala.ErrUnsupported)
}

// Options configures a game of Kalah. The zero value is Kalah(6,4) with
// empty capture.
type Options struct {
	Houses  int     // houses per side (KA-1), 1 to MaxHouses; 0 means 6
	Seeds   int     // seeds per house at the start (KA-1), at least 1; 0 means 4
	Capture Capture // KA-4
}

// Rules is Kalah with fixed options. It implements [mancala.Ruleset],
// [mancala.Bounded], fmt.Stringer, the ScoreBounds and StoreIndependent
// methods and the packed form (search.Packer: Pack, PackedChildren,
// PackedSeeds, PackedEndgame) that package mancala/search's solver uses,
// and [Rules.Retrograde], the capability from which package
// mancala/endgame builds endgame databases (see "Solving" and "Endgame
// databases" in the package documentation). Build it with [New]. A Rules is immutable and safe for
// concurrent use: it holds no database. An endgame database is a value of
// its own, built or loaded by package mancala/endgame (an *endgame.DB),
// which [WithDatabase] hands to the solver with the rules.
type Rules struct {
	o        Options
	start    mancala.Position
	empty    mancala.Board // the board with no seeds, to build results on
	total    int
	maxPlies int
}

// MaxHouses is the most houses a side of a Kalah board here (KA-1): the
// packed form used by the solver holds rows of at most 12 houses.
const MaxHouses = 12

// New returns the rules for o. Houses outside 1..MaxHouses,
// negative seeds, more than mancala.MaxSeeds seeds in all, or an unknown
// Capture give an error wrapping [mancala.ErrUnsupported].
func New(o Options) (*Rules, error) {
	if o.Houses == 0 {
		o.Houses = 6
	}
	if o.Seeds == 0 {
		o.Seeds = 4
	}
	if o.Houses < 1 || o.Houses > MaxHouses {
		return nil, fmt.Errorf("kalah: %d houses per side (want 1 to %d): %w", o.Houses, MaxHouses, mancala.ErrUnsupported)
	}
	// Seeds is checked alone first, so that the product cannot overflow.
	if o.Seeds < 1 || o.Seeds > mancala.MaxSeeds || 2*o.Houses*o.Seeds > mancala.MaxSeeds {
		return nil, fmt.Errorf("kalah: %d seeds per house on %d houses a side (at most %d seeds in all): %w",
			o.Seeds, o.Houses, mancala.MaxSeeds, mancala.ErrUnsupported)
	}
	if o.Capture > CaptureStandard {
		return nil, fmt.Errorf("kalah: unknown capture rule %d: %w", o.Capture, mancala.ErrUnsupported)
	}
	b, err := mancala.NewBoard(o.Houses, o.Seeds)
	if err != nil {
		return nil, fmt.Errorf("kalah: %w", err)
	}
	empty, err := mancala.NewBoard(o.Houses, 0)
	if err != nil {
		return nil, fmt.Errorf("kalah: %w", err)
	}
	t := 2 * o.Houses * o.Seeds
	return &Rules{
		o:        o,
		start:    mancala.Position{Board: b, ToMove: mancala.SouthTurn},
		empty:    empty,
		total:    t,
		maxPlies: t + o.Houses*t*(t+1)/2,
	}, nil
}

// Options returns the options in force, with defaults filled in.
func (r *Rules) Options() Options { return r.o }

// String returns the ruleset's name, which [ParseName] (and so
// [mancala.NewRuleset]) reads back: "kalahdemo", followed by
// "capture=standard" for that option, "houses=N" if the board has not 6
// houses a side and "seeds=N" if not 4 seeds a house, such as
// "kalahdemo capture=standard houses=4 seeds=3": the rules first, then the
// params, so that [mancala.Family.WithParams] of a preset reads back.
// Kalah(m, n) of the paper is "kalahdemo houses=m seeds=n". (The family
// "kalah" itself is package mancala/sow's catalogue game, which reads
// the same names with "kalah" as their first word.)
func (r *Rules) String() string {
	s := "kalahdemo"
	if r.o.Capture == CaptureStandard {
		s += " capture=standard"
	}
	if r.o.Houses != 6 {
		s += " houses=" + strconv.Itoa(r.o.Houses)
	}
	if r.o.Seeds != 4 {
		s += " seeds=" + strconv.Itoa(r.o.Seeds)
	}
	return s
}

// ParseName reads a ruleset's name as [Rules.String] writes it and
// returns its options. A name that does not read back exactly as itself
// is refused with an error wrapping [mancala.ErrUnsupported].
func ParseName(name string) (Options, error) {
	bad := func(w string) (Options, error) {
		return Options{}, fmt.Errorf("kalah: ruleset name %q: unknown %q: %w", name, w, mancala.ErrUnsupported)
	}
	words := strings.Fields(name)
	if len(words) == 0 || words[0] != "kalahdemo" {
		return bad(name)
	}
	var o Options
	for _, w := range words[1:] {
		k, v, _ := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		switch {
		case k == "houses" && err == nil && n > 0:
			o.Houses = n
		case k == "seeds" && err == nil && n > 0:
			o.Seeds = n
		case k == "capture":
			c, err := ParseCapture(v)
			if err != nil {
				return bad(w)
			}
			o.Capture = c
		default:
			return bad(w)
		}
	}
	r, err := New(o)
	if err != nil {
		return Options{}, err
	}
	if got := r.String(); got != name {
		return Options{}, &mancala.NameError{Family: "kalahdemo", Name: name, Canonical: got}
	}
	return r.Options(), nil
}

// MaxPlies returns a bound on the length of any game from the start (see
// the package documentation for the proof).
func (r *Rules) MaxPlies() int { return r.maxPlies }

// ScoreBounds returns bounds of the final store difference (South's store
// minus North's) of every game that continues from p: seeds never leave a
// store, so the difference can only move by the seeds still in houses. It
// is the optional capability that the exact solver of package
// mancala/search looks for (search.ScoreBounder).
func (r *Rules) ScoreBounds(p mancala.Position) (lo, hi int) {
	d := p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
	rest := r.total - p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
	return d - rest, d + rest
}

// Start returns the start position: every house holds Seeds seeds, the
// stores are empty, and South is to move.
func (r *Rules) Start() mancala.Position { return r.start }

// Setup checks a position built outside the ruleset. It must have the
// ruleset's number of houses and of seeds in all, nothing in hands, no
// burnt house, Round and State zero, and one player to move, or nobody
// with every house empty. A position in which a row is already empty is
// returned finished, as KA-5 leaves it. Errors wrap
// [mancala.ErrInvalidPosition].
func (r *Rules) Setup(p mancala.Position) (mancala.Position, error) {
	b := p.Board
	bad := func(format string, args ...any) (mancala.Position, error) {
		return p, fmt.Errorf("kalah: "+format+": %w", append(args, mancala.ErrInvalidPosition)...)
	}
	if b.Houses() != r.o.Houses {
		return bad("%d houses per side, want %d", b.Houses(), r.o.Houses)
	}
	if b.Total() != r.total {
		return bad("%d seeds, want %d", b.Total(), r.total)
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if s, _ := b.Hand(pl); s != 0 {
			return bad("seeds in %v's hand", pl)
		}
		if b.BurntMask(pl) != 0 {
			return bad("burnt houses")
		}
	}
	if p.Round != 0 || p.State != 0 {
		return bad("round %d and state %#x, want 0 and 0", p.Round, p.State)
	}
	switch p.ToMove {
	case mancala.SouthTurn, mancala.NorthTurn:
		if rowEmpty(b.Row(mancala.South)) || rowEmpty(b.Row(mancala.North)) {
			return r.finish(b.Row(mancala.South), b.Row(mancala.North),
				b.Store(mancala.South), b.Store(mancala.North)), nil
		}
	case mancala.NoTurn:
		if b.RowSeeds(mancala.South)+b.RowSeeds(mancala.North) != 0 {
			return bad("game over with seeds in houses")
		}
	default:
		return bad("%v to move", p.ToMove)
	}
	return p, nil
}

// Legal appends the mover's non-empty houses, A first, to dst.
func (r *Rules) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	me, ok := p.ToMove.Player()
	if !ok {
		return dst
	}
	row := p.Board.Row(me)
	for i := 0; i < r.o.Houses; i++ {
		if row[i] != 0 {
			dst = append(dst, mancala.Single(me, i))
		}
	}
	return dst
}

// Play returns the position after m, or p and an error wrapping
// [mancala.ErrIllegalMove] (and [mancala.ErrGameOver] once the game is
// over) if m is not legal in p.
func (r *Rules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	me, ok := p.ToMove.Player()
	if !ok {
		e := mancala.Illegal(m, "KA-5", "the game is over")
		e.Err = mancala.ErrGameOver
		return p, e
	}
	if m.Turn() != p.ToMove {
		return p, mancala.Illegal(m, "KA-2", "%v is to move", me)
	}
	i, _ := m.House(me)
	if i >= r.o.Houses {
		return p, mancala.Illegal(m, "KA-1", "no house %v on a board of %d houses", mancala.Hole{Owner: me, House: i}, r.o.Houses)
	}
	if p.Board.Seeds(me, i) == 0 {
		return p, mancala.Illegal(m, "KA-2", "house %v is empty", mancala.Hole{Owner: me, House: i})
	}
	return r.Apply(p, m), nil
}

// Apply is Play without the checks, for search: m must be one of
// Legal(p). It allocates nothing.
func (r *Rules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	me, _ := p.ToMove.Player()
	you := me.Other()
	i, _ := m.House(me)
	own, opp := p.Board.Row(me), p.Board.Row(you)
	gain, again := r.sow(&own, &opp, i)
	store, oppStore := p.Board.Store(me)+gain, p.Board.Store(you)
	if rowEmpty(own) || rowEmpty(opp) { // KA-5
		if me == mancala.South {
			return r.finish(own, opp, store, oppStore)
		}
		return r.finish(opp, own, oppStore, store)
	}
	next := mancala.TurnOf(you)
	if again {
		next = p.ToMove
	}
	// Write the board back in one checked call; it cannot fail, as the
	// seeds only moved.
	b := p.Board
	var rows [2][mancala.MaxHouses]uint8
	var stores [2]uint8
	rows[me], rows[you] = own, opp
	stores[me], stores[you] = uint8(store), uint8(oppStore)
	_ = b.SetCounts(rows, stores)
	return mancala.Position{Board: b, ToMove: next}
}

// sow plays the mover's house i (KA-2 to KA-4) on his row own and his
// opponent's row opp, and returns the seeds it puts into the mover's store
// and whether he moves again (KA-3). The end of the game (KA-5) is the
// caller's business.
func (r *Rules) sow(own, opp *[mancala.MaxHouses]uint8, i int) (gain int, again bool) {
	n := r.o.Houses
	ring := 2*n + 1 // the mover's houses, his store, the opponent's houses
	s := int(own[i])
	own[i] = 0
	if laps := s / ring; laps > 0 { // KA-2: every hole of the ring, the origin too
		for j := 0; j < n; j++ {
			own[j] += uint8(laps)
			opp[j] += uint8(laps)
		}
		gain = laps
	}
	last := i // a whole number of laps ends in the origin
	if rem := s % ring; rem > 0 {
		last = i + rem // ring index of the last seed, before wrapping
		for j := i + 1; j <= last && j < n; j++ {
			own[j]++
		}
		if last >= n {
			gain++
		}
		for j := n + 1; j <= last && j < ring; j++ {
			opp[j-n-1]++
		}
		for j := ring; j <= last; j++ {
			own[j-ring]++
		}
		if last >= ring {
			last -= ring
		}
	}
	switch {
	case last == n: // KA-3
		return gain, true
	case last < n && own[last] == 1: // KA-4
		o := n - 1 - last
		if opp[o] != 0 || r.o.Capture == CaptureEmpty {
			gain += 1 + int(opp[o])
			own[last], opp[o] = 0, 0
		}
	}
	return gain, false
}

// finish returns the finished position in which each player has added the
// seeds of his row to his store (KA-5).
func (r *Rules) finish(south, north [mancala.MaxHouses]uint8, ss, ns int) mancala.Position {
	b := r.empty
	_ = b.SetStore(mancala.South, ss+rowSum(south))
	_ = b.SetStore(mancala.North, ns+rowSum(north))
	return mancala.Position{Board: b, ToMove: mancala.NoTurn}
}

func rowEmpty(row [mancala.MaxHouses]uint8) bool {
	return binary.LittleEndian.Uint64(row[0:8])|uint64(binary.LittleEndian.Uint32(row[8:12])) == 0
}

func rowSum(row [mancala.MaxHouses]uint8) int {
	t := 0
	for _, v := range row {
		t += int(v)
	}
	return t
}

// StoreIndependent reports true: Kalah's rules never look at the stores,
// so positions that differ only in their stores have the same future
// store gains. It is the optional capability that the exact solver of
// package mancala/search looks for (search.StoreIndependent), which lets
// it share one table entry among such positions.
func (r *Rules) StoreIndependent() bool { return true }
