package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/sowing-games/sowing/examples/internal/matchfiles"
	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = "tournament [game flags] -a SPEC -b SPEC [-games N] [-parallel P] [-seed N] [-random-plies N] [-max-plies N]\n" +
	"       [-endgame DIR [-endgame-stones K] [-endgame-approx] [-endgame-for a|b|both]] [-records FILE] [-results FILE] [-shard i/K] [-resume] [-quiet]\n" +
	"       tournament merge [-records FILE] [-quiet] PART...   (the -results files of the shards of one match)"

// flagOf names the flag of each match.Config field.
var flagOf = map[string]string{"Games": "-games", "Parallel": "-parallel", "MaxPlies": "-max-plies", "RandomPlies": "-random-plies", "Shard": "-shard"}

// options are the flags that are not in the match's Config.
type options struct {
	records, results string
	quiet            bool
	resume           bool
	resumed          int    // games of the -results FILE.partial resumed
	egDesc           string // the header's words on the endgame databases
}

// parse reads the command line into a match; on failure or -h it has
// written what to say and returns the exit status.
func parse(args []string, stdout, stderr io.Writer) (*match.Config, *options, int) {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	rf := rulesflags.Register(fs)
	c, o := &match.Config{Event: "tournament", Forfeits: uci.Forfeits}, &options{}
	specA := fs.String("a", "", "player A's `SPEC`: random, greedy, alphabeta:depth=8, mcts:playouts=20000, ... (uci.ParseEngine)")
	specB := fs.String("b", "", "player B's `SPEC`, like -a")
	fs.IntVar(&c.Games, "games", 10, fmt.Sprintf("`N` games, 1 to %d", match.MaxGames))
	fs.IntVar(&c.Parallel, "parallel", runtime.GOMAXPROCS(0), fmt.Sprintf("`P` games played at once, 1 to %d on this machine (%d per CPU)", match.MaxParallel(), match.ParallelPerCPU))
	rulesflags.Alias(fs, "workers", "parallel")
	seed := fs.Int64("seed", 1, "`N` seeds the players and the openings (any integer; the same N, the same match)")
	fs.IntVar(&c.MaxPlies, "max-plies", match.DefaultMaxPlies, fmt.Sprintf("cap of `N` moves (1 to %d) on every game; a capped game is scored by the stores", match.MaxMaxPlies))
	fs.StringVar(&o.records, "records", "", "write the games as records to `FILE` (record text, or JSON lines if FILE ends in .json or .jsonl), for replay -record")
	fs.StringVar(&o.results, "results", "", "write the games' results as JSON lines to `FILE`, for tournament merge")
	shard := fs.String("shard", "", "play shard `i/K` of the match only (games i+1, i+1+K, ...; auto/K: i from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID); needs -results")
	fs.IntVar(&c.RandomPlies, "random-plies", 0, fmt.Sprintf("open each pair of games (1 and 2, 3 and 4, ...) with the same `N` random moves (0 to %d), A playing South in one and North in the other", match.MaxRandomPlies))
	eg := rulesflags.RegisterEndgame(fs)
	endgameFor := fs.String("endgame-for", "both", "with -endgame: which players search with the databases, `a|b|both`: A, B or both")
	fs.BoolVar(&o.resume, "resume", false, "go on with a match that stopped early (the same command line) from the games in its -results FILE.partial")
	fs.BoolVar(&o.quiet, "quiet", false, "write no progress lines on standard error")
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return nil, nil, status
	}
	bad := func(format string, args ...any) (*match.Config, *options, int) {
		fmt.Fprintf(stderr, "tournament: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return nil, nil, rulesflags.ExitUsage
	}
	c.Seed = uint64(*seed)
	var err error
	switch {
	case *specA == "":
		return bad("-a: missing player spec, such as -a greedy")
	case *specB == "":
		return bad("-b: missing player spec, such as -b random")
	case c.Parallel < 1:
		return bad("-parallel: want 1 to %d on this machine (%d per CPU), not %d", match.MaxParallel(), match.ParallelPerCPU, c.Parallel)
	case c.MaxPlies < 1:
		return bad("-max-plies: want 1 to %d, not %d", match.MaxMaxPlies, c.MaxPlies)
	}
	if c.Shard, err = match.ParseShard(*shard, os.Getenv); err != nil {
		return bad("-shard: %w", err)
	}
	if c.Shard.Count > 0 && o.results == "" {
		return bad("-shard: a shard needs -results FILE, for tournament merge")
	}
	use := map[string][2]bool{"a": {true, false}, "b": {false, true}, "both": {true, true}}[*endgameFor]
	if use == [2]bool{} {
		return bad("-endgame-for: want a, b or both, not %s", rulesflags.Quote(*endgameFor))
	}
	for _, s := range []struct{ flag, spec string }{{"-a", *specA}, {"-b", *specB}} {
		if _, err := search.ParseEngine(s.spec, 0); err != nil && !strings.HasPrefix(s.spec, "uci:") {
			return bad("%s: %w", s.flag, err) // uci: specs are checked when the engine starts
		}
	}
	if c.Rules, err = rf.Ruleset(); err != nil {
		return bad("%w", err)
	}
	db, err := eg.Load(c.Rules)
	if err != nil {
		fmt.Fprintf(stderr, "tournament: %s\n", rulesflags.Line(err))
		return nil, nil, rulesflags.EndgameStatus(err)
	}
	if db == nil && rf.Set("endgame-for") {
		return bad("-endgame-for applies only with -endgame DIR")
	}
	c.A, c.B = player(*specA, db, use[0]), player(*specB, db, use[1])
	if db != nil {
		users := map[[2]bool]string{{true, false}: "A only", {false, true}: "B only", {true, true}: "A and B"}[use]
		switch {
		case db.HasBounds():
			o.egDesc = fmt.Sprintf(", endgame bound tables (counts 0 to %d) for %s", db.BoundsDB().Seeds(), users)
		default:
			o.egDesc = fmt.Sprintf(", endgame databases (counts 0 to %d) for %s", db.DB().Seeds(), users)
			if !db.Exact() {
				o.egDesc += " as estimates"
			}
		}
		if !o.quiet {
			fmt.Fprintf(stderr, "tournament: %s, for %s\n", db, users)
		}
	}
	if o.resume {
		if o.resumed, err = (matchfiles.Files{Records: o.records, Results: o.results}).Resume(c); err != nil {
			return bad("%w", err)
		}
	}
	if err := c.Check(); err != nil {
		var ce *match.ConfigError
		if errors.As(err, &ce) && flagOf[ce.Field] != "" {
			return bad("%s: %s", flagOf[ce.Field], ce.Msg)
		}
		return bad("%w", err)
	}
	return c, o, 0
}

// player is a player of uci.ParseEngine's spec, searching with db if use.
func player(spec string, db *rulesflags.Endgame, use bool) match.Player {
	p := match.Spec(spec, uci.ParseEngine)
	if db != nil && use {
		p.Wrap = db.Engine
	}
	return p
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runMerge(args[1:], stdout, stderr)
	}
	c, o, status := parse(args, stdout, stderr)
	if c == nil {
		return status
	}
	header := fmt.Sprintf("%v: A = %s, B = %s, %d games, seed %d", c.Rules, c.A.Name, c.B.Name, c.Games, int64(c.Seed))
	if c.Shard.Count > 0 {
		header += ", shard " + c.Shard.String()
	}
	if c.RandomPlies > 0 {
		header += fmt.Sprintf(", %d random plies a pair of games", c.RandomPlies)
	}
	if o.resume {
		header += fmt.Sprintf(", resumed after %d games", o.resumed)
	}
	fmt.Fprintln(stdout, header+o.egDesc)
	c.Forget, c.Records = true, o.records != "" || o.results != ""
	return report(stdout, stderr, o, c.Header(), func(emit func(match.Result) error) (match.Tally, error) {
		c.OnResult = emit
		rep, err := match.Run(ctx, *c)
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("interrupted after %d of %d games (the summary counts those)", rep.Tally.Games(), c.Games)
			if o.results != "" {
				err = fmt.Errorf("%w; the same command with -resume goes on from %s", err, matchfiles.Files{Results: o.results}.Partial())
			}
		}
		return rep.Tally, err
	})
}

// runMerge is tournament merge: it merges the -results files of the shards
// of one match and reports it as one run would.
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tournament merge", flag.ContinueOnError)
	o := &options{quiet: true}
	fs.StringVar(&o.records, "records", "", "write the games as records to `FILE`, as tournament -records does")
	fail := func(err error) int {
		fmt.Fprintf(stderr, "tournament merge: %s\n", rulesflags.Line(err))
		return rulesflags.ExitUsage
	}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: %s\n", usage)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return 0
	} else if err != nil {
		return fail(err)
	}
	if fs.NArg() == 0 {
		return fail(errors.New("want the -results files of the shards"))
	}
	parts, err := match.ReadParts(fs.Args()...)
	if err != nil {
		return fail(err)
	}
	rep, err := match.Merge(parts...)
	if err != nil {
		return fail(err)
	}
	h := parts[0].Header
	fmt.Fprintf(stdout, "%s: A = %s, B = %s, %d games, seed %d, merged from %d parts\n", h.Rules, h.A, h.B, h.Games, int64(h.Seed), len(parts))
	return report(stdout, stderr, o, h, func(emit func(match.Result) error) (match.Tally, error) {
		for _, r := range rep.Results {
			if err := emit(r); err != nil {
				return rep.Tally, err
			}
		}
		return rep.Tally, nil
	})
}

// report writes the games that play gives to emit, in game order: their
// lines on stdout (unless it is a terminal, where the progress line says
// it all), their records to o.records and their results to o.results
// (matchfiles: each written whole or not at all); then the summary of the
// tally play returns. It returns the exit status.
func report(stdout, stderr io.Writer, o *options, h match.Header, play func(emit func(match.Result) error) (match.Tally, error)) int {
	lines := !progress.IsTerminal(stdout)
	var t match.Tally
	files := matchfiles.Files{Records: o.records, Results: o.results}
	err := files.Write(h, func(write func(match.Result) error) error {
		var finished atomic.Int64
		meter := progress.New(stderr, o.quiet)
		meter.Every(func() string { return fmt.Sprintf("tournament: %d/%d games", finished.Load(), h.Games) })
		defer meter.Stop()
		var err error
		t, err = play(func(r match.Result) error {
			finished.Add(1)
			if lines {
				meter.Clear()
				fmt.Fprintln(stdout, r.Line(h.Games))
			}
			return write(r)
		})
		return err
	})
	if t.Games() > 0 {
		fmt.Fprint(stdout, t.Summary())
	}
	if err != nil {
		fmt.Fprintf(stderr, "tournament: %s\n", rulesflags.Line(err))
		return rulesflags.ExitFailure
	}
	return 0
}
