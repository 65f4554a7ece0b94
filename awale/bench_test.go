package awale_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// Benchmarks. All of them run in a few seconds with -benchtime 1x, as CI
// smoke-runs them. The depth-12 perft of the performance target takes a
// flag:
//
//	go test -run '^$' -bench 'Perft12' -benchtime 1x ./awale -perft12
var perft12 = flag.Bool("perft12", false, "BenchmarkPerft12 searches to depth 12 (else 8)")

var benchPresets = []string{"documents", "abapa", "awari"}

func benchRules(b *testing.B, name string) *awale.Rules {
	b.Helper()
	o, err := awale.Preset(name)
	if err != nil {
		b.Fatal(err)
	}
	r, err := awale.New(o)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// benchPositions returns positions from random games, none finished.
func benchPositions(r *awale.Rules, n int) []mancala.Position {
	rng := rand.New(rand.NewPCG(5, 6))
	var ps []mancala.Position
	for len(ps) < n {
		p := r.Start()
		for !p.Over() && len(ps) < n {
			ps = append(ps, p)
			moves := r.Legal(nil, p)
			p = r.Apply(p, moves[rng.IntN(len(moves))])
		}
	}
	return ps
}

// BenchmarkLegal measures Legal into a reused buffer, over positions of
// random games.
func BenchmarkLegal(b *testing.B) {
	for _, name := range benchPresets {
		r := benchRules(b, name)
		ps := benchPositions(r, 1024)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]mancala.Move, 0, mancala.MaxHouses)
			for i := 0; i < b.N; i++ {
				buf = r.Legal(buf[:0], ps[i&1023])
			}
		})
	}
}

// BenchmarkApply measures Apply of the first legal move, over positions of
// random games.
func BenchmarkApply(b *testing.B) {
	for _, name := range benchPresets {
		r := benchRules(b, name)
		ps := benchPositions(r, 1024)
		var ms []mancala.Move
		for _, p := range ps {
			ms = append(ms, r.Legal(nil, p)[0])
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var sink mancala.Position
			for i := 0; i < b.N; i++ {
				sink = r.Apply(ps[i&1023], ms[i&1023])
			}
			_ = sink
		})
	}
}

// BenchmarkPlay measures Play (checked) of a legal move.
func BenchmarkPlay(b *testing.B) {
	r := benchRules(b, "documents")
	ps := benchPositions(r, 1024)
	var ms []mancala.Move
	for _, p := range ps {
		ms = append(ms, r.Legal(nil, p)[0])
	}
	b.ReportAllocs()
	b.ResetTimer()
	var sink mancala.Position
	for i := 0; i < b.N; i++ {
		sink, _ = r.Play(ps[i&1023], ms[i&1023])
	}
	_ = sink
}

// BenchmarkPerft measures mancala.Perft to depth 8 from the start (711414
// leaves), through Rules.Perft, with leaves per second.
func BenchmarkPerft(b *testing.B) {
	for _, name := range benchPresets {
		r := benchRules(b, name)
		b.Run(name+"/depth=8", func(b *testing.B) {
			b.ReportAllocs()
			var leaves int64
			for i := 0; i < b.N; i++ {
				l, _ := mancala.Perft(r, nil, r.Start(), 8)
				leaves += l
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkPerft12 is the performance target: mancala.Perft to depth 12
// from the start under the Abapa preset (460005710 leaves, 1221
// terminal). It searches to depth 12 only with -perft12 (see the top of
// this file), else to depth 8. It reports the leaves, the terminal leaves
// and the seconds of one search, for Rules.Perft (workers=1) and for
// Rules.PerftParallel split at the root over 2 workers side by side
// (workers=2):
//
//	go test -run '^$' -bench 'Perft12' -benchtime 1x ./awale -perft12
func BenchmarkPerft12(b *testing.B) {
	r := benchRules(b, "abapa")
	depth := 8
	if *perft12 {
		depth = 12
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			var leaves, terminal int64
			for i := 0; i < b.N; i++ {
				if workers == 1 {
					leaves, terminal = mancala.Perft(r, nil, r.Start(), depth)
					continue
				}
				var err error
				leaves, terminal, err = r.PerftParallel(context.Background(), nil, r.Start(), depth, workers)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(depth), "depth")
			b.ReportMetric(float64(leaves), "leaves")
			b.ReportMetric(float64(terminal), "terminal")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(leaves), "ns/leaf")
		})
	}
}

// BenchmarkPlayout measures random games from the start with the
// repetition rule (mancala.Playout, through Rules.Playout): games and
// plies per second.
func BenchmarkPlayout(b *testing.B) {
	for _, name := range benchPresets {
		r := benchRules(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			rng := rand.New(rand.NewPCG(1, 2))
			b.ResetTimer()
			plies := 0
			for i := 0; i < b.N; i++ {
				_, n := mancala.Playout(r, nil, r.Start(), rng, 0)
				plies += n
			}
			s := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/s, "games/s")
			b.ReportMetric(float64(plies)/s, "plies/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
