package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/sowing-games/sowing/mancala"
)

// ReadJSON reads every record of a JSON text: a sequence of JSON values,
// each a record (as [Record.MarshalJSON] writes it) or an array of records.
// It reads a file of one record per line (JSON Lines), an array, or a
// single record. Each value may hold at most [MaxBytes] bytes, each
// record at most [MaxTags] tags and [MaxMoves] moves, and the text at most
// [MaxRecords] records.
//
// On an error it returns the records read before it with the error: an
// *[Error] wrapping [mancala.ErrSyntax] (or [ErrTooLarge]) whose message
// gives the value's number, from 1; errors of the underlying reader are
// returned as they are.
func ReadJSON(r io.Reader) ([]*Record, error) {
	if r == nil {
		return nil, errNoInput
	}
	lr := &limitReader{r: r}
	dec := json.NewDecoder(lr)
	var recs []*Record
	for i := 1; ; i++ {
		lr.stop = lr.n + MaxBytes
		var raw json.RawMessage
		err := dec.Decode(&raw)
		switch {
		case err == io.EOF:
			return recs, nil
		case lr.over:
			return recs, &Error{Msg: fmt.Sprintf("json value %d: longer than %d bytes", i, MaxBytes), Err: ErrTooLarge}
		case lr.err != nil:
			return recs, lr.err
		case err != nil:
			return recs, &Error{Msg: fmt.Sprintf("json value %d: %s", i, cut(trimPrefixes(err.Error()), 200)), Err: mancala.ErrSyntax}
		}
		var batch []*Record
		if raw = bytes.TrimLeft(raw, " \t\r\n"); len(raw) > 0 && raw[0] == '[' {
			err = json.Unmarshal(raw, &batch)
		} else {
			batch = []*Record{{}}
			err = json.Unmarshal(raw, batch[0])
		}
		for _, rec := range batch {
			if err == nil && rec == nil {
				err = &Error{Msg: "json record: null", Err: mancala.ErrSyntax}
			}
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				e = &Error{Msg: cut(trimPrefixes(err.Error()), 200), Err: mancala.ErrSyntax}
			}
			e2 := *e
			e2.Msg = fmt.Sprintf("json value %d", i)
			if e.Msg != "" {
				e2.Msg += ": " + e.Msg
			}
			return recs, &e2
		}
		if len(recs)+len(batch) > MaxRecords {
			return recs, &Error{Msg: fmt.Sprintf("json value %d: more than %d records", i, MaxRecords), Err: ErrTooLarge}
		}
		recs = append(recs, batch...)
	}
}

// limitReader reads from r, and fails once it has read stop bytes.
type limitReader struct {
	r       io.Reader
	n, stop int
	over    bool  // it has failed for the limit
	err     error // r's error other than io.EOF
}

var errLimit = errors.New("limit")

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n >= l.stop {
		l.over = true
		return 0, errLimit
	}
	if len(p) > l.stop-l.n {
		p = p[:l.stop-l.n]
	}
	n, err := l.r.Read(p)
	l.n += n
	if err != nil && err != io.EOF {
		l.err = err
	}
	return n, err
}

// Load reads every record of r, in record text (as [Read] does) or in JSON
// (as [ReadJSON] does), telling them apart by the first bytes: JSON starts
// with an array or with an object whose first member is one of a record's
// ("tags", "moves", ...), record text with a tag, a move, a comment or a
// result. A UTF-8 byte order mark is skipped in either.
func Load(r io.Reader) ([]*Record, error) {
	if r == nil {
		return nil, errNoInput
	}
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		_, _ = br.Discard(3)
	}
	b, _ := br.Peek(br.Size())
	if b = trimSpace(b); len(b) > 0 && isJSON(b) {
		return ReadJSON(br)
	}
	return Read(br)
}
