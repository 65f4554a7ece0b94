package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/analysis"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// reviewConfig holds the flags of -review.
type reviewConfig struct {
	file     string
	game     int // 0: every game of the file
	depth    int
	seed     uint64
	opts     analysis.ReviewOptions
	lostBy   string
	allMoves bool
	quiet    bool
	eg       *rulesflags.EndgameFlags
}

// runReview is the -review mode: every game of the record file (or the
// -record-game one) that was lost, by a player whose name holds lostBy
// if it is not "", is searched position by position (analysis.Review),
// and a few lines a game say where it was decided; a last line counts the
// games decided in each phase. It returns the exit status.
func runReview(ctx context.Context, c reviewConfig, stdout, stderr io.Writer) int {
	fail := failer(stderr)
	recs, err := rulesflags.ReadRecords(c.file)
	if err != nil {
		return fail(rulesflags.ExitFailure, "-record %w", err)
	}
	if c.game > len(recs) {
		return fail(rulesflags.ExitUsage, "-record-game %d: %s holds %d game(s)", c.game, c.file, len(recs))
	}
	opts, err := search.LevelOptions("max")
	if err != nil {
		return fail(rulesflags.ExitFailure, "%w", err)
	}
	opts.Depth, opts.Seed = c.depth, c.seed
	c.opts.Search = opts
	eg := map[string]*rulesflags.Endgame{} // by the rules' name
	defer func() {
		for _, e := range eg {
			if e != nil {
				e.Close()
			}
		}
	}()
	var (
		reviewed, lost int
		phases         [3]int
		state          atomic.Value
		began          = time.Now()
	)
	state.Store("")
	meter := progress.New(stderr, c.quiet)
	meter.Every(func() string {
		return fmt.Sprintf("analyze: reviewing %s, %v", state.Load(), time.Since(began).Round(time.Second))
	})
	defer meter.Stop()
	for i, rec := range recs {
		if c.game > 0 && i+1 != c.game {
			continue
		}
		g, err := rec.Replay(rulesflags.Resolve)
		if err != nil {
			meter.Clear()
			return fail(rulesflags.ExitFailure, "-record %s, game %d: %w", c.file, i+1, rulesflags.ReplayError(err, g))
		}
		loser, ok := loserOf(g)
		if c.lostBy != "" && (!ok || !strings.Contains(name(rec, loser), c.lostBy)) {
			continue
		}
		key := fmt.Sprint(g.Rules())
		if _, seen := eg[key]; !seen {
			e, err := c.eg.Load(g.Rules())
			if err != nil {
				meter.Clear()
				return fail(rulesflags.EndgameStatus(err), "%w", err)
			}
			if e != nil && !c.quiet {
				meter.Clear()
				fmt.Fprintf(stderr, "analyze: %s\n", e)
			}
			eg[key] = e
		}
		o := c.opts
		o.Rules = eg[key].Rules(g.Rules())
		rv, err := analysis.Review(ctx, g, o, func(done, total int) {
			state.Store(fmt.Sprintf("game %d of %d, position %d of %d", i+1, len(recs), done, total))
		})
		meter.Clear()
		if err != nil {
			return fail(rulesflags.ExitFailure, "game %d: %w", i+1, err)
		}
		reviewed++
		writeReview(stdout, i+1, rec, g, rv, c.allMoves)
		if rv.Lost {
			lost++
			phases[rv.Phase]++
		}
	}
	meter.Stop()
	fmt.Fprintf(stdout, "reviewed %d game(s) at depth %d, %d lost: decided in the opening %d, the middle game %d, the endgame %d (%v)\n",
		reviewed, c.depth, lost, phases[analysis.Opening], phases[analysis.Middle], phases[analysis.Endgame], time.Since(began).Round(time.Second))
	return 0
}

// loserOf returns the player who lost g, if it is over with a winner.
func loserOf(g *mancala.Game) (mancala.Player, bool) {
	if !g.Over() {
		return 0, false
	}
	switch g.Outcome().Result {
	case mancala.SouthWins:
		return mancala.North, true
	case mancala.NorthWins:
		return mancala.South, true
	}
	return 0, false
}

// name is the record's name for player p: its South or North tag.
func name(rec *record.Record, p mancala.Player) string {
	return rec.Tags.Get(title(p))
}

func title(p mancala.Player) string {
	s := p.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// writeReview writes one game's review: a line for the game, and for a
// lost game where it was decided and the loser's costliest move before
// that; with all, a line a move.
func writeReview(w io.Writer, n int, rec *record.Record, g *mancala.Game, rv *analysis.GameReview, all bool) {
	o := g.Outcome()
	fmt.Fprintf(w, "game %d: %s, %d moves", n, o.Summary(), len(rv.Moves))
	if o.Ending.Reason != mancala.EndNone {
		fmt.Fprintf(w, ", %s", o.Ending)
	}
	for _, p := range []mancala.Player{mancala.South, mancala.North} {
		if s := name(rec, p); s != "" {
			fmt.Fprintf(w, "; %s %q", p, s)
		}
	}
	fmt.Fprintln(w)
	if all {
		for _, m := range rv.Moves {
			joint := ""
			if m.Joint {
				joint = " (joint: no cost)"
			}
			fmt.Fprintf(w, "  ply %d %s %v (search: %v) value %s -> %s cost %s, %s, %d seeds in the houses%s\n",
				m.Ply, m.Mover, m.Move, m.Best, one(m.Before), one(m.After), one(m.Cost), m.Phase, m.Seeds, joint)
		}
	}
	if !rv.Lost {
		return
	}
	d := rv.Decided
	p, _ := g.PositionAt(d) // d is a ply of g: Review found it there
	seeds := p.Board.Total() - p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
	fmt.Fprintf(w, "  decided at ply %d against %s: %s, %d seeds in the houses, his value %s\n", d, rv.Loser, rv.Phase, seeds, one(rv.For(rv.Loser, d)))
	if rv.Worst >= 0 {
		m := rv.Moves[rv.Worst]
		fmt.Fprintf(w, "  his costliest move before it: ply %d %v, %s (%s -> %s, %s); the search's move %v\n",
			m.Ply, m.Move, one(-m.Cost), one(m.Before), one(m.After), m.Phase, m.Best)
	}
}

// one writes a value in seeds with one decimal and its sign.
func one(v float64) string {
	if v > -0.05 && v < 0.05 {
		return "+0.0"
	}
	return fmt.Sprintf("%+.1f", v)
}

// startReview checks the flags of -review and runs it.
func startReview(ctx context.Context, games *rulesflags.Flags, c reviewConfig, stdout, stderr io.Writer) int {
	fail := failer(stderr)
	for _, f := range append(games.Given(), "position", "moves", "ply", "solve", "time") {
		if games.Set(f) {
			return fail(rulesflags.ExitUsage, "-%s does not apply with -review: it reviews whole games of -record at -depth", f)
		}
	}
	switch {
	case c.file == "":
		return fail(rulesflags.ExitUsage, "-review needs -record FILE: the games to review")
	case !games.Set("record-game"):
		c.game = 0
	case c.game < 1:
		return fail(rulesflags.ExitUsage, "-record-game: want 1 or more, not %d", c.game)
	}
	if c.depth == 0 {
		c.depth = 16
	}
	switch o := c.opts; {
	case c.depth < 0 || c.depth > search.MaxDepth:
		return fail(rulesflags.ExitUsage, "-depth: want 1 to %d, not %d", search.MaxDepth, c.depth)
	case o.Given < 0:
		return fail(rulesflags.ExitUsage, "-given: want 0 or more, not %d", o.Given)
	case o.OpeningPlies < 1:
		return fail(rulesflags.ExitUsage, "-opening-plies: want 1 or more, not %d", o.OpeningPlies)
	case o.EndgameSeeds < 1:
		return fail(rulesflags.ExitUsage, "-ending-seeds: want 1 or more, not %d", o.EndgameSeeds)
	case !(o.Lost > 0) || math.IsInf(o.Lost, 0):
		return fail(rulesflags.ExitUsage, "-lost: want a number of seeds above 0, not %v", o.Lost)
	}
	return runReview(ctx, c, stdout, stderr)
}
