package uci

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/mancala"
)

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "quit", "stop", "debug on", "junk debug off",
		"setoption name Hash value 64", "setoption name Rules value awari",
		"position startpos", "position startpos moves AfBa", "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves Fe",
		"go wtime 1000 btime 2000 winc 10 binc 10 movestogo 5", "go movetime 100", "go depth 9 nodes 1000", "go infinite",
		"go wtime -5", "position fen", "go depth", "", "   ", "\x00", "position startpos moves A b C", "position startpos moves ^cA'^B'", "position startpos moves ^",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			var ce *CommandError
			if !errors.As(err, &ce) || !(errors.Is(err, ErrUnknownCommand) || errors.Is(err, ErrMalformed)) {
				t.Fatalf("%q: error %v is not a *CommandError wrapping a sentinel", line, err)
			}
			if len(ce.Line) > maxEcho+len("…") {
				t.Fatalf("%q: echoed %d bytes", line, len(ce.Line))
			}
			return
		}
		// What a client writes, an engine reads back the same.
		back, err := ParseCommand(c.String())
		if err != nil {
			t.Fatalf("%q: written as %q, refused: %v", line, c.String(), err)
		}
		c.Skipped, back.Skipped = 0, 0
		if c.Name == "setoption" {
			return // names and values with extra spaces are joined by one
		}
		if c.Name == "go" && c.String() != back.String() {
			// Times are written in whole milliseconds: compare the text.
			t.Fatalf("%q: written as %q, read back as %q", line, c.String(), back.String())
		}
		if diff := cmp.Diff(c, back, cmp.Comparer(func(a, b mancala.Move) bool { return a == b })); c.Name != "go" && diff != "" {
			t.Fatalf("%q: round trip mismatch (-want +got):\n%s", line, diff)
		}
	})
}
