package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// defaultAI answers in well under a second on the usual boards: a deep
// enough search for a fair game, cut short by the clock.
const defaultAI = "alphabeta:depth=12,time=300ms"

// maxLine is the longest input line read; a longer one ends the program
// with an error.
const maxLine = 1 << 20

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// stdinIsTerminal reports whether the input is a terminal, where leaving
// with unsaved moves offers to save them. Tests replace it.
var stdinIsTerminal = func(r io.Reader) bool { return isTerminal(r) }

// run is the whole program: it parses args, plays on stdin and stdout,
// and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	rf := rulesflags.Register(fs)
	aiSpec := fs.String("ai", defaultAI, "the computer's `SPEC` (search.ParseEngine): random, greedy, alphabeta:depth=6, mcts:playouts=5000, ...")
	humanFlag := fs.String("human", "south", "who the human plays: `south|north|both|none`")
	seed := rulesflags.RandSeed(fs)
	colorFlag := fs.String("color", "auto", "colour the board: `auto|always|never` (auto: on a terminal, unless NO_COLOR is set)")
	verbose := fs.Bool("verbose", false, "show the board after every decision")
	quiet := fs.Bool("quiet", false, "one short line per turn (its houses); the board only before a human decides and at the end")
	egFlags := rulesflags.RegisterEndgame(fs)
	const usageLine = "play [game flags] [-ai SPEC] [-human south|north|both|none] [-seed N] [-color auto|always|never] [-verbose|-quiet]\n" +
		"     [-endgame DIR [-endgame-stones K] [-endgame-approx]]\n\n" +
		"Plays Awalé, Congkak or Kalah in the terminal; type help at the prompt for the commands."
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
		return usage(fmt.Errorf("-human: want south, north, both or none, not %s", mancala.Quote(*humanFlag)))
	}
	spec, err := normalSpec(*aiSpec)
	if err != nil {
		return usage(fmt.Errorf("-ai: %w", err))
	}
	noColor, _ := os.LookupEnv("NO_COLOR")
	var color bool
	switch *colorFlag {
	case "auto", "always", "never":
		color = useColor(*colorFlag, isTerminal(stdout), noColor)
	default:
		return usage(fmt.Errorf("-color: want auto, always or never, not %s", mancala.Quote(*colorFlag)))
	}
	v := normal
	switch {
	case *verbose && *quiet:
		return usage(errors.New("-verbose and -quiet exclude each other"))
	case *verbose:
		v = verboseOutput
	case *quiet:
		v = quietOutput
	}
	g, err := mancala.NewGame(rules)
	if err == nil {
		err = checkBoard(g)
	}
	if err != nil {
		return usage(err)
	}
	eg, err := egFlags.Load(rules)
	if err != nil {
		fmt.Fprintf(stderr, "play: %s\n", rulesflags.Line(err))
		return rulesflags.EndgameStatus(err)
	}
	if eg != nil && !*quiet {
		fmt.Fprintf(stderr, "play: %s\n", eg)
	}
	s := &session{
		g:           g,
		in:          bufio.NewScanner(stdin),
		out:         stdout,
		human:       human,
		aiSpec:      spec,
		seed:        uint64(*seed),
		color:       color,
		verbosity:   v,
		interactive: stdinIsTerminal(stdin),
		eg:          eg,
	}
	s.in.Buffer(make([]byte, 4096), maxLine)
	s.newPlayers()
	s.play()
	if s.err != nil {
		fmt.Fprintf(stderr, "play: %s\n", rulesflags.Line(s.err))
		return rulesflags.ExitFailure
	}
	return 0
}

// normalSpec checks a -ai spec with search.ParseEngine and returns it in
// the form stored in saved games: the kind and each key=value parameter
// without spaces, so that no line break or stray blank reaches a record.
// The result parses to the same player.
func normalSpec(spec string) (string, error) {
	if _, err := search.ParseEngine(spec, 0); err != nil {
		return "", err
	}
	kind, params, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok {
		return strings.TrimSpace(kind), nil
	}
	fields := strings.Split(params, ",")
	for i, f := range fields {
		k, v, _ := strings.Cut(f, "=")
		fields[i] = strings.TrimSpace(k) + "=" + strings.TrimSpace(v)
	}
	return strings.TrimSpace(kind) + ":" + strings.Join(fields, ","), nil
}

// checkBoard refuses a game whose board has no houses: rules whose
// options overflow can build one (a guard kept until every ruleset's
// constructor refuses such options, issue 10.1).
func checkBoard(g *mancala.Game) error {
	if g.Position().Board.Houses() < 1 {
		return fmt.Errorf("%s: the rules give a board without houses (a board holds at most %d seeds)", gameTitle(g.Rules()), mancala.MaxSeeds)
	}
	return nil
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

// isTerminal reports whether v is a file that is a character device (a
// terminal).
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
