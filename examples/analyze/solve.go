package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// solveFlag defines -solve on fs.
func solveFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("solve", false, "solve the position exactly with the solver (-time bounds it, 0: no bound) and print its value, the strategies at a simultaneous decision, and a principal variation")
}

// runSolve is the -solve mode: it solves p exactly with search.Solve and
// prints, on stdout, one line "value V" (South's final store minus
// North's under perfect play, the equilibrium value at a simultaneous
// decision), a line "fraction P/Q" when V is not a whole number but a
// simple fraction, the lines "south ..." and "north ..." of both
// players' optimal mixed strategies when p is a simultaneous decision
// (every house's letter and probability, as the search mode prints them),
// and "pv MOVES". The nodes, passes and time go to stderr, as does the
// progress unless quiet. budget is the -time limit (0: none), which ctx
// already carries. It returns the exit status.
func runSolve(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, budget time.Duration, quiet bool, stdout, stderr io.Writer) int {
	fail := func(status int, format string, args ...any) int {
		fmt.Fprintf(stderr, "analyze: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return status
	}
	opts := search.SolveOptions{
		TableBits: solveTableBits(p),
		Workers:   runtime.GOMAXPROCS(0),
	}
	if c, ok := r.(*congkak.Rules); ok && c.Options().Rounds == 1 {
		// Within one round no seed leaves a store, so the stores as they
		// stand bound the result: the solver ends the lines that cannot
		// matter (without bounds it is much slower).
		r = singleRound{c}
	}
	began := time.Now()
	var last lastLine
	meter := progress.New(stderr, quiet)
	meter.Every(func() string {
		s := fmt.Sprintf("analyze: solving, %v", time.Since(began).Round(time.Second))
		if l := last.get(); l != "" {
			s += " (" + l + ")"
		}
		return s
	})
	opts.Progress = &last
	sol, err := search.Solve(ctx, r, history, p, opts)
	meter.Stop()
	took := time.Since(began)
	switch {
	case err == nil:
	case errors.Is(err, context.DeadlineExceeded) && budget > 0:
		return fail(rulesflags.ExitFailure, "-solve: not solved within -time %v: the position is too large to solve in that time (the solver's time grows exponentially with the seeds in play); give a longer -time (0: no limit) or a smaller board", budget)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return fail(rulesflags.ExitFailure, "-solve: interrupted after %v", took.Round(time.Millisecond))
	case errors.Is(err, mancala.ErrUnsupported):
		return fail(rulesflags.ExitUsage, "-solve: %w", err)
	default:
		return fail(rulesflags.ExitFailure, "-solve: %w", err)
	}
	fmt.Fprintf(stdout, "value %s\n", decimal(sol.Value))
	if f, ok := fraction(sol.Value); ok && strings.Contains(f, "/") {
		fmt.Fprintf(stdout, "fraction %s\n", f)
	}
	if ms := sol.Mixed; ms != nil {
		fmt.Fprintln(stdout, exactStrategy("south", 'A', ms.South))
		fmt.Fprintln(stdout, exactStrategy("north", 'a', ms.North))
	}
	var b strings.Builder
	b.WriteString("pv")
	for _, m := range sol.PV {
		fmt.Fprintf(&b, " %v", m)
	}
	fmt.Fprintln(stdout, b.String())
	if len(sol.PV) == 0 && !p.Over() && sol.EndgameHits > 0 {
		fmt.Fprintln(stderr, "analyze: no principal variation: the endgame databases gave the value, and a database of values does not tell which move that keeps it makes progress")
	}
	fmt.Fprintf(stderr, "analyze: solved: nodes %d passes %d time %v\n", sol.Nodes, sol.Passes, took.Round(time.Millisecond))
	return 0
}

// lastLine keeps the last line written to it (the solver's progress), for
// the progress meter, which reads it from another goroutine.
type lastLine struct {
	mu   sync.Mutex
	line string
}

func (l *lastLine) Write(b []byte) (int, error) {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	l.mu.Lock()
	l.line = mancala.Shorten(s, 120)
	l.mu.Unlock()
	return len(b), nil
}

func (l *lastLine) get() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.line
}

// singleRound is a Congkak ruleset that plays a single round, with every
// method of congkak.Rules, and score bounds for the solver
// (search.ScoreBounder): within one round no seed leaves a store (only the
// refill of a later round takes seeds out of the stores), so
// search.StoreBounds holds.
type singleRound struct{ *congkak.Rules }

// ScoreBounds implements search.ScoreBounder.
func (singleRound) ScoreBounds(p mancala.Position) (lo, hi int) { return search.StoreBounds(p) }

// solveTableBits chooses the solver's table size for p: small for the
// small positions that solve at once (a big table costs more to allocate
// than they take to solve), 2^24 entries (256 MiB) from 40 seeds on.
func solveTableBits(p mancala.Position) int {
	switch t := p.Board.Total(); {
	case t <= 16:
		return 16
	case t <= 40:
		return 20
	default:
		return 24
	}
}

// decimal writes v with up to six decimals and no trailing zeros: "4",
// "-2", "4.285714".
func decimal(v float64) string {
	if math.Abs(v) < 5e-7 {
		return "0"
	}
	s := strconv.FormatFloat(v, 'f', 6, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// maxDenominator is the largest denominator that fraction reports.
const maxDenominator = 10000

// fraction returns v as "P/Q" (or "P" for a whole number) if a fraction
// with a denominator of at most maxDenominator equals v to within 1e-9,
// found from v's continued fraction.
func fraction(v float64) (string, bool) {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
		return "", false
	}
	// Convergents h/k of the continued fraction of v.
	h0, h1 := int64(0), int64(1)
	k0, k1 := int64(1), int64(0)
	x := v
	for range 40 {
		a := math.Floor(x)
		h0, h1 = h1, int64(a)*h1+h0
		k0, k1 = k1, int64(a)*k1+k0
		if k1 > maxDenominator {
			return "", false
		}
		if math.Abs(float64(h1)/float64(k1)-v) <= 1e-9 {
			if k1 == 1 {
				return strconv.FormatInt(h1, 10), true
			}
			return fmt.Sprintf("%d/%d", h1, k1), true
		}
		if x-a < 1e-12 {
			return "", false
		}
		x = 1 / (x - a)
	}
	return "", false
}

// exactStrategy writes one player's mixed strategy: each house's letter
// and its probability, with six decimals.
func exactStrategy(side string, first byte, probs []float64) string {
	var b strings.Builder
	b.WriteString(side)
	for i, q := range probs {
		fmt.Fprintf(&b, " %c %s", first+byte(i), strconv.FormatFloat(math.Max(q, 0), 'f', 6, 64))
	}
	return b.String()
}
