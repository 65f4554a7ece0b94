// Command endgame builds and reads endgame databases (package
// mancala/endgame) of any registered ruleset that states its rules for the
// builder (an endgame.Retrograder: Awalé's, Kalah's, and the games of
// package sow's catalogue whose values depend on the houses alone): the
// exact value of every configuration of up to K seeds in the houses. For
// rules without exact values that can be bounded (an endgame.CycleBounder:
// Awalé's abapa and documents' rules, whose endless cycles give each
// player his own row, AW-8), it builds and reads their bound tables
// instead (endgame.BuildBounds: for each configuration L and U, the value
// when an endless cycle is worth the worst and the best to the player to
// move; files NN.egbd): "endgame build -rules abapa -stones 16" builds
// those that the tools' -endgame loads under abapa, and probe prints a
// position's bounds and what they prove.
//
// Usage (endgame -h lists the flags of each command):
//
//	go run ./examples/endgame build|stats|probe|solve [-game G] -rules NAME [flags]
//
// build builds the databases of the counts 0 to K (or resumes: the counts
// whose files are in DIR are loaded, the others built and saved, one file a
// count), with progress on standard error. stats prints "stones N
// positions P", then one line "value V count C" for each value that
// occurs among the configurations of N seeds with South to move, in
// increasing V. probe prints the value of a position (the core's position
// text) for the player to move, and the value of each of his moves. solve
// prints the value of the start of the game of N houses a side with S
// seeds in each: South's final store minus North's under perfect play.
// Only build builds: stats, probe and solve read the counts they need from
// DIR and, if DIR lacks one, refuse in one line naming the build command
// and its size (exit status 2). build first says on standard error which
// counts it will build and what they take on disk and in memory (unless
// -quiet), and checks, before it builds anything, that it can write in DIR
// and that the memory and the disk space the system says are left hold
// them (exit status 1 otherwise).
//
// -stones keeps its name here, where the seed count is the command's
// subject; the other tools, which take databases as a side input, call
// the largest count -endgame-stones and the directory -endgame.
//
// A configuration's value is what the player to move will capture from
// then on minus what his opponent will, the seeds collected at the end
// included; an endless cycle is worth 0 (the Awari rules: grand slam
// forbidden unless forced, then capturing; cycle split). -rules names a
// preset of -game (default awale) or a whole ruleset name; the ruleset
// refuses rules whose values are not exact (of Awalé's presets, only awari
// has databases).
// -grandslam replaces the preset's grand slam rule: "-rules awari
// -grandslam nocapture" builds the databases of the nearest exact rules of
// Abapa ("awale grandslam=nocapture cycle=split"), which the tools' flag
// -endgame-approx reads.
// DIR defaults to "sowing/endgame" in the user's cache directory.
// Bad flags give a one-line error and exit status 2; -h prints usage and
// exits 0; an interrupt stops the build, keeping the finished counts.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"

	_ "github.com/sowing-games/sowing/awale"                      // registers the awale family
	"github.com/sowing-games/sowing/examples/internal/rulesflags" // also registers every game the tools play
	"github.com/sowing-games/sowing/examples/internal/sysmem"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usageText = `Builds and reads endgame databases: exact values (awari, cycle=split rules; Kalah), or bound tables
for rules whose endless cycles the history decides (abapa, default: proven results where they decide).
usage:
  endgame build [-game G] -rules NAME [-grandslam G] -stones K [-houses N] [-dir DIR] [-parallel W] [-quiet]
  endgame stats [-game G] -rules NAME [-grandslam G] -stones N [-houses N] [-dir DIR] [-parallel W] [-quiet]
  endgame probe [-game G] -rules NAME [-grandslam G] -position TEXT [-dir DIR] [-parallel W] [-quiet]
  endgame solve [-game G] -rules NAME [-grandslam G] -houses N -seeds S [-dir DIR] [-parallel W] [-quiet]`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	usage := func(err error) int {
		fmt.Fprintf(stderr, "endgame: %v\n", err)
		return 2
	}
	if len(args) == 0 {
		return usage(errors.New("no command: want build, stats, probe or solve (-h for help)"))
	}
	cmd := args[0]
	help := false
	switch cmd {
	case "-h", "-help", "--help", "help":
		help = true
	case "build", "stats", "probe", "solve":
	default:
		return usage(fmt.Errorf("unknown command %.40q: want build, stats, probe or solve", cmd))
	}
	fs := flag.NewFlagSet("endgame "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	game := fs.String("game", "awale", "the game: a registered family whose rulesets have databases (awale, and the games of package sow's catalogue that CATALOGUE.md marks; -rules may name a whole ruleset instead)")
	rules := fs.String("rules", "awari", "the rules: a preset of -game (awale: awari, the only one with exact values; abapa and default get bound tables) or a whole ruleset name")
	grandSlam := fs.String("grandslam", "", "Awalé's grand slam rule, in place of the preset's: forbidden, nocapture, captureall or forbiddenelsecapture (the nearest exact rules of abapa: -grandslam nocapture)")
	stones := fs.Int("stones", -1, "seeds in the houses (build: the largest count; stats: the count)")
	houses := fs.Int("houses", 6, "houses a side")
	seeds := fs.Int("seeds", 0, "seeds a house at the start (solve)")
	position := fs.String("position", "", "the position to probe, in the core's position text")
	dir := fs.String("dir", "", "the databases' directory (default: sowing/endgame in the user's cache directory)")
	workers := fs.Int("parallel", 0, "goroutines that build at once (0: one a core)")
	rulesflags.Alias(fs, "workers", "parallel")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	if help {
		fmt.Fprintln(stdout, usageText)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return 0
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usageText)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		return usage(err)
	}
	if fs.NArg() > 0 {
		return usage(fmt.Errorf("unexpected argument %.40q", fs.Arg(0)))
	}
	if *workers < 0 || *workers > endgame.MaxWorkers {
		return usage(fmt.Errorf("-parallel: want 0 to %d, not %d", endgame.MaxWorkers, *workers))
	}
	var p mancala.Position
	var err error
	switch cmd {
	case "probe":
		if *position == "" {
			return usage(errors.New("probe: give -position"))
		}
		if p, err = mancala.ParsePosition(*position); err != nil {
			return usage(fmt.Errorf("-position: %v", err))
		}
		*houses = p.Board.Houses()
	case "solve":
		if *seeds < 1 {
			return usage(fmt.Errorf("solve: -seeds: want 1 or more, not %d", *seeds))
		}
		if *houses >= 1 && *houses <= mancala.MaxHouses && 2**houses**seeds > endgame.MaxSeeds {
			return usage(fmt.Errorf("solve: %d houses of %d seeds make %d stones, more than a database holds (%d)",
				*houses, *seeds, 2**houses**seeds, endgame.MaxSeeds))
		}
		*stones = 2 * *houses * *seeds
	default:
		if *stones < 0 || *stones > endgame.MaxSeeds {
			return usage(fmt.Errorf("%s: -stones: want 0 to %d, not %d", cmd, endgame.MaxSeeds, *stones))
		}
	}
	if *houses < 1 || *houses > mancala.MaxHouses {
		return usage(fmt.Errorf("-houses: want 1 to %d, not %d", mancala.MaxHouses, *houses))
	}
	words := []string{"houses=" + strconv.Itoa(*houses)}
	if *grandSlam != "" {
		words = append(words, "grandslam="+*grandSlam)
	}
	r, err := rulesflags.Named(*game, *rules, words...)
	if err != nil {
		return usage(fmt.Errorf("-game %s -rules %s: %v", *game, *rules, err))
	}
	*houses = r.Start().Board.Houses() // a houses= word of -rules wins over -houses
	g, bounds, winnerOnly, err := gameOf(r)
	if err != nil {
		return usage(fmt.Errorf("-rules %s: %v", *rules, err))
	}
	if *dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return usage(fmt.Errorf("no -dir and no cache directory: %v", err))
		}
		*dir = filepath.Join(cache, "sowing", "endgame")
	}
	var c endgame.Config
	if cmd == "probe" {
		var ok bool
		if c, ok = g.Config(p); !ok {
			return usage(errors.New("-position: not a position with one player to move"))
		}
		*stones = c.Seeds()
		if *stones > endgame.MaxSeeds {
			return usage(fmt.Errorf("-position: %d seeds in the houses, more than a database holds (%d)", *stones, endgame.MaxSeeds))
		}
	}
	if endgame.Size(2**houses, *stones) == 0 {
		return usage(fmt.Errorf("%d stones on %d houses a side: too many configurations", *stones, *houses))
	}
	if bounds {
		j := &boundsJob{cmd: cmd, rules: *rules, dir: *dir, g: g, winnerOnly: winnerOnly, stones: *stones,
			workers: *workers, quiet: *quiet, p: p, stdout: stdout, stderr: stderr}
		return j.run(ctx)
	}
	var db *endgame.DB
	if cmd == "build" {
		bo := endgame.Options{Workers: *workers}
		if !*quiet {
			bo.Progress = stderr
		}
		if b := endgame.Buildable(g, *stones, false); b < *stones {
			// Parents derived from the moves (endgame.DeriveParents) serve
			// counts up to a memory bound: say so before building.
			fmt.Fprintf(stderr, "%v: build -stones %d at most\n", g.(endgame.CountLimiter).CheckCount(b+1), b)
			return 1
		}
		if err := planBuild(g, *dir, *stones, *quiet, stderr); err != nil {
			fmt.Fprintf(stderr, "endgame: %v\n", err)
			return 1
		}
		if db, err = endgame.Build(ctx, g, *dir, *stones, bo); err != nil {
			fmt.Fprintf(stderr, "endgame: %v\n", err)
			return 1
		}
	} else {
		// stats, probe and solve read what is built and build nothing.
		if have := endgame.Finished(g, *dir); have <= *stones {
			fmt.Fprintf(stderr, "endgame: %s needs counts 0 to %d of %s and %s holds %s: build them with: go run ./examples/endgame build -rules %s%s -stones %d -houses %d -dir %s (%s)\n",
				cmd, *stones, g.Name(), *dir, holds(have), quoteWord(*rules), grandSlamFlag(*grandSlam), *stones, *houses, *dir, endgame.NewPlan(g.Houses(), have, *stones))
			return 2
		}
		if db, err = endgame.Load(g, *dir, *stones); err != nil {
			fmt.Fprintf(stderr, "endgame: %v\n", err)
			return 1
		}
	}
	switch cmd {
	case "build":
		fmt.Fprintf(stdout, "built %s, %d houses a side, counts 0 to %d in %s\n", g.Name(), *houses, *stones, *dir)
	case "stats":
		stats(stdout, db, *stones)
	case "probe":
		probe(stdout, g, db, p, &c)
	case "solve":
		var start endgame.Config
		for i := range 2 * *houses {
			start[i] = uint8(*seeds)
		}
		v, _ := db.Value(&start)
		fmt.Fprintf(stdout, "houses %d seeds %d stones %d\nvalue %d for South, the player to move (South's final store minus North's)\n",
			*houses, *seeds, *stones, v)
	}
	return 0
}

// gameOf returns the database game of r: its exact one (an
// endgame.Retrograder), or for rules without exact databases that can be
// bounded (an endgame.CycleBounder: abapa, the documents' rules) the game
// of the bound tables, with bounds true and whether they prove only the
// result (winnerOnly).
func gameOf(r mancala.Ruleset) (g endgame.Game, bounds, winnerOnly bool, err error) {
	rg, ok := r.(endgame.Retrograder)
	if !ok {
		return nil, false, false, fmt.Errorf("%v has no endgame databases (it is no endgame.Retrograder)", r)
	}
	g, err = rg.Retrograde()
	if err == nil {
		return g, false, false, nil
	}
	if cb, ok := r.(endgame.CycleBounder); ok {
		if bg, wo, berr := cb.CycleBounds(); berr == nil {
			return bg, true, wo, nil
		}
	}
	return nil, false, false, err
}

// holds says which counts a directory holds, have of them in a row from 0.
func holds(have int) string {
	switch have {
	case 0:
		return "none"
	case 1:
		return "count 0 only"
	}
	return fmt.Sprintf("counts 0 to %d only", have-1)
}

// grandSlamFlag returns the -grandslam flag to repeat in a command, if any.
func grandSlamFlag(g string) string {
	if g == "" {
		return ""
	}
	return " -grandslam " + g
}

// planBuild says what a build of counts up to k of g under dir will do
// (unless quiet; see endgame.PlanBuild), and fails before anything is
// built if the directory cannot be written (endgame.CheckDir), or if the
// memory or the disk space that the system says is left cannot hold the
// build.
func planBuild(g endgame.Game, dir string, k int, quiet bool, stderr io.Writer) error {
	p := endgame.PlanBuild(g, dir, k)
	if p.From > k {
		return nil // every count is there: Build loads them
	}
	if err := endgame.CheckDir(g, dir); err != nil {
		return err
	}
	sub := filepath.Join(dir, endgame.DirName(g.Name()))
	if avail, ok := sysmem.Available(); ok && p.Memory > avail {
		return fmt.Errorf("counts 0 to %d of %s need %s of memory, and only %s is available: give a smaller -stones", k, g.Name(), endgame.MiB(p.Memory), endgame.MiB(avail))
	}
	if free, ok := sysmem.FreeDisk(sub); ok && p.Configurations > free {
		return fmt.Errorf("counts %d to %d of %s need %s on disk, and only %s is free in %s", p.From, k, g.Name(), endgame.MiB(p.Configurations), endgame.MiB(free), sub)
	}
	if !quiet {
		fmt.Fprintf(stderr, "endgame: building counts %d to %d of %s in %s (%s)\n", p.From, k, g.Name(), dir, p)
	}
	return nil
}

// stats prints how many configurations of k seeds have each value.
func stats(w io.Writer, db *endgame.DB, k int) {
	fmt.Fprintf(w, "stones %d positions %d\n", k, db.Size(k))
	for _, vc := range db.Histogram(k) {
		fmt.Fprintf(w, "value %d count %d\n", vc.Value, vc.Count)
	}
}

// probe prints the value of position p (configuration c) and of each move.
func probe(w io.Writer, g endgame.Game, db *endgame.DB, p mancala.Position, c *endgame.Config) {
	mover, _ := p.ToMove.Player()
	v, _ := db.Value(c)
	d := p.Board.Store(mover) - p.Board.Store(mover.Other())
	name := [2]string{"South", "North"}
	fmt.Fprintf(w, "value %d for %s, the player to move (his captures from now on minus %s's); his final store minus %s's: %d\n",
		v, name[mover], name[mover.Other()], name[mover.Other()], d+v)
	moves, _ := db.Moves(g, c)
	if len(moves) == 0 {
		fmt.Fprintln(w, "the game is over")
	}
	for _, m := range moves {
		if m.Move < 0 { // a forced pass (endgame.Child.Move)
			fmt.Fprintf(w, "pass value %d\n", m.Value)
			continue
		}
		mv := mancala.Single(mover, m.Move%mancala.MaxHouses)
		switch {
		case m.Move >= 2*mancala.MaxHouses: // from the opponent's row (endgame.Child.Move)
			mv = mancala.Across(mv)
		case m.Move >= mancala.MaxHouses: // a reversed move
			mv = mancala.Reversed(mv)
		}
		fmt.Fprintf(w, "move %v value %d\n", mv, m.Value)
	}
}

// quoteWord returns s as one shell word: quoted if it holds a space or a
// quote ("kalah houses=4").
func quoteWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " '\"\t") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
