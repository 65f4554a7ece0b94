package awale_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestParseName checks that ParseName reads back every name String writes,
// for the presets and assorted options, and refuses anything else.
func TestParseName(t *testing.T) {
	for _, o := range nameOptions() {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := awale.ParseName(r.String())
		if err != nil {
			t.Errorf("ParseName(%q): %v", r.String(), err)
			continue
		}
		r2, err := awale.New(got)
		if err != nil || r2.String() != r.String() || r2.Options() != r.Options() {
			t.Errorf("ParseName(%q) = %+v, builds %v (%v), want %+v", r.String(), got, r2, err, r.Options())
		}
	}
	for _, bad := range badNames {
		if _, err := awale.ParseName(bad); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("ParseName(%q) = %v, want an error wrapping ErrUnsupported", bad, err)
		}
	}
}

var badNames = []string{"", "awale x", "kalah", "awale houses=x", "awale grandslam=sometimes", "awale  abapa", "awale houses=6", "awale abapa abapa"}

func nameOptions() []awale.Options {
	os := []awale.Options{awale.Documents(), awale.Abapa(), awale.Awari()}
	for g := awale.GrandSlamForbidden; g <= awale.GrandSlamForbiddenElseCapture; g++ {
		for c := awale.CycleOwnRow; c <= awale.CycleSplit; c++ {
			os = append(os, awale.Options{Houses: 3 + int(g), Seeds: 2 + int(c), GrandSlam: g, Cycle: c, StopAtMajority: g%2 == 0})
		}
	}
	return os
}
