package kalah_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala/search"
)

var (
	kalah64     = flag.Bool("kalah64", false, "run BenchmarkSolve64 (a minute or so, 128 MiB table, 29 MiB database)")
	benchLimit  = flag.Duration("solvelimit", 0, "stop the solve benchmarks after this long (for profiling)")
	benchTables = flag.Int("solvetable", 23, "log2 of the solve benchmarks' table entries")
	benchSeeds  = flag.Int("endgameseeds", 16, "endgame database seeds of BenchmarkSolve64Built and BenchmarkBuildEndgame64")
)

// benchSolve solves r from the start and reports nodes, endgame database
// answers and the value.
func benchSolve(b *testing.B, r *kalah.Rules, want float64) {
	b.ReportAllocs()
	for range b.N {
		ctx := context.Background()
		if *benchLimit > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, *benchLimit)
			defer cancel()
		}
		sol, err := search.Solve(ctx, r, nil, r.Start(), search.SolveOptions{TableBits: *benchTables})
		if err != nil {
			if *benchLimit > 0 {
				b.Skip(err)
			}
			b.Fatal(err)
		}
		if sol.Value != want {
			b.Fatalf("value %v, want %v", sol.Value, want)
		}
		b.ReportMetric(float64(sol.Nodes), "nodes")
		b.ReportMetric(float64(sol.EndgameHits), "endgame-hits")
	}
}

// BenchmarkSolve63 solves Kalah(6,3) (value 2) with a small endgame
// database (12 seeds), so that both the search and the database count.
func BenchmarkSolve63(b *testing.B) {
	r, err := kalah.New(kalah.Options{Houses: 6, Seeds: 3, EndgameSeeds: 12})
	if err != nil {
		b.Fatal(err)
	}
	benchSolve(b, r, 2)
}

// BenchmarkSolve64 solves Kalah(6,4) (value 10, Irving, Donkers and
// Uiterwijk 2000) with the default endgame database. It takes a minute or
// so and runs only with the -kalah64 flag:
//
//	go test ./examples/kalah/kalah -run '^$' -bench Solve64 -benchtime 1x -kalah64
func BenchmarkSolve64(b *testing.B) {
	if !*kalah64 {
		b.Skip("give -kalah64 to run")
	}
	r, err := kalah.New(kalah.Options{})
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	benchSolve(b, r, 10)
	b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "s/solve")
}

// BenchmarkSolve64Built solves Kalah(6,4) with an endgame database built
// in full before the timer starts (-endgameseeds, 16 by default; 22 makes
// the search several times faster but takes about a minute to build), so
// that it times the search alone. It runs only with -kalah64.
func BenchmarkSolve64Built(b *testing.B) {
	if !*kalah64 {
		b.Skip("give -kalah64 to run")
	}
	r, err := kalah.New(kalah.Options{EndgameSeeds: *benchSeeds})
	if err != nil {
		b.Fatal(err)
	}
	if err := r.BuildEndgame(context.Background(), 0); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	benchSolve(b, r, 10)
	b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "s/solve")
}

// BenchmarkBuildEndgame builds the 12-seed database of Kalah(6,3), 2.7
// million entries, on all cores.
func BenchmarkBuildEndgame(b *testing.B) {
	benchBuild(b, kalah.Options{Houses: 6, Seeds: 3, EndgameSeeds: 12})
}

// BenchmarkBuildEndgame64 builds the database of Kalah(6,4) of
// -endgameseeds seeds (16: 30 million entries) on all cores. It runs only
// with -kalah64.
func BenchmarkBuildEndgame64(b *testing.B) {
	if !*kalah64 {
		b.Skip("give -kalah64 to run")
	}
	benchBuild(b, kalah.Options{EndgameSeeds: *benchSeeds})
}

func benchBuild(b *testing.B, o kalah.Options) {
	b.ReportAllocs()
	for range b.N {
		b.StopTimer()
		r, err := kalah.New(o)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := r.BuildEndgame(context.Background(), 0); err != nil {
			b.Fatal(err)
		}
	}
}
