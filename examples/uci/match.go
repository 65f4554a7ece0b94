package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/examples/internal/matchfiles"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
)

// matchConfig is the command line of uci match.
type matchConfig struct {
	specA, specB string
	games        int
	openings     int
	plies        int
	balance      float64
	parallel     int
	maxPlies     int
	files        matchfiles.Files // -records FILE, -results FILE
}

// matchOptions holds the flags of uci match that are not in matchConfig.
type matchOptions struct {
	seed   *uint64
	sprt   *string
	preset *string
	shard  *string
	resume *bool
}

// matchFlags defines the flags of uci match into c.
func matchFlags(c *matchConfig, stderr io.Writer) (*flag.FlagSet, matchOptions) {
	fs := flag.NewFlagSet("uci match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	fs.StringVar(&c.specA, "a", "", "player A (see the command's doc)")
	fs.StringVar(&c.specB, "b", "", "player B")
	fs.IntVar(&c.games, "games", 200, "games (at most; an even number: each opening twice)")
	fs.IntVar(&c.openings, "openings", 0, "distinct openings (0: games/2)")
	fs.IntVar(&c.plies, "plies", 6, "random plies of an opening")
	fs.Float64Var(&c.balance, "balance", 2, "keep openings whose depth-8 value is within this many seeds (a finite number)")
	fs.IntVar(&c.parallel, "parallel", runtime.GOMAXPROCS(0), fmt.Sprintf("games at once, 1 to %d on this machine (%d per CPU)", match.MaxParallel(), match.ParallelPerCPU))
	rulesflags.Alias(fs, "workers", "parallel")
	fs.IntVar(&c.maxPlies, "max-plies", 400, "a game still going on after this many plies is scored by the stores")
	fs.StringVar(&c.files.Records, "records", "", "write the games as records to `FILE` (record text, or JSON lines if FILE ends in .json or .jsonl), for replay -record")
	fs.StringVar(&c.files.Results, "results", "", "write the games' results as JSON lines to `FILE`, for uci match merge")
	var o matchOptions
	o.seed = fs.Uint64("seed", 1, "seed of the openings and the players")
	o.sprt = fs.String("sprt", "", "ELO0,ELO1[,ALPHA,BETA]: stop when a sequential probability ratio test decides (ALPHA, BETA: 0.05)")
	o.preset = fs.String("rules", "", rulesUsage)
	o.shard = fs.String("shard", "", "play shard `i/K` only (games i+1, i+1+K, ...; auto/K: i from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID); needs -results")
	o.resume = fs.Bool("resume", false, "go on with a match that stopped early (the same command line) from the games in its -results FILE.partial")
	return fs, o
}

// matchFlagOf names the flag of each match.Config field.
var matchFlagOf = map[string]string{"Games": "-games", "Parallel": "-parallel", "MaxPlies": "-max-plies", "Balanced": "-balance", "SPRT": "-sprt", "Shard": "-shard"}

// runMatch is uci match, on package mancala/match: games numbered from 1,
// A South in the odd ones, each pair of games from one balanced opening
// (match.Balanced: -plies random moves kept when a depth-8 search values
// them within -balance seeds, a finite number), engines seeded from -seed
// and the game's number alone, so that the output does not depend on
// -parallel (at most match.MaxParallel: more is refused). An engine whose
// error uci.Forfeits accepts loses that game; any other error stops the
// match. -sprt ELO0,ELO1[,ALPHA,BETA] stops after the first game, in game
// order, at which the test decides. -shard i/K with -results FILE plays
// one shard; uci match merge FILE... reports the merged shards as one run.
// -resume goes on with a match that stopped early from its
// -results FILE.partial (matchfiles).
func runMatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runMerge(args[1:], stdout, stderr)
	}
	var c matchConfig
	fs, mo := matchFlags(&c, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: uci match -a SPEC -b SPEC [-games N] [-openings N] [-sprt ELO0,ELO1[,ALPHA,BETA]] [-records FILE] [-shard i/K -results FILE] [-resume] [flags]")
			fmt.Fprintln(stdout, "       uci match merge PART...   (the -results files of the shards of one match)")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "uci match: "+format+"\n", a...)
		return 2
	}
	if c.specA == "" || c.specB == "" {
		return bad("want -a and -b")
	}
	if c.games < 2 || c.parallel < 1 || c.plies < 0 || c.maxPlies < 1 {
		return bad("want -games >= 2, -parallel >= 1, -plies >= 0, -max-plies >= 1")
	}
	if math.IsNaN(c.balance) || math.IsInf(c.balance, 0) || c.balance < 0 {
		return bad("-balance %v: want a finite number of seeds, 0 or more", c.balance)
	}
	c.games -= c.games % 2
	if c.openings <= 0 || c.openings > c.games/2 {
		c.openings = c.games / 2
	}
	mc := match.Config{
		Games: c.games, Seed: *mo.seed, Parallel: c.parallel, MaxPlies: c.maxPlies, Forfeits: uci.Forfeits,
		Balanced: &match.Balanced{Plies: c.plies, Within: c.balance, Openings: c.openings},
		Records:  c.files.Any(), Event: "uci match",
	}
	if *mo.sprt != "" {
		f := strings.Split(*mo.sprt, ",")
		v := []float64{0, 0, 0.05, 0.05}
		var err error
		for i := 0; i < len(f) && i < 4 && err == nil; i++ {
			v[i], err = strconv.ParseFloat(f[i], 64)
		}
		mc.SPRT = &match.SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
		if (len(f) != 2 && len(f) != 4) || err != nil || mc.SPRT.Elo1 <= mc.SPRT.Elo0 {
			return bad("-sprt %q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1", *mo.sprt)
		}
	}
	var err error
	if mc.Shard, err = match.ParseShard(*mo.shard, os.Getenv); err != nil {
		return bad("-shard: %v", err)
	}
	if mc.Shard.Count > 0 && c.files.Results == "" {
		return bad("-shard: a shard needs -results FILE, for uci match merge")
	}
	rules, err := rulesFor("", *mo.preset)
	if err != nil {
		return bad("-rules: %v", err)
	}
	mc.Rules = rules
	for _, x := range []struct {
		who  string
		spec string
		p    *match.Player
	}{{"A", c.specA, &mc.A}, {"B", c.specB, &mc.B}} {
		play, eo, err := rulesflags.EndgameKeys(x.spec)
		if err != nil {
			return bad("%v", err)
		}
		p, err := players.Parse(play, 1)
		if err != nil {
			return bad("%v", err)
		}
		if c, ok := p.(io.Closer); ok {
			c.Close()
		}
		*x.p = match.Player{Name: x.spec, New: func(_ int, _ mancala.Player, seed uint64) (search.Engine, error) { return players.Parse(play, seed) }}
		if eo == nil {
			continue
		}
		eg, err := rulesflags.LoadEndgame(rules, *eo)
		if err != nil {
			fmt.Fprintf(stderr, "uci match: %s: %s\n", x.who, rulesflags.Line(err))
			return rulesflags.EndgameStatus(err)
		}
		x.p.Wrap = eg.Engine
		fmt.Fprintf(stderr, "uci match: %s: %s\n", x.who, eg)
	}
	resumed := 0
	if *mo.resume {
		if resumed, err = c.files.Resume(&mc); err != nil {
			return bad("%v", err)
		}
	}
	if err := mc.Check(); err != nil {
		var ce *match.ConfigError
		if errors.As(err, &ce) && matchFlagOf[ce.Field] != "" {
			return bad("%s: %s", matchFlagOf[ce.Field], ce.Msg)
		}
		return bad("%v", err)
	}
	fmt.Fprintf(stdout, "match: A %s\n       B %s\n       %v, up to %d openings of %d random plies (within %g seeds at depth 8), up to %d games, %d at once\n",
		c.specA, c.specB, rules, c.openings, c.plies, c.balance, c.games, c.parallel)
	if mc.Shard.Count > 0 {
		fmt.Fprintf(stdout, "       shard %s\n", mc.Shard)
	}
	if *mo.resume {
		fmt.Fprintf(stdout, "       resumed after %d games\n", resumed)
	}
	start := time.Now()
	var rep *match.Report
	err = c.files.Write(mc.Header(), func(emit func(match.Result) error) error {
		mc.OnResult = gameLine(stderr, mc.SPRT, emit)
		rep, err = match.Run(ctx, mc)
		return err
	})
	switch {
	case errors.Is(err, context.Canceled) && c.files.Results != "":
		fmt.Fprintf(stderr, "uci match: interrupted; the same command line with -resume goes on from %s\n", c.files.Partial())
	case err != nil && !errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "uci match: %v\n", err)
	}
	if rep == nil || rep.Tally.Games() == 0 {
		return 1
	}
	matchSummary(stdout, rep, mc.SPRT, time.Since(start))
	if err != nil {
		return 1
	}
	return 0
}
