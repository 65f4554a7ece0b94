package mancala_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
)

var players = [2]mancala.Player{mancala.South, mancala.North}

// genBoard draws a board that the setters accept: 1..12 houses, seeds in
// houses, stores and hands within MaxSeeds, some burnt houses.
func genBoard(t *rapid.T) mancala.Board {
	n := rapid.IntRange(1, mancala.MaxHouses).Draw(t, "houses")
	b, err := mancala.NewBoard(n, 0)
	if err != nil {
		t.Fatalf("NewBoard(%d, 0): %v", n, err)
	}
	budget := rapid.IntRange(0, mancala.MaxSeeds).Draw(t, "seeds")
	take := func(label string) int {
		v := rapid.IntRange(0, min(budget, 40)).Draw(t, label)
		budget -= v
		return v
	}
	for _, p := range players {
		for i := 0; i < n; i++ {
			if rapid.IntRange(0, 9).Draw(t, "burnt?") == 0 {
				if err := b.SetBurnt(p, i, true); err != nil {
					t.Fatalf("SetBurnt: %v", err)
				}
				continue
			}
			if err := b.SetSeeds(p, i, take("house")); err != nil {
				t.Fatalf("SetSeeds: %v", err)
			}
		}
	}
	for _, p := range players {
		if err := b.SetStore(p, take("store")); err != nil {
			t.Fatalf("SetStore: %v", err)
		}
	}
	for _, p := range players {
		if rapid.Bool().Draw(t, "hand?") {
			at := mancala.Hole{Owner: players[rapid.IntRange(0, 1).Draw(t, "hand owner")],
				House: rapid.IntRange(mancala.StoreHouse, n-1).Draw(t, "hand house")}
			if err := b.SetHand(p, take("hand"), at); err != nil {
				t.Fatalf("SetHand: %v", err)
			}
		}
	}
	return b
}

// genPosition draws a position whose text ParsePosition reads back.
func genPosition(t *rapid.T) mancala.Position {
	p := mancala.Position{Board: genBoard(t)}
	p.ToMove = mancala.Turn(rapid.IntRange(0, 3).Draw(t, "turn"))
	if rapid.Bool().Draw(t, "round?") {
		p.Round = rapid.IntRange(1, 1<<30).Draw(t, "round")
	}
	if rapid.Bool().Draw(t, "state?") {
		p.State = rapid.Uint32().Draw(t, "state")
	}
	return p
}

func mustParse(t testing.TB, s string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustBoard(t testing.TB, n, seeds int) mancala.Board {
	t.Helper()
	b, err := mancala.NewBoard(n, seeds)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
