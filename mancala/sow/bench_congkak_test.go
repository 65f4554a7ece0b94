package sow_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// The work of package congkak's benchmarks (congkak/bench_test.go) on
// sow configured as the same Congkak (congkakConfig), so that one run of
//
//	go test -run '^$' -bench 'PerftDepth7|RandomRound7x7|RandomSet' ./congkak ./mancala/sow
//
// reads the ratio side by side: perft to depth 7 from the 7×7 start
// (sequential opening, one round), random single rounds (sequential
// opening) and random sets of rounds, each from a generator seeded
// (1, 2) as congkak's are, b.N games each. sow draws its moves otherwise
// than congkak (fast_draws.go), so the random games are not the same
// games, only the same number of games of the same distribution.
// Congkak's sets of its BenchmarkRandomSet7x7Rounds10 stop after 10
// rounds, which sow cannot say (no round limit): BenchmarkCongkakSet
// plays unlimited sets (the simultaneous opening, then rounds until a
// player cannot fill a house or a round start repeats) in both packages
// side by side.

// congkakSow returns package congkak's ruleset of o and sow's
// configured as it.
func congkakSow(b *testing.B, o congkak.Options) (*congkak.Rules, *sow.Rules) {
	b.Helper()
	ck, err := congkak.New(o)
	if err != nil {
		b.Fatal(err)
	}
	c, ok := congkakConfig(ck.Options())
	if !ok {
		b.Fatalf("%+v: not expressed in sow", o)
	}
	r, err := sow.New(c)
	if err != nil {
		b.Fatal(err)
	}
	return ck, r
}

// benchSowPlayouts is congkak's benchPlayouts on r: b.N random games
// from the start, reporting games and sowings (decisions) per second.
func benchSowPlayouts(b *testing.B, r mancala.Ruleset) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := r.Start()
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, n := mancala.Playout(r, nil, start, rng, 0)
		plies += n
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/s, "games/s")
	b.ReportMetric(float64(plies)/s, "sowings/s")
	b.ReportMetric(float64(plies)/float64(b.N), "sowings/game")
}

// BenchmarkPerftDepth7 is congkak's BenchmarkPerftDepth7 on sow:
// perft(7) from the 7×7 start, sequential opening, one round.
func BenchmarkPerftDepth7(b *testing.B) {
	_, r := congkakSow(b, congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
	var leaves int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves, _ = mancala.Perft(r, nil, r.Start(), 7)
	}
	b.ReportMetric(float64(leaves), "leaves")
	b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkRandomRound7x7 is congkak's BenchmarkRandomRound7x7 on sow:
// random 7×7 single rounds, sequential opening.
func BenchmarkRandomRound7x7(b *testing.B) {
	_, r := congkakSow(b, congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
	benchSowPlayouts(b, r)
}

// BenchmarkCongkakSet plays random unlimited 7×7 sets (simultaneous
// opening, rounds with burnt houses) of package congkak and of sow side
// by side.
func BenchmarkCongkakSet(b *testing.B) {
	ck, r := congkakSow(b, congkak.Documents())
	b.Run("congkak", func(b *testing.B) { benchSowPlayouts(b, ck) })
	b.Run("sow", func(b *testing.B) { benchSowPlayouts(b, r) })
}
