package record

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
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
	br     *bufio.Reader
	pos    at     // of the next byte
	last   at     // of the byte before
	n      int64  // bytes read
	stop   int64  // no byte at or past stop is read: the record's byte limit
	limits Limits // with the defaults filled in
	err    error  // sticky: the first error met
	ioErr  error  // the first error of the underlying reader
	over   *Error // the record is longer than its byte limit
	bom    bool   // the byte order mark has been looked for
	tok    []byte // the token that word read, cut to maxToken bytes
	long   bool   // the token was longer than maxToken
	note   []byte // the comments read since the last move, joined by spaces
	noted  bool   // there is a comment in note
}

// maxToken bounds the bytes of a token that the reader keeps: enough for
// any valid token, and for a message about an invalid one.
const maxToken = 64

// NewReader returns a Reader that reads from r, with the default [Limits].
//
// A nil r, like the zero Reader and a nil *Reader, gives a Reader whose
// every Read returns an *[Error] wrapping [mancala.ErrUnsupported].
func NewReader(r io.Reader) *Reader {
	if r == nil {
		return &Reader{err: errNoInput, limits: Limits{}.orDefault()}
	}
	return &Reader{br: bufio.NewReader(r), pos: at{1, 1}, stop: math.MaxInt64, limits: Limits{}.orDefault()}
}

// SetLimits sets the limits that the records read next must keep within;
// zero fields keep the defaults. A record over them gives an *[Error]
// wrapping [ErrTooLarge].
func (r *Reader) SetLimits(l Limits) {
	if r != nil {
		r.limits = l.orDefault()
	}
}

// Read reads the next record. At the end of the input it returns nil and
// io.EOF. Malformed text gives an *[Error] wrapping [mancala.ErrSyntax]
// with its line and column (and also [ErrFormat] for JSON, which
// [ReadJSON] reads); a record over the reader's limits gives one wrapping
// [ErrTooLarge]; errors of the underlying reader are returned as they are.
// After an error every later call returns the same error.
func (r *Reader) Read() (*Record, error) {
	if r == nil || r.br == nil && r.err == nil {
		return nil, errNoInput
	}
	if r.err != nil {
		return nil, r.err
	}
	rec, err := r.read()
	if r.ioErr != nil {
		err = r.ioErr
	} else if r.over != nil {
		err = r.over
	}
	if err != nil {
		r.err = err
		return nil, err
	}
	return rec, nil
}

// Read reads every record of r's text, as [Reader.Read] does, with the
// default [Limits]. On an error it returns the records read before it with
// the error.
func Read(r io.Reader) ([]*Record, error) {
	return NewReader(r).ReadAll()
}

// ReadAll reads the records left, as [Read] does: at most the reader's
// Records limit of them; one more gives an *[Error] wrapping [ErrTooLarge]
// at its place, with the records read before it.
func (r *Reader) ReadAll() ([]*Record, error) {
	if r == nil || r.br == nil {
		_, err := r.Read()
		return nil, err
	}
	var recs []*Record
	for {
		if len(recs) == r.limits.Records {
			r.stop = math.MaxInt64
			r.skipSpace()
			if _, ok := r.peek(); !ok {
				return recs, r.ioErr
			}
			r.err = r.pos.errorf(fmt.Sprintf("more than %d records", r.limits.Records), ErrTooLarge)
			return recs, r.err
		}
		rec, err := r.Read()
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
// the input, at the record's byte limit, or on an error of the underlying
// reader (kept for later).
func (r *Reader) peek() (byte, bool) {
	if r.n >= r.stop {
		if _, err := r.br.Peek(1); err == nil && r.over == nil {
			r.over = r.pos.errorf(fmt.Sprintf("record longer than %d bytes", r.limits.Bytes), ErrTooLarge)
		}
		return 0, false
	}
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
	if r.n >= r.stop {
		r.peek() // notes the limit
		return 0, false
	}
	c, err := r.br.ReadByte()
	if err != nil {
		if err != io.EOF && r.ioErr == nil {
			r.ioErr = err
		}
		return 0, false
	}
	r.n++
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
	r.stop = math.MaxInt64
	r.skipSpace()
	r.stop = r.n + int64(r.limits.Bytes)
	c, ok := r.peek()
	if !ok {
		return nil, io.EOF
	}
	if b, _ := r.br.Peek(32); (c == '{' || c == '[') && isJSON(b) {
		return nil, r.pos.errorf("the text is JSON, not record text (read it with ReadJSON or Load)", errFormat{})
	}
	rec := &Record{src: &source{game: r.pos}}
	src := rec.src
	names := map[string]bool{}
	var resultTag *mancala.Result
	// Tags.
	for {
		if c, _ := r.peek(); c != '[' {
			break
		}
		tagAt := r.pos
		if len(names) == r.limits.Tags {
			return nil, tagAt.errorf(fmt.Sprintf("more than %d tags", r.limits.Tags), ErrTooLarge)
		}
		name, value, valueAt, err := r.tag()
		if err != nil {
			return nil, err
		}
		if names[name] {
			return nil, tagAt.syntax("tag " + name + " appears twice")
		}
		names[name] = true
		switch name {
		case TagResult:
			res, ok := parseResult(value)
			if !ok {
				return nil, valueAt.syntax(fmt.Sprintf("Result tag %s: want 1-0, 0-1, 1/2-1/2 or *", quote(value)))
			}
			resultTag, src.result = &res, valueAt
		case TagStart:
			p, err := mancala.ParsePosition(value)
			if err != nil {
				var pe *mancala.ParseError
				if errors.As(err, &pe) {
					valueAt.col += pe.Offset
				}
				return nil, valueAt.errorf("Start tag", err)
			}
			rec.Start, src.start = p, valueAt
		case TagTermination:
			e, ok := parseEnding(value)
			if !ok {
				return nil, valueAt.syntax(fmt.Sprintf("Termination tag %s: want a reason (no-move, cycle, majority, round-limit, cannot-fill, repeated-round, conceded or other), then the rule and the player if any", quote(value)))
			}
			rec.Ending, src.ending = e, valueAt
		default:
			rec.Tags = append(rec.Tags, Tag{name, value})
		}
		r.skipSpace()
	}
	if err := r.moves(rec, resultTag); err != nil {
		return nil, err
	}
	if rec.Ending != (mancala.Ending{}) && rec.Result == mancala.Ongoing {
		return nil, src.ending.syntax("a Termination tag, but no result")
	}
	return rec, nil
}

// isJSON reports whether text that starts with b looks like a JSON record
// or array of records rather than record text: an object whose first member
// is one of a JSON record's, or an array of objects. A tag section cannot
// start so, nor can a comment be mistaken for one unless it starts with
// such a member, as {"moves": ...}.
func isJSON(b []byte) bool {
	if len(b) == 0 || b[0] != '{' && b[0] != '[' {
		return false
	}
	open := b[0]
	b = trimSpace(b[1:])
	if open == '[' {
		return len(b) > 0 && (b[0] == '{' || b[0] == ']')
	}
	for _, m := range [...]string{"tags", "start", "moves", "comments", "result", "ending"} {
		if rest, ok := strings.CutPrefix(string(b), `"`+m+`"`); ok {
			rest := trimSpace([]byte(rest))
			return len(rest) > 0 && rest[0] == ':'
		}
	}
	return false
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

// tag reads [Name "value"].
func (r *Reader) tag() (name, value string, valueAt at, err error) {
	r.next() // '['
	r.skipBlanks()
	nameAt := r.pos
	r.word(func(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' })
	if msg := badTagName(string(r.tok)); msg != "" || r.long {
		if msg == "" {
			msg = "longer than " + fmt.Sprint(maxToken) + " bytes"
		}
		return "", "", at{}, nameAt.syntax("tag name: " + msg)
	}
	name = string(r.tok)
	sawSpace := r.skipBlanks()
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
			r.skipBlanks()
			if c, _ := r.next(); c != ']' {
				return "", "", at{}, r.last.syntax("want ']' after the tag value")
			}
			return name, value, valueAt, nil
		case c == '\\':
			if e, _ := r.peek(); e == '"' || e == '\\' {
				r.next()
				vb.WriteByte(e)
				continue
			}
			return "", "", at{}, r.last.syntax(`want \" or \\ in a tag value`)
		default:
			vb.WriteByte(c)
		}
	}
}

// skipBlanks skips spaces and tabs, and reports whether there were any.
func (r *Reader) skipBlanks() bool {
	skipped := false
	for {
		c, ok := r.peek()
		if !ok || (c != ' ' && c != '\t') {
			return skipped
		}
		r.next()
		skipped = true
	}
}

// comment reads {text} and adds text to the comments in r.note.
func (r *Reader) comment() error {
	start := r.pos
	r.next() // '{'
	if r.noted {
		r.note = append(r.note, ' ')
	}
	from := len(r.note)
	for {
		c, ok := r.next()
		if !ok {
			return start.syntax("unterminated comment")
		}
		if c == '}' {
			if !utf8.Valid(r.note[from:]) {
				return start.syntax("comment is not valid UTF-8")
			}
			r.noted = true
			return nil
		}
		r.note = append(r.note, c)
	}
}

// flushComment gives the comments in r.note to rec, after the moves read
// so far. Comments in a row are gathered there first, so that many of them
// cost no more than one long one.
func (r *Reader) flushComment(rec *Record) {
	if !r.noted {
		return
	}
	if rec.Comments == nil {
		rec.Comments = map[int]string{}
	}
	rec.Comments[len(rec.Moves)] = string(r.note)
	r.note, r.noted = r.note[:0], false
}

func isResultByte(c byte) bool { return isDigit(c) || c == '-' || c == '/' || c == '*' }

// moves reads the movetext of a record.
func (r *Reader) moves(rec *Record, resultTag *mancala.Result) error {
	src := rec.src
	if resultTag != nil {
		rec.Result = *resultTag
	}
	r.note, r.noted = r.note[:0], false
	defer r.flushComment(rec)
	for {
		r.skipSpace()
		c, ok := r.peek()
		if !ok || c == '[' {
			return nil
		}
		start := r.pos
		switch {
		case c == '{':
			if err := r.comment(); err != nil {
				return err
			}
		case c == '*' || isDigit(c):
			r.word(isResultByte)
			if allDigits(r.tok) {
				if c, _ := r.peek(); c == '.' {
					for c, _ := r.peek(); c == '.'; c, _ = r.peek() {
						r.next()
					}
					continue // a move number: for people only
				}
				return r.pos.syntax("want '.' after a move number")
			}
			res, ok := parseResult(string(r.tok))
			if !ok || r.long {
				return start.syntax(fmt.Sprintf("%s: want a move number or a result (1-0, 0-1, 1/2-1/2, *)", r.quoteTok()))
			}
			if !r.delimited() {
				return r.pos.syntax("want a space after the result")
			}
			if resultTag != nil && res != *resultTag {
				return start.syntax(fmt.Sprintf("result %s, but the Result tag says %s", resultToken(res), resultToken(*resultTag)))
			}
			rec.Result, src.result = res, start
			return nil
		case isLetter(c) || c == '^':
			across := c == '^' // a sowing from the opponent's row: "^c" (mancala.Across)
			if across {
				r.next()
			}
			r.word(isLetter)
			m, ok := moveOf(r.tok)
			if across {
				if !ok || len(r.tok) != 1 {
					return start.syntax(fmt.Sprintf("move %s: want one house letter after the caret", quote("^"+string(r.tok))))
				}
				p, _ := m.Player()
				i, _ := m.House(p)
				m = mancala.Across(mancala.Single(p.Other(), i))
			}
			if !ok && len(r.tok) > 2 {
				start.col += 2 // at the third letter
				return start.syntax(fmt.Sprintf("move %s: too long: a move is one letter, or two for a joint move", r.quoteTok()))
			}
			if !ok {
				_, err := mancala.ParseMove(string(r.tok))
				var pe *mancala.ParseError
				if errors.As(err, &pe) {
					start.col += pe.Offset
				}
				return start.errorf("", err)
			}
			if c, _ := r.peek(); c == '\'' { // a reversed sowing: "A'" (mancala.Reversed)
				r.next()
				m = mancala.Reversed(m)
			}
			if !r.delimited() {
				return r.pos.syntax("want a space after the move")
			}
			if len(rec.Moves) == r.limits.Moves {
				return start.errorf(fmt.Sprintf("more than %d moves", r.limits.Moves), ErrTooLarge)
			}
			r.flushComment(rec)
			rec.Moves = append(rec.Moves, m)
			src.addMove(start)
		default:
			return start.syntax(fmt.Sprintf("unexpected %s: want a move, a move number, a comment or a result", quote(string([]byte{c}))))
		}
	}
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// moveOf returns the move that tok spells in move notation, if it is one.
// It is mancala.ParseMove without the error and without allocating.
func moveOf(tok []byte) (mancala.Move, bool) {
	switch len(tok) {
	case 1:
		if p, i, ok := letterHouse(tok[0]); ok {
			return mancala.Single(p, i), true
		}
	case 2:
		ps, i, ok1 := letterHouse(tok[0])
		pn, j, ok2 := letterHouse(tok[1])
		if ok1 && ok2 && ps == mancala.South && pn == mancala.North {
			return mancala.Joint(i, j), true
		}
	}
	return mancala.Move{}, false
}

func letterHouse(c byte) (mancala.Player, int, bool) {
	switch {
	case c >= 'A' && c < 'A'+mancala.MaxHouses:
		return mancala.South, int(c - 'A'), true
	case c >= 'a' && c < 'a'+mancala.MaxHouses:
		return mancala.North, int(c - 'a'), true
	}
	return mancala.South, 0, false
}

// word reads the bytes for which in is true into r.tok, keeping the first
// maxToken of them (r.long says if there were more).
func (r *Reader) word(in func(byte) bool) {
	r.tok, r.long = r.tok[:0], false
	for {
		c, ok := r.peek()
		if !ok || !in(c) {
			return
		}
		r.next()
		if len(r.tok) < maxToken {
			r.tok = append(r.tok, c)
		} else {
			r.long = true
		}
	}
}

// quoteTok returns the token that word read, quoted and cut for a message
// (a token longer than maxToken is longer than quote's cut).
func (r *Reader) quoteTok() string { return quote(string(r.tok)) }

// addMove remembers the place of the next move. Places take a byte or two
// a move: on the line of the previous move, twice the columns from it; on
// another line, twice the lines from it plus one, then the column.
func (s *source) addMove(a at) {
	if a.line == s.last.line {
		s.moves = binary.AppendUvarint(s.moves, uint64(a.col-s.last.col)<<1)
	} else {
		s.moves = binary.AppendUvarint(s.moves, uint64(a.line-s.last.line)<<1|1)
		s.moves = binary.AppendUvarint(s.moves, uint64(a.col))
	}
	s.last = a
}

// move returns the place of move i, or the zero place if it is unknown.
func (s *source) move(i int) at {
	var a at
	b := s.moves
	for k := 0; k <= i; k++ {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return at{}
		}
		b = b[n:]
		if v&1 == 0 {
			a.col += int(v >> 1)
			continue
		}
		a.line += int(v >> 1)
		c, n := binary.Uvarint(b)
		if n <= 0 {
			return at{}
		}
		b = b[n:]
		a.col = int(c)
	}
	return a
}
