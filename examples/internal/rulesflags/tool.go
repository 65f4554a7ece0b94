package rulesflags

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/rulesflag"
)

// Exit statuses shared by the example programs.
const (
	// ExitFailure: the work failed (a file that cannot be read or written,
	// an illegal move in a record or in -moves, a search that failed).
	ExitFailure = 1
	// ExitUsage: the command line is wrong (an unknown flag, a bad value, a
	// position or move text that does not parse, an argument too many).
	ExitUsage = 2
)

// Quote returns s quoted for a message that repeats what the user typed:
// [mancala.Quote], cut to a few dozen bytes at a character boundary.
func Quote(s string) string { return mancala.Quote(s) }

// maxLine caps the bytes of a one-line message.
const maxLine = 300

// Line returns the text of err as one line: runs of white space (line
// breaks included) become one space, and a very long text is cut
// ([mancala.Shorten]).
func Line(err error) string {
	return mancala.Shorten(strings.Join(strings.Fields(err.Error()), " "), maxLine)
}

// RandSeed defines the -seed flag on fs, the seed of a program's random
// choices (of its players and searchers), and returns where its value
// will be. Every program that makes random choices has it, with the same
// name, type and default (the tools' convention: -seed N a random seed,
// -seeds N the seeds in a house); the same seed gives the same choices.
func RandSeed(fs *flag.FlagSet) *int64 {
	return fs.Int64("seed", 1, "`N` seeds the random choices of the players and searchers (any integer; the same N, the same choices)")
}

// Alias defines the flag alias on fs as another spelling of the flag name
// already defined there: both set the same value, and the flags list
// shows the alias as "the same as -NAME". The tools spell a degree of
// parallelism -parallel (-workers is its alias) and a count of seeds in
// the endgame databases -endgame-stones (-endgame-seeds). It panics if
// name is not defined: a programming error, not an input one.
func Alias(fs *flag.FlagSet, alias, name string) {
	f := fs.Lookup(name)
	if f == nil {
		panic("rulesflags.Alias: no flag -" + name)
	}
	fs.Var(f.Value, alias, "the same as -"+name)
}

// Quiet defines the -quiet flag on fs and returns where its value will
// be: true turns off the progress lines on standard error.
func Quiet(fs *flag.FlagSet) *bool {
	return fs.Bool("quiet", false, "write no progress lines on standard error")
}

// Parse parses args on fs as every example program does, and reports
// whether the program should go on. On -h or -help it writes "usage: "
// and usage, then the flags and, for a program with -game and -rules, the
// list of games (rulesflag.WriteGames) and the options of the game chosen
// so far ("-game NAME -h"; rulesflag.WriteOptions), to stdout and returns
// (0, false). On a bad
// flag or value, or an argument after the flags, it writes one line to
// stderr, "NAME: what is wrong (NAME -h lists the flags)" where NAME is
// fs's name, and returns ([ExitUsage], false). Otherwise it returns (0,
// true).
//
// A bad value gets a message that says what the flag wants ("want a
// duration with a unit, such as 2s or 500ms") instead of the flag
// package's bare "parse error".
func Parse(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (status int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var wrapped []*flag.Flag
	var bad badValue
	fs.VisitAll(func(f *flag.Flag) {
		f.Value = explained{Value: f.Value, name: f.Name, bad: &bad}
		wrapped = append(wrapped, f)
	})
	err := fs.Parse(args)
	for _, f := range wrapped {
		f.Value = f.Value.(explained).Value
	}
	name := fs.Name()
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(stdout, "usage: %s\n\nflags:\n", usage)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		if fs.Lookup("game") != nil && fs.Lookup("rules") != nil {
			fmt.Fprintln(stdout)
			rulesflag.WriteGames(stdout)
			fmt.Fprintln(stdout)
			rulesflag.WriteOptions(stdout, rulesflag.HelpGame(fs))
		}
		return 0, false
	case err != nil:
		msg := Line(err)
		if bad.err != nil { // the flag package would repeat the whole value
			msg = fmt.Sprintf("-%s: %s, not %s", bad.name, Line(bad.err), Quote(bad.value))
		}
		fmt.Fprintf(stderr, "%s: %s (%s -h lists the flags)\n", name, msg, name)
		return ExitUsage, false
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "%s: unexpected argument %s: the flags come first, each as -name value (%s -h lists them)\n", name, Quote(fs.Arg(0)), name)
		return ExitUsage, false
	}
	return 0, true
}

// badValue is the first value that a flag refused during Parse.
type badValue struct {
	name, value string
	err         error
}

// explained wraps a flag's value during Parse to say what a bad value
// should have been.
type explained struct {
	flag.Value
	name string
	bad  *badValue
}

func (e explained) IsBoolFlag() bool {
	b, ok := e.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func (e explained) Set(s string) error {
	err := e.explain(s)
	if err != nil && e.bad.err == nil {
		*e.bad = badValue{name: e.name, value: s, err: err}
	}
	return err
}

func (e explained) explain(s string) error {
	err := e.Value.Set(s)
	if err == nil {
		return nil
	}
	g, ok := e.Value.(flag.Getter)
	if !ok {
		return err
	}
	outOfRange := errors.Is(err, strconv.ErrRange) || strings.Contains(err.Error(), "out of range")
	switch g.Get().(type) {
	case time.Duration:
		return errors.New("want a duration with a unit, such as 2s, 500ms or 1m30s")
	case bool:
		return errors.New("want true or false, as -name=true")
	case int, int64:
		if outOfRange {
			return errors.New("the number is too large")
		}
		return errors.New("want a whole number")
	case uint, uint64:
		if outOfRange {
			return errors.New("the number is too large")
		}
		return errors.New("want a whole number, 0 or more")
	case float64:
		return errors.New("want a number")
	}
	return err
}
