package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/search"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start `position` (position text, or Aalina for awale); default the game's start")
	moves := fs.String("moves", "", "`moves` to play from the position before analysing it")
	depth := fs.Int("depth", 0, "deepest iteration, in decisions (`N`); 0: no limit")
	budget := fs.Duration("time", 10*time.Second, "time budget (`D`); 0: none")
	seed := fs.Uint64("seed", 1, "seed of the searcher's random stream (`S`)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: analyze [game flags] [-position TEXT] [-moves MOVES] [-depth N] [-time D] [-seed S]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "analyze: %v\n", err)
		return 2
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "analyze: "+format+"\n", args...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *depth < 0 || *depth > search.MaxDepth:
		return fail("-depth: want 0 to %d, not %d", search.MaxDepth, *depth)
	case *budget < 0:
		return fail("-time: want 0 or more, not %v", *budget)
	case *budget == 0 && *depth == 0:
		return fail("give -depth or -time: the search would not stop")
	}
	g, err := games.NewGame(*position)
	if err != nil {
		return fail("%v", err)
	}
	if err := g.PlayText(*moves); err != nil {
		return fail("-moves: %v", err)
	}
	if g.Over() {
		return fail("the game is over: nothing to analyse")
	}

	began := time.Now()
	if *budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *budget)
		defer cancel()
	}
	history := g.Positions()
	p := history[len(history)-1]
	history = history[:len(history)-1]
	for d := 1; *depth == 0 || d <= *depth; d++ {
		// A new searcher per depth: each iteration is a complete search to
		// depth d, reported on its own.
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: d, Seed: *seed})
		t0 := time.Now()
		res, err := ab.Search(ctx, g.Rules(), history, p)
		if err != nil {
			return fail("%v", err)
		}
		if res.Depth < d {
			break // cut short by the time budget
		}
		printResult(stdout, d, res, time.Since(t0))
		if res.Exact || d == search.MaxDepth {
			break
		}
	}
	fmt.Fprintf(stdout, "time %v\n", time.Since(began).Round(time.Millisecond))
	return 0
}

// printResult writes the lines of one completed iteration.
func printResult(w io.Writer, d int, res search.Result, took time.Duration) {
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d value %s", d, seeds(res.Value))
	if res.Exact {
		b.WriteString(" exact")
	}
	fmt.Fprintf(&b, " nodes %d time %v move %v pv", res.Nodes, took.Round(time.Microsecond), res.Move)
	for _, m := range res.PV {
		fmt.Fprintf(&b, " %v", m)
	}
	fmt.Fprintln(w, b.String())
	if ms := res.Mixed; ms != nil {
		fmt.Fprintln(w, strategy("south", 'A', ms.South))
		fmt.Fprintln(w, strategy("north", 'a', ms.North))
	}
}

// seeds writes a search value in seeds: proven results are kept in units
// of search.TerminalScale per seed.
func seeds(v float64) string {
	if v >= search.TerminalScale || v <= -search.TerminalScale {
		v /= search.TerminalScale
	}
	if math.Abs(v) < 0.0005 {
		v = 0 // no "-0.000" for a tiny negative
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// strategy writes one player's mixed strategy, a house letter and its
// probability for each house.
func strategy(side string, first byte, probs []float64) string {
	var b strings.Builder
	b.WriteString(side)
	for i, q := range probs {
		fmt.Fprintf(&b, " %c %.3f", first+byte(i), q)
	}
	return b.String()
}
