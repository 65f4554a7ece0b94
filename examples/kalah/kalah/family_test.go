package kalah_test

import (
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestFamily checks the registered family: the contract
// (mancalatest.TestFamily), Kalah's params, and a short players' text.
func TestFamily(t *testing.T) {
	f, ok := mancala.LookupFamily("kalahdemo")
	if !ok {
		t.Fatal("kalahdemo is not registered")
	}
	mancalatest.TestFamily(t, f) // presets build and read back, params in range, diagrams parse
	for _, p := range f.Presets {
		if p.Description == "" {
			t.Errorf("KA-1/preset %s has no description", p.Name)
		}
	}
	name, err := f.WithParams("kalahdemo capture=standard", map[string]int{"houses": 4, "seeds": 3})
	if err != nil {
		t.Fatal(err)
	}
	if name != "kalahdemo capture=standard houses=4 seeds=3" {
		t.Errorf("WithParams: %q", name)
	}
	r, err := mancala.NewRuleset(name)
	if err != nil {
		t.Fatal(err)
	}
	if o := r.(*kalah.Rules).Options(); o != (kalah.Options{Houses: 4, Seeds: 3, Capture: kalah.CaptureStandard}) {
		t.Errorf("KA-1/options %+v", o)
	}
	for _, bad := range []string{"kalahdemo houses=6", "kalahdemo seeds=x", "kalahdemo capture=none", "kalahdemo(6,4)", "kalahdemo houses=99", "kalah capture=standard"} {
		if _, err := mancala.NewRuleset(bad); err == nil {
			t.Errorf("NewRuleset(%q) accepted", bad)
		}
	}
	for _, c := range []struct {
		preset, capture string
		want            kalah.Capture
	}{
		{"kalahdemo", "standard", kalah.CaptureStandard},
		{"kalahdemo", "empty", kalah.CaptureEmpty},
		{"kalahdemo capture=standard", "empty", kalah.CaptureEmpty},
		{"kalahdemo capture=standard", "standard", kalah.CaptureStandard},
	} {
		name, err := f.WithOptions(c.preset, map[string]int{"seeds": 3}, map[string]string{"capture": c.capture})
		o, perr := kalah.ParseName(name)
		if err != nil || perr != nil || o.Capture != c.want || o.Seeds != 3 {
			t.Errorf("KA-4/WithOptions(%s, capture=%s) = %q, %v; reads %+v, %v", c.preset, c.capture, name, err, o, perr)
		}
	}
	var _ egdb.Retrograder = r.(*kalah.Rules)
	diagrams := strings.Count(f.RulesText, "\ndiagram: ")
	if n := len(strings.Split(strings.TrimSpace(f.RulesText), "\n")); diagrams < 1 || diagrams > 3 || n < 15 || n > 40 {
		t.Errorf("%d diagrams, %d lines", diagrams, n)
	}
}
