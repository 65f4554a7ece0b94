package awale

import (
	"strconv"

	"github.com/sowing-games/sowing/mancala"
)

// Aalina text is one line of fields separated by '-', as used by the Aalina
// program:
//
//	4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
//
// South's houses A, B, ..., then North's a, b, ..., then South's store,
// North's store, and the player to move: S, N, or - once the game is over
// (so a finished game ends in "--"). There are 2 to 24 house fields, an
// even number: 1 to 12 houses a side.

// ParseAalina reads a position in Aalina text. It checks the notation and
// the board's limits (at most [mancala.MaxSeeds] seeds), not the rules:
// pass the result to a ruleset's Setup for that. Errors are
// *[mancala.ParseError] values, wrapping [mancala.ErrSyntax], with the
// byte offset of the problem.
func ParseAalina(s string) (mancala.Position, error) {
	fail := func(off int, msg string) (mancala.Position, error) {
		in := s
		if len(in) > 200 {
			in = in[:200] + "…"
		}
		return mancala.Position{}, &mancala.ParseError{What: "aalina position", Input: in, Offset: off, Msg: msg}
	}
	const maxFields = 2*MaxHouses + 2
	var nums [maxFields]int
	var offs [maxFields]int
	k, i, total := 0, 0, 0
	for {
		if i >= len(s) {
			return fail(i, "want a seed count or the player to move (S, N or -)")
		}
		if s[i] < '0' || s[i] > '9' {
			break
		}
		if k == maxFields {
			return fail(i, "more than "+strconv.Itoa(maxFields)+" numbers (12 houses a side and 2 stores)")
		}
		start := i
		v := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			v = v*10 + int(s[i]-'0')
			i++
			if i-start > 3 {
				return fail(start, "number too long")
			}
		}
		total += v
		if total > mancala.MaxSeeds {
			return fail(start, "more than "+strconv.Itoa(mancala.MaxSeeds)+" seeds")
		}
		nums[k], offs[k] = v, start
		k++
		if i >= len(s) || s[i] != '-' {
			return fail(i, "want '-' after a number")
		}
		i++
	}
	houses := k - 2
	if houses < 2 || houses%2 != 0 {
		return fail(i, "want an even number (2 to 24) of houses and two stores before the player to move, got "+
			strconv.Itoa(k)+" numbers")
	}
	var turn mancala.Turn
	switch s[i] {
	case 'S':
		turn = mancala.SouthTurn
	case 'N':
		turn = mancala.NorthTurn
	case '-':
		turn = mancala.NoTurn
	default:
		return fail(i, "want S, N or - for the player to move")
	}
	if i+1 != len(s) {
		return fail(i+1, "unexpected text after the player to move")
	}
	n := houses / 2
	b, _ := mancala.NewBoard(n, 0)
	for j := 0; j < houses; j++ {
		_ = b.SetSeeds(mancala.Player(j/n), j%n, nums[j])
	}
	_ = b.SetStore(mancala.South, nums[houses])
	_ = b.SetStore(mancala.North, nums[houses+1])
	return mancala.Position{Board: b, ToMove: turn}, nil
}

// FormatAalina writes p in Aalina text (see [ParseAalina], which reads it
// back). The text holds the houses, the stores and the player to move: S
// or N, and - for a finished game. Nothing else of p is written: seeds in
// hands, burnt marks (a burnt house shows as 0), Round and State are
// dropped, and a simultaneous turn is written as -. None of them occurs in
// Awalé.
func FormatAalina(p mancala.Position) string {
	b := make([]byte, 0, 64)
	n := p.Board.Houses()
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for i := 0; i < n; i++ {
			b = strconv.AppendInt(b, int64(p.Board.Seeds(pl, i)), 10)
			b = append(b, '-')
		}
	}
	b = strconv.AppendInt(b, int64(p.Board.Store(mancala.South)), 10)
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(p.Board.Store(mancala.North)), 10)
	b = append(b, '-')
	switch p.ToMove {
	case mancala.SouthTurn:
		b = append(b, 'S')
	case mancala.NorthTurn:
		b = append(b, 'N')
	default:
		b = append(b, '-')
	}
	return string(b)
}
