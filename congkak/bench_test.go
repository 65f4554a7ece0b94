package congkak_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// The depth-10 perft takes seconds; it runs only when asked:
//
//	go test -run '^$' -bench PerftDepth10 -perft10 ./congkak
var perft10 = flag.Bool("perft10", false, "run BenchmarkPerftDepth10 (perft to depth 10 from the 7×7 start)")

func mustNew(tb testing.TB, o congkak.Options) *congkak.Rules {
	tb.Helper()
	r, err := congkak.New(o)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// benchPlayouts plays b.N random games from the start with mancala.Playout
// (the ruleset's Playouter) and reports games, rounds and sowings (one
// sowing: one decision, relays included) per second.
func benchPlayouts(b *testing.B, o congkak.Options) {
	r := mustNew(b, o)
	rng := rand.New(rand.NewPCG(1, 2))
	start := r.Start()
	plies, rounds := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, n := mancala.Playout(r, nil, start, rng, 0)
		plies += n
		rounds += p.Round
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/s, "games/s")
	b.ReportMetric(float64(rounds)/s, "rounds/s")
	b.ReportMetric(float64(plies)/s, "sowings/s")
	b.ReportMetric(float64(plies)/float64(b.N), "sowings/game")
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// Random 7×7 single rounds, sequential opening, uniform random decisions.
func BenchmarkRandomRound7x7(b *testing.B) {
	benchPlayouts(b, congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
}

// The same with the simultaneous opening (its ticks run on the general
// engine).
func BenchmarkRandomRoundSimultaneous7x7(b *testing.B) {
	benchPlayouts(b, congkak.Options{Rounds: 1})
}

// Random 7×7 sets limited to 10 rounds: refills and burnt houses.
func BenchmarkRandomSet7x7Rounds10(b *testing.B) {
	benchPlayouts(b, congkak.Options{Rounds: 10})
}

// Overbeck's 9×9 (general engine only), 4 rounds.
func BenchmarkRandomSetOverbeckRounds4(b *testing.B) {
	o := congkak.Overbeck()
	o.Rounds = 4
	benchPlayouts(b, o)
}

// Legal and Apply on Position values, as a search through the Ruleset
// interface uses them: random 7×7 single rounds, sequential opening.
func BenchmarkLegalApply7x7(b *testing.B) {
	r := mustNew(b, congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]mancala.Move, 0, 16)
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := r.Start()
		for !p.Over() {
			buf = r.Legal(buf[:0], p)
			p = r.Apply(p, buf[rng.IntN(len(buf))])
			plies++
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "sowings/s")
}

func benchPerft(b *testing.B, depth int) {
	r := mustNew(b, congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
	var leaves int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves, _ = mancala.Perft(r, nil, r.Start(), depth)
	}
	b.ReportMetric(float64(leaves), "leaves")
	b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

// Perft from the 7×7 start, sequential opening, one round.
func BenchmarkPerftDepth7(b *testing.B) { benchPerft(b, 7) }

// Perft to depth 10 (48,244,720 leaves): run with -perft10.
func BenchmarkPerftDepth10(b *testing.B) {
	if !*perft10 {
		b.Skip("run with -perft10")
	}
	benchPerft(b, 10)
}
