// Command embed shows how a game interface drives a game of the sowing
// module and animates each move from its event stream.
//
// Usage:
//
//	go run ./examples/embed [-game NAME[,NAME...]|both] [-moves N] [-seed N]
//
// For each move the program does what an interface would: it asks the
// ruleset ([mancala.Tracer]) for the steps of the move, applies them one by
// one with [mancala.ApplyEvent] to a display board, drawing a frame after
// each, then plays the move in the [mancala.Game]. At the end of the move
// the display board must equal the game's board; the program says so, and
// exits with status 1 if it does not. When a move repeats a position and
// the game ends the cycle (Awalé, AW-8; Congkak, CK-16), the steps of
// that ending come from the ruleset's TraceCycle method
// ([mancala.CycleTracer]), if it has one. At the end of a
// game the last line says why it ended, when the ruleset says
// ([mancala.EndingOf]).
//
// A frame is one line: the step, then North's store and row (read right
// to left, a at the right, as in [mancala.Board.String]), South's row
// (A at the left) and store, with the hole the step concerns in brackets
// and the seeds in flight in the players' hands.
//
// -game names the rulesets to show, as their String methods write them
// and mancala.NewRuleset builds them from any registered family ("awale",
// "awale abapa", "congkak houses=4 seeds=2", ...), separated by commas;
// the default, both, shows Awalé under the documents' rules and Congkak on
// a small board (4 houses of 2 seeds) with the simultaneous opening, whose
// two hands sow at once. Moves are chosen at random from a generator seeded with -seed
// (default 1), so the output is the same on every run. A ruleset without
// an event stream is shown move by move instead.
//
// A bad flag gives one line on standard error and exit status 2; -h
// prints the usage and exits 0; a failure to write the output, or a
// display board out of step with the game, gives exit status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	_ "github.com/sowing-games/sowing/awale" // the families that -game names
	_ "github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// both is the default of -game: Awalé under the documents' rules, and
// Congkak on a small board with the simultaneous opening.
const both = "awale,congkak houses=4 seeds=2"

// errOutOfSync reports a display board that the events did not bring to
// the game's board.
var errOutOfSync = errors.New("embed: the animated board differs from the game's board")

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("embed", flag.ContinueOnError)
	game := fs.String("game", "both", "the rulesets to show: `NAME[,NAME...]` (mancala.NewRuleset: awale, congkak houses=4 seeds=2, ...), or both: "+both)
	moves := fs.Int("moves", 3, "`N` moves to play in each game (1..20)")
	seed := rulesflags.RandSeed(fs)
	fail := func(code int, format string, args ...any) int {
		msg := rulesflags.Line(fmt.Errorf(format, args...))
		if code == 2 {
			msg += " (embed -h lists the flags)"
		}
		fmt.Fprintf(stderr, "embed: %s\n", msg)
		return code
	}
	const usage = "embed [-game NAME[,NAME...]|both] [-moves N] [-seed N]\n\n" +
		"Animates a few random moves of each game from the rules' event stream."
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	if *moves < 1 || *moves > 20 {
		return fail(2, "-moves %d: want 1..20", *moves)
	}
	names := *game
	if names == "both" {
		names = both
	}
	var rulesets []mancala.Ruleset
	for _, name := range strings.Split(names, ",") {
		r, err := mancala.NewRuleset(name)
		if err != nil {
			return fail(2, "-game %s: %s", mancala.Quote(name), mancala.Shorten(strings.TrimPrefix(err.Error(), "mancala: "), 160))
		}
		rulesets = append(rulesets, r)
	}
	w := &errWriter{w: stdout}
	for i, r := range rulesets {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := show(w, r, *moves, uint64(*seed)); err != nil {
			return fail(1, "%v", strings.TrimPrefix(err.Error(), "embed: "))
		}
	}
	if w.err != nil {
		return fail(1, "%v", w.err)
	}
	return 0
}

// errWriter is an io.Writer that keeps the first error of w and writes
// nothing after it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// show plays up to n moves of a game of r and animates each.
func show(w io.Writer, r mancala.Ruleset, n int, seed uint64) error {
	g, err := mancala.NewGame(r)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%v: %d moves\n%v", r, n, g.Position().Board)
	tracer, _ := r.(mancala.Tracer)
	if tracer == nil {
		fmt.Fprintln(w, "(this ruleset has no event stream: showing the board after each move)")
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var legal []mancala.Move
	for ply := 1; ply <= n && !g.Over(); ply++ {
		legal = g.AppendLegal(legal[:0])
		m := legal[rng.IntN(len(legal))]
		who := g.Turn().String() + " plays"
		if g.Turn() == mancala.BothTurn {
			who = "both play"
		}
		fmt.Fprintf(w, "move %d: %s %v\n", ply, who, m)
		if tracer == nil {
			if err := g.Play(m); err != nil {
				return err
			}
			fmt.Fprint(w, g.Position().Board)
			continue
		}
		display, q, err := animate(w, tracer, g.Position(), m)
		if err != nil {
			return err
		}
		if err := g.Play(m); err != nil {
			return err
		}
		if ct, ok := r.(mancala.CycleTracer); ok && q != g.Position() {
			// The move repeated a position and the game ended the cycle.
			fmt.Fprintln(w, "  the position repeats: the game ends")
			step, stepErr := stepper(w, &display)
			ct.TraceCycle(q, step)
			if *stepErr != nil {
				return *stepErr
			}
		}
		if display != g.Position().Board {
			return fmt.Errorf("%w after move %d:\n%v\nwant\n%v", errOutOfSync, ply, display, g.Position().Board)
		}
		fmt.Fprintf(w, "  the display matches the game; %s\n", next(g))
	}
	return nil
}

// animate traces m from p, applying each step to a copy of p's board and
// drawing a frame after it. It returns the display board and the position
// the ruleset reached.
func animate(w io.Writer, tr mancala.Tracer, p mancala.Position, m mancala.Move) (mancala.Board, mancala.Position, error) {
	display := p.Board
	step, stepErr := stepper(w, &display)
	q, err := tr.Trace(p, m, step)
	if err == nil {
		err = *stepErr
	}
	return display, q, err
}

// stepper returns an emit function that applies each event to display and
// draws a frame, and where it keeps the first error.
func stepper(w io.Writer, display *mancala.Board) (func(mancala.Event), *error) {
	var stepErr error
	return func(e mancala.Event) {
		if stepErr != nil {
			return
		}
		if stepErr = mancala.ApplyEvent(display, e); stepErr != nil {
			return
		}
		fmt.Fprintf(w, "  %-26s %s\n", e, frame(*display, e))
	}, &stepErr
}

// next says who is to move in g, or how the game ended.
func next(g *mancala.Game) string {
	if g.Over() {
		o := g.Outcome()
		why := ""
		if o.Ending.Reason != mancala.EndNone {
			why = o.Ending.String() + ", "
		}
		return "game over: " + why + o.Summary()
	}
	return fmt.Sprintf("%v to move", g.Turn())
}

// frame draws b on one line, with the hole that e concerns in brackets.
func frame(b mancala.Board, e mancala.Event) string {
	mark := func(h mancala.Hole) bool {
		switch e.Kind {
		case mancala.EventTurnEnd, mancala.EventRoundEnd:
			return false
		case mancala.EventDeposit:
			return h == mancala.Hole{Owner: e.Player, House: mancala.StoreHouse}
		}
		return h == e.Hole
	}
	var sb strings.Builder
	cell := func(h mancala.Hole) {
		v := fmt.Sprintf("%2d", b.At(h))
		if !h.IsStore() && b.Burnt(h.Owner, h.House) {
			v = " x"
		}
		if mark(h) {
			fmt.Fprintf(&sb, "[%s]", v)
		} else {
			fmt.Fprintf(&sb, " %s ", v)
		}
	}
	n := b.Houses()
	cell(mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse})
	sb.WriteString("|")
	for i := n - 1; i >= 0; i-- {
		cell(mancala.Hole{Owner: mancala.North, House: i})
	}
	sb.WriteString("/")
	for i := 0; i < n; i++ {
		cell(mancala.Hole{Owner: mancala.South, House: i})
	}
	sb.WriteString("|")
	cell(mancala.Hole{Owner: mancala.South, House: mancala.StoreHouse})
	for p := mancala.South; p <= mancala.North; p++ {
		if s, at := b.Hand(p); s > 0 {
			fmt.Fprintf(&sb, " %v's hand %d@%v", p, s, at)
		}
	}
	return strings.TrimRight(sb.String(), " ")
}
