package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/clitest"
)

func TestKalahAndOware(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "kalah", "-houses", "4", "-seeds", "3", "-depth", "2"},
		{"-game", "kalah", "-rules", "capture=standard", "-depth", "1"},
		{"-game", "awale", "-rules", "abapa", "-depth", "2"},
	} {
		code, out, errOut := runPerft(args...)
		if code != 0 || !strings.HasPrefix(out, "depth 1 leaves ") {
			t.Errorf("%q: exit %d, stderr %q\n%s", args, code, errOut, out)
		}
	}
	// Kalah(4,3): South has 4 choices; after the house that ends in the
	// store (B, KA-3) South moves again.
	_, out, _ := runPerft("-game", "kalah", "-houses", "4", "-seeds", "3", "-depth", "1")
	if !strings.HasPrefix(out, "depth 1 leaves 4 terminal 0\n") {
		t.Errorf("KA-1/Kalah(4,3) depth 1: %q", out)
	}
}

// TestHostileInput runs perft with bad flags, huge numbers and bad
// positions: one clear line on stderr, exit status 2, no stack trace.
func TestHostileInput(t *testing.T) {
	long := strings.Repeat("9", 5000)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", []string{"-nosuch"}, "not defined: -nosuch"},
		{"depth huge", []string{"-depth", "4611686018427387904"}, "-depth"},
		{"depth beyond int64", []string{"-depth", long}, "too large"},
		{"AW-1/seeds overflow (issue 10.1: printed 0 leaves)", []string{"-seeds", "4611686018427387904", "-depth", "2"}, "-seeds"},
		{"AW-1/houses 99", []string{"-houses", "99", "-depth", "2"}, "-houses"},
		{"CK-1/congkak seeds overflow", []string{"-game", "congkak", "-seeds", "4611686018427387904", "-depth", "1"}, "-seeds"},
		{"KA-1/kalah seeds overflow", []string{"-game", "kalah", "-seeds", "4611686018427387904", "-depth", "1"}, "-seeds"},
		{"KA-4/kalah bad capture", []string{"-game", "kalah", "-depth", "1", "-rules", "capture=x"}, "-rules"},
		{"bad position", []string{"-position", "x", "-depth", "1"}, "-position"},
		{"long position", []string{"-position", long, "-depth", "1"}, "-position"},
		{"AW-1/position past the board", []string{"-position", "255,255,255,255,255,255/255,255,255,255,255,255 0,0 S", "-depth", "1"}, "-position"},
		{"divide with a value", []string{"-divide=2", "-depth", "1"}, "want true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := clitest.Run(t, func() int { return run(tt.args, &out, &errOut) })
			clitest.Failure(t, "perft", status, 2, errOut.String(), tt.want)
			if out.Len() != 0 {
				t.Errorf("stdout %q: want nothing", out.String())
			}
		})
	}
}
