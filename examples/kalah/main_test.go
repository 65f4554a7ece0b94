package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/sysmem"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestSolveSmall solves small boards with the command and checks the
// value against brute force (KA-6), and that the principal variation is a
// legal game from the start that ends with that value.
func TestSolveSmall(t *testing.T) {
	for _, tt := range []struct {
		houses, seeds int
		capture       string
	}{
		{1, 3, "empty"}, {2, 2, "empty"}, {2, 3, "empty"}, {3, 2, "empty"}, {3, 3, "empty"},
		{3, 3, "standard"}, {2, 4, "standard"}, {4, 2, "empty"},
	} {
		for _, endgame := range []string{"-1", "4", "0"} { // none, some positions, the whole game
			name := fmt.Sprintf("KA-6/kalah(%d,%d) %s capture/endgame %s", tt.houses, tt.seeds, tt.capture, endgame)
			t.Run(name, func(t *testing.T) {
				var out, errb bytes.Buffer
				workers := "1"
				if endgame == "0" {
					workers = "2" // the value must not depend on it
				}
				args := []string{"-solve", "-houses", strconv.Itoa(tt.houses), "-seeds", strconv.Itoa(tt.seeds), "-capture", tt.capture,
					"-table", "16", "-endgame-stones", endgame, "-workers", workers}
				if code := run(args, &out, &errb); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
				if len(lines) != 5 || !strings.HasPrefix(lines[0], "value ") || !strings.HasPrefix(lines[1], "pv") ||
					!strings.HasPrefix(lines[2], "time ") || !strings.HasPrefix(lines[3], "nodes ") || !strings.HasPrefix(lines[4], "endgame ") {
					t.Fatalf("output:\n%s", out.String())
				}
				if !strings.Contains(lines[0], " for South (South's final store minus North's; South to move)") {
					t.Errorf("value line %q does not say whose value it is (issue 12.5)", lines[0])
				}
				got, err := strconv.Atoi(strings.Fields(lines[0])[1])
				if err != nil {
					t.Fatalf("value line %q: %v", lines[0], err)
				}
				c, _ := kalah.ParseCapture(tt.capture)
				r, err := kalah.New(kalah.Options{Houses: tt.houses, Seeds: tt.seeds, Capture: c})
				if err != nil {
					t.Fatal(err)
				}
				if want, ok := mancalatest.Minimax(r, r.Start()); !ok || got != want {
					t.Errorf("value %d, brute force says %d", got, want)
				}
				g, err := mancala.NewGame(r)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.PlayText(strings.TrimPrefix(lines[1], "pv")); err != nil {
					t.Fatalf("pv %q: %v", lines[1], err)
				}
				o := g.Outcome()
				if !g.Over() || o.Scores[mancala.South]-o.Scores[mancala.North] != got {
					t.Errorf("pv %q ends in %v, not a finished game of value %d", lines[1], g.Position(), got)
				}
			})
		}
	}
}

func TestSolvePosition(t *testing.T) {
	// South to move: B (1 seed) ends in his store (KA-3), then A reaches
	// B, now empty, and captures a's 2 seeds (KA-4); South's row is empty,
	// so North takes b's 2 seeds (KA-5): 5 to 3. After A first instead,
	// North's reply b holds South to a draw.
	var out, errb bytes.Buffer
	args := []string{"-solve", "-houses", "2", "-seeds", "2", "-position", "1,1/2,2 1,1 S", "-table", "10"}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "value 2 for South (South's final store minus North's; South to move)\npv B A\n") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestBadFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-solve=false"}, "-solve"},
		{[]string{"-endgame", "20"}, "-endgame-stones 20"},
		{[]string{"-endgame-dir", "db"}, "-endgame DIR"},
		{[]string{"-solve", "-houses", "0"}, "-houses"},
		{[]string{"-solve", "-houses", "13"}, "-houses"},
		{[]string{"-solve", "-seeds", "0"}, "-seeds"},
		{[]string{"-solve", "-seeds", "22"}, "-seeds"},
		{[]string{"-solve", "-capture", "all"}, "-capture"},
		{[]string{"-solve", "-table", "99"}, "-table"},
		{[]string{"-solve", "-endgame-stones", "63"}, "-endgame-stones"},
		{[]string{"-solve", "-endgame-stones", "-2"}, "-endgame-stones"},
		{[]string{"-solve", "-endgame-file", "kalah.db"}, "-endgame DIR"},
		{[]string{"-solve", "-endgame-stones", "-1", "-endgame", "db"}, "-endgame:"},
		{[]string{"-solve", "-workers", "-1"}, "-parallel"},
		{[]string{"-solve", "-position", "4,4/4,4 0,0"}, "-position"},
		{[]string{"-solve", "-houses", "2", "-seeds", "2", "-position", "4,4/4,4 0,0 S"}, "-position"},
		{[]string{"-solve", "-bogus"}, "bogus"},
		{[]string{"-solve", "now"}, "now"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(tt.args, &out, &errb); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			msg := errb.String()
			if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "kalah: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("stderr %q: want one line naming %q", msg, tt.want)
			}
		})
	}
}

// TestMemoryAndPathChecks: a table, or databases, larger than the memory
// available fail at once with one line (issue 10.9), and an -endgame-dir
// that cannot be made fails before anything is built.
func TestMemoryAndPathChecks(t *testing.T) {
	var out, errb bytes.Buffer
	if avail, ok := sysmem.Available(); ok && avail < 16<<30 {
		code := run([]string{"-solve", "-houses", "2", "-seeds", "2", "-table", "30"}, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "memory is available") || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("-table 30 with %d bytes available: exit %d, %q", avail, code, errb.String())
		}
	}
	out.Reset()
	errb.Reset()
	// Up to 40 seeds in the houses of Kalah(6,4): C(52,12) configurations,
	// 192 GiB.
	if avail, ok := sysmem.Available(); ok && avail < 190<<30 {
		code := run([]string{"-solve", "-endgame-stones", "40", "-table", "10"}, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "memory is available") || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("-endgame-stones 40 with %d bytes available: exit %d, %q", avail, code, errb.String())
		}
	}
	out.Reset()
	errb.Reset()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code := run([]string{"-solve", "-houses", "2", "-seeds", "2", "-endgame", filepath.Join(file, "db")}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "-endgame") || strings.Contains(errb.String(), "building") || out.Len() != 0 {
		t.Errorf("-endgame under a file: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// TestProgress: a solve says on standard error what it does (issue 12.5),
// first what it solves, and -quiet silences it.
func TestProgress(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-solve", "-houses", "3", "-seeds", "2", "-table", "12"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "kalah: building the endgame database") {
		t.Errorf("no progress: %q", errb.String())
	}
	// The first line says what is coming, before any work (issue 43, item
	// 10: kalah with no flags started a long solve without a word).
	if !strings.HasPrefix(errb.String(), "kalah: solving Kalah(3,2) exactly from the start") {
		t.Errorf("no first line saying what is solved: %q", errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"-solve", "-houses", "3", "-seeds", "2", "-table", "12", "-quiet"}, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Errorf("-quiet: exit %d, stderr %q", code, errb.String())
	}
}

// TestEndgameDir: with -endgame-dir the databases are built and saved
// once (one file a count), loaded the next time, and give the value of
// databases built in memory; a count whose file is missing is built again
// (the build resumes), and a damaged file is an error and is left as it
// is.
func TestEndgameDir(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-houses", "3", "-seeds", "3", "-endgame-stones", "9", "-table", "12", "-quiet"}
	solve := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		return out.String(), errb.String(), code
	}
	line := func(out string) string { return strings.SplitN(out, "\n", 2)[0] }
	mem, msg, code := solve(args...)
	if code != 0 || !strings.Contains(mem, "endgame 9 seeds in houses, built in memory\n") {
		t.Fatalf("in memory: exit %d, %s\n%s", code, msg, mem)
	}
	withDir := append(args[:len(args):len(args)], "-endgame", dir)
	first, msg, code := solve(withDir...)
	if code != 0 || !strings.Contains(first, "endgame 9 seeds in houses, built and saved in "+dir+"\n") {
		t.Fatalf("first solve: exit %d, %s\n%s", code, msg, first)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.egdb"))
	if len(files) != 10 {
		t.Fatalf("%d database files, want 10 (counts 0 to 9)", len(files))
	}
	second, msg, code := solve(withDir...)
	if code != 0 || !strings.Contains(second, "endgame 9 seeds in houses, loaded from "+dir+"\n") {
		t.Fatalf("second solve: exit %d, %s\n%s", code, msg, second)
	}
	if line(mem) != "value 2 for South (South's final store minus North's; South to move)" || line(first) != line(mem) || line(second) != line(mem) {
		t.Errorf("in memory %q, first with -endgame-dir %q, second %q", line(mem), line(first), line(second))
	}
	last := files[len(files)-1] // count 9
	saved, err := os.ReadFile(last)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(last); err != nil {
		t.Fatal(err)
	}
	resumed, msg, code := solve(withDir...)
	if code != 0 || !strings.Contains(resumed, "built and saved in "+dir+"\n") || line(resumed) != line(mem) {
		t.Fatalf("a missing count: exit %d, %s\n%s", code, msg, resumed)
	}
	if now, err := os.ReadFile(last); err != nil || !bytes.Equal(now, saved) {
		t.Errorf("the missing count was not built again as it was: %v", err)
	}
	damaged := append([]byte(nil), saved...)
	damaged[len(damaged)/2] ^= 0x40
	if err := os.WriteFile(last, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, msg, code := solve(withDir...); code != 1 || !strings.Contains(msg, "-endgame") || !strings.Contains(msg, "damaged") || out != "" {
		t.Errorf("a damaged file: exit %d, stdout %q, stderr %q", code, out, msg)
	}
	if now, _ := os.ReadFile(last); !bytes.Equal(now, damaged) {
		t.Error("the damaged file was changed")
	}
}

// TestSolveIsTheDefault: without -solve the tool solves (it refused,
// "nothing to do: give -solve", before), and the count of the databases
// is -endgame-stones (a number given to -endgame, the directory, is
// refused with a message naming -endgame-stones: it was the count before).
func TestSolveIsTheDefault(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-houses", "2", "-seeds", "2", "-table", "10", "-endgame-stones", "4", "-quiet"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "value ") {
		t.Errorf("without -solve: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
