package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/record"
)

func toyRecord(t *testing.T, moves string) *record.Record {
	t.Helper()
	r, err := toy.New(toy.Options{Houses: 3, Seeds: 3})
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText(moves); err != nil {
		t.Fatal(err)
	}
	return mustNew(t, g, record.Tag{Name: "South", Value: "Ann"})
}

// TestWriteFileKeepsOtherFiles: WriteFile replaced a text file with a
// game record (play's "save notes.txt", issue "round two"); it now
// refuses a file that holds no record, before writing, and replaces an
// earlier record of any game.
func TestWriteFileKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	const text = "Buy seeds.\nCall Bob about the tournament.\n"
	if err := os.WriteFile(notes, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	err := record.WriteFile(notes, toyRecord(t, "A"))
	if !errors.Is(err, record.ErrNotRecord) {
		t.Errorf("WriteFile over a text file: error %v, want one wrapping ErrNotRecord", err)
	}
	if b, _ := os.ReadFile(notes); string(b) != text {
		t.Errorf("the text file now holds %q", b)
	}

	save := filepath.Join(dir, "game.txt")
	for _, moves := range []string{"A", "B", ""} { // a new file, then records replaced
		if err := record.WriteFile(save, toyRecord(t, moves)); err != nil {
			t.Fatalf("WriteFile %q: %v", moves, err)
		}
		recs, err := record.ReadFile(save)
		if err != nil || len(recs) != 1 || len(recs[0].Moves) != len(moves) {
			t.Fatalf("ReadFile after writing %q: %d records, %v", moves, len(recs), err)
		}
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := record.WriteFile(empty, toyRecord(t, "A")); err != nil {
		t.Errorf("WriteFile over an empty file: %v", err)
	}
	if st, err := os.Stat(empty); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the replaced file: %v, %v; want mode 0600 kept", st.Mode(), err)
	}
	if err := record.WriteFile(dir, toyRecord(t, "A")); !errors.Is(err, record.ErrNotRegular) {
		t.Errorf("WriteFile over a directory: %v, want ErrNotRegular", err)
	}
	if _, err := record.ReadFile(dir); !errors.Is(err, record.ErrNotRegular) {
		t.Errorf("ReadFile of a directory: %v, want ErrNotRegular", err)
	}
}

// NewStep gives a position of a game for JSON: its ply, move, houses,
// legal moves, and once over the result and scores.
func TestNewStep(t *testing.T) {
	r, err := toy.New(toy.Options{Houses: 2, Seeds: 1})
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	st := record.NewStep(g, mancala.Move{})
	if st.Ply != 0 || st.Move != "" || len(st.Houses) != 4 || st.Legal == nil || len(*st.Legal) != 2 || st.Over || st.Scores != nil {
		t.Errorf("start: %+v", st)
	}
	for !g.Over() {
		m := g.Legal()[0]
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		st = record.NewStep(g, m)
		if st.Move != m.String() || st.Ply != g.Ply() {
			t.Errorf("after %v: %+v", m, st)
		}
	}
	if !st.Over || st.Scores == nil || st.Result == "" || st.ToMove != "" || len(*st.Legal) != 0 {
		t.Errorf("over: %+v", st)
	}
	st.Adjudicate(mancala.Draw)
	if st.Result != "draw" || st.Ending == nil || st.Ending.Reason != "adjudicated" {
		t.Errorf("adjudicated: %+v", st)
	}
}
