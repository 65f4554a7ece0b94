package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
)

// DefaultBook returns the opening book of the Abapa rules in testdata:
// every position within 3 plies of the start, each searched 5 s.
func DefaultBook() *book.Book {
	b, err := book.ReadFile("testdata/abapa.book")
	if err != nil {
		panic(err)
	}
	return b
}

// TestOwnBookTranscript: with OwnBook on (off by default; here the GUI
// turns it on) a go in a book position answers the book's move without a
// search, with an info string saying so; with it off, or at a weaker
// level, or with go depth, the engine searches; out of the book it
// searches.
func TestOwnBookTranscript(t *testing.T) {
	b := DefaultBook()
	s := newSession(t, EngineConfig{Book: b})
	r, _ := awale.New(awale.Abapa())
	e, _ := b.Lookup(r.Start())

	searched := func(what string) {
		t.Helper()
		s.send("isready")
		s.expect("readyok")
		s.send(what)
		_, infos := s.expect("bestmove ")
		for _, l := range infos {
			if strings.HasPrefix(l, "info string book") {
				t.Errorf("%s: answered from the book: %q", what, infos)
			}
		}
		if len(infos) == 0 || !strings.Contains(infos[len(infos)-1], " nodes ") || strings.Contains(infos[len(infos)-1], " nodes 0 ") {
			t.Errorf("%s: no search: %q", what, infos)
		}
	}
	s.send("position startpos")
	searched("go movetime 50") // OwnBook is off by default
	s.send("setoption name OwnBook value true")
	s.send("go movetime 5000")
	best, infos := s.expect("bestmove ")
	if best != "bestmove "+e.Move.String() {
		t.Errorf("%q, want the book's bestmove %v", best, e.Move)
	}
	if len(infos) != 2 || !strings.HasPrefix(infos[0], "info string book move "+e.Move.String()) ||
		!strings.HasPrefix(infos[1], "info depth ") || !strings.HasSuffix(infos[1], " pv "+e.Move.String()) {
		t.Errorf("before bestmove: %q, want the book's info string and info line", infos)
	}

	searched("go depth 3")
	s.send("setoption name OwnBook value false")
	searched("go movetime 50")
	s.send("setoption name OwnBook value maybe")
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 1 || !strings.Contains(before[0], "OwnBook") {
		t.Errorf("setoption OwnBook maybe: %q, want an info string", before)
	}
	s.send("setoption name OwnBook value true")
	s.send("setoption name Level value hard")
	searched("go movetime 50")
	s.send("setoption name Level value max")
	// Past the book's plies the engine searches.
	line := "FfEeDdCcBbAa"
	if b.Plies()+1 > len(line) {
		t.Fatalf("a book of %d plies: the test needs a longer line", b.Plies())
	}
	s.send("position startpos moves " + line[:b.Plies()+1])
	searched("go movetime 50")
	// Under other rules, even from the start, it searches.
	s.send("setoption name Rules value awari")
	s.send("position startpos")
	searched("go movetime 50")
	s.quit()
}

// TestEngineConfigBook: a book given in EngineConfig replaces the
// embedded one; without EngineConfig.OwnBook the engine starts with the
// option off.
func TestEngineConfigBook(t *testing.T) {
	r, _ := awale.New(awale.Abapa())
	b := book.New(r.String(), 0)
	a, _ := mancala.ParseMove("A")
	if err := b.Add(r.Start(), book.Entry{Move: a, Value: 1, Depth: 1}); err != nil {
		t.Fatal(err)
	}
	s := newSession(t, EngineConfig{Book: b, OwnBook: true})
	s.send("position startpos")
	s.send("go movetime 1000")
	if best, _ := s.expect("bestmove "); best != "bestmove A" {
		t.Errorf("%q: want the given book's A", best)
	}
	s.quit()
	s = newSession(t, EngineConfig{Book: b})
	s.send("uci")
	if _, before := s.expect("uciok"); !strings.Contains(strings.Join(before, "\n"), "option name OwnBook type check default false") {
		t.Errorf("uci answer without OwnBook default false: %q", before)
	}
	s.send("position startpos")
	s.send("go movetime 100")
	if _, infos := s.expect("bestmove "); len(infos) == 0 || strings.HasPrefix(infos[0], "info string book") {
		t.Errorf("OwnBook off: %q, want a search", infos)
	}
	s.quit()
}

// TestBookMinAnswer: a book answer to a go with a movetime waits for
// MinAnswer like a quick search (Aualé drops a quicker one; see
// TestAualeMinAnswer), and stop ends the wait.
func TestBookMinAnswer(t *testing.T) {
	const floor = 200 * time.Millisecond
	s := newSession(t, EngineConfig{Book: DefaultBook(), OwnBook: true, MinAnswer: floor})
	s.send("position startpos")
	sent := time.Now()
	s.send("go movetime 600000")
	_, infos := s.expect("bestmove")
	if el := time.Since(sent); el < floor {
		t.Errorf("the book answered after %v, want %v or more", el, floor)
	}
	if len(infos) == 0 || !strings.HasPrefix(infos[0], "info string book move") {
		t.Errorf("before bestmove: %q, want the book's info string", infos)
	}
	s.quit()

	s = newSession(t, EngineConfig{Book: DefaultBook(), OwnBook: true, MinAnswer: time.Hour})
	s.send("position startpos")
	s.send("go movetime 600000")
	s.send("isready")
	if _, before := s.expect("readyok"); strings.Contains(strings.Join(before, "\n"), "bestmove") {
		t.Fatalf("answered before stop: %q", before)
	}
	s.send("go movetime 600000")
	s.send("stop")
	s.expect("bestmove")
	s.quit()
}
