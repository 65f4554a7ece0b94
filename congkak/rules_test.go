package congkak_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/congkak/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// A ruleCase is a hand-built position, the moves played from it, and the
// position that RULES.md gives after them, derived by hand (the trace is in
// the comment above each row). Position text is mancala's: South's row A..
// then North's row a.., stores South,North, the player to move, the round,
// hands in flight. The State word is the package's own and is not compared.
type ruleCase struct {
	name  string // the rule id first
	opts  congkak.Options
	start string // "" for r.Start()
	moves string // in Game.PlayText notation
	want  string
	legal string // the legal moves after the moves, sorted, space-separated; "" to skip, "-" for none
}

// Boards of 4 houses with 4 seeds (32 seeds) keep the hand traces short.
// Paths: South A B C D S a b c d A ..., North a b c d N A B C D a ...;
// opposite houses A-d, B-c, C-b, D-a.
var (
	seq4     = congkak.Options{Houses: 4, Opening: congkak.OpeningSequential}
	seq4Stay = congkak.Options{Houses: 4, Opening: congkak.OpeningSequential, EmptyCapture: congkak.EmptyCaptureStay}
	seq4Pass = congkak.Options{Houses: 4, Opening: congkak.OpeningSequential, RoundEnd: congkak.RoundEndPassReply}
	seq7     = congkak.Options{Opening: congkak.OpeningSequential}
	// seq4Off numbers its rounds: CK-16 off (see runRuleCase).
	seq4Off = congkak.Options{Houses: 4, Opening: congkak.OpeningSequential, Repeat: congkak.RepeatOff}
)

var ruleCases = []ruleCase{
	// C (11): D S a b c d [N skipped] A B C(origin, sown) D S: ends in
	// South's store, so South chooses again.
	{name: "CK-2/South's lap: own store, North's store skipped, origin sown", opts: seq4,
		start: "1,1,11,1/2,2,2,2 5,5 S r1", moves: "C",
		want: "2,2,1,3/3,3,3,3 7,5 S r1", legal: "A B C D"},
	// c (11): d N [S skipped] A B C D a b c(origin) d N.
	{name: "CK-2/North's lap: own store, South's store skipped, origin sown", opts: seq4,
		start: "2,2,2,2/1,1,11,1 5,5 N r1", moves: "c",
		want: "3,3,3,3/2,2,1,3 5,7 N r1", legal: "a b c d"},
	// D (2): S, a (held 2) relay 3: b c d, d empty: dead end.
	{name: "CK-4/relay from the opponent's row, then CK-6 dead end", opts: seq4,
		start: "1,1,1,2/2,0,0,0 12,13 S r1", moves: "D",
		want: "1,1,1,0/0,1,1,1 13,13 N r1", legal: "b c d"},
	// D (2): S, a (empty): the seed stays in North's row, North plays.
	{name: "CK-6/dead end in the opponent's row", opts: seq4,
		start: "1,1,1,2/0,3,0,0 12,12 S r1", moves: "D",
		want: "1,1,1,0/1,3,0,0 13,12 N r1", legal: "a b"},
	// D (5): S a b c d(held 5) relay 6: A B C D S a(held 1) relay 2: b
	// c(held 1) relay 2: d A(held 1) relay 2: B C(held 1) relay 2: D S.
	// Three passes through South's store in one sowing.
	{name: "CK-4/relays passing the own store three times", opts: seq4,
		start: "0,0,0,5/0,0,0,5 11,11 S r1", moves: "D",
		want: "0,2,0,2/0,2,0,1 14,11 S r1", legal: "B D"},
	// D (1): S; South's row is empty, so his turn ends (CK-3) and, with
	// North's row full, North plays under the pass/reply rule.
	{name: "CK-3/store re-turn with no seeds left ends the turn", opts: seq4Pass,
		start: "0,0,0,1/3,3,3,3 10,9 S r1", moves: "D",
		want: "0,0,0,0/3,3,3,3 11,9 N r1", legal: "a b c d"},
	// The same under the default: the turn ends with South's row empty, so
	// the round ends (CK-9): South 11, North 9+12=21 (CK-10). Refill (CK-11):
	// South fills D, C, 3 left, A and B burnt; North fills all, 5 left.
	// South lost, so South starts round 2 (CK-13).
	{name: "CK-9/default: turn ends with an empty row, round ends; CK-11 refill; CK-13 loser starts", opts: seq4,
		start: "0,0,0,1/3,3,3,3 10,9 S r1", moves: "D",
		want: "x,x,4,4/4,4,4,4 3,5 S r2", legal: "C D"},
	// C (1): D empty, opposite a holds 4: 4+1 to South's store.
	{name: "CK-5/capture", opts: seq4,
		start: "1,1,1,0/4,3,3,3 8,8 S r1", moves: "C",
		want: "1,1,0,0/0,3,3,3 13,8 N r1"},
	{name: "CK-5/capture, stay option (same result)", opts: seq4Stay,
		start: "1,1,1,0/4,3,3,3 8,8 S r1", moves: "C",
		want: "1,1,0,0/0,3,3,3 13,8 N r1"},
	// C (1): D empty, a empty: default, the seed goes to the store.
	{name: "CK-5/opposite empty: the seed goes to the store (default)", opts: seq4,
		start: "1,1,1,0/0,3,3,3 10,10 S r1", moves: "C",
		want: "1,1,0,0/0,3,3,3 11,10 N r1"},
	{name: "CK-5/opposite empty: the seed stays (option)", opts: seq4Stay,
		start: "1,1,1,0/0,3,3,3 10,10 S r1", moves: "C",
		want: "1,1,0,1/0,3,3,3 10,10 N r1"},
	// D (6): S a [b burnt] c d [N] [A burnt] B C: C empty, opposite b is
	// burnt: nothing to take, the seed goes to the store.
	{name: "CK-12/South's sowing skips both rows' burnt houses; capture opposite a burnt house takes nothing", opts: seq4,
		start: "x,2,0,6/0,x,2,1 10,11 S r2", moves: "D",
		want: "x,3,0,0/1,x,3,2 12,11 N r2", legal: "a c d"},
	{name: "CK-12/capture opposite a burnt house, stay option", opts: seq4Stay,
		start: "x,2,0,6/0,x,2,1 10,11 S r2", moves: "D",
		want: "x,3,1,0/1,x,3,2 11,11 N r2"},
	{name: "CK-12/nobody sows from a burnt house", opts: seq4,
		start: "x,2,0,6/0,x,2,1 10,11 S r2", legal: "B D"},
	// d (3): N [A burnt] B C: C empty in South's row, dead end.
	{name: "CK-12/North's sowing skips South's burnt house", opts: seq4,
		start: "x,2,0,6/3,x,0,3 10,8 N r2", moves: "d",
		want: "x,3,1,6/3,x,0,0 10,9 S r2", legal: "B C D"},
	// D (2): S [a b c burnt] d(held 4) relay 5: A B C D S. North's row is
	// empty but South's turn goes on (CK-3), so the round goes on.
	{name: "CK-9/the round does not end in the middle of a turn", opts: seq4,
		start: "0,0,0,2/x,x,x,4 20,6 S r2", moves: "D",
		want: "1,1,1,1/x,x,x,0 22,6 S r2", legal: "A B C D"},
	// Then A (1): B(held 1) relay 2: C D(held 1) relay 2: S d(empty): dead
	// end. North's d (1): N, North's row empty: the round ends. South
	// 23+2=25 fills all 4 and keeps 9; North 7 fills d, keeps 3 (CK-11);
	// North lost and starts (CK-13).
	{name: "CK-11/refill re-opens burnt houses of the winner, burns the loser's", opts: seq4,
		start: "0,0,0,2/x,x,x,4 20,6 S r2", moves: "D A d",
		want: "4,4,4,4/x,x,x,4 9,3 N r3", legal: "d"},
	// B (1): C empty, captures b (4): North's row is empty, the turn has
	// ended: the round ends (default). South 17+3=20: all 4 houses, 4 left;
	// North 12: 3 houses, a burnt.
	{name: "CK-9/default: the opponent's row emptied by a capture ends the round", opts: seq4,
		start: "0,1,0,3/0,4,0,0 12,12 S r1", moves: "B",
		want: "4,4,4,4/x,4,4,4 4,0 N r2"},
	// Pass/reply: North passes, South replies with D (3): S a b(empty):
	// dead end; North's row holds seeds again, play goes on.
	{name: "CK-9/pass and reply: North passes, South replies", opts: seq4Pass,
		start: "0,1,0,3/0,4,0,0 12,12 S r1", moves: "B",
		want: "0,0,0,3/0,0,0,0 17,12 S r1", legal: "D"},
	{name: "CK-9/pass and reply: the reply refills North's row, play goes on", opts: seq4Pass,
		start: "0,1,0,3/0,4,0,0 12,12 S r1", moves: "B D",
		want: "0,0,0,0/1,1,0,0 18,12 N r1", legal: "a b"},
	// C (1): D empty, captures a (4); North passes; South's reply A (2):
	// B, C(empty), opposite b empty: the seed to the store. North's row is
	// still empty: the round ends. South 18+1=19: 4 houses, 3 left; North
	// 13: 3 houses, 1 left.
	{name: "CK-9/pass and reply: the reply leaves North's row empty, the round ends", opts: seq4Pass,
		start: "2,0,1,0/4,0,0,0 12,13 S r1", moves: "C A",
		want: "4,4,4,4/x,4,4,4 3,1 N r2"},
	// G (1): S. South's row is empty: the round ends 60 to 21+17=38.
	// South fills all 7 and keeps 11; North fills g..c (5 houses, from his
	// store's side) and keeps 3; a and b burnt.
	{name: "CK-11/more than 49 and leftovers, filled from the store's side", opts: seq7,
		start: "0,0,0,0,0,0,1/7,7,7,0,0,0,0 59,17 S r1", moves: "G",
		want: "7,7,7,7,7,7,7/x,x,7,7,7,7,7 11,3 N r2", legal: "c d e f g"},
	// 49 each: both fill every house, nothing left. Tie: South made the
	// last move and starts (CK-13).
	{name: "CK-11/exactly 49 each; CK-13 tie: the last mover (South) starts", opts: seq7,
		start: "0,0,0,0,0,0,1/7,7,7,0,0,0,0 48,28 S r1", moves: "G",
		want: "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 S r2"},
	{name: "CK-13/tie: the last mover (North) starts", opts: seq7,
		start: "7,7,7,0,0,0,0/0,0,0,0,0,0,1 28,48 N r1", moves: "g",
		want: "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 N r2"},
	// 28 to 4: North fills d alone (exactly one house).
	{name: "CK-11/exactly one house", opts: seq4,
		start: "0,0,0,1/4,0,0,0 27,0 S r1", moves: "D",
		want: "4,4,4,4/x,x,x,4 12,0 N r2", legal: "d"},
	// 92 to 6: North cannot fill a house, the set ends (CK-14).
	{name: "CK-14/fewer seeds than one house: the set ends", opts: seq7,
		start: "0,0,0,0,0,0,1/3,0,0,0,0,0,0 91,3 S r1", moves: "G",
		want: "0,0,0,0,0,0,0/0,0,0,0,0,0,0 92,6 - r1", legal: "-"},
	{name: "CK-14/round limit: the set ends after round 1", opts: congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1},
		start: "0,0,0,0,0,0,1/7,7,7,0,0,0,0 59,17 S r1", moves: "G",
		want: "0,0,0,0,0,0,0/0,0,0,0,0,0,0 60,38 - r1", legal: "-"},
	{name: "CK-14/round limit: equal is a draw", opts: congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1},
		start: "0,0,0,0,0,0,1/7,7,7,0,0,0,0 48,28 S r1", moves: "G",
		want: "0,0,0,0,0,0,0/0,0,0,0,0,0,0 49,49 - r1", legal: "-"},
	{name: "CK-14/round limit not reached: round 2 is played", opts: congkak.Options{Opening: congkak.OpeningSequential, Rounds: 2},
		start: "0,0,0,0,0,0,1/7,7,7,0,0,0,0 59,17 S r1", moves: "G",
		want: "7,7,7,7,7,7,7/x,x,7,7,7,7,7 11,3 N r2"},
	{name: "CK-14/round limit reached in round 2", opts: congkak.Options{Opening: congkak.OpeningSequential, Rounds: 2},
		start: "0,0,0,0,0,0,1/7,7,7,0,0,0,0 59,17 S r2", moves: "G",
		want: "0,0,0,0,0,0,0/0,0,0,0,0,0,0 60,38 - r2", legal: "-"},
	// D (1): S; South's row is empty: the round ends 12 to 20 and the limit
	// is reached. Reading: nothing is refilled at the end of a set, so
	// the burnt marks of the last round stay.
	{name: "CK-14/the set ends with the last round's burnt houses (reading)", opts: congkak.Options{Houses: 4, Opening: congkak.OpeningSequential, Rounds: 2},
		start: "x,x,0,1/4,4,4,4 11,4 S r2", moves: "D",
		want: "x,x,0,0/0,0,0,0 12,20 - r2", legal: "-"},
	// CK-1 defaults and CK-8's sequential option from the start.
	{name: "CK-1/7 houses of 7 seeds; CK-8 simultaneous start", opts: congkak.Options{},
		want: "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 B r1"},
	{name: "CK-1/5 houses mean 5 seeds each", opts: congkak.Options{Houses: 5, Opening: congkak.OpeningSequential},
		want: "5,5,5,5,5/5,5,5,5,5 0,0 S r1", legal: "A B C D E"},
	{name: "CK-8/sequential opening, North starts", opts: congkak.Options{Opening: congkak.OpeningSequential, Starter: mancala.North},
		want: "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 N r1", legal: "a b c d e f g"},
	{name: "CK-1/Overbeck: 9 houses of 9", opts: congkak.Overbeck(),
		want: "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0,0 B r1"},
}

// wantView parses a case's expected position text into a View.
func wantView(t *testing.T, text string) reference.View {
	t.Helper()
	p, err := mancala.ParsePosition(text)
	if err != nil {
		t.Fatalf("bad expected position %q: %v", text, err)
	}
	return positionView(p)
}

// splitLegal turns a case's legal field into a sorted list (nil for "-").
func splitLegal(s string) []string {
	if s == "-" {
		return nil
	}
	return strings.Fields(s)
}

// moveList parses PlayText-style move text for the reference.
func moveList(t *testing.T, text string) []mancala.Move {
	t.Helper()
	var ms []mancala.Move
	for _, w := range strings.Fields(text) {
		m, err := mancala.ParseMove(w)
		if err != nil {
			t.Fatalf("bad move %q: %v", w, err)
		}
		ms = append(ms, m)
	}
	return ms
}

func runRuleCase(t *testing.T, c ruleCase) {
	// These hand traces follow rounds by their numbers (r2, ...), which a
	// full set under CK-16 does not keep: they are played with CK-16 off,
	// which changes nothing else. TestRepeatedRoundStart covers CK-16.
	o := c.opts
	if o.Rounds == 0 {
		o.Repeat = congkak.RepeatOff
	}
	r, err := congkak.New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", c.opts, err)
	}
	var gopts []mancala.GameOption
	if c.start != "" {
		gopts = append(gopts, mancala.FromText(c.start))
	}
	g, err := mancala.NewGame(r, gopts...)
	if err != nil {
		t.Fatalf("NewGame from %q: %v", c.start, err)
	}
	start := g.Position()
	if err := g.PlayText(c.moves); err != nil {
		t.Fatalf("playing %q from %v: %v", c.moves, start, err)
	}
	got := g.Position()
	want := c.want
	if want == "" {
		want = start.String()
	}
	if d := cmp.Diff(wantView(t, want), positionView(got)); d != "" {
		t.Errorf("%q from %v: got %v; mismatch (-want +got):\n%s", c.moves, start, got, d)
	}
	if c.legal != "" {
		if d := cmp.Diff(splitLegal(c.legal), legalView(r, got)); d != "" {
			t.Errorf("legal moves at %v: mismatch (-want +got):\n%s", got, d)
		}
	}
	if got.Over() != (got.ToMove == mancala.NoTurn) || g.Over() != got.Over() {
		t.Errorf("Over: position %v, game %v", got.Over(), g.Over())
	}

	// The reference, from the same position, agrees with the hand trace.
	var ref *reference.Game
	if c.start == "" {
		ref = reference.New(refOptions(r.Options()))
	} else if ref, err = reference.FromPosition(refOptions(r.Options()), refPosition(start)); err != nil {
		t.Fatalf("reference from %v: %v", start, err)
	}
	for _, m := range moveList(t, c.moves) {
		if err := ref.Play(refMove(m)); err != nil {
			t.Fatalf("reference: %v", err)
		}
	}
	rv := ref.View()
	rv.Legal = nil
	if d := cmp.Diff(wantView(t, want), rv); d != "" {
		t.Errorf("reference: mismatch (-want +got):\n%s", d)
	}
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.name, func(t *testing.T) { runRuleCase(t, c) })
	}
}

// TestRulesOutcome checks the result of finished sets (CK-10, CK-14).
func TestRulesOutcome(t *testing.T) {
	cases := []struct {
		name   string
		opts   congkak.Options
		start  string
		moves  string
		result mancala.Result
		scores [2]int
	}{
		{"CK-14/the player without a house loses the set", seq7,
			"0,0,0,0,0,0,1/3,0,0,0,0,0,0 91,3 S r1", "G", mancala.SouthWins, [2]int{92, 6}},
		{"CK-14/round limit: more seeds wins", congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1},
			"7,7,7,0,0,0,0/0,0,0,0,0,0,1 17,59 N r1", "g", mancala.NorthWins, [2]int{38, 60}},
		{"CK-14/round limit: equal is a draw", congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1},
			"0,0,0,0,0,0,1/7,7,7,0,0,0,0 48,28 S r1", "G", mancala.Draw, [2]int{49, 49}},
		// C (1) into D captures a (1): 2 to South's store; North's row is
		// empty: the round ends, South's A counts for him: 10+2+1=13 to 19.
		{"CK-10/houses left count for their owner", congkak.Options{Houses: 4, Opening: congkak.OpeningSequential, Rounds: 1},
			"1,0,1,0/1,0,0,0 10,19 S r1", "C", mancala.NorthWins, [2]int{13, 19}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := congkak.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			g, err := mancala.NewGame(r, mancala.FromText(c.start))
			if err != nil {
				t.Fatal(err)
			}
			if err := g.PlayText(c.moves); err != nil {
				t.Fatal(err)
			}
			o := g.Outcome()
			if !g.Over() || o.Result != c.result || o.Scores != c.scores {
				t.Errorf("after %q from %q: over %v, outcome %+v; want %v %v", c.moves, c.start, g.Over(), o, c.result, c.scores)
			}
		})
	}
}

// TestConcede: a player may concede at any time and loses (CK-14).
func TestConcede(t *testing.T) {
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("Aa"); err != nil {
		t.Fatal(err)
	}
	if err := g.Concede(mancala.South); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != mancala.NorthWins || !o.Conceded {
		t.Errorf("CK-14/concession: outcome %+v, want North to win by concession", o)
	}
}

// TestRefusedMoves: moves that CK-2, CK-8 and CK-12 do not allow are
// refused with ErrIllegalMove and change nothing.
func TestRefusedMoves(t *testing.T) {
	cases := []struct {
		name  string
		opts  congkak.Options
		start string
		move  mancala.Move
	}{
		{"CK-2/empty house", seq4, "1,0,1,2/2,0,0,0 13,13 S r1", mancala.Single(mancala.South, 1)},
		{"CK-2/the opponent's house", seq4, "1,0,1,2/2,0,0,0 13,13 S r1", mancala.Single(mancala.North, 0)},
		{"CK-2/a house beyond the board", seq4, "1,0,1,2/2,0,0,0 13,13 S r1", mancala.Single(mancala.South, 4)},
		{"CK-2/the zero move", seq4, "1,0,1,2/2,0,0,0 13,13 S r1", mancala.Move{}},
		{"CK-12/a burnt house", seq4Off, "x,2,0,6/0,x,2,1 10,11 S r2", mancala.Single(mancala.South, 0)},
		{"CK-7/a joint move at a single player's turn", seq4, "1,0,1,2/2,0,0,0 13,13 S r1", mancala.Joint(0, 0)},
		{"CK-8/one player's move at a simultaneous decision", congkak.Options{}, "", mancala.Single(mancala.South, 0)},
		{"CK-8/a joint move with an empty house", congkak.Options{Houses: 4}, "1,1,1,0/1,1,1,1 13,12 B r1", mancala.Joint(3, 0)},
		{"CK-8/the chooser's opponent has a hand in the air", congkak.Options{Houses: 4},
			"1,2,0,0/1,1,1,1 11,12 S r1 h0@A,2@B", mancala.Single(mancala.North, 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := congkak.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			p := r.Start()
			if c.start != "" {
				q, err := mancala.ParsePosition(c.start)
				if err != nil {
					t.Fatal(err)
				}
				if p, err = r.Setup(q); err != nil {
					t.Fatalf("Setup(%q): %v", c.start, err)
				}
			}
			if mancala.IsLegal(r, p, c.move) {
				t.Fatalf("%#v is among the legal moves of %v", c.move, p)
			}
			q, err := r.Play(p, c.move)
			if !errors.Is(err, mancala.ErrIllegalMove) {
				t.Errorf("Play(%v, %#v): error %v, want one wrapping ErrIllegalMove", p, c.move, err)
			}
			if q != p {
				t.Errorf("Play(%v, %#v) changed the position to %v", p, c.move, q)
			}
		})
	}
}

// TestOptions checks CK-1's options, the presets and the refused
// configurations.
func TestOptions(t *testing.T) {
	t.Run("CK-1/presets", func(t *testing.T) {
		if d := cmp.Diff(congkak.Options{Houses: 7, Seeds: 7}, congkak.Documents()); d != "" {
			t.Errorf("Documents (-want +got):\n%s", d)
		}
		want := congkak.Options{Houses: 9, Seeds: 9, EmptyCapture: congkak.EmptyCaptureStay, RoundEnd: congkak.RoundEndPassReply}
		if d := cmp.Diff(want, congkak.Overbeck()); d != "" {
			t.Errorf("Overbeck (-want +got):\n%s", d)
		}
		for name, want := range map[string]congkak.Options{
			"default": congkak.Documents(), "documents": congkak.Documents(), "overbeck": congkak.Overbeck(),
		} {
			got, err := congkak.Preset(name)
			if err != nil || got != want {
				t.Errorf("Preset(%q) = %+v, %v; want %+v", name, got, err, want)
			}
		}
		for _, name := range []string{"kalah", "overbeck2", "awale"} {
			if _, err := congkak.Preset(name); !errors.Is(err, mancala.ErrUnsupported) {
				t.Errorf("Preset(%q): error %v, want one wrapping ErrUnsupported", name, err)
			}
		}
	})
	t.Run("CK-1/defaults filled in", func(t *testing.T) {
		for _, c := range []struct {
			in          congkak.Options
			houses, per int
		}{
			{congkak.Options{}, 7, 7},
			{congkak.Options{Houses: 5}, 5, 5},
			{congkak.Options{Houses: 9}, 9, 9},
			{congkak.Options{Houses: 3}, 3, 3},
			{congkak.Options{Houses: 6, Seeds: 4}, 6, 4},
		} {
			r, err := congkak.New(c.in)
			if err != nil {
				t.Errorf("New(%+v): %v", c.in, err)
				continue
			}
			o := r.Options()
			b := r.Start().Board
			if o.Houses != c.houses || o.Seeds != c.per || b.Houses() != c.houses || b.Total() != 2*c.houses*c.per {
				t.Errorf("New(%+v): options %+v, board %d houses %d seeds; want %d houses of %d",
					c.in, o, b.Houses(), b.Total(), c.houses, c.per)
			}
			for q := mancala.South; q <= mancala.North; q++ {
				for i := 0; i < c.houses; i++ {
					if b.Seeds(q, i) != c.per || b.Burnt(q, i) {
						t.Errorf("New(%+v): start house %v of %v holds %d", c.in, i, q, b.Seeds(q, i))
					}
				}
			}
		}
	})
	t.Run("CK-1/refused configurations", func(t *testing.T) {
		for _, o := range []congkak.Options{
			{Houses: -1},
			{Houses: mancala.MaxHouses + 1},
			{Houses: 12}, // 12 seeds in 24 houses: more than the board holds
			{Houses: 9, Seeds: 15},
			{Seeds: -1},
			{EmptyCapture: 2},
			{Opening: 2},
			{RoundEnd: 2},
			{Starter: 2},
			{FirstHand: 5},
			{Rounds: -1},
		} {
			if r, err := congkak.New(o); !errors.Is(err, mancala.ErrUnsupported) {
				t.Errorf("New(%+v) = %v, %v; want an error wrapping ErrUnsupported", o, r, err)
			}
		}
	})
	t.Run("CK-1/Setup refuses positions of another configuration", func(t *testing.T) {
		r, err := congkak.New(congkak.Options{Houses: 4, Opening: congkak.OpeningSequential})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{
			"4,4,4,4,4/4,4,4,4,4 0,0 S r1", // 5 houses
			"4,4,4,4/4,4,4,4 1,0 S r1",     // 33 seeds
			"4,4,4,4/4,4,4,3 0,0 S r1",     // 31 seeds
		} {
			p, err := mancala.ParsePosition(s)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.Setup(p); !errors.Is(err, mancala.ErrInvalidPosition) {
				t.Errorf("Setup(%q): error %v, want one wrapping ErrInvalidPosition", s, err)
			}
		}
	})
}
