package record

import (
	"fmt"
	"unicode/utf8"
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

// Tags are the tag pairs of a record, in order. Names are unique; Result,
// Start and Termination are not among them (they are fields of [Record]).
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
// at the end otherwise. It refuses, and leaves ts as it was, a tag that
// record text cannot hold (see [Tag]) or one of the names that are
// [Record] fields (Result, Start, Termination): the error is an *[Error] wrapping
// [mancala.ErrSyntax].
func (ts *Tags) Set(name, v string) error {
	if ts == nil {
		return errNilTags
	}
	if err := (Tags{{name, v}}).check(at{}); err != nil {
		return err
	}
	for i, t := range *ts {
		if t.Name == name {
			(*ts)[i].Value = v
			return nil
		}
	}
	*ts = append(*ts, Tag{name, v})
	return nil
}

// Delete removes the tag called name, if present.
func (ts *Tags) Delete(name string) {
	if ts == nil {
		return
	}
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

// Check reports the first tag that record text cannot hold: a malformed
// name, a value that is not one line of UTF-8, a name given twice, or one of
// the names that are [Record] fields (Result, Start, Termination). The error is an
// *[Error] wrapping [mancala.ErrSyntax]; its message names the tag by its
// place, from 1. [New] and [Tags.Set] check tags this way, and the writers
// and [Record.Replay] refuse a record whose tags fail the check.
func (ts Tags) Check() error { return ts.check(at{}) }

// check is Check with the error at a.
func (ts Tags) check(a at) error {
	fail := func(i int, format string, args ...any) error {
		return a.syntax(fmt.Sprintf("tag %d: ", i+1) + fmt.Sprintf(format, args...))
	}
	var seen map[string]bool // for many tags; a few are compared in turn
	if len(ts) > 8 {
		seen = make(map[string]bool, len(ts))
	}
	for i, t := range ts {
		if msg := badTagName(t.Name); msg != "" {
			return fail(i, "name %s: %s", quote(t.Name), msg)
		}
		if t.Name == TagResult || t.Name == TagStart || t.Name == TagTermination {
			return fail(i, "%s is a field of Record, not a tag", t.Name)
		}
		if msg := badLine(t.Value); msg != "" {
			return fail(i, "%s: value %s", t.Name, msg)
		}
		dup := false
		if seen != nil {
			dup = seen[t.Name]
			seen[t.Name] = true
		} else {
			for _, u := range ts[:i] {
				dup = dup || u.Name == t.Name
			}
		}
		if dup {
			return fail(i, "%s appears twice", t.Name)
		}
	}
	return nil
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
