package play_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/play"
)

func newSession(t *testing.T, c play.Config) *play.Session {
	t.Helper()
	if c.Rules == nil {
		r, err := awale.New(awale.Documents())
		if err != nil {
			t.Fatal(err)
		}
		c.Rules = r
	}
	if c.AI == "" {
		c.AI = "greedy"
	}
	s, err := play.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// run runs a new session with a human South on input.
func run(t *testing.T, c play.Config, input string) string {
	t.Helper()
	c.Human = [2]bool{true, false}
	var out strings.Builder
	if err := newSession(t, c).Run(strings.NewReader(input), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// Issue "round two": save FILE "never destroys an older file", yet
// "save notes.txt" replaced a text file with a game record. A file that
// holds no game record is now left as it is, and said so; an earlier
// save is replaced.
func TestSaveKeepsFilesThatAreNotRecords(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	const text = "My notes on the Abapa opening.\n"
	if err := os.WriteFile(notes, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(t, play.Config{}, "C\nsave "+notes+"\n")
	if b, _ := os.ReadFile(notes); string(b) != text {
		t.Errorf("save replaced the text file:\n%s", b)
	}
	if !strings.Contains(out, "holds something else than game records: it was left as it is") {
		t.Errorf("the refusal is not said:\n%s", out)
	}
	game := filepath.Join(dir, "game.txt")
	out = run(t, play.Config{}, "C\nsave "+game+"\nD\nsave "+game+"\n")
	if strings.Count(out, "Saved ") != 2 {
		t.Errorf("an earlier save is not replaced:\n%s", out)
	}
}

// The winner's score comes first (issue "round two": "North (computer)
// wins, 1–17").
func TestResultLineWinnerFirst(t *testing.T) {
	for _, tt := range []struct {
		o    mancala.Outcome
		want string
	}{
		{mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{1, 17}}, "North wins, 17–1"},
		{mancala.Outcome{Result: mancala.SouthWins, Scores: [2]int{29, 19}}, "South wins, 29–19"},
		{mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{19, 29}, Ending: mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}},
			"endless cycle (AW-8). North wins, 29–19"},
		{mancala.Outcome{Result: mancala.Draw, Scores: [2]int{24, 24}}, "a draw, 24–24"},
		{mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{3, 2}, Conceded: true,
			Ending: mancala.Ending{Reason: mancala.EndConceded, Who: mancala.TurnOf(mancala.South)}}, "South resigned; North wins"},
	} {
		if got := play.ResultLine(tt.o, nil); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.o, got, tt.want)
		}
	}
	name := func(p mancala.Player) string {
		return map[mancala.Player]string{mancala.South: "Ann", mancala.North: "Bob"}[p]
	}
	if got := play.ResultLine(mancala.Outcome{Result: mancala.NorthWins, Scores: [2]int{1, 17}}, name); got != "Bob wins, 17–1" {
		t.Errorf("with names: %q", got)
	}
}

// Wrap fills paragraphs and list items to the width, never breaking a
// word, and draws diagrams as the core's board.
func TestWrap(t *testing.T) {
	const text = "# How to play\n\nEach player owns a row of **six** houses and sows `counter-clockwise`, one seed a house.\n\n" +
		"- **XX-1 Sowing.** Take every seed of a house and sow them one by one\n  into the houses that follow.\n" +
		"- **XX-2 Capture.** A supercalifragilisticexpialidociousword.\n\n" +
		"diagram: 4,4,4/4,4,4 0,0 S | The start.\n"
	for _, width := range []int{20, 33, 80} {
		got := play.Wrap(text, width)
		board, _ := mancala.ParsePosition("4,4,4/4,4,4 0,0 S")
		for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if n := utf8.RuneCountInString(l); n > width && !strings.Contains(l, "supercali") && !strings.Contains(board.Board.String(), l) {
				t.Errorf("width %d: a line of %d runes: %q", width, n, l)
			}
		}
		for _, w := range strings.Fields(plainWords(text)) {
			if !strings.Contains(got, w) {
				t.Errorf("width %d: the word %q is lost or broken:\n%s", width, w, got)
			}
		}
		if !strings.Contains(got, board.Board.String()) {
			t.Errorf("width %d: no board drawn:\n%s", width, got)
		}
		if strings.ContainsAny(got, "*`#") {
			t.Errorf("width %d: Markdown marks left:\n%s", width, got)
		}
	}
	if got := play.Wrap("- a b c d e f g h i j k l m n o p q r s t u v w x y z", 20); got != "- a b c d e f g h i\n  j k l m n o p q r\n  s t u v w x y z\n" {
		t.Errorf("hanging indent: %q", got)
	}
}

// plainWords returns the words of the prose of the Wrap test's text.
func plainWords(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "diagram:") {
			keep = append(keep, l)
		}
	}
	return strings.NewReplacer("**", "", "`", "", "#", "", "- ", "").Replace(strings.Join(keep, " "))
}

// New refuses what it cannot play with ErrConfig.
func TestNewRefuses(t *testing.T) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []play.Config{{}, {Rules: r, AI: "nosuch"}, {Rules: r, AI: "alphabeta:depth=x"}} {
		if _, err := play.New(c); !errors.Is(err, play.ErrConfig) {
			t.Errorf("%+v: %v, want ErrConfig", c, err)
		}
	}
}

// The output's failure stops the session with its error.
func TestWriteError(t *testing.T) {
	want := errors.New("disk full")
	if err := newSession(t, play.Config{}).Run(strings.NewReader("C\n"), failWriter{want}); !errors.Is(err, want) {
		t.Errorf("Run: %v, want the writer's error", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }
