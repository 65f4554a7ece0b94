package mancala_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

var toyFamily = mancala.Family{
	Name:        "toyfam",
	Label:       "Toy",
	Description: "A small game for the core's tests.",
	Presets: []mancala.Preset{
		{Name: "toyfam", Label: "Plain", Description: "The plain toy."},
		{Name: "toyfam loop", Label: "Loop", Description: "Seeds go round."},
	},
	Params: []mancala.Param{
		{Key: "houses", Label: "Houses a side", Default: 3, Min: 1, Max: 12},
		{Key: "seeds", Label: "Seeds a house", Default: 3, Min: 1, Max: 9},
	},
	Build: func(name string) (mancala.Ruleset, error) {
		switch name {
		case "toyfam":
			return toy.MustNew(toy.Options{}), nil
		case "toyfam nil":
			var r *toy.Rules
			return r, nil // a broken family: a typed nil
		}
		return nil, mancala.ErrUnsupported
	},
}

func init() { mancala.RegisterFamily(toyFamily) }

func TestFamilyRegistered(t *testing.T) {
	f, ok := mancala.LookupFamily("toyfam")
	if !ok {
		t.Fatal("LookupFamily(toyfam) found nothing")
	}
	if diff := cmp.Diff(toyFamily.Presets, f.Presets); diff != "" {
		t.Errorf("presets mismatch (-want +got):\n%s", diff)
	}
	if _, err := mancala.NewRuleset("toyfam nil"); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("NewRuleset of a family that builds a typed nil: %v, want ErrUnsupported", err)
	}
	found := false
	for _, g := range mancala.Families() {
		found = found || g.Name == "toyfam"
	}
	if !found {
		t.Error("Families() lacks toyfam")
	}
}

func TestFamilyWithParams(t *testing.T) {
	for _, c := range []struct {
		preset string
		values map[string]int
		want   string
		err    bool
	}{
		{"toyfam", nil, "toyfam", false},
		{"toyfam loop", map[string]int{"houses": 3, "seeds": 4}, "toyfam loop seeds=4", false},
		{"toyfam", map[string]int{"seeds": 2, "houses": 5}, "toyfam houses=5 seeds=2", false},
		{"toyfam", map[string]int{"houses": 13}, "", true},
		{"toyfam", map[string]int{"rounds": 1}, "", true},
	} {
		got, err := toyFamily.WithParams(c.preset, c.values)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("WithParams(%q, %v) = %q, %v; want %q, error %v", c.preset, c.values, got, err, c.want, c.err)
		}
		if err != nil && !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("WithParams(%q, %v): %v does not wrap ErrUnsupported", c.preset, c.values, err)
		}
	}
}

// named gives a ruleset another name, to test Label.
type named struct {
	mancala.Ruleset
	name string
}

func (n named) String() string { return n.name }

func TestLabel(t *testing.T) {
	r := toy.MustNew(toy.Options{})
	for name, want := range map[string]string{
		"toyfam":         "Toy, Plain",
		"toyfam loop":    "Toy, Loop",
		"toyfam seeds=4": "Toy, seeds=4",
		"unknown x":      "unknown x",
	} {
		if got := mancala.Label(named{r, name}); got != want {
			t.Errorf("Label(%q) = %q, want %q", name, got, want)
		}
	}
	if got := mancala.Label(nil); got != "" {
		t.Errorf("Label(nil) = %q", got)
	}
}

// TestPlayTrace plays random games twice, with Play and with PlayTrace:
// the positions agree, and the events replayed on the board before each
// move give the board after it (the repetition ending included).
func TestPlayTrace(t *testing.T) {
	for _, o := range []toy.Options{{}, {Loop: true}, {Simultaneous: true}, {Houses: 2, Seeds: 1, Loop: true}} {
		r := toy.MustNew(o)
		rng := rand.New(rand.NewPCG(1, 2))
		for game := 0; game < 30; game++ {
			a, _ := mancala.NewGame(r)
			b, _ := mancala.NewGame(r)
			for ply := 0; !a.Over() && ply < 200; ply++ {
				legal := a.Legal()
				m := legal[rng.IntN(len(legal))]
				beforePos := b.Position()
				before := beforePos.Board
				var events []mancala.Event
				if err := a.Play(m); err != nil {
					t.Fatal(err)
				}
				if err := b.PlayTrace(m, func(e mancala.Event) { events = append(events, e) }); err != nil {
					t.Fatal(err)
				}
				if a.Position() != b.Position() {
					t.Fatalf("%v game %d ply %d: Play gives %v, PlayTrace %v", r, game, ply, a.Position(), b.Position())
				}
				board := before
				for _, e := range events {
					if err := mancala.ApplyEvent(&board, e); err != nil {
						t.Fatalf("%v: event %v: %v", r, e, err)
					}
				}
				want := b.Position().Board
				if _, ok := mancala.Ruleset(r).(mancala.CycleTracer); !ok {
					q, _ := r.Trace(beforePos, m, nil) // a repetition ending is not traced
					want = q.Board
				}
				if board != want {
					t.Fatalf("%v game %d ply %d: events give %v, want %v", r, game, ply, board, want)
				}
			}
		}
	}
	var g mancala.Game
	if err := g.PlayTrace(mancala.Single(mancala.South, 0), func(mancala.Event) { t.Error("a refused move emitted") }); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("zero Game PlayTrace: %v", err)
	}
}

func TestPositionAtMoveAt(t *testing.T) {
	g, _ := mancala.NewGame(toy.MustNew(toy.Options{}))
	if err := g.PlayText("A"); err != nil {
		t.Fatal(err)
	}
	if p, ok := g.PositionAt(0); !ok || p != g.Start() {
		t.Errorf("PositionAt(0) = %v, %v", p, ok)
	}
	if p, ok := g.PositionAt(1); !ok || p != g.Position() {
		t.Errorf("PositionAt(1) = %v, %v", p, ok)
	}
	if m, ok := g.MoveAt(0); !ok || m != mancala.Single(mancala.South, 0) {
		t.Errorf("MoveAt(0) = %v, %v", m, ok)
	}
	for _, bad := range []int{-1, 2, 1 << 40} {
		if _, ok := g.PositionAt(bad); ok {
			t.Errorf("PositionAt(%d) ok", bad)
		}
	}
	if _, ok := g.MoveAt(1); ok {
		t.Error("MoveAt(1) ok after one move")
	}
	_ = g.Undo()
	if _, ok := g.PositionAt(1); ok {
		t.Error("PositionAt(1) ok after the move was undone")
	}
}

// rounder counts a round end at every capture into South's store, to test
// Game.Round's bookkeeping through undo and redo.
type rounder struct{ *toy.Rules }

func (rounder) RoundEnded(before, after mancala.Position) bool {
	return after.Board.Store(mancala.South) > before.Board.Store(mancala.South)
}

func TestGameRound(t *testing.T) {
	r := rounder{toy.MustNew(toy.Options{})}
	g, _ := mancala.NewGame(r)
	if g.Round() != 1 {
		t.Fatalf("Round at the start = %d", g.Round())
	}
	rng := rand.New(rand.NewPCG(3, 4))
	want := []int{1}
	for !g.Over() {
		legal := g.Legal()
		before := g.Position()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		n := want[len(want)-1]
		if r.RoundEnded(before, g.Position()) && !g.Over() {
			n++
		}
		want = append(want, n)
		if g.Round() != n {
			t.Fatalf("ply %d: Round = %d, want %d", g.Ply(), g.Round(), n)
		}
	}
	for g.CanUndo() {
		_ = g.Undo()
		if g.Round() != want[g.Ply()] {
			t.Fatalf("after undo to ply %d: Round = %d, want %d", g.Ply(), g.Round(), want[g.Ply()])
		}
	}
	if g2, _ := mancala.NewGame(toy.MustNew(toy.Options{})); g2.Round() != g2.Position().Round {
		t.Errorf("a ruleset without rounds: Round = %d", g2.Round())
	}
}

func TestNarrateFromEvents(t *testing.T) {
	r := toy.MustNew(toy.Options{})
	S, N := mancala.South, mancala.North
	events := []mancala.Event{
		{Kind: mancala.EventPickUp, Player: S, Hole: mancala.Hole{Owner: S, House: 0}, Count: 2},
		{Kind: mancala.EventDrop, Player: S, Hole: mancala.Hole{Owner: S, House: 1}},
		{Kind: mancala.EventDrop, Player: S, Hole: mancala.Hole{Owner: S, House: 2}},
		{Kind: mancala.EventPickUp, Player: S, Hole: mancala.Hole{Owner: S, House: 2}, Count: 4, Rule: "R-4"},
		{Kind: mancala.EventCapture, Player: S, Hole: mancala.Hole{Owner: N, House: 1}, Count: 3, Rule: "R-5"},
		{Kind: mancala.EventTurnEnd, Player: S, Turn: mancala.TurnOf(S), Rule: "R-3"},
	}
	notes := mancala.Narrate(r, r.Start(), mancala.Single(S, 0), events, r.Start())
	var got []string
	for _, n := range notes {
		got = append(got, n.Kind.String()+" "+n.Rule+": "+n.Text)
	}
	want := []string{
		"sow : South sowed A.",
		"relay R-4: South's last seed fell in an occupied house: he picks up the 4 seeds of C and sows on (R-4).",
		"capture R-5: South captures 3 seeds from b (R-5).",
		"again R-3: South moves again (R-3).",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("notes mismatch (-want +got):\n%s", diff)
	}
}

// TestNarrateGame narrates whole toy games: every decision gets its sow
// note first, and the last decision ends with the end note.
func TestNarrateGame(t *testing.T) {
	r := toy.MustNew(toy.Options{Loop: true})
	g, _ := mancala.NewGame(r)
	rng := rand.New(rand.NewPCG(5, 6))
	for !g.Over() {
		legal := g.Legal()
		m := legal[rng.IntN(len(legal))]
		before := g.Position()
		var events []mancala.Event
		if err := g.PlayTrace(m, func(e mancala.Event) { events = append(events, e) }); err != nil {
			t.Fatal(err)
		}
		notes := mancala.Narrate(r, before, m, events, g.Position())
		if len(notes) == 0 || notes[0].Kind != mancala.NoteSow {
			t.Fatalf("notes %v do not start with the sowing", notes)
		}
		last := notes[len(notes)-1]
		if g.Over() != (last.Kind == mancala.NoteEnd) {
			t.Fatalf("over %v, last note %v", g.Over(), last)
		}
		for _, n := range notes {
			if n.Text == "" || strings.Contains(n.Text, "%!") {
				t.Fatalf("bad text in %+v", n)
			}
		}
	}
}

// TestWithParamsPresetDefaults: a preset's own param values are its
// defaults; a value equal to the family's default but not the preset's
// is written out.
func TestWithParamsPresetDefaults(t *testing.T) {
	f := mancala.Family{Name: "g", Presets: []mancala.Preset{{Name: "g"}, {Name: "g big", Params: map[string]int{"houses": 9}}},
		Params: []mancala.Param{{Key: "houses", Default: 7, Min: 1, Max: 12}}}
	for _, c := range []struct {
		preset string
		houses int
		want   string
	}{
		{"g", 7, "g"}, {"g", 9, "g houses=9"}, {"g big", 9, "g big"}, {"g big", 7, "g big houses=7"}, {"g other", 7, "g other"},
	} {
		got, err := f.WithParams(c.preset, map[string]int{"houses": c.houses})
		if err != nil || got != c.want {
			t.Errorf("WithParams(%q, houses=%d) = %q, %v; want %q", c.preset, c.houses, got, err, c.want)
		}
	}
	if d := f.Presets[1].Default(f.Params[0]); d != 9 {
		t.Errorf("the big preset's default houses = %d", d)
	}
}

// TestNarrateNext: a turn end that names a rule and gives the decision to
// the other player tells who plays next and why, once.
func TestNarrateNext(t *testing.T) {
	r := toy.MustNew(toy.Options{})
	S, N := mancala.South, mancala.North
	events := []mancala.Event{
		{Kind: mancala.EventPickUp, Player: S, Hole: mancala.Hole{Owner: S, House: 0}, Count: 1},
		{Kind: mancala.EventDrop, Player: S, Hole: mancala.Hole{Owner: S, House: 1}},
		{Kind: mancala.EventTurnEnd, Player: S, Turn: mancala.TurnOf(N), Rule: "R-9"},
		{Kind: mancala.EventTurnEnd, Player: S, Turn: mancala.TurnOf(N), Rule: "R-9"},
	}
	notes := mancala.Narrate(r, r.Start(), mancala.Single(S, 0), events, r.Start())
	if len(notes) != 2 || notes[1].Kind != mancala.NoteNext || notes[1].Player != N || notes[1].Text != "North plays next (R-9)." {
		t.Errorf("notes %+v, want the sowing and one next note for North (R-9)", notes)
	}
}
