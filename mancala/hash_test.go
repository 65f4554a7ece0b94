package mancala_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// TestHashEqual: equal positions have equal hashes, however they were
// made.
func TestHashEqual(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		q, err := mancala.ParsePosition(p.String())
		if err != nil {
			t.Fatal(err)
		}
		c := p
		if p.Hash() != q.Hash() || p.Hash() != c.Hash() {
			t.Fatalf("equal positions, hashes %x %x %x", p.Hash(), q.Hash(), c.Hash())
		}
	})
}

// TestHashSeesEveryField: changing any one field of a position changes
// its hash.
func TestHashSeesEveryField(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		n := p.Board.Houses()
		var changed []mancala.Position
		try := func(f func(q *mancala.Position) error) {
			q := p
			if err := f(&q); err == nil && q != p {
				changed = append(changed, q)
			}
		}
		for _, pl := range players {
			for i := 0; i < n; i++ {
				try(func(q *mancala.Position) error { return q.Board.SetSeeds(pl, i, q.Board.Seeds(pl, i)+1) })
				try(func(q *mancala.Position) error { return q.Board.SetSeeds(pl, i, q.Board.Seeds(pl, i)-1) })
				try(func(q *mancala.Position) error { return q.Board.SetBurnt(pl, i, !q.Board.Burnt(pl, i)) })
				try(func(q *mancala.Position) error {
					s, _ := q.Board.Hand(pl)
					return q.Board.SetHand(pl, max(s, 1), mancala.Hole{Owner: pl.Other(), House: i})
				})
			}
			try(func(q *mancala.Position) error { return q.Board.SetStore(pl, q.Board.Store(pl)+1) })
			try(func(q *mancala.Position) error { return q.Board.SetStore(pl, q.Board.Store(pl)-1) })
			try(func(q *mancala.Position) error { return q.Board.SetHand(pl, 0, mancala.Hole{}) })
			try(func(q *mancala.Position) error {
				return q.Board.SetHand(pl, 1, mancala.Hole{Owner: pl, House: mancala.StoreHouse})
			})
		}
		try(func(q *mancala.Position) error { q.ToMove = (q.ToMove + 1) % 4; return nil })
		try(func(q *mancala.Position) error { q.Round++; return nil })
		try(func(q *mancala.Position) error { q.State ^= 1 << rapid.IntRange(0, 31).Draw(t, "bit"); return nil })
		try(func(q *mancala.Position) error {
			b, err := mancala.NewBoard(n%mancala.MaxHouses+1, 0)
			q.Board = b
			return err
		})
		for _, q := range changed {
			if q.Hash() == p.Hash() {
				t.Fatalf("%q and %q have the same hash %x", p, q, p.Hash())
			}
		}
	})
}

// TestHashDistinct: the positions of a toy game tree, a few thousand,
// have distinct hashes.
func TestHashDistinct(t *testing.T) {
	r := toy.MustNew(toy.Options{Houses: 4, Seeds: 3})
	seen := map[mancala.Position]bool{}
	level := []mancala.Position{r.Start()}
	for depth := 0; depth < 7 && len(seen) < 20000; depth++ {
		var next []mancala.Position
		for _, p := range level {
			if seen[p] {
				continue
			}
			seen[p] = true
			for _, m := range r.Legal(nil, p) {
				next = append(next, r.Apply(p, m))
			}
		}
		level = next
	}
	hashes := map[uint64]mancala.Position{}
	for p := range seen {
		if q, ok := hashes[p.Hash()]; ok {
			t.Errorf("%q and %q share hash %x", p, q, p.Hash())
		}
		hashes[p.Hash()] = p
	}
	if len(seen) < 1000 {
		t.Errorf("only %d positions", len(seen))
	}
}

func TestHashAllocs(t *testing.T) {
	p := mustParse(t, "1,2,3,4,5,6,7/7,6,5,4,3,2,1 3,4 B r2 h1@A,2@N s5")
	if n := testing.AllocsPerRun(100, func() { _ = p.Hash() }); n != 0 {
		t.Errorf("Hash allocates %v times", n)
	}
}

func BenchmarkHash(b *testing.B) {
	p := mustParse(b, "1,2,3,4,5,6,7/7,6,5,4,3,2,1 3,4 B r2 h1@A,2@N s5")
	b.ReportAllocs()
	var sink uint64
	for range b.N {
		sink ^= p.Hash()
		p.State++
	}
	_ = sink
}
