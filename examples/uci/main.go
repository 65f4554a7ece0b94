package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/sowing-games/sowing/mancala/uci"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "match" {
		return runMatch(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	rules := fs.String("rules", uci.DefaultRules, "rules preset: abapa, awari or default")
	level := fs.String("level", "max", "strength level: easy, medium, hard or max")
	hash := fs.Int("hash", uci.DefaultHashMB, "table size in MB")
	name := fs.String("name", "sowing", "the engine's id name")
	threads := fs.Int("threads", 1, "search threads")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: uci [-rules PRESET] [-level LEVEL] [-hash MB] [-name NAME]   (engine on stdin/stdout)")
			fmt.Fprintln(stdout, "       uci match -a SPEC -b SPEC [flags]                           (see uci match -h)")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fmt.Fprintln(stdout, "flags of uci match:")
			mfs, _ := matchFlags(&matchConfig{}, stdout)
			mfs.SetOutput(stdout)
			mfs.PrintDefaults()
			return 0
		}
		return 2
	}
	if *hash < 1 || *hash > uci.MaxHashMB {
		fmt.Fprintf(stderr, "uci: -hash %d: want 1 to %d\n", *hash, uci.MaxHashMB)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "uci: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := uci.Serve(ctx, stdin, stdout, uci.EngineConfig{Name: *name, Rules: *rules, Level: *level, HashMB: *hash, Threads: *threads})
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
