package awale_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/awale/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// plainPos is a position spelled out for cmp.Diff.
type plainPos struct {
	South, North []int
	Stores       [2]int
	ToMove       string
	Round        int
	State        uint32
}

func plain(p mancala.Position) plainPos {
	s := toState(p)
	return plainPos{s.Houses[0], s.Houses[1], s.Stores, p.ToMove.String(), p.Round, p.State}
}

func mustParse(t testing.TB, text string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return p
}

// ruleCase is a hand-built position, moves played from it through a
// mancala.Game, and the position they must lead to. Every expectation was
// derived by hand from RULES.md (the derivation is in the row's comment),
// and every row is also played by the reference implementation.
type ruleCase struct {
	name   string        // rule id first
	opts   awale.Options // zero: the documents' rules
	pos    string        // start, in position text; "" for the ruleset's Start
	moves  string        // letters played in order, through mancala.Game
	legal  string        // if set: the legal moves before the last move (or at pos if no moves), as letters
	refuse string        // if set: the last move must be refused naming this rule ("any" for no rule check)
	want   string        // the position after the moves (or after Setup); before the refused move if refuse is set
	result string        // if set: the game's result ("south", "north", "draw")
}

var (
	gsNoCapture  = awale.Options{GrandSlam: awale.GrandSlamNoCapture}
	gsCaptureAll = awale.Options{GrandSlam: awale.GrandSlamCaptureAll}
	gsElse       = awale.Options{GrandSlam: awale.GrandSlamForbiddenElseCapture}
	cycleSplit   = awale.Options{Cycle: awale.CycleSplit}
)

var ruleCases = []ruleCase{
	// AW-1, AW-2: the start, and turns alternating.
	{name: "AW-1/start: 6 houses of 4, South to move", legal: "ABCDEF", want: "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S"},
	{name: "AW-1/start: 3 houses of 5", opts: awale.Options{Houses: 3, Seeds: 5}, legal: "ABC", want: "5,5,5/5,5,5 0,0 S"},
	{name: "AW-1/start: 12 houses of 10", opts: awale.Options{Houses: 12, Seeds: 10},
		want: "10,10,10,10,10,10,10,10,10,10,10,10/10,10,10,10,10,10,10,10,10,10,10,10 0,0 S"},
	// F (4): a b c d.
	{name: "AW-2/North moves after South", moves: "F", legal: "ABCDEF", want: "4,4,4,4,4,0/5,5,5,5,4,4 0,0 N"},
	// After F, c (5): d e f A B.
	{name: "AW-2/South moves after North", moves: "Fc", legal: "abcdef", want: "5,5,4,4,4,0/5,5,0,6,5,5 0,0 S"},
	{name: "AW-2/South cannot move twice", moves: "FA", refuse: "AW-2", want: "4,4,4,4,4,0/5,5,5,5,4,4 0,0 N"},
	{name: "AW-2/North cannot move first", moves: "a", refuse: "AW-2", want: "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S"},

	// AW-3: sowing, and the origin skipped.
	// F (12): a..f, A..E, skip F, a. a = 1+2 = 3 is captured (AW-4).
	{name: "AW-3/12 seeds skip the origin", pos: "1,1,1,1,1,12/1,1,1,1,1,1 12,13 S", moves: "F",
		want: "2,2,2,2,2,0/0,2,2,2,2,2 15,13 N"},
	// F (11): a..f, A..E; the last seed is in E, in South's row: no capture.
	{name: "AW-3/11 seeds stop short of the origin", pos: "1,1,1,1,1,11/1,1,1,1,1,1 13,13 S", moves: "F",
		want: "2,2,2,2,2,0/2,2,2,2,2,2 13,13 N"},
	// A (23): B..F a..f, B..F a..f (22), skip A, B. Last in B: no capture.
	{name: "AW-3/23 seeds skip the origin twice", pos: "23,0,0,0,0,0/1,1,1,1,1,1 9,10 S", moves: "A",
		want: "0,3,2,2,2,2/3,3,3,3,3,3 9,10 N"},
	// F (24): a..f A..E twice (22), skip F, a b. a=b=3, c..f=2: last b=3, a=3: 6 captured.
	{name: "AW-3/24 seeds skip the origin twice, then capture", pos: "0,0,0,0,0,24/0,0,0,0,0,0 10,14 S", moves: "F",
		want: "2,2,2,2,2,0/0,0,2,2,2,2 16,14 N"},
	// One house a side: A's seeds all go to a (A is skipped each lap).
	{name: "AW-3/one house: every seed goes across", opts: awale.Options{Houses: 1, Seeds: 4}, moves: "A",
		want: "0/8 0,0 N"},
	// An empty house cannot be sown.
	{name: "AW-3/empty house refused", pos: "0,4,4,4,4,4/4,4,4,4,4,4 2,2 S", moves: "A", legal: "BCDEF", refuse: "AW-3",
		want: "0,4,4,4,4,4/4,4,4,4,4,4 2,2 S"},

	// AW-4: captures.
	// E (3): F a b. b=3, a=2 captured; the chain ends at a, not F (South's row, holding 2).
	{name: "AW-4/chain stops at the row boundary", pos: "0,0,0,0,3,1/1,2,4,4,4,4 12,13 S", moves: "E",
		want: "0,0,0,0,0,2/0,0,4,4,4,4 17,13 N"},
	// F (2): a b. b=4: nothing, although a=2.
	{name: "AW-4/last house holding 4 captures nothing", pos: "4,4,4,4,4,2/1,3,4,4,4,4 3,3 S", moves: "F",
		want: "4,4,4,4,4,0/2,4,4,4,4,4 3,3 N"},
	// F (1): a. a=1: nothing.
	{name: "AW-4/last house holding 1 captures nothing", pos: "4,4,4,4,4,1/0,2,4,4,4,4 4,5 S", moves: "F",
		want: "4,4,4,4,4,0/1,2,4,4,4,4 4,5 N"},
	// A (1): B. B=2 is in South's own row: nothing.
	{name: "AW-4/2 in the mover's own row is not captured", pos: "1,1,4,4,4,4/4,4,4,4,4,4 3,3 S", moves: "A",
		want: "0,2,4,4,4,4/4,4,4,4,4,4 3,3 N"},
	// F (4): a b c d. d=3, c=2 captured; b=1 breaks the chain; a=2 stays.
	{name: "AW-4/chain broken by a house that is not 2 or 3", pos: "4,4,4,4,4,4/1,0,1,2,4,4 6,6 S", moves: "F",
		want: "4,4,4,4,4,0/2,1,0,0,4,4 11,6 N"},
	// F (3): a b c. c=2, b=2, a=3 captured: 7; d..f untouched.
	{name: "AW-4/chain of three up to the first house", pos: "4,4,4,4,4,3/2,1,1,4,4,4 4,5 S", moves: "F",
		want: "4,4,4,4,4,0/0,0,0,4,4,4 11,5 N"},
	// f (3): A B C. C=2, B=3, A=2: 7 captured by North.
	{name: "AW-4/North captures in South's row", pos: "1,2,1,4,4,4/4,4,4,4,4,3 4,5 N", moves: "f",
		want: "0,0,0,4,4,4/4,4,4,4,4,0 4,12 S"},

	// AW-5: feeding.
	{name: "AW-5/only feeding moves are legal", pos: "1,0,0,0,2,1/0,0,0,0,0,0 20,24 S", legal: "EF",
		want: "1,0,0,0,2,1/0,0,0,0,0,0 20,24 S"},
	{name: "AW-5/a move that does not feed is refused", pos: "1,0,0,0,2,1/0,0,0,0,0,0 20,24 S", moves: "A", refuse: "AW-5",
		want: "1,0,0,0,2,1/0,0,0,0,0,0 20,24 S"},
	// E (2): F a. a=1: no capture.
	{name: "AW-5/feeding move played", pos: "1,0,0,0,2,1/0,0,0,0,0,0 20,24 S", moves: "E",
		want: "1,0,0,0,0,2/1,0,0,0,0,0 20,24 N"},
	// Only A (13) can feed: B..F (5), a..f (6), skip A, B C. Last seed in C, South's row.
	{name: "AW-5/multi-lap feeding move", pos: "13,1,0,0,0,0/0,0,0,0,0,0 16,18 S", legal: "A", moves: "A",
		want: "0,3,2,1,1,1/1,1,1,1,1,1 16,18 N"},
	// North's row is empty and neither A (1) nor B (1) reaches it: AW-7 ends the game.
	{name: "AW-5/cannot feed: the game ends (AW-7)", pos: "1,1,0,0,0,0/0,0,0,0,0,0 20,26 S",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 22,26 - s11", result: "north"},

	// AW-6: grand slams. F (2): a b; a=2, b=3 would take North's whole row.
	{name: "AW-6/forbidden: refused while A is legal", pos: "1,0,0,0,0,2/1,2,0,0,0,0 20,22 S", legal: "A", moves: "F",
		refuse: "AW-6", want: "1,0,0,0,0,2/1,2,0,0,0,0 20,22 S"},
	{name: "AW-6/forbidden else capture: refused while A is legal", opts: gsElse, pos: "1,0,0,0,0,2/1,2,0,0,0,0 20,22 S",
		legal: "A", moves: "F", refuse: "AW-6", want: "1,0,0,0,0,2/1,2,0,0,0,0 20,22 S"},
	{name: "AW-6/no capture: legal, captures nothing", opts: gsNoCapture, pos: "1,0,0,0,0,2/1,2,0,0,0,0 20,22 S",
		legal: "AF", moves: "F", want: "1,0,0,0,0,0/2,3,0,0,0,0 20,22 N"},
	// Captures 5; North then has no seeds: South takes his A (AW-7).
	{name: "AW-6/capture all: legal, captures the row", opts: gsCaptureAll, pos: "1,0,0,0,0,2/1,2,0,0,0,0 20,22 S",
		legal: "AF", moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 26,22 - s31", result: "south"},
	// E (3): F a b and F (2): a b are both grand slams: forced.
	{name: "AW-6/forbidden: forced grand slam captures nothing", pos: "0,0,0,0,3,2/1,2,0,0,0,0 20,20 S",
		legal: "EF", moves: "E", want: "0,0,0,0,0,3/2,3,0,0,0,0 20,20 N"},
	{name: "AW-6/no capture: forced grand slam captures nothing", opts: gsNoCapture, pos: "0,0,0,0,3,2/1,2,0,0,0,0 20,20 S",
		legal: "EF", moves: "E", want: "0,0,0,0,0,3/2,3,0,0,0,0 20,20 N"},
	// Captures 5; North has no seeds: South takes F=3 (AW-7).
	{name: "AW-6/forbidden else capture: forced grand slam captures", opts: gsElse, pos: "0,0,0,0,3,2/1,2,0,0,0,0 20,20 S",
		legal: "EF", moves: "E", want: "0,0,0,0,0,0/0,0,0,0,0,0 28,20 - s31", result: "south"},
	{name: "AW-6/capture all: grand slam captures", opts: gsCaptureAll, pos: "0,0,0,0,3,2/1,2,0,0,0,0 20,20 S",
		legal: "EF", moves: "E", want: "0,0,0,0,0,0/0,0,0,0,0,0 28,20 - s31", result: "south"},
	// North empty; F (17): a..f, A..E, skip F, a..f: North all 2, last in f: a feeding grand slam.
	// E (2): F a feeds without capturing, so F is forbidden.
	{name: "AW-6/feeding grand slam forbidden while another move feeds", pos: "0,0,0,0,2,17/0,0,0,0,0,0 14,15 S",
		legal: "E", moves: "F", refuse: "AW-6", want: "0,0,0,0,2,17/0,0,0,0,0,0 14,15 S"},
	{name: "AW-6/feeding grand slam, no capture", opts: gsNoCapture, pos: "0,0,0,0,2,17/0,0,0,0,0,0 14,15 S",
		legal: "EF", moves: "F", want: "1,1,1,1,3,0/2,2,2,2,2,2 14,15 N"},
	// Captures 12; North empty: South takes 7.
	{name: "AW-6/feeding grand slam, capture all", opts: gsCaptureAll, pos: "0,0,0,0,2,17/0,0,0,0,0,0 14,15 S",
		legal: "EF", moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 33,15 - s31", result: "south"},
	{name: "AW-6/forced feeding grand slam captures nothing", pos: "0,0,0,0,0,17/0,0,0,0,0,0 15,16 S",
		legal: "F", moves: "F", want: "1,1,1,1,1,0/2,2,2,2,2,2 15,16 N"},
	// Captures 12; North empty: South takes 5.
	{name: "AW-6/forced feeding grand slam captures (forbidden else capture)", opts: gsElse,
		pos: "0,0,0,0,0,17/0,0,0,0,0,0 15,16 S", legal: "F", moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 32,16 - s31", result: "south"},
	// AW-5 before AW-6: A (1) does not feed, so F, the only feeding move, is forced although it is a grand slam.
	{name: "AW-6/AW-5 applies first: the grand slam is the only feeding move", pos: "1,0,0,0,0,17/0,0,0,0,0,0 15,15 S",
		legal: "F", moves: "F", want: "2,1,1,1,1,0/2,2,2,2,2,2 15,15 N"},
	{name: "AW-6/AW-5 applies first: the non-feeding move stays refused", pos: "1,0,0,0,0,17/0,0,0,0,0,0 15,15 S",
		moves: "A", refuse: "AW-5", want: "1,0,0,0,0,17/0,0,0,0,0,0 15,15 S"},
	{name: "AW-6/AW-5 applies first, forbidden else capture", opts: gsElse, pos: "1,0,0,0,0,17/0,0,0,0,0,0 15,15 S",
		legal: "F", moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 33,15 - s31", result: "south"},
	// Taking every seed but one is not a grand slam: c=1 stays.
	{name: "AW-6/capture leaving one seed is allowed", pos: "1,0,0,0,0,2/1,2,1,0,0,0 20,21 S", legal: "AF", moves: "F",
		want: "1,0,0,0,0,0/0,0,1,0,0,0 25,21 N"},
	// One house a side, 1 seed each: A gives a 2, a grand slam, forced.
	{name: "AW-6/one house: forced grand slam captures nothing", opts: awale.Options{Houses: 1, Seeds: 1}, moves: "A",
		want: "0/2 0,0 N"},

	// AW-7: the no-move end, both kinds.
	// F (1): a=2 captured (b=1 stays, no grand slam). South is empty, North's b (1) cannot reach him.
	{name: "AW-7/after a move: nobody can feed the player with no seeds", pos: "0,0,0,0,0,1/1,1,0,0,0,0 21,24 S", moves: "F",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 23,25 - s31", result: "north"},
	{name: "AW-7/at set-up: the mover cannot feed", pos: "0,0,0,0,1,0/0,0,0,0,0,0 23,24 S",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 24,24 - s11", result: "draw"},
	{name: "AW-7/at set-up: the mover can feed, the game goes on", pos: "1,0,0,0,0,1/0,0,0,0,0,0 20,26 S", legal: "F",
		want: "1,0,0,0,0,1/0,0,0,0,0,0 20,26 S"},
	{name: "AW-7/at set-up: the mover has no seeds", pos: "0,0,0,0,0,0/1,2,0,0,0,0 20,25 S",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 20,28 - s11", result: "north"},
	{name: "AW-7/at set-up: North to move has no seeds", pos: "5,0,0,0,0,0/0,0,0,0,0,0 20,23 N",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 25,23 - s31", result: "south"},
	// Forced grand slam that captures: North is left with nothing.
	{name: "AW-7/the mover has no seeds after a forced grand slam", opts: gsElse, pos: "0,0,0,0,0,2/1,2,0,0,0,0 20,23 S",
		moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 25,23 - s31", result: "south"},
	// Forced grand slam that captures nothing: South is empty and North's a (2), b (3) cannot reach him.
	{name: "AW-7/forced grand slam, then nobody can feed", pos: "0,0,0,0,0,2/1,2,0,0,0,0 20,23 S",
		moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 20,28 - s31", result: "north"},
	{name: "AW-7/moves after the end are refused", pos: "0,0,0,0,0,2/1,2,0,0,0,0 20,23 S", moves: "Fa", refuse: "any",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 20,28 - s31"},

	// AW-8: endless cycles through mancala.Game. A (2): B C; a: b; C: D; ... F: a; f: A; A: B
	// repeats the position after the first move (South B C, North a, North to move).
	{name: "AW-8/own row: a repeated position ends the game", pos: "2,0,0,0,0,0/1,0,0,0,0,0 22,23 S", moves: "AaCbBcDdEeFfA",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 24,24 - s2", result: "draw"},
	{name: "AW-8/the move before the repetition does not end the game", pos: "2,0,0,0,0,0/1,0,0,0,0,0 22,23 S", moves: "AaCbBcDdEeFf",
		legal: "af", want: "1,0,1,0,0,0/1,0,0,0,0,0 22,23 S"},
	// Split: 3 seeds left (B, C, a), 1 to each store; the odd seed stays in the first
	// non-empty house from A (B), as the API suggests and package awale documents.
	{name: "AW-8/split: odd seeds left", opts: cycleSplit, pos: "2,0,0,0,0,0/1,0,0,0,0,0 22,23 S", moves: "AaCbBcDdEeFfA",
		want: "0,1,0,0,0,0/0,0,0,0,0,0 23,24 - s2", result: "north"},
	{name: "AW-8/split under the Awari preset", opts: awale.Awari(), pos: "2,0,0,0,0,0/1,0,0,0,0,0 22,23 S", moves: "AaCbBcDdEeFfA",
		want: "0,1,0,0,0,0/0,0,0,0,0,0 23,24 - s2", result: "north"},
	// One house of 4: A gives a 8; a (must feed) gives A 8; A repeats "0/8 N".
	{name: "AW-8/own row: one house a side", opts: awale.Options{Houses: 1, Seeds: 4}, moves: "AaA",
		want: "0/0 0,8 - s2", result: "north"},
	{name: "AW-8/split: even seeds left", opts: awale.Options{Houses: 1, Seeds: 4, Cycle: awale.CycleSplit}, moves: "AaA",
		want: "0/0 4,4 - s2", result: "draw"},
	{name: "AW-8/split: 7 seeds left", opts: awale.Options{Houses: 1, Seeds: 4, Cycle: awale.CycleSplit}, pos: "3/4 1,0 S", moves: "AaA",
		want: "0/1 4,3 - s2", result: "south"},
	// One house of 1: A and a are forced grand slams that capture nothing; A repeats "0/2 N".
	{name: "AW-8/one house of one seed cycles", opts: awale.Options{Houses: 1, Seeds: 1}, moves: "AaA",
		want: "0/0 0,2 - s2", result: "north"},
	{name: "AW-8/no cycle when the forced grand slam captures", opts: awale.Options{Houses: 1, Seeds: 1, GrandSlam: awale.GrandSlamForbiddenElseCapture},
		moves: "A", want: "0/0 2,0 - s31", result: "south"},

	// AW-9: the result compares the stores (rows above end "south", "north" and "draw"; see also TestResult).

	// AW-10: stop at majority. F (1): a=3 captured (b=1 stays): South has 25 of 48.
	{name: "AW-10/a majority ends the game", opts: awale.Abapa(), pos: "4,0,0,0,0,1/2,1,0,0,0,0 22,18 S", moves: "F",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 29,19 - s3", result: "south"},
	{name: "AW-10/off by default: the game goes on", pos: "4,0,0,0,0,1/2,1,0,0,0,0 22,18 S", moves: "F",
		want: "4,0,0,0,0,0/0,1,0,0,0,0 25,18 N"},
	// f (2): A B. B=3, A=2: North has 20+5 = 25.
	{name: "AW-10/a majority for North", opts: awale.Options{StopAtMajority: true}, pos: "1,2,4,0,0,0/0,0,0,0,1,2 18,20 N", moves: "f",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 22,26 - s3", result: "north"},
	{name: "AW-10/majority at set-up", opts: awale.Abapa(), pos: "4,4,0,0,0,0/4,4,0,0,0,0 25,7 N",
		want: "0,0,0,0,0,0/0,0,0,0,0,0 33,15 - s3", result: "south"},
	{name: "AW-10/exactly half is no majority", opts: awale.Abapa(), pos: "4,4,4,0,0,0/4,4,4,0,0,0 24,0 S", legal: "ABC",
		want: "4,4,4,0,0,0/4,4,4,0,0,0 24,0 S"},
	// F (1): a=3, a grand slam that captures: 24 each, an equal split of all 48 seeds.
	{name: "AW-10/equal halves end the game", opts: awale.Options{GrandSlam: awale.GrandSlamCaptureAll, StopAtMajority: true},
		pos: "0,0,0,0,0,1/2,0,0,0,0,0 21,24 S", moves: "F", want: "0,0,0,0,0,0/0,0,0,0,0,0 24,24 - s3", result: "draw"},
}

func letters(ms []mancala.Move) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(m.String())
	}
	return b.String()
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.name, func(t *testing.T) {
			r, err := awale.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			var opts []mancala.GameOption
			if c.pos != "" {
				opts = append(opts, mancala.From(mustParse(t, c.pos)))
			}
			g, err := mancala.NewGame(r, opts...)
			if err != nil {
				t.Fatalf("NewGame: %v", err)
			}
			last := len(c.moves) - 1
			for i := 0; i < len(c.moves); i++ {
				m, err := mancala.ParseMove(c.moves[i : i+1])
				if err != nil {
					t.Fatal(err)
				}
				if i == last && c.legal != "" {
					if got := letters(g.Legal()); got != c.legal {
						t.Errorf("legal moves before %v: %q, want %q", m, got, c.legal)
					}
				}
				before := g.Position()
				err = g.Play(m)
				if i == last && c.refuse != "" {
					checkRefusal(t, err, c.refuse)
					if g.Position() != before {
						t.Errorf("the refused move changed the position to %v", g.Position())
					}
					break
				}
				if err != nil {
					t.Fatalf("move %d (%v) in %v: %v", i, m, before, err)
				}
			}
			if c.moves == "" && c.legal != "" {
				if got := letters(g.Legal()); got != c.legal {
					t.Errorf("legal moves: %q, want %q", got, c.legal)
				}
			}
			want := mustParse(t, c.want)
			if d := cmp.Diff(plain(want), plain(g.Position())); d != "" {
				t.Errorf("position mismatch (-want +got):\n%s\ngot %v", d, g.Position())
			}
			if c.result != "" {
				if got := g.Outcome().Result.String(); got != c.result {
					t.Errorf("AW-9: result %s, want %s", got, c.result)
				}
			}
			if c.result == "" && c.refuse == "" && g.Over() {
				t.Errorf("the game is over: %v", g.Position())
			}
			c.checkReference(t, want)
		})
	}
}

// checkRefusal checks that err refuses a move naming rule.
func checkRefusal(t *testing.T, err error, rule string) {
	t.Helper()
	if !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("got %v, want a refusal wrapping ErrIllegalMove", err)
	}
	var me *mancala.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("got %v (%T), want a *mancala.MoveError", err, err)
	}
	if rule != "any" && me.Rule != rule {
		t.Errorf("refusal %q names rule %q, want %q", err, me.Rule, rule)
	}
}

// checkReference plays the same row through the reference implementation,
// so that the oracle of model_test.go is held to the hand derivations too.
func (c ruleCase) checkReference(t *testing.T, want mancala.Position) {
	t.Helper()
	o := refOptions(t, c.opts)
	var s reference.State
	if c.pos == "" {
		s = reference.Start(o)
	} else {
		s = toState(mustParse(t, c.pos))
	}
	hist := []reference.State{reference.Settle(o, s)}
	for i := 0; i < len(c.moves); i++ {
		m, _ := mancala.ParseMove(c.moves[i : i+1])
		cur := hist[len(hist)-1]
		if c.legal != "" && i == len(c.moves)-1 {
			var got strings.Builder
			for _, h := range reference.Legal(o, cur) {
				got.WriteString(mancala.Single(mancala.Player(cur.ToMove), h).String())
			}
			if got.String() != c.legal {
				t.Errorf("reference: legal moves %q, want %q", got.String(), c.legal)
			}
		}
		p, ok := m.Player()
		h, _ := m.House(p)
		var next reference.State
		var err error
		if !ok {
			err = reference.ErrIllegal // not a single move: no Awalé move at all
		} else {
			next, err = reference.PlayBy(o, hist, int(p), h)
		}
		if i == len(c.moves)-1 && c.refuse != "" {
			var ref *reference.Refusal
			if err == nil {
				t.Errorf("reference plays the refused move %v", m)
			} else if c.refuse != "any" && (!errors.As(err, &ref) || ref.Rule != c.refuse) {
				t.Errorf("reference refuses %v with %v, want rule %s", m, err, c.refuse)
			}
			break
		}
		if err != nil {
			t.Fatalf("reference refuses move %d (%v): %v", i, m, err)
		}
		hist = append(hist, next)
	}
	got := hist[len(hist)-1]
	if d := cmp.Diff(plain(want), plain(toPosition(t, got))); d != "" {
		t.Errorf("reference: position mismatch (-want +got):\n%s", d)
	}
	if c.legal != "" && c.moves == "" {
		if !slices.Equal(refView(o, got).Legal, strings.Split(c.legal, "")) {
			t.Errorf("reference: legal %v, want %q", refView(o, got).Legal, c.legal)
		}
	}
}

// TestResult: a finished game is won by the player with more seeds in his
// store, and equal stores are a draw (AW-9); Setup accepts finished
// positions with an empty board as they are.
func TestResult(t *testing.T) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, pos string
		want      mancala.Result
	}{
		// State 8: the end bits of mancala.EndOther, which Setup gives a
		// finished position that shows no reason (see Rules.Ending).
		{"AW-9/South has more", "0,0,0,0,0,0/0,0,0,0,0,0 25,23 - s8", mancala.SouthWins},
		{"AW-9/North has more", "0,0,0,0,0,0/0,0,0,0,0,0 1,47 - s8", mancala.NorthWins},
		{"AW-9/equal is a draw", "0,0,0,0,0,0/0,0,0,0,0,0 24,24 - s8", mancala.Draw},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.pos)
			q, err := r.Setup(p)
			if err != nil {
				t.Fatalf("Setup(%v): %v", p, err)
			}
			if q != p {
				t.Errorf("Setup(%v) = %v", p, q)
			}
			g, err := mancala.NewGame(r, mancala.From(p))
			if err != nil {
				t.Fatal(err)
			}
			want := mancala.Outcome{Result: c.want, Scores: [2]int{p.Board.Store(mancala.South), p.Board.Store(mancala.North)},
				Ending: mancala.Ending{Reason: mancala.EndOther, Who: mancala.NoTurn}}
			if d := cmp.Diff(want, g.Outcome()); d != "" {
				t.Errorf("outcome mismatch (-want +got):\n%s", d)
			}
			if w := reference.Winner(toState(p)); (w == reference.South) != (c.want == mancala.SouthWins) ||
				(w == reference.North) != (c.want == mancala.NorthWins) {
				t.Errorf("reference: winner %d", w)
			}
		})
	}
}

// TestCycleDirect calls Cycle directly (AW-8) on a position with 11 seeds
// left: each player's own row (6 and 5) under the default, and half each
// (5 and 5, one seed left on the board) under the split.
func TestCycleDirect(t *testing.T) {
	const pos = "1,0,2,0,0,3/0,4,0,0,1,0 18,19 N"
	for _, c := range []struct {
		name   string
		opts   awale.Options
		want   string
		result string
	}{
		// State 2: AW-8's end bits (see Rules.Ending).
		{"AW-8/own row, called directly", awale.Documents(), "0,0,0,0,0,0/0,0,0,0,0,0 24,24 - s2", "draw"},
		{"AW-8/split, called directly, odd seeds", awale.Awari(), "1,0,0,0,0,0/0,0,0,0,0,0 23,24 - s2", "north"},
		{"AW-8/split, called directly, South to move", awale.Options{Cycle: awale.CycleSplit}, "1,0,0,0,0,0/0,0,0,0,0,0 23,24 - s2", "north"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := awale.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			cy, ok := any(r).(mancala.Cycler)
			if !ok {
				t.Fatal("*awale.Rules is not a mancala.Cycler")
			}
			p, err := r.Setup(mustParse(t, pos))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(c.name, "South to move") {
				p.ToMove = mancala.SouthTurn
			}
			got := cy.Cycle(p)
			want := mustParse(t, c.want)
			if d := cmp.Diff(plain(want), plain(got)); d != "" {
				t.Errorf("Cycle(%v) mismatch (-want +got):\n%s", p, d)
			}
			if r := got.Outcome().Result.String(); r != c.result {
				t.Errorf("AW-9: result %s, want %s", r, c.result)
			}
			if got.Board.Total() != p.Board.Total() {
				t.Errorf("conservation: %d seeds after Cycle, %d before", got.Board.Total(), p.Board.Total())
			}
			ref := reference.EndByCycle(refOptions(t, c.opts), toState(p))
			if d := cmp.Diff(plain(want), plain(toPosition(t, ref))); d != "" {
				t.Errorf("reference: mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestOptions checks AW-1's options, the presets and refused
// configurations.
func TestOptions(t *testing.T) {
	t.Run("AW-1/presets", func(t *testing.T) {
		want := map[string]awale.Options{
			"default":   {Houses: 6, Seeds: 4},
			"documents": {Houses: 6, Seeds: 4},
			"Abapa":     {Houses: 6, Seeds: 4, GrandSlam: awale.GrandSlamNoCapture, StopAtMajority: true},
			"awari":     {Houses: 6, Seeds: 4, GrandSlam: awale.GrandSlamForbiddenElseCapture, Cycle: awale.CycleSplit},
		}
		for name, w := range want {
			got, err := awale.Preset(name)
			if err != nil {
				t.Errorf("Preset(%q): %v", name, err)
			}
			if got != w {
				t.Errorf("Preset(%q) = %+v, want %+v", name, got, w)
			}
		}
		if awale.Documents() != want["default"] || awale.Abapa() != want["Abapa"] || awale.Awari() != want["awari"] {
			t.Errorf("Documents, Abapa, Awari = %+v, %+v, %+v", awale.Documents(), awale.Abapa(), awale.Awari())
		}
		for _, name := range []string{"", "oware", "abapa ", "default,abapa"} {
			if _, err := awale.Preset(name); !errors.Is(err, mancala.ErrUnsupported) {
				t.Errorf("Preset(%q) = %v, want ErrUnsupported", name, err)
			}
		}
	})
	t.Run("AW-1/zero options are the documents' rules", func(t *testing.T) {
		r0, err := awale.New(awale.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r1, err := awale.New(awale.Documents())
		if err != nil {
			t.Fatal(err)
		}
		if r0.Start() != r1.Start() || r0.Start() != mustParse(t, "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S") {
			t.Errorf("Start = %v and %v", r0.Start(), r1.Start())
		}
		if r0.Options() != awale.Documents() || r1.Options() != awale.Documents() {
			t.Errorf("Options() = %+v and %+v, want %+v", r0.Options(), r1.Options(), awale.Documents())
		}
		if r0.String() != "awale" {
			t.Errorf("String() = %q, want %q", r0.String(), "awale")
		}
	})
	t.Run("AW-1/names", func(t *testing.T) {
		for _, c := range []struct {
			o    awale.Options
			want string
		}{{awale.Abapa(), "awale abapa"}, {awale.Awari(), "awale awari"}} {
			r, err := awale.New(c.o)
			if err != nil {
				t.Fatal(err)
			}
			if r.String() != c.want {
				t.Errorf("String() = %q, want %q", r.String(), c.want)
			}
		}
		seen := map[string]awale.Options{}
		for _, o := range []awale.Options{
			awale.Documents(), awale.Abapa(), awale.Awari(), {Houses: 5}, {Seeds: 3}, {StopAtMajority: true},
			{GrandSlam: awale.GrandSlamCaptureAll}, {GrandSlam: awale.GrandSlamNoCapture}, {Cycle: awale.CycleSplit},
			{GrandSlam: awale.GrandSlamForbiddenElseCapture},
		} {
			r, err := awale.New(o)
			if err != nil {
				t.Fatal(err)
			}
			if prev, dup := seen[r.String()]; dup {
				t.Errorf("options %+v and %+v are both named %q", prev, o, r.String())
			}
			seen[r.String()] = o
		}
	})
	t.Run("AW-1/accepted sizes", func(t *testing.T) {
		for _, o := range []awale.Options{{Houses: 1, Seeds: 1}, {Houses: 12, Seeds: 10}, {Houses: 1, Seeds: 127}, {Houses: 7, Seeds: 18}} {
			r, err := awale.New(o)
			if err != nil {
				t.Errorf("New(%+v): %v", o, err)
				continue
			}
			s := r.Start()
			if s.Board.Houses() != o.Houses || s.Board.Total() != 2*o.Houses*o.Seeds || s.ToMove != mancala.SouthTurn {
				t.Errorf("New(%+v).Start() = %v", o, s)
			}
			if r.Options() != o {
				t.Errorf("New(%+v).Options() = %+v", o, r.Options())
			}
		}
	})
	t.Run("AW-1/refused configurations", func(t *testing.T) {
		for _, o := range []awale.Options{
			{Houses: 13}, {Houses: -1}, {Seeds: -1}, {Houses: 12, Seeds: 11}, {Houses: 1, Seeds: 128},
			{GrandSlam: awale.GrandSlamForbiddenElseCapture + 1}, {GrandSlam: 255}, {Cycle: awale.CycleSplit + 1},
		} {
			r, err := awale.New(o)
			if !errors.Is(err, mancala.ErrUnsupported) {
				t.Errorf("New(%+v) = %v, %v; want ErrUnsupported", o, r, err)
			}
		}
	})
	t.Run("AW-1/Setup refuses positions no game can hold", func(t *testing.T) {
		r, err := awale.New(awale.Documents())
		if err != nil {
			t.Fatal(err)
		}
		bad := []string{
			"4,4,4,4,4/4,4,4,4,4 8,0 S",                             // 5 houses
			"4,4,4,4,4,4/4,4,4,4,4,4 0,0 B",                         // both to move (AW-2)
			"4,4,4,4,4,4/4,4,4,4,4,x 4,0 S",                         // a burnt house
			"4,4,4,4,4,4/4,4,4,4,4,0 0,0 S h4@F,0@a",                // seeds in a hand
			"4,4,4,4,4,4/4,4,4,4,4,4 1,0 S",                         // 49 seeds
			"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S r2",                      // a round
			"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S s1",                      // a state word
			"4,4,4,4,4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0,0,0,0,0 0,0 S", // 12 houses
		}
		for _, text := range bad {
			p := mustParse(t, text)
			if q, err := r.Setup(p); !errors.Is(err, mancala.ErrInvalidPosition) {
				t.Errorf("Setup(%s) = %v, %v; want ErrInvalidPosition", text, q, err)
			}
		}
	})
}

// TestRefusedMoveShapes: moves that are no Awalé move at all are refused
// by Play, never legal, and leave the position as it was (AW-2).
func TestRefusedMoveShapes(t *testing.T) {
	r, err := awale.New(awale.Options{Houses: 4})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	for _, m := range []mancala.Move{
		{}, mancala.Joint(0, 0), mancala.Joint(3, 1), mancala.Single(mancala.North, 0),
		mancala.Single(mancala.South, 4), mancala.Single(mancala.South, 11), mancala.Single(mancala.Player(2), 0),
	} {
		got, err := r.Play(p, m)
		if !errors.Is(err, mancala.ErrIllegalMove) || got != p {
			t.Errorf("Play(start, %#v) = %v, %v; want the start and ErrIllegalMove", m, got, err)
		}
		if mancala.IsLegal(r, p, m) {
			t.Errorf("%#v is legal", m)
		}
	}
	over := mustParse(t, "0,0,0,0/0,0,0,0 16,16 -")
	q, err := r.Setup(over)
	if err != nil {
		t.Fatalf("Setup(%v): %v", over, err)
	}
	if moves := r.Legal(nil, q); len(moves) != 0 {
		t.Errorf("Legal after the end: %v", moves)
	}
	if got, err := r.Play(q, mancala.Single(mancala.South, 0)); !errors.Is(err, mancala.ErrIllegalMove) || got != q {
		t.Errorf("Play after the end = %v, %v", got, err)
	}
}
