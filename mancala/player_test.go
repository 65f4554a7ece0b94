package mancala_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

func TestPlayer(t *testing.T) {
	if mancala.South.Other() != mancala.North || mancala.North.Other() != mancala.South {
		t.Error("Other")
	}
	if !mancala.South.Valid() || !mancala.North.Valid() || mancala.Player(2).Valid() {
		t.Error("Valid")
	}
	var zero mancala.Player
	if zero != mancala.South {
		t.Error("the zero Player is not South")
	}
	for p, want := range map[mancala.Player]string{mancala.South: "south", mancala.North: "north", 7: "player(7)"} {
		if got := p.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", p, got, want)
		}
	}
}

func TestTurn(t *testing.T) {
	for _, tc := range []struct {
		t            mancala.Turn
		south, north bool
		player       mancala.Player
		single       bool
		text         string
	}{
		{mancala.NoTurn, false, false, mancala.South, false, "none"},
		{mancala.SouthTurn, true, false, mancala.South, true, "south"},
		{mancala.NorthTurn, false, true, mancala.North, true, "north"},
		{mancala.BothTurn, true, true, mancala.South, false, "both"},
	} {
		if tc.t.Has(mancala.South) != tc.south || tc.t.Has(mancala.North) != tc.north {
			t.Errorf("%v.Has wrong", tc.t)
		}
		if p, ok := tc.t.Player(); p != tc.player || ok != tc.single {
			t.Errorf("%v.Player() = %v, %v", tc.t, p, ok)
		}
		if tc.t.Simultaneous() != (tc.t == mancala.BothTurn) || !tc.t.Valid() {
			t.Errorf("%v.Simultaneous/Valid wrong", tc.t)
		}
		if got := tc.t.String(); got != tc.text {
			t.Errorf("String() = %q, want %q", got, tc.text)
		}
	}
	if mancala.TurnOf(mancala.South) != mancala.SouthTurn || mancala.TurnOf(mancala.North) != mancala.NorthTurn {
		t.Error("TurnOf")
	}
	if mancala.Turn(4).Valid() || mancala.Turn(4).String() != "turn(4)" {
		t.Errorf("Turn(4): %v %q", mancala.Turn(4).Valid(), mancala.Turn(4).String())
	}
	var zero mancala.Turn
	if zero != mancala.NoTurn {
		t.Error("the zero Turn is not NoTurn")
	}
}
