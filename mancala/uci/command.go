package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// MaxLine is the longest command line an engine reads; the rest of a
// longer line is discarded and the line refused.
const MaxLine = 1 << 16

// maxEcho caps the input echoed in error messages.
const maxEcho = 60

// Errors of [ParseCommand], wrapped by its *[CommandError] values.
var (
	// ErrUnknownCommand: the line names no command of the protocol.
	ErrUnknownCommand = errors.New("uci: unknown command")
	// ErrMalformed: a command's arguments are missing or wrong.
	ErrMalformed = errors.New("uci: malformed command")
)

// CommandError says why a command line was refused.
type CommandError struct {
	Line string // the line, cut to a few dozen bytes
	Msg  string
	Err  error // ErrUnknownCommand or ErrMalformed
}

func (e *CommandError) Error() string {
	return fmt.Sprintf("uci: %s: %q", e.Msg, e.Line)
}

// Unwrap returns ErrUnknownCommand or ErrMalformed.
func (e *CommandError) Unwrap() error { return e.Err }

func echo(s string) string { return mancala.Shorten(s, maxEcho) }

// Command is one parsed command line from a GUI or client.
type Command struct {
	// Name is the command: "uci", "debug", "isready", "setoption",
	// "register", "ucinewgame", "position", "go", "stop", "ponderhit" or
	// "quit".
	Name string
	// Debug is the switch of "debug on|off".
	Debug bool
	// Option and Value are setoption's "name" and "value" (Value "" if
	// none was given). Names keep their case: they are case-sensitive.
	Option, Value string
	// FEN is position's position text (the words after fen, up to moves,
	// joined by single spaces), or "" for startpos. The engine reads it
	// in its ruleset's text (see [EngineConfig].Rules).
	FEN string
	// Moves are position's moves, in order, one house letter each: at a
	// simultaneous decision the engine joins South's letter and North's
	// that follows it into the joint move.
	Moves []mancala.Move
	// Go holds go's parameters.
	Go GoParams
	// Skipped is the number of unknown words skipped before the command
	// (the protocol skips them), for a warning.
	Skipped int
}

// GoParams are the parameters of a go command. Zero means not given:
// [ParseCommand] refuses a zero or negative count or time (but for the
// increments, which may be 0).
type GoParams struct {
	// WTime and BTime are South's and North's clocks, WInc and BInc their
	// increments per move (white is South, who moves first).
	WTime, BTime, WInc, BInc time.Duration
	// MovesToGo is the number of moves to the next time control.
	MovesToGo int
	// MoveTime is the time for this move exactly.
	MoveTime time.Duration
	// Depth and Nodes limit the search.
	Depth int
	Nodes int64
	// Infinite searches until stop; Ponder searches the opponent's time
	// (treated as infinite).
	Infinite, Ponder bool
}

// Limits returns the search limits that g asks for: South's clock is
// wtime (white), North's btime; ponder searches as infinite.
func (g GoParams) Limits() search.Limits {
	l := search.Limits{Depth: g.Depth, Nodes: g.Nodes, MoveTime: g.MoveTime, MovesToGo: g.MovesToGo,
		Infinite: g.Infinite || g.Ponder}
	l.Time[mancala.South], l.Time[mancala.North] = g.WTime, g.BTime
	l.Inc[mancala.South], l.Inc[mancala.North] = g.WInc, g.BInc
	return l
}

// ParseCommand parses one command line. Unknown words before a known
// command are skipped (as the protocol asks) and counted in Skipped.
// Errors are *[CommandError] values wrapping [ErrUnknownCommand] or
// [ErrMalformed]; a refused line changes nothing. It never panics.
func ParseCommand(line string) (Command, error) {
	if len(line) > MaxLine {
		return Command{}, &CommandError{Line: echo(line), Msg: "line too long", Err: ErrMalformed}
	}
	words := strings.Fields(line)
	fail := func(err error, format string, args ...any) (Command, error) {
		return Command{}, &CommandError{Line: echo(strings.TrimSpace(line)), Msg: fmt.Sprintf(format, args...), Err: err}
	}
	if len(words) == 0 {
		return fail(ErrUnknownCommand, "empty line")
	}
	skipped := 0
	for len(words) > 0 && !known(words[0]) {
		words = words[1:]
		skipped++
	}
	if len(words) == 0 {
		return fail(ErrUnknownCommand, "unknown command %q", echo(strings.Fields(line)[0]))
	}
	c := Command{Name: words[0], Skipped: skipped}
	args := words[1:]
	switch c.Name {
	case "uci", "isready", "ucinewgame", "stop", "ponderhit", "quit", "register":
		// Arguments are ignored (register's name and code mean nothing here).
	case "debug":
		switch {
		case len(args) == 0 || args[0] == "on":
			c.Debug = true
		case args[0] == "off":
		default:
			return fail(ErrMalformed, "debug wants on or off")
		}
	case "setoption":
		if len(args) == 0 || args[0] != "name" {
			return fail(ErrMalformed, "setoption wants name <id> [value <x>]")
		}
		var name, value []string
		inValue := false
		for _, w := range args[1:] {
			switch {
			case !inValue && w == "value":
				inValue = true
			case inValue:
				value = append(value, w)
			default:
				name = append(name, w)
			}
		}
		if len(name) == 0 {
			return fail(ErrMalformed, "setoption without an option name")
		}
		c.Option, c.Value = strings.Join(name, " "), strings.Join(value, " ")
	case "position":
		if err := parsePosition(&c, args); err != nil {
			return fail(ErrMalformed, "%s", err.Error())
		}
	case "go":
		if err := parseGo(&c.Go, args); err != nil {
			return fail(ErrMalformed, "%s", err.Error())
		}
	}
	return c, nil
}

func known(w string) bool {
	switch w {
	case "uci", "debug", "isready", "setoption", "register", "ucinewgame",
		"position", "go", "stop", "ponderhit", "quit":
		return true
	}
	return false
}

func parsePosition(c *Command, args []string) error {
	if len(args) == 0 {
		return errors.New("position wants startpos or fen <text>")
	}
	switch args[0] {
	case "startpos":
		args = args[1:]
	case "fen":
		// The position text runs to "moves" or the end of the line: the
		// core's text has spaces in it.
		n := 1
		for n < len(args) && args[n] != "moves" {
			n++
		}
		if n == 1 {
			return errors.New("position fen wants the position text")
		}
		c.FEN = strings.Join(args[1:n], " ")
		args = args[n:]
	default:
		return fmt.Errorf("position wants startpos or fen, not %q", echo(args[0]))
	}
	if len(args) == 0 {
		return nil
	}
	if args[0] != "moves" {
		return fmt.Errorf("want moves after the position, not %q", echo(args[0]))
	}
	// Moves are house letters run together ("AfBa"), as the dialect
	// writes them, each with its caret ("^c", mancala.Across) or prime
	// ("A'", mancala.Reversed) if it has one; words separated by spaces
	// are accepted too.
	for _, w := range args[1:] {
		for i := 0; i < len(w); {
			j := i + 1
			if w[i] == '^' {
				j++
			}
			if j < len(w) && w[j] == '\'' {
				j++
			}
			m, err := mancala.ParseMove(w[i:min(j, len(w))])
			if err != nil {
				return fmt.Errorf("move %d: %q is not a move", len(c.Moves)+1, echo(w[i:]))
			}
			c.Moves = append(c.Moves, m)
			i = j
		}
	}
	return nil
}

func parseGo(g *GoParams, args []string) error {
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch w {
		case "infinite":
			g.Infinite = true
			continue
		case "ponder":
			g.Ponder = true
			continue
		case "searchmoves":
			return errors.New("go searchmoves is not supported")
		case "mate":
			return errors.New("go mate is not supported")
		case "wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes":
		default:
			return fmt.Errorf("unknown go parameter %q", echo(w))
		}
		if i+1 >= len(args) {
			return fmt.Errorf("go %s wants a number", w)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return fmt.Errorf("go %s %q: not a number", w, echo(args[i]))
		}
		// Every count and time must be positive (increments may be 0): a
		// zero or negative one is refused, as the whole go is, rather
		// than read as "at once" or "none".
		if n < 0 || (n == 0 && w != "winc" && w != "binc") {
			return fmt.Errorf("go %s %d: want a positive number", w, n)
		}
		ms := time.Duration(min(n, 1<<40)) * time.Millisecond
		switch w {
		case "wtime":
			g.WTime = ms
		case "btime":
			g.BTime = ms
		case "winc":
			g.WInc = ms
		case "binc":
			g.BInc = ms
		case "movetime":
			g.MoveTime = ms
		case "movestogo":
			g.MovesToGo = int(min(n, 1<<20))
		case "depth":
			g.Depth = int(min(n, 1<<20))
		case "nodes":
			g.Nodes = n
		}
	}
	return nil
}

// String writes the command back as a line that ParseCommand reads as the
// same command (Skipped aside); a client sends it with a newline.
func (c Command) String() string {
	var b strings.Builder
	b.WriteString(c.Name)
	switch c.Name {
	case "debug":
		if c.Debug {
			b.WriteString(" on")
		} else {
			b.WriteString(" off")
		}
	case "setoption":
		b.WriteString(" name " + c.Option)
		if c.Value != "" {
			b.WriteString(" value " + c.Value)
		}
	case "position":
		if c.FEN == "" {
			b.WriteString(" startpos")
		} else {
			b.WriteString(" fen " + c.FEN)
		}
		if len(c.Moves) > 0 {
			b.WriteString(" moves ")
			for _, m := range c.Moves {
				b.WriteString(m.String())
			}
		}
	case "go":
		g := c.Go
		ms := func(k string, d time.Duration) {
			if d > 0 {
				b.WriteString(" " + k + " " + strconv.FormatInt(d.Milliseconds(), 10))
			}
		}
		ms("wtime", g.WTime)
		ms("btime", g.BTime)
		ms("winc", g.WInc)
		ms("binc", g.BInc)
		if g.MovesToGo > 0 {
			b.WriteString(" movestogo " + strconv.Itoa(g.MovesToGo))
		}
		ms("movetime", g.MoveTime)
		if g.Depth > 0 {
			b.WriteString(" depth " + strconv.Itoa(g.Depth))
		}
		if g.Nodes > 0 {
			b.WriteString(" nodes " + strconv.FormatInt(g.Nodes, 10))
		}
		if g.Infinite {
			b.WriteString(" infinite")
		}
		if g.Ponder {
			b.WriteString(" ponder")
		}
	}
	return b.String()
}
