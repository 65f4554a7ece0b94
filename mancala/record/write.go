package record

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// lineWidth is the width that movetext lines are kept within, when their
// tokens allow.
const lineWidth = 79

// Write writes the records to w as record text, separated by blank lines.
// It writes nothing and returns an *[Error] if a record holds something that
// record text cannot (see [Record]); errors of w are returned as they are.
func Write(w io.Writer, recs ...*Record) error {
	if w == nil {
		return errNilWriter
	}
	for _, rec := range recs {
		if rec == nil {
			return errWrite(errors.New("record: nil *Record"))
		}
		if err := rec.check(); err != nil {
			return errWrite(err)
		}
	}
	bw := bufio.NewWriter(w)
	for i, rec := range recs {
		if i > 0 {
			bw.WriteByte('\n')
		}
		rec.write(bw)
	}
	return bw.Flush()
}

// WriteTo writes rec to w as record text (see [Write]). It implements
// [io.WriterTo].
func (rec *Record) WriteTo(w io.Writer) (int64, error) {
	if w == nil {
		return 0, errNilWriter
	}
	if err := rec.check(); err != nil {
		return 0, errWrite(err)
	}
	var sb strings.Builder
	rec.write(&sb)
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// String returns the record text of rec, or an error message starting with
// "record:" if rec cannot be written (see [Write]).
func (rec *Record) String() string {
	var sb strings.Builder
	if _, err := rec.WriteTo(&sb); err != nil {
		return err.Error()
	}
	return sb.String()
}

type byteWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// write writes rec, which check has accepted.
func (rec *Record) write(w byteWriter) {
	for _, t := range rec.Tags {
		writeTag(w, t.Name, t.Value)
	}
	writeTag(w, TagResult, resultToken(rec.Result))
	if rec.Ending != (mancala.Ending{}) {
		writeTag(w, TagTermination, formatEnding(rec.Ending))
	}
	if rec.HasStart() {
		writeTag(w, TagStart, rec.Start.String())
	}
	w.WriteByte('\n')
	lw := &lineWriter{w: w}
	if c, ok := rec.Comments[0]; ok {
		lw.token("{" + c + "}")
	}
	for i, m := range rec.Moves {
		tok := m.String()
		if i%2 == 0 {
			tok = strconv.Itoa(i/2+1) + ". " + tok
		}
		lw.token(tok)
		if c, ok := rec.Comments[i+1]; ok {
			lw.token("{" + c + "}")
		}
	}
	lw.token(resultToken(rec.Result))
	w.WriteByte('\n')
}

func writeTag(w byteWriter, name, value string) {
	w.WriteByte('[')
	w.WriteString(name)
	w.WriteString(` "`)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			w.WriteByte('\\')
		}
		w.WriteByte(value[i])
	}
	w.WriteString("\"]\n")
}

// lineWriter writes tokens separated by spaces, starting a new line before
// a token that would make the line longer than lineWidth.
type lineWriter struct {
	w   byteWriter
	col int // bytes on the current line
}

func (lw *lineWriter) token(tok string) {
	if lw.col > 0 {
		if lw.col+1+len(tok) > lineWidth {
			lw.w.WriteByte('\n')
			lw.col = 0
		} else {
			lw.w.WriteByte(' ')
			lw.col++
		}
	}
	lw.w.WriteString(tok)
	if i := strings.LastIndexByte(tok, '\n'); i >= 0 {
		lw.col = len(tok) - i - 1
	} else {
		lw.col += len(tok)
	}
}
