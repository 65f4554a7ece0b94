package search_test

import (
	"context"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func abapaRules(t testing.TB) *awale.Rules {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// randomPositions returns positions of random Abapa games, not over.
func randomPositions(t testing.TB, r *awale.Rules, n int, seed uint64) []*mancala.Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []*mancala.Game
	for len(out) < n {
		g, _ := mancala.NewGame(r)
		plies := rng.IntN(60)
		for i := 0; i < plies && !g.Over(); i++ {
			moves := g.Legal()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Over() {
			out = append(out, g)
		}
	}
	return out
}

func TestAlphaBetaInfo(t *testing.T) {
	r := abapaRules(t)
	var depths []int
	var last search.Result
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 5, Info: func(res search.Result) {
		depths = append(depths, res.Depth)
		if len(res.PV) == 0 || res.PV[0] != res.Move {
			t.Errorf("info at depth %d: PV %v does not start with %v", res.Depth, res.PV, res.Move)
		}
		last = res
	}})
	res, err := ab.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if len(depths) != 5 || depths[0] != 1 || depths[4] != 5 {
		t.Errorf("info depths %v, want 1..5", depths)
	}
	if last.Move != res.Move || last.Value != res.Value || last.Nodes != res.Nodes {
		t.Errorf("last info %+v, result %+v", last, res)
	}
}

func TestAlphaBetaSoftTime(t *testing.T) {
	r := abapaRules(t)
	// A soft limit already passed after the first iteration stops there.
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{SoftTime: time.Nanosecond, Time: time.Hour})
	res, err := ab.Search(context.Background(), r, nil, r.Start())
	if err != nil || res.Depth != 1 {
		t.Errorf("depth %d, %v; want 1", res.Depth, err)
	}
}

func TestAlphaBetaSetOptions(t *testing.T) {
	r := abapaRules(t)
	for _, g := range randomPositions(t, r, 10, 3) {
		hist := g.Positions()[:g.Ply()]
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3, TableSize: 1 << 10})
		if _, err := ab.Search(context.Background(), r, hist, g.Position()); err != nil {
			t.Fatal(err)
		}
		for _, ts := range []int{1 << 10, 1 << 12, -1, 0} {
			o := search.AlphaBetaOptions{Depth: 6, TableSize: ts}
			ab.SetOptions(o)
			if got := ab.Options(); got.Depth != 6 || got.TableSize != ts {
				t.Fatalf("options %+v after SetOptions(%+v)", got, o)
			}
			res, err := ab.Search(context.Background(), r, hist, g.Position())
			if err != nil || res.Depth != 6 {
				t.Fatalf("table %d: depth %d, %v", ts, res.Depth, err)
			}
			// The value is the depth-6 minimax value whatever the table.
			fresh, _ := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 6, TableSize: -1}).Search(context.Background(), r, hist, g.Position())
			if res.Value != fresh.Value && !(math.Abs(res.Value) >= search.TerminalScale) {
				t.Errorf("table %d: value %v, fresh searcher %v", ts, res.Value, fresh.Value)
			}
		}
	}
}

// quiesceOracle is the plain definition of the quiescence value: the
// evaluation, or a capture sequence's value if better.
func quiesceOracle(r mancala.Ruleset, p mancala.Position, eval search.Evaluator, qd int) float64 {
	me := persp(p)
	best := eval(p, me)
	if qd == 0 {
		return best
	}
	for _, m := range r.Legal(nil, p) {
		q := r.Apply(p, m)
		if !q.Over() && q.Board.Store(me) == p.Board.Store(me) {
			continue
		}
		var v float64
		if q.Over() {
			v = float64(search.FinalDifference(q) * search.TerminalScale)
		} else {
			v = quiesceOracle(r, q, eval, qd-1)
		}
		if persp(q) != me {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

// qMinimax is minimax to depth with quiescence at the horizon.
func qMinimax(r mancala.Ruleset, line []mancala.Position, p mancala.Position, depth int, eval search.Evaluator) float64 {
	if p.Over() {
		return float64(search.FinalDifference(p) * search.TerminalScale)
	}
	if depth == 0 {
		return quiesceOracle(r, p, eval, search.QuiesceDepth)
	}
	me := persp(p)
	best := math.Inf(-1)
	for _, m := range r.Legal(nil, p) {
		q := mancala.EndCycle(r, line, r.Apply(p, m))
		v := qMinimax(r, append(line[:len(line):len(line)], q), q, depth-1, eval)
		if persp(q) != me {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

func TestAlphaBetaQuiesceEqualsOracle(t *testing.T) {
	r := abapaRules(t)
	eval := search.Evaluator(r.Estimate)
	for i, g := range randomPositions(t, r, 40, 5) {
		for depth := 1; depth <= 3; depth++ {
			want := qMinimax(r, g.Positions(), g.Position(), depth, eval)
			for _, pvs := range []bool{false, true} {
				ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: depth, Quiesce: true, Eval: eval, TableSize: -1, PVS: pvs})
				res, err := ab.Search(context.Background(), r, g.Positions()[:g.Ply()], g.Position())
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(res.Value-want) > 1e-9 {
					t.Fatalf("position %d (%s) depth %d, pvs %v: value %v, oracle %v", i, awale.FormatAalina(g.Position()), depth, pvs, res.Value, want)
				}
			}
		}
	}
}

// zeroEndgame answers every position with at most 10 seeds in houses: the
// players will add nothing more to their stores (a false oracle, but one
// whose use is easy to see). It hides the Awalé rules' Cycle: without
// repetitions, the oracle's answers are exact everywhere (see Endgamer).
type zeroEndgame struct{ mancala.Ruleset }

func (z zeroEndgame) Endgame(p mancala.Position) (int, bool) {
	b := p.Board
	return 0, b.RowSeeds(mancala.South)+b.RowSeeds(mancala.North) <= 10
}

// TestAlphaBetaEndgamer checks that the searcher takes the answers of an
// Endgamer as exact values of the positions below the root (issue 13.4).
func TestAlphaBetaEndgamer(t *testing.T) {
	r := abapaRules(t)
	z := zeroEndgame{r}
	p, err := awale.ParseAalina("1-2-0-0-2-1-0-2-1-0-0-1-21-17-S")
	if err != nil {
		t.Fatal(err)
	}
	if p, err = r.Setup(p); err != nil {
		t.Fatal(err)
	}
	res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 9}).Search(context.Background(), z, nil, p)
	if err != nil {
		t.Fatal(err)
	}
	// Every child is answered: its value is its store difference.
	want := math.Inf(-1)
	for _, m := range r.Legal(nil, p) {
		q := r.Apply(p, m)
		want = max(want, float64(search.FinalDifference(q)*search.TerminalScale))
	}
	if !res.Exact || res.Depth != 1 || res.Value != want {
		t.Errorf("result %+v; want exact value %v at depth 1", res, want)
	}
	// The same oracle added by WithEndgame, on two threads.
	res, err = search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 9, Threads: 2}).Search(context.Background(), search.WithEndgame(zeroEndgame{r}, z.Endgame), nil, p)
	if err != nil || !res.Exact || res.Depth != 1 || res.Value != want {
		t.Errorf("WithEndgame: result %+v, %v; want exact value %v at depth 1", res, err, want)
	}
	// With the rules' Cycle (AW-8), an answer after a move that captures
	// nothing is only an estimate: a repetition may end the game sooner.
	res, err = search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 9}).Search(context.Background(), search.WithEndgame(r, z.Endgame), nil, p)
	if err != nil || res.Exact {
		t.Errorf("WithEndgame of the Cycler: result %+v, %v; want no exact value", res, err)
	}
}

// plainRules hides every capability of the ruleset it holds.
type plainRules struct{ mancala.Ruleset }

// TestWithEndgameKeepsEstimate: the ruleset that WithEndgame returns
// estimates positions as the one it wraps (its Estimate, or
// DefaultEvaluator without one), and a search through it with no
// evaluator set values positions as a search of the ruleset alone.
func TestWithEndgameKeepsEstimate(t *testing.T) {
	r := abapaRules(t)
	none := func(mancala.Position) (int, bool) { return 0, false }
	w, ok := search.WithEndgame(r, none).(search.Estimator)
	if !ok {
		t.Fatal("WithEndgame(awale) is not an Estimator")
	}
	wp, ok := search.WithEndgame(plainRules{r}, none).(search.Estimator)
	if !ok {
		t.Fatal("WithEndgame(plain) is not an Estimator")
	}
	differ := false
	for i, g := range randomPositions(t, r, 30, 11) {
		p := g.Position()
		for _, side := range []mancala.Player{mancala.South, mancala.North} {
			if got, want := w.Estimate(p, side), r.Estimate(p, side); got != want {
				t.Fatalf("position %d: wrapped Estimate %v, ruleset's %v", i, got, want)
			}
			if got, want := wp.Estimate(p, side), search.DefaultEvaluator(p, side); got != want {
				t.Fatalf("position %d: wrapped plain Estimate %v, DefaultEvaluator %v", i, got, want)
			}
		}
		hist := g.Positions()[:g.Ply()]
		direct, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3, TableSize: -1}).Search(context.Background(), r, hist, p)
		if err != nil {
			t.Fatal(err)
		}
		wrapped, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3, TableSize: -1}).Search(context.Background(), w.(mancala.Ruleset), hist, p)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3, TableSize: -1}).Search(context.Background(), plainRules{r}, hist, p)
		if err != nil {
			t.Fatal(err)
		}
		if direct.Value != wrapped.Value {
			t.Fatalf("position %d: value %v through WithEndgame, %v without", i, wrapped.Value, direct.Value)
		}
		differ = differ || plain.Value != direct.Value
	}
	if !differ {
		t.Error("the plain ruleset (DefaultEvaluator) and Awalé's Estimate agreed everywhere: the test proves nothing")
	}
}

func TestLevels(t *testing.T) {
	prev := 0
	for _, name := range search.Levels {
		o, err := search.LevelOptions(name)
		if err != nil {
			t.Fatal(err)
		}
		// Every level is the measured engine: quiescence, and the
		// ruleset's own evaluation.
		if !o.Quiesce || o.Eval != nil {
			t.Errorf("%s: quiesce %v, eval set %v; want quiescence and the ruleset's Estimate", name, o.Quiesce, o.Eval != nil)
		}
		if name == "max" {
			if o.Depth != 0 || o.Time <= 0 {
				t.Errorf("max: %+v", o)
			}
			continue
		}
		if o.Depth <= prev {
			t.Errorf("%s: depth %d not above the level before (%d)", name, o.Depth, prev)
		}
		prev = o.Depth
	}
	if _, err := search.LevelOptions("Hard"); err != nil {
		t.Error(err)
	}
	if _, err := search.LevelOptions("godlike"); !errors.Is(err, search.ErrBadSpec) {
		t.Errorf("unknown level: %v", err)
	}
	for _, name := range []string{"store", "default"} {
		if e, err := search.EvaluatorByName(name); err != nil || e == nil {
			t.Errorf("%s: %v, %v", name, e != nil, err)
		}
	}
	// The ruleset's own: a nil Evaluator, which AlphaBeta resolves.
	for _, name := range []string{"rules", "awale"} {
		if e, err := search.EvaluatorByName(name); err != nil || e != nil {
			t.Errorf("%s: %v, %v; want nil, nil", name, e != nil, err)
		}
	}
	if _, err := search.EvaluatorByName("x"); !errors.Is(err, search.ErrBadSpec) {
		t.Errorf("unknown evaluator: %v", err)
	}
}

var (
	abapaApplies = flag.Int("abapa.applies", 1<<16, "Apply calls measured per search by BenchmarkAlphaBetaAbapa")
	abapaReuse   = flag.Bool("abapa.reuse", false, "BenchmarkAlphaBetaAbapa searches with one searcher, Reset between searches, in place of a new one each")
	abapaDepth   = flag.Int("abapa.depth", 11, "the depth BenchmarkAlphaBetaAbapa searches to")
)

// BenchmarkAlphaBetaAbapa searches the Abapa start to depth 11 (or
// -abapa.depth) with a fresh table, and reports nodes per second; ns/op
// is the time to depth (compare threads2, the root split, and shared2,
// lazy SMP, with default for the parallel speed-up, general with default
// for the Stepper's path). It reports as well the CPU time of the
// process per node (ns/node) and, measured in the same loop so that the
// machine's load weighs on both alike, per Rules.Apply of a position of a
// random game (ns/Apply).
//
// -abapa.applies sets the Apply calls per search measured (0: none, and
// no ns/Apply), so that the process's CPU time counts searches alone.
// -abapa.reuse searches with one searcher, Reset (its table cleared)
// before each search, so that the allocation of a new table, and the
// collections it sets off, are left out.
func BenchmarkAlphaBetaAbapa(b *testing.B) {
	r := abapaRules(b)
	type step struct {
		p mancala.Position
		m mancala.Move
	}
	var steps []step
	for _, g := range randomPositions(b, r, 256, 17) {
		for _, m := range g.Legal() {
			steps = append(steps, step{g.Position(), m})
		}
	}
	for _, c := range []struct {
		name    string
		o       search.AlphaBetaOptions
		general bool
	}{
		{"default", search.AlphaBetaOptions{Depth: 11}, false}, // the ruleset's Estimate
		{"default-general", search.AlphaBetaOptions{Depth: 11}, true},
		{"default-threads2", search.AlphaBetaOptions{Depth: 11, Threads: 2}, false},
		{"default-shared2", search.AlphaBetaOptions{Depth: 11, Threads: 2, SharedTable: true}, false},
		{"store-row", search.AlphaBetaOptions{Depth: 11, Eval: search.DefaultEvaluator}, false},
		// Awalé's row evaluation, its Estimate before ELO.md's change 8.
		{"row", search.AlphaBetaOptions{Depth: 11, Eval: search.Weights{Row: 0.15, Small: 0.5, Mobility: 0.5}.Evaluator()}, false},
		{"quiesce", search.AlphaBetaOptions{Depth: 11, Quiesce: true}, false},
		{"quiesce-general", search.AlphaBetaOptions{Depth: 11, Quiesce: true}, true},
	} {
		c.o.Depth = *abapaDepth
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes, applies int64
			var searchCPU, applyCPU time.Duration
			var sink int
			var a *search.AlphaBeta
			for i := 0; i < b.N; i++ {
				if a == nil || !*abapaReuse {
					a = search.NewAlphaBeta(c.o)
				} else {
					a.Reset()
				}
				search.SetGeneral(a, c.general)
				t0 := cpuTime()
				res, err := a.Search(context.Background(), r, nil, r.Start())
				if err != nil {
					b.Fatal(err)
				}
				t1 := cpuTime()
				searchCPU += t1 - t0
				nodes += res.Nodes
				b.StopTimer()
				for j := 0; j < *abapaApplies; j++ {
					s := &steps[j%len(steps)]
					sink += r.Apply(s.p, s.m).Board.Store(mancala.South)
				}
				applyCPU += cpuTime() - t1
				applies += int64(*abapaApplies)
				b.StartTimer()
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s") // the Apply calls' time left out
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(searchCPU.Nanoseconds())/float64(nodes), "ns/node")
			if applies > 0 {
				b.ReportMetric(float64(applyCPU.Nanoseconds())/float64(applies), "ns/Apply")
			}
			if sink == -1 {
				b.Log(sink)
			}
		})
	}
}

func TestAlphaBetaThreadsEqualsSerial(t *testing.T) {
	r := abapaRules(t)
	for i, g := range randomPositions(t, r, 20, 9) {
		hist := g.Positions()[:g.Ply()]
		for _, ts := range []int{-1, 0} {
			serial, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 5, TableSize: ts, Quiesce: true}).Search(context.Background(), r, hist, g.Position())
			if err != nil {
				t.Fatal(err)
			}
			par := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 5, TableSize: ts, Quiesce: true, Threads: 2})
			for rep := 0; rep < 2; rep++ { // the second search reuses the tables
				res, err := par.Search(context.Background(), r, hist, g.Position())
				if err != nil {
					t.Fatal(err)
				}
				if res.Depth != 5 || res.Exact != serial.Exact || !mancala.IsLegal(r, g.Position(), res.Move) {
					t.Fatalf("position %d: parallel %+v, serial %+v", i, res, serial)
				}
				if ts < 0 && res.Value != serial.Value {
					t.Fatalf("position %d: parallel value %v, serial %v", i, res.Value, serial.Value)
				}
			}
		}
	}
	// A parallel search stops at its deadline too.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	res, err := search.NewAlphaBeta(search.AlphaBetaOptions{Threads: 2}).Search(ctx, r, nil, r.Start())
	if err != nil || !mancala.IsLegal(r, r.Start(), res.Move) {
		t.Errorf("%+v, %v", res, err)
	}
}

func TestParseEngineLevel(t *testing.T) {
	for _, name := range search.Levels {
		if p, err := search.ParseEngine("level:"+name, 1); err != nil || p == nil {
			t.Errorf("level:%s: %v", name, err)
		}
	}
	if _, err := search.ParseEngine("level:godlike", 1); !errors.Is(err, search.ErrBadSpec) {
		t.Errorf("level:godlike: %v", err)
	}
}

// TestWeightsEvaluator checks the table-driven evaluator against the
// features counted one by one.
func TestWeightsEvaluator(t *testing.T) {
	r := abapaRules(t)
	w := search.Weights{Row: 0.3, Small: 0.7, Kroo: 1.1, Mobility: 0.2}
	eval := w.Evaluator()
	for _, g := range randomPositions(t, r, 50, 11) {
		p := g.Position()
		for _, side := range []mancala.Player{mancala.South, mancala.North} {
			want := float64(p.Board.Store(side) - p.Board.Store(side.Other()))
			for _, pl := range []mancala.Player{side, side.Other()} {
				sign := 1.0
				if pl != side {
					sign = -1
				}
				for i := 0; i < p.Board.Houses(); i++ {
					s := p.Board.Seeds(pl, i)
					f := w.Row * float64(s)
					if s > 0 {
						f += w.Mobility
					}
					if s == 1 || s == 2 {
						f += w.Small
					}
					if s >= 12 {
						f += w.Kroo
					}
					want += sign * f
				}
			}
			if got := eval(p, side); math.Abs(got-want) > 1e-9 {
				t.Fatalf("%s for %v: %v, want %v", awale.FormatAalina(p), side, got, want)
			}
		}
	}
}
