package main

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// solveOutput is the parsed stdout of -solve.
type solveOutput struct {
	value        float64
	fraction     string
	south, north []float64
	pv           []string
}

// parseSolve reads -solve's output, failing the test on a line it does
// not expect or a missing one.
func parseSolve(t *testing.T, out string) solveOutput {
	t.Helper()
	var o solveOutput
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "position ") {
		t.Fatalf("output does not start with the position line:\n%s", out)
	}
	seen := map[string]bool{}
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) == 0 || seen[f[0]] {
			t.Fatalf("line %q empty or repeated in\n%s", line, out)
		}
		seen[f[0]] = true
		switch f[0] {
		case "value":
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil || len(f) != 2 {
				t.Fatalf("line %q: want \"value V\" (%v)", line, err)
			}
			o.value = v
		case "fraction":
			if len(f) != 2 {
				t.Fatalf("line %q", line)
			}
			o.fraction = f[1]
		case "south", "north":
			if len(f)%2 != 1 {
				t.Fatalf("line %q", line)
			}
			var probs []float64
			for i := 1; i < len(f); i += 2 {
				q, err := strconv.ParseFloat(f[i+1], 64)
				first := byte('A')
				if f[0] == "north" {
					first = 'a'
				}
				if err != nil || f[i] != string(rune(first+byte(len(probs)))) {
					t.Fatalf("line %q: house %q probability %q (%v)", line, f[i], f[i+1], err)
				}
				probs = append(probs, q)
			}
			if f[0] == "south" {
				o.south = probs
			} else {
				o.north = probs
			}
		case "pv":
			o.pv = f[1:]
		default:
			t.Fatalf("unexpected line %q in\n%s", line, out)
		}
	}
	if !seen["value"] || !seen["pv"] {
		t.Fatalf("no value or pv line in\n%s", out)
	}
	return o
}

// solveDirect solves the start of a single round of Congkak with opts
// through the library, for comparison with the command.
func solveDirect(t *testing.T, o congkak.Options) search.Solution {
	t.Helper()
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := search.Solve(context.Background(), r, nil, r.Start(), search.SolveOptions{TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// TestSolveSimultaneousCK8 checks the -solve contract at the CK-8
// simultaneous opening: "value V" on its own line (the equilibrium value,
// here 30/7 also as a fraction), both players' mixed strategies over every
// house, summing to one, and the nodes on stderr.
func TestSolveSimultaneousCK8(t *testing.T) {
	code, out, errOut := runAnalyze("-game", "congkak", "-houses", "4", "-seeds", "3", "-rounds", "1", "-solve", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	o := parseSolve(t, out)
	want := solveDirect(t, congkak.Options{Houses: 4, Seeds: 3, Rounds: 1})
	if math.Abs(o.value-want.Value) > 1e-6 {
		t.Errorf("value %v, want %v", o.value, want.Value)
	}
	if o.fraction != "30/7" || math.Abs(o.value-30.0/7) > 1e-6 {
		t.Errorf("value %v fraction %q, want 4.285714 and 30/7", o.value, o.fraction)
	}
	for side, probs := range map[string][]float64{"south": o.south, "north": o.north} {
		sum := 0.0
		for _, q := range probs {
			sum += q
		}
		if len(probs) != 4 || math.Abs(sum-1) > 1e-5 {
			t.Errorf("%s: probabilities %v, want 4 summing to 1", side, probs)
		}
	}
	if len(o.pv) == 0 || len(o.pv[0]) != 2 {
		t.Errorf("pv %q does not start with a joint move", o.pv)
	}
	if !strings.Contains(errOut, "nodes ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr %q: want one line with the nodes", errOut)
	}
}

// TestSolveWholeValuesCK8 checks -solve with whole-number values: at a
// sequential opening (CK-8 option) with no strategies, and at a
// simultaneous one whose value is 0; and that the rule flags reach the
// solver (FirstHand, Overbeck's preset: CK-5 stay, CK-9 pass and reply).
func TestSolveWholeValuesCK8(t *testing.T) {
	for _, tc := range []struct {
		args []string
		o    congkak.Options
	}{
		{[]string{"-houses", "3", "-seeds", "3", "-rules", "opening=sequential"}, congkak.Options{Houses: 3, Seeds: 3, Opening: congkak.OpeningSequential}},
		// The equilibrium value 0 at a simultaneous opening, computed in
		// floating point, prints as a whole number without a fraction.
		{[]string{"-houses", "5", "-seeds", "1", "-rules", "firsthand=north"}, congkak.Options{Houses: 5, Seeds: 1, FirstHand: mancala.North}},
		{[]string{"-rules", "overbeck opening=sequential", "-houses", "3", "-seeds", "3"}, func() congkak.Options {
			o := congkak.Overbeck()
			o.Houses, o.Seeds, o.Opening = 3, 3, congkak.OpeningSequential
			return o
		}()},
	} {
		args := append([]string{"-game", "congkak", "-rounds", "1", "-solve", "-quiet"}, tc.args...)
		code, out, errOut := runAnalyze(args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		o := parseSolve(t, out)
		tc.o.Rounds = 1
		want := solveDirect(t, tc.o)
		if math.Abs(o.value-want.Value) > 1e-6 || o.value != math.Trunc(o.value) || o.fraction != "" || (o.south != nil) != (want.Mixed != nil) {
			t.Errorf("%q: %+v, want the whole value %v alone", args, o, want.Value)
		}
		if len(o.pv) == 0 {
			t.Errorf("%q: empty pv", args)
		}
	}
}

// TestSolveTooLarge: a board the solver cannot finish within -time says
// so (exit 1), as does a cancelled context; -depth does not go with -solve.
func TestSolveTooLarge(t *testing.T) {
	code, out, errOut := runAnalyze("-game", "congkak", "-rounds", "1", "-solve", "-time", "50ms", "-quiet")
	if code != 1 || strings.Contains(out, "value") || !strings.Contains(errOut, "too large") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("7x7 in 50ms: exit %d, stdout %q, stderr %q; want 1 and one line saying it is too large", code, out, errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	code = run(ctx, []string{"-game", "congkak", "-rounds", "1", "-solve", "-time", "0", "-quiet"}, &o, &e)
	if code != 1 || !strings.Contains(e.String(), "interrupted") {
		t.Errorf("cancelled: exit %d, stderr %q; want 1 and interrupted", code, e.String())
	}
	code, _, errOut = runAnalyze("-game", "congkak", "-rounds", "1", "-solve", "-depth", "3")
	if code != 2 || !strings.Contains(errOut, "-depth") {
		t.Errorf("-solve -depth 3: exit %d, stderr %q; want 2", code, errOut)
	}
}
