package mancala_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// optToy is a ruleset named by its builder.
type optToy struct {
	*toy.Rules
	name string
}

func (o optToy) String() string { return o.name }

// optFamily is a family with options in the manner of Awalé: a preset
// "optf fast" that stands for slam=none with the bare word "quick", whose
// names Build writes in its own order (houses before the options) and
// reads back only in that order.
func optFamily() mancala.Family {
	return mancala.Family{
		Name: "optf",
		Presets: []mancala.Preset{{Name: "optf", Label: "Plain"},
			{Name: "optf fast", Label: "Fast", Options: map[string]string{"slam": "none", "quick": "on"}}},
		Params: []mancala.Param{{Key: "houses", Default: 3, Min: 1, Max: 12}},
		Options: []mancala.Option{
			{Key: "slam", Label: "Grand slam", Default: "all",
				Values: []mancala.Choice{{Value: "all"}, {Value: "none"}, {Value: "half"}}},
			{Key: "quick", Label: "Quick end", Default: "off",
				Values: []mancala.Choice{{Value: "off"}, {Value: "on", Word: "quick"}}},
		},
		Build: buildOpt,
	}
}

func buildOpt(name string) (mancala.Ruleset, error) {
	words := strings.Fields(name)
	if len(words) == 0 || words[0] != "optf" {
		return nil, fmt.Errorf("optf: %q: %w", name, mancala.ErrUnsupported)
	}
	slam, quick, houses := "all", false, 3
	if len(words) > 1 && words[1] == "fast" {
		slam, quick, words = "none", true, words[1:]
	}
	for _, w := range words[1:] {
		k, v, _ := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		switch {
		case w == "quick":
			quick = true
		case k == "slam" && (v == "all" || v == "none" || v == "half"):
			slam = v
		case k == "houses" && err == nil && n >= 1 && n <= 12:
			houses = n
		default:
			return nil, fmt.Errorf("optf: unknown %q: %w", w, mancala.ErrUnsupported)
		}
	}
	canon := "optf"
	if houses != 3 {
		canon += " houses=" + strconv.Itoa(houses)
	}
	if slam == "none" && quick {
		canon = strings.Replace(canon, "optf", "optf fast", 1)
	} else {
		if slam != "all" {
			canon += " slam=" + slam
		}
		if quick {
			canon += " quick"
		}
	}
	if canon != name {
		return nil, &mancala.NameError{Family: "optf", Name: name, Canonical: canon}
	}
	return optToy{toy.MustNew(toy.Options{}), name}, nil
}

func TestWithOptions(t *testing.T) {
	f := optFamily()
	for _, c := range []struct {
		preset  string
		params  map[string]int
		options map[string]string
		want    string
	}{
		{"optf", nil, nil, "optf"},
		{"optf", nil, map[string]string{"slam": "all", "quick": "off"}, "optf"},
		{"optf", nil, map[string]string{"slam": "half"}, "optf slam=half"},
		{"optf", nil, map[string]string{"quick": "on"}, "optf quick"},
		// The family writes houses first: the canonical name comes back.
		{"optf", map[string]int{"houses": 5}, map[string]string{"slam": "none"}, "optf houses=5 slam=none"},
		// Both values of the preset: its name.
		{"optf", nil, map[string]string{"slam": "none", "quick": "on"}, "optf fast"},
		{"optf fast", nil, map[string]string{"slam": "none"}, "optf fast"},
		{"optf fast", nil, map[string]string{"slam": "half"}, "optf slam=half quick"},
		{"optf fast", map[string]int{"houses": 4}, nil, "optf fast houses=4"},
	} {
		got, err := f.WithOptions(c.preset, c.params, c.options)
		if err != nil || got != c.want {
			t.Errorf("WithOptions(%q, %v, %v) = %q, %v; want %q", c.preset, c.params, c.options, got, err, c.want)
		}
	}
	for _, c := range []struct {
		options map[string]string
		key     string
	}{
		{map[string]string{"slam": "some"}, "slam"},
		{map[string]string{"quick": "quick"}, "quick"},
		{map[string]string{"nosuch": "on"}, "nosuch"},
	} {
		got, err := f.WithOptions("optf", nil, c.options)
		var oe *mancala.OptionError
		if !errors.As(err, &oe) || !errors.Is(err, mancala.ErrUnsupported) || oe.Key != c.key || got != "" {
			t.Errorf("WithOptions(optf, %v) = %q, %v; want an *OptionError for %s wrapping ErrUnsupported", c.options, got, err, c.key)
		}
	}
	if _, err := f.WithOptions("optf", map[string]int{"houses": 13}, nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("houses=13: %v, want ErrUnsupported", err)
	}
	if _, err := f.WithOptions("optf", map[string]int{"seeds": 2}, nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("undeclared param: %v, want ErrUnsupported", err)
	}
	if _, err := f.WithOptions("optf nosuch", nil, nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("a name Build refuses: %v, want ErrUnsupported", err)
	}
	// The error says what is known; of two bad keys, the first in order.
	_, err := f.WithOptions("optf", nil, map[string]string{"slam": "some", "pie": "yes"})
	if err == nil || err.Error() != `mancala: optf has no option "pie" (its options: slam, quick)` {
		t.Errorf("two bad keys: %v", err)
	}
	_, err = f.WithOptions("optf", nil, map[string]string{"slam": ""})
	if err == nil || err.Error() != `mancala: optf option slam has no value "" (its values: all, none, half)` {
		t.Errorf("an empty value: %v", err)
	}
	nobuild := f
	nobuild.Build = nil
	if _, err := nobuild.WithOptions("optf", nil, map[string]string{"slam": "half"}); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("no Build: %v, want ErrUnsupported", err)
	}
}

func TestOptionWord(t *testing.T) {
	o := optFamily().Options[1]
	if w, ok := o.Word("on"); !ok || w != "quick" {
		t.Errorf("Word(on) = %q, %v; want quick", w, ok)
	}
	if w, ok := o.Word("off"); !ok || w != "quick=off" {
		t.Errorf("Word(off) = %q, %v; want quick=off", w, ok)
	}
	if w, ok := o.Word("maybe"); ok || w != "" {
		t.Errorf("Word(maybe) = %q, %v; want none", w, ok)
	}
	f := optFamily()
	if v := f.Presets[1].Choice(f.Options[0]); v != "none" {
		t.Errorf("fast's slam = %q, want none", v)
	}
	if v := f.Presets[0].Choice(f.Options[0]); v != "all" {
		t.Errorf("plain's slam = %q, want the default all", v)
	}
	if _, ok := f.Option("nosuch"); ok {
		t.Error("Option(nosuch) found")
	}
}

// TestRegisterFamilyCopiesOptions: changing the family after registering
// it changes nothing in the registry.
func TestRegisterFamilyCopiesOptions(t *testing.T) {
	f := optFamily()
	mancala.RegisterFamily(f)
	f.Options[0].Values[0].Value = "changed"
	f.Presets[1].Options["slam"] = "changed"
	g, ok := mancala.LookupFamily("optf")
	if !ok || g.Options[0].Values[0].Value != "all" || g.Presets[1].Options["slam"] != "none" {
		t.Errorf("the registered family changed with the caller's: %+v", g.Options)
	}
}
