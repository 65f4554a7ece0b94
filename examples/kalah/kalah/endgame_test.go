package kalah_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// testDBs holds the databases the tests have built, by board, capture
// rule and count: a database serves every game of its board.
var testDBs struct {
	sync.Mutex
	m map[string]*egdb.DB
}

// withDB returns r with the generic endgame databases of up to k seeds in
// houses (built once for the test binary), or nil if k is negative.
func withDB(t tester, r *kalah.Rules, k int) *kalah.Oracle {
	t.Helper()
	if k < 0 {
		return nil
	}
	key := fmt.Sprintf("%s k=%d", retroGame(r).Name(), k)
	testDBs.Lock()
	defer testDBs.Unlock()
	db := testDBs.m[key]
	if db == nil {
		var err error
		if db, err = egdb.Build(context.Background(), retroGame(r), "", k, egdb.Options{}); err != nil {
			t.Fatalf("Build %s: %v", key, err)
		}
		if testDBs.m == nil {
			testDBs.m = map[string]*egdb.DB{}
		}
		testDBs.m[key] = db
	}
	o, err := kalah.WithDatabase(r, db)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestEndgameAgainstBruteForce checks the generic endgame databases, as an
// Oracle answers from them, on random positions of small boards against
// minimax over the ruleset: the gain it reports for the player to move,
// added to his store difference, is the final difference under perfect
// play (KA-2 to KA-6), under both capture rules; positions with more seeds
// in houses than the databases hold get no answer, and neither do
// positions that are over.
func TestEndgameAgainstBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		houses := rapid.IntRange(1, 4).Draw(t, "houses")
		seeds := rapid.IntRange(1, 4).Draw(t, "seeds")
		c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
		total := 2 * houses * seeds
		k := rapid.IntRange(1, min(total, 10)).Draw(t, "endgame seeds")
		r := mustNew(t, kalah.Options{Houses: houses, Seeds: seeds, Capture: c})
		o := withDB(t, r, k)
		if got := o.Database().Seeds(); got != k {
			t.Fatalf("Database().Seeds() = %d, want %d", got, k)
		}
		b, err := mancala.NewBoard(houses, 0)
		if err != nil {
			t.Fatal(err)
		}
		inHouses := rapid.IntRange(2, min(total, k+2)).Draw(t, "seeds in houses")
		left := inHouses
		for i := 0; i < 2*houses && left > 0; i++ {
			n := left
			if i < 2*houses-1 {
				n = rapid.IntRange(0, left).Draw(t, "house")
			}
			_ = b.SetSeeds(mancala.Player(i/houses), i%houses, n)
			left -= n
		}
		south := rapid.IntRange(0, total-inHouses).Draw(t, "south store")
		_ = b.SetStore(mancala.South, south)
		_ = b.SetStore(mancala.North, total-inHouses-south)
		turn := mancala.SouthTurn
		if rapid.Bool().Draw(t, "north to move") {
			turn = mancala.NorthTurn
		}
		p, err := r.Setup(mancala.Position{Board: b, ToMove: turn})
		if err != nil {
			t.Fatal(err)
		}
		gain, ok := o.Endgame(p)
		if p.Over() || inHouses > k {
			if ok {
				t.Fatalf("Endgame(%v) = %d, true; want no answer", p, gain)
			}
			return
		}
		if !ok {
			t.Fatalf("Endgame(%v): no answer", p)
		}
		want, ok := mancalatest.Minimax(r, p)
		if !ok {
			t.Fatalf("Minimax(%v): no value", p)
		}
		got := p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
		if turn == mancala.SouthTurn {
			got += gain
		} else {
			got -= gain
		}
		if got != want {
			t.Fatalf("KA-6/%v %v: endgame gain %d gives %d, minimax %d", r, p, gain, got, want)
		}
	})
}

// randomPositions returns n positions reached by random play from the
// start of r, with one player to move.
func randomPositions(r *kalah.Rules, n int, seed uint64) []mancala.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []mancala.Position
	var buf []mancala.Move
	for len(out) < n {
		p := r.Start()
		for !p.Over() {
			out = append(out, p)
			buf = r.Legal(buf[:0], p)
			p = r.Apply(p, buf[rng.IntN(len(buf))])
		}
	}
	return out[:n]
}

// TestEndgameConcurrent asks one Oracle from several goroutines at once
// (the race detector watches), the packed way and the other, and checks
// every answer against the same questions asked from one goroutine.
func TestEndgameConcurrent(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 4, Seeds: 3})
	o := withDB(t, r, 12)
	ps := randomPositions(r, 2000, 1)
	type answer struct {
		gain int
		ok   bool
	}
	want := make([]answer, len(ps))
	for i, p := range ps {
		want[i].gain, want[i].ok = o.Endgame(p)
	}
	var wg sync.WaitGroup
	const askers = 4
	errs := make(chan string, askers)
	for g := range askers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ps {
				j := (i*7 + g*501) % len(ps)
				gain, ok := o.Endgame(ps[j])
				if g%2 == 1 {
					x, _ := r.Pack(ps[j])
					gain, ok = o.PackedEndgame(x)
				}
				if gain != want[j].gain || ok != want[j].ok {
					errs <- fmt.Sprintf("%v: %d, %v; alone %d, %v", ps[j], gain, ok, want[j].gain, want[j].ok)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestEndgameAllocs: answering from the databases allocates nothing.
func TestEndgameAllocs(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 4, Seeds: 3})
	o := withDB(t, r, 12)
	ps := randomPositions(r, 500, 2)
	i := 0
	allocs := testing.AllocsPerRun(len(ps)-1, func() {
		o.Endgame(ps[i])
		i++
	})
	if allocs != 0 {
		t.Errorf("%v allocations per Endgame", allocs)
	}
}

// TestStoreIndependent checks what StoreIndependent declares: positions
// that differ only in their stores have the same moves, and each move adds
// the same seeds to each store in both and leads to positions that again
// differ only in their stores (KA-2 to KA-5 never look at the stores).
func TestStoreIndependent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		houses := rapid.IntRange(1, 6).Draw(t, "houses")
		seeds := rapid.IntRange(1, 6).Draw(t, "seeds")
		c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
		r, err := kalah.New(kalah.Options{Houses: houses, Seeds: seeds, Capture: c})
		if err != nil {
			t.Fatal(err)
		}
		if !r.StoreIndependent() {
			t.Fatal("StoreIndependent() = false")
		}
		p := r.Start()
		for n := rapid.IntRange(0, 40).Draw(t, "plies"); n > 0 && !p.Over(); n-- {
			moves := r.Legal(nil, p)
			p = r.Apply(p, moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
		if p.Over() {
			return
		}
		// q moves x seeds from one store to the other.
		ss, ns := p.Board.Store(mancala.South), p.Board.Store(mancala.North)
		x := rapid.IntRange(-ns, ss).Draw(t, "shift")
		q := p
		_ = q.Board.SetStore(mancala.South, ss-x)
		_ = q.Board.SetStore(mancala.North, ns+x)
		pm, qm := r.Legal(nil, p), r.Legal(nil, q)
		if !slices.Equal(pm, qm) {
			t.Fatalf("legal moves %v and %v", pm, qm)
		}
		for _, m := range pm {
			p2, q2 := r.Apply(p, m), r.Apply(q, m)
			for _, pl := range []mancala.Player{mancala.South, mancala.North} {
				if p2.Board.Row(pl) != q2.Board.Row(pl) {
					t.Fatalf("%v: rows differ after %v: %v and %v", m, m, p2, q2)
				}
				if p2.Board.Store(pl)-p.Board.Store(pl) != q2.Board.Store(pl)-q.Board.Store(pl) {
					t.Fatalf("%v: store gains differ: %v and %v", m, p2, q2)
				}
			}
			if p2.ToMove != q2.ToMove {
				t.Fatalf("%v: %v and %v to move", m, p2.ToMove, q2.ToMove)
			}
		}
	})
}
