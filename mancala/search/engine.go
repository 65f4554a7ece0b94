package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sowing-games/sowing/mancala"
)

// An Engine chooses moves: for side, in the game's current position. side
// is a player who must decide (g.Turn().Has(side)); the result is one of
// the game's legal moves when side decides alone (a house, or in a game
// where the player chooses the direction of each sowing, a house and its
// direction: mancala.Reversed), and mancala.Single(side, house) for side's
// choice at a simultaneous decision, where each side's Engine is asked
// separately and the caller combines the two with mancala.Joint
// ([PlayGame] does all this for a whole game). Choose must
// not change g (clone it if needed). An Engine is not safe for concurrent
// use; make one per goroutine.
//
// Choose returns an error only when it cannot give a move: the game is
// over (the error wraps [mancala.ErrGameOver]) or side does not decide
// ([ErrNoDecision]). When ctx is cancelled or its deadline passes, a
// searching engine returns the best move found so far, and at worst a
// legal move chosen without search.
type Engine interface {
	Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error)
}

// ErrNoDecision is returned by [Engine.Choose] when side is not among the
// players who decide in the game's position.
var ErrNoDecision = errors.New("search: the player does not decide in this position")

// checkChoose validates a Choose call and returns the position.
func checkChoose(g *mancala.Game, side mancala.Player) (mancala.Position, error) {
	if g == nil {
		return mancala.Position{}, fmt.Errorf("search: nil game: %w", mancala.ErrGameOver)
	}
	t := g.Turn()
	if t == mancala.NoTurn {
		return mancala.Position{}, fmt.Errorf("search: %v to choose: %w", side, mancala.ErrGameOver)
	}
	if !side.Valid() || !t.Has(side) {
		return mancala.Position{}, fmt.Errorf("search: %v to choose when %v decides: %w", side, t, ErrNoDecision)
	}
	return g.Position(), nil
}

func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// Random is an Engine that chooses uniformly among its legal choices. The
// zero Random is usable, with seed 0.
type Random struct {
	rng     *rand.Rand
	moves   []mancala.Move
	choices []int
}

// NewRandom returns a Random that chooses uniformly at random among side's
// legal houses, from a random stream seeded with seed: the same seed and
// the same sequence of calls give the same choices.
func NewRandom(seed uint64) *Random { return &Random{rng: newRand(seed)} }

// Choose implements [Engine].
func (r *Random) Choose(_ context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	if _, err := checkChoose(g, side); err != nil {
		return mancala.Move{}, err
	}
	if r.rng == nil {
		r.rng = newRand(0)
	}
	r.moves = g.AppendLegal(r.moves[:0])
	if g.Turn() != mancala.BothTurn && len(r.moves) > 0 {
		// One player decides: his legal moves are his choices (a house
		// may be offered in both directions).
		return r.moves[r.rng.IntN(len(r.moves))], nil
	}
	r.choices = mancala.Choices(r.choices[:0], r.moves, side)
	if len(r.choices) == 0 {
		return mancala.Move{}, fmt.Errorf("search: %v has no legal move: %w", side, ErrNoDecision)
	}
	return mancala.Single(side, r.choices[r.rng.IntN(len(r.choices))]), nil
}

// Greedy is an Engine that maximises the store difference right after its
// own decision. The zero Greedy is usable, with seed 0.
type Greedy struct {
	rng     *rand.Rand
	moves   []mancala.Move
	mine    []int
	theirs  []int
	best    []int
	history []mancala.Position

	bestMoves []mancala.Move
}

// NewGreedy returns a Greedy that chooses the house giving side the best
// store difference (his store minus his opponent's) right after his own
// decision, looking no further: a decision after which the same player
// decides again counts as it stands. A decision that ends the game counts
// with the final stores. At a simultaneous decision the opponent's choice
// is taken as uniformly random: Greedy maximises the average difference
// over the opponent's choices. Ties are broken uniformly at random from a
// stream seeded with seed.
func NewGreedy(seed uint64) *Greedy { return &Greedy{rng: newRand(seed)} }

// Choose implements [Engine].
func (gr *Greedy) Choose(_ context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	p, err := checkChoose(g, side)
	if err != nil {
		return mancala.Move{}, err
	}
	if gr.rng == nil {
		gr.rng = newRand(0)
	}
	r := g.Rules()
	gr.moves = g.AppendLegal(gr.moves[:0])
	gr.mine = mancala.Choices(gr.mine[:0], gr.moves, side)
	if len(gr.moves) == 0 { // (a player may have only moves from his opponent's row, mancala.Across)
		return mancala.Move{}, fmt.Errorf("search: %v has no legal move: %w", side, ErrNoDecision)
	}
	_, cycler := r.(mancala.Cycler)
	if cycler {
		gr.history = append(gr.history[:0], g.Positions()...)
	}
	joint := p.ToMove == mancala.BothTurn
	if joint {
		gr.theirs = mancala.Choices(gr.theirs[:0], gr.moves, side.Other())
	}
	if !joint {
		gr.bestMoves = gr.bestMoves[:0]
		bestScore := 0
		for _, m := range gr.moves { // each legal move, in both directions where offered
			score := storeDiff(mancala.EndCycle(r, gr.history, r.Apply(p, m)), side)
			switch {
			case len(gr.bestMoves) == 0 || score > bestScore:
				gr.bestMoves = append(gr.bestMoves[:0], m)
				bestScore = score
			case score == bestScore:
				gr.bestMoves = append(gr.bestMoves, m)
			}
		}
		return gr.bestMoves[gr.rng.IntN(len(gr.bestMoves))], nil
	}
	gr.best = gr.best[:0]
	bestScore := 0
	for _, h := range gr.mine {
		// The sum over the opponent's choices: the same number of terms
		// for every h, so comparing sums compares averages.
		score := 0
		for _, o := range gr.theirs {
			m := mancala.Joint(h, o)
			if side == mancala.North {
				m = mancala.Joint(o, h)
			}
			score += storeDiff(mancala.EndCycle(r, gr.history, r.Apply(p, m)), side)
		}
		switch {
		case len(gr.best) == 0 || score > bestScore:
			gr.best = append(gr.best[:0], h)
			bestScore = score
		case score == bestScore:
			gr.best = append(gr.best, h)
		}
	}
	return mancala.Single(side, gr.best[gr.rng.IntN(len(gr.best))]), nil
}

func storeDiff(p mancala.Position, side mancala.Player) int {
	return p.Board.Store(side) - p.Board.Store(side.Other())
}

// checkRoot validates the ruleset and position given to a search: r must
// not be nil (an error wrapping mancala.ErrUnsupported) and p must not be
// over (mancala.ErrGameOver).
func checkRoot(r mancala.Ruleset, p mancala.Position) error {
	if r == nil {
		return fmt.Errorf("search: nil ruleset: %w", mancala.ErrUnsupported)
	}
	if p.Over() {
		return fmt.Errorf("search: position is over: %w", mancala.ErrGameOver)
	}
	return nil
}

// checkMoves returns an error wrapping mancala.ErrInvalidPosition if p,
// which is not over, has no legal move under r (p is then no position of
// r: see the mancala.Ruleset contract). buf is a buffer for the moves.
func checkMoves(r mancala.Ruleset, p mancala.Position, buf []mancala.Move) error {
	if len(r.Legal(buf[:0], p)) == 0 {
		return fmt.Errorf("search: %v to move and no legal move: %w", p.ToMove, mancala.ErrInvalidPosition)
	}
	return nil
}

// choose asks e for side's choice and returns its house.
func choose(ctx context.Context, g *mancala.Game, e Engine, side mancala.Player) (mancala.Move, error) {
	m, err := e.Choose(ctx, g, side)
	if err != nil {
		return mancala.Move{}, err
	}
	if pl, ok := m.Player(); !ok || pl != side {
		return mancala.Move{}, fmt.Errorf("search: %v's engine chose %v: %w", side, m, ErrNoDecision)
	}
	return m, nil
}
