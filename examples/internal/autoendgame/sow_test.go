package autoendgame

import (
	"context"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	_ "github.com/sowing-games/sowing/mancala/sow" // registers the catalogue's families
)

// TestCatalogueGames: games of package sow's catalogue get their exact
// databases through the Retrograder capability alone, one without cycles
// (Kalah, the forward pass) and one with (Bakuk, whose parents are derived
// from its moves, so that the bound stops at the last count they serve).
func TestCatalogueGames(t *testing.T) {
	for _, c := range []struct {
		name  string
		stop  int // the last count built: Stones, or what endgame.Buildable says
		probe string
	}{
		{"kalah houses=3 seeds=2", 8, "0,1,2/1,0,1 3,4 N"},
		{"bakuk houses=2", 8, "0,1/2,0 10,11 S"},
	} {
		r, err := mancala.NewRuleset(c.name)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		cache, log := newCache(t, Options{Dir: dir, Stones: c.stop})
		s, err := cache.Add(r)
		if err != nil || s == nil {
			t.Fatalf("%s: Add: %v, %v", c.name, s, err)
		}
		if !s.Exact() || s.Stones() != c.stop {
			t.Fatalf("%s: set of %s: exact %v, stones %d", c.name, s.Game().Name(), s.Exact(), s.Stones())
		}
		cache.Begin()
		if err := wait(t, cache); err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, log)
		}
		want, err := endgame.Build(context.Background(), s.Game(), "", c.stop, endgame.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		sameValues(t, s.Endgame().DB(), want, c.stop)
		p, err := mancala.ParsePosition(c.probe)
		if err != nil {
			t.Fatal(err)
		}
		cfg, ok := s.Game().Config(p)
		if !ok {
			t.Fatalf("%s: %s is no configuration", c.name, c.probe)
		}
		v, _ := want.Value(&cfg)
		if got, ok := s.Oracle(p); !ok || got != v {
			t.Errorf("%s: oracle %d, %v; want %d, true", c.name, got, ok, v)
		}
		if !strings.Contains(log.String(), "are complete, counts 0 to ") {
			t.Errorf("%s: log:\n%s", c.name, log)
		}
	}
	// A limit below Stones: the bound is the last count the parents serve.
	r, err := mancala.NewRuleset("bakuk houses=6 seeds=1")
	if err != nil {
		t.Fatal(err)
	}
	cache, _ := newCache(t, Options{Dir: t.TempDir(), Stones: 30, MaxBytes: 1 << 40})
	s, err := cache.Add(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := endgame.Buildable(s.Game(), 30, false); s.Stones() != want || want >= 30 || want < 10 {
		t.Errorf("bakuk on 12 houses: bound %d, want Buildable's %d (below 30)", s.Stones(), want)
	}
}
