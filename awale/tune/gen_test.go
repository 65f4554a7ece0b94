package tune

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// run plays c and returns its output as WriteRecords writes it, checking
// that the games come in increasing order.
func run(t *testing.T, ctx context.Context, c GenConfig) ([]byte, error) {
	t.Helper()
	var b bytes.Buffer
	last := -1
	err := Generate(ctx, c, func(g int, recs []Record) error {
		if g <= last {
			t.Errorf("game %d emitted after game %d", g, last)
		}
		last = g
		for _, r := range recs {
			if r.Game != g {
				t.Errorf("game %d: a record of game %d", g, r.Game)
			}
		}
		return WriteRecords(&b, recs)
	})
	return b.Bytes(), err
}

func smallConfig() GenConfig {
	c := DefaultGenConfig()
	c.Games, c.Depth, c.Workers = 11, 2, 2
	return c
}

// TestShardsMergeToOneRun: a run split into 3 shards, each played on its
// own, merges into exactly the bytes of the run played whole, whatever the
// order of the inputs; and the records read back as written.
func TestShardsMergeToOneRun(t *testing.T) {
	ctx := context.Background()
	c := smallConfig()
	whole, err := run(t, ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	var shards [][]byte
	for i := 0; i < 3; i++ {
		c := smallConfig()
		c.Workers = 1 + i%2
		c.Shard = Shard{Index: i, Count: 3}
		out, err := run(t, ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, out)
	}
	var merged bytes.Buffer
	games, err := Merge(&merged, bytes.NewReader(shards[2]), bytes.NewReader(shards[0]), bytes.NewReader(shards[1]))
	if err != nil {
		t.Fatal(err)
	}
	if games != c.Games {
		t.Errorf("merged %d games, want %d", games, c.Games)
	}
	if !bytes.Equal(merged.Bytes(), whole) {
		t.Fatalf("the merged shards differ from the whole run:\n%s\nwant:\n%s", merged.Bytes(), whole)
	}
	var again bytes.Buffer
	var recs []Record
	if err := ReadRecords(bytes.NewReader(whole), func(r Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := WriteRecords(&again, recs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), whole) {
		t.Error("the records read back are written otherwise")
	}
}

// TestResume: a run that resumes from the output of one stopped early,
// merged with it, is the whole run; another shard's output is refused.
func TestResume(t *testing.T) {
	ctx := context.Background()
	c := smallConfig()
	whole, err := run(t, ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	c.Games = 6
	first, err := run(t, ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	c.Games = 11
	if err := c.Resume(bytes.NewReader(first)); err != nil {
		t.Fatal(err)
	}
	rest, err := run(t, ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	var merged bytes.Buffer
	if _, err := Merge(&merged, bytes.NewReader(rest), bytes.NewReader(first)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(merged.Bytes(), whole) {
		t.Fatal("a resumed run differs from the whole run")
	}
	c = smallConfig()
	c.Shard = Shard{Index: 1, Count: 2}
	if err := c.Resume(bytes.NewReader(first)); !errors.Is(err, ErrMerge) {
		t.Errorf("resuming from another shard's output: %v", err)
	}
}

// TestGenerateCancel: a cancelled run returns the context's error and
// emits only whole games, in order.
func TestGenerateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := smallConfig()
	c.Games = 1000
	n := 0
	err := Generate(ctx, c, func(g int, recs []Record) error {
		if n++; n == 3 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Generate after cancel: %v", err)
	}
	if n >= 1000 {
		t.Errorf("%d games emitted after the cancel", n)
	}
	stop := errors.New("stop")
	if err := Generate(context.Background(), smallConfig(), func(int, []Record) error { return stop }); err != stop {
		t.Errorf("emit's error: Generate returned %v", err)
	}
}

func TestBadConfig(t *testing.T) {
	for _, c := range []GenConfig{
		{},
		{Games: 1, Depth: 0},
		{Games: 1, Depth: 1, RandomMin: 3, RandomMax: 2},
		{Games: 1, Depth: 1, Workers: -1},
		{Games: 1, Depth: 1, Shard: Shard{Index: 3, Count: 3}},
		{Games: 1, Depth: 1, Eval: EvalRules + 1},
	} {
		if err := Generate(context.Background(), c, nil); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v, want ErrConfig", c, err)
		}
	}
	if _, _, err := ReadSamples(strings.NewReader(""), 1, false); !errors.Is(err, ErrConfig) {
		t.Errorf("holdout 1: %v", err)
	}
	if _, _, err := Fit(context.Background(), FitConfig{Rate: 0}, RowWeights(), 0.3, make([]Sample, 1)); !errors.Is(err, ErrConfig) {
		t.Errorf("rate 0: %v", err)
	}
	if _, _, err := Fit(context.Background(), DefaultFitConfig(), RowWeights(), 0.3, nil); !errors.Is(err, ErrConfig) {
		t.Errorf("no samples: %v", err)
	}
	if _, err := ParseGenEval("awale"); !errors.Is(err, ErrConfig) {
		t.Errorf("ParseGenEval: %v", err)
	}
	if _, err := ParseTables("own,nope"); !errors.Is(err, ErrConfig) {
		t.Errorf("ParseTables: %v", err)
	}
}

func TestParseShard(t *testing.T) {
	env := map[string]string{}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	good := map[string]Shard{"": {}, "0/1": {0, 1}, "2/3": {2, 3}}
	for text, want := range good {
		if got, err := ParseShard(text, lookup); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"3/3", "-1/3", "1", "1/0", "x/2", "auto/2", "1/2/3"} {
		if _, err := ParseShard(text, lookup); !errors.Is(err, ErrConfig) {
			t.Errorf("ParseShard(%q): %v, want ErrConfig", text, err)
		}
	}
	env["SLURM_ARRAY_TASK_ID"] = "1"
	if got, err := ParseShard("auto/4", lookup); err != nil || got != (Shard{1, 4}) {
		t.Errorf("Slurm: %v, %v", got, err)
	}
	env["JOB_COMPLETION_INDEX"] = "3"
	if got, err := ParseShard("auto/4", lookup); err != nil || got != (Shard{3, 4}) {
		t.Errorf("Kubernetes first: %v, %v", got, err)
	}
	if _, err := ParseShard("auto/3", lookup); !errors.Is(err, ErrConfig) {
		t.Errorf("index 3 of 3: %v", err)
	}
	if s := (Shard{}); s.String() != "0/1" || !s.Has(5) {
		t.Errorf("the zero Shard: %v", s)
	}
}

func TestMergeErrors(t *testing.T) {
	line := func(g int) string { return "4 4 4 4 4 4 4 4 4 4 4 4 0 0 0 " + itoa(g) + " 1\n" }
	for name, inputs := range map[string][]string{
		"out of order": {line(2) + line(1)},
		"twice":        {line(1), line(0) + line(1)},
		"split game":   {line(1) + line(2) + line(1)},
	} {
		var rs []io.Reader
		for _, s := range inputs {
			rs = append(rs, strings.NewReader(s))
		}
		if _, err := Merge(io.Discard, rs...); !errors.Is(err, ErrMerge) {
			t.Errorf("%s: %v, want ErrMerge", name, err)
		}
	}
	var pe *ParseError
	if _, err := Merge(io.Discard, strings.NewReader(line(0)+"1 2\n")); !errors.As(err, &pe) || pe.Line != 2 {
		t.Errorf("a bad line: %v", err)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// TestFitLowersLoss: on a few games, the fit does not lose to its
// starting point on the positions fitted; fixed tables keep their cells;
// a cancelled fit returns the context's error.
func TestFitLowersLoss(t *testing.T) {
	c := smallConfig()
	c.Games = 30
	data, err := run(t, context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := ReadSamples(bytes.NewReader(data), 5, false)
	if err != nil || len(train) == 0 || len(test) == 0 {
		t.Fatalf("%d samples to fit, %d held out, %v", len(train), len(test), err)
	}
	w0 := RowWeights()
	k0 := Scale(w0, train)
	fc := DefaultFitConfig()
	fc.Iters, fc.Fixed = 60, OppTable|StoreTable
	calls := 0
	fc.Progress = func(int, float64, float64) { calls++ }
	w, k, err := Fit(context.Background(), fc, w0, k0, train)
	if err != nil {
		t.Fatal(err)
	}
	if l, l0 := Loss(w, k, train), Loss(w0, k0, train); !(l < l0) {
		t.Errorf("fitted loss %v, starting loss %v", l, l0)
	}
	if w.Opp != w0.Opp || w.StoreMover != w0.StoreMover || w.Own == w0.Own {
		t.Error("Fixed: the fixed tables moved, or the others did not")
	}
	if calls != 1 {
		t.Errorf("Progress called %d times in 60 iterations, want 1", calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Fit(ctx, fc, w0, k0, train); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled fit: %v", err)
	}
}

// TestGenEval: the players of EvalRules search with the ruleset's
// Estimate, those of EvalRow with the row evaluation, so the same games
// (seed, openings) are played otherwise; both names read back.
func TestGenEval(t *testing.T) {
	ctx := context.Background()
	c := smallConfig()
	c.Depth = 4
	row, err := run(t, ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	c.Eval = EvalRules
	rules, err := run(t, ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(row, rules) {
		t.Error("the games of EvalRules are those of EvalRow")
	}
	for _, e := range []GenEval{EvalRow, EvalRules} {
		if got, err := ParseGenEval(e.String()); got != e || err != nil {
			t.Errorf("ParseGenEval(%q) = %v, %v", e, got, err)
		}
	}
}
