package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

// TestCommands runs each subcommand on a small board in a temporary
// directory and checks its output.
func TestCommands(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd("build", "-rules", "awari", "-stones", "6", "-houses", "2", "-dir", dir)
	if code != 0 || !strings.Contains(out, "counts 0 to 6") || !strings.Contains(errOut, "count 6:") {
		t.Fatalf("build: %d %q %q", code, out, errOut)
	}
	code, out, _ = runCmd("stats", "-stones", "2", "-houses", "2", "-dir", dir, "-quiet")
	// 2 seeds on 4 houses: 10 configurations.
	if code != 0 || !strings.HasPrefix(out, "stones 2 positions 10\nvalue ") {
		t.Fatalf("stats: %d %q", code, out)
	}
	total := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		var v, c int
		if _, err := fmtSscanf(line, &v, &c); err != nil {
			t.Fatalf("stats line %q: %v", line, err)
		}
		total += c
	}
	if total != 10 {
		t.Errorf("stats counts sum to %d, want 10", total)
	}
	code, _, errOut = runCmd("solve", "-houses", "1", "-seeds", "2", "-dir", dir, "-quiet")
	if code != 2 || !strings.Contains(errOut, "build them with: go run ./examples/endgame build -rules awari -stones 4 -houses 1 -dir "+dir) {
		t.Fatalf("solve before its build: %d %q, want 2 and the build command", code, errOut)
	}
	if code, _, errOut = runCmd("build", "-houses", "1", "-stones", "4", "-dir", dir, "-quiet"); code != 0 {
		t.Fatalf("build -houses 1: %d %q", code, errOut)
	}
	code, out, _ = runCmd("solve", "-houses", "1", "-seeds", "2", "-dir", dir, "-quiet")
	if code != 0 || !strings.Contains(out, "value ") || !strings.Contains(out, "for South") {
		t.Fatalf("solve: %d %q", code, out)
	}
	if code, _, errOut = runCmd("build", "-houses", "3", "-stones", "3", "-dir", dir, "-quiet"); code != 0 {
		t.Fatalf("build -houses 3: %d %q", code, errOut)
	}
	code, out, _ = runCmd("probe", "-position", "0,0,2/1,0,0 3,0 S", "-dir", dir, "-quiet")
	if code != 0 || !strings.Contains(out, "value -3 for South") || !strings.Contains(out, "move C value -3") {
		t.Fatalf("probe: %d %q", code, out)
	}
}

// TestGrandSlam builds the databases of Abapa's nearest exact rules
// (AW-6's grand slam capturing nothing, the split cycle rule) under their
// own name.
func TestGrandSlam(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd("build", "-rules", "awari", "-grandslam", "nocapture", "-stones", "3", "-houses", "2", "-dir", dir, "-quiet")
	if code != 0 || !strings.Contains(out, "built awale grandslam=nocapture cycle=split houses=2,") {
		t.Fatalf("build: %d %q %q", code, out, errOut)
	}
}

// TestBadInput checks that bad commands and flags give one line and exit
// status 2, and -h exits 0.
func TestBadInput(t *testing.T) {
	if code, out, _ := runCmd("build", "-h"); code != 0 || !strings.Contains(out, "usage") {
		t.Errorf("build -h: %d %q", code, out)
	}
	if code, out, _ := runCmd("-h"); code != 0 || !strings.Contains(out, "usage") {
		t.Errorf("-h: %d %q", code, out)
	}
	for _, args := range [][]string{
		nil,
		{"frobnicate"},
		{"build"},
		{"build", "-stones", "99"},
		{"build", "-stones", "4", "-houses", "13"},
		{"solve", "-rules", "abapa", "-houses", "2", "-seeds", "1"}, // bound tables: no exact value to solve with
		{"build", "-stones", "4", "-rules", "nonsense"},
		{"build", "-stones", "4", "-workers", "-1"},
		{"stats", "-stones", "-3"},
		{"probe"},
		{"probe", "-position", "garbage"},
		{"solve", "-houses", "6", "-seeds", "6"},
		{"solve", "-houses", "6", "-seeds", "0"},
		{"solve", "-houses", "4611686018427387904", "-seeds", "1"},
		{"build", "-stones", "4", "extra"},
		{"build", "-stones", "4", "-grandslam", "sometimes"},
		{"probe", "-rules", "abapa", "-houses", "2", "-position", "garbage"},
	} {
		code, out, errOut := runCmd(args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "endgame: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and one line", args, code, out, errOut)
		}
	}
}

func fmtSscanf(line string, v, c *int) (int, error) {
	return fmt.Sscanf(line, "value %d count %d", v, c)
}

// TestProbeBuildsNothing: probe, stats and solve answer from what is built
// or refuse in one line naming the build command and its size, and write
// nothing. Before the fix a probe of a position with more seeds than were
// built began building the missing counts (towards count 48 after a build
// of 12), silently.
func TestProbeBuildsNothing(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCmd("build", "-stones", "3", "-houses", "2", "-dir", dir, "-quiet"); code != 0 {
		t.Fatalf("build: %d %q", code, errOut)
	}
	before, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, args := range [][]string{
		{"probe", "-position", "2,2/1,1 0,0 S", "-dir", dir},
		{"stats", "-stones", "5", "-houses", "2", "-dir", dir},
		{"solve", "-houses", "2", "-seeds", "2", "-dir", dir},
	} {
		code, out, errOut := runCmd(args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 ||
			!strings.Contains(errOut, "holds counts 0 to 3 only: build them with: go run ./examples/endgame build -rules awari -stones ") ||
			!strings.Contains(errOut, "configurations: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and one line naming the build", args, code, out, errOut)
		}
	}
	after, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	if len(after) != len(before) {
		t.Errorf("files before %d, after %d: a read-only command wrote", len(before), len(after))
	}
	code, out, _ := runCmd("probe", "-position", "1,1/1,0 0,0 S", "-dir", dir, "-quiet")
	if code != 0 || !strings.Contains(out, "value ") {
		t.Errorf("probe of a built count: %d %q", code, out)
	}
}

// TestBuildSaysWhatItBuilds: build says which counts it builds and their
// size before building, and refuses at once a directory it cannot write.
func TestBuildSaysWhatItBuilds(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCmd("build", "-stones", "3", "-houses", "2", "-dir", dir)
	if code != 0 || !strings.HasPrefix(errOut, "endgame: building counts 0 to 3 of ") || !strings.Contains(errOut, "MiB on disk") {
		t.Errorf("build: %d %q", code, errOut)
	}
	code, _, errOut = runCmd("build", "-stones", "4", "-houses", "2", "-dir", dir)
	if code != 0 || !strings.HasPrefix(errOut, "endgame: building counts 4 to 4 of ") {
		t.Errorf("build resumed: %d %q", code, errOut)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCmd("build", "-stones", "3", "-houses", "2", "-dir", file)
	if code != 1 || !strings.HasPrefix(errOut, "endgame: cannot write in "+file) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("build into a file: %d %q, want 1 and one line", code, errOut)
	}
}

// TestBounds builds the bound tables of Abapa (AW-8 own row, AW-10) on 2
// houses a side with the tool, then reads them: stats counts the exact
// entries, probe prints a position's bounds and what they prove, and a
// read of counts not built is refused in one line naming the build.
func TestBounds(t *testing.T) {
	dir := t.TempDir()
	run1 := func(args ...string) (int, string, string) {
		var out, errb strings.Builder
		code := run(context.Background(), append(args, "-dir", dir), &out, &errb)
		return code, out.String(), errb.String()
	}
	if code, out, errOut := run1("build", "-rules", "abapa", "-houses", "2", "-stones", "4", "-quiet"); code != 0 || !strings.HasPrefix(out, "built the bound tables of awale abapa houses=2, counts 0 to 4") {
		t.Fatalf("build: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "awale-abapa-houses=2", "04.egbd")); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run1("stats", "-rules", "abapa", "-houses", "2", "-stones", "4"); code != 0 || !strings.HasPrefix(out, "stones 4 positions 35 exact ") {
		t.Errorf("stats: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// South to move with B = 1 (it feeds North's empty row; a win by the
	// stores: 5 of 8 seeds), the rest in the stores.
	if code, out, errOut := run1("probe", "-rules", "abapa", "-houses", "2", "-position", "0,1/0,0 5,2 S"); code != 0 || !strings.HasPrefix(out, "bounds ") || !strings.Contains(out, "proven:") {
		t.Errorf("probe: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := run1("stats", "-rules", "abapa", "-houses", "2", "-stones", "6"); code != 2 || !strings.Contains(errOut, "build them with: go run ./examples/endgame build -rules abapa -stones 6 -houses 2") {
		t.Errorf("stats of counts not built: exit %d, stderr %q", code, errOut)
	}
}
