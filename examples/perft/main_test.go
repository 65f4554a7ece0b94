package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// runPerft runs the command and returns its exit status, stdout and stderr.
func runPerft(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

type count struct{ leaves, terminal int64 }

// parse reads the depth and move lines of perft's output; it fails the test
// on any line it does not recognise.
func parse(t *testing.T, out string) (depths []count, divide map[string]count) {
	t.Helper()
	divide = map[string]count{}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, line := range lines {
		var d int
		var c count
		var m string
		switch {
		case strings.HasPrefix(line, "depth "):
			if _, err := fmt.Sscanf(line, "depth %d leaves %d terminal %d", &d, &c.leaves, &c.terminal); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			if d != len(depths)+1 {
				t.Fatalf("line %q: want depth %d", line, len(depths)+1)
			}
			depths = append(depths, c)
		case strings.HasPrefix(line, "move "):
			if _, err := fmt.Sscanf(line, "move %s leaves %d terminal %d", &m, &c.leaves, &c.terminal); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			divide[m] = c
		case strings.HasPrefix(line, "time ") && i == len(lines)-1:
			if !strings.Contains(line, " leaves/s ") {
				t.Errorf("time line %q has no leaves/s", line)
			}
		default:
			t.Fatalf("unexpected line %q in\n%s", line, out)
		}
	}
	if !strings.HasPrefix(lines[len(lines)-1], "time ") {
		t.Errorf("output does not end with the time line:\n%s", out)
	}
	return depths, divide
}

// TestAbapaMatchesPerftSlow cross-checks the command (mancala.Perft, the
// ruleset's fast Perfter) against mancala.PerftSlow from the start.
func TestAbapaMatchesPerftSlow(t *testing.T) {
	const depth = 6
	code, out, errOut := runPerft("-game", "awale", "-rules", "abapa", "-depth", fmt.Sprint(depth))
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	depths, _ := parse(t, out)
	if len(depths) != depth {
		t.Fatalf("got %d depth lines, want %d:\n%s", len(depths), depth, out)
	}
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= depth; d++ {
		leaves, terminal := mancala.PerftSlow(r, nil, r.Start(), d)
		if got := depths[d-1]; got != (count{leaves, terminal}) {
			t.Errorf("AW-3/depth %d: perft printed %d leaves %d terminal, PerftSlow says %d %d",
				d, got.leaves, got.terminal, leaves, terminal)
		}
	}
}

// TestDivideSums checks that -divide lists every first move and that the
// counts under them add up to the full-depth line, for each game.
func TestDivideSums(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		moves int // legal first moves
	}{
		{"AW-3/awale default", []string{"-depth", "4"}, 6},
		{"AW-6/awale awari", []string{"-rules", "awari", "-depth", "3"}, 6},
		{"CK-8/congkak simultaneous opening, pairs count as one move", []string{"-game", "congkak", "-houses", "5", "-depth", "2"}, 25},
		{"CK-8/congkak sequential", []string{"-game", "congkak", "-depth", "2", "-rules", "opening=sequential"}, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPerft(append(tt.args, "-divide")...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			depths, divide := parse(t, out)
			if len(divide) != tt.moves {
				t.Errorf("%d divide lines, want %d:\n%s", len(divide), tt.moves, out)
			}
			var sum count
			for _, c := range divide {
				sum.leaves += c.leaves
				sum.terminal += c.terminal
			}
			if last := depths[len(depths)-1]; sum != last {
				t.Errorf("divide adds up to %+v, the full depth says %+v", sum, last)
			}
			if first := depths[0]; first.leaves != int64(tt.moves) {
				t.Errorf("depth 1 has %d leaves, want %d (one per first move)", first.leaves, tt.moves)
			}
		})
	}
}

// TestCongkakMatchesPerftSlow checks a congkak count, simultaneous opening
// included, against mancala.PerftSlow.
func TestCongkakMatchesPerftSlow(t *testing.T) {
	code, out, errOut := runPerft("-game", "congkak", "-depth", "2")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	depths, _ := parse(t, out)
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 2; d++ {
		leaves, terminal := mancala.PerftSlow(r, nil, r.Start(), d)
		if got := depths[d-1]; got != (count{leaves, terminal}) {
			t.Errorf("CK-8/depth %d: perft printed %+v, PerftSlow says %d %d", d, got, leaves, terminal)
		}
	}
}

// TestPositionForms checks that -position takes the position text and, for
// awale, the Aalina form, both giving the counts of that position.
func TestPositionForms(t *testing.T) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("FfBe"); err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	want := make([]count, 3)
	for d := 1; d <= 3; d++ {
		want[d-1].leaves, want[d-1].terminal = mancala.PerftSlow(r, nil, p, d)
	}
	for _, tt := range []struct{ name, text string }{
		{"AW-3/position text", p.String()},
		{"AW-3/aalina", awale.FormatAalina(p)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPerft("-position", tt.text, "-depth", "3")
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			depths, _ := parse(t, out)
			for d := range want {
				if depths[d] != want[d] {
					t.Errorf("depth %d: got %+v, want %+v", d+1, depths[d], want[d])
				}
			}
		})
	}
}

// TestFinishedPosition: a finished game has no moves to count.
func TestFinishedPosition(t *testing.T) {
	code, out, errOut := runPerft("-position", "0,0,0,0,0,0/0,0,0,0,0,0 24,24 -", "-depth", "2", "-divide")
	if code != 0 {
		t.Fatalf("AW-9/exit %d, stderr %q", code, errOut)
	}
	depths, divide := parse(t, out)
	for d, c := range depths {
		if c != (count{}) {
			t.Errorf("AW-9/depth %d: %+v from a finished game, want nothing", d+1, c)
		}
	}
	if len(divide) != 0 {
		t.Errorf("AW-9/divide lines from a finished game: %v", divide)
	}
}

func TestBadArguments(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the error message
	}{
		{"no depth", nil, "-depth"},
		{"depth zero", []string{"-depth", "0"}, "-depth"},
		{"depth not a number", []string{"-depth", "x"}, "-depth"},
		{"unknown flag", []string{"-depht", "3"}, "-depht"},
		{"extra argument", []string{"-depth", "3", "awale"}, "awale"},
		{"unknown game", []string{"-game", "go", "-depth", "1"}, "-game"},
		{"AW-6/unknown rules", []string{"-rules", "nosuchpreset", "-depth", "1"}, "-rules"},
		{"CK-8/congkak flag for awale", []string{"-depth", "1", "-rules", "opening=sequential"}, "-rules"},
		{"AW-1/malformed position", []string{"-position", "4,4,4,4", "-depth", "1"}, "-position"},
		{"AW-1/position with the wrong seed total", []string{"-position", "4,4,4,4,4,4/4,4,4,4,4,5 0,0 S", "-depth", "1"}, "-position"},
		{"CK-1/aalina for congkak", []string{"-game", "congkak", "-position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "-depth", "1"}, "-position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPerft(tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errOut, "perft: ") || strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
				t.Errorf("stderr %q, want one line starting with perft:", errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q does not mention %s", errOut, tt.want)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	code, out, errOut := runPerft("-h")
	if code != 0 || errOut != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", code, errOut)
	}
	for _, f := range []string{"usage: perft", "-depth", "-divide", "-position", "-game", "-rules"} {
		if !strings.Contains(out, f) {
			t.Errorf("help does not mention %s:\n%s", f, out)
		}
	}
}
