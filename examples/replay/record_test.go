package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// abapaRecord returns a record of an Abapa game after moves, as play saves
// it.
func abapaRecord(t *testing.T, moves string) (*mancala.Game, *record.Record) {
	t.Helper()
	r, err := awale.New(awale.Abapa())
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
	// A record as play saves it (built by hand: record.New is gaining an
	// error result).
	return g, &record.Record{
		Tags:  record.Tags{{Name: record.TagRules, Value: "awale abapa"}, {Name: "South", Value: "Ann"}, {Name: "North", Value: "alphabeta"}},
		Moves: g.Moves(),
	}
}

// TestRecordForms replays the same game saved as record text, JSON and OGN
// and checks that each prints what -moves prints.
func TestRecordForms(t *testing.T) {
	_, rec := abapaRecord(t, "FfBeAd")
	js, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	// OGN as Aualé writes it (by hand: the writer is moving to package
	// awale/ogn).
	const ogn = "[Variant \"Oware Abapa\"]\n[Event \"?\"]\n[South \"Ann\"]\n[North \"?\"]\n[Result \"*\"]\n\n1. F f 2. B e 3. A d *\n"
	_, want, _ := runReplay("-rules", "abapa", "-moves", "FfBeAd", "-json")
	for _, tt := range []struct{ name, file, text string }{
		{"text", "game.txt", rec.String()},
		{"json", "game.json", string(js)},
		{"ogn", "game.ogn", ogn},
		{"ogn by its tags", "game.txt", ogn},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runReplay("-record", writeFile(t, tt.file, tt.text), "-json")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if out != want {
				t.Errorf("AW-3/-record output differs from -moves output:\n%s\nwant\n%s", out, want)
			}
		})
	}
}

func TestRecordThenMoves(t *testing.T) {
	_, rec := abapaRecord(t, "Ff")
	path := writeFile(t, "game.txt", rec.String())
	_, want, _ := runReplay("-rules", "abapa", "-moves", "FfBe")
	code, out, errOut := runReplay("-record", path, "-moves", "Be")
	if code != 0 || out != want {
		t.Errorf("AW-3/record then -moves: exit %d stderr %q\n%s\nwant\n%s", code, errOut, out, want)
	}
	// Numbers go on from the record's moves.
	code, _, errOut = runReplay("-record", path, "-moves", "B B")
	if code != 1 || !strings.Contains(errOut, `illegal move 4 "B" (column 3)`) {
		t.Errorf("AW-2/exit %d stderr %q; want move 4 at column 3", code, errOut)
	}
}

func TestRecordSecondGame(t *testing.T) {
	_, rec1 := abapaRecord(t, "Ff")
	_, rec2 := abapaRecord(t, "Ee")
	path := writeFile(t, "games.txt", rec1.String()+"\n"+rec2.String())
	code, out, errOut := runReplay("-record", path, "-record-game", "2")
	if code != 0 || !strings.Contains(out, "\n1. E\n") || !strings.Contains(out, "\n2. e\n") {
		t.Errorf("exit %d stderr %q; want the second game:\n%s", code, errOut, out)
	}
	code, _, errOut = runReplay("-record", path, "-record-game", "3")
	if code != 2 || !strings.Contains(errOut, "holds 2 game") {
		t.Errorf("-record-game 3 of 2: exit %d stderr %q", code, errOut)
	}
}

// TestRecordIllegalMove: a record whose moves the rules refuse is replayed
// up to the move, which is named by its number from 1 and its place in the
// file.
func TestRecordIllegalMove(t *testing.T) {
	path := writeFile(t, "bad.txt", "[Rules \"awale abapa\"]\n\n1. F f 2. F\n")
	code, out, errOut := runReplay("-record", path)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if want := `record: line 3, column 11: move 3 "F": house F is empty (AW-3)`; !strings.Contains(errOut, want) {
		t.Errorf("AW-3/stderr %q, want it to contain %q", errOut, want)
	}
	if got := strings.Count(out, "position "); got != 3 {
		t.Errorf("%d positions printed before the illegal move, want 3", got)
	}
}

// TestRecordConcession: a record whose result the moves do not reach is a
// concession, printed at the end.
func TestRecordConcession(t *testing.T) {
	path := writeFile(t, "conceded.txt", "[Rules \"awale\"]\n[Result \"0-1\"]\n[Termination \"conceded south\"]\n\n1. F f 0-1\n")
	code, out, errOut := runReplay("-record", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "over: North wins, ") || !strings.Contains(out, "(South conceded), ") {
		t.Errorf("the concession is not printed:\n%s", out)
	}
}

func TestRecordKalah(t *testing.T) {
	path := writeFile(t, "kalah.txt", "[Rules \"kalah(4,3)\"]\n\n1. A d\n")
	code, out, errOut := runReplay("-record", path)
	if code != 0 || !strings.Contains(out, "\n2. d\n") {
		t.Errorf("KA-1/exit %d stderr %q\n%s", code, errOut, out)
	}
}

// TestRecordAdjudicated: a record whose result was decided outside the
// rules (a tournament's move cap) ends with that result, said to be
// adjudicated, in text and in JSON.
func TestRecordAdjudicated(t *testing.T) {
	path := writeFile(t, "capped.txt", "[Rules \"awale\"]\n[Result \"1-0\"]\n[Termination \"adjudicated\"]\n\n1. F f {capped} 1-0\n")
	code, out, errOut := runReplay("-record", path)
	if code != 0 || !strings.HasSuffix(out, "adjudicated: result south, decided outside the rules as the record says (south was to move)\n") {
		t.Errorf("exit %d stderr %q\n%s", code, errOut, out)
	}
	code, out, errOut = runReplay("-record", path, "-json")
	if code != 0 {
		t.Fatalf("exit %d stderr %q", code, errOut)
	}
	lines := decodeLines(t, out)
	last := lines[len(lines)-1]
	end, _ := last["ending"].(map[string]any)
	if last["result"] != "south" || last["over"] != false || end["reason"] != "adjudicated" {
		t.Errorf("last JSON line %v: want result south, not over, ending adjudicated", last)
	}
	if _, ok := lines[1]["ending"]; ok {
		t.Errorf("an earlier line has an ending: %v", lines[1])
	}
}
