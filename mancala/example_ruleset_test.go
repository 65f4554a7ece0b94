package mancala_test

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// Sprint is a tiny sowing game, written here to show how a ruleset is
// built on the mancala package alone.
//
// Each player has n houses of s seeds and a store. The mover takes every
// seed of one of his non-empty houses and sows them one by one into the
// following holes: the rest of his row, his store, the opponent's row
// (whose store is skipped), his own row again. If the last seed falls into
// his store he moves again. When the player to move has no seeds, the game
// ends and his opponent takes the seeds left in his own row.
//
// Games always end: a seed never leaves a store, and a move that puts none
// into one moves seeds towards their owner's store.
type Sprint struct {
	houses, seeds int
}

// NewSprint returns the rules for n houses of s seeds.
func NewSprint(n, s int) (*Sprint, error) {
	if _, err := mancala.NewBoard(n, s); err != nil {
		return nil, fmt.Errorf("sprint: %w", err)
	}
	return &Sprint{houses: n, seeds: s}, nil
}

// Start returns the start position: South to move.
func (r *Sprint) Start() mancala.Position {
	b, _ := mancala.NewBoard(r.houses, r.seeds) // checked by NewSprint
	return mancala.Position{Board: b, ToMove: mancala.SouthTurn}
}

// Setup checks a position from outside and ends it if the mover cannot
// move.
func (r *Sprint) Setup(p mancala.Position) (mancala.Position, error) {
	b := p.Board
	hs, _ := b.Hand(mancala.South)
	hn, _ := b.Hand(mancala.North)
	switch {
	case b.Houses() != r.houses || b.Total() != 2*r.houses*r.seeds:
		return p, fmt.Errorf("sprint: not %d houses of %d seeds: %w", r.houses, r.seeds, mancala.ErrInvalidPosition)
	case p.ToMove == mancala.BothTurn || !p.ToMove.Valid() || p.Round != 0 || p.State != 0:
		return p, fmt.Errorf("sprint: %v to move, round %d, state %x: %w", p.ToMove, p.Round, p.State, mancala.ErrInvalidPosition)
	case hs+hn != 0 || b.BurntMask(mancala.South)|b.BurntMask(mancala.North) != 0:
		return p, fmt.Errorf("sprint: seeds in hand or burnt houses: %w", mancala.ErrInvalidPosition)
	case p.Over() && b.RowSeeds(mancala.South)+b.RowSeeds(mancala.North) != 0:
		return p, fmt.Errorf("sprint: game over with seeds in the houses: %w", mancala.ErrInvalidPosition)
	}
	return r.settle(p), nil
}

// Legal appends the mover's non-empty houses to dst.
func (r *Sprint) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	pl, ok := p.ToMove.Player()
	if !ok {
		return dst
	}
	for i := 0; i < p.Board.Houses(); i++ {
		if p.Board.Seeds(pl, i) > 0 {
			dst = append(dst, mancala.Single(pl, i))
		}
	}
	return dst
}

// Play checks m and plays it.
func (r *Sprint) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	pl, ok := p.ToMove.Player()
	if !ok {
		return p, mancala.Illegal(m, "", "the game is over")
	}
	if m.Turn() != p.ToMove {
		return p, mancala.Illegal(m, "", "%v to move", pl)
	}
	if i, _ := m.House(pl); p.Board.Seeds(pl, i) == 0 {
		return p, mancala.Illegal(m, "", "house %v is empty or missing", m)
	}
	return r.Apply(p, m), nil
}

// Apply plays a legal move m.
func (r *Sprint) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	pl, _ := m.Player()
	i, _ := m.House(pl)
	n := p.Board.Houses()
	rows := [2][mancala.MaxHouses]uint8{p.Board.Row(mancala.South), p.Board.Row(mancala.North)}
	store := p.Board.Store(pl)
	seeds := rows[pl][i]
	rows[pl][i] = 0
	k := i // the hole reached: 0..n-1 own houses, n own store, n+1..2n the opponent's
	for ; seeds > 0; seeds-- {
		k = (k + 1) % (2*n + 1)
		switch {
		case k < n:
			rows[pl][k]++
		case k == n:
			store++
		default:
			rows[pl.Other()][k-n-1]++
		}
	}
	q := p
	_ = q.Board.SetRow(mancala.South, rows[mancala.South]) // seeds are only moved:
	_ = q.Board.SetRow(mancala.North, rows[mancala.North]) // the setters cannot refuse
	_ = q.Board.SetStore(pl, store)
	if k != n {
		q.ToMove = mancala.TurnOf(pl.Other())
	}
	return r.settle(q)
}

// settle ends the game if the player to move has no seeds.
func (r *Sprint) settle(q mancala.Position) mancala.Position {
	pl, ok := q.ToMove.Player()
	if !ok || q.Board.RowSeeds(pl) > 0 {
		return q
	}
	other := pl.Other()
	_ = q.Board.SetStore(other, q.Board.Store(other)+q.Board.RowSeeds(other))
	_ = q.Board.SetRow(other, [mancala.MaxHouses]uint8{})
	q.ToMove = mancala.NoTurn
	return q
}

// String names the game.
func (r *Sprint) String() string { return fmt.Sprintf("sprint %dx%d", r.houses, r.seeds) }

// A whole game of Sprint, a ruleset written on the mancala package alone.
func Example_ruleset() {
	rules, err := NewSprint(3, 2)
	if err != nil {
		panic(err)
	}
	g, err := mancala.NewGame(rules)
	if err != nil {
		panic(err)
	}
	// South's B ends in his store, so he moves again with C.
	if err := g.PlayText("B C a b B c B"); err != nil {
		panic(err)
	}
	fmt.Println(g.Over(), g.Position())
	o := g.Outcome()
	fmt.Println(o.Result, "wins", o.Scores[mancala.South], "to", o.Scores[mancala.North])
	// Output:
	// true 0,0,0/0,0,0 9,3 -
	// south wins 9 to 3
}
