package bao_test

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow/bao"
)

var games = flag.Int("bao.games", 0, "random games compared with the reference (0: 300, 60 with -short)")

// TestReferenceGeometry checks the reference's hand-written circuit
// against the core's four-row layout.
func TestReferenceGeometry(t *testing.T) {
	l := bao.New().Layout()
	for p := 0; p < 2; p++ {
		for i, c := range circuit(p) {
			if r, col := l.Cell(16, mancala.Player(p), i); r != c.row || col != c.col {
				t.Errorf("player %d house %d: reference cell %v, layout (%d, %d)", p, i, c, r, col)
			}
		}
	}
}

// TestReferenceGames plays random games and compares, at every position,
// the engine's legal moves (in order) and the position after each move
// with the reference's.
func TestReferenceGames(t *testing.T) {
	n := *games
	if n == 0 {
		n = 300
		if testing.Short() {
			n = 60
		}
	}
	r := bao.New()
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	var plies, decisions, mtaji, blocks int
	for g := 0; g < n; g++ {
		p := r.Start()
		var moves []mancala.Move
		for !p.Over() {
			ref := refFrom(p)
			if got := ref.position(r.Layout()); got != p {
				t.Fatalf("game %d after %v: reference reads %v back as %v", g, moves, p, got)
			}
			me, _ := p.ToMove.Player()
			var want []mancala.Move
			var refMoves []refMove
			var fault any
			func() {
				defer func() { fault = recover() }()
				refMoves = refLegal(ref)
			}()
			if fault != nil {
				t.Fatalf("game %d after %v at %v: reference: %v", g, moves, p, fault)
			}
			for _, m := range refMoves {
				want = append(want, m.move(int(me)))
			}
			legal := r.Legal(nil, p)
			if !slices.Equal(legal, want) {
				t.Fatalf("game %d after %v at %v: legal %v, reference %v", g, moves, p, legal, want)
			}
			k := rng.IntN(len(legal))
			if p.State&4 != 0 {
				decisions++
			}
			if p.State&(1<<6) != 0 {
				blocks++
			}
			if p.Board.Store(me) == 0 {
				mtaji++
			}
			q := r.Apply(p, legal[k])
			func() {
				defer func() { fault = recover() }()
				refPlay(ref, refMoves[k])
			}()
			if fault != nil {
				t.Fatalf("game %d after %v at %v, move %v: reference: %v", g, moves, p, legal[k], fault)
			}
			if rq := ref.position(r.Layout()); rq != q {
				t.Fatalf("game %d after %v at %v, move %v: engine %v, reference %v", g, moves, p, legal[k], q, rq)
			}
			moves = append(moves, legal[k])
			p = q
			plies++
		}
	}
	t.Logf("%d games, %d plies (%d in the mtaji stage, %d safari decisions, %d blocked houses) agree", n, plies, mtaji, decisions, blocks)
}
