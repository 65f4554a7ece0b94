package record_test

import (
	"bytes"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// Moves from the opponent's row (mancala.Across, "^c") and reversed ones
// ("A'") are written and read back.
func TestAcrossMovesRoundTrip(t *testing.T) {
	moves := []mancala.Move{
		mancala.Across(mancala.Single(mancala.South, 2)),
		mancala.Single(mancala.North, 0),
		mancala.Across(mancala.Single(mancala.South, 4)),
		mancala.Reversed(mancala.Across(mancala.Single(mancala.North, 1))),
		mancala.Reversed(mancala.Single(mancala.South, 3)),
	}
	rec := &record.Record{Moves: moves}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	back, err := record.Read(&buf)
	if err != nil {
		t.Fatalf("%v in\n%s", err, buf.String())
	}
	if len(back) != 1 || len(back[0].Moves) != len(moves) {
		t.Fatalf("read %d records from\n%s", len(back), buf.String())
	}
	for i, m := range back[0].Moves {
		if m != moves[i] {
			t.Errorf("move %d: %#v, want %#v", i, m, moves[i])
		}
	}
}
