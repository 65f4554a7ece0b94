package congkak_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/congkak/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// The sets of issue 10 that return to an earlier round start: on the
// documents' 7×7 board, these moves reach 7,7,7,7,7,7,7/x,7,7,7,7,7,7 6,1
// with North to start round 3, and the block after them, played by both
// sides, comes back to it at the start of round 4, 5, ...
const (
	loopLead  = "EccEEgBCeGdaBeGbCfegcCdAAbGgbEEEeDffEgEgEDFcEdDbFG"
	loopBlock = "bgDddFFgDdfgGbBdedAbGgefEdAb"
	loopStart = "7,7,7,7,7,7,7/x,7,7,7,7,7,7 6,1 N"
)

// TestRepeatedRoundStartCK16: with CK-16 (the default) the set ends where
// the round start repeats, and the player with more seeds (store plus
// houses) wins: South, 55 to 43.
func TestRepeatedRoundStartCK16(t *testing.T) {
	r := mustNew(t, congkak.Documents())
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText(loopLead); err != nil {
		t.Fatal(err)
	}
	first := g.Position()
	if !strings.HasPrefix(first.String(), loopStart+" ") || first.Round != 1 {
		t.Fatalf("after the lead: %v, want %s in round 1 (CK-16 keeps no round number)", first, loopStart)
	}
	if err := g.PlayText(loopBlock); err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if !p.Over() {
		t.Fatalf("CK-16: the round start %v came back, yet the set goes on: %v", first, p)
	}
	if o := g.Outcome(); o.Result != mancala.SouthWins || o.Scores != [2]int{55, 43} {
		t.Errorf("CK-16: outcome %+v, want South to win 55-43 (store plus houses)", o)
	}
	if e := r.Ending(p); e != (mancala.Ending{Reason: mancala.EndRepeatedRound, Rule: "CK-16", Who: mancala.NoTurn}) {
		t.Errorf("CK-16: ending %+v", e)
	}
	if got, want := g.Outcome().Ending, r.Ending(p); got != want {
		t.Errorf("Game.Outcome().Ending = %+v, want %+v", got, want)
	}
	// The reference oracle, which keeps its own list of round starts,
	// ends the set at the same decision with the same stores.
	ref := reference.New(refOptions(congkak.Documents()))
	for i, m := range g.Moves() {
		if ref.Over() {
			t.Fatalf("the reference ended the set after %d decisions (%s), the game after %d", i, ref.End(), len(g.Moves()))
		}
		if err := ref.Play(refMove(m)); err != nil {
			t.Fatal(err)
		}
	}
	if v := ref.View(); !ref.Over() || ref.End() != "CK-16" || v.Stores != [2]int{55, 43} {
		t.Errorf("reference: over %v (%s), stores %v; want CK-16, 55-43", ref.Over(), ref.End(), v.Stores)
	}
	// The finished position is Cycle of the repeated round start.
	if c := r.Cycle(first); c != p {
		t.Errorf("Cycle(%v) = %v, the game ended in %v", first, c, p)
	}
	// The ruleset alone, without the history, plays on: the repetition is
	// the history keeper's to see (mancala.Cycler).
	q := first
	for _, m := range moves(t, loopBlock) {
		q = r.Apply(q, m)
	}
	if q != first {
		t.Errorf("Apply through the block: %v, want the round start %v again", q, first)
	}
}

// TestRepeatedRoundStartOff: with CK-16 off (the documents' letter) the
// same block loops for ever; a round limit stops it.
func TestRepeatedRoundStartOff(t *testing.T) {
	o := congkak.Documents()
	o.Repeat = congkak.RepeatOff
	r := mustNew(t, o)
	if r.MaxPlies() != 0 {
		t.Errorf("a full set with CK-16 off states a bound %d", r.MaxPlies())
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText(loopLead); err != nil {
		t.Fatal(err)
	}
	for round := 3; round < 40; round++ {
		p := g.Position()
		if want := loopStart + " r" + itoa(round); p.String() != want {
			t.Fatalf("round %d starts at %v, want %s", round, p, want)
		}
		if err := g.PlayText(loopBlock); err != nil {
			t.Fatal(err)
		}
	}
	// With a round limit the loop ends at the limit (CK-14's option).
	o.Rounds = 10
	r = mustNew(t, o)
	g, err = mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	text := loopLead + strings.Repeat(loopBlock, 8)
	if err := g.PlayText(text); err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); !p.Over() || p.Round != 10 {
		t.Errorf("CK-14: after 10 rounds: %v, want the end of round 10", p)
	}
	if e := mancala.EndingOf(r, g.Position()); e.Reason != mancala.EndRoundLimit || e.Rule != "CK-14" {
		t.Errorf("CK-14: ending %+v, want the round limit", e)
	}
}

// TestOneHouseSets: on one house of one seed every set comes back to a
// round start (issue 10). Under CK-16 every set ends within the stated
// bound (one house of more seeds too); with it off a set plays on until the
// round limit.
func TestOneHouseSets(t *testing.T) {
	for _, opening := range []congkak.Opening{congkak.OpeningSimultaneous, congkak.OpeningSequential} {
		for seeds := 1; seeds <= 5; seeds++ {
			o := congkak.Options{Houses: 1, Seeds: seeds, Opening: opening}
			r := mustNew(t, o)
			g, err := mancala.NewGame(r)
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				if g.Ply() > r.MaxPlies() {
					t.Fatalf("CK-16 %v: %d decisions, beyond MaxPlies %d: %v", r, g.Ply(), r.MaxPlies(), g.Position())
				}
				if err := g.Play(g.Legal()[0]); err != nil {
					t.Fatal(err)
				}
			}
			if seeds > 1 {
				continue // larger sets can end by CK-14 too
			}
			if e := mancala.EndingOf(r, g.Position()); e.Reason != mancala.EndRepeatedRound {
				t.Errorf("CK-16 %v: the set ended by %v after %d decisions, want a repeated round start", r, e, g.Ply())
			}

			o.Repeat = congkak.RepeatOff
			o.Rounds = 50
			r = mustNew(t, o)
			if g, err = mancala.NewGame(r); err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				if err := g.Play(g.Legal()[0]); err != nil {
					t.Fatal(err)
				}
			}
			if p := g.Position(); p.Round != 50 {
				t.Errorf("CK-16 off %v: the set ended in round %d (%v), want the limit 50", r, p.Round, mancala.EndingOf(r, p))
			}
		}
	}
}

func moves(t *testing.T, text string) []mancala.Move {
	t.Helper()
	var ms []mancala.Move
	for _, c := range text {
		m, err := mancala.ParseMove(string(c))
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestTraceCycleCK16: TraceCycle ends a repeated round start as Cycle does,
// and its steps, replayed on the round start's board, give the final board.
func TestTraceCycleCK16(t *testing.T) {
	r := mustNew(t, congkak.Documents())
	var ct mancala.CycleTracer = r // the interface a game interface finds it by
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText(loopLead); err != nil {
		t.Fatal(err)
	}
	start := g.Position()
	board := start.Board
	end := ct.TraceCycle(start, func(e mancala.Event) {
		if e.Kind != mancala.EventCapture {
			t.Errorf("CK-16: step %v, want captures into the stores only", e)
		}
		if err := mancala.ApplyEvent(&board, e); err != nil {
			t.Fatalf("CK-16: step %v: %v", e, err)
		}
	})
	if want := r.Cycle(start); end != want {
		t.Errorf("TraceCycle = %v, Cycle %v", end, want)
	}
	if board != end.Board {
		t.Errorf("the steps give\n%v\nthe end is\n%v", board, end.Board)
	}
	if q := ct.TraceCycle(end, nil); q != end {
		t.Errorf("TraceCycle of a finished set = %v", q)
	}
}

// TestRoundEnded: a game interface counts rounds by RoundEnded, whatever
// Position.Round says; under CK-16 and with it off (where Round counts)
// the counts agree with the reference's round ends (CK-9, CK-16).
func TestRoundEnded(t *testing.T) {
	for _, repeat := range []congkak.RepeatRule{congkak.RepeatEnds, congkak.RepeatOff} {
		o := congkak.Options{Houses: 4, Repeat: repeat, Rounds: 0}
		if repeat == congkak.RepeatOff {
			o.Rounds = 40
		}
		r := mustNew(t, o)
		for seed := uint64(0); seed < 30; seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			g, err := mancala.NewGame(r)
			if err != nil {
				t.Fatal(err)
			}
			ref := reference.New(refOptions(o))
			ends := 0
			for !g.Over() {
				legal := g.Legal()
				m := legal[rng.IntN(len(legal))]
				before := g.Position()
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				if err := ref.Play(refMove(m)); err != nil {
					t.Fatal(err)
				}
				if r.RoundEnded(before, g.Position()) {
					ends++
				}
				if ends != len(ref.RoundEnds()) {
					t.Fatalf("%v seed %d after %v: %d round ends by RoundEnded, the reference has %d", r, seed, g.Moves(), ends, len(ref.RoundEnds()))
				}
			}
			if repeat == congkak.RepeatOff && ends != g.Position().Round {
				t.Errorf("%v: %d round ends, the final round is %d", r, ends, g.Position().Round)
			}
		}
	}
}
