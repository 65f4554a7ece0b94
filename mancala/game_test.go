package mancala_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// snapshot is everything a Game shows, for before/after comparisons.
type snapshot struct {
	Position          mancala.Position
	Ply               int
	Turn              mancala.Turn
	Moves             []mancala.Move
	Positions         []mancala.Position
	Legal             []mancala.Move
	CanUndo, CanRedo  bool
	Outcome           mancala.Outcome
	MovesText, Starts string
}

func snap(g *mancala.Game) snapshot {
	return snapshot{g.Position(), g.Ply(), g.Turn(), g.Moves(), g.Positions(), g.Legal(),
		g.CanUndo(), g.CanRedo(), g.Outcome(), g.MovesText(), g.Start().String()}
}

var cmpOpts = cmp.Comparer(func(a, b mancala.Position) bool { return a == b })

func diff(want, got snapshot) string {
	return cmp.Diff(want, got, cmpOpts, cmp.Comparer(func(a, b mancala.Move) bool { return a == b }))
}

func newGame(t interface {
	Helper()
	Fatal(...any)
}, r mancala.Ruleset, opts ...mancala.GameOption) *mancala.Game {
	t.Helper()
	g, err := mancala.NewGame(r, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNewGame(t *testing.T) {
	r := sprint()
	g := newGame(t, r)
	if g.Position() != r.Start() || g.Start() != r.Start() || g.Ply() != 0 || g.Rules() != mancala.Ruleset(r) {
		t.Errorf("new game at %q, ply %d", g.Position(), g.Ply())
	}
	if g.CanUndo() || g.CanRedo() || g.Over() || len(g.Moves()) != 0 || g.MovesText() != "" {
		t.Errorf("new game: %+v", snap(g))
	}

	// From passes the position through Setup, which may end it.
	stuck := mustParse(t, "0,0,0/2,2,2 3,3 S")
	g = newGame(t, r, mancala.From(stuck))
	if !g.Over() || g.Position().Board.Store(mancala.North) != 9 {
		t.Errorf("From a position South cannot move in: %q", g.Position())
	}
	g = newGame(t, r, mancala.FromText("1,0,1/2,2,2 2,2 N"))
	if g.Turn() != mancala.NorthTurn || g.Start() != mustParse(t, "1,0,1/2,2,2 2,2 N") {
		t.Errorf("FromText: %q", g.Position())
	}

	for _, tc := range []struct {
		name string
		opt  mancala.GameOption
		want error
	}{
		{"Setup refuses", mancala.From(mustParse(t, "2,2/2,2 0,0 S")), mancala.ErrInvalidPosition},
		{"bad text", mancala.FromText("2,2,2/2,2,2 0,0 Q"), mancala.ErrSyntax},
		{"text Setup refuses", mancala.FromText("2,2,2/2,2,2 0,0 B"), mancala.ErrInvalidPosition},
	} {
		if g, err := mancala.NewGame(r, tc.opt); !errors.Is(err, tc.want) || g != nil {
			t.Errorf("%s: NewGame = %v, %v; want nil, %v", tc.name, g, err, tc.want)
		}
	}
}

// TestPlayRefused: a refused move returns a *MoveError wrapping
// ErrIllegalMove with the ply, and changes nothing in the game.
func TestPlayRefused(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.PlayText("A a B"); err != nil {
		t.Fatal(err)
	}
	// Back to 0,3,3/0,3,3 0,0 S with a redo line, which a refusal keeps too.
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		m    mancala.Move
	}{
		{"the zero move", mancala.Move{}},
		{"North's move at South's turn", mancala.Single(mancala.North, 1)},
		{"an empty house", mancala.Single(mancala.South, 0)},
		{"a missing house", mancala.Single(mancala.South, 5)},
		{"a joint move", mancala.Joint(1, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := snap(g)
			err := g.Play(tc.m)
			if !errors.Is(err, mancala.ErrIllegalMove) || errors.Is(err, mancala.ErrGameOver) {
				t.Fatalf("Play(%v) = %v", tc.m, err)
			}
			var me *mancala.MoveError
			if !errors.As(err, &me) || me.Ply != 2 || me.Move != tc.m || me.Reason == "" {
				t.Errorf("MoveError %+v", me)
			}
			if !strings.Contains(err.Error(), "at ply 2") {
				t.Errorf("error text %q lacks the ply", err)
			}
			if d := diff(before, snap(g)); d != "" {
				t.Errorf("a refused move changed the game (-before +after):\n%s", d)
			}
		})
	}
}

// plainError refuses house A with an error that is not a *MoveError.
type plainError struct{ *Sprint }

func (r plainError) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if h, _ := m.House(mancala.South); h == 0 && m.Turn() == mancala.SouthTurn {
		return p, fmt.Errorf("plain: no A: %w", mancala.ErrIllegalMove)
	}
	return r.Sprint.Play(p, m)
}

func TestPlayKeepsOtherErrors(t *testing.T) {
	g := newGame(t, plainError{sprint()})
	err := g.Play(mancala.Single(mancala.South, 0))
	var me *mancala.MoveError
	if !errors.Is(err, mancala.ErrIllegalMove) || errors.As(err, &me) || err.Error() != "plain: no A: mancala: illegal move" {
		t.Errorf("Play = %v", err)
	}
}

func TestGameOver(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.PlayText("B C a b B c B"); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Turn() != mancala.NoTurn || len(g.Legal()) != 0 {
		t.Fatalf("game not over: %q", g.Position())
	}
	if o := g.Outcome(); o.Result != mancala.SouthWins || o.Scores != [2]int{9, 3} || o.Conceded {
		t.Errorf("Outcome %+v", o)
	}
	before := snap(g)
	err := g.Play(mancala.Single(mancala.North, 0))
	var me *mancala.MoveError
	if !errors.Is(err, mancala.ErrGameOver) || !errors.Is(err, mancala.ErrIllegalMove) || !errors.As(err, &me) || me.Ply != 7 {
		t.Errorf("Play after the end: %v", err)
	}
	if err := g.Concede(mancala.North); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("Concede after the end: %v", err)
	}
	if d := diff(before, snap(g)); d != "" {
		t.Errorf("changed (-before +after):\n%s", d)
	}
	if got := g.AppendLegal([]mancala.Move{{}}); len(got) != 1 {
		t.Errorf("AppendLegal after the end: %v", got)
	}
}

func TestUndoRedo(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.Undo(); !errors.Is(err, mancala.ErrNoHistory) {
		t.Errorf("Undo at the start: %v", err)
	}
	if err := g.Redo(); !errors.Is(err, mancala.ErrNoHistory) {
		t.Errorf("Redo at the start: %v", err)
	}
	var snaps []snapshot
	snaps = append(snaps, snap(g))
	for _, m := range []string{"A", "a", "B", "b"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, snap(g))
	}
	for i := len(snaps) - 2; i >= 0; i-- {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		want := snaps[i]
		want.CanRedo = true
		if d := diff(want, snap(g)); d != "" {
			t.Errorf("after Undo to ply %d (-want +got):\n%s", i, d)
		}
	}
	for i := 1; i < len(snaps); i++ {
		if err := g.Redo(); err != nil {
			t.Fatal(err)
		}
		want := snaps[i]
		want.CanRedo = i < len(snaps)-1
		if d := diff(want, snap(g)); d != "" {
			t.Errorf("after Redo to ply %d (-want +got):\n%s", i, d)
		}
	}
	if err := g.Redo(); !errors.Is(err, mancala.ErrNoHistory) {
		t.Errorf("Redo at the end: %v", err)
	}
}

// TestRedoLine: after Undo, playing the next move of the redo line keeps
// the rest of it; playing another move drops it.
func TestRedoLine(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.PlayText("A a B b"); err != nil {
		t.Fatal(err)
	}
	end := snap(g)
	for range 3 {
		g.Undo()
	}
	if err := g.Play(mancala.Single(mancala.North, 0)); err != nil { // "a", as before
		t.Fatal(err)
	}
	if !g.CanRedo() {
		t.Fatal("replaying the next move dropped the redo line")
	}
	g.Redo()
	g.Redo()
	if d := diff(end, snap(g)); d != "" {
		t.Errorf("after replaying and redoing (-want +got):\n%s", d)
	}
	for range 3 {
		g.Undo()
	}
	if err := g.Play(mancala.Single(mancala.North, 1)); err != nil { // "b", another move
		t.Fatal(err)
	}
	if g.CanRedo() || g.MovesText() != "A b" {
		t.Errorf("after another move: CanRedo %v, moves %q", g.CanRedo(), g.MovesText())
	}
}

func TestConcede(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.PlayText("A a B"); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	before := snap(g)
	if err := g.Concede(2); !errors.Is(err, mancala.ErrIllegalMove) {
		t.Errorf("Concede by no player: %v", err)
	}
	if err := g.Concede(mancala.South); err != nil { // not his turn: allowed (CK-14)
		t.Fatal(err)
	}
	o := g.Outcome()
	if !g.Over() || g.Turn() != mancala.NoTurn || o.Result != mancala.NorthWins || !o.Conceded || o.Scores != before.Outcome.Scores {
		t.Errorf("after South concedes: over %v, outcome %+v", g.Over(), o)
	}
	if len(g.Legal()) != 0 || g.CanRedo() || !g.CanUndo() {
		t.Errorf("after the concession: legal %v, can redo %v, can undo %v", g.Legal(), g.CanRedo(), g.CanUndo())
	}
	if err := g.Play(mancala.Single(mancala.North, 0)); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("Play after a concession: %v", err)
	}
	if err := g.Redo(); !errors.Is(err, mancala.ErrNoHistory) {
		t.Errorf("Redo after a concession: %v", err)
	}
	if err := g.Concede(mancala.North); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("second concession: %v", err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if d := diff(before, snap(g)); d != "" {
		t.Errorf("Undo of the concession (-want +got):\n%s", d)
	}
	// A concession at the start can be undone too.
	h := newGame(t, sprint())
	_ = h.Concede(mancala.North)
	if !h.CanUndo() || h.Outcome().Result != mancala.SouthWins {
		t.Errorf("concession at the start: can undo %v, %+v", h.CanUndo(), h.Outcome())
	}
}

func TestClone(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.PlayText("A a B"); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	before := snap(g)
	c := g.Clone()
	if d := diff(before, snap(c)); d != "" {
		t.Fatalf("clone differs (-game +clone):\n%s", d)
	}
	if err := c.Play(mancala.Single(mancala.South, 2)); err != nil { // C, not the redo line's B
		t.Fatal(err)
	}
	_ = c.Concede(mancala.South)
	if d := diff(before, snap(g)); d != "" {
		t.Errorf("playing on the clone changed the game:\n%s", d)
	}
	cs := snap(c)
	g.Redo()
	if d := diff(cs, snap(c)); d != "" {
		t.Errorf("redoing on the game changed the clone:\n%s", d)
	}
}

func TestSlicesAreCopies(t *testing.T) {
	g := newGame(t, sprint())
	if err := g.PlayText("A a"); err != nil {
		t.Fatal(err)
	}
	before := snap(g)
	g.Moves()[0] = mancala.Single(mancala.North, 2)
	g.Positions()[1] = mancala.Position{}
	g.Legal()[0] = mancala.Move{}
	if d := diff(before, snap(g)); d != "" {
		t.Errorf("changing returned slices changed the game:\n%s", d)
	}
}

func TestPlayText(t *testing.T) {
	simul := toy.MustNew(toy.Options{Simultaneous: true})
	for _, tc := range []struct {
		name, text string
		r          mancala.Ruleset
		moves      string // MovesText afterwards
		err        error  // nil, ErrSyntax or ErrIllegalMove
		offset     int    // of a syntax error; the ply of a refused move
	}{
		{"spaces", "B C a", sprint(), "B C a", nil, 0},
		{"run together", "BCa", sprint(), "B C a", nil, 0},
		{"commas, tabs and newlines", " B,C\ta\n", sprint(), "B C a", nil, 0},
		{"empty", "", sprint(), "", nil, 0},
		{"a bad letter", "B C ?", sprint(), "B C", mancala.ErrSyntax, 4},
		{"a refused move", "B B", sprint(), "B", mancala.ErrIllegalMove, 1},
		{"joint then single", "Ab C", simul, "Ab C", nil, 0},
		{"joint run together", "AbC", simul, "Ab C", nil, 0},
		{"one letter at a joint decision", "A", simul, "", mancala.ErrSyntax, 0},
		{"North's letter first", "aB", simul, "", mancala.ErrSyntax, 0},
		{"joint then North at South's turn", "Abc", simul, "Ab", mancala.ErrIllegalMove, 1},
		{"a single letter after a joint move", "Ab, C, Q", simul, "Ab C", mancala.ErrSyntax, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.r)
			err := g.PlayText(tc.text)
			if g.MovesText() != tc.moves {
				t.Errorf("moves played %q, want %q", g.MovesText(), tc.moves)
			}
			if tc.err == nil {
				if err != nil {
					t.Errorf("PlayText(%q): %v", tc.text, err)
				}
				return
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("PlayText(%q) = %v, want %v", tc.text, err, tc.err)
			}
			var pe *mancala.ParseError
			var me *mancala.MoveError
			switch {
			case errors.As(err, &pe):
				if pe.Offset != tc.offset || pe.What != "moves" || pe.Input != tc.text {
					t.Errorf("ParseError %+v, want offset %d", pe, tc.offset)
				}
			case errors.As(err, &me):
				if me.Ply != tc.offset {
					t.Errorf("MoveError %+v, want ply %d", me, tc.offset)
				}
			default:
				t.Errorf("error %T", err)
			}
		})
	}
}

// TestMovesTextRoundTrip: the text of any game's moves replays it.
func TestMovesTextRoundTrip(t *testing.T) {
	rules := []mancala.Ruleset{sprint(), toy.MustNew(toy.Options{Simultaneous: true, Houses: 4, Seeds: 2})}
	rapid.Check(t, func(t *rapid.T) {
		r := rules[rapid.IntRange(0, len(rules)-1).Draw(t, "rules")]
		g := newGame(t, r)
		for steps := rapid.IntRange(0, 60).Draw(t, "steps"); steps > 0 && !g.Over(); steps-- {
			moves := g.Legal()
			if err := g.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]); err != nil {
				t.Fatal(err)
			}
		}
		h := newGame(t, r)
		if err := h.PlayText(g.MovesText()); err != nil {
			t.Fatalf("PlayText(%q): %v", g.MovesText(), err)
		}
		if h.Position() != g.Position() || !slices.Equal(h.Moves(), g.Moves()) {
			t.Fatalf("replay of %q reaches %q, not %q", g.MovesText(), h.Position(), g.Position())
		}
	})
}

// findRepeat searches the Loop toy's games, depth first, for the first
// move sequence whose last move repeats an earlier position.
func findRepeat(r *toy.Rules, path []mancala.Position, moves []mancala.Move, depth int) []mancala.Move {
	p := path[len(path)-1]
	if depth == 0 || p.Over() {
		return nil
	}
	for _, m := range r.Legal(nil, p) {
		q := r.Apply(p, m)
		if !q.Over() && slices.Contains(path, q) {
			return append(moves, m)
		}
		if found := findRepeat(r, append(path, q), append(moves, m), depth-1); found != nil {
			return found
		}
	}
	return nil
}

// hideCycler hides the toy's Cycle: a Game then plays on past repetitions.
type hideCycler struct{ mancala.Ruleset }

// TestGameEndsCycles: with a Cycler, the move that repeats a position ends
// the game with the ruleset's Cycle of the repeated position (what
// EndCycle does); without one, the game goes on.
func TestGameEndsCycles(t *testing.T) {
	r := toy.MustNew(toy.Options{Loop: true, Houses: 3, Seeds: 1})
	moves := findRepeat(r, []mancala.Position{r.Start()}, nil, 12)
	if moves == nil {
		t.Fatal("no repetition within 12 moves")
	}
	g := newGame(t, r)
	h := newGame(t, hideCycler{r})
	for i, m := range moves {
		if g.Over() {
			t.Fatalf("game over at ply %d of %d", i, len(moves))
		}
		before := g.Positions()
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
		raw := r.Apply(before[len(before)-1], m)
		if got := mancala.EndCycle(r, before, raw); got != g.Position() {
			t.Errorf("ply %d: game at %q, EndCycle gives %q", i, g.Position(), got)
		}
		if h.Position() != raw {
			t.Errorf("ply %d: the game without Cycler is at %q, want %q", i, h.Position(), raw)
		}
	}
	raw := h.Position()
	if !g.Over() || g.Position() != r.Cycle(raw) || raw.Over() {
		t.Errorf("after %v: game at %q (over %v), want Cycle(%q)", moves, g.Position(), g.Over(), raw)
	}
	// Undo and Redo go through the ending like any other move.
	g.Undo()
	g.Redo()
	if g.Position() != r.Cycle(raw) {
		t.Errorf("after Undo and Redo: %q", g.Position())
	}
}

// TestPlayChecksMarks: a move marked Across or Reversed that the ruleset
// does not list is refused by Game.Play, even where the ruleset's own Play
// would read only its house; PlayText reads "^c".
func TestPlayChecksMarks(t *testing.T) {
	g := newGame(t, sprint())
	for _, m := range []mancala.Move{mancala.Across(mancala.Single(mancala.South, 0)), mancala.Reversed(mancala.Single(mancala.South, 0))} {
		err := g.Play(m)
		var me *mancala.MoveError
		if !errors.Is(err, mancala.ErrIllegalMove) || !errors.As(err, &me) || me.Move != m || g.Ply() != 0 {
			t.Errorf("Play(%v): %v at ply %d", m, err, g.Ply())
		}
	}
	if err := g.PlayText("^a"); !errors.Is(err, mancala.ErrIllegalMove) || g.Ply() != 0 {
		t.Errorf("PlayText(^a): %v at ply %d", err, g.Ply())
	}
	if err := g.PlayText("^"); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("PlayText(^): %v", err)
	}
}
