package kalah_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

var (
	kalah64     = flag.Bool("kalah64", false, "run the Kalah(6,4) benchmarks (a minute or so each, 128 MiB table)")
	benchLimit  = flag.Duration("solvelimit", 0, "stop the solve benchmarks after this long (for profiling)")
	benchTables = flag.Int("solvetable", 23, "log2 of the solve benchmarks' table entries")
	benchSeeds  = flag.Int("endgameseeds", 16, "endgame database seeds of BenchmarkSolve64Built, BenchmarkSolve64General and BenchmarkBuildEndgame64")
)

// benchSolve solves the start of o's rules and reports nodes, endgame
// database answers and the value.
func benchSolve(b *testing.B, o *kalah.Oracle, want float64) {
	b.ReportAllocs()
	for range b.N {
		ctx := context.Background()
		if *benchLimit > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, *benchLimit)
			defer cancel()
		}
		sol, err := search.Solve(ctx, o, nil, o.Start(), search.SolveOptions{TableBits: *benchTables})
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

// BenchmarkSolve63 solves Kalah(6,3) (value 2) with the databases of 12
// seeds (built once, before the timer starts).
func BenchmarkSolve63(b *testing.B) {
	r := mustNew(b, kalah.Options{Houses: 6, Seeds: 3})
	o := withDB(b, r, 12)
	b.ResetTimer()
	benchSolve(b, o, 2)
}

// BenchmarkSolve64Built solves Kalah(6,4) (value 10, Irving, Donkers and
// Uiterwijk 2000) with the databases of -endgameseeds seeds (16 by
// default) built before the timer starts, so that it times the search
// alone. It runs only with -kalah64:
//
//	go test ./examples/kalah/kalah -run '^$' -bench Solve64Built -benchtime 1x -kalah64
func BenchmarkSolve64Built(b *testing.B) {
	if !*kalah64 {
		b.Skip("give -kalah64 to run")
	}
	r := mustNew(b, kalah.Options{})
	o := withDB(b, r, *benchSeeds)
	b.ResetTimer()
	start := time.Now()
	benchSolve(b, o, 10)
	b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "s/solve")
}

// BenchmarkBuildEndgame builds the databases of up to 12 seeds of six
// houses a side (2.7 million configurations) on all cores.
func BenchmarkBuildEndgame(b *testing.B) {
	benchBuild(b, 12)
}

// BenchmarkBuildEndgame64 builds the databases of -endgameseeds seeds (16:
// 30 million configurations) of six houses a side on all cores. It runs
// only with -kalah64.
func BenchmarkBuildEndgame64(b *testing.B) {
	if !*kalah64 {
		b.Skip("give -kalah64 to run")
	}
	benchBuild(b, *benchSeeds)
}

func benchBuild(b *testing.B, k int) {
	r := mustNew(b, kalah.Options{})
	b.ReportAllocs()
	for range b.N {
		if _, err := egdb.Build(context.Background(), retroGame(r), "", k, egdb.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
