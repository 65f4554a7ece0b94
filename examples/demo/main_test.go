package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
	"github.com/sowing-games/sowing/mancala"
)

var update = flag.Bool("update", false, "rewrite testdata/demo.golden from the program's output")

func runDemo(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr %q, want nothing", errOut.String())
	}
	return out.String()
}

// TestGolden keeps the demo's output stable: it is what the README shows
// a newcomer. Run with -update after a deliberate change, and review the
// diff.
func TestGolden(t *testing.T) {
	got := runDemo(t)
	if again := runDemo(t); again != got {
		t.Fatalf("two runs differ:\n%s", cmp.Diff(got, again))
	}
	golden := filepath.Join("testdata", "demo.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update once to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("output differs from %s (-want +got):\n%s", golden, diff)
	}
}

var moveLine = regexp.MustCompile(`^(\d+)\. (South|North) plays ([A-La-l])(?: and takes (\d+))?$`)

// TestGameIsConsistent re-plays the printed game through the library and
// checks every claim the output makes: the moves are legal, the boards and
// gains are right, South's moves are greedy, and the result line is the
// game's outcome.
func TestGameIsConsistent(t *testing.T) {
	for _, seed := range []string{"1", "7", "12345"} {
		t.Run("seed "+seed, func(t *testing.T) {
			checkGame(t, runDemo(t, "-seed", seed), seed)
		})
	}
}

func checkGame(t *testing.T, out, seed string) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	// Header, blank line, then the start board.
	if !strings.HasPrefix(lines[0], "Awalé, the documents' rules: ") || !strings.HasSuffix(lines[0], "South plays greedy, North plays random, seed "+seed+".") {
		t.Errorf("header %q", lines[0])
	}
	if !strings.Contains(out, g.Position().Board.String()) {
		t.Errorf("the start board is missing")
	}
	moves := 0
	for i, line := range lines {
		mm := moveLine.FindStringSubmatch(line)
		if mm == nil {
			continue
		}
		moves++
		if n, _ := strconv.Atoi(mm[1]); n != moves {
			t.Fatalf("line %q: want move number %d", line, moves)
		}
		p := g.Position()
		mover, ok := p.ToMove.Player()
		if !ok || !strings.EqualFold(mover.String(), mm[2]) {
			t.Fatalf("line %q: %v is to move", line, p.ToMove)
		}
		m, err := mancala.ParseMove(mm[3])
		if err != nil {
			t.Fatal(err)
		}
		if mover == mancala.South {
			checkGreedy(t, r, p, m)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("AW-3/line %q: %v", line, err)
		}
		gain := g.Position().Board.Store(mover) - p.Board.Store(mover)
		if printed, _ := strconv.Atoi(mm[4]); printed != gain {
			t.Errorf("AW-4/line %q: the store gained %d", line, gain)
		}
		board := strings.Join(lines[i+1:], "\n")
		if !strings.HasPrefix(board, g.Position().Board.String()) {
			t.Errorf("line %q: the board after it is not\n%s", line, g.Position().Board)
		}
	}
	if !g.Over() {
		t.Fatalf("AW-9/the game is not over after the %d printed moves", moves)
	}
	o := g.Outcome()
	var want string
	if w, ok := o.Result.Winner(); ok {
		name := map[mancala.Player]string{mancala.South: "greedy", mancala.North: "random, seed " + seed}[w]
		want = fmt.Sprintf("%s (%s) wins %d to %d after %d moves%s.", []string{"South", "North"}[w], name, o.Scores[w], o.Scores[w.Other()], moves, why(o.Ending))
	} else {
		want = fmt.Sprintf("Draw, %d to %d, after %d moves%s.", o.Scores[0], o.Scores[1], moves, why(o.Ending))
	}
	// AW-7, AW-8: the ruleset says why the game ended, and the line repeats it.
	if o.Ending.Rule == "" || !strings.Contains(want, "("+o.Ending.Rule+")") && !strings.Contains(want, ", "+o.Ending.Rule+")") {
		t.Errorf("the end reason %v is not in %q", o.Ending, want)
	}
	if got := lines[len(lines)-2]; got != want || lines[len(lines)-1] != "" {
		t.Errorf("AW-9/the output ends with %q, want %q and a newline", got, want)
	}
}

// checkGreedy checks that m gains South at least as much as any legal move,
// and that no lower house gains as much.
func checkGreedy(t *testing.T, r mancala.Ruleset, p mancala.Position, m mancala.Move) {
	t.Helper()
	gain := func(m mancala.Move) int {
		q, err := r.Play(p, m)
		if err != nil {
			t.Fatalf("AW-3/greedy chose %v in %v: %v", m, p, err)
		}
		return q.Board.Store(mancala.South) - p.Board.Store(mancala.South)
	}
	chosen, _ := m.House(mancala.South)
	g := gain(m)
	for _, l := range r.Legal(nil, p) {
		h, _ := l.House(mancala.South)
		if lg := gain(l); lg > g || lg == g && h < chosen {
			t.Errorf("AW-4/in %v greedy chose %v (gain %d) over %v (gain %d)", p, m, g, l, lg)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{"-seed", "x"}, {"-rounds", "1"}, {"extra"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		if !strings.HasPrefix(errOut.String(), "demo: ") || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%q: stderr %q, want one line", args, errOut.String())
		}
	}
}

// Hostile arguments and a full output device: one line on stderr saying
// why, a non-zero exit, never a stack trace; -h gives the usage and 0.
func TestHostileArguments(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err == nil {
		defer full.Close()
	}
	for _, tt := range []struct {
		args []string
		out  io.Writer
		code int
		want string
	}{
		{[]string{"-nosuchflag"}, nil, 2, "flag provided but not defined"},
		{[]string{"-rand-seed", "1"}, nil, 2, "-rand-seed"}, // now -seed
		{[]string{"-seed", "999999999999999999999999"}, nil, 2, "-seed"},
		{[]string{"-seed", strings.Repeat("9", 5000)}, nil, 2, "-seed"},
		{[]string{"-seed", "1\n2"}, nil, 2, "-seed"},
		{[]string{strings.Repeat("x", 5000)}, nil, 2, "unexpected argument"},
		{nil, full, 1, "no space left on device"},
	} {
		if tt.code == 1 && full == nil {
			continue // no /dev/full here
		}
		var out, errOut bytes.Buffer
		w := tt.out
		if w == nil {
			w = &out
		}
		t.Run(fmt.Sprintf("%.40q", tt.args), func(t *testing.T) {
			code := clitest.Run(t, func() int { return run(tt.args, w, &errOut) })
			clitest.Failure(t, "demo", code, tt.code, errOut.String(), tt.want)
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-h"}, &out, &errOut); code != 0 || errOut.Len() != 0 || !strings.HasPrefix(out.String(), "usage: demo ") {
		t.Errorf("-h: exit %d, stderr %q, stdout %q", code, errOut.String(), out.String())
	}
}
