package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// maxPlies stops a game that somehow would not end (it cannot under the
// documents' rules, which end endless cycles).
const maxPlies = 2000

// names are the players' names at the start of a sentence.
var names = [2]string{mancala.South: "South", mancala.North: "North"}

// A strategy chooses one of the legal moves (never empty) in p.
type strategy struct {
	name   string
	choose func(r mancala.Ruleset, p mancala.Position, legal []mancala.Move) mancala.Move
}

// greedy returns the legal move that gains the mover the most seeds in his
// store, the lowest house on ties.
func greedy(r mancala.Ruleset, p mancala.Position, legal []mancala.Move) mancala.Move {
	mover, _ := p.ToMove.Player()
	best, bestGain, bestHouse := mancala.Move{}, -1, mancala.MaxHouses
	for _, m := range legal {
		q, err := r.Play(p, m)
		if err != nil {
			continue // cannot happen for a legal move
		}
		gain := q.Board.Store(mover) - p.Board.Store(mover)
		house, _ := m.House(mover)
		if gain > bestGain || gain == bestGain && house < bestHouse {
			best, bestGain, bestHouse = m, gain, house
		}
	}
	return best
}

// random returns a strategy that picks uniformly from a PCG generator
// seeded with seed: the same seed plays the same game on every platform.
func random(seed uint64) func(mancala.Ruleset, mancala.Position, []mancala.Move) mancala.Move {
	src := rand.NewPCG(seed, 0x736f77696e67) // "sowing"
	return func(_ mancala.Ruleset, _ mancala.Position, legal []mancala.Move) mancala.Move {
		return legal[src.Uint64()%uint64(len(legal))]
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	seed := rulesflags.RandSeed(fs)
	if status, ok := rulesflags.Parse(fs, args, "demo [-seed N]\n\nPlays one game of Awalé between a greedy and a random player.", stdout, stderr); !ok {
		return status
	}
	r, err := awale.New(awale.Documents())
	if err != nil {
		fmt.Fprintf(stderr, "demo: %v\n", err)
		return 1
	}
	players := [2]strategy{
		mancala.South: {"greedy", greedy},
		mancala.North: {fmt.Sprintf("random, seed %d", *seed), random(uint64(*seed))},
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		fmt.Fprintf(stderr, "demo: %v\n", err)
		return 1
	}
	w := &errWriter{w: stdout}
	w.printf("Awalé, the documents' rules: South plays %s, North plays %s.\n\n", players[mancala.South].name, players[mancala.North].name)
	w.printf("%v", g.Position().Board)
	for !g.Over() && g.Ply() < maxPlies {
		p := g.Position()
		mover, _ := p.ToMove.Player()
		m := players[mover].choose(r, p, g.Legal())
		if err := g.Play(m); err != nil {
			fmt.Fprintf(stderr, "demo: %v plays %v: %v\n", mover, m, err)
			return 1
		}
		gain := g.Position().Board.Store(mover) - p.Board.Store(mover)
		w.printf("\n%d. %s plays %v", g.Ply(), names[mover], m)
		if gain > 0 {
			w.printf(" and takes %d", gain)
		}
		w.printf("\n%v", g.Position().Board)
	}
	o := g.Outcome()
	s, n := o.Scores[mancala.South], o.Scores[mancala.North]
	switch winner, ok := o.Result.Winner(); {
	case ok:
		w.printf("\n%s (%s) wins %d to %d after %d moves%s.\n", names[winner], players[winner].name, o.Scores[winner], o.Scores[winner.Other()], g.Ply(), why(o.Ending))
	case o.Result == mancala.Draw:
		w.printf("\nDraw, %d to %d, after %d moves%s.\n", s, n, g.Ply(), why(o.Ending))
	default:
		w.printf("\nStopped unfinished after %d moves, %d to %d.\n", g.Ply(), s, n)
	}
	if w.err != nil {
		fmt.Fprintf(stderr, "demo: %v\n", w.err)
		return 1
	}
	return 0
}

// why says why the game ended and under which rule, as the ruleset tells
// (mancala.Ending), for the end of the result line: " (no move for North,
// AW-7)"; "" if the ruleset does not say.
func why(e mancala.Ending) string {
	var s string
	switch e.Reason {
	case mancala.EndNone:
		return ""
	case mancala.EndNoMove:
		s = "no move"
		if p, ok := e.Who.Player(); ok {
			s += " for " + names[p]
		}
	case mancala.EndRepetition:
		s = "endless cycle"
	default:
		s = e.Reason.String()
	}
	if e.Rule != "" {
		s += ", " + e.Rule
	}
	return " (" + s + ")"
}

// errWriter is an io.Writer wrapper that remembers its first error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
