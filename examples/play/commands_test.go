package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/play"
)

// A file that is not a record, or holds an unknown ruleset, is refused
// with a message and the game goes on.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.txt")
	chess := filepath.Join(dir, "chess.txt")
	os.WriteFile(garbage, []byte("[Rules \"awale\"\n1. Q"), 0o644)
	os.WriteFile(chess, []byte("[Rules \"chess\"]\n\n1. e4 *\n"), 0o644)
	for _, f := range []string{garbage, chess, filepath.Join(dir, "missing.txt")} {
		code, out, _ := runPlay(t, "load "+f+"\nC\n", "-ai", "greedy")
		if code != 0 || !strings.Contains(out, "load: "+f+": ") || strings.Count(out, f) != 1 || !strings.Contains(out, "South (you) plays C.") {
			t.Errorf("load %s: exit %d, output:\n%s", filepath.Base(f), code, out)
		}
	}
}

// undo takes back the human's move and the computer's reply; redo plays
// both again.
func TestUndoRedo(t *testing.T) {
	dir := t.TempDir()
	f0, f1, f2 := filepath.Join(dir, "0"), filepath.Join(dir, "1"), filepath.Join(dir, "2")
	in := "C\nD\nsave " + f0 + "\nundo\nsave " + f1 + "\nredo\nsave " + f2 + "\n"
	code, out, _ := runPlay(t, in, "-ai", "greedy", "-seed", "5")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	r0, r1, r2 := readRecord(t, f0), readRecord(t, f1), readRecord(t, f2)
	if len(r0.Moves) != 4 {
		t.Fatalf("before undo: %v, want 4 moves", r0.Moves)
	}
	if !slicesEqual(r1.Moves, r0.Moves[:2]) {
		t.Errorf("after undo: %v, want %v", r1.Moves, r0.Moves[:2])
	}
	if !slicesEqual(r2.Moves, r0.Moves) {
		t.Errorf("after redo: %v, want %v", r2.Moves, r0.Moves)
	}
	if !strings.Contains(out, "Took back 2 moves.") || !strings.Contains(out, "Replayed 2 moves.") {
		t.Errorf("undo/redo not reported:\n%s", out)
	}
}

func slicesEqual(a, b []mancala.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A game saved and loaded again continues where it was; loading and saving
// again writes the same record.
func TestSaveLoad(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		in   string
	}{
		{"awale", []string{"-ai", "greedy"}, "C\nB\n"},
		{"awale abapa houses=5", []string{"-rules", "abapa", "-houses", "5", "-ai", "greedy"}, "C\nB\n"},
		{"CK-8/congkak", []string{"-game", "congkak", "-ai", "greedy"}, "A\nB\nC\n"},
		{"congkak overbeck rounds=2", []string{"-game", "congkak", "-rules", "overbeck", "-rounds", "2", "-ai", "greedy"}, "A\nB\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
			code, _, _ := runPlay(t, tt.in+"save "+a+"\n", tt.args...)
			if code != 0 {
				t.Fatalf("first run: exit %d", code)
			}
			code, out, _ := runPlay(t, "load "+a+"\nsave "+b+"\n", tt.args...)
			if code != 0 {
				t.Fatalf("second run: exit %d", code)
			}
			ra, rb := readRecord(t, a), readRecord(t, b)
			if len(ra.Moves) < 2 || !ra.Equal(rb) {
				t.Errorf("saved %v, loaded and saved %v", ra, rb)
			}
			if !strings.Contains(out, fmt.Sprintf("Loaded %s: ", a)) {
				t.Errorf("load not reported:\n%s", out)
			}
		})
	}
}

// Loading a game and playing on: the loaded game is the one played.
func TestLoadThenPlay(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	runPlay(t, "C\nsave "+a+"\n", "-ai", "greedy")
	code, _, _ := runPlay(t, "load "+a+"\nA\nsave "+b+"\n", "-ai", "greedy")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	ra, rb := readRecord(t, a), readRecord(t, b)
	if len(rb.Moves) != 4 || !slicesEqual(rb.Moves[:2], ra.Moves) || rb.Moves[2] != mancala.Single(mancala.South, 0) {
		t.Errorf("loaded %v, then played A: %v", ra.Moves, rb.Moves)
	}
}

// resign ends the game with the opponent's win, which the record keeps;
// undo takes the resignation back.
func TestResign(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	code, out, _ := runPlay(t, "resign\nsave "+a+"\nundo\nsave "+b+"\nquit\n", "-ai", "greedy")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "Game over: South (you) resigned; North (computer) wins.") {
		t.Errorf("no resignation in:\n%s", out)
	}
	if r := readRecord(t, a).Result; r != mancala.NorthWins {
		t.Errorf("after resign the record says %v, want north", r)
	}
	if r := readRecord(t, b).Result; r != mancala.Ongoing {
		t.Errorf("after undo the record says %v, want ongoing", r)
	}
	if !strings.HasSuffix(out, "Bye.\n") {
		t.Errorf("quit does not say goodbye:\n%s", out)
	}
}

// hint names one of the houses the rules allow.
func TestHint(t *testing.T) {
	_, out, _ := runPlay(t, "hint\n", "-ai", "greedy")
	m := regexp.MustCompile(`Hint for South \(you\): ([A-Z])\.\n  Value for South: .* seeds .*\n  Expected line: [A-Fa-f ]+\.\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no hint in:\n%s", out)
	}
	mv, _ := mancala.ParseMove(m[1])
	r := awaleRules(t, awale.Documents())
	if !mancala.IsLegal(r, r.Start(), mv) {
		t.Errorf("hint %v is not legal", mv)
	}
}

// CK-8: at the simultaneous opening the hint is a mixed strategy for each
// player (the search's matrix game), whose chances add up to 100%; for a
// human North the value is North's.
func TestHintMixedAndNorth(t *testing.T) {
	_, out, _ := runPlay(t, "hint\n", "-game", "congkak", "-ai", "alphabeta:depth=2")
	m := regexp.MustCompile(`Hint for South \(you\): both choose at once, so mix your choice at random: (.*)\.\n  North's best mix is (.*)\.\n  Value for South: `).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no mixed hint in:\n%s", out)
	}
	for i, side := range []string{"[A-G]", "[a-g]"} {
		sum := 0
		for _, p := range regexp.MustCompile(side+` (\d+)%`).FindAllStringSubmatch(m[i+1], -1) {
			n, _ := strconv.Atoi(p[1])
			sum += n
		}
		if sum < 97 || sum > 103 {
			t.Errorf("CK-8: mix %q adds up to %d%%", m[i+1], sum)
		}
	}
	_, out, _ = runPlay(t, "hint\n", "-human", "north", "-ai", "alphabeta:depth=3")
	if !regexp.MustCompile(`Hint for North \(you\): [a-f]\.\n  Value for North: [-+]\d+\.\d seeds \(his store minus South's at the end, estimated 3 decisions deep\)\.\n  Expected line: [a-fA-F ]+\.`).MatchString(out) {
		t.Errorf("no hint for North in:\n%s", out)
	}
}

// On a board small enough to search to the end, the hint's value is the
// exact result with best play, in seeds.
func TestHintExact(t *testing.T) {
	_, out, _ := runPlay(t, "hint\n", "-houses", "2", "-seeds", "1", "-ai", "alphabeta:depth=40")
	if !regexp.MustCompile(`  Value for South: (a (win|loss) by \d+ seeds?|a draw) with best play \(searched to the end of the game\)\.`).MatchString(out) {
		t.Errorf("no exact value in:\n%s", out)
	}
}

// load reads a record in JSON too (record.Load tells the formats apart).
func TestLoadJSON(t *testing.T) {
	dir := t.TempDir()
	text, js := filepath.Join(dir, "g.txt"), filepath.Join(dir, "g.json")
	runPlay(t, "C\nsave "+text+"\n", "-ai", "greedy")
	data, err := json.Marshal(readRecord(t, text))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(js, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runPlay(t, "load "+js+"\n", "-ai", "greedy")
	if !strings.Contains(out, "Loaded "+js+": "+mancala.Label(awaleRules(t, awale.Documents()))+", 2 moves.") {
		t.Errorf("JSON record not loaded:\n%s", out)
	}
}

// rules prints the rules for players of the game's family
// (mancala.Family.RulesText), laid out by play.Wrap to -width (COLUMNS
// otherwise, here unset: 80); a game whose family has none gets a line
// that says so.
func TestRulesCommand(t *testing.T) {
	t.Setenv("COLUMNS", "")
	ck, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		r    mancala.Ruleset
	}{
		{nil, awaleRules(t, awale.Documents())},
		{[]string{"-game", "congkak"}, ck},
		{[]string{"-game", "congkak", "-width", "40"}, ck},
	} {
		_, out, _ := runPlay(t, "rules\nrules XY-99\n", tt.args...)
		f, _ := mancala.FamilyOf(tt.r)
		if f.RulesText == "" {
			if !strings.Contains(out, "No rules text for ") {
				t.Errorf("%v: no line saying there is no rules text", tt.args)
			}
			continue
		}
		width := 80
		if len(tt.args) > 2 {
			width = 40
		}
		if !strings.Contains(out, play.Wrap(f.RulesText, width)) || !strings.Contains(out, "This game is played as ") {
			t.Errorf("%v: the rules text is not printed whole", tt.args)
		}
		if !strings.Contains(out, `No rule "XY-99" in the rules of `) {
			t.Errorf("%v: an unknown rule id is not refused", tt.args)
		}
	}
}
