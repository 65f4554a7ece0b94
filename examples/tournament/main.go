// Command tournament plays a match between two players on one of the
// module's games and reports the result with its statistical uncertainty.
//
// Usage:
//
//	go run ./examples/tournament -game awale|congkak|kalah [rule flags] \
//		-a SPEC -b SPEC -games N [-parallel P] [-seed S] [-max-plies N]
//
// A SPEC is read by search.ParsePlayer: "random", "greedy",
// "alphabeta:depth=8", "alphabeta:time=100ms", "mcts:playouts=20000", ...
//
// # Rules
//
// The rule flags of awale and congkak are those of the examples' shared
// flags (-rules, -houses, -seeds, -opening, -empty-capture, -rounds, ...).
// A full set of Congkak may last thousands of rounds between weak players,
// so for this command -rounds defaults to 10 (-rounds 0 asks for full
// sets). Kalah takes -houses (6), -seeds (4) and -capture empty|standard
// (empty). -max-plies (10000) caps every game: a game still going on then
// is scored by the stores as they stand (the player with more seeds in his
// store wins; equal is a draw), and is marked "capped".
//
// # Games
//
// Game i (from 0) gives A South when i is even and North when it is odd.
// Each game has its own two players, seeded from -seed and the game's
// index alone, so a match is reproducible and its results do not depend on
// -parallel (players limited by time are not reproducible, by nature). At
// a simultaneous decision each side's player chooses without seeing the
// other's choice, and the two choices make one joint move. Games run in
// parallel on -parallel goroutines (default: GOMAXPROCS).
//
// # Output
//
// On a terminal a progress bar; otherwise one line per game, in game
// order. Then A's wins, draws and losses, A's score rate (a win 1, a draw
// 1/2) with its 95% Wilson score interval (draws counted as half a win,
// which makes the interval slightly conservative), and the Elo difference
// of A over B, 400·log10(s/(1-s)) for score rate s, with the interval
// obtained from the bounds of the score-rate interval.
//
// Bad flags or specs give a one-line error and exit status 2.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

const (
	kalahGame       = "kalah"
	defaultRounds   = 10
	defaultMaxPlies = 10000
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
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
}

// usageError is a bad command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func badf(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// notKalah lists the shared game flags that do not apply to Kalah.
var notKalah = []string{"rules", "opening", "starter", "empty-capture", "first-hand", "round-end", "rounds"}

func parse(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported in one line by run
	rf := rulesflags.Register(fs)
	fs.Lookup("game").Usage = "the game: awale, congkak or kalah"
	fs.Lookup("rounds").Usage = fmt.Sprintf("congkak: at most N rounds, 0 for a full set (default %d here)", defaultRounds)
	capture := fs.String("capture", "empty", "kalah: empty or standard, the capture rule (KA-4)")
	c := &config{}
	fs.StringVar(&c.specA, "a", "", "player A: random, greedy, alphabeta:depth=8, mcts:playouts=20000, ...")
	fs.StringVar(&c.specB, "b", "", "player B, like -a")
	fs.IntVar(&c.games, "games", 10, "number of games")
	fs.IntVar(&c.parallel, "parallel", runtime.GOMAXPROCS(0), "games played at once")
	seed := fs.String("seed", "1", "random seed of the match (an unsigned integer)")
	fs.IntVar(&c.maxPlies, "max-plies", defaultMaxPlies, "cap on the moves of a game; a capped game is scored by the stores")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: tournament -game awale|congkak|kalah [rule flags] -a SPEC -b SPEC [-games N] [-parallel P] [-seed S]")
			fs.PrintDefaults()
			return nil, err
		}
		return nil, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return nil, badf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	if c.seed, err = strconv.ParseUint(*seed, 0, 64); err != nil {
		return nil, badf("-seed: want an unsigned integer, not %q", *seed)
	}
	switch {
	case c.specA == "":
		return nil, badf("-a: missing player spec")
	case c.specB == "":
		return nil, badf("-b: missing player spec")
	case c.games < 1:
		return nil, badf("-games: want 1 or more, not %d", c.games)
	case c.parallel < 1:
		return nil, badf("-parallel: want 1 or more, not %d", c.parallel)
	case c.maxPlies < 1:
		return nil, badf("-max-plies: want 1 or more, not %d", c.maxPlies)
	}
	for _, s := range []struct{ flag, spec string }{{"-a", c.specA}, {"-b", c.specB}} {
		if _, err := search.ParsePlayer(s.spec, 0); err != nil {
			return nil, badf("%s: %v", s.flag, err)
		}
	}
	switch rf.Game() {
	case rulesflags.Awale, rulesflags.Congkak, kalahGame:
	default:
		return nil, badf("-game: want awale, congkak or kalah, not %q", rf.Game())
	}
	if rf.Game() == kalahGame {
		for _, name := range notKalah {
			if set[name] {
				return nil, badf("-%s does not apply to -game kalah", name)
			}
		}
		o := kalah.Options{}
		if o.Houses, err = intFlag(fs, "houses"); err != nil {
			return nil, err
		}
		if o.Seeds, err = intFlag(fs, "seeds"); err != nil {
			return nil, err
		}
		if set["houses"] && o.Houses < 1 || set["seeds"] && o.Seeds < 1 {
			return nil, badf("-houses and -seeds: want 1 or more")
		}
		if o.Capture, err = kalah.ParseCapture(*capture); err != nil {
			return nil, badf("-capture: want empty or standard, not %q", *capture)
		}
		if c.rules, err = kalah.New(o); err != nil {
			return nil, badf("-houses %d -seeds %d: %v", o.Houses, o.Seeds, err)
		}
		return c, nil
	}
	if set["capture"] {
		return nil, badf("-capture applies only to -game kalah")
	}
	if rf.Game() == rulesflags.Congkak && !set["rounds"] {
		_ = fs.Set("rounds", strconv.Itoa(defaultRounds))
	}
	if c.rules, err = rf.Ruleset(); err != nil {
		return nil, usageError{err.Error()}
	}
	return c, nil
}

func intFlag(fs *flag.FlagSet, name string) (int, error) {
	v, err := strconv.Atoi(fs.Lookup(name).Value.String())
	if err != nil {
		return 0, badf("-%s: %v", name, err)
	}
	return v, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "tournament: %v\n", err)
		return 2
	}
	t, err := play(context.Background(), c, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "tournament: %v\n", err)
		return 1
	}
	summarize(stdout, t)
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
	err    error
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
	if r.capped {
		line += " (capped: scored by the stores)"
	}
	return line
}

func play(ctx context.Context, c *config, stdout io.Writer) (tally, error) {
	var t tally
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range min(c.parallel, c.games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- playGame(ctx, c, i)
			}
		}()
	}
	go func() {
		for i := range c.games {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()

	bar := isTerminal(stdout)
	fmt.Fprintf(stdout, "%v: A = %s, B = %s, %d games, seed %d\n", name(c.rules), c.specA, c.specB, c.games, c.seed)
	if bar {
		progress(stdout, 0, c.games, t)
	}
	done := make([]*result, c.games)
	next, finished := 0, 0
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("game %d: %w", r.index+1, r.err)
			}
			continue
		}
		done[r.index] = &r
		finished++
		switch r.aScore {
		case 1:
			t.wins++
		case 0:
			t.losses++
		default:
			t.draws++
		}
		if bar {
			progress(stdout, finished, c.games, t)
			continue
		}
		for next < c.games && done[next] != nil { // plain lines, in game order
			fmt.Fprintln(stdout, done[next].line(c.games))
			next++
		}
	}
	if bar {
		fmt.Fprintln(stdout)
	}
	return t, firstErr
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

func playGame(ctx context.Context, c *config, i int) result {
	res := result{index: i, aSouth: i%2 == 0}
	seedA, seedB := gameSeeds(c.seed, i)
	a, err := search.ParsePlayer(c.specA, seedA)
	if err != nil {
		res.err = err
		return res
	}
	b, err := search.ParsePlayer(c.specB, seedB)
	if err != nil {
		res.err = err
		return res
	}
	players := [2]search.Player{a, b} // indexed by Player: South, North
	if !res.aSouth {
		players = [2]search.Player{b, a}
	}
	g, err := mancala.NewGame(c.rules)
	if err != nil {
		res.err = err
		return res
	}
	for !g.Over() && g.Ply() < c.maxPlies {
		var m mancala.Move
		if t := g.Turn(); t == mancala.BothTurn {
			// Each side chooses on the same game, unaware of the other.
			var h [2]int
			for p := mancala.South; p <= mancala.North; p++ {
				mv, err := players[p].Choose(ctx, g, p)
				if err != nil {
					res.err = fmt.Errorf("%v at ply %d: %w", p, g.Ply(), err)
					return res
				}
				var ok bool
				if h[p], ok = mv.House(p); !ok {
					res.err = fmt.Errorf("%v at ply %d chose %v", p, g.Ply(), mv)
					return res
				}
			}
			m = mancala.Joint(h[mancala.South], h[mancala.North])
		} else {
			p, _ := t.Player()
			if m, err = players[p].Choose(ctx, g, p); err != nil {
				res.err = fmt.Errorf("%v at ply %d: %w", p, g.Ply(), err)
				return res
			}
		}
		if err := g.Play(m); err != nil {
			res.err = err
			return res
		}
	}
	res.final, res.plies, res.capped = g.Position(), g.Ply(), !g.Over()
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
	return res
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

func progress(w io.Writer, done, total int, t tally) {
	const width = 30
	k := done * width / total
	fmt.Fprintf(w, "\r[%s%s] %d/%d  A: +%d =%d -%d", strings.Repeat("#", k), strings.Repeat(".", width-k), done, total, t.wins, t.draws, t.losses)
}

func summarize(w io.Writer, t tally) {
	lo, hi := t.wilson()
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses in %d games\n", t.wins, t.draws, t.losses, t.games())
	fmt.Fprintf(w, "A's score rate: %.3f, 95%% interval %.3f..%.3f (Wilson)\n", t.rate(), lo, hi)
	fmt.Fprintf(w, "Elo difference A-B: %s, 95%% interval %s..%s\n", formatElo(elo(t.rate())), formatElo(elo(lo)), formatElo(elo(hi)))
}
