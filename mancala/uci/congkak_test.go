package uci

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// smallCongkak is Congkak on 4 houses of 4 seeds, a whole set: the
// simultaneous opening (joint moves), relays, another choice after a
// sowing that ends in the store, rounds with burnt houses.
func smallCongkak(t *testing.T) mancala.Ruleset {
	t.Helper()
	r, err := congkak.New(congkak.Options{Houses: 4, Seeds: 4})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var jointBest = regexp.MustCompile(`^bestmove [A-D][a-d]$`)

// TestCongkakTranscript: at a simultaneous decision go answers a joint
// move, South's letter first; a joint move in a position's moves is its
// two letters, run together with the others; positions go in the core's
// text.
func TestCongkakTranscript(t *testing.T) {
	r := smallCongkak(t)
	s := newSession(t, EngineConfig{Rules: r})
	s.send("uci")
	if _, before := s.expect("uciok"); !strings.Contains(strings.Join(before, "\n"), "option name Rules type combo default houses=4 var houses=4") {
		t.Errorf("uci answer %q", before)
	}
	s.send("position startpos")
	s.send("go depth 3")
	best, infos := s.expect("bestmove ")
	if !jointBest.MatchString(best) || len(infos) == 0 || !strings.HasPrefix(infos[len(infos)-1], "info depth ") {
		t.Fatalf("at the opening: %q after %q, want a joint move", best, infos)
	}
	joint, err := mancala.ParseMove(strings.TrimPrefix(best, "bestmove "))
	if err != nil || !mancala.IsLegal(r, r.Start(), joint) {
		t.Fatalf("%q: %v", best, err)
	}
	// The game after the opening, moves run together and apart.
	g, _ := mancala.NewGame(r)
	if err := g.Play(joint); err != nil {
		t.Fatal(err)
	}
	var text []string
	text = append(text, joint.String())
	for i := 0; i < 3 && !g.Over(); i++ {
		m := g.Legal()[0]
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		text = append(text, m.String())
	}
	s.send("debug on")
	for _, moves := range []string{strings.Join(text, ""), strings.Join(text, " ")} {
		s.send("position startpos moves " + moves)
		s.send("isready")
		if _, before := s.expect("readyok"); len(before) != 1 || before[0] != "info string position "+g.Position().String() {
			t.Errorf("moves %q: %q, want the position %s", moves, before, g.Position())
		}
	}
	// The same position as fen, in the core's text.
	s.send("position fen " + r.Start().String() + " moves " + joint.String())
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 1 || strings.Contains(before[0], "refused") {
		t.Errorf("fen: %q", before)
	}
	// North's letter first is no joint move.
	b := strings.TrimPrefix(best, "bestmove ")
	s.send("position startpos moves " + string(b[1]) + string(b[0]))
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 1 || !strings.Contains(before[0], "position refused") {
		t.Errorf("North's letter first: %q", before)
	}
	s.quit()
}

// TestCongkakGameOverUCI: whole Congkak games through Serve, driven by a
// Client, against the library's engine, the Client on either side.
func TestCongkakGameOverUCI(t *testing.T) {
	r := smallCongkak(t)
	for _, clientSide := range []mancala.Player{mancala.South, mancala.North} {
		c := pipeClientFor(t, EngineConfig{Rules: r, Level: "easy"}, ClientConfig{Depth: 3})
		lib := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2})
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		south, north := search.Engine(c), search.Engine(lib)
		if clientSide == mancala.North {
			south, north = north, south
		}
		joint := 0
		err = search.PlayGame(context.Background(), g, south, north, func(m mancala.Move, _ mancala.Position) {
			if _, single := m.Player(); !single {
				joint++
			}
		})
		if err != nil {
			t.Fatalf("client as %v: %v after %d moves", clientSide, err, g.Ply())
		}
		if !g.Over() || joint == 0 {
			t.Errorf("client as %v: over %v after %d moves, %d joint", clientSide, g.Over(), g.Ply(), joint)
		}
		t.Logf("client as %v: %d moves (%d joint), %v", clientSide, g.Ply(), joint, g.Position())
	}
}

// TestCongkakOpeningNodes: go nodes 1 at Congkak's simultaneous opening
// (7 houses, the engine's default level) stops at the search's first poll
// (1024 nodes), not after 193,525 (issue 43, item 5).
func TestCongkakOpeningNodes(t *testing.T) {
	r, err := congkak.New(congkak.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, EngineConfig{Rules: r})
	s.send("uci")
	s.expect("uciok")
	s.send("position startpos")
	s.send("go nodes 1")
	best, infos := s.expect("bestmove ")
	if len(infos) == 0 {
		t.Fatalf("no info before %q", best)
	}
	m := regexp.MustCompile(` nodes (\d+) `).FindStringSubmatch(infos[len(infos)-1])
	if m == nil {
		t.Fatalf("no node count in %q", infos[len(infos)-1])
	}
	if n, _ := strconv.Atoi(m[1]); n > 2*1024 {
		t.Errorf("go nodes 1 searched %d nodes (%q)", n, infos[len(infos)-1])
	}
	joint, err := mancala.ParseMove(strings.TrimPrefix(best, "bestmove "))
	if err != nil || !mancala.IsLegal(r, r.Start(), joint) {
		t.Errorf("%q: %v", best, err)
	}
}
