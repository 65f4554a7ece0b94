package web

import (
	"net/http"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestFamilyOptions: /api/families offers each family's options with
// their values and each preset's value of them; a new game with options
// carries their words in its rules name (the name the family's rulesets
// give, a preset's when the values are a preset's), and plays them;
// undeclared options or values are refused.
func TestFamilyOptions(t *testing.T) {
	l := serve(t, Options{})
	var fs familiesJSON
	l.ok("GET", "/api/families", nil, &fs)
	var aw *familyJSON
	for i := range fs.Families {
		if fs.Families[i].Name == "awale" {
			aw = &fs.Families[i]
		}
	}
	reg, _ := mancala.LookupFamily("awale")
	if aw == nil || len(aw.Options) != len(reg.Options) || len(reg.Options) == 0 {
		t.Fatalf("awale's options: %+v", aw)
	}
	for i, o := range reg.Options {
		got := aw.Options[i]
		if got.Key != o.Key || got.Default != o.Default || len(got.Values) != len(o.Values) || got.Values[0].Label == "" {
			t.Errorf("option %d: %+v, want %s", i, got, o.Key)
		}
		for j, pr := range reg.Presets {
			if v := aw.Presets[j].Options[o.Key]; v != pr.Choice(o) {
				t.Errorf("preset %s: %s=%q, want %q", pr.Name, o.Key, v, pr.Choice(o))
			}
		}
	}
	for _, c := range []struct {
		preset  string
		params  map[string]int
		options map[string]string
		want    string
	}{
		{"awale", nil, map[string]string{"grandslam": "captureall"}, "awale grandslam=captureall"},
		{"awale", map[string]int{"houses": 4}, map[string]string{"cycle": "split"}, "awale cycle=split houses=4"},
		{"awale", nil, map[string]string{"grandslam": "nocapture", "majority": "on"}, "awale abapa"},
		{"awale abapa", nil, map[string]string{"majority": "off"}, "awale grandslam=nocapture"},
	} {
		s := l.newGame(newGameRequest{Family: "awale", Preset: c.preset, Params: c.params, Options: c.options})
		if s.Rules != c.want {
			t.Errorf("%s %v %v: rules %q, want %q", c.preset, c.params, c.options, s.Rules, c.want)
		}
	}
	s := l.newGame(newGameRequest{Family: "congkak", Preset: "congkak", Options: map[string]string{"opening": "sequential"}})
	if s.Rules != "congkak opening=sequential" || s.ToMove != "south" {
		t.Errorf("congkak opening=sequential: rules %q, to move %q", s.Rules, s.ToMove)
	}
	l.fails("POST", "/api/new", newGameRequest{Family: "awale", Options: map[string]string{"grandslam": "sometimes"}}, http.StatusBadRequest, "no value")
	l.fails("POST", "/api/new", newGameRequest{Family: "awale", Options: map[string]string{"opening": "sequential"}}, http.StatusBadRequest, "no option")
	l.fails("POST", "/api/new", newGameRequest{Family: "awale", Options: map[string]string{"cycle": "split"}, Params: map[string]int{"houses": 40}}, http.StatusBadRequest, "outside")
}
