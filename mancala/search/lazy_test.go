package search_test

import (
	"context"
	"math"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestSharedTableExact: threads sharing one table (lazy SMP) find the
// game's value, marked exact, when they search to the end, on the
// general path and on a Stepper's (Awalé), AW-8 repetitions included;
// and again with the table the first search left.
func TestSharedTableExact(t *testing.T) {
	aw, err := awale.New(awale.Options{Houses: 2, Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []mancala.Ruleset{toyKalah(3, 2), toyAwale(2, 1), aw} {
		p := r.Start()
		var want float64
		if _, cycler := r.(mancala.Cycler); cycler {
			want = bruteCycler(r, nil, p, map[string]float64{})
		} else {
			want = bruteValue(r, nil, p, map[mancala.Position]float64{})
		}
		want *= search.TerminalScale
		for _, threads := range []int{2, 3} {
			a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 60, TableSize: 1 << 12, Threads: threads, SharedTable: true})
			for rep := 0; rep < 2; rep++ {
				res, err := a.Search(context.Background(), r, nil, p)
				if err != nil {
					t.Fatal(err)
				}
				if !res.Exact || math.Abs(res.Value-want) > 1e-6 || !mancala.IsLegal(r, p, res.Move) {
					t.Errorf("%v, %d threads, search %d: %+v, want value %v exact", r, threads, rep, res, want)
				}
			}
		}
	}
}

// TestSharedTableAbapa: on Abapa positions the shared-table search
// completes the depth asked, plays a legal move, agrees with one thread
// where that one's value is proven, and counts at least the first
// thread's nodes, in Info as in the result.
func TestSharedTableAbapa(t *testing.T) {
	r := abapaRules(t)
	for i, g := range randomPositions(t, r, 12, 5) {
		hist := g.Positions()[:g.Ply()]
		p := g.Position()
		serial, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 6, Quiesce: true, TableSize: 1 << 14}).Search(context.Background(), r, hist, p)
		if err != nil {
			t.Fatal(err)
		}
		var infoNodes int64
		lazy := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 6, Quiesce: true, TableSize: 1 << 14, Threads: 2, SharedTable: true,
			Info: func(res search.Result) {
				if res.Nodes < infoNodes {
					t.Errorf("position %d: Info's nodes went down from %d to %d", i, infoNodes, res.Nodes)
				}
				infoNodes = res.Nodes
			}})
		res, err := lazy.Search(context.Background(), r, hist, p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Depth != serial.Depth || !mancala.IsLegal(r, p, res.Move) || res.Nodes < infoNodes {
			t.Errorf("position %d: shared %+v (Info's last nodes %d), one thread %+v", i, res, infoNodes, serial)
		}
		if serial.Exact && (!res.Exact || res.Value != serial.Value) {
			t.Errorf("position %d: shared %+v, one thread proves %v", i, res, serial.Value)
		}
	}
}

// TestSharedTableStops: a cancelled context and a node limit stop every
// thread; the searcher (and its helpers) then search again.
func TestSharedTableStops(t *testing.T) {
	r := abapaRules(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Threads: 3, SharedTable: true, TableSize: 1 << 16,
		Info: func(res search.Result) {
			if res.Depth >= 4 {
				cancel()
			}
		}})
	res, err := a.Search(ctx, r, nil, r.Start())
	if err != nil || res.Depth < 4 || res.Depth >= search.MaxDepth || !mancala.IsLegal(r, r.Start(), res.Move) {
		t.Fatalf("cancelled: %+v, %v", res, err)
	}
	o := a.Options()
	o.Info, o.Nodes = nil, 20000
	a.SetOptions(o)
	res, err = a.Search(context.Background(), r, nil, r.Start())
	if err != nil || res.Nodes < 20000 || res.Depth >= search.MaxDepth || !mancala.IsLegal(r, r.Start(), res.Move) {
		t.Fatalf("node limit: %+v, %v", res, err)
	}
	a.Reset()
	o.Nodes, o.Depth = 0, 5
	a.SetOptions(o)
	if res, err = a.Search(context.Background(), r, nil, r.Start()); err != nil || res.Depth != 5 {
		t.Fatalf("after Reset: %+v, %v", res, err)
	}
}
