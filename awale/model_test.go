package awale_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/awale/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// This file runs awale.Rules through a mancala.Game beside the plain
// reference implementation in internal/reference (the oracle, written from
// RULES.md alone) and compares the two after every step. It also holds the
// helpers the other test files share: the translation between the two
// implementations and the common plain view they are compared on.

// fataler is what the helpers need of *testing.T and *rapid.T alike.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// refOptions translates awale options to the oracle's, filling in the
// defaults of AW-1 (6 houses, 4 seeds).
func refOptions(t fataler, o awale.Options) reference.Options {
	t.Helper()
	r := reference.Options{Houses: o.Houses, Seeds: o.Seeds, StopAtMajority: o.StopAtMajority}
	if r.Houses == 0 {
		r.Houses = 6
	}
	if r.Seeds == 0 {
		r.Seeds = 4
	}
	switch o.GrandSlam {
	case awale.GrandSlamForbidden:
		r.GrandSlam = reference.GrandSlamForbidden
	case awale.GrandSlamNoCapture:
		r.GrandSlam = reference.GrandSlamNoCapture
	case awale.GrandSlamCaptureAll:
		r.GrandSlam = reference.GrandSlamCaptureAll
	case awale.GrandSlamForbiddenElseCapture:
		r.GrandSlam = reference.GrandSlamForbiddenElseCapture
	default:
		t.Fatalf("unknown grand slam rule %v", o.GrandSlam)
	}
	switch o.Cycle {
	case awale.CycleOwnRow:
		r.Cycle = reference.CycleOwnRow
	case awale.CycleSplit:
		r.Cycle = reference.CycleSplit
	default:
		t.Fatalf("unknown cycle rule %v", o.Cycle)
	}
	return r
}

// toState converts a position to the oracle's state.
func toState(p mancala.Position) reference.State {
	var s reference.State
	n := p.Board.Houses()
	for pl := mancala.South; pl <= mancala.North; pl++ {
		row := p.Board.Row(pl)
		s.Houses[pl] = make([]int, n)
		for i := 0; i < n; i++ {
			s.Houses[pl][i] = int(row[i])
		}
		s.Stores[pl] = p.Board.Store(pl)
	}
	switch p.ToMove {
	case mancala.SouthTurn:
		s.ToMove = reference.South
	case mancala.NorthTurn:
		s.ToMove = reference.North
	case mancala.NoTurn:
		s.ToMove = reference.Nobody
	default:
		s.ToMove = -2 // no such player: the oracle would misbehave; callers check first
	}
	s.End = endName(p)
	return s
}

// The end bits of a finished position's State, as the package documents
// them: bits 0-3 the mancala.EndReason, bit 4 set when it concerns a
// player, bit 5 when that player is North.
const (
	endReasonBits = 0xf
	endWho        = 1 << 4
	endNorth      = 1 << 5
)

// endName returns the oracle's name for why p ended ("" if it goes on).
func endName(p mancala.Position) string {
	if !p.Over() || p.State == 0 {
		return ""
	}
	switch mancala.EndReason(p.State & endReasonBits) {
	case mancala.EndNoMove:
		if p.State&endNorth != 0 {
			return "AW-7 north"
		}
		return "AW-7 south"
	case mancala.EndRepetition:
		return "AW-8"
	case mancala.EndMajority:
		return "AW-10"
	}
	return fmt.Sprintf("state %#x", p.State)
}

// endBits returns the State bits for the oracle's End.
func endBits(end string) uint32 {
	switch end {
	case "AW-7 south":
		return uint32(mancala.EndNoMove) | endWho
	case "AW-7 north":
		return uint32(mancala.EndNoMove) | endWho | endNorth
	case "AW-8":
		return uint32(mancala.EndRepetition)
	case "AW-10":
		return uint32(mancala.EndMajority)
	}
	return 0
}

// toPosition converts an oracle state to a position.
func toPosition(t fataler, s reference.State) mancala.Position {
	t.Helper()
	b, err := mancala.NewBoard(len(s.Houses[0]), 0)
	if err != nil {
		t.Fatalf("%v", err)
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		var row [mancala.MaxHouses]uint8
		for i, v := range s.Houses[pl] {
			row[i] = uint8(v)
		}
		if err := b.SetRow(pl, row); err != nil {
			t.Fatalf("%v", err)
		}
		if err := b.SetStore(pl, s.Stores[pl]); err != nil {
			t.Fatalf("%v", err)
		}
	}
	p := mancala.Position{Board: b, ToMove: mancala.NoTurn, State: endBits(s.End)}
	switch s.ToMove {
	case reference.South:
		p.ToMove = mancala.SouthTurn
	case reference.North:
		p.ToMove = mancala.NorthTurn
	}
	return p
}

// view is the plain common view on which both implementations are compared.
type view struct {
	South, North []int
	Stores       [2]int
	ToMove       string   // "south", "north", "none" when over
	Legal        []string // the legal moves, as letters
	Result       string   // "ongoing", "south", "north" or "draw"
}

// posView is the view of a position under the ruleset r.
func posView(r mancala.Ruleset, p mancala.Position) view {
	s := toState(p)
	v := view{South: s.Houses[0], North: s.Houses[1], Stores: s.Stores, ToMove: p.ToMove.String()}
	for _, m := range r.Legal(nil, p) {
		v.Legal = append(v.Legal, m.String())
	}
	v.Result = p.Outcome().Result.String()
	return v
}

// gameView is the view of a game's current position, with the game's own
// legal moves and outcome.
func gameView(g *mancala.Game) view {
	p := g.Position()
	s := toState(p)
	v := view{South: s.Houses[0], North: s.Houses[1], Stores: s.Stores, ToMove: g.Turn().String()}
	for _, m := range g.Legal() {
		v.Legal = append(v.Legal, m.String())
	}
	v.Result = g.Outcome().Result.String()
	return v
}

// refView is the view of an oracle state.
func refView(o reference.Options, s reference.State) view {
	v := view{South: s.Houses[0], North: s.Houses[1], Stores: s.Stores}
	switch s.ToMove {
	case reference.South:
		v.ToMove = mancala.SouthTurn.String()
	case reference.North:
		v.ToMove = mancala.NorthTurn.String()
	default:
		v.ToMove = mancala.NoTurn.String()
	}
	for _, h := range reference.Legal(o, s) {
		v.Legal = append(v.Legal, mancala.Single(mancala.Player(s.ToMove), h).String())
	}
	v.Result = mancala.Ongoing.String()
	if s.Over() {
		switch reference.Winner(s) {
		case reference.South:
			v.Result = mancala.SouthWins.String()
		case reference.North:
			v.Result = mancala.NorthWins.String()
		default:
			v.Result = mancala.Draw.String()
		}
	}
	return v
}

// viewsEqual is a fast equality check; cmp.Diff explains a difference.
func viewsEqual(a, b view) bool {
	return slices.Equal(a.South, b.South) && slices.Equal(a.North, b.North) &&
		a.Stores == b.Stores && a.ToMove == b.ToMove && slices.Equal(a.Legal, b.Legal) &&
		a.Result == b.Result
}

// checkShape checks what every awale position must be, whatever the rules
// say: the board's size, no hands or burnt houses, Round and State 0 (the
// API's convention), and the number of seeds.
func checkShape(t fataler, p mancala.Position, houses, total int) {
	t.Helper()
	b := p.Board
	if b.Houses() != houses {
		t.Fatalf("AW-1: %d houses, want %d\n%v", b.Houses(), houses, p)
	}
	if b.Total() != total {
		t.Fatalf("conservation: %d seeds, want %d\n%v", b.Total(), total, p)
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if n, _ := b.Hand(pl); n != 0 {
			t.Fatalf("seeds in %v's hand: %v", pl, p)
		}
		if b.BurntMask(pl) != 0 {
			t.Fatalf("burnt houses: %v", p)
		}
	}
	if p.Round != 0 || (p.State != 0 && !p.Over()) {
		t.Fatalf("round %d, state %#x: awale positions use 0 and 0 (State holds end bits once over): %v", p.Round, p.State, p)
	}
	if p.Over() && endName(p) == "" {
		t.Fatalf("a finished position says nothing of its end (State %#x): %v", p.State, p)
	}
	if p.ToMove == mancala.BothTurn {
		t.Fatalf("AW-2: both players to move: %v", p)
	}
}

// genOptions draws the named presets, or random options with 1 to 12
// houses and as many seeds as the board holds (at most 6, to keep games
// short).
func genOptions() *rapid.Generator[awale.Options] {
	return rapid.Custom(func(t *rapid.T) awale.Options {
		switch rapid.IntRange(0, 4).Draw(t, "preset") {
		case 0:
			return awale.Documents()
		case 1:
			return awale.Abapa()
		case 2:
			return awale.Awari()
		}
		o := awale.Options{Houses: rapid.IntRange(1, 12).Draw(t, "houses")}
		o.Seeds = rapid.IntRange(1, min(6, mancala.MaxSeeds/(2*o.Houses))).Draw(t, "seeds")
		o.GrandSlam = rapid.SampledFrom([]awale.GrandSlam{
			awale.GrandSlamForbidden, awale.GrandSlamNoCapture,
			awale.GrandSlamCaptureAll, awale.GrandSlamForbiddenElseCapture,
		}).Draw(t, "grand slam")
		o.Cycle = rapid.SampledFrom([]awale.CycleRule{awale.CycleOwnRow, awale.CycleSplit}).Draw(t, "cycle")
		o.StopAtMajority = rapid.Bool().Draw(t, "stop at majority")
		return o
	})
}

// genSetup draws a position of the oracle with the configured number of
// seeds spread over houses and stores, so that games start anywhere from
// the opening to the very end.
func genSetup(o reference.Options) *rapid.Generator[reference.State] {
	return rapid.Custom(func(t *rapid.T) reference.State {
		total := 2 * o.Houses * o.Seeds
		left := rapid.IntRange(0, total).Draw(t, "seeds on the board")
		var s reference.State
		for pl := 0; pl < 2; pl++ {
			s.Houses[pl] = make([]int, o.Houses)
		}
		for i := 0; i < 2*o.Houses && left > 0; i++ {
			v := rapid.IntRange(0, min(left, 3*o.Seeds)).Draw(t, "house")
			s.Houses[i%2][i/2] = v // South's A, North's a, South's B, ...
			left -= v
		}
		inStores := total - s.RowSum(0) - s.RowSum(1)
		s.Stores[0] = rapid.IntRange(0, inStores).Draw(t, "south store")
		s.Stores[1] = inStores - s.Stores[0]
		s.ToMove = rapid.IntRange(0, 1).Draw(t, "to move")
		return s
	})
}

// machine plays a mancala.Game and the oracle side by side. states,
// moves and ply mirror the game's history with its redo line.
type machine struct {
	t      fataler
	r      *awale.Rules
	o      reference.Options
	g      *mancala.Game
	states []reference.State // states[0] is the start; states[i+1] follows moves[i]
	moves  []int
	ply    int
	houses int
	total  int
	bound  int // MaxPlies when the game began at Start, else 0
}

func (m *machine) cur() reference.State { return m.states[m.ply] }

// check compares the game with the oracle.
func (m *machine) check(what string) {
	t := m.t
	t.Helper()
	want := refView(m.o, m.cur())
	got := gameView(m.g)
	if !viewsEqual(want, got) {
		t.Fatalf("%s: game differs from the reference (-want +got):\n%s\nreference before: %v\ngame: %v\nmoves: %s",
			what, cmp.Diff(want, got), m.states[max(m.ply-1, 0)], m.g.Position(), m.g.MovesText())
	}
	checkShape(t, m.g.Position(), m.houses, m.total)
	if m.g.Ply() != m.ply {
		t.Fatalf("%s: ply %d, want %d", what, m.g.Ply(), m.ply)
	}
	if m.g.CanUndo() != (m.ply > 0) || m.g.CanRedo() != (m.ply < len(m.moves)) {
		t.Fatalf("%s: CanUndo %v CanRedo %v at ply %d of %d", what, m.g.CanUndo(), m.g.CanRedo(), m.ply, len(m.moves))
	}
	if m.bound > 0 && m.ply > m.bound {
		t.Fatalf("Bounded: ply %d beyond MaxPlies %d", m.ply, m.bound)
	}
}

// playLegal plays the i-th legal move (AW-2: the mover alternates).
func (m *machine) playLegal(i int) {
	s := m.cur()
	legal := reference.Legal(m.o, s)
	h := legal[i%len(legal)]
	mv := mancala.Single(mancala.Player(s.ToMove), h)
	if err := m.g.Play(mv); err != nil {
		m.t.Fatalf("legal move %v refused in %v: %v", mv, m.g.Position(), err)
	}
	next, err := reference.PlayGame(m.o, m.states[:m.ply+1], h)
	if err != nil {
		m.t.Fatalf("reference refuses its own legal move %d: %v", h, err)
	}
	if !next.Over() && next.ToMove == s.ToMove {
		m.t.Fatalf("AW-2: the reference let %d move twice", s.ToMove)
	}
	// Game.Play keeps the redo line when the move is the next of it.
	if m.ply < len(m.moves) && m.moves[m.ply] == h && reference.Equal(m.states[m.ply+1], next) {
		m.ply++
		return
	}
	m.moves = append(m.moves[:m.ply], h)
	m.states = append(m.states[:m.ply+1], next)
	m.ply++
}

// playIllegal tries a move that the rules refuse, and checks that it is
// refused with the right rule and changes nothing.
func (m *machine) playIllegal(kind, a, b int) {
	t := m.t
	s := m.cur()
	n := m.houses
	var mv mancala.Move
	rule := "" // the rule the refusal must name, when the oracle knows it
	switch kind {
	case 0: // AW-2: the other player's house, or anybody's once the game is over
		p := mancala.North
		if s.ToMove == reference.North {
			p = mancala.South
		}
		mv = mancala.Single(p, a%n)
		_, err := reference.PlayBy(m.o, m.states[:m.ply+1], int(p), a%n)
		var ref *reference.Refusal
		if !errors.As(err, &ref) {
			t.Fatalf("reference plays %v, a move of the player not to move", mv)
		}
		rule = ref.Rule
	case 1: // a house of the mover that the oracle refuses, or a missing one
		if s.Over() {
			mv = mancala.Single(mancala.Player(b%2), a%n)
			break
		}
		var bad []int
		for h := 0; h < mancala.MaxHouses; h++ {
			if h >= n || !slices.Contains(reference.Legal(m.o, s), h) {
				bad = append(bad, h)
			}
		}
		if len(bad) == 0 {
			mv = mancala.Joint(a%n, b%n)
			break
		}
		h := bad[a%len(bad)]
		mv = mancala.Single(mancala.Player(s.ToMove), h)
		if h < n {
			_, err := reference.Play(m.o, s, h)
			var ref *reference.Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("reference plays house %d that it does not list as legal", h)
			}
			rule = ref.Rule
		}
	case 2: // a joint move: never legal in Awalé
		mv = mancala.Joint(a%mancala.MaxHouses, b%mancala.MaxHouses)
	default: // the zero move
		mv = mancala.Move{}
	}
	before := m.g.Position()
	// The ruleset itself: p unchanged and an error.
	got, err := m.r.Play(before, mv)
	if err == nil || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("Rules.Play(%v, %v) = %v, %v; want an error wrapping ErrIllegalMove", before, mv, got, err)
	}
	if got != before {
		t.Fatalf("Rules.Play refused %v but returned a changed position %v", mv, got)
	}
	if mancala.IsLegal(m.r, before, mv) {
		t.Fatalf("IsLegal(%v, %v) = true for a refused move", before, mv)
	}
	// The game: an error, and nothing changed.
	redo := m.g.CanRedo()
	err = m.g.Play(mv)
	if err == nil || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("Game.Play(%v) in %v = %v; want an error wrapping ErrIllegalMove", mv, before, err)
	}
	if s.Over() && !errors.Is(err, mancala.ErrGameOver) {
		t.Fatalf("Game.Play(%v) after the end = %v; want ErrGameOver", mv, err)
	}
	var me *mancala.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("Game.Play(%v) = %v; want a *mancala.MoveError", mv, err)
	}
	if rule != "" && me.Rule != rule {
		t.Fatalf("move %v in %v refused with rule %q (%v), want %q", mv, before, me.Rule, err, rule)
	}
	if m.g.Position() != before || m.g.Ply() != m.ply || m.g.CanRedo() != redo {
		t.Fatalf("refused move %v changed the game", mv)
	}
}

func (m *machine) undo() {
	err := m.g.Undo()
	if m.ply == 0 {
		if !errors.Is(err, mancala.ErrNoHistory) {
			m.t.Fatalf("Undo at the start = %v, want ErrNoHistory", err)
		}
		return
	}
	if err != nil {
		m.t.Fatalf("Undo: %v", err)
	}
	m.ply--
}

func (m *machine) redo() {
	err := m.g.Redo()
	if m.ply == len(m.moves) {
		if !errors.Is(err, mancala.ErrNoHistory) {
			m.t.Fatalf("Redo with nothing to redo = %v, want ErrNoHistory", err)
		}
		return
	}
	if err != nil {
		m.t.Fatalf("Redo: %v", err)
	}
	m.ply++
}

// run draws and performs actions until the game is over and the draw says
// stop, or a step limit.
func (m *machine) run(rt *rapid.T) {
	m.check("start")
	for step := 0; step < 1200; step++ {
		if m.cur().Over() {
			switch rapid.IntRange(0, 3).Draw(rt, "after the end") {
			case 0:
				return
			case 1:
				m.playIllegal(rapid.IntRange(0, 3).Draw(rt, "kind"), rapid.IntRange(0, 11).Draw(rt, "a"), rapid.IntRange(0, 11).Draw(rt, "b"))
			case 2:
				m.undo()
			case 3:
				m.redo()
			}
			m.check("after the end")
			continue
		}
		switch a := rapid.IntRange(0, 19).Draw(rt, "action"); {
		case a < 16:
			m.playLegal(rapid.IntRange(0, 11).Draw(rt, "move"))
			m.check("play")
		case a == 16:
			m.playIllegal(rapid.IntRange(0, 3).Draw(rt, "kind"), rapid.IntRange(0, 11).Draw(rt, "a"), rapid.IntRange(0, 11).Draw(rt, "b"))
			m.check("illegal move")
		case a < 19:
			m.undo()
			m.check("undo")
		default:
			m.redo()
			m.check("redo")
		}
	}
}

func newMachine(t fataler, o awale.Options, start *reference.State) *machine {
	r, err := awale.New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	ro := refOptions(t, o)
	m := &machine{t: t, r: r, o: ro, houses: ro.Houses, total: 2 * ro.Houses * ro.Seeds}
	if start == nil {
		m.g, err = mancala.NewGame(r)
		if err != nil {
			t.Fatalf("%v", err)
		}
		m.states = []reference.State{reference.Settle(ro, reference.Start(ro))}
		if b, ok := any(r).(mancala.Bounded); ok {
			m.bound = b.MaxPlies()
		}
	} else {
		m.g, err = mancala.NewGame(r, mancala.From(toPosition(t, *start)))
		if err != nil {
			t.Fatalf("Setup refuses %v: %v", toPosition(t, *start), err)
		}
		m.states = []reference.State{reference.Settle(ro, *start)}
	}
	return m
}

// TestModelFromStart plays random games from the start of random rule
// sets (every preset and random options: AW-1 houses 1..12, AW-6 modes,
// AW-8 modes, AW-10) with legal and refused moves, undo and redo, beside
// the reference, comparing houses, stores, player to move, legal moves
// and result after every step (AW-2..AW-10).
func TestModelFromStart(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		o := genOptions().Draw(t, "options")
		newMachine(t, o, nil).run(t)
	})
}

// TestModelFromSetup does the same from random set-up positions (Setup
// must settle them as the reference does: AW-7, AW-10), which reach the
// endings far more often.
func TestModelFromSetup(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		o := genOptions().Draw(t, "options")
		ro := refOptions(t, o)
		s := genSetup(ro).Draw(t, "start")
		newMachine(t, o, &s).run(t)
	})
}

// TestModelSetupSettles checks Setup alone against the reference on many
// random positions (AW-7, AW-10 at set-up; the legal moves of AW-3..AW-6).
func TestModelSetupSettles(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		o := genOptions().Draw(t, "options")
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		ro := refOptions(t, o)
		s := genSetup(ro).Draw(t, "position")
		p := toPosition(t, s)
		got, err := r.Setup(p)
		if err != nil {
			t.Fatalf("Setup(%v): %v", p, err)
		}
		want := reference.Settle(ro, s)
		if d := cmp.Diff(refView(ro, want), posView(r, got)); d != "" {
			t.Fatalf("Setup(%v) differs from the reference (-want +got):\n%s", p, d)
		}
		// Every move of the mover, legal or not, against the reference.
		for h := 0; h < mancala.MaxHouses && !want.Over(); h++ {
			mv := mancala.Single(mancala.Player(want.ToMove), h)
			next, err := r.Play(got, mv)
			rnext, rerr := reference.Play(ro, want, h)
			if (err == nil) != (rerr == nil) {
				t.Fatalf("%v in %v: Play error %v, reference error %v", mv, got, err, rerr)
			}
			if err != nil {
				continue
			}
			if d := cmp.Diff(refView(ro, rnext), posView(r, next)); d != "" {
				t.Fatalf("%v in %v differs from the reference (-want +got):\n%s", mv, got, d)
			}
			if a := r.Apply(got, mv); a != next {
				t.Fatalf("%v in %v: Apply %v, Play %v", mv, got, a, next)
			}
		}
	})
}
