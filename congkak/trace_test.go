package congkak_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// tracePlies caps the decisions of one game in the trace property.
const tracePlies = 300

// checkTrace plays m from p with both Play and Trace and checks that they
// agree, that the events replayed with mancala.ApplyEvent on p's board give
// the board after the move, and that the last turn end names who decides
// next. It returns Play's result.
func checkTrace(t *rapid.T, r *congkak.Rules, p mancala.Position, m mancala.Move) (mancala.Position, error) {
	want, werr := r.Play(p, m)
	var events []mancala.Event
	got, gerr := r.Trace(p, m, func(e mancala.Event) { events = append(events, e) })
	if got != want {
		t.Fatalf("Trace(%v, %v) = %v, Play gives %v", p, m, got, want)
	}
	if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
		t.Fatalf("Trace(%v, %v) error %v, Play's %v", p, m, gerr, werr)
	}
	if werr != nil {
		if !errors.Is(gerr, mancala.ErrIllegalMove) {
			t.Fatalf("Trace(%v, %v) error %v does not wrap ErrIllegalMove", p, m, gerr)
		}
		if len(events) != 0 {
			t.Fatalf("refused move %v in %v emitted %v", m, p, events)
		}
		return want, werr
	}
	b := p.Board
	var last *mancala.Event
	var at [2]mancala.Hole // where each hand is
	for pl := mancala.South; pl <= mancala.North; pl++ {
		_, at[pl] = b.Hand(pl)
	}
	for i, e := range events {
		switch e.Kind {
		case mancala.EventPickUp:
			at[e.Player] = e.Hole
		case mancala.EventDrop, mancala.EventSkip:
			// CK-2: a hand moves hole by hole round the board; it passes
			// only the opponent's store and burnt houses (CK-12).
			if next := ringNext(at[e.Player], b.Houses()); e.Hole != next {
				t.Fatalf("%v from %v: event %d (%v) after %v's hand was at %v, want %v\nevents: %v", m, p, i, e, e.Player, at[e.Player], next, events)
			}
			at[e.Player] = e.Hole
			skippable := e.Hole == (mancala.Hole{Owner: e.Player.Other(), House: mancala.StoreHouse}) ||
				(!e.Hole.IsStore() && b.Burnt(e.Hole.Owner, e.Hole.House))
			if skippable != (e.Kind == mancala.EventSkip) {
				t.Fatalf("CK-2, CK-12: %v from %v: event %d (%v)\nevents: %v", m, p, i, e, events)
			}
		}
		if err := mancala.ApplyEvent(&b, e); err != nil {
			t.Fatalf("%v from %v: event %d (%v): %v\nevents: %v", m, p, i, e, err, events)
		}
		if e.Kind == mancala.EventTurnEnd {
			last = &events[i]
		}
	}
	if b != want.Board {
		t.Fatalf("%v from %v: the events give\n%v\nPlay gives\n%v\nevents: %v", m, p, b, want.Board, events)
	}
	if last == nil {
		t.Fatalf("%v from %v: no turn end in %v", m, p, events)
	}
	if last.Turn != want.ToMove {
		t.Fatalf("%v from %v: last turn end says %v decides, the position %v", m, p, last.Turn, want.ToMove)
	}
	return want, nil
}

// ringNext returns the hole after h in sowing order on a board of n houses
// a side.
func ringNext(h mancala.Hole, n int) mancala.Hole {
	switch {
	case h.IsStore():
		return mancala.Hole{Owner: h.Owner.Other(), House: 0}
	case h.House == n-1:
		return mancala.Hole{Owner: h.Owner, House: mancala.StoreHouse}
	}
	return mancala.Hole{Owner: h.Owner, House: h.House + 1}
}

// traceOptions draws options covering every preset and variant on boards
// small enough for quick games.
func traceOptions(t *rapid.T) congkak.Options {
	var o congkak.Options
	if rapid.Bool().Draw(t, "overbeck") {
		o = congkak.Overbeck()
	} else {
		o = congkak.Documents()
	}
	if rapid.Bool().Draw(t, "small") {
		o.Houses = rapid.IntRange(1, 7).Draw(t, "houses")
		o.Seeds = rapid.IntRange(1, 7).Draw(t, "seeds")
	}
	o.Opening = congkak.Opening(rapid.IntRange(0, 1).Draw(t, "opening"))
	o.EmptyCapture = congkak.EmptyCapture(rapid.IntRange(0, 1).Draw(t, "emptyCapture"))
	o.RoundEnd = congkak.RoundEnd(rapid.IntRange(0, 1).Draw(t, "roundEnd"))
	o.Starter = mancala.Player(rapid.IntRange(0, 1).Draw(t, "starter"))
	o.FirstHand = mancala.Player(rapid.IntRange(0, 1).Draw(t, "firstHand"))
	o.Rounds = rapid.IntRange(0, 3).Draw(t, "rounds")
	return o
}

// TestTraceMatchesPlay: CK-1..CK-14 as Play implements them, step by step.
// For each decision of random games Trace returns what Play returns, and
// its events rebuild the board after the move; refused moves emit nothing.
func TestTraceMatchesPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := traceOptions(t)
		r, err := congkak.New(o)
		if err != nil {
			t.Fatalf("New(%+v): %v", o, err)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		p := r.Start()
		var moves []mancala.Move
		for ply := 0; ply < tracePlies && !p.Over(); ply++ {
			// Now and then a move that may be refused.
			if rng.IntN(8) == 0 {
				bad := mancala.Single(mancala.Player(rng.IntN(2)), rng.IntN(mancala.MaxHouses))
				if rng.IntN(2) == 0 {
					bad = mancala.Joint(rng.IntN(o.Houses+1), rng.IntN(o.Houses+1))
				}
				checkTrace(t, r, p, bad)
			}
			moves = r.Legal(moves[:0], p)
			if len(moves) == 0 {
				t.Fatalf("no legal move in %v", p)
			}
			m := moves[rng.IntN(len(moves))]
			q, err := checkTrace(t, r, p, m)
			if err != nil {
				t.Fatalf("legal move %v refused in %v: %v", m, p, err)
			}
			p = q
		}
		if p.Over() {
			// CK-14: nothing more to trace.
			if _, err := checkTrace(t, r, p, mancala.Single(mancala.South, 0)); !errors.Is(err, mancala.ErrGameOver) {
				t.Fatalf("move after the end of %v: %v, want ErrGameOver", p, err)
			}
		}
	})
}

// TestTraceSteps writes out the steps of two moves by hand.
func TestTraceSteps(t *testing.T) {
	ev := func(k mancala.EventKind, p mancala.Player, h string, count int) mancala.Event {
		var hole mancala.Hole
		switch {
		case h == "S":
			hole = mancala.Hole{Owner: mancala.South, House: mancala.StoreHouse}
		case h == "N":
			hole = mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}
		case h[0] >= 'a':
			hole = mancala.Hole{Owner: mancala.North, House: int(h[0] - 'a')}
		default:
			hole = mancala.Hole{Owner: mancala.South, House: int(h[0] - 'A')}
		}
		return mancala.Event{Kind: k, Player: p, Hole: hole, Count: count}
	}
	const (
		up   = mancala.EventPickUp
		drop = mancala.EventDrop
		skip = mancala.EventSkip
		capt = mancala.EventCapture
	)
	S := mancala.South
	turnEnd := func(p mancala.Player, next mancala.Turn) mancala.Event {
		return mancala.Event{Kind: mancala.EventTurnEnd, Player: p, Turn: next}
	}
	rule := func(id string, e mancala.Event) mancala.Event { e.Rule = id; return e }
	tests := []struct {
		name  string
		pos   string
		move  string
		after string
		want  []mancala.Event
	}{{
		name: "CK-4/relays through both rows, CK-2/North's store skipped, CK-6/dead end",
		pos:  "2,2,2/2,2,2 0,0 S",
		move: "A",
		// A's 2 seeds: B, C; C held 2: relay 3 seeds: S, a, b; b held
		// 2: relay 3: c, (N skipped), A, B; B held 3: relay 4: C, S, a,
		// b; b is empty and North's: the turn ends there.
		after: "1,0,1/4,1,3 2,0 N",
		want: []mancala.Event{
			ev(up, S, "A", 2), ev(drop, S, "B", 1), ev(drop, S, "C", 1),
			rule("CK-4", ev(up, S, "C", 3)), ev(drop, S, "S", 1), ev(drop, S, "a", 1), ev(drop, S, "b", 1),
			rule("CK-4", ev(up, S, "b", 3)), ev(drop, S, "c", 1), ev(skip, S, "N", 0), ev(drop, S, "A", 1), ev(drop, S, "B", 1),
			rule("CK-4", ev(up, S, "B", 4)), ev(drop, S, "C", 1), ev(drop, S, "S", 1), ev(drop, S, "a", 1), ev(drop, S, "b", 1),
			turnEnd(S, mancala.NorthTurn),
		},
	}, {
		name:  "CK-5/capture of the opposite house with the capturing seed",
		pos:   "1,0,2/3,4,2 0,0 S",
		move:  "A",
		after: "0,0,2/3,0,2 5,0 N",
		want: []mancala.Event{
			ev(up, S, "A", 1), ev(drop, S, "B", 1),
			rule("CK-5", ev(capt, S, "b", 4)), rule("CK-5", ev(capt, S, "B", 1)),
			turnEnd(S, mancala.NorthTurn),
		},
	}}
	r, err := congkak.New(congkak.Options{Houses: 3, Seeds: 2, Opening: congkak.OpeningSequential})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := mancala.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = r.Setup(p); err != nil {
				t.Fatal(err)
			}
			m, err := mancala.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			var got []mancala.Event
			q, err := r.Trace(p, m, func(e mancala.Event) { got = append(got, e) })
			if err != nil {
				t.Fatalf("Trace(%v, %v): %v", p, m, err)
			}
			if q.String() != tc.after+" r1" {
				t.Errorf("Trace(%v, %v) = %v, want %v r1", p, m, q, tc.after)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTraceRefused: CK-2, refused moves return Play's error and emit nothing.
func TestTraceRefused(t *testing.T) {
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	for _, m := range []mancala.Move{mancala.Single(mancala.South, 0), {}, mancala.Joint(11, 0)} {
		n := 0
		q, err := r.Trace(p, m, func(mancala.Event) { n++ })
		_, perr := r.Play(p, m)
		if err == nil || perr == nil || err.Error() != perr.Error() || q != p || n != 0 {
			t.Errorf("Trace(start, %#v) = %v, %v with %d events; Play's error %v", m, q, err, n, perr)
		}
	}
}

// The steps of the first sowing of a sequential game on a small board.
func ExampleRules_Trace() {
	r, _ := congkak.New(congkak.Options{Houses: 3, Seeds: 2, Opening: congkak.OpeningSequential})
	p := r.Start()
	q, _ := r.Trace(p, mancala.Single(mancala.South, 1), func(e mancala.Event) {
		fmt.Println(e)
	})
	fmt.Println(q)
	// Output:
	// south pick-up 2 at B
	// south drop C
	// south drop S
	// south turn-end, next south
	// 2,0,3/2,2,2 1,0 S r1
}

// TestTraceOpeningTurnEndRule: every joint move of the simultaneous
// opening (CK-8) ends with a turn end that names the rule choosing who
// plays next: CK-8 when the first hand to end gives the turn (CK-8.5),
// also when the other hand went on alone after it (CK-8.4); CK-3, CK-9,
// CK-13 or CK-14 when those rules choose.
func TestTraceOpeningTurnEndRule(t *testing.T) {
	alone := 0
	for _, o := range []congkak.Options{{Houses: 7}, {Houses: 5}, {Houses: 7, FirstHand: mancala.North}} {
		r, err := congkak.New(o)
		if err != nil {
			t.Fatal(err)
		}
		p := r.Start()
		for s := range o.Houses {
			for n := range o.Houses {
				m := mancala.Joint(s, n)
				var last mancala.Event
				var ends int
				if _, err := r.Trace(p, m, func(e mancala.Event) {
					if e.Kind == mancala.EventTurnEnd {
						last = e
						ends++
					}
				}); err != nil {
					t.Fatalf("%+v: Trace(start, %v): %v", o, m, err)
				}
				if ends != 1 || last.Rule == "" {
					t.Errorf("%+v: %v from the start: %d turn ends, the last %+v; want one, with a rule", o, m, ends, last)
				}
				if last.Rule == "CK-8" && last.Turn == mancala.TurnOf(last.Player.Other()) {
					alone++
				}
			}
		}
	}
	if alone == 0 {
		t.Error("no opening in which one hand ends and the other plays next by CK-8")
	}
}
