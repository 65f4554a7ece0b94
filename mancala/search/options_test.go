package search_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestOptionBounds: sizes and thread counts out of bounds are refused up
// front with an *OptionError (ErrOption, mancala.ErrUnsupported), without
// allocating. Before the fix TableSize 1<<40 died with "fatal error:
// runtime: out of memory" in NewAlphaBeta, and the others ran.
func TestOptionBounds(t *testing.T) {
	r, err := awale.New(awale.Awari())
	if err != nil {
		t.Fatal(err)
	}
	refused := func(what string, err error) {
		t.Helper()
		var oe *search.OptionError
		if !errors.Is(err, search.ErrOption) || !errors.Is(err, mancala.ErrUnsupported) || !errors.As(err, &oe) {
			t.Errorf("%s: %v, want an *OptionError", what, err)
		}
	}
	for name, o := range map[string]search.AlphaBetaOptions{
		"TableSize 1<<40":        {TableSize: 1 << 40, Depth: 1},
		"Threads 100000":         {Threads: 100000, Depth: 1},
		"TableSize×Threads":      {TableSize: search.MaxTableSize / 2, Threads: 4, Depth: 1},
		"Threads MaxThreads + 1": {Threads: search.MaxThreads + 1, Depth: 1},
	} {
		refused(name+": Check", o.Check())
		_, err := search.NewAlphaBeta(o).Search(context.Background(), r, nil, r.Start())
		refused(name+": Search", err)
	}
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2})
	ab.SetOptions(search.AlphaBetaOptions{Depth: 2, TableSize: 1 << 40})
	_, err = ab.Search(context.Background(), r, nil, r.Start())
	refused("SetOptions(TableSize 1<<40): Search", err)
	ab.SetOptions(search.AlphaBetaOptions{Depth: 2})
	if res, err := ab.Search(context.Background(), r, nil, r.Start()); err != nil || res.Depth != 2 {
		t.Errorf("after SetOptions back to good options: %+v, %v", res, err)
	}
	_, err = search.NewMCTS(search.MCTSOptions{MaxNodes: search.MaxMCTSNodes + 1, Playouts: 10}).Search(context.Background(), r, nil, r.Start())
	refused("MCTS MaxNodes", err)
	for name, o := range map[string]search.SolveOptions{
		"Workers 100000": {Workers: 100000, TableBits: 10},
		"TableBits 31":   {TableBits: search.MaxSolveTableBits + 1},
		"TableBits -1":   {TableBits: -1},
	} {
		_, err := search.Solve(context.Background(), r, nil, r.Start(), o)
		refused("Solve "+name, err)
	}
	if err := (search.AlphaBetaOptions{Threads: 4, SharedTable: true, TableSize: search.MaxTableSize}).Check(); err != nil {
		t.Errorf("one shared table of MaxTableSize entries: %v", err)
	}
	if err := (search.AlphaBetaOptions{Threads: search.MaxThreads, TableSize: search.MaxTableSize / search.MaxThreads}).Check(); err != nil {
		t.Errorf("the largest options allowed: %v", err)
	}
}

// TestMaxThreadsKeepTime: with the most threads allowed and a 100 ms limit,
// the search returns within the limit and a margin, with a searched move
// (depth 1 at least). Before the fix 1000 threads returned the unsearched
// first move at depth 0 (their tables were made within the time limit),
// and 100000 ran for minutes; 256 took 3 to 6 s, at depth 0.
func TestMaxThreadsKeepTime(t *testing.T) {
	r, err := awale.New(awale.Awari())
	if err != nil {
		t.Fatal(err)
	}
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{Threads: search.MaxThreads, Time: 100 * time.Millisecond})
	t0 := time.Now()
	res, err := ab.Search(context.Background(), r, nil, r.Start())
	el := time.Since(t0)
	if err != nil {
		t.Fatal(err)
	}
	if el > 2*time.Second {
		t.Errorf("a 100 ms search with %d threads took %v", search.MaxThreads, el)
	}
	if res.Depth < 1 {
		t.Errorf("depth %d: the move was not searched", res.Depth)
	}
}

// TestFirstIterationWhateverTheClock: a limit already past when the
// search begins (as when setting up its tables took longer, on a busy
// machine) still gets a searched move, at depth 1, serial and parallel;
// a cancelled context does not.
func TestFirstIterationWhateverTheClock(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{1, 3} {
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Threads: threads, Time: time.Nanosecond})
		res, err := ab.Search(context.Background(), r, nil, r.Start())
		if err != nil || res.Depth < 1 {
			t.Errorf("threads %d, 1 ns: depth %d, %v; want depth 1 or more", threads, res.Depth, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, _ := search.NewAlphaBeta(search.AlphaBetaOptions{}).Search(ctx, r, nil, r.Start())
	if res.Depth != 0 {
		t.Errorf("cancelled context: depth %d, want 0", res.Depth)
	}
}

// TestSpecErrorSaidOnce: a bad spec's message has the package prefix
// once, and the list of accepted specs names level:NAME. Before the fix it
// read "search: player ...: search: bad player spec" and left level out.
func TestSpecErrorSaidOnce(t *testing.T) {
	for _, spec := range []string{"bogus", "", "level:godlike", "alphabeta:depth=x"} {
		_, err := search.ParseEngine(spec, 1)
		var se *search.SpecError
		if !errors.Is(err, search.ErrBadSpec) || !errors.As(err, &se) {
			t.Fatalf("%q: %v, want a *SpecError", spec, err)
		}
		if msg := err.Error(); strings.Count(msg, "search:") != 1 || strings.Contains(msg, "bad player spec") {
			t.Errorf("%q: %q says its prefix more than once", spec, msg)
		}
	}
	_, err := search.ParseEngine("bogus", 1)
	if !strings.Contains(err.Error(), "level:NAME") {
		t.Errorf("%v: the accepted specs leave out level:NAME", err)
	}
	for _, err := range []error{
		func() error { _, err := search.LevelOptions("godlike"); return err }(),
		func() error { _, err := search.EvaluatorByName("x"); return err }(),
	} {
		if !errors.Is(err, search.ErrBadSpec) || strings.Count(err.Error(), "search:") != 1 {
			t.Errorf("%v: want ErrBadSpec, the prefix once", err)
		}
	}
}
