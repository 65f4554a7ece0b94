package congkak_test

import (
	"errors"
	"math"
	"slices"
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

var badNames = []string{"", "congkak x", "congkak repeat=ends", "congkak repeat=never", "awale", "congkak houses=x", "congkak opening=never", "congkak  overbeck", "congkak houses=7", "congkak overbeck overbeck"}

func nameOptions() []congkak.Options {
	os := []congkak.Options{congkak.Documents(), congkak.Overbeck()}
	for i := 0; i < 16; i++ {
		o := congkak.Options{Houses: 3 + i%5, Rounds: i % 3}
		o.Seeds = o.Houses - i%2
		o.EmptyCapture = congkak.EmptyCapture(i & 1)
		o.Opening = congkak.Opening(i >> 1 & 1)
		o.RoundEnd = congkak.RoundEnd(i >> 2 & 1)
		o.Repeat = congkak.RepeatRule(i >> 3 & 1)
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

// TestNewHugeSeeds is the regression test of issue 10.1 for Congkak: seed
// and round counts whose products overflow an int are refused (New,
// ParseName), and every accepted board starts as its options say.
func TestNewHugeSeeds(t *testing.T) {
	const huge = 4611686018427387904 // 2^62: 2*7*2^62 wraps to 0
	for _, o := range []congkak.Options{
		{Seeds: huge},
		{Houses: 12, Seeds: huge},
		{Houses: 1, Seeds: 1 << 62},
		{Seeds: math.MaxInt},
		{Houses: 12, Seeds: math.MaxInt / 12},
		{Seeds: 19}, // 266 > 255
		{Rounds: -1},
	} {
		if r, err := congkak.New(o); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("New(%+v) = %v, %v; want an error wrapping ErrUnsupported", o, r, err)
		}
	}
	for _, name := range []string{"congkak seeds=4611686018427387904", "congkak houses=12 seeds=768614336404564651"} {
		if o, err := congkak.ParseName(name); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("ParseName(%q) = %+v, %v; want an error wrapping ErrUnsupported", name, o, err)
		}
	}
	// A huge round limit saturates the bound rather than overflowing it.
	r, err := congkak.New(congkak.Options{Rounds: math.MaxInt})
	if err != nil {
		t.Fatal(err)
	}
	if r.MaxPlies() <= 0 {
		t.Errorf("MaxPlies with Rounds = MaxInt is %d", r.MaxPlies())
	}
	for n := 1; n <= mancala.MaxHouses; n++ {
		for s := 1; s <= mancala.MaxSeeds/(2*n)+1; s++ {
			r, err := congkak.New(congkak.Options{Houses: n, Seeds: s})
			if err != nil {
				if s <= mancala.MaxSeeds/(2*n) {
					t.Errorf("New(houses %d, seeds %d): %v", n, s, err)
				}
				continue
			}
			if p := r.Start(); p.Board.Houses() != n || p.Board.Total() != 2*n*s {
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
		r, _ := congkak.New(o)
		f.Add(r.String())
	}
	for _, s := range badNames {
		f.Add(s)
	}
	f.Add("congkak seeds=4611686018427387904")
	f.Add("congkak rounds=9223372036854775807")
	f.Fuzz(func(t *testing.T, name string) {
		o, err := congkak.ParseName(name)
		if err != nil {
			if !errors.Is(err, mancala.ErrUnsupported) {
				t.Fatalf("ParseName(%q): %v, not wrapping ErrUnsupported", name, err)
			}
			return
		}
		r, err := congkak.New(o)
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
	if !slices.Contains(mancala.RulesetFamilies(), "congkak") {
		t.Fatalf("families %v: no congkak", mancala.RulesetFamilies())
	}
	for _, o := range nameOptions() {
		r, err := congkak.New(o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := mancala.NewRuleset(r.String())
		if err != nil {
			t.Errorf("NewRuleset(%q): %v", r.String(), err)
			continue
		}
		cr, ok := got.(*congkak.Rules)
		if !ok || cr.Options() != r.Options() {
			t.Errorf("NewRuleset(%q) = %#v, want options %+v", r.String(), got, r.Options())
		}
	}
	for _, bad := range []string{"congkak x", "congkak seeds=4611686018427387904", "congkak repeat=ends"} {
		if r, err := mancala.NewRuleset(bad); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("NewRuleset(%q) = %v, %v; want an error wrapping ErrUnsupported", bad, r, err)
		}
	}
}
