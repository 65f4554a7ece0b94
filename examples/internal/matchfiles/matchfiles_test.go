package matchfiles_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/matchfiles"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/search"
)

func config(t *testing.T) match.Config {
	t.Helper()
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	return match.Config{Rules: r, Games: 4, Seed: 1, Parallel: 2, Records: true, RandomPlies: 2, Event: "test",
		A: match.Spec("greedy", search.ParseEngine), B: match.Spec("random", search.ParseEngine)}
}

// TestWrite: the records and the results of every game, in game order;
// the results read back and merge into the match's report.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	f := matchfiles.Files{Records: filepath.Join(dir, "games.txt"), Results: filepath.Join(dir, "part.jsonl")}
	if !f.Any() || (matchfiles.Files{}).Any() {
		t.Fatal("Any")
	}
	c := config(t)
	var rep *match.Report
	err := f.Write(c.Header(), func(emit func(match.Result) error) error {
		c.OnResult = emit
		var err error
		rep, err = match.Run(context.Background(), c)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := rulesflags.ReadRecords(f.Records)
	if err != nil || len(recs) != 4 {
		t.Fatalf("records: %d, %v; want 4", len(recs), err)
	}
	parts, err := match.ReadParts(f.Results)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := match.Merge(parts...)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Tally != rep.Tally {
		t.Errorf("merged tally %+v, want %+v", merged.Tally, rep.Tally)
	}
}

// TestWriteFails: when play fails, no file is replaced, and its error
// comes back as it is; a file that cannot be written names its flag.
func TestWriteFails(t *testing.T) {
	dir := t.TempDir()
	f := matchfiles.Files{Records: filepath.Join(dir, "games.txt"), Results: filepath.Join(dir, "part.jsonl")}
	for _, name := range []string{f.Records, f.Results} {
		if err := os.WriteFile(name, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := config(t)
	stop := errors.New("stop")
	err := f.Write(c.Header(), func(emit func(match.Result) error) error {
		c.OnResult = emit
		if _, err := match.Run(context.Background(), c); err != nil {
			return err
		}
		return stop
	})
	if err != stop {
		t.Errorf("error %v, want play's", err)
	}
	for _, name := range []string{f.Records, f.Results} {
		if b, _ := os.ReadFile(name); string(b) != "old\n" {
			t.Errorf("%s became %q", name, b)
		}
	}
	bad := matchfiles.Files{Results: filepath.Join(dir, "no", "such", "dir", "part.jsonl")}
	err = bad.Write(c.Header(), func(func(match.Result) error) error { return nil })
	if err == nil || err.Error()[:10] != "-results: " {
		t.Errorf("unwritable -results: %v, want an error naming the flag", err)
	}
}
