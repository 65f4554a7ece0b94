package mancalatest

import (
	"fmt"
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
