package mancala

import "fmt"

// Position is everything a ruleset needs to know to continue a game: the
// board, who must decide, the round, and a word of ruleset-defined state.
// Together with the ruleset it determines the legal moves and every future
// of the game, except for endings that depend on history (see [Cycler]).
//
// Position is a comparable value: == compares positions and a Position can
// be a map key. A ruleset's Start, Setup, Play and Apply return new
// positions and never change the one passed in.
type Position struct {
	// Board holds the seeds.
	Board Board
	// ToMove says who must decide now; NoTurn once the game is over.
	ToMove Turn
	// Round counts the rounds of rulesets that play several (Congkak's
	// sets), from 1. Rulesets that play one round leave it 0.
	Round int
	// State is ruleset-defined: flags and small counters that the ruleset
	// needs and the board does not show (who ended first, a pending pass,
	// ...). The core only copies and compares it. Its meaning is part of
	// the ruleset's documentation; other code should treat it as opaque.
	State uint32
}

// Over reports whether the game has ended: nobody is to move.
func (p Position) Over() bool { return p.ToMove == NoTurn }

// Outcome returns the result that the position shows: [Ongoing] while
// somebody is to move, otherwise a win for the player with more seeds in
// his store, or a draw. Scores are the stores in either case.
//
// Rulesets finish a game by leaving every remaining seed where its final
// count belongs (usually in the stores), so the stores decide.
func (p Position) Outcome() Outcome {
	o := Outcome{Scores: [2]int{p.Board.Store(South), p.Board.Store(North)}}
	if !p.Over() {
		return o
	}
	switch {
	case o.Scores[South] > o.Scores[North]:
		o.Result = SouthWins
	case o.Scores[North] > o.Scores[South]:
		o.Result = NorthWins
	default:
		o.Result = Draw
	}
	return o
}

// Result is the state of a game: going on, won by one player, or drawn.
// The zero value is Ongoing.
type Result uint8

const (
	Ongoing   Result = iota // the game goes on
	SouthWins               // South has won
	NorthWins               // North has won
	Draw                    // the game ended equal
)

// Win returns the Result in which p wins.
func Win(p Player) Result { return SouthWins + Result(p&1) }

// Winner returns the winner and true, or false for Ongoing and Draw.
func (r Result) Winner() (Player, bool) {
	switch r {
	case SouthWins:
		return South, true
	case NorthWins:
		return North, true
	}
	return South, false
}

// String returns "ongoing", "south", "north" or "draw".
func (r Result) String() string {
	switch r {
	case Ongoing:
		return "ongoing"
	case SouthWins:
		return "south"
	case NorthWins:
		return "north"
	case Draw:
		return "draw"
	}
	return "result(?)"
}

// Outcome is the result of a game with the two players' scores.
type Outcome struct {
	Result   Result
	Scores   [2]int // indexed by Player
	Conceded bool   // the loser conceded (see Game.Concede)
	// Ending says why the game ended, when the ruleset or the game can
	// tell ([Game.Outcome] fills it; [Position.Outcome] cannot, as it does
	// not know the ruleset: see [EndingOf]).
	Ending Ending
}

// Summary returns the result for people, the winner's score first so that
// it reads as it is said: "North wins, 29–19", "Draw, 24–24", "North
// wins, 5–12 (South conceded)"; for a game not over, both scores labelled:
// "ongoing, South 20, North 18". It names no player beyond "South" and
// "North" and holds no ending (see [Ending.String] for that).
func (o Outcome) Summary() string {
	s, n := o.Scores[South], o.Scores[North]
	w, won := o.Result.Winner()
	var text string
	switch {
	case won:
		text = fmt.Sprintf("%s wins, %d–%d", title(w), o.Scores[w], o.Scores[w.Other()])
	case o.Result == Draw:
		text = fmt.Sprintf("Draw, %d–%d", s, n)
	default:
		return fmt.Sprintf("ongoing, South %d, North %d", s, n)
	}
	if o.Conceded && won {
		text += " (" + title(w.Other()) + " conceded)"
	}
	return text
}

// Scorer is implemented by rulesets that state a finished game's scores
// themselves instead of reading them from the stores: games won by the
// player whose opponent cannot move (most four-row games), or scored by
// houses won rather than seeds. Tools show its scores to people.
//
// Contract: for a finished position p, Outcome(p).Result equals
// p.Outcome().Result, because engines, solvers and databases value a
// finished position by its stores (a ruleset ending such a game leaves
// the winner's store ahead, for instance by giving him the seeds left on
// the board); Outcome only restates the scores for people. For a position
// not over it returns Result Ongoing. Ending is left zero ([EndingOf] fills
// it).
type Scorer interface {
	Outcome(p Position) Outcome
}

// OutcomeOf returns the outcome of p under r: r.Outcome(p) if r is a
// [Scorer], else p.Outcome(); in both cases with the Ending that
// [EndingOf] gives.
func OutcomeOf(r Ruleset, p Position) Outcome {
	o := p.Outcome()
	if s, ok := r.(Scorer); ok && !isNil(r) {
		o = s.Outcome(p)
	}
	o.Ending = EndingOf(r, p)
	return o
}
