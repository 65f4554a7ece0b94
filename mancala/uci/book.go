package uci

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
)

// abapaBook is an opening book of the Awalé Abapa rules (the file names
// the rules it is for), built from the repository's root by
//
//	go run ./examples/uci book -plies 3 -time 5s -out mancala/uci/abapa.book
//
//go:embed abapa.book
var abapaBook string

// DefaultBook returns the embedded opening book, abapa.book: every position
// of the Awalé Abapa rules within 3 moves of the start, with the move that
// a search of several seconds found there. The engine plays from it only
// when its [EngineConfig].Book is this book, under those rules. It
// returns the same Book on every call; do not add to it.
func DefaultBook() *book.Book { return defaultBook() }

var defaultBook = sync.OnceValue(func() *book.Book {
	b, err := book.Read(strings.NewReader(abapaBook))
	if err != nil {
		return nil // TestDefaultBook keeps this from happening
	}
	return b
})

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
