package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/search"
)

// endless is a game that never ends: one house a side with one seed each,
// and the mover's only move passes the turn. It is not a mancala.Cycler.
type endless struct{}

func (endless) Start() mancala.Position {
	b, err := mancala.NewBoard(1, 1)
	if err != nil {
		panic(err)
	}
	return mancala.Position{Board: b, ToMove: mancala.SouthTurn}
}

func (endless) Setup(p mancala.Position) (mancala.Position, error) { return p, nil }

func (endless) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	if pl, ok := p.ToMove.Player(); ok {
		dst = append(dst, mancala.Single(pl, 0))
	}
	return dst
}

func (e endless) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if !mancala.IsLegal(e, p, m) {
		return p, mancala.Illegal(m, "", "not a legal move")
	}
	return e.Apply(p, m), nil
}

func (endless) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	pl, _ := p.ToMove.Player()
	p.ToMove = mancala.TurnOf(pl.Other())
	return p
}

// endlessPacked is endless with a search.Packer, for the packed path.
type endlessPacked struct{ endless }

func (endlessPacked) StoreIndependent() bool                      { return true }
func (endlessPacked) Pack(mancala.Position) (search.Packed, bool) { return search.Packed{}, true }
func (endlessPacked) PackedSeeds(search.Packed) int               { return 1 }
func (endlessPacked) PackedEndgame(search.Packed) (int, bool)     { return 0, false }
func (endlessPacked) PackedChildren(dst []search.PackedChild, _ search.Packed) []search.PackedChild {
	return append(dst, search.PackedChild{})
}

// TestSolveNeverEnds: Solve on a game that never ends stops with a
// *DepthError wrapping ErrTooDeep (issue 10.5), with a deadline too,
// instead of recursing until memory runs out.
func TestSolveNeverEnds(t *testing.T) {
	var r endless
	if p, plies := mancala.Playout(r, nil, r.Start(), rand.New(rand.NewPCG(1, 2)), 100); p.Over() || plies != 100 {
		t.Fatalf("the endless toy ended after %d plies at %v", plies, p)
	}
	for _, c := range []struct {
		name string
		r    mancala.Ruleset
		opts search.SolveOptions
	}{
		{"general", r, search.SolveOptions{TableBits: 10}},
		{"packed", endlessPacked{}, search.SolveOptions{TableBits: 10}},
		{"packed, 2 workers", endlessPacked{}, search.SolveOptions{TableBits: 10, Workers: 2}},
	} {
		_, err := search.Solve(context.Background(), c.r, nil, r.Start(), c.opts)
		var de *search.DepthError
		if !errors.Is(err, search.ErrTooDeep) || !errors.As(err, &de) || de.Depth != search.MaxSolveDepth {
			t.Errorf("%s: Solve of a game that never ends: %v", c.name, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := search.Solve(ctx, r, nil, r.Start(), search.SolveOptions{TableBits: 10, Workers: 2})
	if !errors.Is(err, search.ErrTooDeep) && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve of a game that never ends, with a deadline: %v", err)
	}
}

// noMoves is a broken ruleset: its positions that pass the test have no
// legal move although they are not over.
type noMoves struct {
	mancala.Ruleset
	empty func(p mancala.Position) bool
}

func (r noMoves) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	if r.empty(p) {
		return dst
	}
	return r.Ruleset.Legal(dst, p)
}

// TestSearchNoMove: Solve, AlphaBeta and MCTS on a position that is not
// over but has no legal move (at the root or deeper, for Solve) return an
// error wrapping mancala.ErrInvalidPosition (issue 10.8).
func TestSearchNoMove(t *testing.T) {
	k := toy.MustNew(toy.Options{Houses: 3, Seeds: 2})
	root := noMoves{k, func(mancala.Position) bool { return true }}
	deep := noMoves{k, func(p mancala.Position) bool { return p != k.Start() }}
	ctx := context.Background()
	for _, c := range []struct {
		name string
		r    mancala.Ruleset
	}{{"root", root}, {"child", deep}} {
		if _, err := search.Solve(ctx, c.r, nil, k.Start(), search.SolveOptions{TableBits: 10}); !errors.Is(err, mancala.ErrInvalidPosition) {
			t.Errorf("Solve, no move at the %s: %v", c.name, err)
		}
	}
	if _, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 3}).Search(ctx, root, nil, k.Start()); !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Errorf("AlphaBeta.Search, no move: %v", err)
	}
	if _, err := search.NewMCTS(search.MCTSOptions{Playouts: 10}).Search(ctx, root, nil, k.Start()); !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Errorf("MCTS.Search, no move: %v", err)
	}
}

// TestNilRuleset: the searchers refuse a nil ruleset with an error
// wrapping mancala.ErrUnsupported (issue 10.8).
func TestNilRuleset(t *testing.T) {
	ctx := context.Background()
	p := toy.MustNew(toy.Options{}).Start()
	if _, err := search.Solve(ctx, nil, nil, p, search.SolveOptions{}); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("Solve: %v", err)
	}
	if _, err := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2}).Search(ctx, nil, nil, p); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("AlphaBeta.Search: %v", err)
	}
	if _, err := search.NewMCTS(search.MCTSOptions{Playouts: 10}).Search(ctx, nil, nil, p); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("MCTS.Search: %v", err)
	}
}

// TestZeroValuePlayers: the zero MCTS, Random and Greedy choose legal
// moves (issue 10.8).
func TestZeroValuePlayers(t *testing.T) {
	r := toy.MustNew(toy.Options{Houses: 3, Seeds: 2, Simultaneous: true})
	for _, c := range []struct {
		name string
		p    search.Engine
	}{{"MCTS", &search.MCTS{}}, {"Random", &search.Random{}}, {"Greedy", &search.Greedy{}}} {
		t.Run(c.name, func(t *testing.T) {
			if p := playGame(t, r, c.p, c.p); !p.Over() {
				t.Fatalf("game not over: %v", p)
			}
		})
	}
}

// wrongSide is an engine that answers for the other side.
type wrongSide struct{}

func (wrongSide) Choose(_ context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	return mancala.Single(side.Other(), 0), nil
}

// TestPlayGame: PlayGame plays to the end and observes every move (the
// joint move at a simultaneous decision), stops with ctx's error, and
// refuses nil arguments and an engine's choice for the wrong side.
func TestPlayGame(t *testing.T) {
	r := toyKalahSim(3, 2)
	g, _ := mancala.NewGame(r)
	var seen []mancala.Move
	err := search.PlayGame(context.Background(), g, search.NewRandom(1), search.NewRandom(2), func(m mancala.Move, p mancala.Position) {
		seen = append(seen, m)
		if p != g.Position() {
			t.Errorf("observed %v after %v, game at %v", p, m, g.Position())
		}
	})
	if err != nil || !g.Over() || fmt.Sprint(seen) != fmt.Sprint(g.Moves()) {
		t.Fatalf("err %v, over %v, observed %v, moves %v", err, g.Over(), seen, g.Moves())
	}
	if seen[0].Turn() != mancala.BothTurn {
		t.Errorf("first move %v is not a joint move", seen[0])
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ = mancala.NewGame(r)
	if err := search.PlayGame(ctx, g, search.NewRandom(1), search.NewRandom(2), nil); !errors.Is(err, context.Canceled) || len(g.Moves()) != 0 {
		t.Errorf("cancelled: %v after %d moves", err, len(g.Moves()))
	}
	if err := search.PlayGame(context.Background(), nil, search.NewRandom(1), search.NewRandom(2), nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("nil game: %v", err)
	}
	if err := search.PlayGame(context.Background(), g, nil, search.NewRandom(2), nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("nil engine: %v", err)
	}
	if err := search.PlayGame(context.Background(), g, wrongSide{}, wrongSide{}, nil); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("an engine choosing for the wrong side: %v", err)
	}
	if p, err := search.ParsePlayer("greedy", 1); err != nil || p == nil {
		t.Errorf("ParsePlayer, the former name, fails: %v", err)
	}
}
