package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/sowing-games/sowing/mancala"
)

// jsonRecord is the JSON form of a Record.
type jsonRecord struct {
	Tags     Tags           `json:"tags,omitempty"`
	Start    string         `json:"start,omitempty"`
	Moves    []string       `json:"moves"`
	Comments map[int]string `json:"comments,omitempty"`
	Result   string         `json:"result"`
	Ending   string         `json:"ending,omitempty"`
}

// MarshalJSON implements [json.Marshaler]. A record is a JSON object:
//
//	{"tags":{"Rules":"awale","South":"Ann"},"start":"…","moves":["C","c"],
//	 "comments":{"1":"…"},"result":"1-0","ending":"conceded north"}
//
// tags is an object whose members keep the order of Tags; start is
// position text (omitted when the record gives no start position); moves
// are strings in move notation; comments is keyed by the number of moves
// before each comment (as [Record.Comments]); result is the result token;
// ending is why the game ended, as a [TagTermination] tag gives it
// ("cycle AW-8"). Tags, start, comments and ending are left out when
// empty.
func (rec *Record) MarshalJSON() ([]byte, error) {
	if err := rec.check(); err != nil {
		return nil, errWrite(err)
	}
	j := jsonRecord{Tags: rec.Tags, Moves: make([]string, len(rec.Moves)), Comments: rec.Comments, Result: resultToken(rec.Result)}
	for i, m := range rec.Moves {
		j.Moves[i] = m.String()
	}
	if rec.HasStart() {
		j.Start = rec.Start.String()
	}
	if rec.Ending != (mancala.Ending{}) {
		j.Ending = formatEnding(rec.Ending)
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements [json.Unmarshaler] for the form that MarshalJSON
// writes. Members other than those are refused, a missing result means "*",
// and the record must be one that record text can hold; errors are
// *[Error] values wrapping [mancala.ErrSyntax], or [ErrTooLarge] for more
// tags or moves than the default [Limits] allow.
func (rec *Record) UnmarshalJSON(b []byte) error {
	if rec == nil {
		return errNilRecord
	}
	var j jsonRecord
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e
		}
		return &Error{Msg: "json record: " + cut(trimPrefixes(err.Error()), 200), Err: mancala.ErrSyntax}
	}
	switch {
	case len(j.Tags) > MaxTags:
		return &Error{Msg: fmt.Sprintf("json record: more than %d tags", MaxTags), Err: ErrTooLarge}
	case len(j.Moves) > MaxMoves:
		return &Error{Msg: fmt.Sprintf("json record: more than %d moves", MaxMoves), Err: ErrTooLarge}
	}
	v := Record{Tags: j.Tags, Comments: j.Comments}
	if j.Moves != nil {
		v.Moves = make([]mancala.Move, len(j.Moves))
	}
	for i, s := range j.Moves {
		m, ok := moveOf([]byte(s))
		if !ok {
			return &Error{Msg: fmt.Sprintf("json record: move %d: %s is not a move (one letter, or two for a joint move)", i+1, quote(s)), Err: mancala.ErrSyntax}
		}
		v.Moves[i] = m
	}
	if j.Result != "" {
		res, ok := parseResult(j.Result)
		if !ok {
			return &Error{Msg: fmt.Sprintf("json record: result %s: want 1-0, 0-1, 1/2-1/2 or *", quote(j.Result)), Err: mancala.ErrSyntax}
		}
		v.Result = res
	}
	if j.Ending != "" {
		e, ok := parseEnding(j.Ending)
		if !ok {
			return &Error{Msg: fmt.Sprintf("json record: ending %s: want a reason, then the rule and the player if any, as in a Termination tag", quote(j.Ending)), Err: mancala.ErrSyntax}
		}
		v.Ending = e
	}
	if j.Start != "" {
		p, err := mancala.ParsePosition(j.Start)
		if err != nil {
			return &Error{Msg: "json record: start", Err: err}
		}
		v.Start = p
	}
	if err := v.check(); err != nil {
		return err
	}
	*rec = v
	return nil
}

// MarshalJSON implements [json.Marshaler]: Tags are a JSON object whose
// members are the tags in order.
func (ts Tags) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(t.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(t.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON implements [json.Unmarshaler]: it reads a JSON object of
// string members, keeping their order. A name that appears twice is an
// error wrapping [mancala.ErrSyntax].
func (ts *Tags) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	fail := func(format string, args ...any) error {
		return &Error{Msg: "json tags: " + fmt.Sprintf(format, args...), Err: mancala.ErrSyntax}
	}
	tok, err := dec.Token()
	if err != nil {
		return fail("%s", cut(trimPrefixes(err.Error()), 200))
	}
	if tok == nil {
		*ts = nil
		return nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fail("want an object")
	}
	var out Tags
	seen := map[string]bool{}
	for dec.More() {
		if len(out) == MaxTags {
			return &Error{Msg: fmt.Sprintf("json tags: more than %d", MaxTags), Err: ErrTooLarge}
		}
		tok, err := dec.Token()
		if err != nil {
			return fail("%s", cut(trimPrefixes(err.Error()), 200))
		}
		name := tok.(string) // object keys are strings
		tok, err = dec.Token()
		if err != nil {
			return fail("%s", cut(trimPrefixes(err.Error()), 200))
		}
		value, ok := tok.(string)
		if !ok {
			return fail("tag %s: want a string value", quote(name))
		}
		if seen[name] {
			return fail("tag %s appears twice", quote(name))
		}
		seen[name] = true
		out = append(out, Tag{name, value})
	}
	if _, err := dec.Token(); err != nil { // '}'
		return fail("%s", cut(trimPrefixes(err.Error()), 200))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail("text after the object")
	}
	*ts = out
	return nil
}
