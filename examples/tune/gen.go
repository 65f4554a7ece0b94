package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/awale/tune"
	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

func runGen(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := tune.DefaultGenConfig()
	fs := flag.NewFlagSet("tune gen", flag.ContinueOnError)
	fs.IntVar(&c.Games, "games", c.Games, "`N` games in the whole run, numbered 0 to N-1 (a shard plays its part)")
	fs.IntVar(&c.Depth, "depth", c.Depth, "search depth of both players")
	fs.IntVar(&c.RandomMin, "random-min", c.RandomMin, "fewest random plies that open a game")
	fs.IntVar(&c.RandomMax, "random-max", c.RandomMax, "most random plies that open a game")
	fs.IntVar(&c.Workers, "parallel", c.Workers, "`N` games played at once, each on its own goroutine")
	rulesflags.Alias(fs, "workers", "parallel")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "`N` seeds the openings (game g's from N and g alone)")
	eval := fs.String("eval", "row", "the players' evaluation: row (the row evaluation, as for the tables in the repository) or rules (Estimate's tables as built in)")
	shard := fs.String("shard", "", "`I/K`: play the games g with g mod K = I; auto/K takes I from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID")
	resume := fs.Bool("resume", false, "keep the games already in -o (written with the same flags) and play the others")
	duration := fs.Duration("duration", 0, "stop after this long (0: no limit), keeping the games finished")
	out := fs.String("o", "", "output `FILE` (required)")
	quiet := rulesflags.Quiet(fs)
	if st, ok := rulesflags.Parse(fs, args, "tune gen -o FILE [flags]", stdout, stderr); !ok {
		return st
	}
	var err error
	if c.Eval, err = tune.ParseGenEval(*eval); err != nil {
		return fail(stderr, "gen", rulesflags.ExitUsage, err)
	}
	if c.Shard, err = tune.ParseShard(*shard, os.LookupEnv); *out == "" {
		err = errors.New("want -o FILE (tune gen -h lists the flags)")
	}
	if err != nil {
		return fail(stderr, "gen", rulesflags.ExitUsage, err)
	}
	var old []byte
	if *resume {
		if old, err = os.ReadFile(*out); errors.Is(err, os.ErrNotExist) {
			err = nil
		} else if err == nil {
			err = c.Resume(bytes.NewReader(old))
		}
		if err != nil {
			return fail(stderr, "gen", rulesflags.ExitFailure, fmt.Errorf("-resume: %s: %w", *out, err))
		}
	}
	runCtx := ctx
	if *duration > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	var buf bytes.Buffer
	var games, positions atomic.Int64
	start := time.Now()
	meter := progress.New(stderr, *quiet)
	meter.Every(func() string {
		return fmt.Sprintf("tune gen: %d games, %d positions, %s", games.Load(), positions.Load(), time.Since(start).Round(time.Second))
	})
	err = tune.Generate(runCtx, c, func(_ int, recs []tune.Record) error {
		games.Add(1)
		positions.Add(int64(len(recs)))
		return tune.WriteRecords(&buf, recs)
	})
	meter.Stop()
	if err != nil && runCtx.Err() == nil {
		return fail(stderr, "gen", status(err), err)
	}
	var total int
	err = atomicfile.Write(*out, func(w io.Writer) (err error) {
		total, err = tune.Merge(w, bytes.NewReader(old), &buf)
		return err
	})
	if err != nil {
		return fail(stderr, "gen", rulesflags.ExitFailure, err)
	}
	fmt.Fprintf(stdout, "tune gen: %d games, %d positions in %s (shard %v, %d games in all)\n", games.Load(), positions.Load(), *out, c.Shard, total)
	if ctx.Err() != nil {
		return fail(stderr, "gen", rulesflags.ExitFailure, errors.New("interrupted: run it again with -resume to play the games left"))
	}
	return 0
}

func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune merge", flag.ContinueOnError)
	out := fs.String("o", "", "output `FILE` (required): the records of the SHARD files after it, in game order")
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: tune merge -o FILE SHARD...\n\nflags:\n")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return 0
	} else if err != nil || *out == "" || fs.NArg() == 0 {
		return fail(stderr, "merge", rulesflags.ExitUsage, errors.New("want -o FILE SHARD... (tune merge -h lists the flags)"))
	}
	var readers []io.Reader
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return fail(stderr, "merge", rulesflags.ExitFailure, err)
		}
		defer f.Close()
		readers = append(readers, f)
	}
	var games int
	err := atomicfile.Write(*out, func(w io.Writer) (err error) {
		games, err = tune.Merge(w, readers...)
		return err
	})
	if err != nil {
		return fail(stderr, "merge", rulesflags.ExitFailure, fmt.Errorf("%w (inputs 1 to %d: %q)", err, fs.NArg(), fs.Args()))
	}
	fmt.Fprintf(stdout, "tune merge: %d games from %d files in %s\n", games, fs.NArg(), *out)
	return 0
}
