package search_test

import (
	"context"
	"testing"

	_ "github.com/sowing-games/sowing/congkak" // registers congkak
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestQuiesceSowingPastStoreIsQuiet: in Congkak most sowings pass the
// mover's own store and add a seed to it; quiescence took each of them
// for a capture, so a search to depth 2 at Overbeck's start visited some
// 26 million nodes (found by mancala/sow's TestEveryTool through uci).
// Only a gain of two seeds or more is a capture now.
func TestQuiesceSowingPastStoreIsQuiet(t *testing.T) {
	r, err := mancala.NewRuleset("congkak overbeck opening=sequential")
	if err != nil {
		t.Fatal(err)
	}
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2, Quiesce: true, Nodes: 2_000_000})
	res, err := ab.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes >= 200_000 {
		t.Errorf("a depth-2 search with quiescence visited %d nodes; quiescence follows sowings that only pass the store", res.Nodes)
	}
	if !mancala.IsLegal(r, r.Start(), res.Move) {
		t.Errorf("move %v is not legal", res.Move)
	}
}
