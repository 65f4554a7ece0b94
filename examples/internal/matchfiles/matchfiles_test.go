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
	"github.com/sowing-games/sowing/mancala"
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

// TestResume: a match stopped after two games leaves its results in
// Partial; resumed from them it writes the same files as one run, playing
// only the games after the stop. A last line cut short is played again;
// with no file there is nothing to resume; the results of another match
// are an error.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	whole := matchfiles.Files{Records: filepath.Join(dir, "whole.txt"), Results: filepath.Join(dir, "whole.jsonl")}
	f := matchfiles.Files{Records: filepath.Join(dir, "games.txt"), Results: filepath.Join(dir, "part.jsonl")}
	write := func(f matchfiles.Files, c match.Config, stopAfter int) error {
		return f.Write(c.Header(), func(emit func(match.Result) error) error {
			n := 0
			c.OnResult = func(r match.Result) error {
				if n == stopAfter {
					return context.Canceled
				}
				n++
				return emit(r)
			}
			_, err := match.Run(context.Background(), c)
			return err
		})
	}
	if err := write(whole, config(t), -1); err != nil {
		t.Fatal(err)
	}
	if n, err := f.Resume(new(match.Config)); n != 0 || err != nil {
		t.Errorf("nothing to resume: %d games, %v; want 0 and no error", n, err)
	}
	if err := write(f, config(t), 2); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	if _, err := os.Stat(f.Results); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stopped run wrote %s: %v", f.Results, err)
	}
	// The line of game 3, cut short as a killed run may leave it.
	pf, err := os.OpenFile(f.Partial(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	pf.WriteString(`{"game":3,"a_so`)
	pf.Close()
	other := config(t)
	other.Seed++
	if _, err := f.Resume(&other); !errors.Is(err, match.ErrConfig) {
		t.Errorf("another match: %v", err)
	}
	c := config(t)
	n, err := f.Resume(&c)
	if err != nil || n != 2 {
		t.Fatalf("Resume: %d games, %v; want 2", n, err)
	}
	played := 0
	newA := c.A.New
	c.A.New = func(game int, side mancala.Player, seed uint64) (search.Engine, error) {
		played++
		return newA(game, side, seed)
	}
	c.Parallel = 1
	if err := write(f, c, -1); err != nil {
		t.Fatal(err)
	}
	if played != 2 {
		t.Errorf("the resumed run played %d games, want 2", played)
	}
	for _, pair := range [][2]string{{whole.Records, f.Records}, {whole.Results, f.Results}} {
		a, _ := os.ReadFile(pair[0])
		b, _ := os.ReadFile(pair[1])
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("%s and %s differ:\n%s\n%s", pair[0], pair[1], a, b)
		}
	}
	if _, err := os.Stat(f.Partial()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s left after the match: %v", f.Partial(), err)
	}
	// Resuming the match that ended reads its results: nothing to play.
	c = config(t)
	if n, err := f.Resume(&c); err != nil || n != 4 {
		t.Errorf("Resume of an ended match: %d games, %v; want 4", n, err)
	}
	if _, err := (matchfiles.Files{}).Resume(&c); err == nil {
		t.Errorf("Resume without a results file: no error")
	}
}
