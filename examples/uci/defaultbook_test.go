package main

import (
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestDefaultBook: the embedded book reads, is Abapa's, every move is
// legal, it holds every position within 2 plies of the start (its build's
// -plies) and, along the lines its build followed, positions further on.
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
	const full = 2
	if b.Plies() <= full {
		t.Fatalf("the book reaches %d plies, want more than %d", b.Plies(), full)
	}
	level := []mancala.Position{r.Start()}
	within := map[mancala.Position]bool{}
	for ply := 0; ply <= full; ply++ {
		var next []mancala.Position
		for _, p := range level {
			if p.Over() {
				continue
			}
			if _, ok := b.Lookup(p); !ok {
				t.Fatalf("ply %d: %v is not in the book", ply, p)
			}
			within[p] = true
			for _, m := range r.Legal(nil, p) {
				next = append(next, r.Apply(p, m))
			}
		}
		level = next
	}
	if b.Len() <= len(within) {
		t.Errorf("%d positions, none beyond the %d within %d plies", b.Len(), len(within), full)
	}
}
