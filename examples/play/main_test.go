package main

import (
	"bytes"
	"errors"
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
	// The winner's score comes first (issue "round two": a North win
	// read "North (computer) wins, 1–17").
	want := fmt.Sprintf("%d–%d", o.Scores[mancala.South], o.Scores[mancala.North])
	winner := ""
	if w, ok := o.Result.Winner(); ok {
		winner = titleCase(w)
		want = fmt.Sprintf("%d–%d", o.Scores[w], o.Scores[w.Other()])
	}
	if got := sm[3] + "–" + sm[4]; got != want {
		t.Errorf("printed score %s, the moves give %s, the winner's first", got, want)
	}
	if sm[2] != winner {
		t.Errorf("printed winner %q, the moves give %q", sm[2], winner)
	}
	// The reason printed is the ruleset's (none while it does not say).
	if want := endingWords(mancala.EndingOf(r, g.Position())); sm[1] != want {
		t.Errorf("printed end reason %q, the ruleset says %q", sm[1], want)
	}
	return g
}

// titleCase is p's name with a capital: "South".
func titleCase(p mancala.Player) string {
	return strings.ToUpper(p.String()[:1]) + p.String()[1:]
}

// endingWords is the reason that the game-over line gives for e: the
// text before the result in play.ResultLine.
func endingWords(e mancala.Ending) string {
	line := play.ResultLine(mancala.Outcome{Ending: e}, nil)
	why, _, _ := strings.Cut(line, ". A draw")
	if why == line {
		return ""
	}
	return why
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
	// AW-4: the notes under each move's line name its captures, house by
	// house, and they add up to the mover's store gain, which the last
	// note gives.
	moves := regexp.MustCompile(`(?m)^(South|North) plays [A-Fa-f]\.\n((?:  .*\n)*)`).FindAllStringSubmatch(out, -1)
	ps := g.Positions()
	if len(moves) != len(ps)-1 {
		t.Fatalf("%d move lines for %d moves:\n%s", len(moves), len(ps)-1, out)
	}
	capture := regexp.MustCompile(`(?m)^  (?:South|North) captures (\d+) seeds? from [a-fA-F]` + regexp.QuoteMeta(rule("AW-4")) + `\.$`)
	store := regexp.MustCompile(`(?m)^  (?:South|North)'s store \+(\d+) \(now (\d+)\)\.$`)
	captures := 0
	for i, l := range moves {
		p := mancala.South
		if l[1] == "North" {
			p = mancala.North
		}
		if ps[i+1].Over() {
			continue // the end's collection is not a capture
		}
		d := ps[i+1].Board.Store(p) - ps[i].Board.Store(p)
		sum := 0
		for _, c := range capture.FindAllStringSubmatch(l[2], -1) {
			n, _ := strconv.Atoi(c[1])
			sum += n
		}
		st := store.FindStringSubmatch(l[2])
		if sum != d || (d > 0 && (st == nil || st[1] != strconv.Itoa(d) || st[2] != strconv.Itoa(ps[i+1].Board.Store(p)))) {
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

// Bad flags exit with status 2 and a one-line reason.
func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-human", "west"},
		{"-ai", "deep-blue"},
		{"-game", "chess"},
		{"-color", "sometimes"},
		{"-rules", "opening=sequential"},
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
	m := regexp.MustCompile(`Round 1 is over` + regexp.QuoteMeta(rule("CK-9")) + `: South has (\d+) seeds?, North (\d+)\. Round 2 begins, (South|North) to move\.`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("CK-10: no end of round 1 in:\n%s", out)
	}
	// The first position of round 2 holds each player's seeds in his store
	// and row (CK-11), and the player named moves first (CK-13).
	for _, p := range g.Positions() {
		if p.Round == 2 {
			if starter, _ := p.ToMove.Player(); titleCase(starter) != m[3] {
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

// Issue "round two": scores were printed South's first, so that a North
// win read "North (computer) wins, 14–34" while the README shows "North
// wins, 29–19". The winner's score comes first.
func TestNorthWinScoreFirst(t *testing.T) {
	result := regexp.MustCompile(`Game over: (?:.*\. )?(South|North)[^,]* wins, (\d+)–(\d+)\.`)
	for seed := 1; seed <= 20; seed++ {
		_, out, _ := runPlay(t, "", "-human", "none", "-ai", "greedy", "-seed", strconv.Itoa(seed))
		m := result.FindStringSubmatch(out)
		if m == nil || m[1] != "North" {
			continue
		}
		if w, l := atoi(t, m[2]), atoi(t, m[3]); w <= l {
			t.Fatalf("seed %d: %q: the loser's score first", seed, m[0])
		}
		return
	}
	t.Fatal("no North win in 20 games: the test proves nothing")
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
