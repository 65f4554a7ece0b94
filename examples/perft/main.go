package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// maxDepth bounds -depth: deeper counts would overflow no counter but
// would run for ages.
const maxDepth = 40

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start `position` (position text, or Aalina for awale); default the game's start")
	depth := fs.Int("depth", 0, "count to `N` moves deep (required, 1 or more)")
	divide := fs.Bool("divide", false, "also print the count under each first move at the full depth")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: perft [game flags] [-position TEXT] -depth N [-divide]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "perft: "+format+"\n", args...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if *depth < 1 || *depth > maxDepth {
		return fail("-depth: want 1 to %d, not %d", maxDepth, *depth)
	}
	r, err := games.Ruleset()
	if err != nil {
		return fail("%v", err)
	}
	start := r.Start()
	if *position != "" {
		p, err := rulesflags.ParsePosition(games.Game(), *position)
		if err != nil {
			return fail("%v", err)
		}
		if start, err = r.Setup(p); err != nil {
			return fail("-position: %v", err)
		}
	}

	began := time.Now()
	var total int64
	for d := 1; d <= *depth; d++ {
		leaves, terminal := mancala.Perft(r, nil, start, d)
		total += leaves
		fmt.Fprintf(stdout, "depth %d leaves %d terminal %d\n", d, leaves, terminal)
	}
	if *divide {
		for _, m := range r.Legal(nil, start) {
			leaves, terminal := divideCount(r, start, m, *depth)
			total += leaves
			fmt.Fprintf(stdout, "move %v leaves %d terminal %d\n", m, leaves, terminal)
		}
	}
	elapsed := time.Since(began)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(total) / s
	}
	fmt.Fprintf(stdout, "time %v leaves/s %.0f\n", elapsed.Round(time.Microsecond), rate)
	return 0
}

// divideCount returns mancala.Perft's counts for the sequences of depth
// moves from p whose first move is m.
func divideCount(r mancala.Ruleset, p mancala.Position, m mancala.Move, depth int) (leaves, terminal int64) {
	history := []mancala.Position{p}
	q := mancala.EndCycle(r, history, r.Apply(p, m))
	if depth == 1 {
		if q.Over() {
			return 1, 1
		}
		return 1, 0
	}
	return mancala.Perft(r, history, q, depth-1)
}
