// Command kalah solves Kalah exactly with the solver of package
// mancala/search, on the ruleset of package kalah beside it.
//
// Usage:
//
//	go run ./examples/kalah -solve [-houses M] [-seeds N] [-capture empty|standard]
//		[-position TEXT] [-table BITS] [-endgame K] [-progress]
//
// It prints, each on its own line:
//
//	value V        South's final store minus North's under perfect play
//	pv MOVES       a principal variation, in move letters ("C" South, "c" North)
//	time T         the time the solver took
//	nodes N        the positions it visited, and the rate
//
// from the start of Kalah(M, N) (6 houses and 4 seeds by default; empty
// capture, South first), or from -position, given in the core's position
// text. -table sets log2 of the solver's table entries (default
// search.DefaultSolveTableBits); -endgame the seeds in houses up to which
// the ruleset's endgame database answers (0: its default size, -1: no
// database; see package kalah). -progress writes the solver's progress to
// standard error. Bad flags give a one-line error and exit status 2.
//
// Kalah(6,4), value 10, takes about 20 seconds on one core of a 2020s
// server (32 million positions searched with the default table, on the
// solver's packed path, with the default endgame database of 16 seeds,
// whose filling and reading take about half the time); see also
// BenchmarkSolve64 and BenchmarkSolve64General in package kalah.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kalah", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	solve := fs.Bool("solve", false, "solve the position exactly")
	houses := fs.Int("houses", 6, "houses per side")
	seeds := fs.Int("seeds", 4, "seeds per house at the start")
	capture := fs.String("capture", "empty", "capture rule: empty or standard")
	position := fs.String("position", "", "position text to solve instead of the start")
	table := fs.Int("table", 0, fmt.Sprintf("log2 of the solver's table entries (0: %d)", search.DefaultSolveTableBits))
	progress := fs.Bool("progress", false, "write the solver's progress to standard error")
	endgame := fs.Int("endgame", 0, "seeds in houses up to which the endgame database answers (0: default size, -1: none)")
	usage := func(err error) int {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: kalah -solve [-houses M] [-seeds N] [-capture empty|standard] [-position TEXT] [-table BITS] [-endgame K] [-progress]")
			fs.PrintDefaults()
			return 0
		}
		return usage(err)
	}
	if fs.NArg() > 0 {
		return usage(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if !*solve {
		return usage(errors.New("nothing to do: give -solve"))
	}
	if *houses < 1 || *houses > mancala.MaxHouses {
		return usage(fmt.Errorf("-houses: want 1 to %d, not %d", mancala.MaxHouses, *houses))
	}
	if *seeds < 1 {
		return usage(fmt.Errorf("-seeds: want 1 or more, not %d", *seeds))
	}
	if *table < 0 || *table > search.MaxSolveTableBits {
		return usage(fmt.Errorf("-table: want 0 to %d, not %d", search.MaxSolveTableBits, *table))
	}
	c, err := kalah.ParseCapture(*capture)
	if err != nil {
		return usage(fmt.Errorf("-capture: want empty or standard, not %q", *capture))
	}
	r, err := kalah.New(kalah.Options{Houses: *houses, Seeds: *seeds, Capture: c})
	if err != nil {
		return usage(fmt.Errorf("-houses %d -seeds %d: %v", *houses, *seeds, err))
	}
	if *endgame != 0 {
		if r, err = kalah.New(kalah.Options{Houses: *houses, Seeds: *seeds, Capture: c, EndgameSeeds: *endgame}); err != nil {
			return usage(fmt.Errorf("-endgame %d: %v", *endgame, err))
		}
	}
	p := r.Start()
	if *position != "" {
		q, err := mancala.ParsePosition(*position)
		if err != nil {
			return usage(fmt.Errorf("-position: %v", err))
		}
		if p, err = r.Setup(q); err != nil {
			return usage(fmt.Errorf("-position: %v", err))
		}
	}
	opts := search.SolveOptions{TableBits: *table}
	if *progress {
		opts.Progress = stderr
	}
	start := time.Now()
	sol, err := search.Solve(context.Background(), r, nil, p, opts)
	elapsed := time.Since(start)
	if err != nil {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "value %v\n", sol.Value)
	fmt.Fprintf(stdout, "pv %s\n", formatPV(sol.PV))
	fmt.Fprintf(stdout, "time %v\n", elapsed.Round(time.Millisecond))
	rate := ""
	if s := elapsed.Seconds(); s > 0 {
		rate = fmt.Sprintf(" (%.2fM/s)", float64(sol.Nodes)/s/1e6)
	}
	fmt.Fprintf(stdout, "nodes %d%s\n", sol.Nodes, rate)
	return 0
}

func formatPV(pv []mancala.Move) string {
	s := make([]string, len(pv))
	for i, m := range pv {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}
