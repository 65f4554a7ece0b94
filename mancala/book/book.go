package book

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
	"github.com/sowing-games/sowing/mancala/search"
)

// Errors of the package, wrapped by the errors it returns.
var (
	// ErrSyntax: a book file is malformed (see *[ParseError]).
	ErrSyntax = errors.New("book: syntax error")
	// ErrRules: a book is for other rules than the ones asked for.
	ErrRules = errors.New("book: book of other rules")
	// ErrEntry: an entry is not one a book can hold or play: a finished
	// position, a value that is not a finite number, a depth out of range,
	// or a move that is not legal in its position.
	ErrEntry = errors.New("book: bad entry")
	// ErrNotRegular: a file to read or replace is not a regular file (a
	// named pipe, a directory, a device); it is refused without waiting
	// for a pipe's writer, and left as it is.
	ErrNotRegular = errors.New("book: not a regular file")
)

// Entry is what a book says of a position: the move to play, with the
// value and depth of the search that chose it.
type Entry struct {
	// Move is the move to play.
	Move mancala.Move
	// Value is the searched value of the position for the player to move,
	// in seeds (search.Result.Value: proven results are multiples of
	// search.TerminalScale).
	Value float64
	// Depth is the depth of the search that chose Move, in decisions.
	Depth int
}

// Book maps positions to moves: an opening book. Its positions are at
// most Plies moves from the start of a game under the rules named Rules
// (the ruleset's String, as mancala.NewRuleset reads it).
//
// A Book is built by [Build] or [Read], or by [New] and [Book.Add]. Once
// no more entries are added it may be read by any number of goroutines at
// once; Add must not run beside any other method.
type Book struct {
	rules string
	plies int
	m     map[mancala.Position]Entry
	order []mancala.Position
}

// New returns an empty book for the rules named rules whose positions are
// at most plies moves from the start.
func New(rules string, plies int) *Book {
	return &Book{rules: rules, plies: max(plies, 0), m: map[mancala.Position]Entry{}}
}

// Rules returns the name of the rules of the book ("" for a nil Book).
func (b *Book) Rules() string {
	if b == nil {
		return ""
	}
	return b.rules
}

// Plies returns the number of moves from the start within which the
// book's positions lie (0 for a nil Book).
func (b *Book) Plies() int {
	if b == nil {
		return 0
	}
	return b.plies
}

// Len returns the number of positions in the book; a nil Book has none.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.order)
}

// Lookup returns the entry of p and whether there is one. It allocates
// nothing; a nil Book has no entries.
func (b *Book) Lookup(p mancala.Position) (Entry, bool) {
	if b == nil {
		return Entry{}, false
	}
	e, ok := b.m[p]
	return e, ok
}

// Add puts p's entry in the book, in place of the one it had (which keeps
// its rank in [Book.Positions]). It refuses, with an error wrapping
// [ErrEntry] and leaving the book as it was, a finished position, a value
// that is not finite, a depth outside 0 to search.MaxDepth and a move in
// which nobody chooses a house. A nil Book is refused (ErrEntry); the zero
// Book takes entries as [New] made it.
func (b *Book) Add(p mancala.Position, e Entry) error {
	if b == nil {
		return fmt.Errorf("book: add to a nil book: %w", ErrEntry)
	}
	if err := checkEntry(p, e); err != nil {
		return err
	}
	if b.m == nil {
		b.m = map[mancala.Position]Entry{}
	}
	if _, ok := b.m[p]; !ok {
		b.order = append(b.order, p)
	}
	b.m[p] = e
	return nil
}

func checkEntry(p mancala.Position, e Entry) error {
	switch {
	case p.Over():
		return fmt.Errorf("book: position %s is over: %w", p, ErrEntry)
	case math.IsNaN(e.Value) || math.IsInf(e.Value, 0):
		return fmt.Errorf("book: value %v: want a finite number: %w", e.Value, ErrEntry)
	case e.Depth < 0 || e.Depth > search.MaxDepth:
		return fmt.Errorf("book: depth %d: want 0 to %d: %w", e.Depth, search.MaxDepth, ErrEntry)
	case e.Move == mancala.Move{}:
		return fmt.Errorf("book: no move for %s: %w", p, ErrEntry)
	}
	return nil
}

// Positions returns the book's positions in the order they were added
// (a file's order, or a build's: nearest the start first).
func (b *Book) Positions() []mancala.Position {
	if b == nil {
		return nil
	}
	return append([]mancala.Position(nil), b.order...)
}

// rulesName returns r's name: its String, or "" if it has none or is nil
// (a typed nil too).
func rulesName(r mancala.Ruleset) string {
	if s, ok := r.(fmt.Stringer); ok && !nilcheck.Is(r) {
		return s.String()
	}
	return ""
}

// Check reports the first reason why b cannot be played under r: other
// rules (an error wrapping [ErrRules]), a position that is not one of r's
// (mancala.ErrInvalidPosition, from r.Setup) or a move that r does not
// allow in its position ([ErrEntry]). A nil error means that every move of
// the book is legal under r. A nil r, or a nil Book, is an error wrapping
// [ErrRules].
func (b *Book) Check(r mancala.Ruleset) error {
	if b == nil || nilcheck.Is(r) {
		return fmt.Errorf("book: check of a nil book or under nil rules: %w", ErrRules)
	}
	if name := rulesName(r); name != b.rules {
		return fmt.Errorf("book: book of %s, not %s: %w", mancala.Shorten(b.rules, 60), mancala.Shorten(name, 60), ErrRules)
	}
	var moves []mancala.Move
	for _, p := range b.order {
		q, err := r.Setup(p)
		if err != nil {
			return fmt.Errorf("book: position %s: %w", p, err)
		}
		if q != p {
			return fmt.Errorf("book: position %s is %s under %s: %w", p, q, b.rules, ErrEntry)
		}
		moves = r.Legal(moves[:0], p)
		e := b.m[p]
		if !slices.Contains(moves, e.Move) {
			return fmt.Errorf("book: move %v is not legal in %s: %w", e.Move, p, ErrEntry)
		}
	}
	return nil
}

// Move returns the book's entry for p in a game under r, and whether the
// book answers there: r must be the book's rules (by name), the game's
// history before p (oldest first) no longer than the book's plies and
// without p in it, and the book's move legal in p.
//
// A build searches each position with the history of one line from the
// start to it, and Move trusts the entry after any history that short: a
// book is for rules under which the first moves of a game do not bring a
// position back (in Awalé a position returns, if ever, only after many
// moves), so that the history, which matters only through repetitions
// (mancala.Cycler), makes no difference there.
func (b *Book) Move(r mancala.Ruleset, history []mancala.Position, p mancala.Position) (Entry, bool) {
	if b == nil || len(history) > b.plies {
		return Entry{}, false
	}
	e, ok := b.m[p]
	if !ok || rulesName(r) != b.rules || !mancala.IsLegal(r, p, e.Move) {
		return Entry{}, false
	}
	if slices.Contains(history, p) {
		return Entry{}, false
	}
	return e, true
}
