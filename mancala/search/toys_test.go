package search_test

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Small rulesets for the tests, written against the public core API only.
// Each keeps the mancala.Ruleset contract: Play refuses what Legal does not
// list and leaves the position unchanged, Apply is Play unchecked.

// toyKalah is Kalah (Irving et al. 2000): sowing counter-clockwise through
// the mover's store, skipping the opponent's; the last seed in his own
// store lets the mover decide again (a turn of several decisions); the
// last seed in an empty own house captures it and the opposite house
// (empty capture); the game ends when a move leaves a row empty and each
// player takes his own row. With simOpening the first decision is
// simultaneous: South's sowing is done, then North's, then South moves.
type toyKalah struct {
	houses, seeds int
	simOpening    bool
}

func (k toyKalah) String() string {
	s := fmt.Sprintf("kalah(%d,%d)", k.houses, k.seeds)
	if k.simOpening {
		s += " simultaneous opening"
	}
	return s
}

func (k toyKalah) Start() mancala.Position {
	b, err := mancala.NewBoard(k.houses, k.seeds)
	if err != nil {
		panic(err) // test configurations are fixed and small
	}
	p := mancala.Position{Board: b, ToMove: mancala.SouthTurn}
	if k.simOpening {
		p.ToMove = mancala.BothTurn
	}
	return p
}

func (k toyKalah) Setup(p mancala.Position) (mancala.Position, error) {
	if p.Board.Houses() != k.houses || p.Round != 0 || p.State != 0 {
		return p, fmt.Errorf("toykalah: %w", mancala.ErrInvalidPosition)
	}
	if !p.Over() && (p.Board.RowSeeds(mancala.South) == 0 || p.Board.RowSeeds(mancala.North) == 0) {
		return finish(p), nil
	}
	return p, nil
}

func (k toyKalah) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return legalNonEmpty(dst, p)
}

func (k toyKalah) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if !mancala.IsLegal(k, p, m) {
		return p, mancala.Illegal(m, "", "not a legal move")
	}
	return k.Apply(p, m), nil
}

func (k toyKalah) ScoreBounds(p mancala.Position) (lo, hi int) { return search.StoreBounds(p) }

func (k toyKalah) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	b := p.Board
	rows := [2][mancala.MaxHouses]uint8{b.Row(mancala.South), b.Row(mancala.North)}
	stores := [2]int{b.Store(mancala.South), b.Store(mancala.North)}
	var next mancala.Turn
	if p.ToMove == mancala.BothTurn {
		s, _ := m.House(mancala.South)
		n, _ := m.House(mancala.North)
		k.sow(&rows, &stores, mancala.South, s)
		k.sow(&rows, &stores, mancala.North, n)
		next = mancala.SouthTurn
	} else {
		pl, _ := m.Player()
		h, _ := m.House(pl)
		if k.sow(&rows, &stores, pl, h) {
			next = mancala.TurnOf(pl)
		} else {
			next = mancala.TurnOf(pl.Other())
		}
	}
	return build(p, rows, stores, next)
}

// sow sows player pl's house h; it reports whether the last seed fell into
// pl's store.
func (k toyKalah) sow(rows *[2][mancala.MaxHouses]uint8, stores *[2]int, pl mancala.Player, h int) bool {
	n := k.houses
	seeds := int(rows[pl][h])
	if seeds == 0 {
		return false // an empty house at a simultaneous opening: nothing happens
	}
	rows[pl][h] = 0
	idx := h // 0..n-1 own houses, n own store, n+1..2n opponent's houses
	for ; seeds > 0; seeds-- {
		idx++
		if idx == 2*n+1 {
			idx = 0
		}
		switch {
		case idx < n:
			rows[pl][idx]++
		case idx == n:
			stores[pl]++
		default:
			rows[pl.Other()][idx-n-1]++
		}
	}
	if idx == n {
		return true
	}
	if idx < n && rows[pl][idx] == 1 {
		opp := n - 1 - idx
		stores[pl] += 1 + int(rows[pl.Other()][opp])
		rows[pl][idx], rows[pl.Other()][opp] = 0, 0
	}
	return false
}

// legalNonEmpty lists the non-empty houses of whoever decides (all pairs at
// a simultaneous decision).
func legalNonEmpty(dst []mancala.Move, p mancala.Position) []mancala.Move {
	b := &p.Board
	n := b.Houses()
	switch p.ToMove {
	case mancala.SouthTurn, mancala.NorthTurn:
		pl, _ := p.ToMove.Player()
		for i := 0; i < n; i++ {
			if b.Seeds(pl, i) > 0 {
				dst = append(dst, mancala.Single(pl, i))
			}
		}
	case mancala.BothTurn:
		for i := 0; i < n; i++ {
			if b.Seeds(mancala.South, i) == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				if b.Seeds(mancala.North, j) > 0 {
					dst = append(dst, mancala.Joint(i, j))
				}
			}
		}
	}
	return dst
}

// build makes the position after a move: the rows and stores given, and the
// game finished (each player taking his own row) if a row is empty.
func build(p mancala.Position, rows [2][mancala.MaxHouses]uint8, stores [2]int, next mancala.Turn) mancala.Position {
	q := p
	b := &q.Board
	must(b.SetCounts(rows, [2]uint8{uint8(stores[0]), uint8(stores[1])}))
	q.ToMove = next
	if b.RowSeeds(mancala.South) == 0 || b.RowSeeds(mancala.North) == 0 {
		return finish(q)
	}
	return q
}

// finish ends the game: each player takes the seeds in his own row.
func finish(p mancala.Position) mancala.Position {
	b := &p.Board
	stores := [2]uint8{
		uint8(b.Store(mancala.South) + b.RowSeeds(mancala.South)),
		uint8(b.Store(mancala.North) + b.RowSeeds(mancala.North)),
	}
	must(b.SetCounts([2][mancala.MaxHouses]uint8{}, stores))
	p.ToMove = mancala.NoTurn
	return p
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// toyMatch is decided by simultaneous decisions only: both players choose
// one of their non-empty houses; if the houses have the same index South
// puts both houses' seeds into his store, otherwise North does. The game
// ends when a row is empty; each player then takes his own row. Its values
// are those of mixed strategies: fractions.
type toyMatch struct{ houses, seeds int }

func (k toyMatch) String() string { return fmt.Sprintf("match(%d,%d)", k.houses, k.seeds) }

func (k toyMatch) Start() mancala.Position {
	b, err := mancala.NewBoard(k.houses, k.seeds)
	must(err)
	return mancala.Position{Board: b, ToMove: mancala.BothTurn}
}

func (k toyMatch) Setup(p mancala.Position) (mancala.Position, error) {
	if p.Board.Houses() != k.houses || (p.ToMove != mancala.BothTurn && p.ToMove != mancala.NoTurn) {
		return p, fmt.Errorf("toymatch: %w", mancala.ErrInvalidPosition)
	}
	return p, nil
}

func (k toyMatch) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return legalNonEmpty(dst, p)
}

func (k toyMatch) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if !mancala.IsLegal(k, p, m) {
		return p, mancala.Illegal(m, "", "not a legal move")
	}
	return k.Apply(p, m), nil
}

func (k toyMatch) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	b := p.Board
	rows := [2][mancala.MaxHouses]uint8{b.Row(mancala.South), b.Row(mancala.North)}
	stores := [2]int{b.Store(mancala.South), b.Store(mancala.North)}
	s, _ := m.House(mancala.South)
	n, _ := m.House(mancala.North)
	taker := mancala.North
	if s == n {
		taker = mancala.South
	}
	stores[taker] += int(rows[0][s]) + int(rows[1][n])
	rows[0][s], rows[1][n] = 0, 0
	return build(p, rows, stores, mancala.BothTurn)
}

func (k toyMatch) ScoreBounds(p mancala.Position) (lo, hi int) { return search.StoreBounds(p) }

// toyAwale is a small Awalé without the feeding and grand-slam rules and
// with repetitions ending the game (a mancala.Cycler): sowing
// counter-clockwise over both rows (stores are not on the path), skipping
// the emptied house; the last seed in the opponent's row making 2 or 3
// captures it and the houses before it in his row that hold 2 or 3. A
// player to move with no seeds ends the game and his opponent takes the
// rest; a repeated position ends it with each player taking his own row.
type toyAwale struct{ houses, seeds int }

func (k toyAwale) String() string { return fmt.Sprintf("awale(%d,%d)", k.houses, k.seeds) }

func (k toyAwale) Start() mancala.Position {
	b, err := mancala.NewBoard(k.houses, k.seeds)
	must(err)
	return mancala.Position{Board: b, ToMove: mancala.SouthTurn}
}

func (k toyAwale) Setup(p mancala.Position) (mancala.Position, error) {
	if p.Board.Houses() != k.houses || p.ToMove == mancala.BothTurn {
		return p, fmt.Errorf("toyawale: %w", mancala.ErrInvalidPosition)
	}
	return k.settle(p), nil
}

func (k toyAwale) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	return legalNonEmpty(dst, p)
}

func (k toyAwale) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if !mancala.IsLegal(k, p, m) {
		return p, mancala.Illegal(m, "", "not a legal move")
	}
	return k.Apply(p, m), nil
}

func (k toyAwale) Cycle(p mancala.Position) mancala.Position { return finish(p) }

func (k toyAwale) ScoreBounds(p mancala.Position) (lo, hi int) { return search.StoreBounds(p) }

func (k toyAwale) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	n := k.houses
	b := p.Board
	rows := [2][mancala.MaxHouses]uint8{b.Row(mancala.South), b.Row(mancala.North)}
	stores := [2]int{b.Store(mancala.South), b.Store(mancala.North)}
	pl, _ := m.Player()
	h, _ := m.House(pl)
	seeds := int(rows[pl][h])
	rows[pl][h] = 0
	idx := h // 0..n-1 the mover's houses, n..2n-1 the opponent's
	for seeds > 0 {
		idx = (idx + 1) % (2 * n)
		if idx == h {
			continue
		}
		if idx < n {
			rows[pl][idx]++
		} else {
			rows[pl.Other()][idx-n]++
		}
		seeds--
	}
	for idx >= n {
		v := rows[pl.Other()][idx-n]
		if v != 2 && v != 3 {
			break
		}
		stores[pl] += int(v)
		rows[pl.Other()][idx-n] = 0
		idx--
	}
	q := p
	must(q.Board.SetCounts(rows, [2]uint8{uint8(stores[0]), uint8(stores[1])}))
	q.ToMove = mancala.TurnOf(pl.Other())
	return k.settle(q)
}

// settle ends the game if the player to move has no seeds: his opponent
// takes every seed left.
func (k toyAwale) settle(p mancala.Position) mancala.Position {
	pl, ok := p.ToMove.Player()
	if !ok || p.Board.RowSeeds(pl) > 0 {
		return p
	}
	b := &p.Board
	rest := b.RowSeeds(pl.Other())
	must(b.SetRow(pl.Other(), [mancala.MaxHouses]uint8{}))
	must(b.SetStore(pl.Other(), b.Store(pl.Other())+rest))
	p.ToMove = mancala.NoTurn
	return p
}
