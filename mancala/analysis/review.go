package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Phase is the part of a game a position belongs to in a [GameReview]:
// the opening (its first ReviewOptions.OpeningPlies moves), the endgame
// (at most ReviewOptions.EndgameSeeds seeds in the houses) and the
// middle game between them. The opening comes first: a position of ply
// 10 with few seeds left is in the opening.
type Phase uint8

const (
	Opening Phase = iota
	Middle
	Endgame
)

// String returns "opening", "middle" or "endgame".
func (ph Phase) String() string {
	switch ph {
	case Opening:
		return "opening"
	case Middle:
		return "middle"
	case Endgame:
		return "endgame"
	}
	return fmt.Sprintf("Phase(%d)", uint8(ph))
}

// ReviewOptions configures [Review]. The zero value of each field but
// Search means its default.
type ReviewOptions struct {
	// Search configures the searcher that values every position; its Depth
	// (or Nodes) must bound each search: a review without a bound is
	// refused, and Time and SoftTime are ignored: a review by time would
	// depend on the machine. One searcher values the
	// positions in turn, from the game's end back to its start, so that
	// its table carries what it learnt of the later positions.
	Search search.AlphaBetaOptions
	// Rules, if not nil, is the ruleset searched in place of the game's,
	// such as the game's rules with endgame databases (search.WithEndgame);
	// it must play the same moves from the same positions.
	Rules mancala.Ruleset
	// OpeningPlies is the length of the opening in moves; default 20.
	OpeningPlies int
	// EndgameSeeds is the most seeds in the houses of an endgame position;
	// default 20.
	EndgameSeeds int
	// Lost is the value, in seeds, at or below which a position counts as
	// lost for a player (see GameReview.Decided); default 4.
	Lost float64
	// Given is the number of first moves that the players did not choose,
	// such as a match's random opening: they are valued, but never
	// GameReview.Worst.
	Given int
}

// MoveReview is one move of a reviewed game: what the search thought of
// the position before it and after it, for the player who made it.
type MoveReview struct {
	Ply   int            // the move's number from 0: it is played in position Ply
	Mover mancala.Player // who decided; South at a simultaneous decision
	Joint bool           // a simultaneous decision: Cost is not defined (0)
	Move  mancala.Move   // the move played
	Best  mancala.Move   // the search's move in the position before it
	// Before and After are the values, for Mover, of the positions before
	// and after the move (see GameReview.Values).
	Before, After float64
	// Cost is what the move gave away by the search's judgement:
	// Before - After, at least 0.
	Cost  float64
	Seeds int   // seeds in the houses before the move
	Phase Phase // the phase of the position before the move
}

// GameReview is what [Review] found in a game.
type GameReview struct {
	// Values are the values of the game's positions for South, in seeds,
	// one a position from the start to the last (len(Moves)+1): the
	// search's value of each position at the options' depth, and the
	// store difference of a finished game. A proven result (a win or a
	// loss that every line searched reached) counts as Win seeds up or
	// down, whatever its margin, and so do the search's estimates beyond
	// Win: a review is about who wins, not by how much.
	Values []float64
	// Win is half the seeds of the game's start: the value of a proven
	// win.
	Win   float64
	Moves []MoveReview
	// Loser is the player who lost the game; Lost is false for a draw or
	// a game that is not over, and then Decided and Worst are -1.
	Loser mancala.Player
	Lost  bool
	// Decided is the ply from which the loser's value stays at or below
	// -ReviewOptions.Lost to the end: where the game was decided, by the
	// search's judgement. Phase is its position's phase.
	Decided int
	Phase   Phase
	// Worst is the index in Moves of the loser's costliest move before
	// Decided and after the options' Given moves, -1 if he made no move
	// there that cost anything.
	Worst int
}

// ErrUnboundedReview is returned by [Review] for a search with neither
// Depth nor Nodes.
var ErrUnboundedReview = errors.New("analysis: a review needs a search depth or a node bound for each position")

// Review searches every position of g, from its start to its current
// position, and says what each move cost the player who made it, and
// where the game was decided for its loser. progress, if not nil, is
// called with the positions valued so far and their number. ctx ends the
// review with its error; g is not changed.
func Review(ctx context.Context, g *mancala.Game, opts ReviewOptions, progress func(done, total int)) (*GameReview, error) {
	if opts.Search.Depth <= 0 && opts.Search.Nodes <= 0 {
		return nil, ErrUnboundedReview
	}
	opts.Search.Time, opts.Search.SoftTime = 0, 0
	if opts.OpeningPlies <= 0 {
		opts.OpeningPlies = 20
	}
	if opts.EndgameSeeds <= 0 {
		opts.EndgameSeeds = 20
	}
	if opts.Lost <= 0 {
		opts.Lost = 4
	}
	rules := opts.Rules
	if rules == nil {
		rules = g.Rules()
	}
	positions := g.Positions()
	moves := g.Moves()
	rv := &GameReview{
		Values:  make([]float64, len(positions)),
		Win:     float64(g.Start().Board.Total()) / 2,
		Moves:   make([]MoveReview, len(moves)),
		Decided: -1,
		Worst:   -1,
	}
	ab := search.NewAlphaBeta(opts.Search)
	best := make([]mancala.Move, len(positions))
	for i := len(positions) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := positions[i]
		if p.Over() {
			d := p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
			rv.Values[i] = rv.proven(float64(d) * search.TerminalScale)
		} else {
			res, err := ab.Search(ctx, rules, positions[:i], p)
			if err != nil {
				return nil, fmt.Errorf("analysis: review of ply %d: %w", i, err)
			}
			v := rv.clip(res.Value)
			if res.Exact { // a proven result, mixed strategies' expectations included
				v = rv.proven(res.Value)
			}
			if who, ok := p.ToMove.Player(); ok && who == mancala.North {
				v = -v
			}
			rv.Values[i], best[i] = v, res.Move
		}
		if progress != nil {
			progress(len(positions)-i, len(positions))
		}
	}
	if err := ctx.Err(); err != nil { // the last search may have been cut short
		return nil, err
	}
	for i, m := range moves {
		p := positions[i]
		who, ok := p.ToMove.Player()
		seeds := houseSeeds(p)
		mr := MoveReview{Ply: i, Mover: mancala.South, Joint: !ok, Move: m, Best: best[i], Seeds: seeds, Phase: opts.phase(i, seeds)}
		if ok {
			mr.Mover = who
		}
		mr.Before, mr.After = rv.For(mr.Mover, i), rv.For(mr.Mover, i+1)
		if ok {
			mr.Cost = max(mr.Before-mr.After, 0)
		}
		rv.Moves[i] = mr
	}
	last := positions[len(positions)-1]
	if !last.Over() {
		return rv, nil
	}
	switch o := g.Outcome(); o.Result {
	case mancala.SouthWins:
		rv.Loser, rv.Lost = mancala.North, true
	case mancala.NorthWins:
		rv.Loser, rv.Lost = mancala.South, true
	default:
		return rv, nil
	}
	d := len(positions) - 1
	for d > 0 && rv.For(rv.Loser, d-1) <= -opts.Lost {
		d--
	}
	rv.Decided, rv.Phase = d, opts.phase(d, houseSeeds(positions[d]))
	for i := opts.Given; i < d; i++ {
		if mr := rv.Moves[i]; mr.Mover == rv.Loser && !mr.Joint && mr.Cost > 0 && (rv.Worst < 0 || mr.Cost > rv.Moves[rv.Worst].Cost) {
			rv.Worst = i
		}
	}
	return rv, nil
}

// For returns the value of position i for player p.
func (rv *GameReview) For(p mancala.Player, i int) float64 {
	if p == mancala.North {
		return -rv.Values[i]
	}
	return rv.Values[i]
}

// clip turns a search value into seeds within [-Win, Win]: a final
// result, or an endgame oracle's estimate of one (search.InSeeds), into
// -Win or Win.
func (rv *GameReview) clip(v float64) float64 {
	if _, final := search.InSeeds(v); final {
		return rv.proven(v)
	}
	return math.Max(-rv.Win, math.Min(rv.Win, v))
}

// proven turns a final search value (search.TerminalScale a seed) into
// -Win, 0 or Win.
func (rv *GameReview) proven(v float64) float64 {
	switch {
	case v > 0:
		return rv.Win
	case v < 0:
		return -rv.Win
	}
	return 0
}

// phase is the phase of a position at ply i with seeds in its houses.
func (o *ReviewOptions) phase(i, seeds int) Phase {
	switch {
	case i < o.OpeningPlies:
		return Opening
	case seeds <= o.EndgameSeeds:
		return Endgame
	}
	return Middle
}

// houseSeeds returns the seeds of p that are not in a store.
func houseSeeds(p mancala.Position) int {
	return p.Board.Total() - p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
}
