package congkak_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// slow hides the ruleset's Perfter and Playouter, so that mancala.Perft and
// mancala.Playout go through Legal, Apply and Cycle (the general engine, and
// CK-16 by the history kept in mancala.PerftSlow and mancala.Playout).
type slow struct{ mancala.Ruleset }

func (s slow) Cycle(p mancala.Position) mancala.Position {
	return s.Ruleset.(mancala.Cycler).Cycle(p)
}

// perftConfigs are the option sets the fast paths are checked under: the
// single round of the vectors, both CK-5 readings and both CK-9 readings,
// the simultaneous opening with either hand first, sets of several rounds
// on small boards (round ends, refills and burnt houses come quickly), and a
// board too big for the fast engine.
var perftConfigs = []congkak.Options{
	{Opening: congkak.OpeningSequential, Rounds: 1},
	{Opening: congkak.OpeningSequential, Rounds: 1, EmptyCapture: congkak.EmptyCaptureStay},
	{Houses: 4, Opening: congkak.OpeningSequential, Starter: mancala.North, RoundEnd: congkak.RoundEndPassReply},
	{Houses: 4, Seeds: 3, EmptyCapture: congkak.EmptyCaptureStay, RoundEnd: congkak.RoundEndPassReply, Rounds: 3},
	{Houses: 3},
	{Houses: 3, Seeds: 2, FirstHand: mancala.North},
	{Houses: 5},
	{Houses: 2, Seeds: 1, Opening: congkak.OpeningSequential},
	{Houses: 7},
	congkak.Overbeck(),
	{Houses: 8, Seeds: 3, Opening: congkak.OpeningSequential},
}

// randomPositions returns the start and positions reached by random games
// from it, including later rounds with burnt houses when the game gets
// there.
func randomPositions(t *testing.T, r *congkak.Rules, n int, seed uint64) []mancala.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	ps := []mancala.Position{r.Start()}
	var buf []mancala.Move
	for len(ps) < n {
		p := r.Start()
		for plies := rng.IntN(400); plies > 0 && !p.Over(); plies-- {
			buf = r.Legal(buf[:0], p)
			p = r.Apply(p, buf[rng.IntN(len(buf))])
		}
		if !p.Over() {
			ps = append(ps, p)
		}
	}
	return ps
}

// TestPerftMatchesSlow checks the package's Perfter (its fast engine)
// against mancala.PerftSlow (Legal and Apply) from starts and random
// positions: CK-2..CK-7 in the fast engine, CK-8 ticks, CK-9..CK-14 round
// ends inside the counts.
func TestPerftMatchesSlow(t *testing.T) {
	for ci, o := range perftConfigs {
		r := mustNew(t, o)
		depth := 3
		if o.Opening == congkak.OpeningSimultaneous {
			depth = 2 // joint moves: up to 49 at the root
		}
		for pi, p := range randomPositions(t, r, 12, uint64(ci)) {
			t.Run(fmt.Sprintf("CK-2..CK-14/%v/%d", r, pi), func(t *testing.T) {
				for d := 0; d <= depth; d++ {
					l, term := mancala.Perft(r, nil, p, d)
					wl, wterm := mancala.PerftSlow(slow{r}, nil, p, d)
					if l != wl || term != wterm {
						t.Fatalf("from %v depth %d: Perft = %d, %d; PerftSlow = %d, %d", p, d, l, term, wl, wterm)
					}
				}
			})
		}
	}
}

// TestPerftEndgames checks perft from the last positions before each round
// end, where the counts cross refills and burnt houses (CK-9..CK-12) and
// count finished games (CK-14, terminal > 0).
func TestPerftEndgames(t *testing.T) {
	for ci, o := range perftConfigs {
		if o.Rounds == 0 {
			o.Rounds = 3 // full sets can last hundreds of rounds
		}
		r := mustNew(t, o)
		rng := rand.New(rand.NewPCG(uint64(ci), 99))
		var terminals, checked int64
		for g := 0; g < 10; g++ {
			hist := []mancala.Position{r.Start()}
			var buf []mancala.Move
			for p := hist[0]; !p.Over(); hist = append(hist, p) {
				buf = r.Legal(buf[:0], p)
				p = r.Apply(p, buf[rng.IntN(len(buf))])
			}
			for i := 1; i < len(hist); i++ {
				if hist[i].Round == hist[i-1].Round && !hist[i].Over() {
					continue
				}
				for back := 1; back <= 3 && i-back >= 0; back++ {
					q := hist[i-back]
					l, term := mancala.Perft(r, nil, q, 3)
					wl, wterm := mancala.PerftSlow(slow{r}, nil, q, 3)
					if l != wl || term != wterm {
						t.Fatalf("%v from %v depth 3: Perft = %d, %d; PerftSlow = %d, %d", r, q, l, term, wl, wterm)
					}
					terminals += term
					checked++
				}
			}
		}
		if terminals == 0 || checked < 30 {
			t.Errorf("%v: %d positions checked, %d finished games counted", r, checked, terminals)
		}
	}
}

// TestPerftVectorCounts checks the first perft counts from the 7×7 start
// (sequential opening, one round) against the number of sequences of each
// length in the independent vectors, which list every sequence of 1 to 3
// decisions for each CK-5 reading.
func TestPerftVectorCounts(t *testing.T) {
	counts := map[string]map[int]int64{}
	for _, v := range readVectors(t) {
		if counts[v.EmptyCapture] == nil {
			counts[v.EmptyCapture] = map[int]int64{}
		}
		counts[v.EmptyCapture][len(v.Moves)]++
	}
	for name, ec := range map[string]congkak.EmptyCapture{"store": congkak.EmptyCaptureStore, "stays": congkak.EmptyCaptureStay} {
		r := mustNew(t, congkak.Options{EmptyCapture: ec, Opening: congkak.OpeningSequential, Rounds: 1})
		for d := 1; d <= 3; d++ {
			l, term := mancala.Perft(r, nil, r.Start(), d)
			if l != counts[name][d] || term != 0 {
				t.Errorf("CK-5 %s: perft(%d) = %d leaves, %d terminal; the vectors have %d sequences, none finished", name, d, l, term, counts[name][d])
			}
		}
	}
}

// TestPlayoutMatchesSlow checks the package's Playouter against
// mancala.Playout through Legal and Apply: both draw the same random
// numbers, so with the same seed they must play the same game.
func TestPlayoutMatchesSlow(t *testing.T) {
	for ci, o := range perftConfigs {
		r := mustNew(t, o)
		if o.Rounds == 0 {
			o.Rounds = 6 // full sets can last thousands of rounds
			r = mustNew(t, o)
		}
		for g := uint64(0); g < 40; g++ {
			seed := uint64(ci)<<32 | g
			got, gotPlies := mancala.Playout(r, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), 0)
			want, wantPlies := mancala.Playout(slow{r}, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), 0)
			if gotPlies != wantPlies || got != want {
				t.Fatalf("%v seed %d: Playout = %v after %d plies, through Apply %v after %d\n%s",
					r, seed, got, gotPlies, want, wantPlies, cmp.Diff(want.String(), got.String()))
			}
			if !got.Over() {
				t.Fatalf("%v seed %d: playout ended unfinished: %v", r, seed, got)
			}
		}
	}
}

// TestPlayoutCap checks that the Playouter stops exactly at maxPlies, in
// the middle of a round if need be, where mancala.Playout through Legal and
// Apply stops with the same random numbers: the cap that lets callers play
// out sets that may never end (Overbeck's, CK-14).
func TestPlayoutCap(t *testing.T) {
	for ci, o := range perftConfigs {
		r := mustNew(t, o)
		for g := uint64(0); g < 20; g++ {
			seed := uint64(ci)<<32 | g
			limit := 1 + int(g*7)
			got, gotPlies := mancala.Playout(r, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), limit)
			want, wantPlies := mancala.Playout(slow{r}, nil, r.Start(), rand.New(rand.NewPCG(seed, 1)), limit)
			if gotPlies != wantPlies || got != want {
				t.Fatalf("%v seed %d cap %d: Playout = %v after %d plies, through Apply %v after %d",
					r, seed, limit, got, gotPlies, want, wantPlies)
			}
			if gotPlies > limit || (gotPlies < limit && !got.Over()) {
				t.Fatalf("%v seed %d cap %d: %d plies, over=%v", r, seed, limit, gotPlies, got.Over())
			}
		}
	}
}
