package congkak_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestFamily checks the registered description: every preset builds and
// names itself, the params' defaults are the documents' board and a full
// set, and the players' rules text is short and has diagrams that parse.
func TestFamily(t *testing.T) {
	f, ok := mancala.LookupFamily("congkak")
	if !ok {
		t.Fatal("congkak is not registered")
	}
	mancalatest.TestFamily(t, f) // presets build and read back, params in range, diagrams parse
	if f.Label != "Congkak" || f.Description == "" || f.RulesText != congkak.PlayersText {
		t.Errorf("label %q, description %q", f.Label, f.Description)
	}
	want := []string{"congkak", "congkak overbeck"}
	if len(f.Presets) != len(want) {
		t.Fatalf("%d presets, want %d", len(f.Presets), len(want))
	}
	for i, p := range f.Presets {
		if p.Name != want[i] || p.Label == "" || p.Description == "" {
			t.Errorf("preset %d: %+v", i, p)
		}
		r, err := mancala.NewRuleset(p.Name)
		if err != nil {
			t.Fatalf("CK-1/preset %s: %v", p.Name, err)
		}
		if got, want := mancala.Label(r), "Congkak, "+p.Label; got != want {
			t.Errorf("Label of %s: %q, want %q", p.Name, got, want)
		}
	}
	defaults := map[string]int{"houses": 7, "seeds": 0, "rounds": 0}
	for _, p := range f.Params {
		d, ok := defaults[p.Key]
		if !ok || p.Default != d || p.Min > p.Default || p.Default > p.Max || p.Label == "" || p.Description == "" {
			t.Errorf("param %+v", p)
		}
		if p.Default == 0 && !strings.Contains(p.Description, "0 means") {
			t.Errorf("param %s: the description does not say what 0 means", p.Key)
		}
	}
	for _, tt := range []struct {
		values map[string]int
		name   string
	}{
		{map[string]int{"houses": 7, "seeds": 0, "rounds": 0}, "congkak"},
		{map[string]int{"houses": 5}, "congkak houses=5"},
		{map[string]int{"houses": 5, "seeds": 3, "rounds": 1}, "congkak houses=5 seeds=3 rounds=1"},
		{map[string]int{"houses": 5}, "congkak overbeck houses=5"}, // Overbeck's rules on another board
	} {
		preset, _, _ := strings.Cut(tt.name, " houses")
		if preset != "congkak overbeck" {
			preset = "congkak"
		}
		name, err := f.WithParams(preset, tt.values)
		if err != nil || name != tt.name {
			t.Errorf("WithParams(%v) = %q, %v; want %q", tt.values, name, err, tt.name)
			continue
		}
		if _, err := mancala.NewRuleset(name); err != nil {
			t.Errorf("CK-1/%s: %v", name, err)
		}
	}
	checkPlayersText(t, f.RulesText)
}

// checkPlayersText checks the project's rules for a players' text beside
// the contract (mancalatest.TestFamily): 15 to 40 lines, one to three
// diagrams, and no rule ids or API names.
func checkPlayersText(t *testing.T, text string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	diagrams := strings.Count(text, "\ndiagram: ")
	if len(lines) < 15 || len(lines) > 40 || diagrams < 1 || diagrams > 3 {
		t.Errorf("%d lines and %d diagrams of players' rules, want 15 to 40 and 1 to 3", len(lines), diagrams)
	}
	for _, word := range []string{"CK-", "Options", "mancala"} {
		if strings.Contains(text, word) {
			t.Errorf("the players' rules name %q", word)
		}
	}
}

// TestNameError checks that a name of options not written as Rules.String
// writes them is refused with the name that reads back.
func TestNameError(t *testing.T) {
	for _, tt := range []struct{ name, canonical string }{
		{"congkak houses=7", "congkak"},
		{"congkak overbeck houses=9", "congkak overbeck"},
		{"congkak overbeck empty=store", "congkak houses=9 roundend=passreply"},
		{"congkak rounds=1 opening=sequential", "congkak opening=sequential rounds=1"},
	} {
		_, err := mancala.NewRuleset(tt.name)
		var ne *mancala.NameError
		if !errors.As(err, &ne) || ne.Canonical != tt.canonical || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("NewRuleset(%q): %v, want a NameError for %q", tt.name, err, tt.canonical)
		}
	}
}

// TestFamilyOptions: every value of every option, set alone after every
// preset, names a ruleset whose options hold that value, and each preset's
// declared option values are the options it plays.
func TestFamilyOptions(t *testing.T) {
	f, _ := mancala.LookupFamily("congkak")
	get := map[string]func(congkak.Options) string{
		"empty":    func(o congkak.Options) string { return o.EmptyCapture.String() },
		"opening":  func(o congkak.Options) string { return o.Opening.String() },
		"roundend": func(o congkak.Options) string { return o.RoundEnd.String() },
		"repeat":   func(o congkak.Options) string { return o.Repeat.String() },
	}
	if len(f.Options) != len(get) {
		t.Fatalf("%d options, want %d", len(f.Options), len(get))
	}
	for _, pr := range f.Presets {
		po, err := congkak.ParseName(pr.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range f.Options {
			if got := get[opt.Key](po); got != pr.Choice(opt) {
				t.Errorf("preset %s declares %s=%s, plays %s", pr.Name, opt.Key, pr.Choice(opt), got)
			}
			for _, c := range opt.Values {
				name, err := f.WithOptions(pr.Name, map[string]int{"rounds": 3}, map[string]string{opt.Key: c.Value})
				if err != nil {
					t.Errorf("%s %s=%s: %v", pr.Name, opt.Key, c.Value, err)
					continue
				}
				o, err := congkak.ParseName(name)
				if err != nil || get[opt.Key](o) != c.Value || o.Rounds != 3 || o.Houses != po.Houses {
					t.Errorf("%s %s=%s: named %q, which reads %+v, %v", pr.Name, opt.Key, c.Value, name, o, err)
				}
			}
		}
	}
}
