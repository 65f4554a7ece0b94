package mancala_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

func TestMoveError(t *testing.T) {
	for _, tc := range []struct {
		err  *mancala.MoveError
		text string
		is   []error
	}{
		{mancala.Illegal(mancala.Single(mancala.South, 2), "AW-3", "house %v is empty", "C"),
			"mancala: illegal move C: house C is empty (AW-3)", []error{mancala.ErrIllegalMove}},
		{&mancala.MoveError{Move: mancala.Joint(0, 1), Ply: 4, Reason: "the game is over", Err: mancala.ErrGameOver},
			"mancala: illegal move Ab at ply 4: the game is over", []error{mancala.ErrIllegalMove, mancala.ErrGameOver}},
		{&mancala.MoveError{Ply: 0, Err: mancala.ErrIllegalMove},
			"mancala: illegal move - at ply 0", []error{mancala.ErrIllegalMove}},
	} {
		if got := tc.err.Error(); got != tc.text {
			t.Errorf("Error() = %q, want %q", got, tc.text)
		}
		for _, want := range tc.is {
			if !errors.Is(tc.err, want) {
				t.Errorf("%v does not wrap %v", tc.err, want)
			}
		}
		if errors.Is(tc.err, mancala.ErrSyntax) {
			t.Errorf("%v wraps ErrSyntax", tc.err)
		}
		if n := len(tc.err.Unwrap()); n != len(tc.is) {
			t.Errorf("Unwrap gives %d errors, want %d", n, len(tc.is))
		}
	}
	if e := mancala.Illegal(mancala.Single(mancala.North, 0), "", "x"); e.Ply != -1 || e.Rule != "" || e.Reason != "x" {
		t.Errorf("Illegal = %+v", e)
	}
}

func TestParseError(t *testing.T) {
	_, err := mancala.ParseMove("Q")
	var pe *mancala.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, mancala.ErrSyntax) {
		t.Fatalf("ParseMove(Q) error %v", err)
	}
	if pe.What != "move" || pe.Input != "Q" || pe.Offset != 0 || pe.Msg == "" {
		t.Errorf("ParseError %+v", pe)
	}
	if want := `mancala: bad move "Q" at offset 0: ` + pe.Msg; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	long := strings.Repeat("1,", 300)
	_, err = mancala.ParsePosition(long)
	if !errors.As(err, &pe) || !strings.HasSuffix(pe.Input, "…") || len(pe.Input) > 210 || pe.Offset <= 0 {
		t.Errorf("long input: Input %q (%d bytes), Offset %d", pe.Input, len(pe.Input), pe.Offset)
	}
}
