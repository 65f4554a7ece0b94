package mancala_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

func TestEndingString(t *testing.T) {
	for _, c := range []struct {
		e    mancala.Ending
		want string
	}{
		{mancala.Ending{}, ""},
		{mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}, "endless cycle (AW-8)"},
		{mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.NorthTurn}, "north cannot fill a house (CK-14)"},
		{mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: mancala.SouthTurn}, "south: no move (AW-7)"},
		{mancala.Ending{Reason: mancala.EndConceded, Who: mancala.SouthTurn}, "south conceded"},
		{mancala.Ending{Reason: mancala.EndRepeatedRound, Rule: "CK-16"}, "repeated round start (CK-16)"},
		{mancala.Ending{Reason: mancala.EndReason(200)}, "end(?)"},
	} {
		if got := c.e.String(); got != c.want {
			t.Errorf("%+v: String() = %q, want %q", c.e, got, c.want)
		}
	}
	for r := mancala.EndNone; r <= mancala.EndOther; r++ {
		if s := r.String(); s == "" || s == "end(?)" {
			t.Errorf("EndReason(%d) has no name", r)
		}
	}
}

// reasoned is a toy whose finished positions all end by EndNoMove.
type reasoned struct{ *toy.Rules }

func (r reasoned) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	return mancala.Ending{Reason: mancala.EndNoMove, Rule: "T-1"}
}

func TestGameOutcomeEnding(t *testing.T) {
	base := toy.MustNew(toy.Options{})
	r := reasoned{base}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if e := g.Outcome().Ending; e != (mancala.Ending{}) {
		t.Errorf("a game that goes on has ending %v", e)
	}
	if err := g.Concede(mancala.North); err != nil {
		t.Fatal(err)
	}
	want := mancala.Ending{Reason: mancala.EndConceded, Who: mancala.NorthTurn}
	if e := g.Outcome().Ending; e != want {
		t.Errorf("after North concedes: ending %+v, want %+v", e, want)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for !g.Over() {
		legal := g.Legal()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	if e := g.Outcome().Ending; e.Reason != mancala.EndNoMove || e.Rule != "T-1" {
		t.Errorf("finished game: ending %+v, want the ruleset's", e)
	}
	if e := mancala.EndingOf(base, g.Position()); e != (mancala.Ending{}) {
		t.Errorf("EndingOf a ruleset that does not explain = %+v, want the zero Ending", e)
	}
	if e := mancala.EndingOf(r, r.Start()); e != (mancala.Ending{}) {
		t.Errorf("EndingOf the start = %+v, want the zero Ending", e)
	}
}

// TestZeroGame: the zero Game and nil rulesets never panic (issue 10.8).
func TestZeroGame(t *testing.T) {
	var g mancala.Game
	if !g.Over() || len(g.Legal()) != 0 || g.CanUndo() || g.CanRedo() || g.Positions() != nil {
		t.Errorf("zero Game: over %v, legal %v, undo %v, redo %v, positions %v",
			g.Over(), g.Legal(), g.CanUndo(), g.CanRedo(), g.Positions())
	}
	if err := g.Play(mancala.Single(mancala.South, 0)); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("zero Game: Play = %v, want ErrGameOver", err)
	}
	if err := g.Undo(); !errors.Is(err, mancala.ErrNoHistory) {
		t.Errorf("zero Game: Undo = %v, want ErrNoHistory", err)
	}
	if err := g.Concede(mancala.South); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("zero Game: Concede = %v, want ErrGameOver", err)
	}
	_ = g.Outcome()
	_ = g.Clone()
	_ = g.MovesText()
	if _, err := mancala.NewGame(nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("NewGame(nil) = %v, want ErrUnsupported", err)
	}
	p := toy.MustNew(toy.Options{}).Start()
	if mancala.IsLegal(nil, p, mancala.Single(mancala.South, 0)) {
		t.Error("IsLegal(nil, ...) = true")
	}
	if q, n := mancala.Playout(nil, nil, p, rand.New(rand.NewPCG(1, 1)), 0); q != p || n != 0 {
		t.Errorf("Playout(nil, ...) = %v, %d", q, n)
	}
	if q, n := mancala.Playout(toy.MustNew(toy.Options{}), nil, p, nil, 0); q != p || n != 0 {
		t.Errorf("Playout with a nil rng = %v, %d", q, n)
	}
	if l, term := mancala.Perft(nil, nil, p, 3); l != 0 || term != 0 {
		t.Errorf("Perft(nil, ...) = %d, %d", l, term)
	}
}

func TestShorten(t *testing.T) {
	long := strings.Repeat("é", 100) // two bytes each
	for max := 0; max < 12; max++ {
		s := mancala.Shorten(long, max)
		if !utf8.ValidString(s) {
			t.Errorf("Shorten(..., %d) = %q splits a character", max, s)
		}
		if len(strings.TrimSuffix(s, "…")) > max && max > 0 {
			t.Errorf("Shorten(..., %d) keeps %d bytes", max, len(s))
		}
	}
	if got := mancala.Shorten("abc", 3); got != "abc" {
		t.Errorf("Shorten(abc, 3) = %q", got)
	}
	if q := mancala.Quote(strings.Repeat("x", 1<<20)); len(q) > 70 {
		t.Errorf("Quote of 1 MiB is %d bytes", len(q))
	}
	if q := mancala.Quote("a\nb"); q != `"a\nb"` {
		t.Errorf("Quote(a\\nb) = %s", q)
	}
}

func ExampleEnding() {
	e := mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}
	fmt.Println(e)
	fmt.Println(mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.NorthTurn})
	// Output:
	// endless cycle (AW-8)
	// north cannot fill a house (CK-14)
}
