package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/internal/clitest"
	"github.com/sowing-games/sowing/mancala"
)

func runEmbed(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("run(%q): exit %d, stderr %q", args, code, errOut.String())
	}
	if errOut.Len() != 0 {
		t.Errorf("run(%q): stderr %q, want nothing", args, errOut.String())
	}
	return out.String()
}

// TestRun plays the default games: the animated board must match the
// game's after every move (run checks it and fails otherwise), the output
// is the same on every run and short enough to read.
func TestRun(t *testing.T) {
	got := runEmbed(t)
	if again := runEmbed(t); again != got {
		t.Fatalf("two runs differ:\n%s\n---\n%s", got, again)
	}
	if n := strings.Count(got, "\n"); n > 150 {
		t.Errorf("%d lines of output, want at most 150", n)
	}
	for _, want := range []string{"awale", "congkak", "move 1: both play", "pick-up", "drop", "turn-end"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	// CK-8: the simultaneous opening interleaves both hands.
	if !strings.Contains(got, "south's hand") || !strings.Contains(got, "north's hand") {
		t.Errorf("no hand in flight shown:\n%s", got)
	}
}

// TestRunEveryGame: each game alone, with other seeds and lengths.
func TestRunEveryGame(t *testing.T) {
	for _, game := range []string{"awale", "congkak"} {
		for _, seed := range []string{"1", "2", "7"} {
			out := runEmbed(t, "-game", game, "-seed", seed, "-moves", "6")
			if !strings.HasPrefix(out, game) {
				t.Errorf("-game %s -seed %s: output starts %q", game, seed, out[:min(len(out), 40)])
			}
		}
	}
}

func TestRunBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-moves", "0"},
		{"-moves", "21"},
		{"-nosuchflag"},
		{"extra"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("run(%q) = %d, want 2", args, code)
		}
		if errOut.Len() == 0 {
			t.Errorf("run(%q) said nothing on stderr", args)
		}
	}
}

// lossy is a Congkak ruleset whose event stream forgets the last drop of
// every move.
type lossy struct{ *congkak.Rules }

func (l lossy) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	var events []mancala.Event
	q, err := l.Rules.Trace(p, m, func(e mancala.Event) { events = append(events, e) })
	last := -1
	for i, e := range events {
		if e.Kind == mancala.EventDrop {
			last = i
		}
	}
	for i, e := range events {
		if i != last {
			emit(e)
		}
	}
	return q, err
}

// TestShowCatchesBadEvents: a display that the events do not bring to the
// game's board is reported, not shown as if all were well.
func TestShowCatchesBadEvents(t *testing.T) {
	r, err := congkak.New(congkak.Options{Houses: 4, Seeds: 2, Opening: congkak.OpeningSequential})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := show(&out, lossy{r}, 3, 1); err == nil {
		t.Fatalf("show with a lossy event stream succeeded:\n%s", out.String())
	} else if !errors.Is(err, errOutOfSync) && !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Fatalf("show with a lossy event stream: %v", err)
	}
	out.Reset()
	if err := show(&out, r, 3, 1); err != nil {
		t.Fatalf("show: %v\n%s", err, out.String())
	}
}

func TestFrame(t *testing.T) {
	b, err := mancala.NewBoard(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	south := mancala.South
	steps := []struct {
		e    mancala.Event
		want string
	}{
		{mancala.Event{Kind: mancala.EventPickUp, Player: south, Hole: mancala.Hole{Owner: south, House: 1}, Count: 2},
			"  0 |  2   2   2 /  2 [ 0]  2 |  0  south's hand 2@B"},
		{mancala.Event{Kind: mancala.EventDrop, Player: south, Hole: mancala.Hole{Owner: south, House: 2}, Count: 1},
			"  0 |  2   2   2 /  2   0 [ 3]|  0  south's hand 1@C"},
		{mancala.Event{Kind: mancala.EventDrop, Player: south, Hole: mancala.Hole{Owner: south, House: mancala.StoreHouse}, Count: 1},
			"  0 |  2   2   2 /  2   0   3 |[ 1]"},
		{mancala.Event{Kind: mancala.EventTurnEnd, Player: south, Turn: mancala.SouthTurn},
			"  0 |  2   2   2 /  2   0   3 |  1"},
	}
	for _, s := range steps {
		if err := mancala.ApplyEvent(&b, s.e); err != nil {
			t.Fatalf("%v: %v", s.e, err)
		}
		if got := frame(b, s.e); got != s.want {
			t.Errorf("after %v:\n got %q\nwant %q", s.e, got, s.want)
		}
	}
	if err := b.SetBurnt(south, 1, true); err != nil {
		t.Fatal(err)
	}
	if got, want := frame(b, mancala.Event{Kind: mancala.EventRoundEnd, Player: south}), "  0 |  2   2   2 /  2   x   3 |  1"; got != want {
		t.Errorf("burnt house:\n got %q\nwant %q", got, want)
	}
}

// TestShowCycle: AW-8, a game that ends at a repeated position shows the
// steps of the ending, and the display still matches the game.
func TestShowCycle(t *testing.T) {
	r, err := awale.New(awale.Options{Houses: 2, Seeds: 1})
	if err != nil {
		t.Fatal(err)
	}
	cycles := 0
	for seed := uint64(1); seed <= 20; seed++ {
		var out bytes.Buffer
		if err := show(&out, r, 20, seed); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, out.String())
		}
		if strings.Contains(out.String(), "the position repeats") {
			cycles++
		}
	}
	if cycles == 0 {
		t.Error("no game ended by a repetition: the test shows nothing")
	}
}

// Hostile arguments and a full output device: one line on stderr saying
// why, a non-zero exit, never a stack trace; -h gives the usage and 0.
func TestHostileArguments(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		full = nil
	}
	for _, tt := range []struct {
		args []string
		out  io.Writer
		code int
		want string
	}{
		{[]string{"-nosuchflag"}, nil, 2, "flag provided but not defined"},
		{[]string{"-moves", "99999999999999999999"}, nil, 2, "-moves"},
		{[]string{"-moves", "-3"}, nil, 2, "-moves"},
		{[]string{"-rand-seed", "1"}, nil, 2, "-rand-seed"}, // now -seed
		{[]string{"-seed", "999999999999999999999999"}, nil, 2, "-seed"},
		{[]string{"-game", strings.Repeat("g", 5000)}, nil, 2, "-game"},
		{[]string{"-game", "awale\nchess"}, nil, 2, "-game"},
		{[]string{strings.Repeat("x", 5000)}, nil, 2, "unexpected argument"},
		{nil, full, 1, "no space left on device"},
	} {
		if tt.out == nil && tt.code == 1 {
			continue // no /dev/full here
		}
		var out, errOut bytes.Buffer
		w := tt.out
		if w == nil {
			w = &out
		}
		t.Run(fmt.Sprintf("%.40q", tt.args), func(t *testing.T) {
			code := clitest.Run(t, func() int { return run(tt.args, w, &errOut) })
			clitest.Failure(t, "embed", code, tt.code, errOut.String(), tt.want)
			if errOut.Len() > 300 {
				t.Errorf("stderr of %d bytes, want at most 300", errOut.Len())
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-h"}, &out, &errOut); code != 0 || errOut.Len() != 0 || !strings.HasPrefix(out.String(), "usage: embed ") {
		t.Errorf("-h: exit %d, stderr %q, stdout %q", code, errOut.String(), out.String())
	}
}
