package awale_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// traceReplay applies events to b with mancala.ApplyEvent and returns the
// board, the last turn end (Kind 0 if none) and the first error.
func traceReplay(b mancala.Board, events []mancala.Event) (mancala.Board, mancala.Event, error) {
	var last mancala.Event
	for i, e := range events {
		if err := mancala.ApplyEvent(&b, e); err != nil {
			return b, last, fmt.Errorf("event %d (%v): %w", i, e, err)
		}
		if e.Kind == mancala.EventTurnEnd {
			last = e
		}
	}
	return b, last, nil
}

// traceCheck plays m from p with Play and Trace, checks that they agree
// and that the events rebuild Play's board, and returns Play's result.
func traceCheck(t *rapid.T, r *awale.Rules, p mancala.Position, m mancala.Move) (mancala.Position, error) {
	want, werr := r.Play(p, m)
	var events []mancala.Event
	got, gerr := r.Trace(p, m, func(e mancala.Event) { events = append(events, e) })
	if got != want {
		t.Fatalf("%v: Trace(%v, %v) = %v, Play gives %v", r, p, m, got, want)
	}
	if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
		t.Fatalf("%v: Trace(%v, %v) error %v, Play's %v", r, p, m, gerr, werr)
	}
	if werr != nil {
		if len(events) != 0 {
			t.Fatalf("%v: refused move %v in %v emitted %v", r, m, p, events)
		}
		return want, werr
	}
	b, last, err := traceReplay(p.Board, events)
	if err != nil {
		t.Fatalf("%v: %v from %v: %v\nevents: %v", r, m, p, err, events)
	}
	if b != want.Board {
		t.Fatalf("%v: %v from %v: the events give\n%v\nPlay gives\n%v\nevents: %v", r, m, p, b, want.Board, events)
	}
	if last.Kind != mancala.EventTurnEnd || last.Turn != want.ToMove {
		t.Fatalf("%v: %v from %v: last turn end %v, the position has %v to move\nevents: %v", r, m, p, last, want.ToMove, events)
	}
	// AW-3: the sowing passes every house in order, the origin skipped.
	mover, _ := m.Player()
	h, _ := m.House(mover)
	at := mancala.Hole{Owner: mover, House: h}
	for _, e := range events {
		if e.Kind != mancala.EventDrop && e.Kind != mancala.EventSkip {
			continue
		}
		next := mancala.Hole{Owner: at.Owner, House: at.House + 1}
		if next.House == p.Board.Houses() {
			next = mancala.Hole{Owner: at.Owner.Other()}
		}
		if e.Hole != next || (e.Kind == mancala.EventSkip) != (next == mancala.Hole{Owner: mover, House: h}) {
			t.Fatalf("AW-3: %v from %v: %v after %v\nevents: %v", m, p, e, at, events)
		}
		at = e.Hole
	}
	return want, nil
}

// traceRules draws a ruleset: every preset, every grand slam and cycle
// rule, boards from 1 to 12 houses (both engines).
func traceRules(t *rapid.T) *awale.Rules {
	var o awale.Options
	switch rapid.IntRange(0, 3).Draw(t, "preset") {
	case 0:
		o = awale.Documents()
	case 1:
		o = awale.Abapa()
	case 2:
		o = awale.Awari()
	default:
		o.GrandSlam = awale.GrandSlam(rapid.IntRange(0, 3).Draw(t, "grandSlam"))
		o.Cycle = awale.CycleRule(rapid.IntRange(0, 1).Draw(t, "cycle"))
		o.StopAtMajority = rapid.Bool().Draw(t, "majority")
	}
	if rapid.Bool().Draw(t, "size") {
		o.Houses = rapid.IntRange(1, 12).Draw(t, "houses")
		o.Seeds = rapid.IntRange(1, 10).Draw(t, "seeds")
		for 2*o.Houses*o.Seeds > mancala.MaxSeeds {
			o.Seeds--
		}
	}
	r, err := awale.New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	return r
}

// TestTraceMatchesPlay: AW-2..AW-10 step by step. For each decision of
// random games Trace returns what Play returns and its events rebuild the
// board after the move; refused moves emit nothing; a repetition ended by
// TraceCycle matches Cycle (AW-8).
func TestTraceMatchesPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := traceRules(t)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		p := r.Start()
		seen := map[mancala.Position]bool{p: true}
		var moves []mancala.Move
		for ply := 0; ply < 400 && !p.Over(); ply++ {
			if rng.IntN(6) == 0 {
				traceCheck(t, r, p, mancala.Single(mancala.Player(rng.IntN(2)), rng.IntN(mancala.MaxHouses)))
			}
			moves = r.Legal(moves[:0], p)
			if len(moves) == 0 {
				t.Fatalf("no legal move in %v", p)
			}
			q, err := traceCheck(t, r, p, moves[rng.IntN(len(moves))])
			if err != nil {
				t.Fatalf("legal move refused: %v", err)
			}
			if seen[q] {
				var events []mancala.Event
				end := r.TraceCycle(q, func(e mancala.Event) { events = append(events, e) })
				if want := r.Cycle(q); end != want {
					t.Fatalf("AW-8: TraceCycle(%v) = %v, Cycle gives %v", q, end, want)
				}
				b, _, err := traceReplay(q.Board, events)
				if err != nil || b != end.Board {
					t.Fatalf("AW-8: cycle end of %v: events %v give %v (%v), want %v", q, events, b, err, end.Board)
				}
				for _, e := range events {
					if e.Kind != mancala.EventCapture {
						t.Fatalf("AW-8: cycle end of %v: event %v", q, e)
					}
				}
				q = end
			}
			seen[q] = true
			p = q
		}
		if p.Over() {
			if _, err := traceCheck(t, r, p, mancala.Single(mancala.South, 0)); !errors.Is(err, mancala.ErrGameOver) {
				t.Fatalf("move after the end of %v: %v, want ErrGameOver", p, err)
			}
		}
	})
}

// TestTraceSteps writes out the steps of moves by hand.
func TestTraceSteps(t *testing.T) {
	S, N := mancala.South, mancala.North
	ev := func(k mancala.EventKind, p mancala.Player, h string, count int) mancala.Event {
		hole := mancala.Hole{Owner: S, House: int(h[0] - 'A')}
		if h[0] >= 'a' {
			hole = mancala.Hole{Owner: N, House: int(h[0] - 'a')}
		}
		return mancala.Event{Kind: k, Player: p, Hole: hole, Count: count}
	}
	turnEnd := func(p mancala.Player, next mancala.Turn) mancala.Event {
		return mancala.Event{Kind: mancala.EventTurnEnd, Player: p, Turn: next}
	}
	rule := func(id string, e mancala.Event) mancala.Event { e.Rule = id; return e }
	const (
		up   = mancala.EventPickUp
		drop = mancala.EventDrop
		skip = mancala.EventSkip
		capt = mancala.EventCapture
	)
	tests := []struct {
		name, pos, move, after string
		want                   []mancala.Event
	}{{
		name:  "AW-3/the origin house is skipped",
		pos:   "12,0,0,0,0,0/1,1,1,1,1,1 15,15 S",
		move:  "A",
		after: "0,2,1,1,1,1/2,2,2,2,2,2 15,15 N",
		want: []mancala.Event{
			ev(up, S, "A", 12),
			ev(drop, S, "B", 1), ev(drop, S, "C", 1), ev(drop, S, "D", 1), ev(drop, S, "E", 1), ev(drop, S, "F", 1),
			ev(drop, S, "a", 1), ev(drop, S, "b", 1), ev(drop, S, "c", 1), ev(drop, S, "d", 1), ev(drop, S, "e", 1), ev(drop, S, "f", 1),
			ev(skip, S, "A", 0), ev(drop, S, "B", 1),
			turnEnd(S, mancala.NorthTurn),
		},
	}, {
		name:  "AW-4/capture chain backwards, one event per house, stops at a house of 4",
		pos:   "0,0,0,0,0,3/3,2,1,4,4,4 13,14 S",
		move:  "F",
		after: "0,0,0,0,0,0/4,0,0,4,4,4 18,14 N",
		want: []mancala.Event{
			ev(up, S, "F", 3), ev(drop, S, "a", 1), ev(drop, S, "b", 1), ev(drop, S, "c", 1),
			rule("AW-4", ev(capt, S, "c", 2)), rule("AW-4", ev(capt, S, "b", 3)),
			turnEnd(S, mancala.NorthTurn),
		},
	}, {
		name:  "AW-7/no feeding move: the seeds left go to their owner's store",
		pos:   "0,0,0,0,0,1/0,1,0,0,0,0 23,23 S",
		move:  "F",
		after: "0,0,0,0,0,0/0,0,0,0,0,0 23,25 - s31",
		want: []mancala.Event{
			ev(up, S, "F", 1), ev(drop, S, "a", 1),
			rule("AW-7", turnEnd(S, mancala.NoTurn)),
			rule("AW-7", ev(capt, N, "a", 1)), rule("AW-7", ev(capt, N, "b", 1)),
		},
	}}
	r, err := awale.New(awale.Documents())
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
			if q.String() != tc.after {
				t.Errorf("Trace(%v, %v) = %v, want %v", p, m, q, tc.after)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTraceCycleSteps: AW-8, the seeds left at a repetition, each house
// into its owner's store, or shared (split) with the odd seed left.
func TestTraceCycleSteps(t *testing.T) {
	S, N := mancala.South, mancala.North
	capt := func(p mancala.Player, h mancala.Hole, c int) mancala.Event {
		return mancala.Event{Kind: mancala.EventCapture, Player: p, Hole: h, Count: c, Rule: "AW-8"}
	}
	F, a := mancala.Hole{Owner: S, House: 5}, mancala.Hole{Owner: N, House: 0}
	const pos = "0,0,0,0,0,1/2,0,0,0,0,0 22,23 N"
	for _, tc := range []struct {
		name  string
		o     awale.Options
		after string
		want  []mancala.Event
	}{
		{"AW-8/own row", awale.Documents(), "0,0,0,0,0,0/0,0,0,0,0,0 23,25 - s2",
			[]mancala.Event{capt(S, F, 1), capt(N, a, 2)}},
		{"AW-8/split, odd seed stays", awale.Awari(), "0,0,0,0,0,1/0,0,0,0,0,0 23,24 - s2",
			[]mancala.Event{capt(S, a, 1), capt(N, a, 1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := awale.New(tc.o)
			if err != nil {
				t.Fatal(err)
			}
			p, err := mancala.ParsePosition(pos)
			if err != nil {
				t.Fatal(err)
			}
			var got []mancala.Event
			q := r.TraceCycle(p, func(e mancala.Event) { got = append(got, e) })
			if q.String() != tc.after {
				t.Errorf("TraceCycle(%v) = %v, want %v", p, q, tc.after)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// The steps of the first move of a game.
func ExampleRules_Trace() {
	r, _ := awale.New(awale.Documents())
	p := r.Start()
	q, _ := r.Trace(p, mancala.Single(mancala.South, 2), func(e mancala.Event) {
		fmt.Println(e)
	})
	fmt.Println(q)
	// Output:
	// south pick-up 4 at C
	// south drop D
	// south drop E
	// south drop F
	// south drop a
	// south turn-end, next north
	// 4,4,0,5,5,5/5,4,4,4,4,4 0,0 N
}
