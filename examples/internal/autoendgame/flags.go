package autoendgame

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// Flags holds the flags of [Register]. Read them with [Flags.Options]
// once the flag set has been parsed.
type Flags struct {
	stones stonesValue
	time   time.Duration
}

// Register defines on fs the flags of the databases built with no step by
// the user, the same in every program that plays:
//
//	-endgame-auto K        open the databases of the rules played from the user's cache and build the missing counts up to K there in the background (0, off or false: neither; on or true: the default)
//	-endgame-auto-time D   stop building after D in one run (0: no bound); the next run goes on
func Register(fs *flag.FlagSet) *Flags {
	f := &Flags{stones: DefaultStones, time: DefaultTime}
	fs.Var(&f.stones, "endgame-auto", "open the endgame databases of the rules played from the user's cache directory (sowing/endgame, as go run ./examples/endgame build keeps them), and build the missing counts up to `K` there in the background, on one core (0, off or false: neither; on or true: "+strconv.Itoa(DefaultStones)+"); -endgame DIR, where a program has it, replaces it")
	fs.DurationVar(&f.time, "endgame-auto-time", DefaultTime, "stop building the endgame databases after `D` in one run (0: no bound); the next run goes on from the last finished count")
	return f
}

// Options returns the options that the parsed flags ask for (Stones 0
// when they are off), with log and prefix for the progress lines; Dir is
// "" (DefaultDir).
func (f *Flags) Options(log io.Writer, prefix string) Options {
	return Options{Stones: int(f.stones), Time: f.time, Log: log, Prefix: prefix}
}

// On reports whether the flags ask for the databases.
func (f *Flags) On() bool { return f.stones > 0 }

// stonesValue is -endgame-auto: a count, or off and on.
type stonesValue int

func (v *stonesValue) String() string { return strconv.Itoa(int(*v)) }

func (v *stonesValue) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "off", "false", "no":
		*v = 0
		return nil
	case "on", "true", "yes":
		*v = DefaultStones
		return nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 || n > endgame.MaxSeeds {
		return fmt.Errorf("want a count from 0 (off) to %d, on or off", endgame.MaxSeeds)
	}
	*v = stonesValue(n)
	return nil
}
