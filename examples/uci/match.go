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
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
)

// matchConfig is the command line of uci match.
type matchConfig struct {
	specA, specB string
	games        int
	openings     int
	plies        int
	balance      float64
	parallel     int
	maxPlies     int
	results      string // -results FILE, "" for none
}

// matchOptions holds the flags of uci match that are not in matchConfig.
type matchOptions struct {
	seed   *uint64
	sprt   *string
	preset *string
	shard  *string
}

// matchFlags defines the flags of uci match into c.
func matchFlags(c *matchConfig, stderr io.Writer) (*flag.FlagSet, matchOptions) {
	fs := flag.NewFlagSet("uci match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	fs.StringVar(&c.specA, "a", "", "player A (see the command's doc)")
	fs.StringVar(&c.specB, "b", "", "player B")
	fs.IntVar(&c.games, "games", 200, "games (at most; an even number: each opening twice)")
	fs.IntVar(&c.openings, "openings", 0, "distinct openings (0: games/2)")
	fs.IntVar(&c.plies, "plies", 6, "random plies of an opening")
	fs.Float64Var(&c.balance, "balance", 2, "keep openings whose depth-8 value is within this many seeds (a finite number)")
	fs.IntVar(&c.parallel, "parallel", runtime.GOMAXPROCS(0), fmt.Sprintf("games at once, 1 to %d on this machine (%d per CPU)", match.MaxParallel(), match.ParallelPerCPU))
	fs.IntVar(&c.maxPlies, "max-plies", 400, "a game still going on after this many plies is scored by the stores")
	fs.StringVar(&c.results, "results", "", "write the games' results as JSON lines to `FILE`, for uci match merge")
	var o matchOptions
	o.seed = fs.Uint64("seed", 1, "seed of the openings and the players")
	o.sprt = fs.String("sprt", "", "ELO0,ELO1[,ALPHA,BETA]: stop when a sequential probability ratio test decides (ALPHA, BETA: 0.05)")
	o.preset = fs.String("rules", "abapa", "rules preset")
	o.shard = fs.String("shard", "", "play shard `i/K` only (games i+1, i+1+K, ...; auto/K: i from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID); needs -results")
	return fs, o
}

// matchFlagOf names the flag of each match.Config field.
var matchFlagOf = map[string]string{"Games": "-games", "Parallel": "-parallel", "MaxPlies": "-max-plies", "Balanced": "-balance", "SPRT": "-sprt", "Shard": "-shard"}

// runMatch is uci match, on package mancala/match: games numbered from 1,
// A South in the odd ones, each pair of games from one balanced opening
// (match.Balanced: -plies random moves kept when a depth-8 search values
// them within -balance seeds, a finite number), engines seeded from -seed
// and the game's number alone, so that the output does not depend on
// -parallel (at most match.MaxParallel: more is refused). An engine whose
// error uci.Forfeits accepts loses that game; any other error stops the
// match. -sprt ELO0,ELO1[,ALPHA,BETA] stops after the first game, in game
// order, at which the test decides. -shard i/K with -results FILE plays
// one shard; uci match merge FILE... reports the merged shards as one run.
func runMatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runMerge(args[1:], stdout, stderr)
	}
	var c matchConfig
	fs, mo := matchFlags(&c, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: uci match -a SPEC -b SPEC [-games N] [-openings N] [-sprt ELO0,ELO1] [-shard i/K -results FILE] [flags]")
			fmt.Fprintln(stdout, "       uci match merge PART...   (the -results files of the shards of one match)")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "uci match: "+format+"\n", a...)
		return 2
	}
	if c.specA == "" || c.specB == "" {
		return bad("want -a and -b")
	}
	if c.games < 2 || c.parallel < 1 || c.plies < 0 || c.maxPlies < 1 {
		return bad("want -games >= 2, -parallel >= 1, -plies >= 0, -max-plies >= 1")
	}
	if math.IsNaN(c.balance) || math.IsInf(c.balance, 0) || c.balance < 0 {
		return bad("-balance %v: want a finite number of seeds, 0 or more", c.balance)
	}
	c.games -= c.games % 2
	if c.openings <= 0 || c.openings > c.games/2 {
		c.openings = c.games / 2
	}
	mc := match.Config{
		Games: c.games, Seed: *mo.seed, Parallel: c.parallel, MaxPlies: c.maxPlies, Forfeits: uci.Forfeits,
		Balanced: &match.Balanced{Plies: c.plies, Within: c.balance, Openings: c.openings},
		Records:  c.results != "", Event: "uci match",
	}
	if *mo.sprt != "" {
		f := strings.Split(*mo.sprt, ",")
		v := []float64{0, 0, 0.05, 0.05}
		var err error
		for i := 0; i < len(f) && i < 4 && err == nil; i++ {
			v[i], err = strconv.ParseFloat(f[i], 64)
		}
		mc.SPRT = &match.SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
		if (len(f) != 2 && len(f) != 4) || err != nil || mc.SPRT.Elo1 <= mc.SPRT.Elo0 {
			return bad("-sprt %q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1", *mo.sprt)
		}
	}
	var err error
	if mc.Shard, err = match.ParseShard(*mo.shard, os.Getenv); err != nil {
		return bad("-shard: %v", err)
	}
	if mc.Shard.Count > 0 && c.results == "" {
		return bad("-shard: a shard needs -results FILE, for uci match merge")
	}
	o, err := awale.Preset(*mo.preset)
	if err != nil {
		return bad("%v", err)
	}
	rules, err := awale.New(o)
	if err != nil {
		return bad("%v", err)
	}
	mc.Rules = rules
	for _, x := range []struct {
		who  string
		spec string
		p    *match.Player
	}{{"A", c.specA, &mc.A}, {"B", c.specB, &mc.B}} {
		play, eo, err := endgameKeys(x.spec)
		if err != nil {
			return bad("%v", err)
		}
		p, err := newPlayer(play, 1)
		if err != nil {
			return bad("%v", err)
		}
		closePlayer(p)
		*x.p = match.Player{Name: x.spec, New: func(_ int, _ mancala.Player, seed uint64) (search.Engine, error) { return newPlayer(play, seed) }}
		if eo == nil {
			continue
		}
		eg, err := rulesflags.LoadEndgame(rules, *eo)
		if err != nil {
			fmt.Fprintf(stderr, "uci match: %s: %s\n", x.who, rulesflags.Line(err))
			return rulesflags.EndgameStatus(err)
		}
		x.p.Wrap = eg.Engine
		fmt.Fprintf(stderr, "uci match: %s: %s\n", x.who, eg)
	}
	if err := mc.Check(); err != nil {
		var ce *match.ConfigError
		if errors.As(err, &ce) && matchFlagOf[ce.Field] != "" {
			return bad("%s: %s", matchFlagOf[ce.Field], ce.Msg)
		}
		return bad("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stdout, "match: A %s\n       B %s\n       %v, up to %d openings of %d random plies (within %g seeds at depth 8), up to %d games, %d at once\n",
		c.specA, c.specB, rules, c.openings, c.plies, c.balance, c.games, c.parallel)
	if mc.Shard.Count > 0 {
		fmt.Fprintf(stdout, "       shard %s\n", mc.Shard)
	}
	start := time.Now()
	var rep *match.Report
	err = writeResults(c.results, mc.Header(), func(w *match.Writer) error {
		mc.OnResult = gameLine(stderr, mc.SPRT, w)
		rep, err = match.Run(ctx, mc)
		return err
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "uci match: %v\n", err)
	}
	if rep == nil || rep.Tally.Games() == 0 {
		return 1
	}
	matchSummary(stdout, rep, mc.SPRT, time.Since(start))
	if err != nil {
		return 1
	}
	return 0
}

// writeResults calls play with a Writer of results to name (written whole
// or not at all), or with nil for the name "".
func writeResults(name string, h match.Header, play func(*match.Writer) error) error {
	if name == "" {
		return play(nil)
	}
	return atomicfile.Write(name, func(f io.Writer) error {
		w, err := match.NewWriter(f, h)
		if err == nil {
			err = play(w)
		}
		if err == nil {
			err = w.Flush()
		}
		return err
	})
}

// gameLine returns the OnResult of a match: each game's line on stderr,
// with the running score, and its result to w if w is not nil.
func gameLine(stderr io.Writer, sprt *match.SPRT, w *match.Writer) func(match.Result) error {
	var t match.Tally
	return func(r match.Result) error {
		t.Add(r.Score)
		note := ""
		if r.Forfeit != nil {
			note = " (" + r.Forfeit.String() + ")"
		} else if r.Capped {
			note = " (capped)"
		}
		line := fmt.Sprintf("game %d: A %g%s; after %d: +%d =%d -%d, score %.3f, Elo %s",
			r.Game, r.Score, note, t.Games(), t.Wins, t.Draws, t.Losses, t.Rate(), t.Elo())
		if sprt != nil {
			lower, upper := sprt.Bounds()
			line += fmt.Sprintf(", LLR %.2f [%.2f, %.2f]", sprt.LLR(t), lower, upper)
		}
		fmt.Fprintln(stderr, line)
		if w != nil {
			return w.Write(r)
		}
		return nil
	}
}

// matchSummary writes the result of the match.
func matchSummary(stdout io.Writer, rep *match.Report, sprt *match.SPRT, took time.Duration) {
	t := rep.Tally
	fmt.Fprintf(stdout, "A: +%d =%d -%d of %d games, score %.3f, Elo %s (95%%) (%v)\n",
		t.Wins, t.Draws, t.Losses, t.Games(), t.Rate(), t.Elo(), took.Round(time.Second))
	if sprt == nil {
		return
	}
	switch rep.Verdict {
	case match.AcceptH1:
		fmt.Fprintf(stdout, "SPRT: H1 accepted (A is %g Elo or more stronger, not %g)\n", sprt.Elo1, sprt.Elo0)
	case match.AcceptH0:
		fmt.Fprintf(stdout, "SPRT: H0 accepted (A is not %g Elo stronger)\n", sprt.Elo1)
	default:
		fmt.Fprintf(stdout, "SPRT: undecided, LLR %.2f\n", rep.LLR)
	}
}

// runMerge is uci match merge: it merges the -results files of the shards
// of one match and reports it as one run would.
func runMerge(names []string, stdout, stderr io.Writer) int {
	if len(names) == 0 || strings.HasPrefix(names[0], "-") {
		fmt.Fprintln(stderr, "uci match merge: want the -results files of the shards, no flags")
		return 2
	}
	parts, err := match.ReadParts(names...)
	var rep *match.Report
	if err == nil {
		rep, err = match.Merge(parts...)
	}
	if err != nil {
		fmt.Fprintf(stderr, "uci match merge: %v\n", err)
		return 2
	}
	h := parts[0].Header
	fmt.Fprintf(stdout, "match: A %s\n       B %s\n       %s, %d games, merged from %d parts\n", h.A, h.B, h.Rules, h.Games, len(parts))
	onResult := gameLine(stderr, h.SPRT, nil)
	for _, r := range rep.Results {
		_ = onResult(r)
	}
	matchSummary(stdout, rep, h.SPRT, 0)
	return 0
}

// endgameKeys takes the endgame keys out of a player's spec: endgame=DIR,
// endgame-stones=K and endgame-approx=on|off (the tools' flags -endgame,
// -endgame-stones and -endgame-approx), for any spec but an external
// engine's (uci:...). It returns the spec without them and the databases
// they ask for (nil: none).
func endgameKeys(spec string) (string, *rulesflags.EndgameOptions, error) {
	kind, params, ok := strings.Cut(spec, ":")
	if !ok || strings.HasPrefix(spec, "uci:") {
		return spec, nil, nil
	}
	bad := func(format string, a ...any) (string, *rulesflags.EndgameOptions, error) {
		return "", nil, fmt.Errorf("uci: player %s: %s: %w", rulesflags.Quote(spec), fmt.Sprintf(format, a...), search.ErrBadSpec)
	}
	var o rulesflags.EndgameOptions
	var keep []string
	var dir, stones, approx bool
	for _, kv := range strings.Split(params, ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch strings.TrimSpace(k) {
		case "endgame":
			o.Dir, dir = strings.TrimSpace(v), true
			if o.Dir == "" {
				return bad("endgame= wants a directory")
			}
		case "endgame-stones":
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 1 || n > 62 {
				return bad("endgame-stones=%s: want 1 to 62", rulesflags.Quote(v))
			}
			o.Stones, stones = n, true
		case "endgame-approx":
			switch strings.TrimSpace(v) {
			case "on":
				o.Approx = true
			case "off":
			default:
				return bad("endgame-approx=%s: want on or off", rulesflags.Quote(v))
			}
			approx = true
		default:
			keep = append(keep, kv)
		}
	}
	if !dir {
		if stones || approx {
			return bad("endgame-stones and endgame-approx apply only with endgame=DIR")
		}
		return spec, nil, nil
	}
	if len(keep) == 0 {
		if kind == "engine" {
			return "engine:", &o, nil // the engine's defaults
		}
		return kind, &o, nil
	}
	return kind + ":" + strings.Join(keep, ","), &o, nil
}

// newPlayer makes a player from a spec: engine:..., or uci.ParseEngine's.
func newPlayer(spec string, seed uint64) (search.Engine, error) {
	if rest, ok := strings.CutPrefix(spec, "engine:"); ok {
		o, err := engineOptions(spec, rest)
		if err != nil {
			return nil, err
		}
		o.Seed = seed
		ab := search.NewAlphaBeta(o)
		for _, kv := range strings.Split(rest, ",") {
			if kv == "book=on" {
				// The engine's opening book (the protocol's OwnBook).
				return &book.Engine{Book: defaultBook(), Next: ab}, nil
			}
		}
		return ab, nil
	}
	return uci.ParseEngine(spec, seed) // level:NAME is search.ParseEngine's
}

func closePlayer(p search.Engine) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}

// engineOptions reads the keys of an engine: spec. level=NAME, wherever
// it stands, gives the options to start from (search.LevelOptions); the
// other keys change them. Without level the engine starts from the zero
// options: no quiescence, and the ruleset's own evaluation.
func engineOptions(spec, rest string) (search.AlphaBetaOptions, error) {
	var o search.AlphaBetaOptions
	bad := func(format string, a ...any) (search.AlphaBetaOptions, error) {
		return o, fmt.Errorf("uci: player %q: %s: %w", spec, fmt.Sprintf(format, a...), search.ErrBadSpec)
	}
	if rest == "" {
		return o, nil
	}
	keys := strings.Split(rest, ",")
	levels := 0
	for _, kv := range keys {
		if v, ok := strings.CutPrefix(kv, "level="); ok {
			lv, err := search.LevelOptions(v)
			if err != nil {
				return bad("%v", err)
			}
			o, levels = lv, levels+1
		}
	}
	if levels > 1 {
		return bad("level given twice")
	}
	for _, kv := range keys {
		k, v, _ := strings.Cut(kv, "=")
		n, nerr := strconv.ParseInt(v, 10, 64)
		d, derr := time.ParseDuration(v)
		switch {
		case k == "level":
			// Read above.
		case k == "depth" && nerr == nil && n > 0 && n <= search.MaxDepth:
			o.Depth = int(n)
		case k == "nodes" && nerr == nil && n > 0:
			o.Nodes = n
		case k == "table" && nerr == nil && n > 0 && n <= 1<<24:
			o.TableSize = int(n)
		case k == "time" && derr == nil && d > 0:
			o.Time = d
		case k == "threads" && nerr == nil && n > 0 && n <= 64:
			o.Threads = int(n)
		case k == "quiesce" && (v == "on" || v == "off"):
			o.Quiesce = v == "on"
		case k == "book" && (v == "on" || v == "off"):
			// Read by newPlayer.
		case k == "eval" && strings.HasPrefix(v, "w:"):
			var w [4]float64
			f := strings.Split(v[2:], ":")
			if len(f) != 4 {
				return bad("eval=%s: want w:ROW:SMALL:KROO:MOBILITY", v)
			}
			for i := range w {
				x, err := strconv.ParseFloat(f[i], 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return bad("eval=%s: %q is not a number", v, f[i])
				}
				w[i] = x
			}
			o.Eval = search.Weights{Row: w[0], Small: w[1], Kroo: w[2], Mobility: w[3]}.Evaluator()
		case k == "eval":
			e, err := search.EvaluatorByName(v)
			if err != nil {
				return bad("%v", err)
			}
			o.Eval = e
		default:
			return bad("bad parameter %q (want level, depth, nodes, table, time, threads, quiesce=on|off, eval=NAME, book=on|off)", kv)
		}
	}
	return o, nil
}
