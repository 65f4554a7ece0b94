package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// TestRecords writes a match's games as records, in both forms, and reads
// them back: one record per game, in order, each replaying to the result
// the game line gives.
func TestRecords(t *testing.T) {
	for _, name := range []string{"games.txt", "games.jsonl"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			args := []string{"-game", "kalah", "-houses", "3", "-seeds", "2", "-a", "greedy", "-b", "random",
				"-games", "5", "-parallel", "2", "-records", path, "-quiet"}
			var out, errb bytes.Buffer
			if code := run(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errb.String())
			}
			recs, err := rulesflags.ReadRecords(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 5 {
				t.Fatalf("%d records, want 5", len(recs))
			}
			st, err := os.Stat(path)
			if err != nil || st.Mode().Perm() != 0o644 {
				t.Errorf("mode %v, err %v; want 0644", st.Mode().Perm(), err)
			}
			lines := strings.Split(out.String(), "\n")
			for i, rec := range recs {
				if got := rec.Tags.Get("Round"); got != fmt.Sprint(i+1) {
					t.Errorf("record %d has Round %q", i+1, got)
				}
				g, err := rec.Replay(rulesflags.Resolve)
				if err != nil {
					t.Fatalf("record %d: %v", i+1, err)
				}
				if !g.Over() {
					t.Errorf("KA-6/record %d: the game is not over", i+1)
				}
				p := g.Position()
				a, b := p.Board.Store(mancala.South), p.Board.Store(mancala.North)
				if i%2 == 1 {
					a, b = b, a
				}
				if want := fmt.Sprintf("A %d - B %d, ", a, b); !strings.Contains(lines[1+i], want) {
					t.Errorf("record %d replays to %q, the line says %q", i+1, want, lines[1+i])
				}
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*tmp*"))
			if len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestRecordsCapped: a capped game's record has no result and says why.
func TestRecordsCapped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "capped.txt")
	args := []string{"-a", "random", "-b", "random", "-games", "1", "-max-plies", "3", "-records", path}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	recs, err := rulesflags.ReadRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[0]
	if len(rec.Moves) != 3 || rec.Result == mancala.Ongoing || rec.Ending != record.Adjudicated || !strings.Contains(rec.Comments[3], "capped at 3 moves") {
		t.Errorf("capped record: %d moves, result %v, ending %v, last comment %q; want 3 moves, a result, adjudicated, capped", len(rec.Moves), rec.Result, rec.Ending, rec.Comments[3])
	}
	g, err := rec.Replay(rulesflags.Resolve)
	if err != nil || g.Over() || g.Ply() != 3 {
		t.Errorf("an adjudicated record replays to %v, %v; want an unfinished game of 3 moves", g, err)
	}
	if !strings.Contains(out.String(), "capped") {
		t.Errorf("the game line does not say capped:\n%s", out.String())
	}
}

// TestHugeMatchInterrupted: -games 1000000000 used to allocate per game
// before playing (issue 10.6) and crash; now memory grows with the games
// in flight, and an interrupted match stops at once with the games played.
func TestHugeMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"-a", "random", "-b", "random", "-games", "1000000000", "-quiet"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "interrupted after") || strings.Contains(errb.String(), "-resume") {
		t.Errorf("exit %d, stderr %q; want 1 and interrupted", code, errb.String())
	}
	// With -results, the message says how to go on.
	errb.Reset()
	part := filepath.Join(t.TempDir(), "part.jsonl")
	code = run(ctx, []string{"-a", "random", "-b", "random", "-games", "1000", "-quiet", "-results", part}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "-resume goes on from "+part+".partial") {
		t.Errorf("with -results: exit %d, stderr %q; want 1 and how to resume", code, errb.String())
	}
	if _, err := os.Stat(part + ".partial"); err != nil {
		t.Errorf("no partial results file: %v", err)
	}
}

// TestProgressOnStderr: progress goes to standard error unless -quiet, and
// never to standard output.
func TestProgressQuiet(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"-a", "random", "-b", "random", "-games", "2", "-quiet"}
	if code := run(context.Background(), args, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", code, errb.String())
	}
	if strings.Contains(out.String(), "tournament:") {
		t.Errorf("progress on stdout:\n%s", out.String())
	}
}
