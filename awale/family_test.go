package awale_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestFamily checks the registered description: every preset builds and
// names itself, every param's default is the start's, and the players'
// rules text is short and has diagrams that parse.
func TestFamily(t *testing.T) {
	f, ok := mancala.LookupFamily("awale")
	if !ok {
		t.Fatal("awale is not registered")
	}
	mancalatest.TestFamily(t, f) // presets build and read back, params in range, diagrams parse
	if f.Label != "Awalé" || f.Description == "" || f.RulesText != awale.PlayersText {
		t.Errorf("label %q, description %q, rules text set: %v", f.Label, f.Description, f.RulesText == awale.PlayersText)
	}
	want := []string{"awale", "awale abapa", "awale awari"}
	if len(f.Presets) != len(want) {
		t.Fatalf("%d presets, want %d", len(f.Presets), len(want))
	}
	for i, p := range f.Presets {
		if p.Name != want[i] || p.Label == "" || p.Description == "" {
			t.Errorf("preset %d: %+v", i, p)
		}
		r, err := mancala.NewRuleset(p.Name)
		if err != nil {
			t.Fatalf("AW-1/preset %s: %v", p.Name, err)
		}
		if got, want := mancala.Label(r), "Awalé, "+p.Label; got != want {
			t.Errorf("Label of %s: %q, want %q", p.Name, got, want)
		}
	}
	start := awale.Documents()
	for _, p := range f.Params {
		switch p.Key {
		case "houses":
			if p.Default != start.Houses {
				t.Errorf("houses default %d, want %d", p.Default, start.Houses)
			}
		case "seeds":
			if p.Default != start.Seeds {
				t.Errorf("seeds default %d, want %d", p.Default, start.Seeds)
			}
		default:
			t.Errorf("param %s", p.Key)
		}
		if p.Min > p.Default || p.Default > p.Max || p.Label == "" || p.Description == "" {
			t.Errorf("param %+v", p)
		}
	}
	name, err := f.WithParams("awale abapa", map[string]int{"houses": 4, "seeds": 3})
	if err != nil || name != "awale abapa houses=4 seeds=3" {
		t.Fatalf("WithParams: %q, %v", name, err)
	}
	if _, err := mancala.NewRuleset(name); err != nil {
		t.Errorf("AW-1/%s: %v", name, err)
	}
	if _, err := mancala.NewRuleset("awale houses=12 seeds=11"); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("AW-1/264 seeds: %v, want ErrUnsupported", err)
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
	for _, word := range []string{"AW-", "Options", "mancala"} {
		if strings.Contains(text, word) {
			t.Errorf("the players' rules name %q", word)
		}
	}
}

// TestPositionNotation checks that Rules speaks Aalina text as its own
// position notation, settling what it reads through Setup.
func TestPositionNotation(t *testing.T) {
	r := mustRules(t, awale.Abapa())
	var pn mancala.PositionNotation = r
	if got, want := pn.FormatPosition(r.Start()), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"; got != want {
		t.Errorf("FormatPosition(start) = %q, want %q", got, want)
	}
	p, err := pn.ParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
	if err != nil || p != r.Start() {
		t.Errorf("ParsePosition(start) = %v, %v", p, err)
	}
	// AW-7 at once: North to move has nothing; Setup ends the game.
	p, err = pn.ParsePosition("1-0-0-0-0-0-0-0-0-0-0-0-24-23-N")
	if err != nil || !p.Over() {
		t.Errorf("AW-7/ParsePosition of a finished game: %v, %v", p, err)
	}
	if _, err := pn.ParsePosition("4-4-4"); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("malformed text: %v, want ErrSyntax", err)
	}
	if _, err := pn.ParsePosition("4-4-4-4-4-4-4-4-4-4-4-5-0-0-S"); !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Errorf("AW-1/49 seeds: %v, want ErrInvalidPosition", err)
	}
}

// TestNearestExact checks the rules whose databases estimate those
// without exact ones.
func TestNearestExact(t *testing.T) {
	for _, tt := range []struct{ rules, near string }{
		{"awale", "awale cycle=split"},
		{"awale abapa", "awale grandslam=nocapture cycle=split"},
		{"awale abapa houses=4", "awale grandslam=nocapture cycle=split houses=4"},
		{"awale awari", ""},
	} {
		r, err := mancala.NewRuleset(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		near, why := r.(*awale.Rules).NearestExact()
		got := ""
		if near != nil {
			got = near.(*awale.Rules).String()
			if _, err := near.(*awale.Rules).Retrograde(); err != nil || why == "" {
				t.Errorf("%s: nearest %s: %v, why %q", tt.rules, got, err, why)
			}
		}
		if got != tt.near {
			t.Errorf("NearestExact of %s = %q, want %q", tt.rules, got, tt.near)
		}
	}
}

// TestNameError checks that a name of options not written as Rules.String
// writes them is refused with the name that reads back.
func TestNameError(t *testing.T) {
	for _, tt := range []struct{ name, canonical string }{
		{"awale houses=6", "awale"},
		{"awale abapa seeds=4 houses=4", "awale abapa houses=4"},
		{"awale majority grandslam=nocapture", "awale abapa"},
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
	f, _ := mancala.LookupFamily("awale")
	get := map[string]func(awale.Options) string{
		"grandslam": func(o awale.Options) string { return o.GrandSlam.String() },
		"cycle":     func(o awale.Options) string { return o.Cycle.String() },
		"majority": func(o awale.Options) string {
			if o.StopAtMajority {
				return "on"
			}
			return "off"
		},
	}
	if len(f.Options) != len(get) {
		t.Fatalf("%d options, want %d", len(f.Options), len(get))
	}
	for _, pr := range f.Presets {
		po, err := awale.ParseName(pr.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range f.Options {
			if got := get[opt.Key](po); got != pr.Choice(opt) {
				t.Errorf("preset %s declares %s=%s, plays %s", pr.Name, opt.Key, pr.Choice(opt), got)
			}
			for _, c := range opt.Values {
				if c.Label == "" || c.Description == "" {
					t.Errorf("option %s value %s: no label or description", opt.Key, c.Value)
				}
				name, err := f.WithOptions(pr.Name, map[string]int{"houses": 4}, map[string]string{opt.Key: c.Value})
				if err != nil {
					t.Errorf("%s %s=%s: %v", pr.Name, opt.Key, c.Value, err)
					continue
				}
				o, err := awale.ParseName(name)
				if err != nil || get[opt.Key](o) != c.Value || o.Houses != 4 {
					t.Errorf("%s %s=%s: named %q, which reads %+v, %v", pr.Name, opt.Key, c.Value, name, o, err)
				}
			}
		}
	}
}
