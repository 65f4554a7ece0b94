package record

import (
	"errors"
	"strconv"

	"github.com/sowing-games/sowing/mancala"
)

// Error is the error of every reader and of [Record.Replay]: where the
// problem is in the text and what it is. Err is the cause, and errors.Is
// and errors.As see through Error to it:
//
//   - malformed text: Err wraps [mancala.ErrSyntax] (for a bad Start
//     position it is the *[mancala.ParseError] of the position text);
//   - a move that the rules refuse: Err is the *[mancala.MoveError], which
//     wraps [mancala.ErrIllegalMove] and gives the ply;
//   - a start position that the ruleset refuses: Err wraps
//     [mancala.ErrInvalidPosition];
//   - a resolver that cannot build the ruleset: Err is the resolver's error.
type Error struct {
	// Line and Column locate the problem in the text, from 1; Column counts
	// bytes. Both are 0 for a record that was not read from text (built in
	// memory or decoded from JSON).
	Line, Column int
	// Msg says what is wrong, in lower case; it may be empty when Err says
	// it all.
	Msg string
	// Err is the cause; never nil.
	Err error
}

// Error returns "record: line 3, column 9: " followed by the message and the
// cause.
func (e *Error) Error() string {
	s := "record: "
	if e.Line > 0 {
		s += "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": "
	}
	switch {
	case e.Err == nil:
		return s + e.Msg
	case e.Msg == "":
		return s + e.Err.Error()
	case e.Err == mancala.ErrSyntax:
		return s + e.Msg
	}
	return s + e.Msg + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// at is a place in the text.
type at struct{ line, col int }

func (a at) errorf(msg string, cause error) *Error {
	return &Error{Line: a.line, Column: a.col, Msg: msg, Err: cause}
}

func (a at) syntax(msg string) *Error { return a.errorf(msg, mancala.ErrSyntax) }

// errWrite is returned by the writers for a record that cannot be written.
func errWrite(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Msg: "cannot write record", Err: err}
}
