package awale

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// randomPositions returns n positions of random games of r that are not
// over.
func randomPositions(r *Rules, n int) []mancala.Position {
	rng := rand.New(rand.NewPCG(14, 8))
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

// playedCapture is bestCapture for the player to move in p measured by
// the rules themselves: the largest store gain of a legal move that sows
// fewer than 12 seeds; or -1 if such a move ends the game (the stores
// then take more than the capture).
func playedCapture(t *testing.T, r *Rules, p mancala.Position) int {
	t.Helper()
	mover, _ := p.ToMove.Player()
	best := 0
	for _, m := range r.Legal(nil, p) {
		i, _ := m.House(mover)
		if p.Board.Seeds(mover, i) >= 2*estimateHouses {
			continue
		}
		q, err := r.Play(p, m)
		if err != nil {
			t.Fatal(err)
		}
		if q.Over() {
			return -1
		}
		best = max(best, q.Board.Store(mover)-p.Board.Store(mover))
	}
	return best
}

// TestBestCaptureAW5AW6: bestCapture is what the best capturing sowing of
// fewer than 12 seeds takes under the Abapa rules (AW-5 captures, AW-6: a
// grand slam takes nothing), for the player to move and for his opponent
// were it his move.
func TestBestCaptureAW5AW6(t *testing.T) {
	r, err := New(Abapa())
	if err != nil {
		t.Fatal(err)
	}
	some := 0
	for _, p := range randomPositions(r, 5000) {
		mover, _ := p.ToMove.Player()
		for _, pl := range []mancala.Player{mover, mover.Other()} {
			q := p
			q.ToMove = mancala.SouthTurn
			if pl == mancala.North {
				q.ToMove = mancala.NorthTurn
			}
			if r.Ending(q).Reason != mancala.EndNone {
				continue
			}
			own, opp := q.Board.Row(pl), q.Board.Row(pl.Other())
			got, want := bestCapture(&own, &opp), playedCapture(t, r, q)
			if want < 0 {
				continue
			}
			if got != want {
				t.Fatalf("%v, %v to move: bestCapture %d, the rules capture %d", q.Board, pl, got, want)
			}
			if got > 0 {
				some++
			}
		}
	}
	if some < 100 {
		t.Errorf("only %d positions with a capture: the test proves little", some)
	}
}

// TestEstimateTables: on the 6-house board of 4 seeds, Estimate is the
// sum its doc comment writes, from the tables, for the mover.
func TestEstimateTables(t *testing.T) {
	for _, o := range []Options{Abapa(), Awari(), Documents()} {
		r, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPositions(r, 3000) {
			mover, _ := p.ToMove.Player()
			b := p.Board
			w := mover.Other()
			want := float64(b.Store(mover) - b.Store(w))
			seeds := b.RowSeeds(mover) + b.RowSeeds(w)
			ph := 2
			if seeds < 12 {
				ph = 0
			} else if seeds < 30 {
				ph = 1
			}
			for i := 0; i < 6; i++ {
				want += estimateOwn[ph][i][min(b.Seeds(mover, i), 20)]
				want += estimateOpp[ph][i][min(b.Seeds(w, i), 20)]
			}
			want += estimateStoreMover[min(b.Store(mover), 25)] + estimateStoreWaiter[min(b.Store(w), 25)]
			own, opp := b.Row(mover), b.Row(w)
			want += estimateCaptureMover[min(bestCapture(&own, &opp), 15)]
			want += estimateCaptureWaiter[min(bestCapture(&opp, &own), 15)]
			if got := r.Estimate(p, mover); math.Abs(got-want) > 1e-9 {
				t.Fatalf("%v: Estimate(%v, %v) = %v, want %v", r, b, mover, got, want)
			}
			if got := r.Estimate(p, w); math.Abs(got+want) > 1e-9 {
				t.Fatalf("%v: Estimate(%v, %v) = %v, want %v", r, b, w, got, -want)
			}
		}
	}
}

// TestBestCaptureCases: captures written out by hand (AW-5), a grand slam
// that takes nothing (AW-6), and sowings that do not count.
func TestBestCaptureCases(t *testing.T) {
	for _, c := range []struct {
		name       string
		row, other [mancala.MaxHouses]uint8
		want       int
	}{
		{"none", [mancala.MaxHouses]uint8{4, 4, 4, 4, 4, 4}, [mancala.MaxHouses]uint8{4, 4, 4, 4, 4, 4}, 0},
		// F (2 seeds) ends in the other's house 1: 1+1 and 2+1 there.
		{"chain", [mancala.MaxHouses]uint8{0, 0, 0, 0, 0, 2}, [mancala.MaxHouses]uint8{1, 2, 5}, 5},
		// The chain stops at a house that would hold 5.
		{"stops", [mancala.MaxHouses]uint8{0, 0, 0, 0, 0, 3}, [mancala.MaxHouses]uint8{1, 4, 2, 1}, 3},
		// Everything the other holds: a grand slam, which counts 0.
		{"grand slam", [mancala.MaxHouses]uint8{0, 0, 0, 0, 0, 2}, [mancala.MaxHouses]uint8{1, 1}, 0},
		// The same with a seed beyond the last house sown: a capture.
		{"not a grand slam", [mancala.MaxHouses]uint8{0, 0, 0, 0, 0, 2}, [mancala.MaxHouses]uint8{1, 1, 0, 0, 0, 7}, 4},
		// 12 seeds go round the board: not counted.
		{"round", [mancala.MaxHouses]uint8{12, 0, 0, 0, 0, 0}, [mancala.MaxHouses]uint8{1, 1, 1, 1, 1, 1}, 0},
		// The best of two: E (3 seeds) ends in the other's house 1 and
		// takes 2 and 3; F (1 seed) ends in house 0 and takes 3.
		{"best", [mancala.MaxHouses]uint8{0, 0, 0, 0, 3, 1}, [mancala.MaxHouses]uint8{2, 1, 9}, 5},
	} {
		if got := bestCapture(&c.row, &c.other); got != c.want {
			t.Errorf("%s: bestCapture(%v, %v) = %d, want %d", c.name, c.row[:6], c.other[:6], got, c.want)
		}
	}
}

// TestEstimateTablesSigns pins what the fitted capture tables mean, so
// that a refit or a generator that swapped the mover's tables and the
// waiter's cannot pass unseen: a capture the mover can make now (2 seeds
// or more) is worth more to him than none, and one his opponent could make
// is worth less.
func TestEstimateTablesSigns(t *testing.T) {
	for c := 2; c <= estimateCaptureCap; c++ {
		if estimateCaptureMover[c] <= estimateCaptureMover[0] {
			t.Errorf("estimateCaptureMover[%d] = %v, not above [0] = %v", c, estimateCaptureMover[c], estimateCaptureMover[0])
		}
		if estimateCaptureWaiter[c] >= estimateCaptureWaiter[0] {
			t.Errorf("estimateCaptureWaiter[%d] = %v, not below [0] = %v", c, estimateCaptureWaiter[c], estimateCaptureWaiter[0])
		}
	}
}

// TestPackedBestCapture: packedBestCapture of packed rows is bestCapture
// of the same rows, and packedBestCaptures bestCapture both ways, on
// random rows of small and large houses.
func TestPackedBestCapture(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for k := 0; k < 200000; k++ {
		var row, other [mancala.MaxHouses]uint8
		limit := []int{4, 13, 48}[k%3]
		for i := 0; i < estimateHouses; i++ {
			row[i] = uint8(rng.IntN(limit))
			other[i] = uint8(rng.IntN(limit))
		}
		r, o := binary.LittleEndian.Uint64(row[:8]), binary.LittleEndian.Uint64(other[:8])
		got := packedBestCapture(r, o)
		if want := bestCapture(&row, &other); got != want {
			t.Fatalf("row %v, other %v: packedBestCapture %d, bestCapture %d", row[:6], other[:6], got, want)
		}
		// Both ways in one call, as the leaves' evaluation asks.
		ro, or := packedBestCaptures(r, o)
		if want := bestCapture(&other, &row); ro != got || or != want {
			t.Fatalf("row %v, other %v: packedBestCaptures %d, %d; bestCapture both ways %d, %d", row[:6], other[:6], ro, or, got, want)
		}
	}
}
