package sow_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestConformance runs the conformance kit on every preset of every
// catalogue game, with few games each so that the package's tests stay
// quick (-rapid.checks scales them).
func TestConformance(t *testing.T) {
	for _, g := range sow.Catalogue() {
		f := g.Family()
		for _, pr := range f.Presets {
			t.Run(pr.Name, func(t *testing.T) {
				t.Parallel()
				r, err := g.Build(pr.Name)
				if err != nil {
					t.Fatal(err)
				}
				mancalatest.TestRuleset(t, r, mancalatest.WithChecks(3), mancalatest.WithMaxPlies(300))
			})
		}
	}
}

// TestFamilies checks each catalogue game's family with the kit, that it
// is the one registered, and the catalogue's fields.
func TestFamilies(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range sow.Catalogue() {
		if seen[g.Name] {
			t.Errorf("%s twice in the catalogue", g.Name)
		}
		seen[g.Name] = true
		if g.Name == "awale" || g.Name == "congkak" {
			t.Errorf("%s belongs to its own package", g.Name)
		}
		f := g.Family()
		mancalatest.TestFamily(t, f)
		if g.PlayedBy != "" {
			if _, err := mancala.NewRuleset(g.PlayedBy); err != nil {
				t.Errorf("%s: played by %s: %v", g.Name, g.PlayedBy, err)
			}
			if _, ok := mancala.LookupFamily(g.Name); ok {
				t.Errorf("%s: registered, though %s plays it", g.Name, g.PlayedBy)
			}
		} else if reg, ok := mancala.LookupFamily(g.Name); !ok || reg.RulesText != f.RulesText {
			t.Errorf("%s: not registered as its Family", g.Name)
		}
		if g.Label == "" || g.Region == "" || g.Source == "" || g.Board == "" || g.Intro == "" || g.Description == "" {
			t.Errorf("%s: a catalogue field is empty: %+v", g.Name, g)
		}
		if !strings.Contains(f.RulesText, "\ndiagram: ") {
			t.Errorf("%s: no diagram in the rules text", g.Name)
		}
		for _, id := range g.Rules() {
			if !strings.HasPrefix(id, "SW-") {
				t.Errorf("%s: rule id %q", g.Name, id)
			}
		}
	}
}

// TestKalahNames checks that every ruleset name that the example Kalah
// family reads (with its family word) builds the same game here, so that
// saved games of "kalah" load.
func TestKalahNames(t *testing.T) {
	for _, name := range []string{"kalah", "kalah capture=standard", "kalah houses=4", "kalah seeds=3",
		"kalah capture=standard houses=4 seeds=3", "kalah houses=12 seeds=10", "kalah houses=1 seeds=1"} {
		r, err := mancala.NewRuleset(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if s := r.(*sow.Rules).String(); s != name {
			t.Errorf("%s reads back as %s", name, s)
		}
		demo, err := mancala.NewRuleset("kalahdemo" + strings.TrimPrefix(name, "kalah"))
		if err != nil {
			t.Fatal(err)
		}
		if r.Start() != demo.Start() {
			t.Errorf("%s: start %v, want %v", name, r.Start(), demo.Start())
		}
	}
	for _, bad := range []string{"kalah houses=6", "kalah seeds=x", "kalah capture=none", "kalah(6,4)", "kalah houses=99",
		"kalah seeds=100", "kalah houses=4 capture=standard", "kalah capture=empty", "kalah houses=4 houses=4"} {
		if _, err := mancala.NewRuleset(bad); err == nil {
			t.Errorf("NewRuleset(%q) accepted", bad)
		}
	}
	// Names in another order, or with the default spelt out, give the
	// canonical name, as the example package's do.
	for name, canon := range map[string]string{
		"kalah houses=4 capture=standard": "kalah capture=standard houses=4",
		"kalah capture=empty":             "kalah",
		"kalah seeds=3 houses=4":          "kalah houses=4 seeds=3",
		"kalah houses=6":                  "kalah",
	} {
		_, err := mancala.NewRuleset(name)
		var ne *mancala.NameError
		if !errors.As(err, &ne) || ne.Canonical != canon {
			t.Errorf("NewRuleset(%q): %v, want a NameError naming %q", name, err, canon)
		}
	}
}
