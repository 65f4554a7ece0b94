package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// endgamePosition is an Awari endgame of 8 seeds on the board (AW-1: 48
// in all), South to move.
const endgamePosition = "0,2,0,1,0,1/1,0,2,0,1,0 21,19 S"

// TestEndgameSolve solves an Awari endgame (AW-4, AW-6, AW-8 split) with
// the databases: the value they give (the store difference plus the
// configuration's value), and a line on standard error that says what
// was loaded. (Without them the solver meets this position's endless
// lines and gives up.)
func TestEndgameSolve(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 8)
	status, out, errb := runAnalyze("-rules", "awari", "-position", endgamePosition, "-solve", "-endgame", dir)
	if status != 0 {
		t.Fatalf("exit %d, %s", status, errb)
	}
	if !strings.HasPrefix(errb, "analyze: endgame databases of awale awari, counts 0 to 8, ") {
		t.Errorf("stderr %q; want the databases' line first", errb)
	}
	r, _ := awale.New(awale.Awari())
	g, _ := r.Retrograde()
	db, err := endgame.Load(g, dir, 8)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := mancala.ParsePosition(endgamePosition)
	v, ok := db.Endgame(p)
	if want := fmt.Sprintf("\nvalue %d\n", 21-19+v); !ok || !strings.Contains(out, want) {
		t.Errorf("stdout %q; want %q", out, want)
	}
}

// TestEndgameSearch searches a move deep with the databases: the best
// move (F) captures, after which the databases' value is exact under
// Awari (AW-8 split); the others capture nothing, after which a
// repetition could end the game sooner (the databases' values are then
// the search's estimates). Under Abapa (AW-8 own row, AW-10) with
// -endgame-approx every value is an estimate, and analyze says so.
func TestEndgameSearch(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 8)
	o := awale.Abapa()
	o.Cycle, o.StopAtMajority = awale.CycleSplit, false
	clitest.BuildAwale(t, dir, o, 8)
	status, out, errb := runAnalyze("-rules", "awari", "-position", endgamePosition, "-depth", "1", "-endgame", dir, "-quiet")
	if status != 0 || !strings.Contains(out, "depth 1 value +10.000 for South (seeds) nodes") || !strings.Contains(out, "move F") || errb != "" {
		t.Errorf("awari: exit %d, stdout %q, stderr %q; want the databases' value 10 by move F, no stderr", status, out, errb)
	}
	status, out, errb = runAnalyze("-rules", "abapa", "-position", endgamePosition, "-depth", "1", "-endgame", dir, "-endgame-approx")
	// An estimate, never proven: the databases' 10 seeds one unit nearer
	// 0 on the scale of proven values (search.WithEndgameEstimate).
	if status != 0 || !strings.Contains(out, "depth 1 value +9.999 for South (seeds) nodes") {
		t.Errorf("abapa: exit %d, stdout %q, stderr %q; want the value estimated by the databases, +9.999, not proven", status, out, errb)
	}
	if !strings.Contains(errb, "estimates for awale abapa") {
		t.Errorf("abapa: stderr %q; want it to say the values are estimates", errb)
	}
}

// TestEndgameRefusals checks that -solve refuses estimates, and the other
// refusals of the endgame flags, each in one line.
func TestEndgameRefusals(t *testing.T) {
	dir := t.TempDir()
	o := awale.Abapa()
	o.Cycle, o.StopAtMajority = awale.CycleSplit, false
	folder, _ := clitest.BuildAwale(t, dir, o, 8)
	damaged := t.TempDir()
	clitest.BuildAwale(t, damaged, awale.Awari(), 3)
	truncate(t, filepath.Join(damaged, "awale-awari", "02.egdb"))
	pos := []string{"-position", endgamePosition}
	tests := []struct {
		name   string
		args   []string
		status int
		want   string
	}{
		{"AW-8/AW-10/solve refuses estimates", append([]string{"-rules", "abapa", "-solve", "-endgame", dir, "-endgame-approx"}, pos...), 2, "-solve: the databases of -endgame-approx are estimates under awale abapa"},
		{"AW-8/AW-10/abapa has no exact databases", append([]string{"-rules", "abapa", "-solve", "-endgame", dir}, pos...), 2, "awale abapa has no exact endgame databases"},
		{"AW-1/another board", []string{"-rules", "awari", "-houses", "4", "-endgame", dir}, 2, "no databases of awale awari houses=4 in"},
		{"no databases of these rules", append([]string{"-rules", "awari", "-endgame", dir}, pos...), 2, "no databases of awale awari in"},
		{"a file, not a directory", append([]string{"-rules", "awari", "-endgame", filepath.Join(folder, "00.egdb")}, pos...), 2, "is not a directory"},
		{"damaged file", append([]string{"-rules", "awari", "-endgame", damaged}, pos...), 1, "02.egdb"},
		{"stones beyond the files", append([]string{"-rules", "abapa", "-endgame", dir, "-endgame-approx", "-endgame-stones", "20"}, pos...), 2, "-endgame-stones 20:"},
		{"approx without -endgame", []string{"-endgame-approx"}, 2, "-endgame-approx applies only with -endgame"},
		{"CK-1/congkak", []string{"-game", "congkak", "-endgame", dir}, 2, "congkak"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := clitest.Run(t, func() int { return run(context.Background(), tt.args, &out, &errb) })
			clitest.Failure(t, "analyze", status, tt.status, errb.String(), tt.want)
			if strings.Contains(out.String(), "value") {
				t.Errorf("stdout %q: a value", out.String())
			}
		})
	}
}

func truncate(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
}
