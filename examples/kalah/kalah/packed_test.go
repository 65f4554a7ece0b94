package kalah_test

import (
	"context"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// general is r without its search.Packer methods, so that search.Solve
// takes its general path on it, with the endgame oracle eg if not nil.
type general struct {
	r  *kalah.Rules
	eg search.Endgamer
}

func (g general) Start() mancala.Position                            { return g.r.Start() }
func (g general) Setup(p mancala.Position) (mancala.Position, error) { return g.r.Setup(p) }
func (g general) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return g.r.Legal(dst, p)
}
func (g general) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	return g.r.Play(p, m)
}
func (g general) Apply(p mancala.Position, m mancala.Move) mancala.Position { return g.r.Apply(p, m) }
func (g general) ScoreBounds(p mancala.Position) (lo, hi int)               { return g.r.ScoreBounds(p) }
func (g general) StoreIndependent() bool                                    { return g.r.StoreIndependent() }
func (g general) Endgame(p mancala.Position) (int, bool) {
	if g.eg == nil {
		return 0, false
	}
	return g.eg.Endgame(p)
}

// checkPackedSolve solves p under r, with the databases of o if o is not
// nil, on the packed path and on the general path and checks that the values agree and that the packed path's
// principal variation replays legally (KA-2 to KA-5) to a finished game
// whose store difference is the value (KA-6).
func checkPackedSolve(t interface {
	Helper()
	Fatal(...any)
	Fatalf(string, ...any)
}, r *kalah.Rules, o *kalah.Oracle, p mancala.Position, workers int) {
	t.Helper()
	if _, ok := r.Pack(p); !ok {
		t.Fatalf("Pack(%v) failed", p)
	}
	var packed search.Packer = r
	g := general{r: r}
	if o != nil {
		packed, g.eg = o, o
	}
	opts := search.SolveOptions{TableBits: 14}
	got, err := search.Solve(context.Background(), packed.(mancala.Ruleset), nil, p, search.SolveOptions{TableBits: 14, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	want, err := search.Solve(context.Background(), g, nil, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got.Value != want.Value {
		t.Fatalf("%v from %v: packed value %v, general %v", r, p, got.Value, want.Value)
	}
	q := p
	for i, m := range got.PV {
		if q, err = r.Play(q, m); err != nil {
			t.Fatalf("%v from %v: PV move %d (%v): %v", r, p, i, m, err)
		}
	}
	if !q.Over() {
		t.Fatalf("%v from %v: PV %v does not end the game", r, p, got.PV)
	}
	if d := float64(search.FinalDifference(q)); d != got.Value {
		t.Fatalf("%v from %v: PV %v ends at %v, value %v", r, p, got.PV, d, got.Value)
	}
}

// TestPackedSolveStarts checks the packed solver against the general one
// from the starts of small games (KA-1), under both capture rules (KA-4),
// with and without endgame databases (of a third of the game's seeds).
func TestPackedSolveStarts(t *testing.T) {
	for houses := 3; houses <= 5; houses++ {
		for seeds := 2; seeds <= 3; seeds++ {
			for _, c := range []kalah.Capture{kalah.CaptureEmpty, kalah.CaptureStandard} {
				for _, eg := range []int{2 * houses * seeds / 3, -1} {
					if eg < 0 && houses*seeds > 12 {
						continue // slow without the database; covered with it
					}
					name := fmt.Sprintf("KA-1/kalah(%d,%d) %v capture endgame %d", houses, seeds, c, eg)
					t.Run(name, func(t *testing.T) {
						r := mustNew(t, kalah.Options{Houses: houses, Seeds: seeds, Capture: c})
						checkPackedSolve(t, r, withDB(t, r, eg), r.Start(), 1)
					})
				}
			}
		}
	}
}

// randomPosition plays random moves from the start of r and returns a
// position that is not over (the start if every try ends the game).
func randomPosition(t *rapid.T, r *kalah.Rules, maxMoves int) mancala.Position {
	p := r.Start()
	var buf []mancala.Move
	n := rapid.IntRange(0, maxMoves).Draw(t, "moves")
	for range n {
		buf = r.Legal(buf[:0], p)
		q := r.Apply(p, buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")])
		if q.Over() {
			break
		}
		p = q
	}
	return p
}

// TestPackedSolveRandom checks the packed solver, with one to three
// workers, against the general one on positions reached by random play
// (KA-2 to KA-6), both capture rules.
func TestPackedSolveRandom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		houses := rapid.IntRange(1, 5).Draw(t, "houses")
		seeds := rapid.IntRange(1, 3).Draw(t, "seeds")
		c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
		eg := rapid.SampledFrom([]int{-1, 4, 2 * houses * seeds / 3}).Draw(t, "endgame seeds")
		r := mustNew(t, kalah.Options{Houses: houses, Seeds: seeds, Capture: c})
		checkPackedSolve(t, r, withDB(t, r, eg), randomPosition(t, r, 12), rapid.IntRange(1, 3).Draw(t, "workers"))
	})
}

// TestPackedChildrenMatchApply checks every packed child against the
// ruleset's Apply on positions reached by random play, on boards of 1 to
// 8 houses and both capture rules: the child of each legal move has its
// house, its Over, Again and Gain agree with the position Apply makes
// (KA-2 to KA-5), and its Next is that position packed.
func TestPackedChildrenMatchApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		houses := rapid.IntRange(1, kalah.MaxPackedHouses).Draw(t, "houses")
		seeds := rapid.IntRange(1, min(12, mancala.MaxSeeds/(2*houses))).Draw(t, "seeds")
		c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
		r, err := kalah.New(kalah.Options{Houses: houses, Seeds: seeds, Capture: c})
		if err != nil {
			t.Fatal(err)
		}
		p := randomPosition(t, r, 60)
		x, ok := r.Pack(p)
		if !ok {
			t.Fatalf("Pack(%v) failed", p)
		}
		me, _ := p.ToMove.Player()
		if got, want := r.PackedSeeds(x), p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North); got != want {
			t.Fatalf("PackedSeeds = %d, want %d", got, want)
		}
		kids := r.PackedChildren(nil, x)
		moves := r.Legal(nil, p)
		if len(kids) != len(moves) {
			t.Fatalf("%d packed children, %d legal moves", len(kids), len(moves))
		}
		diff := func(q mancala.Position) int {
			return q.Board.Store(me) - q.Board.Store(me.Other())
		}
		for i, m := range moves {
			k := kids[i]
			if h, _ := m.House(me); h != k.House {
				t.Fatalf("child %d: house %d, move %v", i, k.House, m)
			}
			q := r.Apply(p, m)
			if k.Over != q.Over() {
				t.Fatalf("KA-5/move %v: Over %v, position %v", m, k.Over, q)
			}
			if g := diff(q) - diff(p); g != k.Gain {
				t.Fatalf("move %v: Gain %d, want %d", m, k.Gain, g)
			}
			if q.Over() {
				continue
			}
			if again := q.ToMove == p.ToMove; again != k.Again {
				t.Fatalf("KA-3/move %v: Again %v, want %v", m, k.Again, again)
			}
			if y, ok := r.Pack(q); !ok || y != k.Next {
				t.Fatalf("move %v: Next %x, Pack(Apply) %x %v", m, k.Next, y, ok)
			}
		}
	})
}

// TestPackedEndgameMatchesEndgame checks that an Oracle's PackedEndgame
// (its own rank on the packed words) answers as Endgame (the databases'
// own lookup) does, on positions reached by random play on boards of 1 to
// 8 houses.
func TestPackedEndgameMatchesEndgame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		houses := rapid.IntRange(1, kalah.MaxPackedHouses).Draw(t, "houses")
		seeds := rapid.IntRange(1, 3).Draw(t, "seeds")
		c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
		k := rapid.IntRange(1, min(2*houses*seeds, 20/houses+2)).Draw(t, "endgame seeds")
		r := mustNew(t, kalah.Options{Houses: houses, Seeds: seeds, Capture: c})
		o := withDB(t, r, k)
		p := randomPosition(t, r, 40)
		x, _ := r.Pack(p)
		g1, ok1 := o.PackedEndgame(x)
		g2, ok2 := o.Endgame(p)
		if g1 != g2 || ok1 != ok2 {
			t.Fatalf("%v: PackedEndgame %d %v, Endgame %d %v", p, g1, ok1, g2, ok2)
		}
		if want := p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North) <= k; ok2 != want {
			t.Fatalf("%v: Endgame answers %v with databases of %d seeds", p, ok2, k)
		}
	})
}

// TestPackRefuses checks the positions Pack has no form for.
func TestPackRefuses(t *testing.T) {
	big, err := kalah.New(kalah.Options{Houses: kalah.MaxPackedHouses + 1, Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := big.Pack(big.Start()); ok {
		t.Error("KA-1/Pack of a 9-house board succeeded")
	}
	r, err := kalah.New(kalah.Options{Houses: 3, Seeds: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	for !p.Over() {
		p = r.Apply(p, r.Legal(nil, p)[0])
	}
	if _, ok := r.Pack(p); ok {
		t.Error("KA-5/Pack of a finished position succeeded")
	}
	if _, ok := r.Pack(r.Start()); !ok {
		t.Error("Pack of the start failed")
	}
}

// TestPackedAllocs checks that PackedChildren and PackedEndgame, without
// databases and with, allocate nothing.
func TestPackedAllocs(t *testing.T) {
	r, err := kalah.New(kalah.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x, _ := r.Pack(r.Start())
	buf := make([]search.PackedChild, 0, kalah.MaxPackedHouses)
	if n := testing.AllocsPerRun(100, func() { buf = r.PackedChildren(buf[:0], x) }); n != 0 {
		t.Errorf("PackedChildren: %v allocations", n)
	}
	small := mustNew(t, kalah.Options{Houses: 4, Seeds: 1})
	o := withDB(t, small, 8)
	y, _ := small.Pack(small.Start())
	if _, ok := o.PackedEndgame(y); !ok {
		t.Fatal("PackedEndgame of the start of kalah(4,1) with 8 seeds: no answer")
	}
	for _, pk := range []search.Packer{small, o} {
		if n := testing.AllocsPerRun(100, func() { pk.PackedEndgame(y) }); n != 0 {
			t.Errorf("%T.PackedEndgame: %v allocations", pk, n)
		}
	}
}

// BenchmarkSolve64General solves Kalah(6,4) like BenchmarkSolve64Built
// but on the solver's general path (the ruleset without its Packer
// methods), for comparison. It runs only with the -kalah64 flag.
func BenchmarkSolve64General(b *testing.B) {
	if !*kalah64 {
		b.Skip("give -kalah64 to run")
	}
	r := mustNew(b, kalah.Options{})
	o := withDB(b, r, *benchSeeds)
	b.ResetTimer()
	b.ReportAllocs()
	for range b.N {
		sol, err := search.Solve(context.Background(), general{r, o}, nil, r.Start(), search.SolveOptions{TableBits: *benchTables})
		if err != nil {
			b.Fatal(err)
		}
		if sol.Value != 10 {
			b.Fatalf("value %v, want 10", sol.Value)
		}
		b.ReportMetric(float64(sol.Nodes), "nodes")
	}
}

// BenchmarkPackedChildren measures the packed move generator on the start
// of Kalah(6,4).
func BenchmarkPackedChildren(b *testing.B) {
	r, err := kalah.New(kalah.Options{})
	if err != nil {
		b.Fatal(err)
	}
	x, _ := r.Pack(r.Start())
	buf := make([]search.PackedChild, 0, kalah.MaxPackedHouses)
	b.ReportAllocs()
	for range b.N {
		buf = r.PackedChildren(buf[:0], x)
	}
}

// TestPackedRefusesForeignWords checks that words that no position of the
// board packs to get no endgame answer and no panic.
func TestPackedRefusesForeignWords(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 4, Seeds: 3})
	o := withDB(t, r, 10)
	for _, x := range []search.Packed{
		{0xffffffffffffffff, 0xffffffffffffffff}, // seeds beyond the board, sums past 255
		{1 << 40, 1},                             // a seed in a fifth house
		{0, 1},                                   // an empty row: the game is over
	} {
		if g, ok := o.PackedEndgame(x); ok {
			t.Errorf("PackedEndgame(%x) = %d, true", x, g)
		}
		r.PackedChildren(nil, x)
	}
	if got := r.PackedSeeds(search.Packed{0xffffffffffffffff, 0}); got != 8*255 {
		t.Errorf("PackedSeeds of eight full bytes = %d, want %d", got, 8*255)
	}
}
