package uci

import (
	"strings"
	"testing"
	"time"
)

// TestAualeMinAnswer: with EngineConfig.MinAnswer, a go with a movetime
// is answered no sooner than MinAnswer (Aualé's window drops a bestmove
// that comes while it is still sending the go, and then waits for ever),
// at most at the movetime, and at once on stop.
func TestAualeMinAnswer(t *testing.T) {
	const floor = 200 * time.Millisecond
	s := newSession(t, EngineConfig{MinAnswer: floor})
	s.send("position startpos")
	sent := time.Now()
	s.send("go depth 1 movetime 600000") // depth 1 is searched at once
	s.expect("bestmove")
	if el := time.Since(sent); el < floor {
		t.Errorf("go depth 1 movetime 600000 answered after %v, want %v or more", el, floor)
	}
	s.quit()

	// The wait ends at stop: here it would last ten minutes.
	s = newSession(t, EngineConfig{MinAnswer: time.Hour})
	s.send("position startpos")
	s.send("go depth 1 movetime 600000")
	s.send("isready")
	if _, before := s.expect("readyok"); strings.Contains(strings.Join(before, "\n"), "bestmove") {
		t.Fatalf("answered before stop: %q", before)
	}
	s.send("stop")
	s.expect("bestmove")
	s.quit()

	// The floor is capped by the movetime.
	s = newSession(t, EngineConfig{MinAnswer: time.Hour})
	s.send("position startpos")
	s.send("go depth 1 movetime 50")
	s.expect("bestmove")
	s.quit()

	if _, err := newServer(nil, EngineConfig{MinAnswer: -time.Second}); err == nil {
		t.Error("a negative MinAnswer was accepted")
	}
}
