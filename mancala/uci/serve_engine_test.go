package uci

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// waitingEngine answers with the last legal house of the player, after
// its context is done when wait is set, and records each call's
// deadline.
type waitingEngine struct {
	wait      bool
	deadlines chan time.Duration // the time to the deadline, -1 for none
}

func (e *waitingEngine) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	left := time.Duration(-1)
	if d, ok := ctx.Deadline(); ok {
		left = time.Until(d)
	}
	e.deadlines <- left
	if e.wait {
		<-ctx.Done()
	}
	hs := mancala.Choices(nil, g.Legal(), side)
	return mancala.Single(side, hs[len(hs)-1]), nil
}

// TestServeOwnEngine serves an engine of the caller's (EngineConfig.Engine)
// instead of the built-in search: its move is the answer, it gets the
// go's time as its context's deadline, none for go infinite, and stop
// cancels it.
func TestServeOwnEngine(t *testing.T) {
	e := &waitingEngine{deadlines: make(chan time.Duration, 4)}
	s := newSession(t, EngineConfig{Engine: e})
	s.send("position startpos moves F")
	s.send("go movetime 300")
	best, _ := s.expect("bestmove")
	if best != "bestmove f" {
		t.Errorf("answer %q, want the engine's move f", best)
	}
	if left := <-e.deadlines; left <= 0 || left > 300*time.Millisecond {
		t.Errorf("the engine's deadline was %v away, want within the movetime", left)
	}
	e.wait = true
	s.send("go infinite")
	if left := <-e.deadlines; left != -1 {
		t.Errorf("go infinite gave the engine a deadline %v away", left)
	}
	s.send("stop")
	if best, _ := s.expect("bestmove"); best != "bestmove f" {
		t.Errorf("after stop: %q", best)
	}
	s.quit()
}

// TestServeOwnEngineIllegal: an engine's illegal move is never sent.
func TestServeOwnEngineIllegal(t *testing.T) {
	s := newSession(t, EngineConfig{Engine: illegalEngine{}})
	s.send("position startpos")
	s.send("go movetime 100")
	best, before := s.expect("bestmove")
	if best != "bestmove 0000" || !strings.Contains(strings.Join(before, "\n"), "not a legal move") {
		t.Errorf("answer %q after %q, want 0000 and an info string", best, before)
	}
	s.quit()
}

type illegalEngine struct{}

func (illegalEngine) Choose(context.Context, *mancala.Game, mancala.Player) (mancala.Move, error) {
	return mancala.Single(mancala.North, 0), nil
}

var _ search.Engine = (*waitingEngine)(nil)
