package bao_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/sow/bao"
)

func TestRuleset(t *testing.T) {
	mancalatest.TestRuleset(t, bao.New(), mancalatest.WithMaxPlies(400))
}

func TestFamily(t *testing.T) {
	f, ok := mancala.LookupFamily("bao")
	if !ok {
		t.Fatal("family bao not registered")
	}
	mancalatest.TestFamily(t, f)
}

// TestStartDiagram checks that the rules text draws the real start.
func TestStartDiagram(t *testing.T) {
	want := "diagram: " + bao.New().Start().String() + " |"
	if !containsLine(bao.PlayersText, want) {
		t.Errorf("rules text has no line starting %q", want)
	}
}
