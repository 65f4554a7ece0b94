package play_test

import (
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/play"
	"github.com/sowing-games/sowing/mancala/sow"
)

// A game where nobody owns the houses (Eson Xorgol, sow's SW-94): the
// prompt offers the opponent's houses as ^a ..., a letter of his row
// says how to sow from it, and the typed move from it is played.
func TestMovesFromTheOpponentsRow(t *testing.T) {
	g, ok := sow.Lookup("esonxorgol")
	if !ok {
		t.Skip("no esonxorgol in the catalogue")
	}
	r, err := g.Build(g.Name)
	if err != nil {
		t.Fatal(err)
	}
	out := run(t, play.Config{Rules: r}, "c\n^x\n^A\n^c\n")
	for _, want := range []string{
		"[A B C D E ^a ^b ^c ^d ^e]>",
		"c is North's house: type ^c to sow from it.",
		`"^x" is not a move`,
		`"^A" is not a move`,
		"South (you) plays ^c.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "llegal") {
		t.Errorf("a move was refused by the rules:\n%s", out)
	}
}
