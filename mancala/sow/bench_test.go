package sow_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// benchPairs are the same games played by a dedicated package and by
// sow: go test ./mancala/sow -run '^$' -bench . -benchtime 2s. The
// Congkak pair is package congkak's single round with a sequential
// opening and sow configured as it (congkakConfig, the Congkak oracle's),
// which plays the same game: the same perft counts.
func benchPairs(b *testing.B) []struct {
	name string
	r    mancala.Ruleset
} {
	aw, err := awale.New(awale.Documents())
	if err != nil {
		b.Fatal(err)
	}
	saw, err := sow.New(sow.AwaleConfig(6, 4))
	if err != nil {
		b.Fatal(err)
	}
	ka, err := kalah.New(kalah.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ska, err := sow.New(sow.KalahConfig(6, 4, false))
	if err != nil {
		b.Fatal(err)
	}
	ck, err := congkak.New(congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
	if err != nil {
		b.Fatal(err)
	}
	cc, ok := congkakConfig(ck.Options())
	if !ok {
		b.Fatal("congkak's single round is not expressed in sow")
	}
	sck, err := sow.New(cc)
	if err != nil {
		b.Fatal(err)
	}
	return []struct {
		name string
		r    mancala.Ruleset
	}{{"awale", aw}, {"sow-awale", saw}, {"kalah", ka}, {"sow-kalah", ska}, {"congkak", ck}, {"sow-congkak", sck}}
}

// BenchmarkPerft counts perft(6) from the start through the generic
// driver (Legal, Apply and the repetition check: mancala.PerftSlow), the
// same code for every ruleset; BenchmarkPerftOwn uses each ruleset's own
// Perfter where it has one (awale's packed engine).
func BenchmarkPerft(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			var n int64
			for i := 0; i < b.N; i++ {
				l, _ := mancala.PerftSlow(p.r, nil, p.r.Start(), 6)
				n += l
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

func BenchmarkPerftOwn(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			var n int64
			for i := 0; i < b.N; i++ {
				l, _ := mancala.Perft(p.r, nil, p.r.Start(), 6)
				n += l
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkGames plays random games from the start with mancala.Playout
// (each ruleset's own Playouter where it has one), cut at 2000 plies.
func BenchmarkGames(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			rng := rand.New(rand.NewPCG(1, 2))
			for i := 0; i < b.N; i++ {
				mancala.Playout(p.r, nil, p.r.Start(), rng, 2000)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkApply is one move of sow's engine from the start of each
// catalogue game.
func BenchmarkApply(b *testing.B) {
	for _, r := range presets(b) {
		b.Run(r.String(), func(b *testing.B) {
			b.ReportAllocs()
			p := r.Start()
			m := r.Legal(nil, p)[0]
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = r.Apply(p, m)
			}
		})
	}
}
