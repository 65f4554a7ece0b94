package uci

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestLevelIsOneEngine: the engine's "Level hard" and search.ParseEngine's
// "level:hard" (the play and tournament tools' spec) are the same engine:
// they choose the same move in positions along a game.
func TestLevelIsOneEngine(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, EngineConfig{Level: "hard"})
	rng := rand.New(rand.NewPCG(14, 1))
	var moves []string
	checked := 0
	for ply := 0; !g.Over() && checked < 5; ply++ {
		if ply%5 == 0 {
			side, _ := g.Turn().Player()
			ai, err := search.ParseEngine("level:hard", 1)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ai.Choose(context.Background(), g, side)
			if err != nil {
				t.Fatal(err)
			}
			s.send("ucinewgame")
			s.send("position startpos moves " + strings.Join(moves, ""))
			s.send("go")
			line, _ := s.expect("bestmove ")
			if got := strings.TrimPrefix(line, "bestmove "); got != want.String() {
				t.Errorf("after %q: engine at level hard plays %s, level:hard %v", strings.Join(moves, ""), got, want)
			}
			checked++
		}
		legal := g.Legal()
		m := legal[rng.IntN(len(legal))]
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m.String())
	}
	if checked < 5 {
		t.Fatalf("the game ended after %d checks", checked)
	}
	s.quit()
}
