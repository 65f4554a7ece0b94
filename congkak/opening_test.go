package congkak_test

import (
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// The simultaneous opening (CK-8), from hand-built positions of round 1 and
// from the start. Each trace lists, tick by tick, the hole each hand drops
// into: the first hand (South unless FirstHand is North) drops and resolves
// first, then the other on the board as the first left it. Positions with a
// hand in the air ("h0@A,2@B": North holds 2 seeds, last dropped into
// South's B) arise when one player reached his store and chooses while the
// other still sows.

var (
	sim4      = congkak.Options{Houses: 4}
	sim4North = congkak.Options{Houses: 4, FirstHand: mancala.North}
	sim4Stay  = congkak.Options{Houses: 4, EmptyCapture: congkak.EmptyCaptureStay}
)

// pairs returns the joint moves of every South letter with every North
// letter, space-separated, in sorted order.
func pairs(south, north string) string {
	s := ""
	for _, a := range south {
		for _, b := range north {
			if s != "" {
				s += " "
			}
			s += string(a) + string(b)
		}
	}
	return s
}

var openingCases = []ruleCase{
	// South chooses B (2). t1: S->C (0>1), N->C (1>2). t2: S->D (0>1),
	// empty, captures a (1): 2 to South's store; N->D, just emptied: dead
	// end. Both ended in tick 2: South plays next.
	{name: "CK-8.2/both hands drop into one house in one tick; CK-8.5 same tick, South next", opts: sim4,
		start: "1,2,0,0/1,1,1,1 11,12 S r1 h0@A,2@B", moves: "B",
		want: "1,0,2,1/0,1,1,1 13,12 S r1", legal: "A C D"},
	// FirstHand North. t1: N->C (0>1), S->C (1>2). t2: N->D (0>1) dead
	// end, North ended; S->D (1>2) relay 2. t3 S, t4 a(1>2) relay 2, t5 b,
	// t6 c(1>2) relay 2, t7 d, t8 A(1>2) relay 2, t9 B, t10 C(2>3) relay
	// 3, t11 D, t12 S, t13 a (empty): dead end. North ended first.
	{name: "CK-8.2/FirstHand North: North's hand drops first", opts: sim4North,
		start: "1,2,0,0/1,1,1,1 11,12 S r1 h0@A,2@B", moves: "B",
		want: "0,1,0,1/1,2,0,2 13,12 N r1", legal: "a b d"},
	// South chooses B (2). t1: S->C (0>1); N->C (1>2), its last seed:
	// relay 2 from the house South just fed. t2: S->D (1>2) relay 2; N->D.
	// t3: S->S; N->a (2>3) relay 3. t4: S->a, just emptied: dead end, South
	// ended; N->b. t5 c, t6 d(1>2) relay 2, t7 N, t8 A(1>2) relay 2, t9 B,
	// t10 C (empty): dead end. South ended first and plays next.
	{name: "CK-8/one hand relays from a house the other just fed; the first to end plays next", opts: sim4,
		start: "1,2,0,1/2,1,1,1 11,11 S r1 h0@A,1@B", moves: "B",
		want: "0,1,1,1/1,2,2,0 12,12 S r1", legal: "B C D"},
	// FirstHand North. t1: N->C (empty): dead end, North ended; S->C
	// (1>2). t2 D(1>2) relay 2, t3 S, t4 a(2>3) relay 3, t5 b, t6 c, t7
	// d(1>2) relay 2, t8 A, t9 B (empty): captures c (2), 3 to the store.
	// North ended first and plays next.
	{name: "CK-8.5/the first to end plays next (North)", opts: sim4North,
		start: "1,2,0,1/2,1,1,1 11,11 S r1 h0@A,1@B", moves: "B",
		want: "2,0,2,0/0,2,0,0 15,11 N r1", legal: "b"},
	// South chooses B (1). t1: S->C (empty): captures b (3), 4 to the
	// store; then N->b, the house just captured, empty and North's own:
	// captures C, which is empty: the seed goes to North's store. Both
	// ended in tick 1: South next.
	{name: "CK-8/a capture of the house the other hand is about to reach", opts: sim4,
		start: "1,1,0,2/1,3,1,1 10,11 S r1 h0@A,1@a", moves: "B",
		want: "1,0,0,2/1,0,1,1 14,12 S r1", legal: "A D"},
	{name: "CK-8/a capture of the house the other hand is about to reach, stay option", opts: sim4Stay,
		start: "1,1,0,2/1,3,1,1 10,11 S r1 h0@A,1@a", moves: "B",
		want: "1,0,0,2/1,1,1,1 14,11 S r1", legal: "A D"},
	// FirstHand North. t1: N->b (3>4) relay 4; S->C (empty), opposite b
	// just taken up: the seed to the store, South ended. t2 c, t3 d, t4 N,
	// t5 A(1>2) relay 2, t6 B, t7 C (empty): dead end.
	{name: "CK-8/the hand about to be captured relays first (FirstHand North)", opts: sim4North,
		start: "1,1,0,2/1,3,1,1 10,11 S r1 h0@A,1@a", moves: "B",
		want: "0,1,1,2/1,0,2,2 11,12 S r1", legal: "B C D"},
	// t1: S->S, N->N: both choose again, at once.
	{name: "CK-8.3/both reach their stores in one tick: a simultaneous decision again", opts: sim4,
		start: "1,1,1,1/1,1,1,1 12,12 B r1", moves: "Dd",
		want: "1,1,1,0/1,1,1,0 13,13 B r1", legal: pairs("ABC", "abc")},
	// t1: S->S with no seeds left: South's turn has ended; North chooses.
	{name: "CK-8.3/a player with an empty row cannot choose", opts: sim4,
		start: "0,0,0,1/1,1,1,1 13,14 B r1", moves: "Dd",
		want: "0,0,0,0/1,1,1,0 14,15 N r1", legal: "a b c"},
	// Then c (1): d (empty), opposite A empty: the seed to the store.
	// South, who ended first, is due with an empty row: the round ends
	// 14 to 18; South fills D C B, North all four.
	{name: "CK-8.5/the opening ends with an empty row: CK-9 round end", opts: sim4,
		start: "0,0,0,1/1,1,1,1 13,14 B r1", moves: "Dd c",
		want: "x,4,4,4/4,4,4,4 2,2 S r2", legal: "B C D"},
	// t1: S->S; N->b (1>2). South chooses while North's 2 seeds wait.
	{name: "CK-8.3/one reaches his store while the other's hand waits in the air", opts: sim4,
		start: "1,1,1,1/3,1,1,1 11,11 B r1", moves: "Da",
		want: "1,1,1,0/0,2,1,1 12,11 S r1 h0@A,2@b", legal: "A B C"},
	// South chooses A (1). t2: S->B (1>2) relay 2; N->c. t3: S->C; N->d
	// (1>2) relay 2. t4: S->D (empty), a empty: the seed to the store,
	// South ended; N->N. t5: N->A, emptied by South: dead end.
	{name: "CK-8.4/the waiting hand goes on in the next tick", opts: sim4,
		start: "1,1,1,1/3,1,1,1 11,11 B r1", moves: "Da A",
		want: "1,0,2,0/0,2,2,0 13,12 S r1", legal: "A C"},
	// t1: S->D (empty) captures a (1); N->d (empty) captures A (1).
	{name: "CK-8.5/both end in one tick: South plays next", opts: sim4,
		start: "1,1,1,0/1,1,1,0 13,13 B r1", moves: "Cc",
		want: "0,1,0,0/0,1,0,0 15,15 S r1", legal: "B"},
	{name: "CK-8.5/both end in one tick: South plays next, also when North's hand is first", opts: sim4North,
		start: "1,1,1,0/1,1,1,0 13,13 B r1", moves: "Cc",
		want: "0,1,0,0/0,1,0,0 15,15 S r1", legal: "B"},
	// t1: S->D (empty), opposite a empty: the seed to South's store (16);
	// N->d (empty), opposite A empty: to North's store (16). Both ended in
	// tick 1 with both rows empty: the round ends 16 to 16. CK-13's tie
	// rule names the player who made the last move; RULES.md does not say
	// who that is when both turns of the opening end in one tick. Reading:
	// the hand resolved later in the tick (North, or South when North's
	// hand is first).
	{name: "CK-13/tie after an opening that ends in one tick: the later hand starts (reading)", opts: sim4,
		start: "0,0,1,0/0,0,1,0 15,15 B r1", moves: "Cc",
		want: "4,4,4,4/4,4,4,4 0,0 N r2", legal: "a b c d"},
	{name: "CK-13/tie after an opening that ends in one tick, FirstHand North: South starts (reading)", opts: sim4North,
		start: "0,0,1,0/0,0,1,0 15,15 B r1", moves: "Cc",
		want: "4,4,4,4/4,4,4,4 0,0 S r2", legal: "A B C D"},
	// RULES.md: with A and a the hands never touch; both reach their
	// stores on tick 7.
	{name: "CK-8/the traditional opening Aa: both reach their stores on tick 7", opts: congkak.Options{},
		moves: "Aa",
		want:  "0,8,8,8,8,8,8/0,8,8,8,8,8,8 1,1 B r1", legal: pairs("BCDEFG", "bcdefg")},
	// A (7): B..G, S on tick 7. b (7): c..g, N, A on tick 7, after South
	// emptied A: dead end. South chooses; North ended first.
	{name: "CK-8/Ab: North's last seed falls into the house South emptied", opts: congkak.Options{},
		moves: "Ab",
		want:  "1,8,8,8,8,8,8/7,0,8,8,8,8,8 1,1 S r1", legal: "A B C D E F G"},
	// The same with FirstHand North: on tick 7 North drops into A first
	// (still empty): dead end; South then reaches his store.
	{name: "CK-8/Ab with FirstHand North", opts: congkak.Options{FirstHand: mancala.North},
		moves: "Ab",
		want:  "1,8,8,8,8,8,8/7,0,8,8,8,8,8 1,1 S r1", legal: "A B C D E F G"},
}

func TestOpening(t *testing.T) {
	for _, c := range openingCases {
		t.Run(c.name, func(t *testing.T) { runRuleCase(t, c) })
	}
}

// TestOpeningOnlyRoundOne: later rounds start alone (CK-13), and a
// simultaneous decision or a hand in the air outside the opening of round
// 1 is no position of the game.
func TestOpeningOnlyRoundOne(t *testing.T) {
	// Rounds by number: CK-16 off (a full set under CK-16 keeps no round
	// number; its State names the round's start instead, see below).
	o := sim4
	o.Repeat = congkak.RepeatOff
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r, mancala.FromText("0,0,0,1/1,1,1,1 13,14 B r1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("Dd c"); err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.Round != 2 || p.ToMove != mancala.SouthTurn {
		t.Errorf("CK-13/round 2 starts with the loser alone: got %v", p)
	}
	for _, s := range []string{
		"1,1,1,1/1,1,1,1 12,12 B r2",
		"1,1,1,1/1,1,1,1 11,12 S r2 h0@A,1@a",
	} {
		p, err := mancala.ParsePosition(s)
		if err != nil {
			t.Fatal(err)
		}
		if q, err := r.Setup(p); err == nil {
			t.Errorf("CK-8/Setup(%q) = %v, want an error: only round 1 is simultaneous", s, q)
		}
	}
	// Under CK-16 the set's first round is the one whose State names no
	// earlier round start (bits 8-17 zero).
	ck16, err := congkak.New(sim4)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"1,1,1,1/1,1,1,1 12,12 B r1 s2100",
		"1,1,1,1/1,1,1,1 11,12 S r1 h0@A,1@a s2100",
		"1,1,1,1/1,1,1,1 12,12 B r2",
		"x,1,1,1/1,1,1,1 13,12 S r1",
	} {
		p, err := mancala.ParsePosition(s)
		if err != nil {
			t.Fatal(err)
		}
		if q, err := ck16.Setup(p); err == nil {
			t.Errorf("CK-8, CK-16/Setup(%q) = %v, want an error: only the set's first round is simultaneous or without burnt houses", s, q)
		}
	}
	seq, err := congkak.New(seq4)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition("1,1,1,1/1,1,1,1 12,12 B r1")
	if err != nil {
		t.Fatal(err)
	}
	if q, err := seq.Setup(p); err == nil {
		t.Errorf("CK-8/sequential opening: Setup(%v) = %v, want an error", p, q)
	}
}
