package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/clitest"
)

// TestHostileInput runs tournament with bad flags, huge numbers and bad
// paths: each must give one clear line on standard error, a non-zero exit
// status, no stack trace, and play no game.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("z", 5000)
	ok := []string{"-a", "random", "-b", "random", "-games", "2"}
	with := func(extra ...string) []string { return append(append([]string{}, ok...), extra...) }
	tests := []struct {
		name   string
		args   []string
		status int
		want   string
	}{
		{"unknown flag", with("-nosuch"), 2, "not defined: -nosuch"},
		{"AW-1/seeds overflow", with("-seeds", "4611686018427387904"), 2, "-seeds"},
		{"AW-1/houses 99", with("-houses", "99"), 2, "-houses"},
		{"KA-1/kalah seeds overflow", with("-game", "kalah", "-seeds", "4611686018427387904"), 2, "-seeds"},
		{"CK-1/congkak houses 99", with("-game", "congkak", "-houses", "99"), 2, "-houses"},
		{"games beyond int", with("-games", "99999999999999999999"), 2, "-games"},
		{"games 1e12", with("-games", "1000000000000"), 2, "-games: want 1 to"},
		{"negative games", with("-games", "-5"), 2, "-games"},
		{"parallel huge", with("-parallel", "1000000"), 2, "-parallel: want 1 to"},
		{"parallel negative", with("-parallel", "-1"), 2, "-parallel"},
		{"max-plies huge", with("-max-plies", "4611686018427387904"), 2, "-max-plies"},
		{"long spec", []string{"-a", long, "-b", "random"}, 2, "-a"},
		{"spec with a line break", []string{"-a", "random\n", "-b", "random\nx"}, 2, "-b"},
		{"long game", with("-game", long), 2, "-game"},
		{"time is not a flag here", with("-time", "2"), 2, "-time"},
		{"seed not a number", with("-seed", "1e3"), 2, "-seed"},
		{"rand-seed is now -seed", with("-rand-seed", "1"), 2, "not defined: -rand-seed"},
		{"results in a directory that does not exist", with("-results", filepath.Join(dir, "no", "r.jsonl")), 1, "-results"},
		{"endgame-for nobody", with("-endgame", dir, "-endgame-for", "c"), 2, "-endgame-for: want a, b or both"},
		{"endgame-for without -endgame", with("-endgame-for", "a"), 2, "-endgame-for applies only with -endgame"},
		{"endgame-stones without -endgame", with("-endgame-stones", "3"), 2, "-endgame-stones applies only with -endgame"},
		{"endgame directory that does not exist", with("-rules", "awari", "-endgame", filepath.Join(dir, "no")), 2, "-endgame: no directory"},
		{"endgame directory without databases", with("-rules", "awari", "-endgame", dir), 2, "build them with: go run ./examples/endgame build -rules 'awale awari'"},
		{"AW-8/AW-10/abapa has no exact databases", with("-rules", "abapa", "-endgame", dir), 2, "-endgame-approx"},
		{"CK-1/congkak has no databases", with("-game", "congkak", "-endgame", dir), 2, "congkak has no endgame databases"},
		{"endgame path with a line break", with("-rules", "awari", "-endgame", "a\nb"), 2, "-endgame: no directory"},
		{"random-plies negative", with("-random-plies", "-1"), 2, "-random-plies: want 0 to"},
		{"random-plies huge", with("-random-plies", "4611686018427387904"), 2, "-random-plies: want 0 to"},
		{"records in a directory that does not exist", with("-records", filepath.Join(dir, "no", "games.txt")), 1, "-records"},
		{"records is a directory", with("-records", dir), 1, "not a regular file"},
		{"records is /dev/null", with("-records", os.DevNull), 1, "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := clitest.Run(t, func() int { return run(context.Background(), tt.args, &out, &errOut) })
			clitest.Failure(t, "tournament", status, tt.status, errOut.String(), tt.want)
			if strings.Contains(out.String(), "game ") {
				t.Errorf("games were played:\n%s", out.String())
			}
		})
	}
}

// TestWorkersAlias: -workers is -parallel's other spelling, as in tune
// gen, endgame and kalah, whose -parallel is -workers's (issue 43, item
// 10); a bad value names the flag.
func TestWorkersAlias(t *testing.T) {
	base := []string{"-game", "kalah", "-houses", "3", "-seeds", "2", "-a", "greedy", "-b", "random", "-games", "2", "-quiet"}
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(base, "-workers", "1"), &out, &errb); code != 0 {
		t.Errorf("-workers 1: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := run(context.Background(), append(base, "-workers", "100000"), &out, &errb); code != 2 || !strings.Contains(errb.String(), "-parallel") {
		t.Errorf("-workers 100000: exit %d, %q", code, errb.String())
	}
}
