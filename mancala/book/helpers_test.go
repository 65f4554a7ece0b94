package book_test

import (
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
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
