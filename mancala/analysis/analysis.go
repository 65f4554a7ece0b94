package analysis

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Iteration is one completed depth of [Deepen].
type Iteration struct {
	Depth  int
	Result search.Result
	Took   time.Duration
	// Who is the player whose value Result gives: the one who decides,
	// South at a simultaneous decision.
	Who mancala.Player
}

// Deepen searches p (reached through history, under r) with a new
// alpha-beta searcher at each depth from 1, each a complete search,
// until depth max (0: no limit), search.MaxDepth, or a depth whose search
// is exact, and calls report after each completed depth. A depth cut
// short by ctx (a time budget) is not reported and ends the deepening
// with nil; other errors of the search are returned. seed seeds the
// sampling of a move from a mixed strategy; searching, if not nil, is
// called with each depth as it begins (for a progress line).
func Deepen(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, max int, seed uint64, searching func(depth int), report func(Iteration)) error {
	who := mancala.South
	if pl, ok := p.ToMove.Player(); ok {
		who = pl
	}
	for d := 1; max == 0 || d <= max; d++ {
		if searching != nil {
			searching(d)
		}
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: d, Seed: seed})
		t0 := time.Now()
		res, err := ab.Search(ctx, r, history, p)
		if err != nil {
			return err
		}
		if res.Depth < d {
			return nil // cut short by the time budget
		}
		report(Iteration{Depth: d, Result: res, Took: time.Since(t0), Who: who})
		if res.Exact || d == search.MaxDepth {
			return nil
		}
	}
	return nil
}

// Lines writes the iteration: one line
//
//	depth D value +V for South (seeds) [exact] nodes N time T move M pv MOVES
//
// where V is the value for it.Who in seeds (the store difference where
// lines reach the end, the evaluator's estimate at the horizon), and at a
// simultaneous decision two more lines, each player's mixed strategy
// ("south A 0.000 B 0.250 ..."). proofs is false when the search read
// endgame databases whose values are estimates: an exact result then
// says "exact up to the databases' estimates".
func (it Iteration) Lines(proofs bool) []string {
	res := it.Result
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d value %s for %s (seeds)", it.Depth, Seeds(res.Value), title(it.Who))
	switch {
	case res.Exact && proofs:
		b.WriteString(" exact")
	case res.Exact:
		b.WriteString(" exact up to the databases' estimates")
	}
	fmt.Fprintf(&b, " nodes %d time %v move %v pv", res.Nodes, it.Took.Round(time.Microsecond), res.Move)
	for _, m := range res.PV {
		fmt.Fprintf(&b, " %v", m)
	}
	lines := []string{b.String()}
	if ms := res.Mixed; ms != nil {
		lines = append(lines, strategy("south", 'A', ms.South, 3), strategy("north", 'a', ms.North, 3))
	}
	return lines
}

// Solve solves p (reached through history, under r) exactly with
// search.Solve, with a table sized for p's seeds and a worker a CPU;
// progress, if not nil, receives the solver's progress lines. Its errors
// are search.Solve's.
func Solve(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, progress io.Writer) (search.Solution, error) {
	opts := search.SolveOptions{TableBits: tableBits(p), Workers: runtime.GOMAXPROCS(0)}
	if progress != nil {
		opts.Progress = progress
	}
	return search.Solve(ctx, r, history, p, opts)
}

// SolutionLines writes a solution: "value V" (South's final store minus
// North's under perfect play, [Decimal]), "fraction P/Q" when V is not a
// whole number but a simple fraction, at a simultaneous decision each
// player's optimal mixed strategy ("south A 0.250000 B ..."), and "pv
// MOVES".
func SolutionLines(sol search.Solution) []string {
	lines := []string{"value " + Decimal(sol.Value)}
	if f, ok := Fraction(sol.Value); ok && strings.Contains(f, "/") {
		lines = append(lines, "fraction "+f)
	}
	if ms := sol.Mixed; ms != nil {
		lines = append(lines, strategy("south", 'A', ms.South, 6), strategy("north", 'a', ms.North, 6))
	}
	var b strings.Builder
	b.WriteString("pv")
	for _, m := range sol.PV {
		fmt.Fprintf(&b, " %v", m)
	}
	return append(lines, b.String())
}

// tableBits chooses the solver's table size for p: small for the small
// positions that solve at once (a big table costs more to allocate than
// they take to solve), 2^24 entries (256 MiB) from 40 seeds on.
func tableBits(p mancala.Position) int {
	switch t := p.Board.Total(); {
	case t <= 16:
		return 16
	case t <= 40:
		return 20
	default:
		return 24
	}
}

// Seeds writes a search value in seeds with its sign and three decimals
// ("+2.000"): final results, kept in units of search.TerminalScale per
// seed, are divided back (search.InSeeds).
func Seeds(v float64) string {
	v, _ = search.InSeeds(v)
	if math.Abs(v) < 0.0005 {
		v = 0 // no "-0.000" for a tiny negative
	}
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if v >= 0 {
		s = "+" + s
	}
	return s
}

// Decimal writes v with up to six decimals and no trailing zeros: "4",
// "-2", "4.285714".
func Decimal(v float64) string {
	if math.Abs(v) < 5e-7 {
		return "0"
	}
	s := strconv.FormatFloat(v, 'f', 6, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// MaxDenominator is the largest denominator that [Fraction] reports.
const MaxDenominator = 10000

// Fraction returns v as "P/Q" (or "P" for a whole number) and true if a
// fraction with a denominator of at most MaxDenominator equals v to
// within 1e-9 (found from v's continued fraction); "" and false
// otherwise, and for NaN, infinities and values beyond a million.
func Fraction(v float64) (string, bool) {
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
		if k1 > MaxDenominator {
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

// strategy writes one player's mixed strategy: each house's letter and
// its probability with the given decimals.
func strategy(side string, first byte, probs []float64, decimals int) string {
	var b strings.Builder
	b.WriteString(side)
	for i, q := range probs {
		fmt.Fprintf(&b, " %c %s", first+byte(i), strconv.FormatFloat(math.Max(q, 0), 'f', decimals, 64))
	}
	return b.String()
}

func title(p mancala.Player) string {
	s := p.String()
	return strings.ToUpper(s[:1]) + s[1:]
}
