package play_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/play"
)

// No input makes a session panic or fail: every line is a move, a
// command or a one-line complaint, and Run returns nil at the end of its
// input. (Inputs that would save or load files are skipped; the computer
// searches shallowly, so that hint, which uses its search, is quick.)
func FuzzInput(f *testing.F) {
	for _, s := range []string{"C\nD\n", "undo\nredo\nhint\n", "Z\n\x00\nAb\n", "resign\nundo\nA\n", "help\nboard\nquit\n", "a\nB\nc\nD\n", "rules\nrules AW-4\nrules x\n", "^c\nC'\n^\n^Ab\n"} {
		f.Add(s, false, uint8(0))
		f.Add(s, true, uint8(2))
	}
	f.Add(strings.Repeat("bad input ", 100)+"\n"+strings.Repeat("é", 300)+"\n", false, uint8(1))
	f.Fuzz(func(t *testing.T, input string, congkakGame bool, human uint8) {
		if low := strings.ToLower(input); strings.Contains(low, "save") || strings.Contains(low, "load") {
			t.Skip()
		}
		var r mancala.Ruleset
		var err error
		if congkakGame {
			o := congkak.Documents()
			o.Rounds = 1
			r, err = congkak.New(o)
		} else {
			r, err = awale.New(awale.Documents())
		}
		if err != nil {
			t.Fatal(err)
		}
		humans := [][2]bool{{true, false}, {false, true}, {true, true}}[human%3]
		s, err := play.New(play.Config{Rules: r, Human: humans, AI: "alphabeta:depth=2"})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := s.Run(strings.NewReader(input), &out); err != nil {
			t.Fatalf("input %q: %v", input, err)
		}
		// No echo of the input makes a line long: only the list of the
		// game's moves grows with the game. An empty input line brings the
		// same prompt back on the same output line (a terminal shows the
		// typed newline between them), so a run of one prompt counts once.
		for _, l := range strings.Split(out.String(), "\n") {
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
