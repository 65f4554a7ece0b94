package uci

import (
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// Moves with a caret (mancala.Across) or a prime (mancala.Reversed) are
// read from a run of letters.
func TestParsePositionMarks(t *testing.T) {
	c, err := ParseCommand("position startpos moves ^cA'b ^D'")
	if err != nil {
		t.Fatal(err)
	}
	want := []mancala.Move{
		mancala.Across(mancala.Single(mancala.South, 2)),
		mancala.Reversed(mancala.Single(mancala.South, 0)),
		mancala.Single(mancala.North, 1),
		mancala.Reversed(mancala.Across(mancala.Single(mancala.North, 3))),
	}
	if !slices.Equal(c.Moves, want) {
		t.Errorf("moves %v, want %v", c.Moves, want)
	}
	for _, bad := range []string{"position startpos moves ^", "position startpos moves A^^b", "position startpos moves ''"} {
		if _, err := ParseCommand(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
