package match_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// small returns Awalé on a small board: quick games.
func small(t testing.TB, houses, seeds int) mancala.Ruleset {
	t.Helper()
	o := awale.Abapa()
	o.Houses, o.Seeds = houses, seeds
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func config(r mancala.Ruleset, a, b string, games int) match.Config {
	return match.Config{Rules: r, A: match.Spec(a, search.ParseEngine), B: match.Spec(b, search.ParseEngine), Games: games, Seed: 7}
}

func run(t tb, c match.Config) *match.Report {
	t.Helper()
	rep, err := match.Run(context.Background(), c)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// encode returns the report as JSON, to compare reports whole.
func encode(t tb, rep *match.Report) string {
	t.Helper()
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkReport checks what every report must hold: games numbered from 1
// in order, A South in the odd ones, scores that follow from the stores
// (or a forfeit), and a tally that adds up.
func checkReport(t tb, rep *match.Report, games int) {
	t.Helper()
	if len(rep.Results) != games || rep.Tally.Games() != games {
		t.Fatalf("%d results, tally of %d; want %d", len(rep.Results), rep.Tally.Games(), games)
	}
	var tl match.Tally
	for i, r := range rep.Results {
		if r.Game != i+1 || r.ASouth != (r.Game%2 == 1) {
			t.Fatalf("result %d is game %d, A south %v", i, r.Game, r.ASouth)
		}
		a, b := r.Stores[0], r.Stores[1]
		if !r.ASouth {
			a, b = b, a
		}
		want := 0.5
		switch {
		case a > b:
			want = 1
		case a < b:
			want = 0
		}
		if r.Forfeit == nil && r.Score != want {
			t.Errorf("game %d: score %v, stores %v", r.Game, r.Score, r.Stores)
		}
		if r.Forfeit == nil && !r.Capped && r.Ending.Reason == mancala.EndNone {
			t.Errorf("game %d: no ending", r.Game)
		}
		tl.Add(r.Score)
	}
	if tl != rep.Tally {
		t.Errorf("tally %+v, results say %+v", rep.Tally, tl)
	}
}

// TestResultsIndependentOfParallel is a property: whatever the seed, the
// number of games, the openings and the cap, the report is that of one
// game at a time, games are numbered from 1 and the tally adds up.
func TestResultsIndependentOfParallel(t *testing.T) {
	r := small(t, 4, 2)
	rapid.Check(t, func(rt *rapid.T) {
		c := config(r, "greedy", "random", rapid.IntRange(1, 12).Draw(rt, "games"))
		c.Seed = rapid.Uint64().Draw(rt, "seed")
		c.RandomPlies = rapid.IntRange(0, 4).Draw(rt, "randomPlies")
		c.MaxPlies = rapid.SampledFrom([]int{0, 5, 40}).Draw(rt, "maxPlies")
		c.Records = true
		c.Parallel = 1
		one := run(rt, c)
		checkReport(rt, one, c.Games)
		c.Parallel = rapid.IntRange(2, 8).Draw(rt, "parallel")
		var order []int
		c.OnResult = func(res match.Result) error { order = append(order, res.Game); return nil }
		many := run(rt, c)
		if a, b := encode(rt, one), encode(rt, many); a != b {
			rt.Fatalf("Parallel 1 and %d differ:\n%s\n%s", c.Parallel, a, b)
		}
		for i, g := range order {
			if g != i+1 {
				rt.Fatalf("OnResult order %v", order)
			}
		}
	})
}

func TestSeedMatters(t *testing.T) {
	r := small(t, 4, 2)
	seen := map[string]bool{}
	for s := range uint64(4) {
		c := config(r, "random", "random", 2)
		c.Seed = s
		seen[encode(t, run(t, c))] = true
	}
	if len(seen) < 2 {
		t.Errorf("four seeds gave the same match")
	}
}

// TestShards: a match split into 3 shards, each written and read back as
// JSON lines, merges into exactly the report of one run; with an SPRT
// too, which the merge applies where one run stops.
func TestShards(t *testing.T) {
	r := small(t, 4, 2)
	for _, sprt := range []*match.SPRT{nil, {Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}} {
		c := config(r, "greedy", "random", 20)
		c.Records, c.RandomPlies, c.SPRT = true, 2, sprt
		one := run(t, c)
		if sprt != nil && (one.Verdict == match.Undecided || len(one.Results) == 20) {
			t.Fatalf("the SPRT did not stop the match: %+v", one.Tally)
		}
		var parts []*match.Part
		for i := range 3 {
			c.Shard = match.Shard{Index: i, Count: 3}
			var buf bytes.Buffer
			w, err := match.NewWriter(&buf, c.Header())
			if err != nil {
				t.Fatal(err)
			}
			c.OnResult = w.Write
			rep := run(t, c)
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			for j, res := range rep.Results {
				if res.Game != i+1+3*j {
					t.Fatalf("shard %d: game %d at %d", i, res.Game, j)
				}
			}
			p, err := match.ReadPart(&buf)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p)
		}
		slices.Reverse(parts) // any order
		merged, err := match.Merge(parts...)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := encode(t, one), encode(t, merged); a != b {
			t.Errorf("SPRT %v: one run and the merged shards differ:\n%s\n%s", sprt, a, b)
		}
		for i := range one.Results {
			if !one.Results[i].Record.Equal(merged.Results[i].Record) {
				t.Errorf("game %d: records differ", i+1)
			}
		}
		if _, err := match.Merge(parts[:2]...); !errors.Is(err, match.ErrConfig) {
			t.Errorf("two shards of three: %v", err)
		}
		if _, err := match.Merge(parts[0], parts[0], parts[1]); !errors.Is(err, match.ErrConfig) {
			t.Errorf("a shard twice: %v", err)
		}
		other := *parts[1]
		other.Header.MaxPlies++
		if _, err := match.Merge(parts[0], &other, parts[2]); !errors.Is(err, match.ErrConfig) {
			t.Errorf("a shard of another cap: %v", err)
		}
	}
}

// TestResume is a property: a run stopped after any number of games
// (whole or a shard), its results written and read back, resumed with
// Part.Resume, reports exactly what one run does, and plays only the
// games after the stop.
func TestResume(t *testing.T) {
	r := small(t, 4, 2)
	errStop := errors.New("stop")
	rapid.Check(t, func(rt *rapid.T) {
		c := config(r, "greedy", "random", rapid.IntRange(1, 10).Draw(rt, "games"))
		c.Records, c.RandomPlies = true, 2
		c.Seed = rapid.Uint64().Draw(rt, "seed")
		if rapid.Bool().Draw(rt, "shard") {
			k := rapid.IntRange(1, 3).Draw(rt, "count")
			c.Shard = match.Shard{Index: rapid.IntRange(0, k-1).Draw(rt, "index"), Count: k}
		}
		c.Parallel = rapid.IntRange(1, 3).Draw(rt, "parallel")
		one := run(rt, c)
		stopAt := rapid.IntRange(0, len(one.Results)).Draw(rt, "stopAt")
		var buf bytes.Buffer
		w, err := match.NewWriter(&buf, c.Header())
		if err != nil {
			rt.Fatal(err)
		}
		first := c
		n := 0
		first.OnResult = func(res match.Result) error {
			if n == stopAt {
				return errStop
			}
			n++
			return w.Write(res)
		}
		if _, err := match.Run(context.Background(), first); stopAt < len(one.Results) && !errors.Is(err, errStop) {
			rt.Fatalf("stopped run: %v", err)
		}
		if err := w.Flush(); err != nil {
			rt.Fatal(err)
		}
		p, err := match.ReadPart(&buf)
		if err != nil {
			rt.Fatal(err)
		}
		again := c
		if err := p.Resume(&again); err != nil {
			rt.Fatal(err)
		}
		var played []int
		again.A.New = func(game int, side mancala.Player, seed uint64) (search.Engine, error) {
			played = append(played, game) // under the game's own goroutine, but Parallel 1 below
			return c.A.New(game, side, seed)
		}
		again.Parallel = 1
		resumed := run(rt, again)
		if a, b := encode(rt, one), encode(rt, resumed); a != b {
			rt.Fatalf("stopped after %d and resumed differs from one run:\n%s\n%s", stopAt, a, b)
		}
		for _, g := range played {
			for _, res := range p.Results {
				if res.Game == g {
					rt.Fatalf("game %d played again after the resume", g)
				}
			}
		}
		if len(played) != len(one.Results)-stopAt {
			rt.Fatalf("resumed after %d of %d games: played %v", stopAt, len(one.Results), played)
		}
	})
	c := config(r, "greedy", "random", 4)
	other := config(r, "greedy", "random", 6)
	p := &match.Part{Header: other.Header()}
	if err := p.Resume(&c); !errors.Is(err, match.ErrConfig) {
		t.Errorf("results of another match: %v", err)
	}
	c.Played = []match.Result{{Game: 2}}
	if _, err := match.Run(context.Background(), c); !errors.Is(err, match.ErrConfig) {
		t.Errorf("game 2 first: %v", err)
	}
	c.Played = make([]match.Result, 5)
	for i := range c.Played {
		c.Played[i].Game = i + 1
	}
	if _, err := match.Run(context.Background(), c); !errors.Is(err, match.ErrConfig) {
		t.Errorf("5 results of a 4-game match: %v", err)
	}
}

func TestParseShard(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	for _, tt := range []struct {
		s    string
		env  map[string]string
		want match.Shard
		ok   bool
	}{
		{"", nil, match.Shard{}, true},
		{"0/3", nil, match.Shard{0, 3}, true},
		{"2/3", nil, match.Shard{2, 3}, true},
		{"3/3", nil, match.Shard{}, false},
		{"-1/3", nil, match.Shard{}, false},
		{"1/0", nil, match.Shard{}, false},
		{"1", nil, match.Shard{}, false},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "3"}, match.Shard{3, 4}, true},
		{"auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, match.Shard{1, 4}, true},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "1"}, match.Shard{0, 4}, true},
		{"auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "4"}, match.Shard{}, false},
		{"auto/4", nil, match.Shard{}, false},
	} {
		env = tt.env
		got, err := match.ParseShard(tt.s, getenv)
		if tt.ok && (err != nil || got != tt.want) || !tt.ok && !errors.Is(err, match.ErrConfig) {
			t.Errorf("ParseShard(%q) with %v = %v, %v", tt.s, tt.env, got, err)
		}
	}
}

// TestSPRTStops: the SPRT stops at the same game whatever Parallel.
func TestSPRTStops(t *testing.T) {
	c := config(small(t, 4, 2), "greedy", "random", 200)
	c.SPRT = &match.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	c.RandomPlies = 2
	c.Parallel = 1
	one := run(t, c)
	if one.Verdict != match.AcceptH1 || len(one.Results) >= 200 {
		t.Fatalf("verdict %v after %d games", one.Verdict, len(one.Results))
	}
	lo, hi := c.SPRT.Bounds()
	if one.LLR < hi || one.LLR <= lo {
		t.Errorf("LLR %v, bounds %v, %v", one.LLR, lo, hi)
	}
	c.Parallel = 6
	if a, b := encode(t, one), encode(t, run(t, c)); a != b {
		t.Errorf("Parallel 1 and 6 differ:\n%s\n%s", a, b)
	}
}

func TestConfigErrors(t *testing.T) {
	r := small(t, 4, 2)
	for _, tt := range []struct {
		field string
		edit  func(*match.Config)
	}{
		{"Rules", func(c *match.Config) { c.Rules = nil }},
		{"A", func(c *match.Config) { c.A.New = nil }},
		{"Games", func(c *match.Config) { c.Games = 0 }},
		{"Games", func(c *match.Config) { c.Games = match.MaxGames + 1 }},
		{"Parallel", func(c *match.Config) { c.Parallel = 1000 }},
		{"Parallel", func(c *match.Config) { c.Parallel = match.MaxParallel() + 1 }},
		{"MaxPlies", func(c *match.Config) { c.MaxPlies = -1 }},
		{"RandomPlies", func(c *match.Config) { c.RandomPlies = match.MaxRandomPlies + 1 }},
		{"Balanced", func(c *match.Config) { c.Balanced = &match.Balanced{Within: mathNaN()} }},
		{"SPRT", func(c *match.Config) { c.SPRT = &match.SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05} }},
		{"SPRT", func(c *match.Config) { c.SPRT = &match.SPRT{Elo0: 0, Elo1: 5} }},
		{"Shard", func(c *match.Config) { c.Shard = match.Shard{Index: 3, Count: 3} }},
	} {
		c := config(r, "random", "random", 2)
		tt.edit(&c)
		started := false
		c.A.New = func(int, mancala.Player, uint64) (search.Engine, error) { started = true; return nil, errors.New("no") }
		if tt.field == "A" {
			c.A.New = nil
		}
		rep, err := match.Run(context.Background(), c)
		var ce *match.ConfigError
		if !errors.As(err, &ce) || ce.Field != tt.field || !errors.Is(err, match.ErrConfig) || rep != nil || started {
			t.Errorf("%s: %v, %v (started %v); want a *ConfigError before any game", tt.field, rep, err, started)
		}
	}
	c := config(r, "random", "random", 2)
	c.Parallel = 1000
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "per CPU") {
		t.Errorf("Parallel 1000: %v", err)
	}
}

var errCrash = errors.New("engine crashed")

// crashing fails at its start, or at its nth Choose.
type crashing struct{ n int }

func (e *crashing) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	if e.n--; e.n <= 0 {
		return mancala.Move{}, fmt.Errorf("at %d: %w", g.Ply(), errCrash)
	}
	return search.NewRandom(1).Choose(ctx, g, side)
}

func TestForfeits(t *testing.T) {
	r := small(t, 4, 2)
	c := config(r, "greedy", "random", 4)
	c.Forfeits = func(err error) bool { return errors.Is(err, errCrash) }
	c.B.New = func(game int, _ mancala.Player, _ uint64) (search.Engine, error) {
		if game == 2 {
			return nil, fmt.Errorf("cannot start: %w", errCrash)
		}
		return &crashing{n: 2}, nil
	}
	c.Records = true
	rep := run(t, c)
	checkReport(t, rep, 4)
	for _, res := range rep.Results {
		if res.Forfeit == nil || res.Forfeit.Player != "B" || res.Score != 1 {
			t.Fatalf("game %d: %+v; want B to forfeit", res.Game, res)
		}
		if res.Game == 2 {
			if res.Forfeit.Move != 0 || res.Record != nil || !strings.Contains(res.Forfeit.String(), "B forfeits at its start: cannot start") {
				t.Errorf("game 2: %v", res.Forfeit)
			}
		} else if res.Forfeit.Move == 0 || !strings.HasPrefix(res.Forfeit.String(), fmt.Sprintf("B forfeits at move %d: ", res.Forfeit.Move)) {
			t.Errorf("game %d: %v", res.Game, res.Forfeit)
		}
	}
	// Without Forfeits, the crash stops the match.
	c.Forfeits = nil
	rep, err := match.Run(context.Background(), c)
	var ge *match.GameError
	if !errors.As(err, &ge) || ge.Game != 1 || !errors.Is(err, errCrash) || len(rep.Results) != 0 {
		t.Errorf("Run = %v, %v; want game 1's error", rep, err)
	}
}

func TestCapped(t *testing.T) {
	c := config(small(t, 6, 4), "random", "random", 2)
	c.MaxPlies, c.Records, c.Event = 3, true, "test"
	rep := run(t, c)
	checkReport(t, rep, 2)
	for _, res := range rep.Results {
		rec := res.Record
		if !res.Capped || res.Plies != 3 || res.Ending != (mancala.Ending{}) || rec.Ending != record.Adjudicated ||
			rec.Result == mancala.Ongoing || !strings.Contains(rec.Comments[3], "capped at 3 moves") || rec.Tags.Get("Event") != "test" {
			t.Errorf("game %d: %+v, record %v", res.Game, res, rec)
		}
	}
}

// TestOpenings: the two games of a pair open alike, with a comment where
// the opening ends; pairs differ.
func TestOpenings(t *testing.T) {
	for _, bal := range []*match.Balanced{nil, {Plies: 3, Within: 48, Depth: 2}} {
		c := config(small(t, 6, 4), "greedy", "greedy", 6)
		c.RandomPlies, c.Balanced, c.Records = 3, bal, true
		rep := run(t, c)
		checkReport(t, rep, 6)
		var opens [][]mancala.Move
		for _, res := range rep.Results {
			if !strings.HasPrefix(res.Record.Comments[3], "the 3 random moves of the") {
				t.Errorf("game %d: comments %v", res.Game, res.Record.Comments)
			}
			opens = append(opens, res.Record.Moves[:3])
		}
		for p := 0; p < 3; p++ {
			if !slices.Equal(opens[2*p], opens[2*p+1]) {
				t.Errorf("balanced %v: pair %d opens differently: %v", bal, p, opens)
			}
		}
		if slices.Equal(opens[0], opens[2]) && slices.Equal(opens[2], opens[4]) {
			t.Errorf("balanced %v: every pair opens alike: %v", bal, opens)
		}
	}
	// No ply: one opening, the start, for every pair.
	c := config(small(t, 4, 2), "greedy", "greedy", 4)
	c.Balanced = &match.Balanced{Within: 100, Depth: 1}
	checkReport(t, run(t, c), 4)
}

func TestStops(t *testing.T) {
	r := small(t, 4, 2)
	// OnResult's error stops the match.
	boom := errors.New("disk full")
	c := config(r, "greedy", "random", 50)
	c.Parallel = 2
	c.OnResult = func(res match.Result) error {
		if res.Game == 6 {
			return boom
		}
		return nil
	}
	rep, err := match.Run(context.Background(), c)
	if !errors.Is(err, boom) || len(rep.Results) != 5 {
		t.Errorf("Run = %d results, %v; want 5 and the OnResult error", len(rep.Results), err)
	}
	// A cancelled context stops it at once: a huge match allocates nothing
	// per game.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c = config(r, "random", "random", match.MaxGames)
	c.Forget = true
	rep, err = match.Run(ctx, c)
	if !errors.Is(err, context.Canceled) || rep == nil || rep.Tally.Games() != 0 {
		t.Errorf("cancelled: %v, %v", rep, err)
	}
}

// TestGamesInFlight: while game 1 is slow, later games finish and wait,
// but none starts more than 2·Parallel games ahead of the last reported.
func TestGamesInFlight(t *testing.T) {
	const games, parallel = 40, 2
	var started, reported atomic.Int64
	release := make(chan struct{})
	var bad atomic.Int64
	c := config(small(t, 4, 2), "random", "random", games)
	c.Parallel, c.Forget = parallel, true
	c.A.New = func(game int, _ mancala.Player, seed uint64) (search.Engine, error) {
		if int64(game) > reported.Load()+2*parallel {
			bad.CompareAndSwap(0, int64(game))
		}
		if started.Add(1) == 2*parallel {
			close(release)
		}
		if game == 1 {
			<-release
		}
		return search.NewRandom(seed), nil
	}
	c.OnResult = func(match.Result) error { reported.Add(1); return nil }
	rep := run(t, c)
	if rep.Tally.Games() != games || len(rep.Results) != 0 {
		t.Errorf("tally %+v, %d results kept", rep.Tally, len(rep.Results))
	}
	if b := bad.Load(); b != 0 {
		t.Errorf("game %d started more than %d games ahead of those reported", b, 2*parallel)
	}
}
