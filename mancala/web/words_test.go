package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestResultWords: the end of a game is said as a player says it, the
// viewer's score first when the viewer lost, the ending in words and its
// rule left to the page's small print. (Before: "You lost, 43-5: north:
// no move (AW-7).")
func TestResultWords(t *testing.T) {
	south, north, both, none := seats{true, false}, seats{false, true}, seats{true, true}, seats{}
	noMove := mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: mancala.NorthTurn}
	northWins := mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{5, 43}, Ending: noMove}
	for _, c := range []struct {
		o       mancala.Outcome
		held    seats
		want    string
		outcome string
	}{
		{northWins, south, "You lost 5 to 43: North could not move.", "lost"},
		{northWins, north, "You won 43 to 5: you could not move.", "won"},
		{northWins, both, "North won 43 to 5: North could not move.", "over"},
		{northWins, none, "North won 43 to 5: North could not move.", "over"},
		{mancala.Outcome{Result: mancala.Draw, Scores: [2]int{24, 24}, Ending: mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}}, south, "Draw, 24 each: the same positions came round again and again.", "draw"},
		{mancala.Outcome{Result: mancala.SouthWins, Scores: [2]int{12, 5}, Conceded: true, Ending: mancala.Ending{Reason: mancala.EndConceded, Who: mancala.NorthTurn}}, north, "You lost 5 to 12: you conceded.", "lost"},
		{mancala.Outcome{Result: mancala.SouthWins, Scores: [2]int{50, 48}, Ending: mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.NorthTurn}}, south, "You won 50 to 48: North cannot fill a house for another round.", "won"},
		{mancala.Outcome{Result: mancala.SouthWins, Scores: [2]int{30, 18}}, none, "South won 30 to 18.", "over"},
		{mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{3, 21}, Ending: mancala.Ending{Reason: mancala.EndMajority, Rule: "AW-10"}}, south, "You lost 3 to 21: North holds more than half of the seeds.", "lost"},
	} {
		if got := resultLine(c.o, c.held); got != c.want {
			t.Errorf("resultLine(%+v, %v) = %q, want %q", c.o, c.held, got, c.want)
		}
		if got := outcomeFor(c.o, c.held, true); got != c.outcome {
			t.Errorf("outcomeFor(%+v, %v) = %q, want %q", c.o, c.held, got, c.outcome)
		}
	}
}

// TestNewGameNotSaved: a game nobody has played is not stored (every
// page load starts one); its first move stores it, and a game with a
// share link is stored at once. (Before: every new game was written.)
func TestNewGameNotSaved(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l := serve(t, Options{Store: kept})
	file := func(s stateJSON) bool {
		_, err := kept.Get(context.Background(), s.ID)
		return err == nil
	}
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}})
	if file(s) {
		t.Error("a new game nobody played is saved")
	}
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, nil)
	if !file(s) {
		t.Error("a game is not saved after its first move")
	}
	shared := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "remote"}})
	if !file(shared) {
		t.Error("a game with a share link is not saved at once")
	}
	first := l.newGame(newGameRequest{Family: "awale", Seats: []string{"computer", "human"}})
	if file(first) {
		t.Error("a game the computer opens is saved before its move")
	}
	l.ok("POST", "/api/computer"+q(first), nil, nil)
	if !file(first) {
		t.Error("a game is not saved after the computer's first move")
	}
	l.fails("GET", "/api/state?id=00000000000000000a", nil, http.StatusNotFound, "no such game")
}

// TestPositionRound: /api/position gives the round of the position asked
// for, so that the page names the round of a position of the past (before:
// the page named the present's round over every position it showed).
func TestPositionRound(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "congkak", Preset: "congkak", Params: map[string]int{"houses": 3, "seeds": 2, "rounds": 3}, Seats: []string{"computer", "computer"}, Level: "easy"})
	var cr computerResponse
	for i := 0; i < 20 && !cr.State.Over; i++ {
		l.ok("POST", "/api/computer"+q(s), nil, &cr)
	}
	if !cr.State.Over || cr.State.Round != 3 {
		t.Fatalf("the set: over %v in round %d, want over in round 3", cr.State.Over, cr.State.Round)
	}
	r, err := mancala.NewRuleset(cr.State.Rules)
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.Fields(cr.State.Moves)
	seen := map[int]bool{}
	for ply := 0; ply <= len(moves); ply++ {
		g, err := mancala.NewGame(r) // the library's round of the position after ply moves
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayText(strings.Join(moves[:ply], " ")); err != nil {
			t.Fatal(err)
		}
		var pj positionJSON
		l.ok("GET", "/api/position?id="+s.ID+"&ply="+strconv.Itoa(ply), nil, &pj)
		if pj.Round != g.Round() {
			t.Errorf("ply %d: round %d, want %d", ply, pj.Round, g.Round())
		}
		seen[pj.Round] = true
	}
	if len(seen) != 3 {
		t.Errorf("rounds seen %v, want 1 to 3", seen)
	}
}
