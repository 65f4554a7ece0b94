package uci

import (
	"errors"
	"fmt"
	"strings"
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

// TestEndgameCheckReported: an error that EndgameCheck reports after the
// engine started is said once, in an info string before readyok (or
// before a go's search), and the engine goes on.
func TestEndgameCheckReported(t *testing.T) {
	var found atomic.Value // error
	s := newSession(t, EngineConfig{Rules: awaleRules(t, "awari"),
		Endgame: func(mancala.Position) (int, bool) { return 0, false },
		EndgameCheck: func() error {
			err, _ := found.Load().(error)
			return err
		}})
	s.send("uci")
	s.expect("uciok")
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 0 {
		t.Errorf("before any error, isready said %q", before)
	}
	found.Store(fmt.Errorf("%w: /db/20.egdb: the checksum\ndoes not match", errors.New("endgame: damaged database file")))
	s.send("isready")
	_, before := s.expect("readyok")
	if len(before) != 1 || before[0] != "info string endgame databases: endgame: damaged database file: /db/20.egdb: the checksum does not match" {
		t.Errorf("isready after the error: %q before readyok", before)
	}
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 0 {
		t.Errorf("the error was said again: %q", before)
	}
	s.send("position startpos")
	s.send("go depth 2")
	if _, before := s.expect("bestmove"); strings.Contains(strings.Join(before, "\n"), "endgame databases") {
		t.Errorf("go said the error again: %q", before)
	}
	s.quit()

	// Said before a go's search, when no isready came first.
	s = newSession(t, EngineConfig{Rules: awaleRules(t, "awari"),
		EndgameCheck: func() error { return errors.New("endgame: reading /db/3.egdb: I/O error") }})
	s.send("position startpos")
	s.send("go depth 1")
	if _, before := s.expect("bestmove"); len(before) == 0 || before[0] != "info string endgame databases: endgame: reading /db/3.egdb: I/O error" {
		t.Errorf("go: %q before bestmove", before)
	}
	s.quit()
}

// TestEndgameNoteSaid: a note of EndgameNote (databases built in the
// background now in use) is said in an info string on one line before
// readyok, or before a go's search, and only once.
func TestEndgameNoteSaid(t *testing.T) {
	var news atomic.Value // string
	news.Store("")
	note := func() string { return news.Swap("").(string) }
	s := newSession(t, EngineConfig{Rules: awaleRules(t, "awari"),
		Endgame: func(mancala.Position) (int, bool) { return 0, false }, EndgameNote: note})
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 0 {
		t.Errorf("without news, isready said %q", before)
	}
	news.Store("endgame databases available:\ncounts 0 to 6")
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 1 || before[0] != "info string endgame databases available: counts 0 to 6" {
		t.Errorf("isready after the news: %q before readyok", before)
	}
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 0 {
		t.Errorf("the news was said again: %q", before)
	}
	news.Store("endgame databases available: counts 0 to 7")
	s.send("position startpos")
	s.send("go depth 1")
	if _, before := s.expect("bestmove"); len(before) == 0 || before[0] != "info string endgame databases available: counts 0 to 7" {
		t.Errorf("go: %q before bestmove", before)
	}
	s.quit()
}

// TestEndgameReady: while EndgameReady reports false the engine searches
// without the oracle, and with it once it reports true.
func TestEndgameReady(t *testing.T) {
	var calls atomic.Int64
	var ready atomic.Bool
	s := newSession(t, EngineConfig{Rules: awaleRules(t, "awari"),
		Endgame: func(mancala.Position) (int, bool) {
			calls.Add(1)
			return 0, false
		},
		EndgameReady: ready.Load})
	s.send("position startpos")
	s.send("go depth 3")
	s.expect("bestmove")
	if n := calls.Load(); n != 0 {
		t.Errorf("not ready: the engine asked the oracle %d times", n)
	}
	ready.Store(true)
	s.send("go depth 3")
	s.expect("bestmove")
	if calls.Load() == 0 {
		t.Error("ready: the engine never asked the oracle")
	}
	s.quit()
}

// TestEndgameSeedsBoundsTheQuestions: with EngineConfig.EndgameSeeds, the
// search never asks Endgame about a position with more seeds in its
// houses than the count it returns, read when each search starts.
func TestEndgameSeedsBoundsTheQuestions(t *testing.T) {
	var k, calls, above atomic.Int64
	k.Store(47)
	s := newSession(t, EngineConfig{Rules: awaleRules(t, "awari"),
		Endgame: func(p mancala.Position) (int, bool) {
			calls.Add(1)
			if int64(p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North)) > k.Load() {
				above.Add(1)
			}
			return 0, false
		},
		EndgameSeeds: func() int { return int(k.Load()) }})
	s.send("position startpos")
	s.send("go depth 4")
	s.expect("bestmove")
	if calls.Load() == 0 || above.Load() != 0 {
		t.Fatalf("up to 47 seeds: %d questions, %d above", calls.Load(), above.Load())
	}
	k.Store(40) // no position of a shallow search from the start has so few
	calls.Store(0)
	s.send("ucinewgame")
	s.send("position startpos")
	s.send("go depth 4")
	s.expect("bestmove")
	if n := calls.Load(); n != 0 {
		t.Errorf("up to 40 seeds: asked %d times from the start at depth 4", n)
	}
	s.quit()
}
