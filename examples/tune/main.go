package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/sowing-games/sowing/awale/tune"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `tune gen -o FILE [flags]          self-play records (a shard of them with -shard)
       tune merge -o FILE SHARD...       the shards' records as one run's
       tune fit -i FILE [-o GOFILE] [flags]   fit the tables`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintf(stderr, "usage: %s\n", usage)
		return rulesflags.ExitUsage
	}
	switch args[0] {
	case "gen":
		return runGen(ctx, args[1:], stdout, stderr)
	case "merge":
		return runMerge(args[1:], stdout, stderr)
	case "fit":
		return runFit(ctx, args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(stdout, "usage: %s\n", usage)
		for _, cmd := range []func([]string, io.Writer, io.Writer) int{
			func(a []string, o, e io.Writer) int { return runGen(ctx, a, o, e) }, runMerge,
			func(a []string, o, e io.Writer) int { return runFit(ctx, a, o, e) },
		} {
			fmt.Fprintln(stdout)
			cmd([]string{"-h"}, stdout, stderr)
		}
		return 0
	}
	fmt.Fprintf(stderr, "tune: unknown command %s (want gen, merge or fit; tune -h lists them)\n", rulesflags.Quote(args[0]))
	return rulesflags.ExitUsage
}

// fail writes "tune CMD: err" on stderr and returns status.
func fail(stderr io.Writer, cmd string, status int, err error) int {
	fmt.Fprintf(stderr, "tune %s: %s\n", cmd, rulesflags.Line(err))
	return status
}

// status is the exit status of err: a usage error for a bad configuration.
func status(err error) int {
	if errors.Is(err, tune.ErrConfig) {
		return rulesflags.ExitUsage
	}
	return rulesflags.ExitFailure
}
