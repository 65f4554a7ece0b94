package record

import (
	"fmt"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
)

// Names of the tags that this package reads and writes itself. Other tags are
// the caller's; the conventional ones are Event, Site, Date (as
// "2024.05.31", PGN's form), Round, South and North (the players' names).
const (
	// TagRules names the ruleset. [New] fills it with the ruleset's String
	// method, which for this module's games gives the game, the preset and
	// every option that differs from it ("awale abapa houses=8"); a
	// [Resolver] reads it back.
	TagRules = "Rules"
	// TagResult holds the result token; it is [Record.Result] in a Record.
	TagResult = "Result"
	// TagStart holds the start position in position text; it is
	// [Record.Start] in a Record.
	TagStart = "Start"
)

// Tag is one tag pair of a record: [Name "Value"].
//
// A Name is an ASCII letter followed by letters, digits and underscores. A
// Value is any valid UTF-8 text on one line (no carriage return or line
// feed); in record text its quotes and backslashes are escaped with a
// backslash.
type Tag struct {
	Name, Value string
}

// Tags are the tag pairs of a record, in order. Names are unique; Result and
// Start are not among them (they are fields of [Record]).
type Tags []Tag

// Get returns the value of the tag called name, or "" if there is none.
func (ts Tags) Get(name string) string {
	v, _ := ts.Lookup(name)
	return v
}

// Lookup returns the value of the tag called name and whether it is present.
func (ts Tags) Lookup(name string) (string, bool) {
	for _, t := range ts {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Set gives the tag called name the value v, in its place if it is present,
// at the end otherwise.
func (ts *Tags) Set(name, v string) {
	for i, t := range *ts {
		if t.Name == name {
			(*ts)[i].Value = v
			return
		}
	}
	*ts = append(*ts, Tag{name, v})
}

// Delete removes the tag called name, if present.
func (ts *Tags) Delete(name string) {
	for i, t := range *ts {
		if t.Name == name {
			*ts = append((*ts)[:i:i], (*ts)[i+1:]...)
			return
		}
	}
}

// Clone returns a copy of ts that shares nothing with it.
func (ts Tags) Clone() Tags {
	if ts == nil {
		return nil
	}
	return append(Tags{}, ts...)
}

// check reports the first tag that a record cannot hold: a malformed name, a
// value that is not one line of UTF-8, a duplicate, or one of the names kept
// for Record's fields. It returns the tag's index with the error.
func (ts Tags) check() (int, error) {
	for i, t := range ts {
		if msg := badTagName(t.Name); msg != "" {
			return i, fmt.Errorf("tag name %q: %s: %w", t.Name, msg, mancala.ErrSyntax)
		}
		if t.Name == TagResult || t.Name == TagStart {
			return i, fmt.Errorf("tag %s is Record.%s, not one of Tags: %w", t.Name, t.Name, mancala.ErrSyntax)
		}
		if msg := badLine(t.Value); msg != "" {
			return i, fmt.Errorf("tag %s: value %s: %w", t.Name, msg, mancala.ErrSyntax)
		}
		for _, u := range ts[:i] {
			if u.Name == t.Name {
				return i, fmt.Errorf("tag %s appears twice: %w", t.Name, mancala.ErrSyntax)
			}
		}
	}
	return 0, nil
}

// badTagName says what is wrong with a tag name, or returns "".
func badTagName(s string) string {
	if s == "" {
		return "empty"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetter(c):
		case i > 0 && (isDigit(c) || c == '_'):
		default:
			return "want an ASCII letter followed by letters, digits or underscores"
		}
	}
	return ""
}

// badLine says why s cannot be a tag value, or returns "".
func badLine(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			return "holds a line break"
		}
	}
	return ""
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
