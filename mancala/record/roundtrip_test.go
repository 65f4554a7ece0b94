package record_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala/record"
)

// A game's record, written and read back, is the same record, and replays
// into the same game.
func TestTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, rec := drawRecord(t, true)
		var buf bytes.Buffer
		if err := record.Write(&buf, rec); err != nil {
			t.Fatalf("Write: %v", err)
		}
		recs, err := record.Read(&buf)
		if err != nil {
			t.Fatalf("Read: %v\n%s", err, buf.String())
		}
		if len(recs) != 1 {
			t.Fatalf("read %d records, want 1", len(recs))
		}
		if diff := cmp.Diff(rec, recs[0]); diff != "" {
			t.Fatalf("record mismatch (-want +got):\n%s", diff)
		}
		g2, err := recs[0].Replay(toyResolver)
		if err != nil {
			t.Fatalf("Replay: %v", err)
		}
		if d := sameGame(g, g2); d != "" {
			t.Fatal(d)
		}
		// New gives back the record of the replayed game.
		again := mustNew(t, g2, rec.Tags[1:]...)
		again.Comments = rec.Comments
		if !again.Equal(rec) {
			t.Fatalf("New(Replay(rec)) = %v, want %v", again, rec)
		}
	})
}

// Several records in one text come back in order.
func TestTextRoundTripMany(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 4).Draw(t, "records")
		var recs []*record.Record
		for i := 0; i < n; i++ {
			_, rec := drawRecord(t, true)
			recs = append(recs, rec)
		}
		var buf bytes.Buffer
		if err := record.Write(&buf, recs...); err != nil {
			t.Fatalf("Write: %v", err)
		}
		got, err := record.Read(strings.NewReader(buf.String()))
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		if diff := cmp.Diff(recs, got); diff != "" {
			t.Fatalf("records mismatch (-want +got):\n%s", diff)
		}
	})
}

// Written movetext keeps within 79 columns unless a single token is longer.
func TestTextLineWidth(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		_, rec := drawRecord(t, true)
		for _, line := range strings.Split(rec.String(), "\n") {
			if len(line) > 79 && !strings.HasPrefix(line, "[") && strings.Contains(line, " ") && !strings.ContainsAny(line, "{}") {
				t.Fatalf("line of %d bytes: %q", len(line), line)
			}
		}
	})
}

// A record encoded as JSON and decoded is the same record.
func TestJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, rec := drawRecord(t, true)
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var got record.Record
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("Unmarshal: %v\n%s", err, b)
		}
		if diff := cmp.Diff(rec, &got); diff != "" {
			t.Fatalf("record mismatch (-want +got):\n%s", diff)
		}
		g2, err := got.Replay(toyResolver)
		if err != nil {
			t.Fatalf("Replay: %v", err)
		}
		if d := sameGame(g, g2); d != "" {
			t.Fatal(d)
		}
		// A slice of records is a JSON array.
		b, err = json.Marshal([]*record.Record{rec, rec})
		if err != nil {
			t.Fatal(err)
		}
		var two []*record.Record
		if err := json.Unmarshal(b, &two); err != nil {
			t.Fatal(err)
		}
		if len(two) != 2 || !two[0].Equal(rec) || !two[1].Equal(rec) {
			t.Fatalf("array of records: got %v", two)
		}
	})
}
