package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/clitest"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestValueSaysWhose: the value is the mover's, and the line says so.
func TestValueSaysWhose(t *testing.T) {
	for _, tt := range []struct {
		moves, who string
	}{{"", "South"}, {"F", "North"}} {
		ds := analyzeDepths(t, 1, "-moves", tt.moves, "-depth", "1", "-time", "0")
		if ds[0].who != tt.who {
			t.Errorf("AW-2/after %q the value is for %s, want %s", tt.moves, ds[0].who, tt.who)
		}
	}
}

// TestRecord analyses a saved game's position after -ply moves, the same
// as -moves gives.
func TestRecord(t *testing.T) {
	path := writeFile(t, "game.txt", "[Rules \"awale abapa\"]\n\n1. F f 2. B e 3. A\n")
	for _, tt := range []struct {
		ply   []string
		moves string
	}{{nil, "FfBeA"}, {[]string{"-ply", "2"}, "Ff"}, {[]string{"-ply", "0"}, ""}} {
		args := append([]string{"-record", path, "-depth", "2", "-time", "0"}, tt.ply...)
		code, got, errOut := runAnalyze(args...)
		if code != 0 {
			t.Fatalf("%q: exit %d, %s", args, code, errOut)
		}
		_, want, _ := runAnalyze("-rules", "abapa", "-moves", tt.moves, "-depth", "2", "-time", "0")
		if strip(got) != strip(want) {
			t.Errorf("AW-3/%q:\n%s\nwant as -moves %q:\n%s", args, got, tt.moves, want)
		}
	}
}

// strip removes the timings from the output.
func strip(out string) string {
	var b strings.Builder
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "time" {
			continue
		}
		for i := range f {
			if i > 0 && f[i-1] == "time" {
				f[i] = "T"
			}
		}
		fmt.Fprintln(&b, strings.Join(f, " "))
	}
	return b.String()
}

func TestKalahAndOware(t *testing.T) {
	analyzeDepths(t, 2, "-game", "kalah", "-houses", "4", "-seeds", "3", "-depth", "2", "-time", "0")
	analyzeDepths(t, 2, "-game", "awale", "-rules", "abapa", "-depth", "2", "-time", "0")
}

// TestHostileInput runs analyze with bad flags, huge numbers, bad
// positions and bad files: one clear line on stderr, a non-zero exit
// status, no stack trace.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	ok := writeFile(t, "ok.txt", "[Rules \"awale\"]\n\n1. F f\n")
	long := strings.Repeat("q", 5000)
	tests := []struct {
		name   string
		args   []string
		status int
		want   string
	}{
		{"unknown flag", []string{"-nosuch"}, 2, "not defined: -nosuch"},
		{"old -rand-seed flag", []string{"-rand-seed", "3"}, 2, "-rand-seed"}, // now -seed
		{"bare time", []string{"-time", "2"}, 2, "want a duration with a unit, such as 2s"},
		{"negative time", []string{"-time", "-1s"}, 2, "-time"},
		{"depth huge", []string{"-depth", "4611686018427387904"}, 2, "-depth"},
		{"depth beyond int64", []string{"-depth", "99999999999999999999"}, 2, "too large"},
		{"AW-1/seeds overflow (issue 10.1)", []string{"-seeds", "4611686018427387904", "-depth", "2"}, 2, "-seeds"},
		{"AW-1/houses 99", []string{"-houses", "99", "-depth", "2"}, 2, "-houses"},
		{"CK-1/congkak seeds overflow", []string{"-game", "congkak", "-seeds", "4611686018427387904", "-depth", "2"}, 2, "-seeds"},
		{"KA-1/kalah seeds overflow", []string{"-game", "kalah", "-seeds", "4611686018427387904", "-depth", "2"}, 2, "-seeds"},
		{"bad position", []string{"-position", "1,2,3", "-depth", "1"}, 2, "-position"},
		{"long position", []string{"-position", long, "-depth", "1"}, 2, "-position"},
		{"bad moves", []string{"-moves", "F?", "-depth", "1"}, 2, `move 2 "?" (column 2)`},
		{"missing record", []string{"-record", filepath.Join(dir, "none.txt")}, 1, "no such file"},
		{"record is a directory", []string{"-record", dir}, 1, "a directory"},
		{"record is /dev/null", []string{"-record", os.DevNull}, 1, "not a regular file"},
		{"record of huge seeds (issue 10.1)", []string{"-record", writeFile(t, "huge.txt", "[Rules \"awale seeds=4611686018427387904\"]\n")}, 1, "seeds"},
		{"record with an illegal move", []string{"-record", writeFile(t, "bad.txt", "[Rules \"awale\"]\n\n1. F F\n")}, 1, `move 2 "F"`},
		{"ply beyond the game", []string{"-record", ok, "-ply", "9"}, 2, "-ply 9: the game has 2 moves"},
		{"ply negative", []string{"-record", ok, "-ply", "-2"}, 2, "-ply"},
		{"ply without record", []string{"-ply", "2"}, 2, "-ply applies only with -record"},
		{"record with rules flags", []string{"-record", ok, "-houses", "4"}, 2, "-houses does not apply with -record"},
		{"record-game huge", []string{"-record", ok, "-record-game", "4611686018427387904"}, 2, "-record-game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := clitest.Run(t, func() int { return run(context.Background(), tt.args, &out, &errOut) })
			clitest.Failure(t, "analyze", status, tt.status, errOut.String(), tt.want)
		})
	}
}
