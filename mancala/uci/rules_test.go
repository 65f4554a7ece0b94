package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/search"
)

// awaleRules returns the Awalé preset's rules (whose own position text
// is Aalina's).
// t may be nil (in a child process of the tests): an error panics then.
func awaleRules(t testing.TB, preset string) mancala.Ruleset {
	o, err := awale.Preset(preset)
	var r *awale.Rules
	if err == nil {
		r, err = awale.New(o)
	}
	if err != nil {
		if t == nil {
			panic(err)
		}
		t.Fatal(err)
	}
	return r
}

// The "toyuci" family stands for a third-party game that registers itself
// (as Kalah's package does): presets, no position text of its own (the
// core's), no Estimate.
type toyRules struct {
	*toy.Rules
	name string
}

func (r toyRules) String() string { return r.name }

var toyPresets = map[string]toy.Options{
	"toyuci":       {Houses: 4, Seeds: 3, EmptyCapture: true},
	"toyuci small": {Houses: 3, Seeds: 2, EmptyCapture: true},
	"toyuci sim":   {Houses: 3, Seeds: 3, EmptyCapture: true, Simultaneous: true},
}

func init() {
	mancala.RegisterFamily(mancala.Family{
		Name:  "toyuci",
		Label: "Toy",
		Presets: []mancala.Preset{
			{Name: "toyuci", Label: "Toy"}, {Name: "toyuci small", Label: "Small"}, {Name: "toyuci sim", Label: "Simultaneous"},
		},
		Build: func(name string) (mancala.Ruleset, error) {
			o, ok := toyPresets[name]
			if !ok {
				return nil, fmt.Errorf("toyuci: no ruleset %q: %w", name, mancala.ErrUnsupported)
			}
			r, err := toy.New(o)
			if err != nil {
				return nil, err
			}
			return toyRules{r, name}, nil
		},
	})
}

func toyRuleset(t testing.TB, name string) mancala.Ruleset {
	t.Helper()
	r, err := mancala.NewRuleset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestServeNeedsRules: the library has no default game.
func TestServeNeedsRules(t *testing.T) {
	err := Serve(context.Background(), strings.NewReader("uci\n"), io.Discard, EngineConfig{})
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Name != "Rules" || !errors.Is(err, ErrOption) {
		t.Errorf("Serve without rules: %v, want an *OptionError for Rules", err)
	}
	var nilRules *awale.Rules
	if err := Serve(context.Background(), strings.NewReader("uci\n"), io.Discard, EngineConfig{Rules: nilRules}); !errors.Is(err, ErrOption) {
		t.Errorf("Serve with a typed nil: %v", err)
	}
}

// TestThirdPartyFamily: a ruleset of a family that the engine has never
// heard of is served as it is: the option Rules lists the family's
// presets, positions go in the core's text, and a Client plays through it
// under each preset.
func TestThirdPartyFamily(t *testing.T) {
	r := toyRuleset(t, "toyuci small")
	s := newSession(t, EngineConfig{Rules: r})
	s.send("uci")
	_, before := s.expect("uciok")
	want := "option name Rules type combo default small var toyuci var small var sim"
	found := false
	for _, l := range before {
		found = found || l == want
	}
	if !found {
		t.Errorf("uci answer %q lacks %q", before, want)
	}
	// A set-up position in the core's text, spaces and all.
	p := r.Start()
	p.ToMove = mancala.NorthTurn
	s.send("position fen " + p.String() + " moves a")
	s.send("debug on")
	s.send("go depth 2")
	best, infos := s.expect("bestmove ")
	if best == "bestmove 0000" || strings.Contains(strings.Join(infos, "\n"), "refused") {
		t.Errorf("%q after %q", best, infos)
	}
	for _, c := range []struct{ value, start string }{{"toyuci", "3,3,3,3/"}, {"toyuci sim", "3,3,3/3,3,3 0,0 B"}, {"SMALL", "2,2,2/"}} {
		s.send("setoption name Rules value " + c.value)
		s.send("position startpos")
		s.send("isready")
		if _, before := s.expect("readyok"); len(before) != 1 || !strings.HasPrefix(before[0], "info string position "+c.start) {
			t.Errorf("Rules %s: %q, want the position %s...", c.value, before, c.start)
		}
	}
	s.send("setoption name Rules value chess")
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) != 1 || !strings.Contains(before[0], "refused") {
		t.Errorf("Rules chess: %q", before)
	}
	s.quit()

	// A Client sends the preset's value, and games run under each.
	for _, name := range []string{"toyuci", "toyuci small", "toyuci sim"} {
		c := pipeClientFor(t, EngineConfig{Rules: r}, ClientConfig{Depth: 3})
		rr := toyRuleset(t, name)
		g, err := mancala.NewGame(rr)
		if err != nil {
			t.Fatal(err)
		}
		if err := search.PlayGame(context.Background(), g, c, search.NewRandom(1), nil); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	// A ruleset the engine's family does not have is refused before the
	// game, not played under other rules.
	c := pipeClientFor(t, EngineConfig{Rules: r}, ClientConfig{Depth: 3})
	g, _ := mancala.NewGame(awaleRules(t, "abapa"))
	if _, err := c.Choose(context.Background(), g, mancala.South); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("other rules: %v, want ErrUnsupported", err)
	}
}

func TestRulesValue(t *testing.T) {
	r := toyRuleset(t, "toyuci small")
	for _, c := range []struct {
		vars []string
		want string
	}{
		{[]string{"toyuci", "small"}, "small"},
		{[]string{"toyuci small"}, "toyuci small"},
		{nil, "toyuci small"},
	} {
		if got, err := rulesValue(r, c.vars); err != nil || got != c.want {
			t.Errorf("%q: %q, %v; want %q", c.vars, got, err, c.want)
		}
	}
	f := strings.Fields("option name Rules type combo default abapa var abapa var awale x=1 var default")
	if got := comboVars(f); strings.Join(got, "|") != "abapa|awale x=1|default" {
		t.Errorf("comboVars: %q", got)
	}
}
