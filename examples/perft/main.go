package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// maxDepth bounds -depth: deeper counts would overflow no counter but
// would run for ages.
const maxDepth = 40

const usage = "perft [game flags] [-position TEXT] -depth N [-divide] [-quiet]"

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start position `TEXT` (the core's position text, or the game's own if it has one); default the game's start")
	depth := fs.Int("depth", 0, fmt.Sprintf("count to `N` moves deep (required, 1 to %d)", maxDepth))
	divide := fs.Bool("divide", false, "also print the count under each first move at the full depth")
	quiet := rulesflags.Quiet(fs)
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "perft: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return rulesflags.ExitUsage
	}
	if *depth < 1 || *depth > maxDepth {
		return fail("-depth: want 1 to %d, not %d", maxDepth, *depth)
	}
	r, err := games.Ruleset()
	if err != nil {
		return fail("%w", err)
	}
	start := r.Start()
	if *position != "" {
		p, err := rulesflags.ParsePosition(games.Game(), *position)
		if err != nil {
			return fail("%w", err)
		}
		if start, err = r.Setup(p); err != nil {
			return fail("-position: %w", err)
		}
	}

	began := time.Now()
	var total int64
	var counting atomic.Value // what is being counted, for the progress line
	counting.Store("")
	meter := progress.New(stderr, *quiet)
	meter.Every(func() string {
		return fmt.Sprintf("perft: counting %s, %v", counting.Load(), time.Since(began).Round(time.Second))
	})
	defer meter.Stop()
	line := func(format string, args ...any) {
		meter.Clear()
		fmt.Fprintf(stdout, format, args...)
	}
	for d := 1; d <= *depth; d++ {
		counting.Store(fmt.Sprintf("depth %d", d))
		leaves, terminal := mancala.Perft(r, nil, start, d)
		total += leaves
		line("depth %d leaves %d terminal %d\n", d, leaves, terminal)
	}
	if *divide {
		for _, m := range r.Legal(nil, start) {
			counting.Store(fmt.Sprintf("depth %d under move %v", *depth, m))
			leaves, terminal := divideCount(r, start, m, *depth)
			total += leaves
			line("move %v leaves %d terminal %d\n", m, leaves, terminal)
		}
	}
	meter.Stop()
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
