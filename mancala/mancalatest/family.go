package mancalatest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// TestFamily checks that f keeps the [mancala.Family] contract, reporting
// every problem that [CheckFamily] finds. A game package calls it on the
// family it registers, beside [TestRuleset].
func TestFamily(t *testing.T, f mancala.Family) {
	t.Helper()
	for _, err := range CheckFamily(f) {
		t.Errorf("mancalatest: family %s: %v", f.Name, err)
	}
}

// CheckFamily returns every way in which f breaks the [mancala.Family]
// contract, or nil:
//
//   - a Name that is empty or holds a space, or no Build;
//   - a preset whose name is not of the family, is given twice, has no
//     label, or that Build refuses, builds as nil, or builds as a ruleset
//     whose String is another name;
//   - a param with no key, a key given twice, or a Default outside
//     Min..Max; a preset's own param value for an undeclared key or
//     outside the range;
//   - a preset that WithParams with the preset's own defaults does not
//     name as itself;
//   - an option with no key or values, a key given twice or also a
//     param's, a key or value with a space or "=", a value given twice, a
//     Default that is not one of the values, or a word (Option.Word)
//     given to two values; a preset's own option value for an undeclared
//     key or value;
//   - an option value that WithOptions cannot name after the first preset
//     (Build refuses it), whose name builds a ruleset with another name,
//     or whose name holds neither the value's word nor the name of a
//     preset that gives the value; an undeclared value that WithOptions
//     takes without an *mancala.OptionError, or whose KEY=VALUE word
//     Build takes without an error wrapping ErrUnsupported;
//   - a "diagram:" line of RulesText whose position does not parse, or a
//     line with a code span or a link (a backquote or a bracket), which
//     the light Markdown of a players' text has not.
func CheckFamily(f mancala.Family) []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if f.Name == "" || strings.ContainsAny(f.Name, " \t\n") {
		bad("name %q: want one word", f.Name)
	}
	if f.Build == nil {
		bad("no Build")
	}
	params := map[string]mancala.Param{}
	for _, p := range f.Params {
		if p.Key == "" {
			bad("a param without a key")
		}
		if _, dup := params[p.Key]; dup {
			bad("param %s given twice", p.Key)
		}
		params[p.Key] = p
		if p.Default < p.Min || p.Default > p.Max {
			bad("param %s: default %d outside %d..%d", p.Key, p.Default, p.Min, p.Max)
		}
	}
	options := checkOptions(f, params, bad)
	seen := map[string]bool{}
	for _, pr := range f.Presets {
		if first, _, _ := strings.Cut(pr.Name, " "); first != f.Name {
			bad("preset %q is not of the family", pr.Name)
		}
		if seen[pr.Name] {
			bad("preset %q given twice", pr.Name)
		}
		seen[pr.Name] = true
		if pr.Label == "" {
			bad("preset %q has no label", pr.Name)
		}
		defaults := map[string]int{}
		for k, v := range pr.Params {
			p, ok := params[k]
			if !ok {
				bad("preset %q sets the undeclared param %s", pr.Name, k)
				continue
			}
			if v < p.Min || v > p.Max {
				bad("preset %q: param %s=%d outside %d..%d", pr.Name, k, v, p.Min, p.Max)
			}
		}
		for _, p := range f.Params {
			defaults[p.Key] = pr.Default(p)
		}
		for k, v := range pr.Options {
			o, ok := options[k]
			if !ok {
				bad("preset %q sets the undeclared option %s", pr.Name, k)
				continue
			}
			if _, ok := o.Word(v); !ok {
				bad("preset %q: option %s has no value %q", pr.Name, k, v)
			}
		}
		if name, err := f.WithParams(pr.Name, defaults); err != nil || name != pr.Name {
			bad("preset %q with its own defaults is named %q (%v)", pr.Name, name, err)
		}
		if f.Build == nil {
			continue
		}
		r, err := f.Build(pr.Name)
		switch s, named := r.(fmt.Stringer); {
		case err != nil:
			bad("preset %q: Build: %v", pr.Name, err)
		case r == nil:
			bad("preset %q: Build gives a nil ruleset", pr.Name)
		case named && s.String() != pr.Name:
			bad("preset %q builds a ruleset named %q", pr.Name, s.String())
		}
	}
	if f.Build != nil && len(f.Presets) > 0 {
		checkOptionNames(f, f.Presets[0], bad)
	}
	for i, l := range strings.Split(f.RulesText, "\n") {
		if strings.ContainsAny(l, "`[]") {
			bad("rules text line %d has a code span or a link: %s", i+1, l)
		}
		pos, ok := strings.CutPrefix(l, "diagram: ")
		if !ok {
			continue
		}
		pos, _, _ = strings.Cut(pos, " | ")
		if _, err := mancala.ParsePosition(pos); err != nil {
			bad("rules text line %d: diagram %q: %v", i+1, pos, err)
		}
	}
	return errs
}

// checkOptions checks the declarations of f's options and returns them by
// key.
func checkOptions(f mancala.Family, params map[string]mancala.Param, bad func(string, ...any)) map[string]mancala.Option {
	options := map[string]mancala.Option{}
	words := map[string]string{}
	for _, o := range f.Options {
		if o.Key == "" || strings.ContainsAny(o.Key, " \t\n=") {
			bad("option key %q: want one word without =", o.Key)
		}
		if _, dup := options[o.Key]; dup {
			bad("option %s given twice", o.Key)
		}
		if _, dup := params[o.Key]; dup {
			bad("option %s is also a param", o.Key)
		}
		options[o.Key] = o
		if len(o.Values) == 0 {
			bad("option %s has no values", o.Key)
		}
		vals := map[string]bool{}
		for _, c := range o.Values {
			if c.Value == "" || strings.ContainsAny(c.Value, " \t\n=") {
				bad("option %s: value %q: want one word without =", o.Key, c.Value)
			}
			if strings.ContainsAny(c.Word, " \t\n") {
				bad("option %s: value %s: word %q holds a space", o.Key, c.Value, c.Word)
			}
			if vals[c.Value] {
				bad("option %s: value %s given twice", o.Key, c.Value)
			}
			vals[c.Value] = true
			w, _ := o.Word(c.Value)
			if other, dup := words[w]; dup {
				bad("option %s: value %s has the word %q of %s", o.Key, c.Value, w, other)
			}
			words[w] = o.Key + "=" + c.Value
		}
		if !vals[o.Default] {
			bad("option %s: default %q is not one of its values", o.Key, o.Default)
		}
	}
	return options
}

// checkOptionNames checks that every value of every option of f names a
// ruleset after preset first, and that undeclared values are refused.
func checkOptionNames(f mancala.Family, first mancala.Preset, bad func(string, ...any)) {
	for _, o := range f.Options {
		for _, c := range o.Values {
			name, err := f.WithOptions(first.Name, nil, map[string]string{o.Key: c.Value})
			if err != nil {
				bad("%s with %s=%s: %v", first.Name, o.Key, c.Value, err)
				continue
			}
			r, err := f.Build(name)
			if err != nil || r == nil {
				bad("%s with %s=%s: Build(%q): %v, %v", first.Name, o.Key, c.Value, name, r, err)
				continue
			}
			if s, ok := r.(fmt.Stringer); ok && s.String() != name {
				bad("%s with %s=%s: %q builds a ruleset named %q", first.Name, o.Key, c.Value, name, s.String())
			}
			if c.Value == first.Choice(o) {
				if name != first.Name {
					bad("%s with its own %s=%s is named %q", first.Name, o.Key, c.Value, name)
				}
				continue
			}
			w, _ := o.Word(c.Value)
			byPreset := false
			for _, pr := range f.Presets {
				byPreset = byPreset || (pr.Name == name && pr.Choice(o) == c.Value)
			}
			if !byPreset && !slices.Contains(strings.Fields(name), w) {
				bad("%s with %s=%s is named %q, without the word %q", first.Name, o.Key, c.Value, name, w)
			}
		}
		const nosuch = "nosuchvalue"
		if _, ok := o.Word(nosuch); ok {
			continue
		}
		_, err := f.WithOptions(first.Name, nil, map[string]string{o.Key: nosuch})
		var oe *mancala.OptionError
		if !errors.As(err, &oe) || !errors.Is(err, mancala.ErrUnsupported) {
			bad("%s with %s=%s: WithOptions gives %v, want an *mancala.OptionError", first.Name, o.Key, nosuch, err)
		}
		word := first.Name + " " + o.Key + "=" + nosuch
		if r, err := f.Build(word); !errors.Is(err, mancala.ErrUnsupported) {
			bad("Build(%q) = %v, %v; want an error wrapping ErrUnsupported", word, r, err)
		}
	}
}
