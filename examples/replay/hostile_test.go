package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/clitest"
)

// TestHostileInput runs replay with bad flags, huge numbers, bad positions
// and moves, and bad or special files: each must give one clear line on
// standard error, a non-zero exit status, and no stack trace.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	long := strings.Repeat("x", 5000)
	tests := []struct {
		name   string
		args   []string
		status int
		want   string // in the message
	}{
		{"unknown flag", []string{"-nosuch"}, 2, "not defined: -nosuch"},
		{"old -seed flag", []string{"-seed", "1"}, 2, "-seed"},
		{"help is not an argument", []string{"help"}, 2, "unexpected argument"},
		{"AW-1/seeds overflow", []string{"-seeds", "4611686018427387904"}, 2, "-seeds"},
		{"AW-1/seeds beyond int64", []string{"-seeds", "99999999999999999999999"}, 2, "-seeds"},
		{"AW-1/houses 99", []string{"-houses", "99"}, 2, "-houses"},
		{"AW-1/houses negative", []string{"-houses", "-1"}, 2, "-houses"},
		{"CK-1/congkak seeds overflow", []string{"-game", "congkak", "-seeds", "4611686018427387904"}, 2, "-seeds"},
		{"KA-1/kalah seeds overflow", []string{"-game", "kalah", "-seeds", "4611686018427387904"}, 2, "-seeds"},
		{"unknown game", []string{"-game", "chess"}, 2, "-game"},
		{"long game name", []string{"-game", long}, 2, "-game"},
		{"AW-1/bad position", []string{"-position", "4,4,4/4,4"}, 2, "-position"},
		{"AW-1/long position", []string{"-position", long}, 2, "-position"},
		{"AW-1/position of seeds past the board", []string{"-position", "255,255,255,255,255,255/4,4,4,4,4,4 0,0 S"}, 2, "-position"},
		{"bad move letter", []string{"-moves", "Z"}, 2, `move 1 "Z" (column 1)`},
		{"long moves", []string{"-moves", "F" + long}, 2, `move 2 "x" (column 2)`},
		{"AW-2/illegal move", []string{"-moves", "FF"}, 1, `illegal move 2 "F"`},
		{"bad -json value", []string{"-json=maybe"}, 2, "want true or false"},
		{"missing record", []string{"-record", filepath.Join(dir, "nosuch")}, 1, "no such file"},
		{"record is a directory", []string{"-record", dir}, 1, "a directory"},
		{"record is /dev/null", []string{"-record", os.DevNull}, 1, "not a regular file"},
		{"empty record", []string{"-record", file("empty.txt", "")}, 1, "no game"},
		{"binary record", []string{"-record", file("junk.bin", "\x00\x01\xff\xfe{{{")}, 1, "record"},
		{"record without rules", []string{"-record", file("norules.txt", "1. F f\n")}, 1, "Rules tag"},
		{"record of unknown game", []string{"-record", file("chess.txt", "[Rules \"chess\"]\n\n1. F\n")}, 1, "unknown game"},
		{"AW-1/record of huge seeds (issue 10.1)", []string{"-record", file("huge.txt", "[Rules \"awale seeds=4611686018427387904\"]\n")}, 1, "seeds"},
		{"bad json record", []string{"-record", file("bad.json", `{"moves":["F"],"x":1}`)}, 1, "json"},
		{"record with game flags", []string{"-record", file("ok.txt", "[Rules \"awale\"]\n\n1. F\n"), "-game", "congkak"}, 2, "-game does not apply with -record"},
		{"record-game 0", []string{"-record", file("ok2.txt", "[Rules \"awale\"]\n\n1. F\n"), "-record-game", "0"}, 2, "-record-game"},
		{"record-game huge", []string{"-record", file("ok3.txt", "[Rules \"awale\"]\n\n1. F\n"), "-record-game", "9223372036854775807"}, 2, "-record-game"},
		{"record-game without record", []string{"-record-game", "2"}, 2, "-record-game applies only with -record"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := clitest.Run(t, func() int { return run(tt.args, &out, &errOut) })
			clitest.Failure(t, "replay", status, tt.status, errOut.String(), tt.want)
		})
	}
}
