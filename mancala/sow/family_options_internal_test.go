package sow

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestGameOptions: the games whose variants differ from the usual game
// by one config word offer that word as an option, and every value of
// every option set after every preset of every game either names a
// ruleset that plays that value (the Config field it sets, the params
// kept) or is refused with an error wrapping ErrUnsupported, because no
// preset plays the combination.
func TestGameOptions(t *testing.T) {
	want := map[string][]string{"kalah": {"capture"}, "sungka": {"opening"}, "congklak": {"rounds"}, "dakon": {"rounds"}, "pallanguzhi": {"rounds"}, "olinda": {"rounds"}}
	for _, g := range Catalogue() {
		f := g.Family()
		var keys []string
		for _, o := range f.Options {
			keys = append(keys, o.Key)
		}
		if !reflect.DeepEqual(keys, want[g.Name]) {
			t.Errorf("%s offers options %v, want %v", g.Name, keys, want[g.Name])
		}
		for _, pr := range f.Presets {
			for _, o := range f.Options {
				cw, ok := lookupConfigWord(o.Key)
				if !ok {
					t.Fatalf("%s: option %s is no config word", g.Name, o.Key)
				}
				for _, ch := range o.Values {
					params := map[string]int{}
					if g.Sized {
						params["seeds"] = 2
					}
					name, err := f.WithOptions(pr.Name, params, map[string]string{o.Key: ch.Value})
					if err != nil {
						if !errors.Is(err, mancala.ErrUnsupported) {
							t.Errorf("%s with %s=%s: %v", pr.Name, o.Key, ch.Value, err)
						}
						continue
					}
					r, err := g.Build(name)
					if err != nil {
						t.Errorf("%s with %s=%s: %q: %v", pr.Name, o.Key, ch.Value, name, err)
						continue
					}
					if got := cw.get(r.Config()); got != ch.Value || (g.Sized && r.Config().Seeds != 2) {
						t.Errorf("%s with %s=%s: %q plays %s=%s, %d seeds", pr.Name, o.Key, ch.Value, name, o.Key, got, r.Config().Seeds)
					}
				}
			}
		}
	}
}

// TestGameOptionsRefused: option words that the game does not offer, or
// gives twice, are refused.
func TestGameOptionsRefused(t *testing.T) {
	for _, name := range []string{"kalah capture=none", "kalah opening=sequential", "sungka opening=sequential opening=simultaneous",
		"sungka rounds=1 opening=simultaneous", "awari capture=standard", "dakon rounds=2", "dakon rounds=1 rounds=0"} {
		g, _ := Lookup(strings.Fields(name)[0])
		if _, err := g.Build(name); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("Build(%q) = %v, want ErrUnsupported", name, err)
		}
	}
}
