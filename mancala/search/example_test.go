package search_test

import (
	"context"
	"fmt"
	"math"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// The examples use toyKalah, the small Kalah ruleset of this package's
// tests (fixtures_test.go, on the module's toy game): sowing through one's
// own store, moving again when the last seed lands there, capturing with
// the last seed in an empty own house; toyKalah(3, 3) is Kalah with 3
// houses a side and 3 seeds in each.

// Solve a small Kalah exactly: South's final store difference under
// perfect play, and a line of perfect play.
func ExampleSolve() {
	r := toyKalah(3, 3)
	sol, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 16})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("value:", sol.Value)
	fmt.Println("line:", sol.PV)
	// Output:
	// value: 2
	// line: [A B b B a C c C A a c b]
}

// Rock, paper, scissors: each choice a third of the time, value 0.
func ExampleSolveMatrixGame() {
	rps := [][]float64{
		{0, -1, 1}, // rock against rock, paper, scissors
		{1, 0, -1}, // paper
		{-1, 1, 0}, // scissors
	}
	row, col, value, err := search.SolveMatrixGame(rps)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("row %.3f\ncolumn %.3f\nvalue %.3f\n", row, col, math.Round(value*1000)/1000+0) // +0: no "-0.000"
	// Output:
	// row [0.333 0.333 0.333]
	// column [0.333 0.333 0.333]
	// value 0.000
}

// A depth-limited search of the start of Kalah(4, 3).
func ExampleAlphaBeta_Search() {
	r := toyKalah(4, 3)
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 6})
	res, err := a.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("move:", res.Move, "value:", res.Value, "depth:", res.Depth)
	fmt.Println("expected line:", res.PV)
	// Output:
	// move: B value: 2 depth: 6
	// expected line: [B C a d A C]
}

// At a simultaneous decision the searcher solves the matrix game of the
// joint moves and reports both players' optimal mixed strategies. In
// toyMatch both players choose a house at once; if the houses have the
// same letter South takes the seeds of both, otherwise North does.
func ExampleAlphaBeta_Search_simultaneous() {
	r := toyMatch(3, 2)
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 4, Seed: 1})
	res, err := a.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("South %.2f\nNorth %.2f\n", res.Mixed.South, res.Mixed.North)
	if res.Exact {
		// Proven values count seeds of final difference in TerminalScale units.
		fmt.Printf("South's expected final difference %.2f\n", res.Mixed.Value/search.TerminalScale)
	}
	// Output:
	// South [0.33 0.33 0.33]
	// North [0.33 0.33 0.33]
	// South's expected final difference -4.00
}

// Two engines made from specs play a whole game.
func ExampleParseEngine() {
	r := toyKalah(4, 3)
	south, err := search.ParseEngine("alphabeta:depth=6", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	north, _ := search.ParseEngine("greedy", 2)
	g, _ := mancala.NewGame(r)
	if err := search.PlayGame(context.Background(), g, south, north, nil); err != nil {
		fmt.Println(err)
		return
	}
	o := g.Outcome()
	fmt.Println(g.MovesText())
	fmt.Println("winner:", o.Result, "score:", o.Scores[mancala.South], "to", o.Scores[mancala.North])
	// Output:
	// B C c A D c C b A d c
	// winner: south score: 19 to 5
}

// PlayGame plays a game between two engines, here with a simultaneous
// first decision (each engine chooses its side's house without seeing the
// other's, and PlayGame plays the joint move), calling the observer after
// each move.
func ExamplePlayGame() {
	r := toyKalahSim(3, 2)
	g, _ := mancala.NewGame(r)
	south := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 4, Seed: 1})
	north := search.NewGreedy(2)
	err := search.PlayGame(context.Background(), g, south, north, func(m mancala.Move, p mancala.Position) {
		fmt.Printf("%-3v -> %v\n", m, p)
	})
	fmt.Println("error:", err)
	// Output:
	// Cb  -> 2,2,0/3,0,3 1,1 S
	// A   -> 0,3,0/0,0,3 5,1 N
	// c   -> 0,0,0/0,0,0 10,2 -
	// error: <nil>
}

// A bad spec names the problem.
func ExampleParseEngine_error() {
	_, err := search.ParseEngine("alphabeta:depth=deep", 1)
	fmt.Println(err)
	// Output:
	// search: player "alphabeta:depth=deep": depth=deep: want a positive integer
}

// Monte Carlo tree search with a fixed number of playouts is
// deterministic for its seed.
func ExampleMCTS_Search() {
	r := toyKalah(4, 3)
	m := search.NewMCTS(search.MCTSOptions{Playouts: 2000, Seed: 1})
	res, err := m.Search(context.Background(), r, nil, r.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("move %v, win rate %.2f over %d playouts\n", res.Move, res.Reward, res.Nodes)
	// Output:
	// move B, win rate 0.76 over 2000 playouts
}
