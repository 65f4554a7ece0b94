package mancala_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		text string
		want mancala.Outcome
	}{
		{"1,0/0,0 3,1 S", mancala.Outcome{Result: mancala.Ongoing, Scores: [2]int{3, 1}}},
		{"0,0/0,0 3,2 -", mancala.Outcome{Result: mancala.SouthWins, Scores: [2]int{3, 2}}},
		{"0,0/0,0 2,3 -", mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{2, 3}}},
		{"0,0/0,0 4,4 -", mancala.Outcome{Result: mancala.Draw, Scores: [2]int{4, 4}}},
		// Seeds left in the houses do not count: rulesets move them first.
		{"9,0/0,0 4,4 -", mancala.Outcome{Result: mancala.Draw, Scores: [2]int{4, 4}}},
		{"0,0/0,0 9,1 B", mancala.Outcome{Result: mancala.Ongoing, Scores: [2]int{9, 1}}},
	} {
		p := mustParse(t, tc.text)
		if got := p.Outcome(); got != tc.want {
			t.Errorf("%q: Outcome %+v, want %+v", tc.text, got, tc.want)
		}
		if p.Over() != (p.ToMove == mancala.NoTurn) {
			t.Errorf("%q: Over %v", tc.text, p.Over())
		}
	}
}

func TestResult(t *testing.T) {
	if mancala.Win(mancala.South) != mancala.SouthWins || mancala.Win(mancala.North) != mancala.NorthWins {
		t.Error("Win")
	}
	for _, tc := range []struct {
		r      mancala.Result
		winner mancala.Player
		ok     bool
		text   string
	}{
		{mancala.Ongoing, mancala.South, false, "ongoing"},
		{mancala.SouthWins, mancala.South, true, "south"},
		{mancala.NorthWins, mancala.North, true, "north"},
		{mancala.Draw, mancala.South, false, "draw"},
		{9, mancala.South, false, "result(?)"},
	} {
		if w, ok := tc.r.Winner(); w != tc.winner || ok != tc.ok {
			t.Errorf("%v.Winner() = %v, %v", tc.r, w, ok)
		}
		if got := tc.r.String(); got != tc.text {
			t.Errorf("String() = %q, want %q", got, tc.text)
		}
	}
	var zero mancala.Result
	if zero != mancala.Ongoing {
		t.Error("the zero Result is not Ongoing")
	}
}

// TestOutcomeSummary: the winner's score comes first (issue "round two":
// a North win read "North wins, 1–17" with South's score first).
func TestOutcomeSummary(t *testing.T) {
	for _, c := range []struct {
		o    mancala.Outcome
		want string
	}{
		{mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{1, 17}}, "North wins, 17–1"},
		{mancala.Outcome{Result: mancala.SouthWins, Scores: [2]int{29, 19}}, "South wins, 29–19"},
		{mancala.Outcome{Result: mancala.Draw, Scores: [2]int{24, 24}}, "Draw, 24–24"},
		{mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{12, 5}, Conceded: true}, "North wins, 5–12 (South conceded)"},
		{mancala.Outcome{Scores: [2]int{20, 18}}, "ongoing, South 20, North 18"},
	} {
		if got := c.o.Summary(); got != c.want {
			t.Errorf("%+v: Summary %q, want %q", c.o, got, c.want)
		}
	}
}
