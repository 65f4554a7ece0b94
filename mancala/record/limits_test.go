package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/record"
)

// manyTags returns the text of a record with n tags T0, T1, ... and one
// move.
func manyTags(n int) string {
	var sb strings.Builder
	sb.WriteString("[Rules \"toy kalah 3x3\"]\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&sb, "[T%d \"%d\"]\n", i, i)
	}
	sb.WriteString("\n1. A *\n")
	return sb.String()
}

// wantErr fails unless err is a *record.Error wrapping target, at line and
// column (when line > 0).
func wantErr(t *testing.T, err, target error, line, col int) *record.Error {
	t.Helper()
	var re *record.Error
	if !errors.As(err, &re) || !errors.Is(err, target) {
		t.Fatalf("error %v (%T), want a *record.Error wrapping %v", err, err, target)
	}
	if line > 0 && (re.Line != line || re.Column != col) {
		t.Errorf("error at line %d, column %d, want %d, %d: %v", re.Line, re.Column, line, col, err)
	}
	return re
}

// A record of 100 000 tags (1.4 MB) is refused by default at its 1001st tag;
// with the limit raised it is read, checked, written and replayed, and a
// duplicate name at its end is found (issue 10.4: the check was quadratic).
func TestManyTags(t *testing.T) {
	const n = 100_000
	text := manyTags(n)
	_, err := record.Read(strings.NewReader(text))
	wantErr(t, err, record.ErrTooLarge, record.MaxTags+1, 1)

	rd := record.NewReader(strings.NewReader(text))
	rd.SetLimits(record.Limits{Tags: n, Bytes: 2 * len(text)})
	recs, err := rd.ReadAll()
	if err != nil || len(recs) != 1 || len(recs[0].Tags) != n || recs[0].Tags.Get("T99999") != "99999" {
		t.Fatalf("read %d records, %v", len(recs), err)
	}
	rec := recs[0]
	if _, err := rec.Replay(toyResolver); err != nil {
		t.Fatalf("Replay: %v", err)
	}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil || buf.String() != strings.Replace(text, "\n\n", "\n[Result \"*\"]\n\n", 1) {
		t.Fatalf("Write: %v", err)
	}

	rec.Tags = append(rec.Tags, record.Tag{Name: "T5", Value: "again"})
	err = rec.Tags.Check()
	if re := wantErr(t, err, mancala.ErrSyntax, 0, 0); !strings.Contains(re.Msg, "tag 100001: T5 appears twice") {
		t.Errorf("message %q", re.Msg)
	}
	buf.Reset()
	if err := record.Write(&buf, rec); err == nil || buf.Len() > 0 {
		t.Errorf("Write of a duplicate tag: %v, wrote %d bytes", err, buf.Len())
	}
	if _, err := rec.Replay(toyResolver); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("Replay of a duplicate tag: %v", err)
	}
}

func TestReadLimits(t *testing.T) {
	read := func(text string, l record.Limits) ([]*record.Record, error) {
		rd := record.NewReader(strings.NewReader(text))
		rd.SetLimits(l)
		return rd.ReadAll()
	}
	// Moves: the first move past the limit.
	recs, err := read("1. A a 2. A a\n1. B", record.Limits{Moves: 3})
	wantErr(t, err, record.ErrTooLarge, 1, 13)
	if len(recs) != 0 {
		t.Errorf("records %v", recs)
	}
	if recs, err := read("1. A a 2. A *\n1. B", record.Limits{Moves: 3}); err != nil || len(recs) != 2 {
		t.Errorf("at the limit: %v, %v", recs, err)
	}
	// Bytes: each record counts from its first byte; space between records
	// does not count.
	const rec = "[A \"1\"]\n1. A *\n" // 16 bytes
	if recs, err := read(rec+"\n\n\n   "+rec, record.Limits{Bytes: 16}); err != nil || len(recs) != 2 {
		t.Errorf("records of 16 bytes: %v, %v", recs, err)
	}
	recs, err = read(rec+rec+"[B \"a long value\"]\n1. A *", record.Limits{Bytes: 16})
	wantErr(t, err, record.ErrTooLarge, 5, 17)
	if len(recs) != 2 {
		t.Errorf("read %d records before the error, want 2", len(recs))
	}
	// A comment or a tag value longer than the record's limit.
	_, err = read("{"+strings.Repeat("x", 100)+"}", record.Limits{Bytes: 50})
	wantErr(t, err, record.ErrTooLarge, 1, 51)
	_, err = read("[A \""+strings.Repeat("x", 100)+"\"]", record.Limits{Bytes: 50})
	wantErr(t, err, record.ErrTooLarge, 1, 51)
	// JSON: more tags than the default limit.
	var sb strings.Builder
	sb.WriteString(`{"tags":{`)
	for i := 0; i <= record.MaxTags; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `"T%d":""`, i)
	}
	sb.WriteString(`}}`)
	var r record.Record
	wantErr(t, json.Unmarshal([]byte(sb.String()), &r), record.ErrTooLarge, 0, 0)
}

// JSON records: read as a sequence of values or arrays; Read says that
// JSON is not record text (it once said "no Rules tag"); Load reads both.
func TestJSONFiles(t *testing.T) {
	const lines = `{"tags":{"Rules":"toy kalah 3x3"},"moves":["A","B"],"result":"*"}
{"moves":["a"],"result":"0-1"}
`
	recs, err := record.ReadJSON(strings.NewReader(lines))
	if err != nil || len(recs) != 2 || len(recs[0].Moves) != 2 || recs[1].Result != mancala.NorthWins {
		t.Fatalf("ReadJSON: %v, %v", recs, err)
	}
	for _, text := range []string{lines, "\xef\xbb\xbf\n  " + lines, "[" + strings.Replace(strings.TrimSpace(lines), "\n", ",", 1) + "]", "[]\n" + lines} {
		got, err := record.Load(strings.NewReader(text))
		if err != nil || len(got) != 2 || !got[0].Equal(recs[0]) || !got[1].Equal(recs[1]) {
			t.Errorf("Load(%q) = %v, %v", text, got, err)
		}
		_, err = record.Read(strings.NewReader(text))
		re := wantErr(t, err, record.ErrFormat, 0, 0)
		if !errors.Is(err, mancala.ErrSyntax) || !strings.Contains(err.Error(), "JSON") || re.Line == 0 {
			t.Errorf("Read(%q): %v", text, err)
		}
	}
	// Record text whose first comment is not JSON stays record text.
	for _, text := range []string{`{"quoted"} 1. A *`, "{} 1. A *", "{moves: x} 1. A *"} {
		if recs, err := record.Load(strings.NewReader(text)); err != nil || len(recs) != 1 || len(recs[0].Moves) != 1 {
			t.Errorf("Load(%q) = %v, %v", text, recs, err)
		}
	}
	for _, tc := range []struct{ text, msg string }{
		{lines + `{"moves":["A"],"x":1}`, "json value 3"},
		{`[{"moves":[]}, null]`, "json value 1: json record: null"},
		{`{"moves":["A"]} {`, "json value 2"},
		{`{"moves":["` + strings.Repeat("é", 100) + `"]}`, `json value 1: json record: move 1: "éééééééééééééééééééééééééééééé…" is not a move`},
	} {
		recs, err := record.ReadJSON(strings.NewReader(tc.text))
		wantErr(t, err, mancala.ErrSyntax, 0, 0)
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ReadJSON(%.40q...) error %q, want it to hold %q", tc.text, err, tc.msg)
		}
		if len(recs) == 0 && strings.HasPrefix(tc.text, lines) {
			t.Errorf("no records before the error")
		}
	}
}

// Messages quote at most 60 bytes of input, never split a character, and
// name no package but their own.
func TestErrorMessagesCapped(t *testing.T) {
	long := strings.Repeat("é", 1<<16)
	letters := strings.Repeat("A", 1<<20)
	for name, err := range map[string]error{
		"long move":           readErr("1. " + letters),
		"long result":         readErr("1. A " + strings.Repeat("1", 1<<20) + "-0"),
		"long Result tag":     readErr(`[Result "` + long + `"]`),
		"long Start tag":      readErr(`[Start "` + long + `"]`),
		"long tag name":       readErr("[" + letters + ` "x"]`),
		"long tag name (New)": newErr(record.Tag{Name: long, Value: "x"}),
		"long tag (Set)":      (&record.Tags{}).Set("A"+letters+"\n", "x"),
		"long json result":    json.Unmarshal([]byte(`{"result":"`+long+`"}`), &record.Record{}),
		"long json tag":       json.Unmarshal([]byte(`{"tags":{"`+long+`":1}}`), &record.Record{}),
		"long rules":          replayErr(`[Rules "` + long + `"]`),
		"no rules (ByName)":   replayNilErr("1. A *"),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		msg := err.Error()
		if len(msg) > 400 || !utf8.ValidString(msg) || !strings.HasPrefix(msg, "record: ") || strings.Contains(msg, "mancala:") {
			t.Errorf("%s: message of %d bytes: %.300q", name, len(msg), msg)
		}
	}
}

func readErr(text string) error {
	_, err := record.Read(strings.NewReader(text))
	return err
}

func replayNilErr(text string) error {
	recs, err := record.Read(strings.NewReader(text))
	if err != nil {
		return err
	}
	_, err = recs[0].Replay(nil)
	return err
}

func newErr(tags ...record.Tag) error {
	g, _ := mancala.NewGame(toy.MustNew(toy.Options{}))
	_, err := record.New(g, tags...)
	return err
}

func replayErr(text string) error {
	recs, err := record.Read(strings.NewReader(text))
	if err != nil {
		return err
	}
	_, err = recs[0].Replay(toyResolver)
	return err
}

// BenchmarkTagsCheck checks records of 1 000 to 100 000 tags: the time per
// tag stays flat (issue 10.4).
func BenchmarkTagsCheck(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ts := make(record.Tags, n)
			for i := range ts {
				ts[i] = record.Tag{Name: fmt.Sprintf("T%d", i), Value: "x"}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if err := ts.Check(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tag")
		})
	}
}

// Reading allocates per record, not per move: ten times the moves cost only
// the few more steps of the growing slices (issue 10.7: reading took ~27
// times the text's size; a 64 MiB file now peaks near 1.4 times).
func TestReadAllocs(t *testing.T) {
	allocs := func(moves int) float64 {
		var sb strings.Builder
		for i := 0; i < moves; i++ {
			if i%2 == 0 {
				fmt.Fprintf(&sb, "%d. ", i/2+1)
			}
			sb.WriteString([]string{"A ", "b\n", "Cd ", "e "}[i%4])
		}
		text := sb.String()
		return testing.AllocsPerRun(5, func() {
			recs, err := record.Read(strings.NewReader(text))
			if err != nil || len(recs[0].Moves) != moves {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(2_000), allocs(20_000)
	if large-small > 20 {
		t.Errorf("%v allocations for 2 000 moves, %v for 20 000: want a few more, not ten times", small, large)
	}
}

// Many comments in a row are read in linear time (they were joined one by
// one, each copying all before it) and joined by spaces.
func TestManyComments(t *testing.T) {
	text := "1. A " + strings.Repeat("{x}", 500_000) + " a {} *"
	recs, err := record.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if c := recs[0].Comments[1]; len(c) != 500_000*2-1 || !strings.HasPrefix(c, "x x x") {
		t.Errorf("comment of %d bytes: %.20q", len(c), c)
	}
	if c, ok := recs[0].Comments[2]; !ok || c != "" {
		t.Errorf("empty comment: %q, %v", c, ok)
	}
}

// A file of many tiny records is refused past the Records limit, with the
// records before; the Reader reads them one by one without a limit.
func TestReadRecordsLimit(t *testing.T) {
	rd := record.NewReader(strings.NewReader("* * *\n\n"))
	rd.SetLimits(record.Limits{Records: 3})
	if recs, err := rd.ReadAll(); err != nil || len(recs) != 3 {
		t.Errorf("three records at a limit of 3: %v, %v", recs, err)
	}
	rd = record.NewReader(strings.NewReader("* * *\n\n 1-0"))
	rd.SetLimits(record.Limits{Records: 3})
	recs, err := rd.ReadAll()
	wantErr(t, err, record.ErrTooLarge, 3, 2)
	if len(recs) != 3 {
		t.Errorf("%d records before the error, want 3", len(recs))
	}
	text := strings.Repeat("*\n", record.MaxRecords+1)
	recs, err = record.Read(strings.NewReader(text))
	wantErr(t, err, record.ErrTooLarge, record.MaxRecords+1, 1)
	if len(recs) != record.MaxRecords {
		t.Errorf("%d records before the error", len(recs))
	}
	rd = record.NewReader(strings.NewReader(text))
	n := 0
	for _, err := rd.Read(); err == nil; _, err = rd.Read() {
		n++
	}
	if n != record.MaxRecords+1 {
		t.Errorf("Reader.Read read %d records", n)
	}
	recs, err = record.ReadJSON(strings.NewReader(strings.Repeat("{}", record.MaxRecords+1)))
	wantErr(t, err, record.ErrTooLarge, 0, 0)
	if len(recs) != record.MaxRecords {
		t.Errorf("ReadJSON: %d records before the error", len(recs))
	}
}
