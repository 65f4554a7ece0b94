package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `analyze [game flags] [-position TEXT] [-moves MOVES] [-depth N | -solve] [-time D] [-seed N]
               [-endgame DIR [-endgame-stones K] [-endgame-approx]] [-quiet]
       analyze -record FILE [-record-game N] [-ply N] [-moves MOVES] [-depth N] [-time D] [-seed N] [-endgame DIR ...] [-quiet]`

// ruleFlags are the flags that a record replaces.
var ruleFlags = []string{"game", "rules", "houses", "seeds", "opening", "starter", "first-hand", "empty-capture", "round-end", "rounds", "capture", "position"}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start position `TEXT` (position text, or Aalina for awale); default the game's start")
	moves := fs.String("moves", "", "`MOVES` to play from the position (or the record's -ply) before analysing")
	recordFile := fs.String("record", "", "analyse a game saved in `FILE` (record text as play saves it, JSON or OGN); it names its own rules")
	recordGame := fs.Int("record-game", 1, "which game of the -record file, `N` from 1")
	ply := fs.Int("ply", -1, "with -record: analyse the position after the record's first `N` moves (default: after all)")
	depth := fs.Int("depth", 0, fmt.Sprintf("deepest iteration, in decisions (`N`, 1 to %d); 0: no limit", search.MaxDepth))
	budget := fs.Duration("time", 10*time.Second, "time budget, a `duration` such as 30s or 500ms; 0: none (then give -depth)")
	seed := rulesflags.RandSeed(fs)
	quiet := rulesflags.Quiet(fs)
	solve := solveFlag(fs)
	egFlags := rulesflags.RegisterEndgame(fs)
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	fail := func(status int, format string, args ...any) int {
		fmt.Fprintf(stderr, "analyze: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return status
	}
	switch {
	case *depth < 0 || *depth > search.MaxDepth:
		return fail(rulesflags.ExitUsage, "-depth: want 0 to %d, not %d", search.MaxDepth, *depth)
	case *budget < 0:
		return fail(rulesflags.ExitUsage, "-time: want 0 or more, not %v", *budget)
	case *solve && *depth != 0:
		return fail(rulesflags.ExitUsage, "-depth does not apply with -solve: the solver searches to the end")
	case *budget == 0 && *depth == 0 && !*solve:
		return fail(rulesflags.ExitUsage, "give -depth or -time: the search would not stop")
	}
	g, status, err := startGame(games, *position, *recordFile, *recordGame, *ply)
	if err != nil {
		return fail(status, "%w", err)
	}
	if err := rulesflags.PlayMoves(g, *moves, nil); err != nil {
		if errors.Is(err, mancala.ErrIllegalMove) {
			return fail(rulesflags.ExitFailure, "-moves: illegal %w", err)
		}
		return fail(rulesflags.ExitUsage, "-moves: %w", err)
	}
	if g.Over() {
		o := g.Outcome()
		why := ""
		if o.Ending.Reason != mancala.EndNone {
			why = ", " + o.Ending.String()
		}
		return fail(rulesflags.ExitUsage, "the game is over after %d moves (result %v, scores %d-%d South-North%s): nothing to analyse",
			g.Ply(), o.Result, o.Scores[mancala.South], o.Scores[mancala.North], why)
	}

	eg, err := egFlags.Load(g.Rules())
	switch {
	case err != nil:
		return fail(rulesflags.EndgameStatus(err), "%w", err)
	case eg != nil && *solve && !eg.Exact():
		return fail(rulesflags.ExitUsage, "-solve: the databases of -endgame-approx are estimates under %v, and the solver's value must be exact: solve without -endgame-approx", g.Rules())
	case eg != nil && !*quiet:
		fmt.Fprintf(stderr, "analyze: %s\n", eg)
	}
	rules := eg.Rules(g.Rules()) // g.Rules() itself without -endgame

	began := time.Now()
	if *budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *budget)
		defer cancel()
	}
	history := g.Positions()
	p := history[len(history)-1]
	history = history[:len(history)-1]
	who := mancala.South // whose value the search gives: the player who decides, South at a simultaneous decision
	if pl, ok := g.Turn().Player(); ok {
		who = pl
	}
	fmt.Fprintf(stdout, "position %v after %d moves, %v to move\n", p, g.Ply(), g.Turn())
	if *solve {
		return runSolve(ctx, rules, history, p, *budget, *quiet, stdout, stderr)
	}
	var searching atomic.Int64
	meter := progress.New(stderr, *quiet)
	meter.Every(func() string {
		return fmt.Sprintf("analyze: searching depth %d, %v", searching.Load(), time.Since(began).Round(time.Second))
	})
	defer meter.Stop()
	for d := 1; *depth == 0 || d <= *depth; d++ {
		// A new searcher per depth: each iteration is a complete search to
		// depth d, reported on its own.
		searching.Store(int64(d))
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: d, Seed: uint64(*seed)})
		t0 := time.Now()
		res, err := ab.Search(ctx, rules, history, p)
		if err != nil {
			meter.Stop()
			return fail(rulesflags.ExitFailure, "%w", err)
		}
		if res.Depth < d {
			break // cut short by the time budget
		}
		meter.Clear()
		printResult(stdout, d, who, res, time.Since(t0), eg == nil || eg.Exact())
		if res.Exact || d == search.MaxDepth {
			break
		}
	}
	meter.Stop()
	fmt.Fprintf(stdout, "time %v\n", time.Since(began).Round(time.Millisecond))
	return 0
}

// startGame builds the game to analyse: from the game flags and -position,
// or from a record file, after its first ply moves (all if ply < 0). On
// error it returns the exit status.
func startGame(games *rulesflags.Flags, position, file string, index, ply int) (*mancala.Game, int, error) {
	if file == "" {
		for _, name := range []string{"record-game", "ply"} {
			if games.Set(name) {
				return nil, rulesflags.ExitUsage, fmt.Errorf("-%s applies only with -record", name)
			}
		}
		g, err := games.NewGame(position)
		return g, rulesflags.ExitUsage, err
	}
	for _, name := range ruleFlags {
		if games.Set(name) {
			return nil, rulesflags.ExitUsage, fmt.Errorf("-%s does not apply with -record: the record names its rules and start", name)
		}
	}
	if index < 1 {
		return nil, rulesflags.ExitUsage, fmt.Errorf("-record-game: want 1 or more, not %d", index)
	}
	if games.Set("ply") && ply < 0 {
		return nil, rulesflags.ExitUsage, fmt.Errorf("-ply: want 0 or more, not %d", ply)
	}
	recs, err := rulesflags.ReadRecords(file)
	if err != nil {
		return nil, rulesflags.ExitFailure, fmt.Errorf("-record %w", err)
	}
	if index > len(recs) {
		return nil, rulesflags.ExitUsage, fmt.Errorf("-record-game %d: %s holds %d game(s)", index, file, len(recs))
	}
	rec := recs[index-1]
	if ply > len(rec.Moves) {
		return nil, rulesflags.ExitUsage, fmt.Errorf("-ply %d: the game has %d moves", ply, len(rec.Moves))
	}
	full, err := rec.Replay(rulesflags.Resolve)
	if err != nil && (full == nil || ply < 0 || ply > full.Ply()) {
		return nil, rulesflags.ExitFailure, fmt.Errorf("-record %s: %w", file, rulesflags.ReplayError(err, full))
	}
	g, err := mancala.NewGame(full.Rules(), mancala.From(full.Start()))
	if err != nil {
		return nil, rulesflags.ExitFailure, fmt.Errorf("-record %s: %w", file, err)
	}
	if ply < 0 {
		ply = full.Ply()
	}
	for _, m := range full.Moves()[:ply] {
		if err := g.Play(m); err != nil { // cannot fail: full played it
			return nil, rulesflags.ExitFailure, fmt.Errorf("-record %s: %w", file, err)
		}
	}
	return g, 0, nil
}

// printResult writes the lines of one completed iteration. who is the
// player whose value the search gives; proofs is false when the search's
// endgame databases are estimates (-endgame-approx), so that a value it
// found in them is no proof.
func printResult(w io.Writer, d int, who mancala.Player, res search.Result, took time.Duration, proofs bool) {
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d value %s for %s (seeds)", d, seeds(res.Value), title(who))
	switch {
	case res.Exact && proofs:
		b.WriteString(" exact")
	case res.Exact:
		b.WriteString(" exact up to the databases' estimates")
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

// title returns "South" or "North".
func title(p mancala.Player) string {
	s := p.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// seeds writes a search value in seeds, with its sign: proven results
// are kept in units of search.TerminalScale per seed.
func seeds(v float64) string {
	if v >= search.TerminalScale || v <= -search.TerminalScale {
		v /= search.TerminalScale
	}
	if math.Abs(v) < 0.0005 {
		v = 0 // no "-0.000" for a tiny negative
	}
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if v >= 0 {
		s = "+" + s
	}
	return s
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
