package web

import (
	"sync"
	"testing"
	"time"
)

// TestTurnBudget: every search of one computer turn is given what is left
// of Options.TurnTime, not a whole SearchTime each, so that a Congkak turn
// of many decisions thinks about TurnTime in all. The handler's clock is
// the test's, moved on by each search's full allowance, as a search that
// uses all of it would (before: each search was given SearchTime, and the
// turn went on to twice SearchTime).
func TestTurnBudget(t *testing.T) {
	const turn = 900 * time.Millisecond
	l, clk := serveClock(t, Options{TurnTime: turn, SearchTime: 2 * time.Second, MaxSearches: 1})
	var mu sync.Mutex
	var given []time.Duration
	l.h.onSearch = func(max time.Duration) {
		mu.Lock()
		given = append(given, max)
		mu.Unlock()
		clk.add(max)
	}
	// Computer against computer: one request plays a whole run of
	// decisions (maxTurn), Congkak's simultaneous opening first.
	s := l.newGame(newGameRequest{Family: "congkak", Preset: "congkak", Params: map[string]int{"houses": 4}, Seats: []string{"computer", "computer"}, Level: "easy"})
	var cr computerResponse
	l.ok("POST", "/api/computer"+q(s), nil, &cr)
	mu.Lock()
	defer mu.Unlock()
	if len(given) != len(cr.Steps) || len(given) < 3 {
		t.Fatalf("%d searches for %d decisions, want one each and at least 3", len(given), len(cr.Steps))
	}
	var spent time.Duration
	for i, g := range given {
		want := max(turn-spent, minSearch)
		if g > want {
			t.Errorf("search %d of the turn given %v, with %v of the turn's %v spent: want at most %v", i+1, g, spent, turn, want)
		}
		spent += g
	}
	if given[0] != turn {
		t.Errorf("the first search is given %v, want the whole turn's %v", given[0], turn)
	}
	t.Logf("%d decisions, given %v", len(given), given)
}
