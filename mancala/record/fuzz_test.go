package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

var fuzzSeeds = []string{
	"",
	"[Rules \"toy kalah 3x3 simultaneous\"]\n[Result \"1-0\"]\n\n{c} 1. Ab {d} C 2. b 1-0\n",
	"[Rules \"toy loop 2x2\"]\n[Start \"1,1/1,1 2,2 N\"]\n1.a 1... B *\n\n1. A 1/2-1/2 0-1",
	"[A \"x\\\"\\\\\"]",
	"1. A { unterminated",
	"[Rules \"toy kalah 1x1\"]\n1. A 1-0",
}

// checkError fails unless err is a *record.Error with a place, wrapping
// ErrSyntax.
func checkError(t *testing.T, err error) {
	t.Helper()
	var re *record.Error
	if !errors.As(err, &re) || re.Line < 1 || re.Column < 1 || !errors.Is(err, mancala.ErrSyntax) {
		t.Fatalf("error %v (%T): want a *record.Error with a place, wrapping ErrSyntax", err, err)
	}
}

// checkReplay replays rec with resolve: it must not panic, and an error must
// be a *record.Error.
func checkReplay(t *testing.T, rec *record.Record, resolve record.Resolver) {
	t.Helper()
	_, err := rec.Replay(resolve)
	var re *record.Error
	if err != nil && !errors.As(err, &re) {
		t.Fatalf("Replay: %v (%T), want a *record.Error", err, err)
	}
}

// checkText writes rec and reads it back: the same record.
func checkText(t *testing.T, rec *record.Record) {
	t.Helper()
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		t.Fatalf("Write of a record that was read: %v", err)
	}
	again, err := record.Read(&buf)
	if err != nil || len(again) != 1 || !again[0].Equal(rec) {
		t.Fatalf("read back %v, %v; want %v", again, err, rec)
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := record.Read(strings.NewReader(text))
		if err != nil {
			checkError(t, err)
		}
		for _, rec := range recs {
			checkText(t, rec)
			checkReplay(t, rec, toyResolver)
		}
	})
}

func FuzzJSON(f *testing.F) {
	f.Add([]byte(`{"tags":{"Rules":"toy kalah 3x3"},"start":"3,3,3/3,3,3 0,0 S","moves":["A","B"],"comments":{"0":"x"},"result":"*"}`))
	f.Add([]byte(`{"moves":[],"result":"1-0"}`))
	f.Add([]byte(`{"tags":{"A":"1","A":"2"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var rec record.Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return
		}
		out, err := json.Marshal(&rec)
		if err != nil {
			t.Fatalf("Marshal of a decoded record: %v", err)
		}
		var again record.Record
		if err := json.Unmarshal(out, &again); err != nil || !again.Equal(&rec) {
			t.Fatalf("decoded again %v, %v; want %v", again, err, rec)
		}
		checkText(t, &rec)
		checkReplay(t, &rec, toyResolver)
	})
}
