package main

import (
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestDefaultBook: the embedded book reads, is Abapa's, holds every
// position within its plies of the start, and every move is legal.
func TestDefaultBook(t *testing.T) {
	b := defaultBook()
	if b == nil {
		t.Fatal("the embedded book does not load")
	}
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(r); err != nil {
		t.Fatal(err)
	}
	if b.Plies() < 1 {
		t.Fatalf("the book reaches %d plies", b.Plies())
	}
	level := []mancala.Position{r.Start()}
	for ply := 0; ply <= b.Plies(); ply++ {
		var next []mancala.Position
		for _, p := range level {
			if p.Over() {
				continue
			}
			if _, ok := b.Lookup(p); !ok {
				t.Fatalf("ply %d: %v is not in the book", ply, p)
			}
			for _, m := range r.Legal(nil, p) {
				next = append(next, r.Apply(p, m))
			}
		}
		level = next
	}
}
