package web

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestEndgameHook: Options.Endgame gives the rules the computer searches,
// at each of its searches (a move, a hint), and the oracle it adds is
// consulted; the game itself keeps its rules.
func TestEndgameHook(t *testing.T) {
	var hooked, asked atomic.Int64
	oracle := func(mancala.Position) (int, bool) {
		asked.Add(1)
		return 0, false
	}
	l := serve(t, Options{Endgame: func(r mancala.Ruleset) mancala.Ruleset {
		hooked.Add(1)
		return search.WithEndgame(r, oracle)
	}})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}, Level: "easy"})
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv)
	var cr computerResponse
	l.ok("POST", "/api/computer"+q(s), nil, &cr)
	if len(cr.Steps) != 1 || cr.State.Ply != 2 {
		t.Fatalf("after the computer's move: %+v", cr.State)
	}
	if hooked.Load() == 0 || asked.Load() == 0 {
		t.Errorf("the hook was called %d times and its oracle asked %d times; want both", hooked.Load(), asked.Load())
	}
	if cr.State.Rules == "" || strings.Contains(cr.State.Rules, "endgame") {
		t.Errorf("the game's rules %q: want its own, without the oracle", cr.State.Rules)
	}
}
