package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// defaultAI answers in well under a second on the usual boards: a deep
// enough search for a fair game, cut short by the clock.
const defaultAI = "alphabeta:depth=12,time=300ms"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program: it parses args, plays on stdin and stdout,
// and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rf := rulesflags.Register(fs)
	aiSpec := fs.String("ai", defaultAI, "the computer's `SPEC` (search.ParsePlayer): random, greedy, alphabeta:depth=6, mcts:playouts=5000, ...")
	humanFlag := fs.String("human", "south", "who the human plays: `south|north|both|none`")
	seed := fs.Uint64("seed", 1, "`N` seeds the computer's random choices")
	colorFlag := fs.String("color", "auto", "`auto|always|never`: colour the board (auto: on a terminal, unless NO_COLOR is set)")
	usage := func(err error) int {
		fmt.Fprintf(stderr, "play: %v\n", err)
		fmt.Fprintln(stderr, "usage: play [-game awale|congkak] [rule flags] [-ai SPEC] [-human south|north|both|none] [-seed N] [-color auto|always|never]; -help lists the flags")
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: play [flags]")
			fs.PrintDefaults()
			return 0
		}
		return usage(err)
	}
	if fs.NArg() > 0 {
		return usage(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	rules, err := rf.Ruleset()
	if err != nil {
		return usage(err)
	}
	var human [2]bool
	switch *humanFlag {
	case "south":
		human[mancala.South] = true
	case "north":
		human[mancala.North] = true
	case "both":
		human = [2]bool{true, true}
	case "none":
	default:
		return usage(fmt.Errorf("-human: want south, north, both or none, not %q", *humanFlag))
	}
	if _, err := search.ParsePlayer(*aiSpec, *seed); err != nil {
		return usage(fmt.Errorf("-ai: %w", err))
	}
	noColor, _ := os.LookupEnv("NO_COLOR")
	var color bool
	switch *colorFlag {
	case "auto", "always", "never":
		color = useColor(*colorFlag, isTerminal(stdout), noColor)
	default:
		return usage(fmt.Errorf("-color: want auto, always or never, not %q", *colorFlag))
	}
	g, err := mancala.NewGame(rules)
	if err != nil {
		return usage(err)
	}
	s := &session{
		g:      g,
		in:     bufio.NewScanner(stdin),
		out:    stdout,
		human:  human,
		aiSpec: *aiSpec,
		seed:   *seed,
		color:  color,
	}
	s.in.Buffer(make([]byte, 4096), 1<<20)
	s.newPlayers()
	s.play()
	if s.err != nil {
		fmt.Fprintf(stderr, "play: %v\n", s.err)
		return 1
	}
	return 0
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

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
