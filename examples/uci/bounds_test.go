package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// buildAbapaBounds builds the bound tables of Abapa (AW-6 no capture,
// AW-8 own row, AW-10) for the counts 0 to k under dir.
func buildAbapaBounds(t *testing.T, dir string, k int) {
	t.Helper()
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.CycleBounds()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := endgame.BuildBounds(context.Background(), g, dir, k, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestEndgameBoundsEngine starts the engine under Abapa with a directory
// that holds its bound tables (AW-8 own row, AW-10): it loads them, says
// so on stderr and plays.
func TestEndgameBoundsEngine(t *testing.T) {
	dir := t.TempDir()
	buildAbapaBounds(t, dir, 5)
	var out, errb bytes.Buffer
	in := "uci\nisready\nposition startpos moves Fe\ngo depth 2\n"
	if code := run(context.Background(), []string{"-rules", "abapa", "-endgame", dir}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(errb.String(), "uci: endgame bound tables of awale abapa, counts 0 to 5, ") || !strings.Contains(out.String(), "\nbestmove ") {
		t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
	}
}

// TestEndgameBoundsMatch plays matches under Abapa of an engine with the
// bound tables against one without, and checks that endgame-approx keeps
// its meaning (the nearest exact rules' databases, as estimates) where
// the directory holds bound tables too.
func TestEndgameBoundsMatch(t *testing.T) {
	dir := t.TempDir()
	buildAbapaBounds(t, dir, 4)
	o := awale.Abapa()
	o.Cycle, o.StopAtMajority = awale.CycleSplit, false
	clitest.BuildAwale(t, dir, o, 4)
	for _, tt := range []struct{ a, want string }{
		{"engine:depth=1,endgame=" + dir, "uci match: A: endgame bound tables of awale abapa, counts 0 to 4, "},
		{"engine:depth=1,endgame=" + dir + ",endgame-approx=on", "uci match: A: endgame databases of awale grandslam=nocapture cycle=split, counts 0 to 4, "},
	} {
		var out, errb bytes.Buffer
		args := []string{"match", "-rules", "abapa", "-a", tt.a, "-b", "engine:depth=1", "-games", "2", "-parallel", "1", "-plies", "2", "-balance", "48"}
		if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		if !strings.Contains(errb.String(), tt.want) || !strings.Contains(out.String(), "of 2 games") {
			t.Errorf("stdout %q, stderr %q; want stderr to hold %q", out.String(), errb.String(), tt.want)
		}
	}
}
