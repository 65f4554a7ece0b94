package book_test

import (
	"context"
	"errors"
	"io"
	"math"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// item is a book entry in comparable, printable form, for cmp.Diff.
type item struct {
	Position string
	Move     string
	Value    float64
	Depth    int
}

// items lists b's entries in its order.
func items(b *book.Book) []item {
	var out []item
	for _, p := range b.Positions() {
		e, _ := b.Lookup(p)
		out = append(out, item{Position: p.String(), Move: e.Move.String(), Value: e.Value, Depth: e.Depth})
	}
	return out
}

// abapa returns the Abapa rules on a board of n houses a side.
func abapa(t testing.TB, n int) *awale.Rules {
	t.Helper()
	o, err := awale.Preset("abapa")
	if err != nil {
		t.Fatal(err)
	}
	o.Houses = n
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustPos(t testing.TB, s string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t testing.TB, s string) mancala.Move {
	t.Helper()
	m, err := mancala.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// lineNode is a position on a line of a build, with the line's history.
type lineNode struct {
	p    mancala.Position
	hist []mancala.Position
}

// child is the node that m leads to from n under r.
func (n lineNode) child(r mancala.Ruleset, m mancala.Move) lineNode {
	h := append(append([]mancala.Position(nil), n.hist...), n.p)
	return lineNode{p: mancala.EndCycle(r, h, r.Apply(n.p, m)), hist: h}
}

// searchLine searches n with so, a fresh searcher, and n's history.
func searchLine(t testing.TB, r mancala.Ruleset, so search.AlphaBetaOptions, n lineNode) search.Result {
	t.Helper()
	res, err := search.NewAlphaBeta(so).Search(context.Background(), r, n.hist, n.p)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkEntry fails t unless b's entry of n is what a fresh search with so
// and n's history finds there (its value rounded to hundredths).
func checkEntry(t testing.TB, r mancala.Ruleset, b *book.Book, so search.AlphaBetaOptions, n lineNode) {
	t.Helper()
	e, ok := b.Lookup(n.p)
	if !ok {
		t.Fatalf("ply %d: %v not in the book", len(n.hist), n.p)
	}
	res := searchLine(t, r, so, n)
	if e.Move != res.Move || e.Depth != res.Depth || e.Value != math.Round(res.Value*100)/100 {
		t.Errorf("%v: book %+v, search %v %v depth %d", n.p, e, res.Move, res.Value, res.Depth)
	}
}

// mustBuild builds the book of o, whose plies must be o.Plies + o.Extend.
func mustBuild(t testing.TB, r mancala.Ruleset, o book.BuildOptions) *book.Book {
	t.Helper()
	b, err := book.Build(context.Background(), r, o)
	if err != nil {
		t.Fatal(err)
	}
	if b.Plies() != o.Plies+o.Extend {
		t.Fatalf("book of %d plies, want %d", b.Plies(), o.Plies+o.Extend)
	}
	return b
}

// cancelResume builds o into a file whole, and again into another file
// cancelled after n progress lines, then resumed (its progress to
// resumed): the two files must be the same. It returns the book that the
// cancelled build saved, and the name of its file.
func cancelResume(t *testing.T, r mancala.Ruleset, o book.BuildOptions, n int, resumed io.Writer) (*book.Book, string) {
	t.Helper()
	dir := t.TempDir()
	whole, part := o, o
	whole.File, part.File = dir+"/whole.book", dir+"/part.book"
	whole.Progress = nil
	if _, err := book.Build(context.Background(), r, whole); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	part.Progress = &cancelAfter{n: n, cancel: cancel}
	if _, err := book.Build(ctx, r, part); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v, want context.Canceled", err)
	}
	saved, err := book.ReadFile(part.File)
	if err != nil {
		t.Fatal(err)
	}
	part.Progress = resumed
	if _, err := book.Build(context.Background(), r, part); err != nil {
		t.Fatal(err)
	}
	w, _ := os.ReadFile(whole.File)
	p, _ := os.ReadFile(part.File)
	if diff := cmp.Diff(string(w), string(p)); diff != "" {
		t.Errorf("resumed file differs from the whole build (-want +got):\n%s", diff)
	}
	return saved, part.File
}
