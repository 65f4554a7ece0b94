package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestPlayGameTrace: the observer of PlayGameTrace gets every move with
// its positions, steps and narration; the round ends are counted from the
// game (rounds 1, 2, 3, ... under CK-16, whose positions call every round
// 1), and the moves replayed give the same game (issue 43, items 10 and
// 11).
func TestPlayGameTrace(t *testing.T) {
	r, err := congkak.New(congkak.Options{Houses: 4, Seeds: 4})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		g, _ := mancala.NewGame(r)
		replay, _ := mancala.NewGame(r)
		rounds, sows := 0, 0
		err := search.PlayGameTrace(context.Background(), g, search.NewRandom(seed), search.NewRandom(seed+100), func(p *search.Played) {
			if p.Before != replay.Position() || p.Round != replay.Round() {
				t.Fatalf("seed %d: before %v round %d, want %v round %d", seed, p.Before, p.Round, replay.Position(), replay.Round())
			}
			if err := replay.Play(p.Move); err != nil {
				t.Fatal(err)
			}
			if p.After != replay.Position() || len(p.Events) == 0 || len(p.Notes) == 0 {
				t.Fatalf("seed %d: after %v, want %v; %d events, %d notes", seed, p.After, replay.Position(), len(p.Events), len(p.Notes))
			}
			for _, n := range p.Notes {
				switch n.Kind {
				case mancala.NoteSow:
					sows++
				case mancala.NoteRoundEnd:
					rounds++
					if want := fmt.Sprintf("Round %d ends", rounds); n.Count != rounds || n.Text[:len(want)] != want {
						t.Errorf("seed %d: round end %d told as %d, %q", seed, rounds, n.Count, n.Text)
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if rounds == 0 || sows < g.Ply() {
			t.Errorf("seed %d: %d rounds and %d sowings told in %d moves", seed, rounds, sows, g.Ply())
		}
		t.Logf("seed %d: %d rounds", seed, rounds)
	}
}
