package search_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// persp is the player from whose point of view the searchers value p.
func persp(p mancala.Position) mancala.Player {
	if p.ToMove == mancala.NorthTurn {
		return mancala.North
	}
	return mancala.South
}

// minimax is plain depth-limited minimax, the oracle for AlphaBeta: p's
// value from persp(p)'s point of view, finished positions worth their
// final difference times TerminalScale, horizon positions eval's estimate,
// simultaneous decisions the value of their matrix game (for South).
// line is the game up to and including p, for Cyclers.
func minimax(r mancala.Ruleset, line []mancala.Position, p mancala.Position, depth int, eval search.Evaluator) float64 {
	if p.Over() {
		return float64(search.FinalDifference(p) * search.TerminalScale)
	}
	me := persp(p)
	if depth == 0 {
		return eval(p, me)
	}
	child := func(m mancala.Move) float64 {
		q := mancala.EndCycle(r, line, r.Apply(p, m))
		v := minimax(r, append(line[:len(line):len(line)], q), q, depth-1, eval)
		if persp(q) != me {
			v = -v
		}
		return v
	}
	moves := r.Legal(nil, p)
	if p.ToMove == mancala.BothTurn {
		sc := mancala.Choices(nil, moves, mancala.South)
		nc := mancala.Choices(nil, moves, mancala.North)
		mat := make([][]float64, len(sc))
		for i, s := range sc {
			mat[i] = make([]float64, len(nc))
			for j, n := range nc {
				mat[i][j] = child(mancala.Joint(s, n))
			}
		}
		_, _, v, err := search.SolveMatrixGame(mat)
		if err != nil {
			panic(err)
		}
		return v
	}
	best := math.Inf(-1)
	for _, m := range moves {
		best = max(best, child(m))
	}
	return best
}

// testRules are the rulesets the properties run on: turns of several
// decisions (Kalah), simultaneous decisions (an opening, or every move),
// repetition (a Cycler).
var testRules = []mancala.Ruleset{
	toyKalah(4, 3),
	toyKalahSim(3, 3),
	toyMatch(3, 2),
	toyAwale(3, 2),
	toyAwale(2, 2),
	toyAwale(2, 1),
}

// randomLine plays random legal moves from r's start, drawn by t, and
// returns the line of positions (the last one not over).
func randomLine(t *rapid.T, r mancala.Ruleset, maxPlies int) []mancala.Position {
	p := r.Start()
	line := []mancala.Position{p}
	plies := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	for range plies {
		moves := r.Legal(nil, p)
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		q := mancala.EndCycle(r, line, r.Apply(p, m))
		if q.Over() {
			break
		}
		p = q
		line = append(line, p)
	}
	return line
}

func TestAlphaBetaEqualsMinimax(t *testing.T) {
	for _, r := range testRules {
		t.Run(r.(interface{ String() string }).String(), func(t *testing.T) {
			_, cycler := r.(mancala.Cycler)
			rapid.Check(t, func(t *rapid.T) {
				line := randomLine(t, r, 12)
				p := line[len(line)-1]
				maxDepth := 4
				if p.Board.Total() <= 8 {
					maxDepth = 7 // small games: deep enough to meet repetitions
				}
				depth := rapid.IntRange(1, maxDepth).Draw(t, "depth")
				want := minimax(r, line, p, depth, search.DefaultEvaluator)
				modes := []string{"no table"}
				if !cycler {
					// A table stores values for positions, not lines:
					// with repetitions, minimax is the only oracle.
					modes = append(modes, "same-depth table")
				}
				for _, mode := range append(modes, "pvs, no table", "pvs, table") {
					if mode == "pvs, table" && cycler {
						continue
					}
					o := search.AlphaBetaOptions{Depth: depth, TableSize: -1, PVS: strings.HasPrefix(mode, "pvs")}
					if strings.HasSuffix(mode, "table") && !strings.HasSuffix(mode, "no table") {
						o.TableSize = 1 << 10
					}
					a := search.NewAlphaBeta(o)
					search.SetSameDepthOnly(a, true)
					res, err := a.Search(context.Background(), r, line[:len(line)-1], p)
					if err != nil {
						t.Fatal(err)
					}
					if math.Abs(res.Value-want) > 1e-6 {
						t.Fatalf("%s: alpha-beta %v, minimax %v at depth %d from %v", mode, res.Value, want, depth, p)
					}
					checkResult(t, r, p, res)
				}
			})
		})
	}
}

// checkResult checks a Result's move and principal variation.
func checkResult(t fataler, r mancala.Ruleset, p mancala.Position, res search.Result) {
	t.Helper()
	if !mancala.IsLegal(r, p, res.Move) {
		t.Fatalf("move %v is not legal in %v", res.Move, p)
	}
	if len(res.PV) == 0 {
		t.Fatalf("empty PV")
	}
	if p.ToMove != mancala.BothTurn && res.PV[0] != res.Move {
		t.Fatalf("PV %v does not start with the move %v", res.PV, res.Move)
	}
	q := p
	for i, m := range res.PV {
		if !mancala.IsLegal(r, q, m) {
			t.Fatalf("PV %v: move %d (%v) illegal in %v", res.PV, i, m, q)
		}
		q = r.Apply(q, m)
	}
}

// TestAlphaBetaExact: searched to the end, the value is the game's,
// marked exact, with or without a table (AW-8 repetitions included).
func TestAlphaBetaExact(t *testing.T) {
	for _, r := range []mancala.Ruleset{
		toyKalah(3, 2),
		toyKalahSim(2, 3),
		toyMatch(2, 2),
		toyAwale(2, 1),
	} {
		p := r.Start()
		_, cycler := r.(mancala.Cycler)
		var memo map[mancala.Position]float64
		if !cycler {
			memo = map[mancala.Position]float64{}
		}
		want := bruteValue(r, nil, p, memo) * search.TerminalScale
		for _, o := range []search.AlphaBetaOptions{
			{TableSize: -1}, {TableSize: 1 << 12},
			{TableSize: -1, PVS: true}, {TableSize: 1 << 12, PVS: true},
			{TableSize: -1, PVS: true, Reduce: true}, {TableSize: 1 << 12, PVS: true, Reduce: true},
			{TableSize: 1 << 12, Reduce: true},
		} {
			o.Depth = 60
			a := search.NewAlphaBeta(o)
			res, err := a.Search(context.Background(), r, nil, p)
			if err != nil {
				t.Fatal(err)
			}
			size := o.TableSize
			if !res.Exact || math.Abs(res.Value-want) > 1e-6 {
				t.Errorf("%v, table %d, pvs %v, reduce %v: value %v exact %v, want %v exact", r, size, o.PVS, o.Reduce, res.Value, res.Exact, want)
			}
			if res.Depth >= 60 {
				t.Errorf("%v: deepening did not stop at the exact value (depth %d)", r, res.Depth)
			}
		}
	}
}

func TestAlphaBetaSimultaneousRoot(t *testing.T) {
	r := toyMatch(3, 2)
	p := r.Start()
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3, Seed: 7})
	res, err := a.Search(context.Background(), r, nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Mixed == nil {
		t.Fatal("no mixed strategy at a simultaneous decision")
	}
	if want := minimax(r, []mancala.Position{p}, p, 3, search.DefaultEvaluator); math.Abs(res.Mixed.Value-want) > 1e-6 || res.Value != res.Mixed.Value {
		t.Errorf("value %v (mixed %v), want %v", res.Value, res.Mixed.Value, want)
	}
	// Matching houses by index: by symmetry both mix uniformly.
	for i := range 3 {
		if math.Abs(res.Mixed.South[i]-1.0/3) > 1e-9 || math.Abs(res.Mixed.North[i]-1.0/3) > 1e-9 {
			t.Errorf("strategies %v %v, want uniform", res.Mixed.South, res.Mixed.North)
			break
		}
	}
	checkResult(t, r, p, res)
	// The same seed samples the same joint move.
	b := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3, Seed: 7})
	res2, _ := b.Search(context.Background(), r, nil, p)
	if res2.Move != res.Move {
		t.Errorf("same seed, moves %v and %v", res.Move, res2.Move)
	}
}

// TestAlphaBetaMoveAgain: a turn of several decisions (Kalah's move
// again) is not negated. South's house C (3 seeds, 3 houses) ends in his
// store; North must not be credited with South's next decision.
func TestAlphaBetaMoveAgain(t *testing.T) {
	r := toyKalah(3, 1)
	p := r.Start() // 1,1,1 / 1,1,1: C ends in the store, then B, then A
	g, _ := mancala.NewGame(r)
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 8})
	res, err := a.Search(context.Background(), r, nil, p)
	if err != nil {
		t.Fatal(err)
	}
	want := bruteValue(r, nil, p, map[mancala.Position]float64{}) * search.TerminalScale
	if res.Value != want || !res.Exact {
		t.Fatalf("value %v exact %v, want %v", res.Value, res.Exact, want)
	}
	for _, m := range res.PV {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || float64(search.FinalDifference(g.Position())*search.TerminalScale) != want {
		t.Errorf("the PV %v ends at %v, not in the value %v", res.PV, g.Position(), want)
	}
}

func TestAlphaBetaDeterministic(t *testing.T) {
	r := toyKalah(6, 4)
	for _, o := range []search.AlphaBetaOptions{{Nodes: 20000}, {Depth: 5}} {
		var results []search.Result
		for range 2 {
			a := search.NewAlphaBeta(o)
			res, err := a.Search(context.Background(), r, nil, r.Start())
			if err != nil {
				t.Fatal(err)
			}
			// A second search with the same searcher uses its table: it
			// must be deterministic too.
			res2, err := a.Search(context.Background(), r, nil, r.Apply(r.Start(), res.Move))
			if err != nil {
				t.Fatal(err)
			}
			results = append(results, res, res2)
		}
		for i := range 2 {
			x, y := results[i], results[i+2]
			if x.Move != y.Move || x.Value != y.Value || x.Nodes != y.Nodes || x.Depth != y.Depth || len(x.PV) != len(y.PV) {
				t.Errorf("%+v: results differ: %+v and %+v", o, x, y)
			}
		}
	}
}

func TestAlphaBetaNodeLimit(t *testing.T) {
	r := toyKalah(6, 4)
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Nodes: 5000})
	res, err := a.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes > 5000+1024 || res.Depth < 1 {
		t.Errorf("nodes %d depth %d with a limit of 5000 nodes", res.Nodes, res.Depth)
	}
	checkResult(t, r, r.Start(), res)
}

// TestAlphaBetaCancel: a search without limits returns soon after its
// context is cancelled, with a legal move; an already cancelled context
// still gives a legal move.
func TestAlphaBetaCancel(t *testing.T) {
	r := toyKalah(6, 6)
	ctx, cancel := context.WithCancel(context.Background())
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: search.MaxDepth})
	done := make(chan search.Result)
	go func() {
		res, _ := a.Search(ctx, r, nil, r.Start())
		done <- res
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case res := <-done:
		checkResult(t, r, r.Start(), res)
	case <-time.After(10 * time.Second):
		t.Fatal("search did not stop after cancellation")
	}
	res, err := search.NewAlphaBeta(search.AlphaBetaOptions{}).Search(ctx, r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, r, r.Start(), res)
}

func TestAlphaBetaDeadline(t *testing.T) {
	r := toyKalah(6, 6)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	a := search.NewAlphaBeta(search.AlphaBetaOptions{})
	start := time.Now()
	res, err := a.Search(ctx, r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("search with a 30ms deadline took %v", el)
	}
	checkResult(t, r, r.Start(), res)
}

func TestAlphaBetaErrors(t *testing.T) {
	r := toyKalah(2, 1)
	over := finish(r.Start())
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2})
	if _, err := a.Search(context.Background(), r, nil, over); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("search of a finished position: %v", err)
	}
	g, _ := mancala.NewGame(r)
	if _, err := a.Choose(context.Background(), g, mancala.North); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("North to choose when South moves: %v", err)
	}
	if _, err := a.Choose(context.Background(), g, mancala.Player(7)); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("player 7 to choose: %v", err)
	}
	_ = g.Concede(mancala.South)
	if _, err := a.Choose(context.Background(), g, mancala.South); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("choose after the game ended: %v", err)
	}
}

// TestAlphaBetaEvaluator: the options' evaluator is used at the horizon,
// clamped inside TerminalScale.
func TestAlphaBetaEvaluator(t *testing.T) {
	r := toyKalah(4, 3)
	calls := 0
	eval := func(p mancala.Position, side mancala.Player) float64 {
		calls++
		return 1e9 // clamped to TerminalScale-2, inside an oracle's estimates (search.InSeeds)
	}
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 1, Eval: eval})
	res, err := a.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || math.Abs(res.Value) != search.TerminalScale-2 {
		t.Errorf("%d calls, value %v", calls, res.Value)
	}
}

// TestAlphaBetaAllocs: a search allocates only its result, however many
// nodes it visits.
func TestAlphaBetaAllocs(t *testing.T) {
	for _, r := range []mancala.Ruleset{toyKalah(5, 4), toyMatch(4, 3), toyAwale(4, 3)} {
		a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 5, TableSize: 1 << 12})
		p := r.Start()
		var hist []mancala.Position
		ctx := context.Background()
		if _, err := a.Search(ctx, r, hist, p); err != nil {
			t.Fatal(err)
		}
		var nodes int64
		allocs := testing.AllocsPerRun(5, func() {
			res, _ := a.Search(ctx, r, hist, p)
			nodes = res.Nodes
		})
		// The PV, and at a simultaneous decision the mixed strategy.
		if allocs > 4 {
			t.Errorf("%v: %v allocations per search of %d nodes", r, allocs, nodes)
		}
	}
}

// TestReduceSearchesFewerNodes: late move reductions (Reduce) reach the
// same depth from the Abapa start in fewer nodes than the plain search,
// and PVS alone finds the same value as the plain search.
func TestReduceSearchesFewerNodes(t *testing.T) {
	r := abapaRules(t)
	run := func(o search.AlphaBetaOptions) search.Result {
		t.Helper()
		o.Depth, o.Quiesce = 10, true
		res, err := search.NewAlphaBeta(o).Search(context.Background(), r, nil, r.Start())
		if err != nil {
			t.Fatal(err)
		}
		if res.Depth != 10 {
			t.Fatalf("%+v: depth %d, want 10", o, res.Depth)
		}
		return res
	}
	plain := run(search.AlphaBetaOptions{})
	pvs := run(search.AlphaBetaOptions{PVS: true})
	reduced := run(search.AlphaBetaOptions{PVS: true, Reduce: true})
	if pvs.Value != plain.Value {
		t.Errorf("PVS: value %v, plain search %v", pvs.Value, plain.Value)
	}
	if reduced.Nodes*10 > plain.Nodes*9 {
		t.Errorf("Reduce: %d nodes, plain search %d: want at least a tenth fewer", reduced.Nodes, plain.Nodes)
	}
}
