package book

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
	"github.com/sowing-games/sowing/mancala/search"
)

// Engine is a search.Engine that plays from Book where [Book.Move] lets
// it (the book's rules, a game no longer than the book's plies, a legal
// move) and asks Next everywhere else. Like any Engine it is not safe
// for concurrent use unless Next is; the Book may be shared.
type Engine struct {
	Book *Book
	Next search.Engine
	// Hits counts the moves Engine took from the book.
	Hits int
}

// Choose implements search.Engine: the book's move for side, or Next's
// choice. Errors are Next's, or, where the book does not answer and Next
// is nil (or e is), one wrapping search.ErrNoDecision.
func (e *Engine) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	if e == nil {
		return mancala.Move{}, fmt.Errorf("book: nil engine: %w", search.ErrNoDecision)
	}
	if e.Book != nil && g != nil && g.Turn().Has(side) && g.Ply() <= e.Book.plies {
		ps := g.Positions()
		if en, ok := e.Book.Move(g.Rules(), ps[:len(ps)-1], ps[len(ps)-1]); ok {
			if pl, single := en.Move.Player(); single && pl == side {
				e.Hits++
				return en.Move, nil
			}
			if h, ok := en.Move.House(side); ok {
				e.Hits++
				return mancala.Single(side, h), nil
			}
		}
	}
	if nilcheck.Is(e.Next) {
		return mancala.Move{}, fmt.Errorf("book: no move in the book and no next engine: %w", search.ErrNoDecision)
	}
	return e.Next.Choose(ctx, g, side)
}

var _ search.Engine = (*Engine)(nil)
