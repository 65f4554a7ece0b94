package mancala

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors. Errors returned by this module wrap one of them, so that
// callers can test with [errors.Is].
var (
	// ErrIllegalMove: a move that the rules do not allow in the position.
	ErrIllegalMove = errors.New("mancala: illegal move")
	// ErrGameOver: a move or concession after the game has ended.
	ErrGameOver = errors.New("mancala: game over")
	// ErrInvalidPosition: a position that no game of the ruleset can reach
	// or hold (wrong number of houses, seeds, player to move, ...).
	ErrInvalidPosition = errors.New("mancala: invalid position")
	// ErrUnsupported: a configuration that the board cannot represent or the
	// ruleset does not support (too many houses or seeds, bad options).
	ErrUnsupported = errors.New("mancala: unsupported configuration")
	// ErrSyntax: malformed notation.
	ErrSyntax = errors.New("mancala: syntax error")
	// ErrNoHistory: Undo or Redo with nothing to undo or redo.
	ErrNoHistory = errors.New("mancala: nothing to undo or redo")
)

// MoveError describes a refused move. It wraps [ErrIllegalMove] (and
// [ErrGameOver] when the game had already ended), so both
// errors.Is(err, ErrIllegalMove) and errors.As(err, &moveErr) work.
type MoveError struct {
	Move   Move   // the refused move
	Ply    int    // its index in a sequence of moves, counted from 0; -1 when not part of one
	Reason string // why it is refused, in lower case: "house C is empty"
	Rule   string // the rule that forbids it, such as "AW-5"; may be empty
	Err    error  // a more specific sentinel, such as ErrGameOver; may be nil
}

// Error returns "mancala: illegal move C: house C is empty (AW-3)", with
// the ply when it is known.
func (e *MoveError) Error() string {
	s := "mancala: illegal move " + e.Move.String()
	if e.Ply >= 0 {
		s += " at ply " + strconv.Itoa(e.Ply)
	}
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	return s
}

// Unwrap returns ErrIllegalMove and, if set, Err.
func (e *MoveError) Unwrap() []error {
	if e.Err != nil && e.Err != ErrIllegalMove {
		return []error{ErrIllegalMove, e.Err}
	}
	return []error{ErrIllegalMove}
}

// Illegal returns a *MoveError for m, not part of a sequence. Rulesets use
// it to refuse a move: return p, Illegal(m, "AW-5", "must feed North").
func Illegal(m Move, rule, format string, args ...any) *MoveError {
	return &MoveError{Move: m, Ply: -1, Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// ParseError describes malformed notation. It wraps [ErrSyntax].
type ParseError struct {
	What   string // what was being parsed: "move", "position", ...
	Input  string // the text, shortened if long
	Offset int    // byte offset in the text where the problem was found
	Msg    string // what is wrong
}

// Error returns `mancala: bad position "…" at offset 3: expected a digit`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("mancala: bad %s %q at offset %d: %s", e.What, e.Input, e.Offset, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

func parseErr(what, input string, off int, format string, args ...any) *ParseError {
	input = Shorten(input, 200)
	return &ParseError{What: what, Input: input, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// Shorten returns s cut to at most max bytes at a character boundary, with
// "…" added when something was cut: the form in which messages echo input,
// so that an error never carries a whole file and never splits a UTF-8
// character. A max below 1 counts as 1.
func Shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	max = maxInt(max, 1)
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Quote returns s shortened to 60 bytes (see [Shorten]) and quoted as %q
// quotes it: how this module's error messages show a piece of input.
func Quote(s string) string { return strconv.Quote(Shorten(s, 60)) }

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// NameError is the error of a ruleset name whose words all name options of
// its family but that is not the name those options are written with
// (another order, or a word that spells out a default): a family's Build
// reads only the names its rulesets' String methods write. Canonical is
// the name that does read back, so that a tool that composes names from
// words (presets, params, flags) can build that one instead, knowing no
// game. It wraps ErrUnsupported.
type NameError struct {
	Family    string // the family's name, such as "awale"
	Name      string // the name read
	Canonical string // the name of the options it names, which reads back
}

func (e *NameError) Error() string {
	return fmt.Sprintf("%s: ruleset name %s reads back as %s", e.Family, Quote(e.Name), Quote(e.Canonical))
}

// Unwrap returns ErrUnsupported.
func (e *NameError) Unwrap() error { return ErrUnsupported }
