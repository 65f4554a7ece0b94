package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/analysis"
	"github.com/sowing-games/sowing/mancala/search"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `analyze [game flags] [-position TEXT] [-moves MOVES] [-depth N | -solve] [-time D] [-seed N]
               [-endgame DIR [-endgame-stones K] [-endgame-approx]] [-quiet]
       analyze -record FILE [-record-game N] [-ply N] [-moves MOVES] [-depth N] [-time D] [-seed N] [-endgame DIR ...] [-quiet]
       analyze -review -record FILE [-record-game N] [-lost-by NAME] [-depth N] [-each-move] [-given N]
               [-opening-plies N] [-ending-seeds N] [-lost V] [-endgame DIR ...] [-quiet]`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start position `TEXT` (the core's position text, or the game's own if it has one); default the game's start")
	moves := fs.String("moves", "", "`MOVES` to play from the position (or the record's -ply) before analysing")
	recordFile := fs.String("record", "", "analyse a game saved in `FILE` (record text as play saves it, JSON or OGN); it names its own rules")
	recordGame := fs.Int("record-game", 1, "which game of the -record file, `N` from 1")
	ply := fs.Int("ply", -1, "with -record: analyse the position after the record's first `N` moves (default: after all)")
	depth := fs.Int("depth", 0, fmt.Sprintf("deepest iteration, in decisions (`N`, 1 to %d); 0: no limit", search.MaxDepth))
	budget := fs.Duration("time", 10*time.Second, "time budget, a `duration` such as 30s or 500ms; 0: none (then give -depth)")
	seed := rulesflags.RandSeed(fs)
	quiet := rulesflags.Quiet(fs)
	solve := fs.Bool("solve", false, "solve the position exactly with the solver (-time bounds it, 0: no bound) and print its value, the strategies at a simultaneous decision, and a principal variation")
	egFlags := rulesflags.RegisterEndgame(fs)
	review := fs.Bool("review", false, "with -record: search every position of each game of the file (or of -record-game) at -depth (default 16) and say where each lost game was decided (the ply from which the loser's value stays at or below -lost), in which phase, and the loser's costliest move before it")
	lostBy := fs.String("lost-by", "", "with -review: only the games lost by a player whose South or North tag holds `NAME`")
	eachMove := fs.Bool("each-move", false, "with -review: also a line a move (its value before and after for the player who made it, its cost, the search's move)")
	given := fs.Int("given", 0, "with -review: the first `N` moves of each game were not the players' choice (a match's random opening): never the costliest move")
	openingPlies := fs.Int("opening-plies", 20, "with -review: the opening is the first `N` moves")
	endgameSeeds := fs.Int("ending-seeds", 20, "with -review: an endgame position has at most `N` seeds in the houses")
	lost := fs.Float64("lost", 4, "with -review: a position is lost for a player whose value is at or below minus this many seeds")
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	fail := failer(stderr)
	if *review {
		return startReview(ctx, games, reviewConfig{file: *recordFile, game: *recordGame, depth: *depth, seed: uint64(*seed),
			opts:   analysis.ReviewOptions{OpeningPlies: *openingPlies, EndgameSeeds: *endgameSeeds, Lost: *lost, Given: *given},
			lostBy: *lostBy, allMoves: *eachMove, quiet: *quiet, eg: egFlags}, stdout, stderr)
	}
	for _, f := range []string{"lost-by", "each-move", "given", "opening-plies", "ending-seeds", "lost"} {
		if games.Set(f) {
			return fail(rulesflags.ExitUsage, "-%s applies only with -review", f)
		}
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
		return fail(rulesflags.ExitUsage, "the game is over after %d moves (%s%s): nothing to analyse", g.Ply(), o.Summary(), why)
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
	fmt.Fprintf(stdout, "position %v after %d moves, %v to move\n", p, g.Ply(), g.Turn())
	if *solve {
		return runSolve(ctx, rules, history, p, *budget, *quiet, stdout, stderr)
	}
	var searching atomic.Int64
	meter := progress.New(stderr, *quiet)
	meter.Every(func() string {
		return fmt.Sprintf("analyze: searching depth %d, %v", searching.Load(), time.Since(began).Round(time.Second))
	})
	err = analysis.Deepen(ctx, rules, history, p, *depth, uint64(*seed),
		func(d int) { searching.Store(int64(d)) },
		func(it analysis.Iteration) {
			meter.Clear()
			fmt.Fprintln(stdout, strings.Join(it.Lines(eg == nil || eg.Exact()), "\n"))
		})
	meter.Stop()
	if err != nil {
		return fail(rulesflags.ExitFailure, "%w", err)
	}
	fmt.Fprintf(stdout, "time %v\n", time.Since(began).Round(time.Millisecond))
	return 0
}

// runSolve is the -solve mode: it solves p exactly (analysis.Solve) and
// prints its lines (analysis.SolutionLines) on stdout; the nodes, passes
// and time go to stderr, as does the progress unless quiet. budget is the
// -time limit (0: none), which ctx already carries. It returns the exit
// status.
func runSolve(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position, budget time.Duration, quiet bool, stdout, stderr io.Writer) int {
	fail := failer(stderr)
	began := time.Now()
	var last progress.Last
	meter := progress.New(stderr, quiet)
	meter.Every(func() string {
		s := fmt.Sprintf("analyze: solving, %v", time.Since(began).Round(time.Second))
		if l := last.String(); l != "" {
			s += " (" + l + ")"
		}
		return s
	})
	sol, err := analysis.Solve(ctx, r, history, p, &last)
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
	fmt.Fprintln(stdout, strings.Join(analysis.SolutionLines(sol), "\n"))
	if len(sol.PV) == 0 && !p.Over() && sol.EndgameHits > 0 {
		fmt.Fprintln(stderr, "analyze: no principal variation: the endgame databases gave the value, and a database of values does not tell which move that keeps it makes progress")
	}
	fmt.Fprintf(stderr, "analyze: solved: nodes %d passes %d time %v\n", sol.Nodes, sol.Passes, took.Round(time.Millisecond))
	return 0
}

// failer returns the function that writes a one-line error on stderr
// and returns the exit status given.
func failer(stderr io.Writer) func(status int, format string, args ...any) int {
	return func(status int, format string, args ...any) int {
		fmt.Fprintf(stderr, "analyze: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return status
	}
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
	for _, name := range append(games.Given(), "position") {
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
