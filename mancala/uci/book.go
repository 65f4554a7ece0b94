package uci

import (
	"fmt"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// bookMove answers go from the book if the engine may: OwnBook on, level
// max, a go that asks for no analysis (infinite, ponder) and no limit of
// depth or nodes (a GUI's way of asking for a weaker move), and a book
// entry for the position under the engine's rules after this history.
// It reports whether it answered. Like a quick search, a book answer to a
// go with a movetime comes no sooner than cfg.MinAnswer (at most the
// movetime), unless stop, ponderhit, ucinewgame or quit ends the wait.
func (s *server) bookMove(gp GoParams, hist []mancala.Position, p mancala.Position) bool {
	if !s.ownBook || s.level != "max" || gp.Infinite || gp.Ponder || gp.Depth > 0 || gp.Nodes > 0 {
		return false
	}
	e, ok := s.book.Move(s.rules, hist, p)
	if !ok {
		return false
	}
	s.info("book move %v (value %.2f, depth %d)", e.Move, e.Value, e.Depth)
	info := fmt.Sprintf("info depth %d score cp %d nodes 0 nps 0 time 0 pv %v", e.Depth, scoreCP(e.Value), e.Move)
	floor := s.minAnswer(gp, p)
	if floor <= 0 {
		s.w.printf("%s", info)
		s.w.printf("bestmove %v", e.Move)
		return true
	}
	run := newRun(func() {}, false)
	start := time.Now()
	s.run = run
	go func() {
		defer close(run.answered)
		run.waitUntil(start.Add(floor))
		s.w.printf("%s", info)
		s.w.answer(run.done, "bestmove %v", e.Move)
	}()
	return true
}
