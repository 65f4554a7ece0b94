package sow_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestFewSeedsBeforeTheStart: a FewSeeds (SW-17) at or above the seeds of
// the start would end the game before its first move; New refuses it
// with a ConfigError of FewSeeds. A simultaneous opening (SW-45) once
// started such a game with both players to move and no legal move, and
// Playout panicked there.
func TestFewSeedsBeforeTheStart(t *testing.T) {
	c := sow.Config{Houses: 1, Seeds: 1, Stores: true, SowOwnStore: true, Relay: true, ExtraTurn: true,
		Opposite: true, Simultaneous: true, FewSeeds: 2}
	_, err := sow.New(c)
	var ce *sow.ConfigError
	if !errors.As(err, &ce) || ce.Field != "FewSeeds" || !errors.Is(err, mancala.ErrUnsupported) {
		t.Fatalf("New = %v, want a ConfigError of FewSeeds", err)
	}
	c.FewSeeds = 1
	r, err := sow.New(c)
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Start(); !p.Over() && len(r.Legal(nil, p)) == 0 {
		t.Fatalf("the start %v is not over and has no legal move", p)
	}
}

// fitFewSeeds keeps a drawn FewSeeds below the seeds of c's start, which
// New requires.
func fitFewSeeds(c *sow.Config) {
	total := 2 * c.Houses * c.Seeds
	if c.Pattern != nil {
		total = 0
		for _, v := range c.Pattern {
			total += 2 * v
		}
	}
	c.FewSeeds = min(c.FewSeeds, total-1)
}
