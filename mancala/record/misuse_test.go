package record_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// TestMisuse: nil records, readers, writers and tags give an *Error
// wrapping mancala.ErrUnsupported (or an empty answer), never a panic.
// Each call below panicked before the fix.
func TestMisuse(t *testing.T) {
	unsupported := func(what string, err error) {
		t.Helper()
		var e *record.Error
		if !errors.Is(err, mancala.ErrUnsupported) || !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "record: ") {
			t.Errorf("%s: %v, want a record.Error wrapping mancala.ErrUnsupported", what, err)
		}
	}
	var rec *record.Record
	if rec.HasStart() || rec.Clone() != nil {
		t.Error("nil record: HasStart or Clone")
	}
	_, err := rec.Replay(nil)
	unsupported("nil record: Replay", err)
	_, err = rec.MarshalJSON()
	unsupported("nil record: MarshalJSON", err)
	_, err = rec.WriteTo(io.Discard)
	unsupported("nil record: WriteTo", err)
	unsupported("nil record: UnmarshalJSON", rec.UnmarshalJSON([]byte(`{}`)))
	if s := rec.String(); !strings.HasPrefix(s, "record: ") {
		t.Errorf("nil record: String %q", s)
	}
	_, err = (&record.Record{}).WriteTo(nil)
	unsupported("WriteTo(nil)", err)
	unsupported("Write(nil)", record.Write(nil, &record.Record{}))
	var zr record.Reader
	_, err = zr.Read()
	unsupported("zero Reader: Read", err)
	_, err = zr.ReadAll()
	unsupported("zero Reader: ReadAll", err)
	var nr *record.Reader
	nr.SetLimits(record.Limits{})
	_, err = nr.Read()
	unsupported("nil Reader: Read", err)
	_, err = record.NewReader(nil).Read()
	unsupported("NewReader(nil): Read", err)
	_, err = record.Read(nil)
	unsupported("Read(nil)", err)
	_, err = record.ReadJSON(nil)
	unsupported("ReadJSON(nil)", err)
	_, err = record.Load(nil)
	unsupported("Load(nil)", err)
	var ts *record.Tags
	unsupported("nil Tags: Set", ts.Set("Event", "x"))
	ts.Delete("Event")
}
