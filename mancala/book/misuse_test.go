package book_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestMisuse: nil and zero values and typed nils give errors or empty
// answers, never a panic. Each call below panicked before the fix.
func TestMisuse(t *testing.T) {
	var nb *book.Book
	if nb.Rules() != "" || nb.Plies() != 0 {
		t.Error("nil book: Rules or Plies not empty")
	}
	p := mustPos(t, "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S")
	e := book.Entry{Move: mustMove(t, "A"), Value: 1, Depth: 2}
	if err := nb.Add(p, e); !errors.Is(err, book.ErrEntry) {
		t.Errorf("nil book: Add: %v", err)
	}
	var zero book.Book
	if err := zero.Add(p, e); err != nil || zero.Len() != 1 {
		t.Errorf("zero book: Add: %v, Len %d", err, zero.Len())
	}
	if err := nb.Check(abapa(t, 6)); !errors.Is(err, book.ErrRules) {
		t.Errorf("nil book: Check: %v", err)
	}
	if err := zero.Check(nil); !errors.Is(err, book.ErrRules) {
		t.Errorf("zero book: Check(nil): %v", err)
	}
	if err := book.Write(io.Discard, nil); !errors.Is(err, book.ErrEntry) {
		t.Errorf("Write(nil book): %v", err)
	}
	if err := book.Write(nil, book.New("awale", 1)); !errors.Is(err, book.ErrEntry) {
		t.Errorf("Write(nil writer): %v", err)
	}
	if _, err := book.Build(context.Background(), (*awale.Rules)(nil), book.BuildOptions{}); !errors.Is(err, book.ErrRules) {
		t.Errorf("Build(typed nil): %v", err)
	}
	g, err := mancala.NewGame(abapa(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	var ne *book.Engine
	if _, err := ne.Choose(context.Background(), g, mancala.South); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("nil engine: %v", err)
	}
	if _, err := (&book.Engine{}).Choose(context.Background(), g, mancala.South); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("engine without book or next: %v", err)
	}
}

// TestBuildOptionBounds: search options out of bounds are refused before
// anything is read or allocated, with search.ErrOption. Before the fix
// TableSize 1<<40 died with "fatal error: runtime: out of memory".
func TestBuildOptionBounds(t *testing.T) {
	o := tinyOptions()
	o.Search.TableSize = 1 << 40
	b, err := book.Build(context.Background(), abapa(t, 2), o)
	if !errors.Is(err, search.ErrOption) || b != nil {
		t.Errorf("TableSize 1<<40: %v, %v; want search.ErrOption", b, err)
	}
	o = tinyOptions()
	o.Search.Threads = 100000
	if _, err := book.Build(context.Background(), abapa(t, 2), o); !errors.Is(err, search.ErrOption) {
		t.Errorf("Threads 100000: %v; want search.ErrOption", err)
	}
}

// TestBuildRefusesNonBook: a File that is not a book makes Build return a
// nil Book (nothing built or saved: nothing to resume) with a *ParseError
// that names the file, and leaves the file as it was. Before the fix the
// error did not name the file, which the tools' messages could not tell
// from a build stopped part-way ("run the same command again to resume").
func TestBuildRefusesNonBook(t *testing.T) {
	name := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(name, []byte("my notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	o := tinyOptions()
	o.File = name
	b, err := book.Build(context.Background(), abapa(t, 2), o)
	var pe *book.ParseError
	if b != nil || !errors.As(err, &pe) || pe.Path != name || !strings.HasPrefix(err.Error(), "book: "+name+": line 1: ") {
		t.Errorf("Build to a text file: %v, %v; want a nil book and a *ParseError naming the file", b, err)
	}
	if got, _ := os.ReadFile(name); string(got) != "my notes\n" {
		t.Errorf("the file was changed: %q", got)
	}
}
