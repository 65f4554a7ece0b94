package search_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// The benchmarks report nodes (positions visited) per second; the toy
// rulesets build positions through the core's checked setters, so these
// figures measure the searchers with an ordinary third-party ruleset.

func benchAlphaBeta(b *testing.B, r mancala.Ruleset, depth int) {
	b.ReportAllocs()
	a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: depth})
	ctx := context.Background()
	var nodes int64
	b.ResetTimer()
	for range b.N {
		a.Reset() // each search from scratch, as a new searcher would do
		res, err := a.Search(ctx, r, nil, r.Start())
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkAlphaBeta searches Kalah(6,4) from the start to depth 9.
func BenchmarkAlphaBeta(b *testing.B) { benchAlphaBeta(b, toyKalah(6, 4), 9) }

// BenchmarkAlphaBetaSimultaneous searches a simultaneous opening (a 4×4
// matrix game at the root) to depth 5.
func BenchmarkAlphaBetaSimultaneous(b *testing.B) {
	benchAlphaBeta(b, toyKalahSim(4, 3), 5)
}

// BenchmarkAlphaBetaRepetition searches a Cycler (path kept, repetitions
// checked at every node) to depth 8.
func BenchmarkAlphaBetaRepetition(b *testing.B) { benchAlphaBeta(b, toyAwale(6, 3), 8) }

// BenchmarkSolve solves Kalah(5,3) exactly.
func BenchmarkSolve(b *testing.B) {
	b.ReportAllocs()
	r := toyKalah(5, 3)
	var nodes int64
	for range b.N {
		sol, err := search.Solve(context.Background(), storeIndependent(r), nil, r.Start(), search.SolveOptions{TableBits: 18})
		if err != nil {
			b.Fatal(err)
		}
		nodes += sol.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

var solveKalah64 = flag.Bool("kalah64", false, "run BenchmarkSolveKalah64 (minutes, 512 MiB)")

// BenchmarkSolveKalah64 solves Kalah(6,4) from the start (value 10) with a
// table of 2^25 entries. It takes minutes, so it runs only with the
// -kalah64 flag:
//
//	go test ./mancala/search -run '^$' -bench SolveKalah64 -benchtime 1x -kalah64
func BenchmarkSolveKalah64(b *testing.B) {
	if !*solveKalah64 {
		b.Skip("needs -kalah64")
	}
	r := toyKalah(6, 4)
	var nodes int64
	for range b.N {
		sol, err := search.Solve(context.Background(), storeIndependent(r), nil, r.Start(), search.SolveOptions{TableBits: 25})
		if err != nil {
			b.Fatal(err)
		}
		if sol.Value != 10 {
			b.Fatalf("Kalah(6,4) value %v, want 10 (Irving et al. 2000)", sol.Value)
		}
		nodes += sol.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkMCTS runs 1000 playouts from the start of Kalah(6,4).
func BenchmarkMCTS(b *testing.B) {
	b.ReportAllocs()
	r := toyKalah(6, 4)
	m := search.NewMCTS(search.MCTSOptions{Playouts: 1000, Seed: 1})
	b.ResetTimer()
	for range b.N {
		if _, err := m.Search(context.Background(), r, nil, r.Start()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(1000*b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkSolveMatrixGame solves random 7×7 games (Congkak's opening
// size).
func BenchmarkSolveMatrixGame(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	games := make([][][]float64, 64)
	for k := range games {
		games[k] = make([][]float64, 7)
		for i := range games[k] {
			games[k][i] = make([]float64, 7)
			for j := range games[k][i] {
				games[k][i][j] = float64(rng.IntN(21) - 10)
			}
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if _, _, _, err := search.SolveMatrixGame(games[i%len(games)]); err != nil {
			b.Fatal(err)
		}
	}
}
