package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
)

const (
	defaultMaxPlies = 10000
	// maxGames bounds -games: more would not end in a lifetime.
	maxGames = 1_000_000_000
	// maxMaxPlies bounds -max-plies: a game in flight keeps every position.
	maxMaxPlies = 1_000_000
	// parallelPerCPU bounds -parallel: every game in flight holds two
	// players, and a searching player holds a table of several MiB.
	parallelPerCPU = 4
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// config is a parsed command line.
type config struct {
	rules    mancala.Ruleset
	specA    string
	specB    string
	games    int
	parallel int
	seed     uint64
	maxPlies int
	records  string // file for the games' records; "" for none
	quiet    bool
	// randomPlies is the number of random moves that open each pair of
	// games (the same for both games of a pair).
	randomPlies int
	// endgame holds the endgame databases, nil without -endgame; endgameFor
	// says which players search with them (index 0: A, 1: B).
	endgame    *rulesflags.Endgame
	endgameFor [2]bool
}

const usage = "tournament [game flags] -a SPEC -b SPEC [-games N] [-parallel P] [-rand-seed N] [-random-plies N] [-max-plies N]\n" +
	"       [-endgame DIR [-endgame-stones K] [-endgame-approx] [-endgame-for a|b|both]] [-records FILE] [-quiet]"

// maxRandomPlies bounds -random-plies.
const maxRandomPlies = 1000

// maxParallel is the largest -parallel on this machine.
func maxParallel() int { return max(8, parallelPerCPU*runtime.NumCPU()) }

// parse reads the command line; on failure or -h it has written what to
// say and returns the exit status.
func parse(args []string, stdout, stderr io.Writer) (*config, int) {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	rf := rulesflags.Register(fs)
	c := &config{}
	fs.StringVar(&c.specA, "a", "", "player A's `SPEC`: random, greedy, alphabeta:depth=8, mcts:playouts=20000, ... (search.ParseEngine)")
	fs.StringVar(&c.specB, "b", "", "player B's `SPEC`, like -a")
	fs.IntVar(&c.games, "games", 10, fmt.Sprintf("`N` games, 1 to %d", maxGames))
	fs.IntVar(&c.parallel, "parallel", runtime.GOMAXPROCS(0), fmt.Sprintf("`P` games played at once, 1 to %d on this machine (%d per CPU)", maxParallel(), parallelPerCPU))
	seed := rulesflags.RandSeed(fs)
	fs.IntVar(&c.maxPlies, "max-plies", defaultMaxPlies, fmt.Sprintf("cap of `N` moves (1 to %d) on every game; a capped game is scored by the stores", maxMaxPlies))
	fs.StringVar(&c.records, "records", "", "write the games as records to `FILE` (record text, or JSON lines if FILE ends in .json or .jsonl), for replay -record")
	fs.IntVar(&c.randomPlies, "random-plies", 0, fmt.Sprintf("open each pair of games (1 and 2, 3 and 4, ...) with the same `N` random moves (0 to %d), A playing South in one and North in the other", maxRandomPlies))
	eg := rulesflags.RegisterEndgame(fs)
	endgameFor := fs.String("endgame-for", "both", "with -endgame: which players search with the databases, `a|b|both`: A, B or both")
	quiet := rulesflags.Quiet(fs)
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return nil, status
	}
	bad := func(format string, args ...any) (*config, int) {
		fmt.Fprintf(stderr, "tournament: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return nil, rulesflags.ExitUsage
	}
	c.seed, c.quiet = uint64(*seed), *quiet
	switch {
	case c.specA == "":
		return bad("-a: missing player spec, such as -a greedy")
	case c.specB == "":
		return bad("-b: missing player spec, such as -b random")
	case c.games < 1 || c.games > maxGames:
		return bad("-games: want 1 to %d, not %d", maxGames, c.games)
	case c.parallel < 1 || c.parallel > maxParallel():
		return bad("-parallel: want 1 to %d on this machine (%d per CPU), not %d", maxParallel(), parallelPerCPU, c.parallel)
	case c.maxPlies < 1 || c.maxPlies > maxMaxPlies:
		return bad("-max-plies: want 1 to %d, not %d", maxMaxPlies, c.maxPlies)
	case c.randomPlies < 0 || c.randomPlies > maxRandomPlies:
		return bad("-random-plies: want 0 to %d, not %d", maxRandomPlies, c.randomPlies)
	}
	switch *endgameFor {
	case "a":
		c.endgameFor = [2]bool{true, false}
	case "b":
		c.endgameFor = [2]bool{false, true}
	case "both":
		c.endgameFor = [2]bool{true, true}
	default:
		return bad("-endgame-for: want a, b or both, not %s", rulesflags.Quote(*endgameFor))
	}
	for _, s := range []struct{ flag, spec string }{{"-a", c.specA}, {"-b", c.specB}} {
		if strings.HasPrefix(s.spec, "uci:") {
			continue // checked when the engine starts, in the first game
		}
		if _, err := search.ParseEngine(s.spec, 0); err != nil {
			return bad("%s: %w", s.flag, err)
		}
	}
	var err error
	if c.rules, err = rf.Ruleset(); err != nil {
		return bad("%w", err)
	}
	if c.endgame, err = eg.Load(c.rules); err != nil {
		fmt.Fprintf(stderr, "tournament: %s\n", rulesflags.Line(err))
		return nil, rulesflags.EndgameStatus(err)
	}
	if c.endgame == nil && rf.Set("endgame-for") {
		return bad("-endgame-for applies only with -endgame DIR")
	}
	if c.endgame != nil && !c.quiet {
		fmt.Fprintf(stderr, "tournament: %s, for %s\n", c.endgame, endgameUsers(c.endgameFor))
	}
	return c, 0
}

// endgameUsers names the players who search with the databases.
func endgameUsers(use [2]bool) string {
	switch use {
	case [2]bool{true, false}:
		return "A only"
	case [2]bool{false, true}:
		return "B only"
	}
	return "A and B"
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c, status := parse(args, stdout, stderr)
	if c == nil {
		return status
	}
	var t tally
	var err error
	if c.records == "" {
		t, err = play(ctx, c, stdout, stderr, nil)
	} else {
		// The records go to a temporary file that atomicfile renames to
		// c.records once the match is over: the file is whole or absent.
		var playErr error
		err = atomicfile.Write(c.records, func(w io.Writer) error {
			out := newRecordWriter(w, c.records)
			if t, playErr = play(ctx, c, stdout, stderr, out); playErr == nil {
				playErr = out.flush()
			}
			return playErr
		})
		if err != nil && err != playErr {
			err = fmt.Errorf("-records: %w", err)
		}
	}
	if t.games() > 0 {
		summarize(stdout, t)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tournament: %s\n", rulesflags.Line(err))
		return rulesflags.ExitFailure
	}
	return 0
}

// result is one finished game.
type result struct {
	index  int
	aSouth bool
	final  mancala.Position
	plies  int
	capped bool    // stopped by -max-plies and scored by the stores
	aScore float64 // 1, 1/2 or 0
	ending mancala.Ending
	// forfeit says which engine lost the game by failing (crash, time,
	// illegal move: see uci.Forfeits); empty for a game played out.
	forfeit string
	record  *record.Record // nil unless -records
	err     error
}

func (r result) line(games int) string {
	side := "north"
	if r.aSouth {
		side = "south"
	}
	a, b := r.final.Board.Store(mancala.South), r.final.Board.Store(mancala.North)
	if !r.aSouth {
		a, b = b, a
	}
	verdict := "draw"
	switch r.aScore {
	case 1:
		verdict = "A wins"
	case 0:
		verdict = "B wins"
	}
	w := len(strconv.Itoa(games))
	line := fmt.Sprintf("game %*d/%d: A %s, A %d - B %d, %s, %d plies", w, r.index+1, games, side, a, b, verdict, r.plies)
	switch {
	case r.forfeit != "":
		line += " (" + r.forfeit + ")"
	case r.capped:
		line += " (capped: scored by the stores)"
	case r.ending.Reason != mancala.EndNone:
		line += ", " + r.ending.String()
	}
	return line
}

// play plays the match (see inOrder): lines and records come out in game
// order.
func play(ctx context.Context, c *config, stdout, stderr io.Writer, out *recordWriter) (tally, error) {
	lines := !isTerminal(stdout) // on a terminal, the progress line says it all
	header := fmt.Sprintf("%v: A = %s, B = %s, %d games, rand-seed %d", name(c.rules), c.specA, c.specB, c.games, int64(c.seed))
	if c.randomPlies > 0 {
		header += fmt.Sprintf(", %d random plies a pair of games", c.randomPlies)
	}
	if c.endgame != nil {
		header += fmt.Sprintf(", endgame databases (counts 0 to %d) for %s", c.endgame.DB().Seeds(), endgameUsers(c.endgameFor))
		if !c.endgame.Exact() {
			header += " as estimates"
		}
	}
	fmt.Fprintln(stdout, header)
	var t tally
	var finished atomic.Int64
	meter := progress.New(stderr, c.quiet)
	meter.Every(func() string {
		return fmt.Sprintf("tournament: %d/%d games", finished.Load(), c.games)
	})
	defer meter.Stop()
	work := func(ctx context.Context, i int) (result, error) {
		r := playGame(ctx, c, i, out != nil)
		return r, r.err
	}
	emit := func(r result) error {
		finished.Add(1)
		switch r.aScore {
		case 1:
			t.wins++
		case 0:
			t.losses++
		default:
			t.draws++
		}
		if lines {
			meter.Clear()
			fmt.Fprintln(stdout, r.line(c.games))
		}
		if out != nil {
			if err := out.write(r.record); err != nil {
				return fmt.Errorf("-records: %w", err)
			}
		}
		return nil
	}
	n, err := inOrder(ctx, c.games, c.parallel, work, emit)
	meter.Stop()
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("interrupted after %d of %d games (the summary counts those)", n, c.games)
	}
	return t, err
}

func name(r mancala.Ruleset) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}

// gameSeeds derives the two players' seeds of game i from the match seed
// alone (splitmix64 steps), so that results do not depend on scheduling.
func gameSeeds(seed uint64, i int) (a, b uint64) {
	x := splitmix64(seed ^ splitmix64(uint64(i)+0x632be59bd9b4e019))
	return splitmix64(x ^ 0xa), splitmix64(x ^ 0xb)
}

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func playGame(ctx context.Context, c *config, i int, withRecord bool) result {
	res := result{index: i, aSouth: i%2 == 0}
	seedA, seedB := gameSeeds(c.seed, i)
	a, err := newEngine(c.specA, seedA)
	if err == nil {
		defer a.close()
	}
	if forfeit(&res, "A", 0, err) {
		return res
	}
	b, err := newEngine(c.specB, seedB)
	if err == nil {
		defer b.close()
	}
	if forfeit(&res, "B", 1, err) {
		return res
	}
	for i, e := range []*engine{a, b} {
		if c.endgameFor[i] {
			e.Engine = c.endgame.Engine(e.Engine) // e itself if c.endgame is nil
		}
	}
	engines := [2]search.Engine{a, b} // indexed by mancala.Player: South, North
	specs := [2]string{c.specA, c.specB}
	if !res.aSouth {
		engines = [2]search.Engine{b, a}
		specs = [2]string{c.specB, c.specA}
	}
	g, err := mancala.NewGame(c.rules)
	if err != nil {
		res.err = err
		return res
	}
	if err := openRandomly(g, c.seed, i/2, c.randomPlies); err != nil {
		res.err = err
		return res
	}
	// search.PlayGame plays the game; its observer enforces the cap by
	// cancelling the game's context after c.maxPlies moves (PlayGame checks
	// it between moves, so no engine is cut short).
	gctx, stop := context.WithCancel(ctx)
	defer stop()
	capped := false
	err = search.PlayGame(gctx, g, engines[mancala.South], engines[mancala.North], func(mancala.Move, mancala.Position) {
		if g.Ply() >= c.maxPlies && !g.Over() {
			capped = true
			stop()
		}
	})
	if err != nil && uci.Forfeits(err) && (a.failed || b.failed) {
		// An external engine crashed, hung or answered an illegal move:
		// it loses the game, and the match goes on.
		who, score := "B", 1.0
		if a.failed {
			who, score = "A", 0
		}
		res.final, res.plies, res.aScore = g.Position(), g.Ply(), score
		res.forfeit = fmt.Sprintf("%s forfeits at move %d: %s", who, g.Ply()+1, rulesflags.Line(err))
		return res
	}
	if err != nil && !(capped && ctx.Err() == nil) {
		res.err = fmt.Errorf("move %d: %w", g.Ply()+1, err)
		return res
	}
	res.final, res.plies, res.capped = g.Position(), g.Ply(), !g.Over()
	if !res.capped {
		res.ending = g.Outcome().Ending
	}
	s, n := res.final.Board.Store(mancala.South), res.final.Board.Store(mancala.North)
	if !res.aSouth {
		s, n = n, s
	}
	switch {
	case s > n:
		res.aScore = 1
	case s == n:
		res.aScore = 0.5
	}
	if withRecord {
		res.record, res.err = gameRecord(g, c, i, specs, res.capped)
	}
	return res
}

// openRandomly plays n random legal moves on g (fewer if the game ends),
// chosen from the match seed and the pair of games alone, so that both
// games of a pair open alike whatever the scheduling.
func openRandomly(g *mancala.Game, seed uint64, pair, n int) error {
	rng := rand.New(rand.NewPCG(seed, splitmix64(uint64(pair)^0x6f70656e)))
	for range n {
		moves := g.Legal()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			return fmt.Errorf("random opening: %w", err)
		}
	}
	return nil
}

// forfeit records in res, when err is an external engine's failure to
// start (uci.Forfeits), that player who ("A" or "B") loses the game
// unplayed, so that A scores aScore; any other error stops the match. It
// reports whether the game is settled.
func forfeit(res *result, who string, aScore float64, err error) bool {
	switch {
	case err == nil:
		return false
	case uci.Forfeits(err):
		res.aScore = aScore
		res.forfeit = fmt.Sprintf("%s forfeits at its start: %s", who, rulesflags.Line(err))
	default:
		res.err = err
	}
	return true
}

// engine is a player of the match: it notes whether it failed, and closes
// an external engine's process after the game.
type engine struct {
	search.Engine
	failed bool
}

// newEngine makes a player from a spec of uci.ParseEngine: an external
// engine ("uci:cmd=PATH ARGS...") or one of search.ParseEngine's.
func newEngine(spec string, seed uint64) (*engine, error) {
	e, err := uci.ParseEngine(spec, seed)
	if err != nil {
		return nil, err
	}
	return &engine{Engine: e}, nil
}

func (e *engine) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	m, err := e.Engine.Choose(ctx, g, side)
	if err != nil && uci.Forfeits(err) {
		e.failed = true
	}
	return m, err
}

func (e *engine) close() {
	if c, ok := e.Engine.(io.Closer); ok {
		c.Close()
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func summarize(w io.Writer, t tally) {
	lo, hi := t.wilson()
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses in %d games\n", t.wins, t.draws, t.losses, t.games())
	fmt.Fprintf(w, "A's score rate: %.3f, 95%% interval %.3f..%.3f (Wilson)\n", t.rate(), lo, hi)
	fmt.Fprintf(w, "Elo difference A-B: %s, 95%% interval %s..%s\n", formatElo(elo(t.rate())), formatElo(elo(lo)), formatElo(elo(hi)))
}
