package congkak_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// TestParseName checks that ParseName reads back every name String writes,
// for the presets and assorted options, and refuses anything else.
func TestParseName(t *testing.T) {
	for _, o := range nameOptions() {
		r, err := congkak.New(o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := congkak.ParseName(r.String())
		if err != nil {
			t.Errorf("ParseName(%q): %v", r.String(), err)
			continue
		}
		r2, err := congkak.New(got)
		if err != nil || r2.String() != r.String() || r2.Options() != r.Options() {
			t.Errorf("ParseName(%q) = %+v, builds %v (%v), want %+v", r.String(), got, r2, err, r.Options())
		}
	}
	for _, bad := range badNames {
		if _, err := congkak.ParseName(bad); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("ParseName(%q) = %v, want an error wrapping ErrUnsupported", bad, err)
		}
	}
}

var badNames = []string{"", "congkak x", "awale", "congkak houses=x", "congkak opening=never", "congkak  overbeck", "congkak houses=7", "congkak overbeck overbeck"}

func nameOptions() []congkak.Options {
	os := []congkak.Options{congkak.Documents(), congkak.Overbeck()}
	for i := 0; i < 16; i++ {
		o := congkak.Options{Houses: 3 + i%5, Rounds: i % 3}
		o.Seeds = o.Houses - i%2
		o.EmptyCapture = congkak.EmptyCapture(i & 1)
		o.Opening = congkak.Opening(i >> 1 & 1)
		o.RoundEnd = congkak.RoundEnd(i >> 2 & 1)
		// Starter matters only in a sequential opening and FirstHand only
		// in a simultaneous one; String names only what matters.
		if o.Opening == congkak.OpeningSequential {
			o.Starter = mancala.Player(i >> 2 & 1)
		} else {
			o.FirstHand = mancala.Player(i >> 3 & 1)
		}
		os = append(os, o)
	}
	return os
}
