package uci

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestEngineOptionsLevel: level= gives the options that the other keys
// change, wherever it stands in the spec (it once reset the evaluation
// and quiescence set before it, and dropped the level's own).
func TestEngineOptionsLevel(t *testing.T) {
	for _, c := range []struct {
		spec    string
		quiesce bool
		evalSet bool
		depth   int
		time    time.Duration
	}{
		{"engine:level=max,time=300ms", true, false, 0, 300 * time.Millisecond},
		{"engine:time=300ms,level=max", true, false, 0, 300 * time.Millisecond},
		{"engine:quiesce=off,level=hard", false, false, 8, 0},
		{"engine:level=hard,eval=default", true, true, 8, 0},
		{"engine:depth=6,eval=rules", false, false, 6, 0},
		{"engine:depth=6,eval=awale,quiesce=on", true, false, 6, 0},
		{"engine:eval=w:0.15:0.5:0:0.5", false, true, 0, 0},
		{"engine:", false, false, 0, 0},
	} {
		o, _, err := ParseEngineOptions(c.spec)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if o.Quiesce != c.quiesce || (o.Eval != nil) != c.evalSet || o.Depth != c.depth || o.Time != c.time {
			t.Errorf("%s: quiesce %v, eval set %v, depth %d, time %v; want %v, %v, %d, %v",
				c.spec, o.Quiesce, o.Eval != nil, o.Depth, o.Time, c.quiesce, c.evalSet, c.depth, c.time)
		}
	}
	for _, spec := range []string{"engine:level=hard,level=easy", "engine:level=godlike", "engine:eval=tuned",
		"engine:depth=0", "engine:eval=w:1:2:3", "engine:eval=w:1:2:3:NaN", "engine:book=maybe", "alphabeta:depth=2"} {
		if _, _, err := ParseEngineOptions(spec); !errors.Is(err, search.ErrBadSpec) {
			t.Errorf("%s: %v, want a bad spec", spec, err)
		}
	}
}

// TestPlayersBook: book=on plays from the Players' book, and is refused
// without one; book=off and no book key search every move.
func TestPlayersBook(t *testing.T) {
	p, err := Players{Book: DefaultBook()}.Parse("engine:depth=2,book=on", 1)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := p.(*book.Engine); !ok || e.Book == nil || e.Book.Len() == 0 {
		t.Errorf("book=on: %T, want a *book.Engine with the book", p)
	}
	for _, spec := range []string{"engine:depth=2,book=off", "engine:depth=2"} {
		if p, err := (Players{Book: DefaultBook()}).Parse(spec, 1); err != nil {
			t.Error(err)
		} else if _, ok := p.(*search.AlphaBeta); !ok {
			t.Errorf("%s: %T, want *search.AlphaBeta", spec, p)
		}
	}
	for _, spec := range []string{"engine:book=maybe", "engine:nope=1"} {
		if _, err := (Players{}).Parse(spec, 1); !errors.Is(err, search.ErrBadSpec) {
			t.Errorf("%s: %v, want a bad spec", spec, err)
		}
	}
	if _, err := (Players{}).Parse("engine:book=on", 1); !errors.Is(err, search.ErrBadSpec) || !strings.Contains(err.Error(), "no opening book") {
		t.Errorf("book=on without a book: %v, want a bad spec", err)
	}
	if p, err := (Players{}).Parse("greedy", 1); err != nil || p == nil {
		t.Errorf("greedy: %v", err)
	}
}
