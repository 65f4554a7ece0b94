package main

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// runAnalyze runs the command and returns its exit status, stdout and
// stderr.
func runAnalyze(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-depth", "-1"},
		{"-depth", "1000"},
		{"-time", "-1s"},
		{"-time", "0"},
		{"-game", "chess", "-depth", "1"},
		{"-position", "4,4/4", "-depth", "1"},
		{"-moves", "Z", "-depth", "1"},
		{"-depth", "1", "extra"},
		{"-bogus"},
	} {
		code, out, errOut := runAnalyze(args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "analyze: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, one line", args, code, out, errOut)
		}
	}
}

// TestIllegalMove: a move the rules refuse is named by its number from 1
// and its column, with the rule (exit status 1, as in replay).
func TestIllegalMove(t *testing.T) {
	code, out, errOut := runAnalyze("-moves", "Ff a", "-depth", "1")
	want := `analyze: -moves: illegal move 3 "a" (column 4): `
	if code != 1 || out != "" || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("AW-2/exit %d, stdout %q, stderr %q; want 1, nothing, one line starting %q", code, out, errOut, want)
	}
}

func TestGameOver(t *testing.T) {
	// AW-7: South is to move with no seeds, so the game is over at once and
	// there is nothing to analyse.
	code, _, errOut := runAnalyze("-position", "0,0,0,0,0,0/0,0,0,0,0,1 24,23 S", "-depth", "2")
	if code != 2 || !strings.Contains(errOut, "over") {
		t.Errorf("exit %d, stderr %q; want 2 and a message that the game is over", code, errOut)
	}
}

// depthLine is one parsed "depth" line.
type depthLine struct {
	depth  int
	value  float64
	who    string // whose value: South or North
	exact  bool
	move   string
	pv     []string
	mixedS []float64
	mixedN []float64
}

// parse reads the command's output, failing the test on any line it does
// not expect.
func parse(t *testing.T, out string) []depthLine {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "time ") {
		t.Fatalf("output does not end with the time line:\n%s", out)
	}
	if !strings.HasPrefix(lines[0], "position ") {
		t.Fatalf("output does not start with the position line:\n%s", out)
	}
	var ds []depthLine
	for _, line := range lines[1 : len(lines)-1] {
		f := strings.Fields(line)
		switch f[0] {
		case "depth":
			var d depthLine
			var err error
			if d.depth, err = strconv.Atoi(f[1]); err != nil || f[2] != "value" || len(f) < 7 {
				t.Fatalf("line %q", line)
			}
			if d.value, err = strconv.ParseFloat(f[3], 64); err != nil || (f[3][0] != '+' && f[3][0] != '-') {
				t.Fatalf("line %q: value %q without its sign (%v)", line, f[3], err)
			}
			if f[4] != "for" || (f[5] != "South" && f[5] != "North") || f[6] != "(seeds)" {
				t.Fatalf("line %q: the value does not say whose it is", line)
			}
			d.who = f[5]
			rest := f[7:]
			if rest[0] == "exact" {
				d.exact, rest = true, rest[1:]
			}
			if len(rest) < 7 || rest[0] != "nodes" || rest[2] != "time" || rest[4] != "move" || rest[6] != "pv" {
				t.Fatalf("line %q", line)
			}
			d.move, d.pv = rest[5], rest[7:]
			ds = append(ds, d)
		case "south", "north":
			if len(ds) == 0 || len(f)%2 != 1 {
				t.Fatalf("line %q", line)
			}
			var probs []float64
			for i := 1; i < len(f); i += 2 {
				q, err := strconv.ParseFloat(f[i+1], 64)
				if err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				probs = append(probs, q)
			}
			d := &ds[len(ds)-1]
			if f[0] == "south" {
				d.mixedS = probs
			} else {
				d.mixedN = probs
			}
		default:
			t.Fatalf("unexpected line %q in\n%s", line, out)
		}
	}
	return ds
}

// analyzeDepths runs the command, which must succeed, and returns its
// depth lines, which must be n.
func analyzeDepths(t *testing.T, n int, args ...string) []depthLine {
	t.Helper()
	code, out, errOut := runAnalyze(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ds := parse(t, out)
	if len(ds) != n {
		t.Fatalf("%d depth lines, want %d:\n%s", len(ds), n, out)
	}
	return ds
}

func TestAwaleDepths(t *testing.T) {
	ds := analyzeDepths(t, 4, "-game", "awale", "-depth", "4", "-time", "0")
	for i, d := range ds {
		if d.depth != i+1 || d.exact || d.mixedS != nil || d.mixedN != nil {
			t.Errorf("line %d: %+v", i, d)
		}
		m, err := mancala.ParseMove(d.move)
		if err != nil || (m.Turn() == mancala.BothTurn) {
			t.Errorf("depth %d: move %q is not a single move (%v)", d.depth, d.move, err)
		}
		if len(d.pv) == 0 || d.pv[0] != d.move {
			t.Errorf("depth %d: pv %q does not start with the move %q", d.depth, d.pv, d.move)
		}
	}
}

// TestCongkakOpeningMixed checks the CK-8 simultaneous opening: each
// iteration reports both players' mixed strategies, probabilities over the
// seven houses that sum to one.
func TestCongkakOpeningMixed(t *testing.T) {
	ds := analyzeDepths(t, 2, "-game", "congkak", "-depth", "2", "-time", "0")
	for _, d := range ds {
		for side, probs := range map[string][]float64{"south": d.mixedS, "north": d.mixedN} {
			if len(probs) != 7 {
				t.Fatalf("depth %d %s: %d probabilities, want 7", d.depth, side, len(probs))
			}
			sum := 0.0
			for _, q := range probs {
				if q < 0 || q > 1 {
					t.Errorf("depth %d %s: probability %v", d.depth, side, q)
				}
				sum += q
			}
			if math.Abs(sum-1) > 0.01 {
				t.Errorf("depth %d %s: probabilities sum to %v", d.depth, side, sum)
			}
		}
		m, err := mancala.ParseMove(d.move)
		if err != nil || !(m.Turn() == mancala.BothTurn) {
			t.Errorf("depth %d: move %q is not a joint move (%v)", d.depth, d.move, err)
		}
	}
	// The position is symmetric at depth 1 (both hands start alike), so
	// the two strategies are mirror images.
	for i := range ds[0].mixedS {
		if math.Abs(ds[0].mixedS[i]-ds[0].mixedN[i]) > 0.002 {
			t.Errorf("depth 1: South %v and North %v differ", ds[0].mixedS, ds[0].mixedN)
			break
		}
	}
}

// TestSolvesEnding checks that the search stops at the first exact
// iteration: one round (CK-14) of Congkak with 3 houses and 3 seeds, and a
// sequential opening (CK-8), is searched to its end quickly.
func TestSolvesEnding(t *testing.T) {
	code, out, errOut := runAnalyze("-game", "congkak", "-houses", "3", "-seeds", "3", "-rounds", "1",
		"-rules", "opening=sequential", "-time", "60s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ds := parse(t, out)
	if len(ds) == 0 || !ds[len(ds)-1].exact {
		t.Fatalf("no exact iteration:\n%s", out)
	}
	for _, d := range ds[:len(ds)-1] {
		if d.exact {
			t.Errorf("depth %d is exact but the search went on:\n%s", d.depth, out)
		}
	}
}
