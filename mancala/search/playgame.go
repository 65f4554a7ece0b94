package search

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// PlayGame plays g to its end between two engines, south choosing South's
// moves and north North's. At each decision it asks the engine of the
// player to move, or at a simultaneous decision both engines, and
// combines their choices into the joint move; it plays the move on g and
// then calls observe, if it is not nil, with the move and the position
// after it. It returns nil once the game is over; the first error of an
// engine or of g.Play (a choice that is not a legal decision of its side
// is refused with an error wrapping [ErrNoDecision] or
// mancala.ErrIllegalMove); or, if ctx is done between two moves, an error
// wrapping ctx.Err(). A game of a ruleset whose games may not end plays
// until ctx is done. g keeps the moves played so far in every case.
// [PlayGameTrace] gives the observer each move's steps and narration too.
func PlayGame(ctx context.Context, g *mancala.Game, south, north Engine, observe func(m mancala.Move, p mancala.Position)) error {
	var obs func(*Played)
	if observe != nil {
		obs = func(pl *Played) { observe(pl.Move, pl.After) }
	}
	return playGame(ctx, g, south, north, obs, false)
}

// Played is one decision that [PlayGameTrace] played, as its observer
// sees it.
type Played struct {
	// Move is the decision: one player's, or at a simultaneous decision
	// the joint move of both engines' choices.
	Move mancala.Move
	// Before and After are the positions before and after it.
	Before, After mancala.Position
	// Round is the round Before belongs to ([mancala.Game.Round], from 1).
	Round int
	// Events are the move's steps, as [mancala.Game.PlayTrace] emits them
	// (none for a ruleset that cannot trace). The slice is reused for the
	// next move: an observer that keeps it copies it.
	Events []mancala.Event
	// Notes tell the move in words ([mancala.NarrateRound]): who sowed
	// what, captures, relays, rounds and the game's end, each with its
	// rule id; Notes[i].Text is one English sentence.
	Notes []mancala.Note
}

// PlayGameTrace is [PlayGame] whose observer, if not nil, is called after
// each move with what a program needs to tell it: the move, the positions
// before and after, the round, the move's steps and its narration (see
// [Played]). A program thus narrates a game between two engines, the
// joining of simultaneous choices included, without a game loop of its
// own. The errors and the end are PlayGame's.
func PlayGameTrace(ctx context.Context, g *mancala.Game, south, north Engine, observe func(*Played)) error {
	return playGame(ctx, g, south, north, observe, true)
}

// playGame is PlayGame, with the moves' steps and narration if trace.
func playGame(ctx context.Context, g *mancala.Game, south, north Engine, observe func(*Played), trace bool) error {
	if g == nil || south == nil || north == nil {
		return fmt.Errorf("search: PlayGame with a nil game or engine: %w", mancala.ErrUnsupported)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	engines := [2]Engine{mancala.South: south, mancala.North: north}
	var pl Played
	emit := func(e mancala.Event) { pl.Events = append(pl.Events, e) }
	for !g.Over() {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("search: game stopped after %d moves: %w", len(g.Moves()), err)
		}
		var m mancala.Move
		if g.Turn() == mancala.BothTurn {
			var houses [2]int
			for _, side := range [2]mancala.Player{mancala.South, mancala.North} {
				c, err := choose(ctx, g, engines[side], side)
				if err != nil {
					return err
				}
				houses[side], _ = c.House(side)
			}
			m = mancala.Joint(houses[mancala.South], houses[mancala.North])
		} else {
			side, _ := g.Turn().Player()
			c, err := choose(ctx, g, engines[side], side)
			if err != nil {
				return err
			}
			m = c // a house, or a house and its direction (mancala.Reversed)
		}
		pl = Played{Move: m, Before: g.Position(), Round: g.Round(), Events: pl.Events[:0]}
		var err error
		if trace && observe != nil {
			err = g.PlayTrace(m, emit)
		} else {
			err = g.Play(m)
		}
		if err != nil {
			return fmt.Errorf("search: PlayGame: %w", err)
		}
		if observe != nil {
			pl.After = g.Position()
			if trace {
				pl.Notes = mancala.NarrateRound(g.Rules(), pl.Round, pl.Before, m, pl.Events, pl.After)
			}
			observe(&pl)
		}
	}
	return nil
}
