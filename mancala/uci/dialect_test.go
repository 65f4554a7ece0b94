package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// aalinaHandshake is what the Aalina engine (Joan Sala's Oware engine,
// Samurai framework, Oware 2.x, built without its books) printed in answer
// to uci, typed in from a run: its options include EngineTurn, the side it
// plays, which it uses for the sign of its contempt (its score of a draw).
var aalinaHandshake = []string{
	"id name Aalina 2.1.0-SNAPSHOT (local build)",
	"id author Joan Sala Soler",
	"option name UseLeaves type check default true",
	"option name Ponder type check default true",
	"option name NoiseLevel type spin default 0 min 0 max 1000",
	"option name EngineTurn type string default south var south var north",
	"option name Hash type spin default 256 min 1 max 378",
	"option name UseCache type check default true",
	"option name DrawSearch type check default false",
	"uciok",
}

// scriptedAalina answers like Aalina: the handshake above, readyok, and
// for each go an info line and the bestmove that answers[i] gives. It
// records every line it reads.
type scriptedAalina struct {
	mu      sync.Mutex
	read    []string
	answers []string
}

func (s *scriptedAalina) run(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	gos := 0
	for sc.Scan() {
		line := sc.Text()
		s.mu.Lock()
		s.read = append(s.read, line)
		s.mu.Unlock()
		switch f := strings.Fields(line); {
		case len(f) == 0:
		case f[0] == "uci":
			for _, l := range aalinaHandshake {
				fmt.Fprintln(out, l)
			}
		case f[0] == "isready":
			fmt.Fprintln(out, "readyok")
		case f[0] == "go":
			fmt.Fprintln(out, "info depth 5 score cp -115 pv AcA")
			fmt.Fprintln(out, "bestmove", s.answers[gos])
			gos++
		case f[0] == "quit":
			return
		}
	}
}

func (s *scriptedAalina) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.read...)
}

// TestClientTellsEngineTurn: an engine that lists the option EngineTurn
// (Aalina's dialect) is told the side it plays before each search, as
// "south" or "north"; without it Aalina takes itself for South and scores
// draws with the wrong sign when it plays North.
func TestClientTellsEngineTurn(t *testing.T) {
	eng := &scriptedAalina{answers: []string{"A ponder c", "f ponder B"}}
	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	go eng.run(toEngine, fromEngine)
	c, err := NewClient(context.Background(), engineOut, engineIn, ClientConfig{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !c.HasOption("EngineTurn") || c.Name() != "Aalina 2.1.0-SNAPSHOT (local build)" {
		t.Fatalf("handshake: name %q, EngineTurn %v", c.Name(), c.HasOption("EngineTurn"))
	}
	g, err := mancala.NewGame(abapa(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []mancala.Player{mancala.South, mancala.North} {
		m, err := c.Choose(context.Background(), g, side)
		if err != nil {
			t.Fatalf("%v: %v", side, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	// The side is sent before the position of each search.
	var got []string
	for _, l := range eng.lines() {
		if strings.HasPrefix(l, "setoption name EngineTurn") || strings.HasPrefix(l, "position") {
			got = append(got, l)
		}
	}
	want := []string{
		"setoption name EngineTurn value south",
		"position startpos",
		"setoption name EngineTurn value north",
		"position startpos moves A",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("EngineTurn and position lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
