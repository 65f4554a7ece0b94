package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/play"
	"github.com/sowing-games/sowing/mancala/search"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// stdinIsTerminal reports whether the input is a terminal, where leaving
// with unsaved moves offers to save them. Tests replace it.
var stdinIsTerminal = func(r io.Reader) bool { return progress.IsTerminal(r) }

// run is the whole program: it parses args, plays on stdin and stdout
// (package mancala/play), and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	rf := rulesflags.Register(fs)
	aiSpec := fs.String("ai", play.DefaultAI, "the computer's `SPEC` (search.ParseEngine): random, greedy, alphabeta:depth=6, mcts:playouts=5000, ...")
	humanFlag := fs.String("human", "south", "who the human plays: `south|north|both|none`")
	seed := rulesflags.RandSeed(fs)
	colorFlag := fs.String("color", "auto", "colour the board: `auto|always|never` (auto: on a terminal, unless NO_COLOR is set)")
	verbose := fs.Bool("verbose", false, "show the board after every decision")
	quiet := fs.Bool("quiet", false, "one short line per turn (its houses); the board only before a human decides and at the end")
	width := fs.Int("width", 0, "wrap the rules to `N` columns (0: the COLUMNS environment variable, else 80)")
	egFlags := rulesflags.RegisterEndgame(fs)
	const usageLine = "play [game flags] [-ai SPEC] [-human south|north|both|none] [-seed N] [-color auto|always|never] [-verbose|-quiet]\n" +
		"     [-width N] [-endgame DIR [-endgame-stones K] [-endgame-approx]]\n\n" +
		"Plays any registered game (the list below) in the terminal; type help at the prompt for the commands."
	if status, ok := rulesflags.Parse(fs, args, usageLine, stdout, stderr); !ok {
		return status
	}
	usage := func(err error) int {
		fmt.Fprintf(stderr, "play: %s (play -h lists the flags)\n", rulesflags.Line(err))
		return rulesflags.ExitUsage
	}
	rules, err := rf.Ruleset()
	if err != nil {
		return usage(err)
	}
	c := play.Config{Rules: rules, AI: *aiSpec, Seed: uint64(*seed), Width: *width,
		Interactive: stdinIsTerminal(stdin), ReadRecords: rulesflags.ReadRecords, Resolve: rulesflags.Resolve}
	if c.Human, err = humans(*humanFlag); err != nil {
		return usage(err)
	}
	noColor, _ := os.LookupEnv("NO_COLOR")
	switch *colorFlag {
	case "auto", "always", "never":
		c.Color = useColor(*colorFlag, progress.IsTerminal(stdout), noColor)
	default:
		return usage(fmt.Errorf("-color: want auto, always or never, not %s", mancala.Quote(*colorFlag)))
	}
	switch {
	case *verbose && *quiet:
		return usage(errors.New("-verbose and -quiet exclude each other"))
	case *verbose:
		c.Verbosity = play.Verbose
	case *quiet:
		c.Verbosity = play.Quiet
	}
	if *width < 0 {
		return usage(fmt.Errorf("-width: want 0 or more, not %s", strconv.Itoa(*width)))
	}
	if _, err := search.ParseEngine(*aiSpec, 0); err != nil {
		return usage(fmt.Errorf("-ai: %w", err))
	}
	eg, err := egFlags.Load(rules)
	if err != nil {
		fmt.Fprintf(stderr, "play: %s\n", rulesflags.Line(err))
		return rulesflags.EndgameStatus(err)
	}
	if eg != nil {
		c.Endgame = eg
		if !*quiet {
			fmt.Fprintf(stderr, "play: %s\n", eg)
		}
	}
	s, err := play.New(c)
	if err != nil {
		return usage(err)
	}
	if err := s.Run(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "play: %s\n", rulesflags.Line(err))
		return rulesflags.ExitFailure
	}
	return 0
}

// humans reads -human.
func humans(flag string) ([2]bool, error) {
	switch flag {
	case "south":
		return [2]bool{true, false}, nil
	case "north":
		return [2]bool{false, true}, nil
	case "both":
		return [2]bool{true, true}, nil
	case "none":
		return [2]bool{}, nil
	}
	return [2]bool{}, fmt.Errorf("-human: want south, north, both or none, not %s", mancala.Quote(flag))
}

// useColor decides whether to colour the output: mode always or never
// decides alone; auto colours a terminal unless NO_COLOR holds a value
// (https://no-color.org).
func useColor(mode string, terminal bool, noColor string) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return terminal && noColor == ""
}
