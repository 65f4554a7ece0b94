package rulesflags

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// MovesError is the error of [PlayMoves]: which move of the text could
// not be read or played. Moves are numbered from 1, as the programs'
// listings number them, and columns count bytes of the text from 1.
type MovesError struct {
	Number int    // the move's number in the game, from 1
	Column int    // where the move starts in the text, from 1
	Text   string // the move's letters, as written
	Err    error  // a *mancala.MoveError, a *mancala.ParseError or another cause
}

// Error returns, for instance, `move 3 "F" (column 3): house F is empty
// (AW-3)`.
func (e *MovesError) Error() string {
	return fmt.Sprintf("move %d %s (column %d): %s", e.Number, Quote(e.Text), e.Column, Reason(e.Err))
}

// Unwrap returns the cause.
func (e *MovesError) Unwrap() error { return e.Err }

// Reason says why a move was refused or could not be read, without the
// position in a sequence that the cause may give (counted otherwise):
// a *mancala.MoveError's reason and rule, a *mancala.ParseError's
// message, or err's text.
func Reason(err error) string {
	var me *mancala.MoveError
	if errors.As(err, &me) {
		s := me.Reason
		if s == "" {
			s = "illegal move"
		}
		if me.Rule != "" {
			s += " (" + me.Rule + ")"
		}
		return s
	}
	var pe *mancala.ParseError
	if errors.As(err, &pe) {
		return pe.Msg
	}
	return err.Error()
}

// PlayMoves plays the moves of text, in the core's move notation (letters
// run together or separated by spaces or commas; two letters, South's then
// North's, at a simultaneous decision), on g, and calls after, if not nil,
// after each. It stops at the first move it cannot read or play, or the
// first error of after, and returns a *[MovesError]; errors.Is(err,
// mancala.ErrSyntax) tells a text that does not read from a move the rules
// refuse (mancala.ErrIllegalMove).
func PlayMoves(g *mancala.Game, text string, after func(m mancala.Move) error) error {
	i := 0
	for {
		for i < len(text) && (text[i] == ',' || unicode.IsSpace(rune(text[i]))) {
			i++
		}
		if i >= len(text) {
			return nil
		}
		width := 1
		if g.Turn() == mancala.BothTurn {
			width = 2
		}
		fail := func(err error) error {
			return &MovesError{Number: g.Ply() + 1, Column: i + 1, Text: text[i:min(i+width, len(text))], Err: err}
		}
		if i+width > len(text) {
			return fail(&mancala.ParseError{What: "move", Input: text[i:], Msg: fmt.Sprintf("want %d letters for the move of %v", width, g.Turn())})
		}
		m, err := mancala.ParseMove(text[i : i+width])
		if err != nil {
			return fail(err)
		}
		if err := g.Play(m); err != nil {
			return fail(err)
		}
		if after != nil {
			if err := after(m); err != nil {
				return fail(err)
			}
		}
		i += width
	}
}

// ReplayError rewrites an error of [record.Record.Replay] for a program's
// message: a refused move is "record: line L, column C: move N "X":
// reason (rule)", numbered from 1 like [MovesError] (g is the game Replay
// returned, as it stood before the move); other errors are kept.
func ReplayError(err error, g *mancala.Game) error {
	var me *mancala.MoveError
	var re *record.Error
	if g == nil || !errors.As(err, &me) || !errors.As(err, &re) {
		return err
	}
	where := "record: "
	if re.Line > 0 {
		where += "line " + strconv.Itoa(re.Line) + ", column " + strconv.Itoa(re.Column) + ": "
	}
	return &replayError{msg: where + fmt.Sprintf("move %d %s: %s", g.Ply()+1, Quote(me.Move.String()), strings.TrimSpace(Reason(me))), err: err}
}

type replayError struct {
	msg string
	err error
}

func (e *replayError) Error() string { return e.msg }
func (e *replayError) Unwrap() error { return e.err }
