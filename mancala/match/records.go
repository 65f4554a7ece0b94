package match

import (
	"bufio"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/sowing-games/sowing/mancala/record"
)

// RecordWriter writes records one after the other: record text (as
// record.Write writes it, a blank line between two records), or JSON
// lines, one record a line.
type RecordWriter struct {
	w    *bufio.Writer
	json bool
	n    int // records written
}

// NewRecordWriter returns a RecordWriter on w for the file named name:
// JSON lines if the name ends in .json or .jsonl, else record text.
func NewRecordWriter(w io.Writer, name string) *RecordWriter {
	ext := strings.ToLower(filepath.Ext(name))
	return &RecordWriter{w: bufio.NewWriter(w), json: ext == ".json" || ext == ".jsonl"}
}

// Write adds one record; a nil record (a game forfeited at its start has
// none) is left out.
func (f *RecordWriter) Write(rec *record.Record) error {
	if rec == nil {
		return nil
	}
	f.n++
	if f.json {
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		_, err = f.w.Write(append(b, '\n'))
		return err
	}
	if f.n > 1 {
		if err := f.w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return record.Write(f.w, rec)
}

// Flush writes what is buffered.
func (f *RecordWriter) Flush() error { return f.w.Flush() }
