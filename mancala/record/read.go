package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
)

// Reader reads records from text, one game after another (see the package
// documentation for the format). It checks the text only; [Record.Replay]
// checks the moves.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	br    *bufio.Reader
	pos   at    // of the next byte
	last  at    // of the byte before, for unread
	err   error // sticky: the first error met
	ioErr error // the first error of the underlying reader
	bom   bool  // the byte order mark has been looked for
	ogn   bool  // read OGN (Aualé's dialect) instead
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(r), pos: at{1, 1}}
}

// Read reads the next record. At the end of the input it returns nil and
// io.EOF. Malformed text gives an *[Error] wrapping [mancala.ErrSyntax]
// with its line and column; errors of the underlying reader are returned as
// they are. After an error every later call returns the same error.
func (r *Reader) Read() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	rec, err := r.read()
	if r.ioErr != nil {
		err = r.ioErr
	}
	if err != nil {
		r.err = err
		return nil, err
	}
	return rec, nil
}

// Read reads every record of r's text, as [Reader.Read] does. On an error
// it returns the records read before it with the error.
func Read(r io.Reader) ([]*Record, error) {
	rd := NewReader(r)
	var recs []*Record
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return recs, err
		}
		recs = append(recs, rec)
	}
}

// peek returns the next byte without reading it; ok is false at the end of
// the input (or on an error of the underlying reader, kept for later).
func (r *Reader) peek() (byte, bool) {
	b, err := r.br.Peek(1)
	if err != nil {
		if err != io.EOF && r.ioErr == nil {
			r.ioErr = err
		}
		return 0, false
	}
	return b[0], true
}

// next reads one byte.
func (r *Reader) next() (byte, bool) {
	c, err := r.br.ReadByte()
	if err != nil {
		if err != io.EOF && r.ioErr == nil {
			r.ioErr = err
		}
		return 0, false
	}
	r.last = r.pos
	if c == '\n' {
		r.pos = at{r.pos.line + 1, 1}
	} else {
		r.pos.col++
	}
	return c, true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (r *Reader) skipSpace() {
	if !r.bom {
		r.bom = true
		if b, err := r.br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
			_, _ = r.br.Discard(3) // a UTF-8 byte order mark: not part of the text
		}
	}
	for {
		c, ok := r.peek()
		if !ok || !isSpace(c) {
			return
		}
		r.next()
	}
}

// delimited reports whether the next byte may follow a token.
func (r *Reader) delimited() bool {
	c, ok := r.peek()
	return !ok || isSpace(c) || c == '{' || c == '['
}

func (r *Reader) read() (*Record, error) {
	r.skipSpace()
	if _, ok := r.peek(); !ok {
		return nil, io.EOF
	}
	rec := &Record{src: &source{game: r.pos}}
	src := rec.src
	names := map[string]bool{}
	var resultTag *mancala.Result
	// Tags.
	for {
		c, _ := r.peek()
		if c != '[' {
			break
		}
		tagAt := r.pos
		name, value, valueAt, err := r.tag()
		if err != nil {
			return nil, err
		}
		if names[name] {
			return nil, tagAt.syntax("tag " + name + " appears twice")
		}
		names[name] = true
		switch {
		case name == TagResult && !r.ogn:
			res, ok := parseResult(value)
			if !ok {
				return nil, valueAt.syntax(fmt.Sprintf("Result tag %q: want 1-0, 0-1, 1/2-1/2 or *", value))
			}
			resultTag, src.result = &res, valueAt
		case name == TagStart && !r.ogn:
			p, err := mancala.ParsePosition(value)
			if err != nil {
				var pe *mancala.ParseError
				if errors.As(err, &pe) {
					valueAt.col += pe.Offset
				}
				return nil, valueAt.errorf("Start tag", err)
			}
			rec.Start, src.start = p, valueAt
		case r.ogn && (name == "Result" || name == "FEN"):
			if err := r.ognTag(rec, name, value, valueAt, &resultTag); err != nil {
				return nil, err
			}
		case r.ogn && (name == TagStart):
			return nil, tagAt.syntax("tag Start is not supported in OGN")
		default:
			rec.Tags = append(rec.Tags, Tag{name, value})
		}
		r.skipSpace()
	}
	// Moves.
	var err error
	if r.ogn {
		err = r.ognMoves(rec, resultTag)
	} else {
		err = r.moves(rec, resultTag)
	}
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// tag reads [Name "value"].
func (r *Reader) tag() (name, value string, valueAt at, err error) {
	r.next() // '['
	for {
		c, ok := r.peek()
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		r.next()
	}
	nameAt := r.pos
	var nb strings.Builder
	for {
		c, ok := r.peek()
		if !ok || !(isLetter(c) || isDigit(c) || c == '_') {
			break
		}
		r.next()
		nb.WriteByte(c)
	}
	name = nb.String()
	if msg := badTagName(name); msg != "" {
		return "", "", at{}, nameAt.syntax("tag name: " + msg)
	}
	sawSpace := false
	for {
		c, ok := r.peek()
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		r.next()
		sawSpace = true
	}
	if c, _ := r.peek(); c != '"' || !sawSpace {
		return "", "", at{}, r.pos.syntax("want a space and a quoted value after the tag name")
	}
	r.next()
	valueAt = r.pos
	var vb strings.Builder
	for {
		c, ok := r.next()
		switch {
		case !ok || c == '\n' || c == '\r':
			return "", "", at{}, valueAt.syntax("unterminated tag value")
		case c == '"':
			value = vb.String()
			if !utf8.ValidString(value) {
				return "", "", at{}, valueAt.syntax("tag value is not valid UTF-8")
			}
			for {
				c, ok := r.peek()
				if !ok || (c != ' ' && c != '\t') {
					break
				}
				r.next()
			}
			if c, _ := r.next(); c != ']' {
				return "", "", at{}, r.last.syntax("want ']' after the tag value")
			}
			return name, value, valueAt, nil
		case c == '\\':
			e, _ := r.peek()
			switch {
			case e == '"' || e == '\\':
				r.next()
				vb.WriteByte(e)
			case r.ogn:
				vb.WriteByte(c) // Aualé keeps other backslashes as they are
			default:
				return "", "", at{}, r.last.syntax(`want \" or \\ in a tag value`)
			}
		default:
			vb.WriteByte(c)
		}
	}
}

// comment reads {text} and returns text.
func (r *Reader) comment() (string, error) {
	start := r.pos
	r.next() // '{'
	var b strings.Builder
	for {
		c, ok := r.next()
		if !ok {
			return "", start.syntax("unterminated comment")
		}
		if c == '}' {
			s := b.String()
			if !utf8.ValidString(s) {
				return "", start.syntax("comment is not valid UTF-8")
			}
			return s, nil
		}
		b.WriteByte(c)
	}
}

// moves reads the movetext of a record.
func (r *Reader) moves(rec *Record, resultTag *mancala.Result) error {
	src := rec.src
	if resultTag != nil {
		rec.Result = *resultTag
	}
	for {
		r.skipSpace()
		c, ok := r.peek()
		if !ok || c == '[' {
			return nil
		}
		start := r.pos
		switch {
		case c == '{':
			text, err := r.comment()
			if err != nil {
				return err
			}
			rec.addComment(len(rec.Moves), text)
		case c == '*' || isDigit(c):
			word := r.word(func(c byte) bool { return isDigit(c) || c == '-' || c == '/' || c == '*' })
			if isDigit(word[0]) && strings.Trim(word, "0123456789") == "" {
				if c, _ := r.peek(); c == '.' {
					for c, _ := r.peek(); c == '.'; c, _ = r.peek() {
						r.next()
					}
					continue // a move number: for people only
				}
				return r.pos.syntax("want '.' after a move number")
			}
			res, ok := parseResult(word)
			if !ok {
				return start.syntax(fmt.Sprintf("%q: want a move number or a result (1-0, 0-1, 1/2-1/2, *)", word))
			}
			if !r.delimited() {
				return r.pos.syntax("want a space after the result")
			}
			if resultTag != nil && res != *resultTag {
				return start.syntax(fmt.Sprintf("result %s, but the Result tag says %s", word, resultToken(*resultTag)))
			}
			rec.Result, src.result = res, start
			return nil
		case isLetter(c):
			word := r.word(isLetter)
			m, err := mancala.ParseMove(word)
			if err != nil {
				var pe *mancala.ParseError
				if errors.As(err, &pe) {
					start.col += pe.Offset
				}
				return start.errorf("move "+word, err)
			}
			if !r.delimited() {
				return r.pos.syntax("want a space after the move")
			}
			rec.Moves = append(rec.Moves, m)
			src.moves = append(src.moves, start)
		default:
			return start.syntax(fmt.Sprintf("unexpected %q: want a move, a move number, a comment or a result", c))
		}
	}
}

// word reads the bytes for which in is true.
func (r *Reader) word(in func(byte) bool) string {
	var b []byte
	for {
		c, ok := r.peek()
		if !ok || !in(c) {
			return string(b)
		}
		r.next()
		b = append(b, c)
	}
}
