package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// runPlay runs the program on input and returns its exit status and
// outputs.
func runPlay(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

// readRecord reads the one game saved in file.
func readRecord(t *testing.T, file string) *record.Record {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.Read(f)
	if err != nil || len(recs) != 1 {
		t.Fatalf("read %s: %d records, %v", file, len(recs), err)
	}
	return recs[0]
}

// replay plays the moves text under r and returns the game.
func replay(t *testing.T, r mancala.Ruleset, moves string) *mancala.Game {
	t.Helper()
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText(moves); err != nil {
		t.Fatalf("replaying %q: %v", moves, err)
	}
	return g
}

var movesLine = regexp.MustCompile(`(?m)^Moves: (.*)$`)
var scoreLine = regexp.MustCompile(`Game over: (?:(.*)\. )?(?:(South|North)[^,]* wins|[aA] draw), (\d+)–(\d+)\.`)

// checkFinished checks that out reports a finished game whose moves, played
// again under r, give the result and scores it states (AW-9).
func checkFinished(t *testing.T, r mancala.Ruleset, out string) *mancala.Game {
	t.Helper()
	mm := movesLine.FindStringSubmatch(out)
	sm := scoreLine.FindStringSubmatch(out)
	if mm == nil || sm == nil {
		t.Fatalf("no result or moves in the output:\n%s", out)
	}
	g := replay(t, r, mm[1])
	if !g.Over() {
		t.Fatalf("the moves %q do not finish the game", mm[1])
	}
	o := g.Outcome()
	want := fmt.Sprintf("%d–%d", o.Scores[mancala.South], o.Scores[mancala.North])
	if got := sm[3] + "–" + sm[4]; got != want {
		t.Errorf("printed score %s, the moves give %s", got, want)
	}
	winner := ""
	if w, ok := o.Result.Winner(); ok {
		winner = title(w)
	}
	if sm[2] != winner {
		t.Errorf("printed winner %q, the moves give %q", sm[2], winner)
	}
	// The reason printed is the ruleset's (none while it does not say).
	if want := endingText(mancala.EndingOf(r, g.Position())); sm[1] != want {
		t.Errorf("printed end reason %q, the ruleset says %q", sm[1], want)
	}
	return g
}

func awaleRules(t *testing.T, o awale.Options) mancala.Ruleset {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A human who tries A, B, C over and over plays a whole game of small
// Awalé against greedy: refused tries (AW-3, AW-5) are explained and the
// game goes on to its end (AW-7, AW-9).
func TestWholeGameAgainstGreedy(t *testing.T) {
	input := strings.Repeat("A\nB\nC\n", 200)
	code, out, errOut := runPlay(t, input, "-houses", "3", "-seeds", "2", "-ai", "greedy", "-seed", "7")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	o := awale.Documents()
	o.Houses, o.Seeds = 3, 2
	g := checkFinished(t, awaleRules(t, o), out)
	// Every move the output reports is in the game, in order.
	var reported []string
	for _, m := range regexp.MustCompile(`(?:South|North) \((?:you|computer)\) plays ([A-Za-z])[.:]`).FindAllStringSubmatch(out, -1) {
		reported = append(reported, m[1])
	}
	if got, want := strings.Join(reported, " "), g.MovesText(); got != want {
		t.Errorf("reported moves %q, game %q", got, want)
	}
	if !strings.Contains(out, "The game is over: type undo") {
		t.Errorf("letters after the end are not answered")
	}
}

// Two computer players finish a whole default game (AW-1..AW-9), the same
// for the same seed.
func TestComputerAgainstComputer(t *testing.T) {
	args := []string{"-human", "none", "-ai", "greedy", "-seed", "3"}
	code, out, errOut := runPlay(t, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	g := checkFinished(t, awaleRules(t, awale.Documents()), out)
	// AW-4: each move's line names its captures, house by house, and they
	// add up to the mover's store gain.
	lines := regexp.MustCompile(`(?m)^(South|North) plays [A-Fa-f](?:: captures (.*) \(AW-4\); store \+(\d+) \(now (\d+)\))?\.$`).FindAllStringSubmatch(out, -1)
	ps := g.Positions()
	if len(lines) != len(ps)-1 {
		t.Fatalf("%d move lines for %d moves:\n%s", len(lines), len(ps)-1, out)
	}
	captures := 0
	for i, l := range lines {
		p := mancala.South
		if l[1] == "North" {
			p = mancala.North
		}
		d := ps[i+1].Board.Store(p) - ps[i].Board.Store(p)
		if ps[i+1].Over() {
			d = 0 // the end's collection is not a capture
		}
		sum := 0
		for _, c := range regexp.MustCompile(`(\d+) from [a-fA-F]`).FindAllStringSubmatch(l[2], -1) {
			n, _ := strconv.Atoi(c[1])
			sum += n
		}
		if sum != d || (d > 0 && (l[3] != strconv.Itoa(d) || l[4] != strconv.Itoa(ps[i+1].Board.Store(p)))) {
			t.Errorf("AW-4: move %d: %q, the store gains %d", i+1, l[0], d)
		}
		captures += sum
	}
	if captures == 0 {
		t.Errorf("AW-4: no capture reported in the whole game")
	}
	if _, again, _ := runPlay(t, "", args...); again != out {
		t.Errorf("two runs with the same seed differ")
	}
}

// AW-3: an empty house is refused with the ruleset's reason and rule, and
// the same player is asked again.
func TestIllegalMove(t *testing.T) {
	code, out, _ := runPlay(t, "A\na\nA\nB\n", "-human", "both")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	r := awaleRules(t, awale.Documents())
	g := replay(t, r, "A a")
	_, err := r.Play(g.Position(), mancala.Single(mancala.South, 0))
	var me *mancala.MoveError
	if !errors.As(err, &me) || me.Rule != "AW-3" {
		t.Fatalf("AW-3: the ruleset does not refuse A with AW-3: %v", err)
	}
	want := "can't play A: " + me.Reason + " (rule AW-3)."
	if !strings.Contains(out, want) {
		t.Errorf("AW-3: no %q in:\n%s", want, out)
	}
	if !strings.Contains(out[strings.Index(out, want):], "South plays B.") {
		t.Errorf("AW-3: the game did not go on after the refusal")
	}
}

// Bad input of every kind is answered in one line and the prompt comes
// back: the game is not lost.
func TestBadInput(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"frobnicate", `Unknown command "frobnicate"`},
		{"Z", "There is no house Z: South's houses are A–F."},
		{"c", "c is North's house; South (you) plays A–F."},
		{strings.Repeat("x", 5000), `Unknown command "` + strings.Repeat("x", 60) + `…": type`},
		{"Ab", `Unknown command "Ab"`},
		{"save", "save: name the file"},
		{"load", "load: name the file"},
		{"redo", "Nothing to redo."},
		{"undo", "Nothing to undo."},
	} {
		t.Run(tt.in, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "after.txt")
			code, out, _ := runPlay(t, tt.in+"\nC\nsave "+file+"\n", "-ai", "greedy")
			if code != 0 {
				t.Fatalf("exit %d", code)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("no %q in:\n%s", tt.want, out)
			}
			if rec := readRecord(t, file); len(rec.Moves) != 2 || rec.Moves[0] != mancala.Single(mancala.South, 2) {
				t.Errorf("after the bad input, the game is %v, want C and a reply", rec.Moves)
			}
		})
	}
}

// The end of the input, mid-game, ends the program cleanly, saying that
// the game was not saved if it has moves no save holds.
func TestEndOfInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.txt")
	for _, tt := range []struct{ in, want string }{
		{"", "End of input. Bye.\n"},
		{"C\n", "End of input. The game (2 moves) was not saved; type save FILE before leaving to keep it.\n"},
		{"C\nD", "End of input. The game (4 moves) was not saved; type save FILE before leaving to keep it.\n"},
		{"C\nsave " + file + "\n", "End of input. Bye.\n"},
		{"C\nsave " + file + "\nundo\n", "End of input. Bye.\n"}, // nothing left to lose
		{"C\nsave " + file + "\nD\n", "End of input. The game (4 moves) was not saved"},
	} {
		code, out, errOut := runPlay(t, tt.in, "-ai", "greedy")
		if code != 0 || errOut != "" || !strings.Contains(out[max(0, len(out)-120):], tt.want) {
			t.Errorf("input %q: exit %d, stderr %q, output ends %q", tt.in, code, errOut, out[max(0, len(out)-120):])
		}
	}
}

// CK-8: in the simultaneous opening the computer commits before the human
// types; both choices are then revealed and played as one joint move; a
// player whose last seed reached his store (CK-3) is asked again.
func TestCongkakSimultaneous(t *testing.T) {
	dir := t.TempDir()
	var north [2]mancala.Move
	for i, letter := range []string{"A", "C"} {
		file := filepath.Join(dir, letter)
		code, out, _ := runPlay(t, letter+"\nsave "+file+"\n", "-game", "congkak", "-ai", "greedy", "-seed", "11")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		chosen := strings.Index(out, "The computer has chosen")
		prompt := strings.Index(out, "South (you) [A B C D E F G]> ")
		reveal := strings.Index(out, "South (you) chose "+letter+", North (computer) chose ")
		if chosen < 0 || prompt < chosen || reveal < prompt {
			t.Fatalf("CK-8: commit at %d, prompt at %d, reveal at %d:\n%s", chosen, prompt, reveal, out)
		}
		rec := readRecord(t, file)
		if len(rec.Moves) < 1 || !rec.Moves[0].Turn().Simultaneous() {
			t.Fatalf("CK-8: the first move %v is not joint", rec.Moves)
		}
		h, _ := rec.Moves[0].House(mancala.South)
		if want := int(letter[0] - 'A'); h != want {
			t.Errorf("CK-8: South's part is house %d, want %d", h, want)
		}
		n, _ := rec.Moves[0].House(mancala.North)
		north[i] = mancala.Single(mancala.North, n)
		if !strings.Contains(out, "North (computer) chose "+north[i].String()+".") {
			t.Errorf("CK-8: the reveal does not name North's house %v", north[i])
		}
	}
	if north[0] != north[1] {
		t.Errorf("CK-8: the computer's choice depends on the human's (%v after A, %v after C)", north[0], north[1])
	}

	// CK-3: A's 7 seeds end in South's store; if North's hand is still
	// sowing, South is asked again at once.
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	after, err := r.Play(r.Start(), mancala.Joint(0, int(north[0].String()[0]-'a')))
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := runPlay(t, "A\n", "-game", "congkak", "-ai", "greedy", "-seed", "11")
	again := strings.Count(out, "South (you) [") == 2
	if want := after.ToMove == mancala.SouthTurn; again != want {
		t.Errorf("CK-3: asked South again %v, the rules say %v (to move: %v)", again, want, after.ToMove)
	}
}

// CK-8 with two humans: both letters at once, or one at each prompt.
func TestCongkakTwoHumans(t *testing.T) {
	for _, in := range []string{"Ab\n", "A\nb\n", "A\nB\nb\n"} {
		file := filepath.Join(t.TempDir(), "g.txt")
		code, out, _ := runPlay(t, in+"save "+file+"\n", "-game", "congkak", "-human", "both")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		rec := readRecord(t, file)
		if len(rec.Moves) != 1 || rec.Moves[0] != mancala.Joint(0, 1) {
			t.Errorf("input %q: moves %v, want Ab\n%s", in, rec.Moves, out)
		}
	}
}

// AW-2: with the human as North, the computer opens for South and the
// human answers.
func TestHumanNorth(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.txt")
	code, out, _ := runPlay(t, "a\nsave "+file+"\n", "-human", "north", "-ai", "greedy")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	rec := readRecord(t, file)
	if len(rec.Moves) < 2 || rec.Moves[1] != mancala.Single(mancala.North, 0) {
		t.Errorf("moves %v, want the computer's South move then a:\n%s", rec.Moves, out)
	}
}

// Colour only on a terminal, never with NO_COLOR, unless -color says.
func TestColor(t *testing.T) {
	for _, tt := range []struct {
		mode     string
		terminal bool
		noColor  string
		want     bool
	}{
		{"auto", true, "", true},
		{"auto", true, "1", false},
		{"auto", false, "", false},
		{"always", false, "1", true},
		{"never", true, "", false},
	} {
		if got := useColor(tt.mode, tt.terminal, tt.noColor); got != tt.want {
			t.Errorf("useColor(%q, %v, %q) = %v", tt.mode, tt.terminal, tt.noColor, got)
		}
	}
	t.Setenv("NO_COLOR", "1")
	_, plain, _ := runPlay(t, "C\n", "-ai", "greedy")
	_, colored, _ := runPlay(t, "C\n", "-ai", "greedy", "-color", "always")
	if strings.Contains(plain, "\x1b") {
		t.Errorf("escape codes in plain output")
	}
	if !strings.Contains(colored, "\x1b[") {
		t.Errorf("no escape codes with -color always")
	}
	strip := regexp.MustCompile("\x1b\\[[0-9;]*m")
	if got := strip.ReplaceAllString(colored, ""); got != plain {
		t.Errorf("coloured output differs from plain beyond the escapes")
	}
}

// The diagram shows the Congkak round, burnt houses and seeds in hand
// (CK-11, CK-12).
func TestDiagram(t *testing.T) {
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition(r.Start().String())
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board
	b.SetSeeds(mancala.North, 6, 0)
	if err := b.SetBurnt(mancala.North, 6, true); err != nil {
		t.Fatal(err)
	}
	b.SetStore(mancala.North, 7)
	p.Board, p.Round = b, 3
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	s := &session{g: g, human: [2]bool{true, false}}
	d := s.render(p, nil)
	for _, want := range []string{"round 3", "×", "North (computer): 1 burnt house", "│    7 │", "   A    B    C    D    E    F    G"} {
		if !strings.Contains(d, want) {
			t.Errorf("no %q in:\n%s", want, d)
		}
	}
	b.SetSeeds(mancala.South, 0, 0)
	b.SetHand(mancala.South, 7, mancala.Hole{Owner: mancala.South, House: 0})
	p.Board = b
	if d := s.render(p, nil); !strings.Contains(d, "South (you) holds 7 seeds in hand (last at A)") {
		t.Errorf("no hand in:\n%s", d)
	}
}

// Bad flags exit with status 2 and a one-line reason.
func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-human", "west"},
		{"-ai", "deep-blue"},
		{"-game", "chess"},
		{"-color", "sometimes"},
		{"-opening", "sequential"},
		{"extra"},
	} {
		code, out, errOut := runPlay(t, "", args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "play: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if code, _, _ := runPlay(t, "", "-help"); code != 0 {
		t.Errorf("-help: exit %d", code)
	}
}

// No input makes the program crash or fail: every line is a move, a
// command or a one-line complaint, and the program ends cleanly at the end
// of its input. (Inputs that would save or load files are skipped; the
// computer searches shallowly, so that hint, which uses its search, is
// quick.)
func FuzzInput(f *testing.F) {
	for _, s := range []string{"C\nD\n", "undo\nredo\nhint\n", "Z\n\x00\nAb\n", "resign\nundo\nA\n", "help\nboard\nquit\n", "a\nB\nc\nD\n"} {
		f.Add(s, false, uint8(0))
		f.Add(s, true, uint8(2))
	}
	f.Add(strings.Repeat("bad input ", 100)+"\n"+strings.Repeat("é", 300)+"\n", false, uint8(1))
	f.Fuzz(func(t *testing.T, input string, congkakGame bool, human uint8) {
		if low := strings.ToLower(input); strings.Contains(low, "save") || strings.Contains(low, "load") {
			t.Skip()
		}
		args := []string{"-ai", "alphabeta:depth=2", "-human", []string{"south", "north", "both"}[human%3]}
		if congkakGame {
			args = append(args, "-game", "congkak", "-rounds", "1")
		}
		code, out, errOut := runPlay(t, input, args...)
		if code != 0 || errOut != "" {
			t.Fatalf("input %q: exit %d, stderr %q", input, code, errOut)
		}
		// No echo of the input makes a line long: only the list of the
		// game's moves grows with the game. An empty input line brings the
		// same prompt back on the same output line (a terminal shows the
		// typed newline between them), so a run of one prompt counts once.
		for _, l := range strings.Split(out, "\n") {
			if l = collapsePrompts(l); len(l) > 400 && !strings.HasPrefix(l, "Moves: ") {
				t.Fatalf("input %q: a line of %d bytes: %.100q", input, len(l), l)
			}
		}
	})
}

// collapsePrompts returns l with each run of one repeated prompt (a
// piece ending in "> ") written once.
func collapsePrompts(l string) string {
	parts := strings.SplitAfter(l, "> ")
	return strings.Join(slices.Compact(parts), "")
}

// CK-10, CK-11, CK-14: a Congkak game of two rounds between computers
// reports the end of round 1 with each player's seeds, and its result
// agrees with the moves.
func TestCongkakRounds(t *testing.T) {
	code, out, errOut := runPlay(t, "", "-game", "congkak", "-human", "none", "-ai", "greedy", "-rounds", "2", "-seed", "4")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	o := congkak.Documents()
	o.Rounds = 2
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g := checkFinished(t, r, out)
	m := regexp.MustCompile(`Round 1 is over \(CK-9\): South has (\d+) seeds?, North (\d+) \(CK-10\)\. Round 2 begins, (South|North) to move \(CK-13\)\.`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("CK-10: no end of round 1 in:\n%s", out)
	}
	// The first position of round 2 holds each player's seeds in his store
	// and row (CK-11), and the player named moves first (CK-13).
	for _, p := range g.Positions() {
		if p.Round == 2 {
			if starter, _ := p.ToMove.Player(); title(starter) != m[3] {
				t.Errorf("CK-13: %v starts round 2, reported %s", starter, m[3])
			}
			got := fmt.Sprintf("%d %d", p.Board.Store(mancala.South)+p.Board.RowSeeds(mancala.South), p.Board.Store(mancala.North)+p.Board.RowSeeds(mancala.North))
			if want := m[1] + " " + m[2]; got != want {
				t.Errorf("CK-11: round 2 starts with %s, reported %s", got, want)
			}
			break
		}
	}
}
