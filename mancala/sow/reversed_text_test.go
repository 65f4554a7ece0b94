package sow_test

import (
	"bytes"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// TestReversedMovesText plays reversed sowings (A') of Bao la Kujifunza and
// reads them back from the game's moves text (Game.PlayText) and from a
// game record (record.Write, record.Read): a prime after a move's letter
// is part of the move.
func TestReversedMovesText(t *testing.T) {
	r, err := mancala.NewRuleset("baokujifunza")
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	reversed := 0
	for g.Ply() < 12 && !g.Over() {
		legal := g.Legal()
		m := legal[0]
		for _, l := range legal {
			if l.Reversed() {
				m = l
				break
			}
		}
		if m.Reversed() {
			reversed++
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if reversed == 0 {
		t.Fatalf("no reversed move was legal in %q", g.MovesText())
	}
	again, _ := mancala.NewGame(r)
	if err := again.PlayText(g.MovesText()); err != nil || again.Position() != g.Position() {
		t.Fatalf("PlayText(%q): %v; position %v, want %v", g.MovesText(), err, again.Position(), g.Position())
	}
	rec, err := record.New(g)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	recs, err := record.Read(&buf)
	if err != nil || len(recs) != 1 {
		t.Fatalf("record.Read: %v, %d records\n%s", err, len(recs), buf.String())
	}
	back, err := recs[0].Replay(nil)
	if err != nil || back.Position() != g.Position() {
		t.Fatalf("the record replays to %v, %v; want %v", back, err, g.Position())
	}
}
