package uci

import (
	"sync/atomic"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestEndgameOnlyForStartingRules checks that the engine asks
// EngineConfig.Endgame under the preset it started with, and not under
// another that the GUI chooses (whose positions it would misvalue).
func TestEndgameOnlyForStartingRules(t *testing.T) {
	var calls atomic.Int64
	s := newSession(t, EngineConfig{Rules: awaleRules(t, "awari"), Endgame: func(mancala.Position) (int, bool) {
		calls.Add(1)
		return 0, false
	}})
	s.send("position startpos")
	s.send("go depth 3")
	s.expect("bestmove")
	if calls.Load() == 0 {
		t.Error("under its starting rules the engine never asked the oracle")
	}
	s.send("setoption name Rules value abapa")
	s.send("isready")
	s.expect("readyok")
	calls.Store(0)
	s.send("position startpos")
	s.send("go depth 3")
	s.expect("bestmove")
	if n := calls.Load(); n != 0 {
		t.Errorf("under other rules the engine asked the oracle %d times", n)
	}
	s.quit()
}
