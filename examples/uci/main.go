package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/sowing-games/sowing/examples/internal/autoendgame"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/rulesflag"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the command on args; ctx ends it (Ctrl-C in main): the engine
// stops serving, a match or a book build stops where it is.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "match" {
		return runMatch(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "book" {
		return runBook(ctx, args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	games := rulesflags.Register(fs) // -game, -rules and the games' params
	level := fs.String("level", "max", "strength level: easy, medium, hard or max")
	hash := fs.Int("hash", uci.DefaultHashMB, "table size in MB")
	name := fs.String("name", "sowing", "the engine's id name")
	threads := fs.Int("threads", 1, "search threads")
	minAnswer := fs.Duration("min-answer", 50*time.Millisecond, "least time from a go with a movetime to its bestmove (the Aualé GUI drops quicker answers); 0: none")
	bookFile := fs.String("book", "", "opening book file (uci book builds one) instead of the embedded book of "+defaultRules())
	ownBook := fs.Bool("ownbook", false, "start with the option OwnBook on (play from the opening book)")
	egFlags := rulesflags.RegisterEndgame(fs)
	egAuto := autoendgame.Register(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: uci [-game NAME] [-rules 'PRESET KEY=VALUE...'] [-houses N ...] [-level LEVEL] [-hash MB] [-name NAME] [-min-answer D] [-ownbook] [-book FILE] [-endgame DIR [-endgame-stones K] [-endgame-approx] | -endgame-auto K]   (engine on stdin/stdout)")
			fmt.Fprintln(stdout, "       uci match -a SPEC -b SPEC [flags]                           (see uci match -h)")
			fmt.Fprintln(stdout, "       uci book -plies N [-extend E [-reply-time T]] [-depth D] [-time T] -out FILE (see uci book -h)")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fmt.Fprintln(stdout, "flags of uci match:")
			mfs, _ := matchFlags(&matchConfig{}, stdout)
			mfs.SetOutput(stdout)
			mfs.PrintDefaults()
			fmt.Fprintln(stdout, "flags of uci book:")
			bfs := bookFlags(&bookConfig{}, stdout)
			bfs.SetOutput(stdout)
			bfs.PrintDefaults()
			fmt.Fprintln(stdout, "\nWithout -game and -rules the engine plays "+defaultRules()+", the rules of its embedded opening book.")
			fmt.Fprintln(stdout)
			rulesflag.WriteGames(stdout)
			fmt.Fprintln(stdout)
			rulesflag.WriteOptions(stdout, rulesflag.HelpGame(fs))
			return 0
		}
		return 2
	}
	if *hash < 1 || *hash > uci.MaxHashMB {
		fmt.Fprintf(stderr, "uci: -hash %d: want 1 to %d\n", *hash, uci.MaxHashMB)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "uci: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if !games.Set("game") && !games.Set("rules") {
		_ = fs.Set("rules", defaultRules())
	}
	r, err := games.Ruleset()
	if err != nil {
		fmt.Fprintf(stderr, "uci: %s\n", rulesflags.Line(err))
		return rulesflags.ExitUsage
	}
	if _, err := search.LevelOptions(*level); err != nil {
		fmt.Fprintf(stderr, "uci: -level: %s\n", rulesflags.Line(err))
		return rulesflags.ExitUsage
	}
	cfg := uci.EngineConfig{Name: *name, Rules: r, Level: *level, HashMB: *hash, Threads: *threads, MinAnswer: *minAnswer,
		Book: defaultBook(), OwnBook: *ownBook} // the book plays only under its own rules
	if *bookFile != "" {
		b, err := loadBook(*bookFile, r)
		if err != nil {
			fmt.Fprintf(stderr, "uci: -book: %v\n", err)
			return 2
		}
		cfg.Book = b
	}
	closeEndgame, status := loadEndgame(egFlags, &cfg, stderr)
	if status != 0 {
		return status
	}
	defer closeEndgame()
	if cfg.Endgame == nil && cfg.EndgameBounds == nil { // no -endgame: the user's cache
		var closeAuto func()
		stdout, closeAuto = autoEndgame(egAuto, &cfg, stdout, stderr)
		defer closeAuto()
	}
	err = uci.Serve(ctx, stdin, stdout, cfg)
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// loadEndgame opens the databases of the -endgame flags for cfg.Rules
// into cfg.Endgame, and says so on stderr: it returns once each file's
// header and length are checked (rulesflags.EndgameFlags.Open), so that
// the engine answers uci at once whatever their size, and checks the
// values and checksums in the background. When the check is through it
// says so on stderr, with the time since the opening began, or says the
// first damaged file, whose count the oracle then leaves out
// (cfg.EndgameCheck says it to the GUI too). It returns a non-zero exit
// status on failure, having said why, and otherwise the function that
// ends the check and releases the databases once the engine is done.
func loadEndgame(f *rulesflags.EndgameFlags, cfg *uci.EngineConfig, stderr io.Writer) (closeEndgame func(), status int) {
	eg, err := f.Open(cfg.Rules)
	if err != nil {
		fmt.Fprintf(stderr, "uci: %s\n", rulesflags.Line(err))
		return nil, rulesflags.EndgameStatus(err)
	}
	if eg == nil {
		return func() {}, 0
	}
	if eg.HasBounds() {
		// Bound tables are read through and checked before they answer
		// (endgame.LoadBounds): there is nothing to check in the
		// background.
		cfg.EndgameBounds = eg.Bounds
		fmt.Fprintf(stderr, "uci: %s\n", eg)
		return func() {}, 0
	}
	cfg.Endgame, cfg.EndgameCheck, cfg.EndgameApprox, cfg.EndgameSeeds = eg.Oracle, eg.Err, !eg.Exact(), eg.Seeds
	fmt.Fprintf(stderr, "uci: %s\n", eg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := eg.Wait(ctx)
		switch {
		case ctx.Err() != nil: // the engine ended first: Close ends the check
		case err != nil:
			fmt.Fprintf(stderr, "uci: -endgame: %s (the engine searches without that count)\n", rulesflags.Line(err))
		default:
			fmt.Fprintf(stderr, "uci: endgame databases checked through in %v: every count answers\n", eg.Since().Round(time.Millisecond))
		}
	}()
	return func() {
		cancel()
		<-done
		eg.Close()
	}, 0
}
