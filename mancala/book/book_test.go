package book_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

const start6 = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S"

// sample is a small hand-made book of the Abapa rules.
func sample(t testing.TB) *book.Book {
	b := book.New("awale abapa", 1)
	for _, x := range []item{
		{start6, "F", -0.1, 16},
		{"0,5,5,5,5,4/4,4,4,4,4,4 0,0 N", "f", 2.75, 16},
		{"4,4,4,4,4,0/5,5,5,5,4,4 0,0 N", "a", -1234.5, 3},
		{"4,4,4,4,0,5/5,5,5,4,4,4 0,0 N", "c", 0, 0},
	} {
		if err := b.Add(mustPos(t, x.Position), book.Entry{Move: mustMove(t, x.Move), Value: x.Value, Depth: x.Depth}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	b := sample(t)
	var buf bytes.Buffer
	if err := book.Write(&buf, b); err != nil {
		t.Fatal(err)
	}
	got, err := book.Read(&buf)
	if err != nil {
		t.Fatalf("Read(Write(b)): %v\n%s", err, buf.String())
	}
	if diff := cmp.Diff(items(b), items(got)); diff != "" {
		t.Errorf("entries mismatch (-want +got):\n%s", diff)
	}
	if got.Rules() != b.Rules() || got.Plies() != b.Plies() {
		t.Errorf("rules %q plies %d, want %q %d", got.Rules(), got.Plies(), b.Rules(), b.Plies())
	}
}

func TestRoundTripFile(t *testing.T) {
	b := sample(t)
	name := t.TempDir() + "/x.book"
	if err := book.WriteFile(name, b); err != nil {
		t.Fatal(err)
	}
	got, err := book.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(items(b), items(got)); diff != "" {
		t.Errorf("entries mismatch (-want +got):\n%s", diff)
	}
}

// TestReadHostile: malformed files give *ParseError values wrapping
// ErrSyntax, with the line, and never a book.
func TestReadHostile(t *testing.T) {
	head := "rules awale abapa\nplies 2\n"
	for _, c := range []struct {
		name, text string
		line       int
	}{
		{"empty", "", 0},
		{"comments only", "# nothing\n\n", 0},
		{"no plies", "rules awale abapa\n", 0},
		{"entry first", start6 + "; F 0 1\nrules awale abapa\nplies 2\n", 1},
		{"rules twice", head + "rules awale awari\n", 3},
		{"plies twice", head + "plies 3\n", 3},
		{"rules empty", "rules\n", 1},
		{"plies word", "rules x\nplies many\n", 2},
		{"plies negative", "rules x\nplies -1\n", 2},
		{"plies huge", "rules x\nplies 99999999999999999999\n", 2},
		{"no semicolon", head + start6 + " F 0 1\n", 3},
		{"bad position", head + "4,4,4/4,4 0,0 S; F 0 1\n", 3},
		{"position garbage", head + "\x00\xff; F 0 1\n", 3},
		{"no fields", head + start6 + ";\n", 3},
		{"two fields", head + start6 + "; F 0\n", 3},
		{"four fields", head + start6 + "; F 0 1 2\n", 3},
		{"bad move", head + start6 + "; 7 0 1\n", 3},
		{"no house", head + start6 + "; - 0 1\n", 3},
		{"NaN", head + start6 + "; F NaN 1\n", 3},
		{"Inf", head + start6 + "; F +Inf 1\n", 3},
		{"value overflow", head + start6 + "; F 1e999 1\n", 3},
		{"value word", head + start6 + "; F zero 1\n", 3},
		{"depth negative", head + start6 + "; F 0 -1\n", 3},
		{"depth huge", head + start6 + "; F 0 100000\n", 3},
		{"depth fraction", head + start6 + "; F 0 1.5\n", 3},
		{"over", head + "0,0,0,0,0,0/0,0,0,0,0,0 24,24 -; F 0 1\n", 3},
		{"duplicate", head + start6 + "; F 0 1\n" + start6 + "; A 0 1\n", 4},
		{"long line", head + strings.Repeat("4,", 5000) + "\n", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := book.Read(strings.NewReader(c.text))
			if err == nil {
				t.Fatalf("Read accepted it: %d entries", b.Len())
			}
			var pe *book.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, book.ErrSyntax) {
				t.Fatalf("error %v (%T): want a *ParseError wrapping ErrSyntax", err, err)
			}
			if pe.Line != c.line {
				t.Errorf("error %v: line %d, want %d", err, pe.Line, c.line)
			}
			if !strings.HasPrefix(err.Error(), "book: ") || len(err.Error()) > 200 {
				t.Errorf("message %q: want a short one prefixed book:", err)
			}
		})
	}
}

func TestReadAccepts(t *testing.T) {
	text := "  # a comment\n\nrules awale abapa\r\nplies 0\n\t" + start6 + " ;  F   -0.5   7  \n# end"
	b, err := book.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []item{{start6, "F", -0.5, 7}}
	if diff := cmp.Diff(want, items(b)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	empty, err := book.Read(strings.NewReader("rules awale abapa\nplies 3\n"))
	if err != nil || empty.Len() != 0 || empty.Plies() != 3 {
		t.Errorf("an empty book: %v, %d entries, plies %d", err, empty.Len(), empty.Plies())
	}
}

func TestAddRefuses(t *testing.T) {
	p := mustPos(t, start6)
	for _, c := range []struct {
		name string
		p    mancala.Position
		e    book.Entry
	}{
		{"over", mustPos(t, "0,0,0,0,0,0/0,0,0,0,0,0 24,24 -"), book.Entry{Move: mustMove(t, "A")}},
		{"NaN", p, book.Entry{Move: mustMove(t, "A"), Value: math.NaN()}},
		{"Inf", p, book.Entry{Move: mustMove(t, "A"), Value: math.Inf(-1)}},
		{"depth", p, book.Entry{Move: mustMove(t, "A"), Depth: -1}},
		{"no move", p, book.Entry{}},
	} {
		b := book.New("awale abapa", 1)
		if err := b.Add(c.p, c.e); !errors.Is(err, book.ErrEntry) {
			t.Errorf("%s: Add: %v, want ErrEntry", c.name, err)
		}
		if b.Len() != 0 {
			t.Errorf("%s: the refused entry is in the book", c.name)
		}
	}
	if err := book.Write(&bytes.Buffer{}, book.New("two\nlines", 0)); !errors.Is(err, book.ErrEntry) {
		t.Errorf("Write of a rules name with a line break: %v, want ErrEntry", err)
	}
}

func TestAddReplaces(t *testing.T) {
	b := sample(t)
	p := mustPos(t, start6)
	if err := b.Add(p, book.Entry{Move: mustMove(t, "A"), Value: 1, Depth: 2}); err != nil {
		t.Fatal(err)
	}
	if e, _ := b.Lookup(p); e.Move != mustMove(t, "A") || b.Len() != 4 || b.Positions()[0] != p {
		t.Errorf("after replacing: %+v, %d entries, first %v", e, b.Len(), b.Positions()[0])
	}
}

func TestLookupAllocs(t *testing.T) {
	b := sample(t)
	p := mustPos(t, start6)
	q := mustPos(t, "1,2,3,4,5,6/4,4,4,4,4,4 0,0 N")
	n := testing.AllocsPerRun(100, func() {
		if _, ok := b.Lookup(p); !ok {
			t.Fatal("start not found")
		}
		if _, ok := b.Lookup(q); ok {
			t.Fatal("found a position not in the book")
		}
	})
	if n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
	var nilBook *book.Book
	if _, ok := nilBook.Lookup(p); ok || nilBook.Len() != 0 {
		t.Error("a nil book has entries")
	}
}

// TestMove: the book answers only under its rules, within its plies,
// with a legal move, and not at a repeated position (AW-8: repetitions
// are where the history matters).
func TestMoveAW8(t *testing.T) {
	r6 := abapa(t, 6)
	b := sample(t)
	p := mustPos(t, start6)
	if e, ok := b.Move(r6, nil, p); !ok || e.Move != mustMove(t, "F") {
		t.Errorf("start: %+v %v, want F", e, ok)
	}
	q := mustPos(t, "0,5,5,5,5,4/4,4,4,4,4,4 0,0 N")
	if _, ok := b.Move(r6, []mancala.Position{p}, q); !ok {
		t.Error("ply 1 within 1 ply: no answer")
	}
	if _, ok := b.Move(r6, []mancala.Position{p, p}, q); ok {
		t.Error("answered past the book's plies")
	}
	if _, ok := b.Move(r6, []mancala.Position{q}, q); ok {
		t.Error("answered at a repeated position")
	}
	if _, ok := b.Move(abapa(t, 5), nil, p); ok {
		t.Error("answered under other rules")
	}
	bad := book.New("awale abapa", 1)
	bad.Add(p, book.Entry{Move: mustMove(t, "a")}) // North's house: illegal for South
	if _, ok := bad.Move(r6, nil, p); ok {
		t.Error("answered an illegal move")
	}
	if err := bad.Check(r6); !errors.Is(err, book.ErrEntry) {
		t.Errorf("Check of an illegal move: %v, want ErrEntry", err)
	}
	if err := b.Check(r6); err != nil {
		t.Errorf("Check of the sample: %v", err)
	}
	if err := b.Check(abapa(t, 4)); !errors.Is(err, book.ErrRules) {
		t.Errorf("Check under other rules: %v, want ErrRules", err)
	}
	var buf bytes.Buffer
	book.Write(&buf, b)
	if _, err := book.Load(bytes.NewReader(buf.Bytes()), abapa(t, 4)); !errors.Is(err, book.ErrRules) {
		t.Errorf("Load under other rules: %v, want ErrRules", err)
	}
	if got, err := book.Load(&buf, r6); err != nil || got.Len() != b.Len() {
		t.Errorf("Load: %v", err)
	}
}

// TestEngine: the book's moves within its plies, the next engine's
// elsewhere.
func TestEngine(t *testing.T) {
	r := abapa(t, 6)
	b := sample(t)
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	e := &book.Engine{Book: b, Next: search.NewGreedy(1)}
	m, err := e.Choose(context.Background(), g, mancala.South)
	if err != nil || m != mustMove(t, "F") || e.Hits != 1 {
		t.Fatalf("start: %v %v, hits %d; want the book's F", m, err, e.Hits)
	}
	g.Play(mustMove(t, "A"))
	m, err = e.Choose(context.Background(), g, mancala.North)
	if err != nil || m != mustMove(t, "f") || e.Hits != 2 {
		t.Fatalf("after A: %v %v, hits %d; want the book's f", m, err, e.Hits)
	}
	g.Play(mustMove(t, "a"))
	if _, err := e.Choose(context.Background(), g, mancala.South); err != nil || e.Hits != 2 {
		t.Fatalf("out of the book: %v, hits %d; want the next engine's move", err, e.Hits)
	}
	if _, err := e.Choose(context.Background(), g, mancala.North); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("the wrong side: %v, want the next engine's ErrNoDecision", err)
	}
}
