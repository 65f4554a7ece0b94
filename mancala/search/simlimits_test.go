package search_test

import (
	"context"
	"testing"
	"time"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestSimultaneousLimits: at Congkak's simultaneous opening, with the
// options of level max (quiescence on), a node limit of 1, a movetime
// already over stop the search at its first poll (after 1024 nodes), and
// a clock already spent (whose deadline is the 1 ms floor) soon after,
// rather than after the whole first iteration of the joint moves (193,525
// nodes, with a quiescence that never polled); the answer is still a
// legal joint move (issue 43, item 5).
func TestSimultaneousLimits(t *testing.T) {
	r, err := congkak.New(congkak.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.ToMove != mancala.BothTurn {
		t.Fatalf("the start is not simultaneous: %v", p.ToMove)
	}
	lv, err := search.LevelOptions("max")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name     string
		l        search.Limits
		maxNodes int64
	}{
		{"go nodes 1", search.Limits{Nodes: 1}, 2 * 1024},
		{"go movetime 1ns", search.Limits{MoveTime: time.Nanosecond}, 2 * 1024},
		// 1 ms of search: 50,000 nodes would take a machine 25 times as
		// fast as the 2 M nodes a second of a fast one today.
		{"a spent clock", search.Limits{Time: [2]time.Duration{time.Nanosecond, time.Nanosecond}}, 50_000},
	} {
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Eval: lv.Eval, Quiesce: lv.Quiesce, PVS: lv.PVS, Reduce: lv.Reduce, Time: lv.Time})
		res, err := ab.SearchLimits(context.Background(), r, nil, p, tt.l)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if int64(res.Nodes) > tt.maxNodes {
			t.Errorf("%s: %d nodes searched, want at most %d", tt.name, res.Nodes, tt.maxNodes)
		}
		if err := g.Clone().Play(res.Move); err != nil {
			t.Errorf("%s: %v is not a legal joint move: %v", tt.name, res.Move, err)
		}
	}
}
