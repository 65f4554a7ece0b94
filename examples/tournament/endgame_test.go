package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

// TestEndgameMatch plays a short Awari match (AW-6, AW-8 split) on a
// small board in which A alone searches with the databases, from random
// openings: the header and standard error say so, and the two games of a
// pair open alike, with a comment in their records where the opening ends.
func TestEndgameMatch(t *testing.T) {
	dir := t.TempDir()
	o := awale.Awari()
	o.Houses = 4
	clitest.BuildAwale(t, dir, o, 6)
	path := filepath.Join(t.TempDir(), "games.txt")
	args := []string{"-rules", "awari", "-houses", "4", "-seeds", "2", "-a", "alphabeta:depth=2", "-b", "alphabeta:depth=2",
		"-endgame", dir, "-endgame-for", "a", "-games", "4", "-random-plies", "3", "-records", path}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if want := "tournament: endgame databases of awale awari houses=4, counts 0 to 6, "; !strings.HasPrefix(errb.String(), want) ||
		!strings.Contains(errb.String(), ", from "+dir+", for A only\n") {
		t.Errorf("stderr %q; want a line %q...%q", errb.String(), want, ", for A only")
	}
	if want := "3 random plies a pair of games, endgame databases (counts 0 to 6) for A only\n"; !strings.Contains(out.String(), want) {
		t.Errorf("stdout %q; want a header that ends %q", out.String(), want)
	}
	recs, err := rulesflags.ReadRecords(path)
	if err != nil || len(recs) != 4 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for i, rec := range recs {
		if rec.Comments[3] != "the 3 random moves of the opening end here" {
			t.Errorf("game %d: comments %v; want one after the third move", i+1, rec.Comments)
		}
	}
	if !slices.Equal(recs[0].Moves[:3], recs[1].Moves[:3]) || !slices.Equal(recs[2].Moves[:3], recs[3].Moves[:3]) {
		t.Errorf("the games of a pair open differently: %v, %v; %v, %v", recs[0].Moves[:3], recs[1].Moves[:3], recs[2].Moves[:3], recs[3].Moves[:3])
	}
	if slices.Equal(recs[0].Moves[:3], recs[2].Moves[:3]) {
		t.Errorf("two pairs open alike: %v", recs[0].Moves[:3])
	}
	// -quiet: no line on standard error.
	errb.Reset()
	out.Reset()
	if code := run(context.Background(), append(args[:len(args)-2], "-quiet"), &out, &errb); code != 0 || errb.Len() != 0 {
		t.Errorf("-quiet: exit %d, stderr %q", code, errb.String())
	}
}

// TestEndgameApproxMatch gives both Abapa players (AW-8 own row, AW-10
// majority) the databases of the nearest exact rules, which they must be
// told are estimates.
func TestEndgameApproxMatch(t *testing.T) {
	dir := t.TempDir()
	o := awale.Abapa()
	o.Houses, o.Cycle, o.StopAtMajority = 3, awale.CycleSplit, false
	clitest.BuildAwale(t, dir, o, 5)
	args := []string{"-rules", "abapa", "-houses", "3", "-seeds", "2", "-a", "alphabeta:depth=2", "-b", "greedy",
		"-endgame", dir, "-endgame-approx", "-games", "2"}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(errb.String(), "endgame databases of awale grandslam=nocapture cycle=split houses=3") ||
		!strings.Contains(errb.String(), "estimates for awale abapa houses=3 seeds=2 (") || !strings.Contains(errb.String(), "for A and B\n") {
		t.Errorf("stderr %q", errb.String())
	}
	if !strings.Contains(out.String(), "for A and B as estimates\n") {
		t.Errorf("stdout %q", out.String())
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

// TestEndgameDamaged refuses a damaged database file with one line and
// exit status 1, before any game.
func TestEndgameDamaged(t *testing.T) {
	dir := t.TempDir()
	o := awale.Awari()
	o.Houses = 2
	folder, _ := clitest.BuildAwale(t, dir, o, 4)
	file := filepath.Join(folder, "03.egdb")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b[:len(b)-2], 0o644); err != nil { // truncated
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	args := []string{"-rules", "awari", "-houses", "2", "-a", "random", "-b", "random", "-endgame", dir}
	status := clitest.Run(t, func() int { return run(context.Background(), args, &out, &errb) })
	clitest.Failure(t, "tournament", status, 1, errb.String(), "03.egdb: the file ends in the checksum")
	if out.Len() != 0 {
		t.Errorf("stdout %q", out.String())
	}
}
