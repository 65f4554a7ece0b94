package awale_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
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

// TestNewHugeSeeds is the regression test of issue 10.1: seed counts whose
// product with the houses overflows an int were accepted, and Start then
// gave a 0-house board. Every such option is refused, by New and by
// ParseName, and every accepted one starts on the board it names.
func TestNewHugeSeeds(t *testing.T) {
	const huge = 4611686018427387904 // 2^62: 2*6*2^62 wraps to 0
	for _, o := range []awale.Options{
		{Seeds: huge},
		{Houses: 12, Seeds: huge},
		{Houses: 1, Seeds: 1 << 62},
		{Seeds: math.MaxInt},
		{Houses: 12, Seeds: math.MaxInt / 12},
		{Seeds: 22}, // 264 > 255
	} {
		if r, err := awale.New(o); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("New(%+v) = %v, %v; want an error wrapping ErrUnsupported", o, r, err)
		}
	}
	for _, name := range []string{"awale seeds=4611686018427387904", "awale abapa houses=12 seeds=768614336404564651"} {
		if o, err := awale.ParseName(name); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("ParseName(%q) = %+v, %v; want an error wrapping ErrUnsupported", name, o, err)
		}
	}
	for n := 1; n <= awale.MaxHouses; n++ {
		for s := 0; s <= mancala.MaxSeeds/(2*n)+1; s++ {
			r, err := awale.New(awale.Options{Houses: n, Seeds: s})
			if err != nil {
				if s <= mancala.MaxSeeds/(2*n) {
					t.Errorf("New(houses %d, seeds %d): %v", n, s, err)
				}
				continue
			}
			want := s
			if s == 0 {
				want = 4
			}
			p := r.Start()
			if p.Board.Houses() != n || p.Board.Total() != 2*n*want {
				t.Errorf("houses %d seeds %d: Start is %q", n, s, p)
			}
		}
	}
}

// FuzzParseName checks that ParseName never panics, and that every name it
// accepts builds a ruleset whose name is the input and whose start holds
// the seeds the options say.
func FuzzParseName(f *testing.F) {
	for _, o := range nameOptions() {
		r, _ := awale.New(o)
		f.Add(r.String())
	}
	for _, s := range badNames {
		f.Add(s)
	}
	f.Add("awale seeds=4611686018427387904")
	f.Add("awale houses=-1 seeds=-4")
	f.Fuzz(func(t *testing.T, name string) {
		o, err := awale.ParseName(name)
		if err != nil {
			if !errors.Is(err, mancala.ErrUnsupported) {
				t.Fatalf("ParseName(%q): %v, not wrapping ErrUnsupported", name, err)
			}
			return
		}
		r, err := awale.New(o)
		if err != nil {
			t.Fatalf("ParseName(%q) = %+v, which New refuses: %v", name, o, err)
		}
		if r.String() != name {
			t.Fatalf("ParseName(%q) builds %q", name, r.String())
		}
		o = r.Options()
		if p := r.Start(); p.Board.Houses() != o.Houses || p.Board.Total() != 2*o.Houses*o.Seeds {
			t.Fatalf("ParseName(%q): start %q", name, p)
		}
	})
}

// TestRegistry checks that the package registers its family: every name
// String writes builds the same ruleset through mancala.NewRuleset, and a
// bad name is refused with ErrUnsupported.
func TestRegistry(t *testing.T) {
	if !slices.Contains(mancala.RulesetFamilies(), "awale") {
		t.Fatalf("families %v: no awale", mancala.RulesetFamilies())
	}
	for _, o := range nameOptions() {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := mancala.NewRuleset(r.String())
		if err != nil {
			t.Errorf("NewRuleset(%q): %v", r.String(), err)
			continue
		}
		ar, ok := got.(*awale.Rules)
		if !ok || ar.Options() != r.Options() {
			t.Errorf("NewRuleset(%q) = %#v, want options %+v", r.String(), got, r.Options())
		}
	}
	if r, err := mancala.NewRuleset(" awale abapa "); err != nil || r.(fmt.Stringer).String() != "awale abapa" {
		t.Errorf(`NewRuleset(" awale abapa ") = %v, %v`, r, err)
	}
	for _, bad := range []string{"awale x", "awale seeds=4611686018427387904", "awale  abapa"} {
		if r, err := mancala.NewRuleset(bad); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("NewRuleset(%q) = %v, %v; want an error wrapping ErrUnsupported", bad, r, err)
		}
	}
}
