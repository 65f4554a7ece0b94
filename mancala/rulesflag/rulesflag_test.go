package rulesflag_test

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	_ "github.com/sowing-games/sowing/awale"
	_ "github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/rulesflag"
	_ "github.com/sowing-games/sowing/mancala/sow"
)

func nameOf(r mancala.Ruleset) string { return r.(fmt.Stringer).String() }

// TestEveryPreset: every preset of every registered family is reached by
// its -rules word under -game, and by its whole name alone.
func TestEveryPreset(t *testing.T) {
	fams := mancala.Families()
	if len(fams) < 3 {
		t.Fatalf("%d families registered", len(fams))
	}
	for _, f := range fams {
		for _, p := range f.Presets {
			want, err := mancala.NewRuleset(p.Name)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range [][2]string{{f.Name, rulesflag.PresetWord(f, p)}, {"", p.Name}, {f.Label, rulesflag.PresetWord(f, p)}} {
				r, err := rulesflag.Resolve(c[0], c[1], nil)
				if err != nil || nameOf(r) != nameOf(want) {
					t.Errorf("Resolve(%q, %q): %v, %v; want %s", c[0], c[1], r, err, nameOf(want))
				}
			}
		}
	}
}

func TestResolve(t *testing.T) {
	for _, tc := range []struct {
		game, rules string
		params      map[string]int
		want        string
	}{
		{"awale", "", nil, "awale"},
		{"awale", "default", nil, "awale"},
		{"awale", "abapa", map[string]int{"houses": 4}, "awale abapa houses=4"},
		{"", "awari", nil, "awale awari"}, // DefaultGame's preset
		{"", "congkak overbeck", map[string]int{"rounds": 1}, "congkak overbeck rounds=1"},
		{"congkak", "overbeck opening=sequential", nil, "congkak overbeck opening=sequential"},
		{"congkak", "houses=5", map[string]int{"houses": 6}, "congkak houses=6"}, // the flag replaces the word
		{"kalah", "capture=standard", nil, "kalah capture=standard"},
		{"Awalé", "ABAPA", nil, "awale abapa"},
		{"toguz kumalak", "", nil, "toguz"},
	} {
		r, err := rulesflag.Resolve(tc.game, tc.rules, tc.params)
		if err != nil || nameOf(r) != tc.want {
			t.Errorf("Resolve(%q, %q, %v) = %v, %v; want %s", tc.game, tc.rules, tc.params, r, err, tc.want)
		}
	}
	if g := rulesflag.DefaultGame(); g == "" {
		t.Error("no default game")
	} else if f, _ := mancala.LookupFamily(g); !f.Usual {
		t.Errorf("DefaultGame %s is not a usual game", g)
	}
}

func TestResolveErrors(t *testing.T) {
	for _, tc := range []struct {
		game, rules string
		params      map[string]int
		flag        string
	}{
		{"nosuchgame", "", nil, "game"},
		{"awale", "nosuchpreset", nil, "rules"},
		{"awale", "congkak", nil, "rules"},
		{"awale", "", map[string]int{"rounds": 1}, "rounds"},
		{"awale", "", map[string]int{"houses": 0}, "houses"},
		{"awale", "", map[string]int{"houses": 99}, "houses"},
		{"awale", "houses=99", nil, "rules"},
		{"awale", "grandslam=what", nil, "rules"},
	} {
		r, err := rulesflag.Resolve(tc.game, tc.rules, tc.params)
		var e *rulesflag.Error
		if r != nil || !errors.As(err, &e) || e.Flag != tc.flag || !errors.Is(err, mancala.ErrUnsupported) ||
			!strings.HasPrefix(err.Error(), "-"+tc.flag+": ") {
			t.Errorf("Resolve(%q, %q, %v) = %v, %v; want an *Error of -%s wrapping ErrUnsupported", tc.game, tc.rules, tc.params, r, err, tc.flag)
		}
	}
}

func parse(t *testing.T, args ...string) (*rulesflag.Flags, *flag.FlagSet, error) {
	t.Helper()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := rulesflag.Register(fs)
	return f, fs, fs.Parse(args)
}

// TestFlags: a param flag exists for every key of every family, with its
// label in its usage, and the flags build what Resolve builds.
func TestFlags(t *testing.T) {
	_, fs, _ := parse(t)
	for _, f := range mancala.Families() {
		for _, p := range f.Params {
			fl := fs.Lookup(p.Key)
			if fl == nil || !strings.Contains(fl.Usage, strings.ToLower(p.Label)) {
				t.Errorf("-%s: %+v", p.Key, fl)
			}
		}
	}
	for _, tc := range []struct {
		args []string
		want string
		game string
	}{
		{nil, rulesflag.DefaultGame(), rulesflag.DefaultGame()},
		{[]string{"-game", "congkak", "-rules", "overbeck", "-rounds", "1"}, "congkak overbeck rounds=1", "congkak"},
		{[]string{"-rules", "kalah capture=standard", "-houses", "4"}, "kalah capture=standard houses=4", "kalah"},
		{[]string{"-game", "awale", "-houses", "4", "-seeds", "3"}, "awale houses=4 seeds=3", "awale"},
	} {
		f, _, err := parse(t, tc.args...)
		if err != nil {
			t.Fatal(err)
		}
		r, err := f.Ruleset()
		if err != nil || nameOf(r) != tc.want || f.Game() != tc.game {
			t.Errorf("%q: %v, %v, game %s; want %s of %s", tc.args, r, err, f.Game(), tc.want, tc.game)
		}
	}
	if _, _, err := parse(t, "-houses", "x"); err == nil {
		t.Error("-houses x parsed")
	}
	f, _, _ := parse(t, "-game", "awale", "-rounds", "2")
	if _, err := f.Ruleset(); err == nil || !strings.Contains(err.Error(), "-rounds") {
		t.Errorf("-rounds for awale: %v", err)
	}
	if !f.Set("rounds") || f.Set("houses") || !slices.Equal(f.Given(), []string{"game", "rounds"}) {
		t.Errorf("Set, Given: %q", f.Given())
	}
}

// TestFlagClash: a flag the program defines itself keeps its meaning.
func TestFlagClash(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	depth := fs.Int("seeds", 7, "the program's own")
	f := rulesflag.Register(fs)
	if err := fs.Parse([]string{"-seeds", "3"}); err != nil || *depth != 3 || len(f.Params()) != 0 {
		t.Errorf("%v %d %v", err, *depth, f.Params())
	}
}

func TestValue(t *testing.T) {
	var v rulesflag.Value
	if v.String() != "" {
		t.Error(v.String())
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&v, "rules", "")
	if err := fs.Parse([]string{"-rules", "congkak overbeck"}); err != nil || v.String() != "congkak overbeck" {
		t.Fatalf("%v %q", err, v.String())
	}
	if err := v.Set("congkak nosuch=1"); err == nil || !errors.Is(err, mancala.ErrUnsupported) || v.String() != "congkak overbeck" {
		t.Errorf("bad Set: %v, holds %q", err, v.String())
	}
}

// TestWriteGames: the list names every family, every preset's word and
// every param, from the registry.
func TestWriteGames(t *testing.T) {
	var b strings.Builder
	if err := rulesflag.WriteGames(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, f := range mancala.Families() {
		if !strings.Contains(out, "\n  "+f.Name+" ") {
			t.Errorf("no line for %s", f.Name)
		}
		for _, p := range f.Presets {
			if !strings.Contains(out, rulesflag.PresetWord(f, p)) {
				t.Errorf("no preset %s", p.Name)
			}
		}
		for _, p := range f.Params {
			if !strings.Contains(out, fmt.Sprintf("%s=%d (%d to %d)", p.Key, p.Default, p.Min, p.Max)) {
				t.Errorf("%s: no param %s", f.Name, p.Key)
			}
		}
	}
	for _, f := range mancala.Families() {
		for _, o := range f.Options {
			if !strings.Contains(out, rulesflag.OptionWords(o)) {
				t.Errorf("%s: no option %s", f.Name, o.Key)
			}
		}
	}
	if err := rulesflag.WriteGames(failWriter{}); err == nil {
		t.Error("write error lost")
	}
}

func TestOptionWords(t *testing.T) {
	f, _ := mancala.LookupFamily("awale")
	for key, want := range map[string]string{
		"grandslam": "grandslam=forbidden|nocapture|captureall|forbiddenelsecapture",
		"majority":  "majority=off|majority",
	} {
		o, _ := f.Option(key)
		if got := rulesflag.OptionWords(o); got != want {
			t.Errorf("OptionWords(%s) = %q, want %q", key, got, want)
		}
	}
	// The default first, whatever its place among the values.
	o := mancala.Option{Key: "k", Default: "b", Values: []mancala.Choice{{Value: "a"}, {Value: "b"}}}
	if got := rulesflag.OptionWords(o); got != "k=b|a" {
		t.Errorf("OptionWords = %q, want k=b|a", got)
	}
}

// TestWriteOptions: a game's options in full, every value's word with its
// label, the default and the presets marked; every value's word, given to
// -rules, builds the ruleset that WithOptions names.
func TestWriteOptions(t *testing.T) {
	for _, f := range mancala.Families() {
		var b strings.Builder
		if err := rulesflag.WriteOptions(&b, f.Name); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, "-game NAME -h") {
			t.Errorf("%s: no word on another game's options", f.Name)
		}
		if len(f.Options) == 0 && !strings.Contains(out, "no options") {
			t.Errorf("%s: %q", f.Name, out)
		}
		for _, o := range f.Options {
			for _, c := range o.Values {
				w, _ := o.Word(c.Value)
				if !strings.Contains(out, "\n    "+w+" ") || !strings.Contains(out, c.Label) {
					t.Errorf("%s: no line for %s", f.Name, w)
				}
				want, err := f.WithOptions(f.Presets[0].Name, nil, map[string]string{o.Key: c.Value})
				if err != nil {
					t.Fatal(err)
				}
				r, err := rulesflag.Resolve(f.Name, "default "+w, nil)
				if err != nil || nameOf(r) != want {
					t.Errorf("-game %s -rules 'default %s': %v, %v; want %s", f.Name, w, r, err, want)
				}
			}
		}
	}
	var b strings.Builder
	if err := rulesflag.WriteOptions(&b, ""); err != nil || !strings.Contains(b.String(), "(-game "+rulesflag.DefaultGame()+")") {
		t.Errorf("the default game: %q, %v", b.String(), err)
	}
	if err := rulesflag.WriteOptions(&b, "chess"); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("chess: %v, want ErrUnsupported", err)
	}
	if err := rulesflag.WriteOptions(failWriter{}, "congkak"); err == nil {
		t.Error("write error lost")
	}
}

// TestHelpGame: the game that -game or -rules chose when parsing stopped
// at -h.
func TestHelpGame(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-h"}, rulesflag.DefaultGame()},
		{[]string{"-game", "congkak", "-h"}, "congkak"},
		{[]string{"-game", "Toguz Kumalak", "-h"}, "toguz"},
		{[]string{"-rules", "sungka rounds=1", "-h"}, "sungka"},
		{[]string{"-game", "chess", "-h"}, "chess"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		rulesflag.Register(fs)
		if err := fs.Parse(c.args); !errors.Is(err, flag.ErrHelp) {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got := rulesflag.HelpGame(fs); got != c.want {
			t.Errorf("%v: HelpGame = %q, want %q", c.args, got, c.want)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("full") }
