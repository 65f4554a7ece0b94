package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// fuzzSeeds are the seed corpus of FuzzRead (and, as JSON, of FuzzLoad):
// one of each part of record text, and the inputs of the bugs found so far.
var fuzzSeeds = []string{
	"",
	"[Rules \"toy kalah 3x3 simultaneous\"]\n[Result \"1-0\"]\n\n{c} 1. Ab {d} C 2. b 1-0\n",
	"[Rules \"toy loop 2x2\"]\n[Start \"1,1/1,1 2,2 N\"]\n1.a 1... B *\n\n1. A 1/2-1/2 0-1",
	"\xef\xbb\xbf[A \"x\\\"\\\\\"]",
	"1. A { unterminated",
	"1. ^c b 2. ^A' ^ *",
	"[Rules \"toy kalah 1x1\"]\n1. A 1-0",
	// Issue 10.3: a record cut short with a Result tag; a concession.
	"[Rules \"toy kalah 3x3\"]\n[Result \"1-0\"]\n\n1. A",
	"[Rules \"toy loop 3x3\"]\n[Result \"0-1\"]\n[Termination \"conceded south\"]\n\n1. A 0-1",
	"[Rules \"toy kalah 1x1\"]\n[Result \"1/2-1/2\"]\n[Termination \"no-move T-1 north\"]\n\n1. A 1/2-1/2",
	// JSON given as record text.
	`{"tags":{"Rules":"toy kalah 3x3"},"moves":["A"],"result":"*"}`,
	`[{"moves":[]}]`,
	// Long tokens, for the messages.
	"1. ABCDEFGHIJKLABCDEFGHIJKLABCDEFGHIJKLABCDEFGHIJKLABCDEFGHIJKLABCDEFGHIJKL",
	"[Result \"1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0-1-0\"]",
}

// maxFuzzInput bounds the inputs that the fuzz targets read: the limits
// have tests of their own, and long inputs only slow the fuzzer down.
const maxFuzzInput = 16 << 10

// checkError fails unless err is a *record.Error with a place, wrapping
// ErrSyntax or ErrTooLarge, whose message is valid UTF-8 and short.
func checkError(t *testing.T, err error) {
	t.Helper()
	var re *record.Error
	if !errors.As(err, &re) || re.Line < 1 || re.Column < 1 || !errors.Is(err, mancala.ErrSyntax) && !errors.Is(err, record.ErrTooLarge) {
		t.Fatalf("error %v (%T): want a *record.Error with a place, wrapping ErrSyntax or ErrTooLarge", err, err)
	}
	if msg := err.Error(); !utf8.ValidString(msg) || len(msg) > 400 {
		t.Fatalf("message of %d bytes: %q", len(msg), msg)
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
		if len(text) > maxFuzzInput {
			return
		}
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
	f.Add([]byte(`{"tags":{"Rules":"toy kalah 1x1"},"moves":["A"],"result":"1/2-1/2","ending":"no-move T-1 north"}`))
	f.Add([]byte(`{"moves":["A"],"result":"1-0","ending":"conceded north"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > maxFuzzInput {
			return
		}
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

func FuzzLoad(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Add("{\"moves\":[\"A\"]}\n{\"moves\":[\"a\"],\"result\":\"0-1\"}\n")
	f.Add("[{\"moves\":[\"A\"]}, null]")
	f.Add("\xef\xbb\xbf [] {\"result\":\"1-0\",\"ending\":\"conceded north\"}")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > maxFuzzInput {
			return
		}
		recs, err := record.Load(strings.NewReader(text))
		var re *record.Error
		if err != nil && !errors.As(err, &re) {
			t.Fatalf("error %v (%T), want a *record.Error", err, err)
		}
		for _, rec := range recs {
			checkText(t, rec)
			checkReplay(t, rec, toyResolver)
		}
	})
}
