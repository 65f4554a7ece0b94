package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExternalEngines plays the match through the engine protocol: our
// own engine (examples/uci, built here) against a player of the module,
// and an engine that crashes at its first "go", which loses every game
// while the match goes on (issue 14).
func TestExternalEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds examples/uci")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "uci")
	if out, err := exec.Command("go", "build", "-o", bin, "../uci").CombinedOutput(); err != nil {
		t.Fatalf("go build ../uci: %v\n%s", err, out)
	}
	// The engine builds endgame databases in the user's cache by default
	// (-endgame-auto): never into the real one from a test.
	for _, v := range []string{"XDG_CACHE_HOME", "HOME", "LocalAppData"} {
		t.Setenv(v, dir)
	}
	crash := filepath.Join(dir, "crash.sh")
	script := "#!/bin/sh\nwhile read l; do case \"$l\" in uci) echo 'id name crash'; echo uciok;; isready) echo readyok;; go*) exit 3;; esac; done\n"
	if err := os.WriteFile(crash, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, a, b string
		want       []string
	}{
		{"ours", "uci:depth=3,grace=5s,cmd=" + bin, "random", []string{"4 games"}},
		{"crash", "uci:movetime=50ms,grace=5s,cmd=" + crash, "greedy", []string{"A forfeits at move", "B wins"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"-game", "awale", "-rules", "abapa", "-a", c.a, "-b", c.b, "-games", "4", "-parallel", "2", "-quiet"}
			var out, errb bytes.Buffer
			if code := run(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("exit %d, stderr %q, stdout %q", code, errb.String(), out.String())
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output lacks %q:\n%s", w, out.String())
				}
			}
			if c.name == "crash" && strings.Count(out.String(), "forfeits") != 4 {
				t.Errorf("want 4 forfeits:\n%s", out.String())
			}
		})
	}
}
