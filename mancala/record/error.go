package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Error is the error of every reader and of [Record.Replay]: where the
// problem is in the text and what it is. Err is the cause, and errors.Is
// and errors.As see through Error to it:
//
//   - malformed text: Err wraps [mancala.ErrSyntax] (for a bad Start
//     position it is the *[mancala.ParseError] of the position text); JSON
//     given to a reader of record text also wraps [ErrFormat];
//   - a record over a reader's [Limits]: Err is [ErrTooLarge];
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
	// it all. Input that it quotes is cut to 60 bytes.
	Msg string
	// Err is the cause; never nil.
	Err error
}

// Error returns "record: line 3, column 9: " followed by the message and the
// cause. The cause's own package prefixes ("mancala: ") are left out, and
// a cause longer than 160 bytes is cut.
func (e *Error) Error() string {
	s := "record: "
	if e.Line > 0 {
		s += "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": "
	}
	_, format := e.Err.(errFormat)
	if e.Err == nil || e.Msg != "" && (e.Err == mancala.ErrSyntax || e.Err == ErrMismatch || e.Err == ErrUnreached || format) {
		return s + e.Msg
	}
	var cause string
	if pe, ok := e.Err.(*mancala.ParseError); ok {
		cause = fmt.Sprintf("bad %s %s at offset %d: %s", pe.What, quote(pe.Input), pe.Offset, pe.Msg)
	} else {
		cause = cut(trimPrefixes(e.Err.Error()), 160)
	}
	if e.Msg == "" {
		return s + cause
	}
	return s + e.Msg + ": " + cause
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errNilRecord is the error of a method called on a nil *Record.
var errNilRecord = &Error{Msg: "nil *Record", Err: mancala.ErrUnsupported}

// errNoInput is the error of a Reader with nothing to read from: one made
// by NewReader(nil), the zero Reader, or a nil *Reader.
var errNoInput = &Error{Msg: "no input (a nil io.Reader, or a Reader not made by NewReader)", Err: mancala.ErrUnsupported}

// errNilTags is the error of Set on a nil *Tags.
var errNilTags = &Error{Msg: "set a tag of a nil *Tags", Err: mancala.ErrUnsupported}

// errNilWriter is the error of a write to a nil io.Writer.
var errNilWriter = &Error{Msg: "write to a nil io.Writer", Err: mancala.ErrUnsupported}

// ErrFormat is wrapped by the error of a reader given text of another format
// than its own, such as JSON given to [Read]. [Load] tells the formats
// apart.
var ErrFormat = errors.New("record: wrong format")

// errFormat wraps ErrFormat and mancala.ErrSyntax.
type errFormat struct{}

func (errFormat) Error() string   { return "wrong format" }
func (errFormat) Unwrap() []error { return []error{ErrFormat, mancala.ErrSyntax} }

// trimPrefixes removes the package prefixes ("mancala: ", "awale: ") that
// an error message carries at its start and after each ": " where a cause
// was wrapped, so that a message names its package once.
func trimPrefixes(s string) string {
	var sb strings.Builder
	for {
		i := strings.Index(s, ": ")
		if i < 0 {
			sb.WriteString(s)
			return sb.String()
		}
		if !isPackageName(s[:i]) {
			sb.WriteString(s[:i+2])
		}
		s = s[i+2:]
	}
}

// isPackageName reports whether s is the name of one of the module's
// packages, or encoding/json's, as error messages start with them.
func isPackageName(s string) bool {
	switch s {
	case "mancala", "record", "awale", "congkak", "kalah", "ogn", "search", "json", "toy":
		return true
	}
	return false
}

// cut returns s cut to at most max bytes on a character boundary, marked
// with "…" if it was cut ([mancala.Shorten]).
func cut(s string, max int) string { return mancala.Shorten(s, max) }

// quote returns s quoted as Go text, cut to 60 bytes on a character
// boundary ([mancala.Quote]). Messages quote input with it.
func quote(s string) string { return mancala.Quote(s) }

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
