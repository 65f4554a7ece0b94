package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
)

type matchConfig struct {
	specA, specB string
	games        int
	openings     int
	plies        int
	balance      float64
	parallel     int
	seed         uint64
	maxPlies     int
	sprt         bool
	elo0, elo1   float64
	rules        *awale.Rules
	// playA and playB are the specs without their endgame keys, egA and
	// egB the databases those keys load (nil without).
	playA, playB string
	egA, egB     *rulesflags.Endgame
}

// matchOptions holds the flags of uci match that are not in matchConfig.
type matchOptions struct {
	seed   *uint64
	sprt   *string
	preset *string
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
	fs.Float64Var(&c.balance, "balance", 2, "keep openings whose depth-8 value is within this many seeds")
	fs.IntVar(&c.parallel, "parallel", runtime.GOMAXPROCS(0), "games at once")
	fs.IntVar(&c.maxPlies, "max-plies", 400, "a game still going on after this many plies is scored by the stores")
	var o matchOptions
	o.seed = fs.Uint64("seed", 1, "seed of the openings and the players")
	o.sprt = fs.String("sprt", "", "ELO0,ELO1: stop when a sequential probability ratio test decides")
	o.preset = fs.String("rules", "abapa", "rules preset")
	return fs, o
}

func runMatch(args []string, stdout, stderr io.Writer) int {
	var c matchConfig
	fs, mo := matchFlags(&c, stderr)
	seed, sprt, preset := mo.seed, mo.sprt, mo.preset
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: uci match -a SPEC -b SPEC [-games N] [-openings N] [-sprt ELO0,ELO1] [flags]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		return 2
	}
	c.seed = *seed
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
	c.games -= c.games % 2
	if c.openings <= 0 || c.openings > c.games/2 {
		c.openings = c.games / 2
	}
	if *sprt != "" {
		a, b, ok := strings.Cut(*sprt, ",")
		var e0, e1 error
		c.elo0, e0 = strconv.ParseFloat(a, 64)
		c.elo1, e1 = strconv.ParseFloat(b, 64)
		if !ok || e0 != nil || e1 != nil || c.elo1 <= c.elo0 {
			return bad("-sprt %q: want ELO0,ELO1 with ELO0 < ELO1", *sprt)
		}
		c.sprt = true
	}
	o, err := awale.Preset(*preset)
	if err != nil {
		return bad("%v", err)
	}
	if c.rules, err = awale.New(o); err != nil {
		return bad("%v", err)
	}
	for _, x := range []struct {
		who  string
		spec string
		play *string
		eg   **rulesflags.Endgame
	}{{"A", c.specA, &c.playA, &c.egA}, {"B", c.specB, &c.playB, &c.egB}} {
		play, eo, err := endgameKeys(x.spec)
		if err != nil {
			return bad("%v", err)
		}
		p, err := newPlayer(play, 1)
		if err != nil {
			return bad("%v", err)
		}
		closePlayer(p)
		*x.play = play
		if eo == nil {
			continue
		}
		if *x.eg, err = rulesflags.LoadEndgame(c.rules, *eo); err != nil {
			fmt.Fprintf(stderr, "uci match: %s: %s\n", x.who, rulesflags.Line(err))
			return rulesflags.EndgameStatus(err)
		}
		fmt.Fprintf(stderr, "uci match: %s: %s\n", x.who, *x.eg)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return match(ctx, &c, stdout, stderr)
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
				return &book.Engine{Book: uci.DefaultBook(), Next: ab}, nil
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

// openings returns n distinct balanced openings: positions after c.plies
// random moves, kept when a depth-8 search values them within c.balance
// seeds. The judge evaluates with the store-row DefaultEvaluator, not the
// ruleset's Estimate, so that a seed gives the openings it gave when
// ELO.md's matches were played.
func openings(c *matchConfig) []*mancala.Game {
	rng := rand.New(rand.NewPCG(c.seed, 0x6f70656e))
	judge := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 8, Eval: search.DefaultEvaluator})
	seen := map[mancala.Position]bool{}
	var out []*mancala.Game
	for tries := 0; len(out) < c.openings && tries < 100*c.openings; tries++ {
		g, _ := mancala.NewGame(c.rules)
		for i := 0; i < c.plies && !g.Over(); i++ {
			moves := g.Legal()
			_ = g.Play(moves[rng.IntN(len(moves))])
		}
		if g.Over() || seen[g.Position()] {
			continue
		}
		res, err := judge.Search(context.Background(), c.rules, g.Positions()[:g.Ply()], g.Position())
		if err != nil || math.Abs(res.Value) > c.balance {
			continue
		}
		seen[g.Position()] = true
		out = append(out, g)
	}
	return out
}

type gameResult struct {
	index  int
	aScore float64 // 1, 0.5 or 0
	plies  int
	capped bool
	err    error // a player's failure (it lost), or a setup error
	failer string
}

func playMatchGame(ctx context.Context, c *matchConfig, open *mancala.Game, i int) gameResult {
	res := gameResult{index: i}
	aSouth := i%2 == 0
	a, err := newPlayer(c.playA, c.seed*1000003+uint64(i))
	if err != nil {
		res.err = err
		return res
	}
	defer closePlayer(a)
	a = c.egA.Engine(a) // a itself without databases
	b, err := newPlayer(c.playB, c.seed*1000033+uint64(i)+7)
	if err != nil {
		res.err = err
		return res
	}
	defer closePlayer(b)
	b = c.egB.Engine(b)
	players := [2]search.Engine{a, b}
	if !aSouth {
		players = [2]search.Engine{b, a}
	}
	g := open.Clone()
	for !g.Over() && g.Ply() < c.maxPlies {
		if ctx.Err() != nil {
			res.err = ctx.Err()
			return res
		}
		p, _ := g.Turn().Player()
		m, err := players[p].Choose(ctx, g, p)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			if ctx.Err() != nil {
				res.err = ctx.Err()
				return res
			}
			// The player who failed loses the game.
			res.err, res.failer = err, "B"
			if (p == mancala.South) == aSouth {
				res.failer = "A"
			} else {
				res.aScore = 1
			}
			return res
		}
	}
	res.plies, res.capped = g.Ply(), !g.Over()
	s, n := g.Position().Board.Store(mancala.South), g.Position().Board.Store(mancala.North)
	if !aSouth {
		s, n = n, s
	}
	switch {
	case s > n:
		res.aScore = 1
	case s == n:
		res.aScore = 0.5
	}
	return res
}

// tally is a running match score.
type tally struct {
	w, d, l int
}

func (t tally) n() int { return t.w + t.d + t.l }

// stats returns the score rate, Elo, and the Elo interval (95%).
func (t tally) stats() (s, elo, lo, hi float64) {
	n := float64(t.n())
	if n == 0 {
		return 0.5, 0, math.Inf(-1), math.Inf(1)
	}
	s = (float64(t.w) + 0.5*float64(t.d)) / n
	v := (float64(t.w)*(1-s)*(1-s) + float64(t.d)*(0.5-s)*(0.5-s) + float64(t.l)*s*s) / n
	se := math.Sqrt(v / n)
	return s, eloOf(s), eloOf(s - 1.96*se), eloOf(s + 1.96*se)
}

func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// llr is the log-likelihood ratio of the trinomial GSPRT of Elo elo1
// against elo0.
func (t tally) llr(elo0, elo1 float64) float64 {
	n := float64(t.n())
	if n == 0 || t.w+t.d == 0 || t.l+t.d == 0 {
		return 0
	}
	s := (float64(t.w) + 0.5*float64(t.d)) / n
	v := (float64(t.w)*(1-s)*(1-s) + float64(t.d)*(0.5-s)*(0.5-s) + float64(t.l)*s*s) / n
	if v <= 0 {
		return 0
	}
	s0 := 1 / (1 + math.Pow(10, -elo0/400))
	s1 := 1 / (1 + math.Pow(10, -elo1/400))
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * v)
}

func match(ctx context.Context, c *matchConfig, stdout, stderr io.Writer) int {
	ops := openings(c)
	if len(ops) == 0 {
		fmt.Fprintln(stderr, "uci match: no balanced opening found")
		return 1
	}
	fmt.Fprintf(stdout, "match: A %s\n       B %s\n       %v, %d openings of %d random plies (within %g seeds at depth 8), up to %d games, %d at once\n",
		c.specA, c.specB, c.rules, len(ops), c.plies, c.balance, c.games, c.parallel)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for w := 0; w < c.parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- playMatchGame(ctx, c, ops[(i/2)%len(ops)], i)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < c.games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var t tally
	lower, upper := math.Log(0.05/0.95), math.Log(0.95/0.05)
	verdict := ""
	start := time.Now()
	for r := range results {
		if r.err != nil && r.failer == "" {
			if !errors.Is(r.err, context.Canceled) {
				fmt.Fprintf(stderr, "uci match: game %d: %v\n", r.index, r.err)
			}
			cancel()
			continue
		}
		switch r.aScore {
		case 1:
			t.w++
		case 0.5:
			t.d++
		default:
			t.l++
		}
		note := ""
		if r.failer != "" {
			note = fmt.Sprintf(" (%s forfeits: %v)", r.failer, r.err)
		} else if r.capped {
			note = " (capped)"
		}
		s, elo, lo, hi := t.stats()
		line := fmt.Sprintf("game %d: A %g%s; after %d: +%d =%d -%d, score %.3f, Elo %+.0f [%+.0f, %+.0f]",
			r.index, r.aScore, note, t.n(), t.w, t.d, t.l, s, elo, lo, hi)
		if c.sprt {
			line += fmt.Sprintf(", LLR %.2f [%.2f, %.2f]", t.llr(c.elo0, c.elo1), lower, upper)
		}
		fmt.Fprintln(stderr, line)
		if c.sprt && verdict == "" {
			switch llr := t.llr(c.elo0, c.elo1); {
			case llr >= upper:
				verdict = fmt.Sprintf("SPRT: H1 accepted (A is %g Elo or more stronger, not %g)", c.elo1, c.elo0)
				cancel()
			case llr <= lower:
				verdict = fmt.Sprintf("SPRT: H0 accepted (A is not %g Elo stronger)", c.elo1)
				cancel()
			}
		}
	}
	if t.n() == 0 {
		return 1
	}
	s, elo, lo, hi := t.stats()
	fmt.Fprintf(stdout, "A: +%d =%d -%d of %d games, score %.3f, Elo %+.0f, 95%% interval [%+.0f, %+.0f] (%v)\n",
		t.w, t.d, t.l, t.n(), s, elo, lo, hi, time.Since(start).Round(time.Second))
	if c.sprt {
		if verdict == "" {
			verdict = fmt.Sprintf("SPRT: undecided, LLR %.2f", t.llr(c.elo0, c.elo1))
		}
		fmt.Fprintln(stdout, verdict)
	}
	return 0
}
