package mancalatest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// namedToy gives the toy ruleset the name it was built by.
type namedToy struct {
	*toy.Rules
	name string
}

func (n namedToy) String() string { return n.name }

func goodFamily() mancala.Family {
	return mancala.Family{
		Name: "toyf",
		Presets: []mancala.Preset{{Name: "toyf", Label: "Plain"},
			{Name: "toyf big", Label: "Big", Params: map[string]int{"houses": 5}, Options: map[string]string{"slam": "none"}}},
		Params: []mancala.Param{{Key: "houses", Default: 3, Min: 1, Max: 12}},
		Options: []mancala.Option{{Key: "slam", Default: "all",
			Values: []mancala.Choice{{Value: "all"}, {Value: "none"}, {Value: "bare", Word: "bare"}}}},
		RulesText: "Sow.\n\ndiagram: 3,3,3/3,3,3 0,0 S | The start",
		Build:     buildToyf,
	}
}

// buildToyf takes the names of the toy family: its name, then "big",
// "houses=N", "slam=none" or "bare", in any order.
func buildToyf(name string) (mancala.Ruleset, error) {
	words := strings.Fields(name)
	if len(words) == 0 || words[0] != "toyf" {
		return nil, fmt.Errorf("toyf: %q: %w", name, mancala.ErrUnsupported)
	}
	for _, w := range words[1:] {
		k, v, _ := strings.Cut(w, "=")
		if _, err := strconv.Atoi(v); !(k == "houses" && err == nil) && w != "big" && w != "slam=none" && w != "bare" {
			return nil, fmt.Errorf("toyf: %q: %w", w, mancala.ErrUnsupported)
		}
	}
	return namedToy{toy.MustNew(toy.Options{}), name}, nil
}

func TestCheckFamilyGood(t *testing.T) {
	if errs := CheckFamily(goodFamily()); len(errs) != 0 {
		t.Errorf("a correct family: %v", errs)
	}
}

// TestCheckFamilyBroken: each deliberately broken family is caught, with
// the problem named.
func TestCheckFamilyBroken(t *testing.T) {
	for _, c := range []struct {
		name  string
		spoil func(*mancala.Family)
		want  string
	}{
		{"name with a space", func(f *mancala.Family) { f.Name = "toy f" }, "want one word"},
		{"no build", func(f *mancala.Family) { f.Build = nil }, "no Build"},
		{"preset of another family", func(f *mancala.Family) { f.Presets[0].Name = "other" }, "not of the family"},
		{"preset twice", func(f *mancala.Family) { f.Presets[1] = f.Presets[0] }, "given twice"},
		{"preset without label", func(f *mancala.Family) { f.Presets[0].Label = "" }, "no label"},
		{"default out of range", func(f *mancala.Family) { f.Params[0].Default = 13 }, "outside"},
		{"param twice", func(f *mancala.Family) { f.Params = append(f.Params, f.Params[0]) }, "given twice"},
		{"undeclared preset param", func(f *mancala.Family) { f.Presets[1].Params = map[string]int{"seeds": 2} }, "undeclared"},
		{"preset param out of range", func(f *mancala.Family) { f.Presets[1].Params = map[string]int{"houses": 20} }, "outside"},
		{"build refuses", func(f *mancala.Family) {
			f.Build = func(string) (mancala.Ruleset, error) { return nil, mancala.ErrUnsupported }
		}, "Build:"},
		{"build names otherwise", func(f *mancala.Family) {
			f.Build = func(string) (mancala.Ruleset, error) { return namedToy{toy.MustNew(toy.Options{}), "toyf x"}, nil }
		}, "builds a ruleset named"},
		{"diagram that does not parse", func(f *mancala.Family) { f.RulesText = "diagram: 3,3/x | Bad" }, "diagram"},
		{"code in the rules text", func(f *mancala.Family) { f.RulesText = "Call `Play`." }, "code span"},
		{"option value that does not build", func(f *mancala.Family) {
			f.Options[0].Values = append(f.Options[0].Values, mancala.Choice{Value: "odd"})
		}, "with slam=odd"},
		{"option default not a value", func(f *mancala.Family) { f.Options[0].Default = "some" }, "not one of its values"},
		{"option twice", func(f *mancala.Family) { f.Options = append(f.Options, f.Options[0]) }, "given twice"},
		{"option value twice", func(f *mancala.Family) {
			f.Options[0].Values = append(f.Options[0].Values, f.Options[0].Values[1])
		}, "given twice"},
		{"option word twice", func(f *mancala.Family) { f.Options[0].Values[1].Word = "bare" }, "has the word"},
		{"option key of a param", func(f *mancala.Family) { f.Options[0].Key = "houses" }, "also a param"},
		{"option key with =", func(f *mancala.Family) { f.Options[0].Key = "sl=am" }, "without ="},
		{"option without values", func(f *mancala.Family) { f.Options[0].Values = nil; f.Options[0].Default = "" }, "no values"},
		{"undeclared preset option", func(f *mancala.Family) { f.Presets[1].Options = map[string]string{"pie": "yes"} }, "undeclared option"},
		{"undeclared preset option value", func(f *mancala.Family) { f.Presets[1].Options = map[string]string{"slam": "half"} }, "has no value"},
		{"build takes any value", func(f *mancala.Family) {
			f.Build = func(name string) (mancala.Ruleset, error) { return namedToy{toy.MustNew(toy.Options{}), name}, nil }
		}, "want an error wrapping ErrUnsupported"},
		{"option named without its word", func(f *mancala.Family) {
			f.Build = func(name string) (mancala.Ruleset, error) {
				if strings.Contains(name, "slam=none") {
					return nil, &mancala.NameError{Family: "toyf", Name: name, Canonical: "toyf houses=4"}
				}
				return buildToyf(name)
			}
		}, "without the word"},
	} {
		f := goodFamily()
		f.Presets = append([]mancala.Preset(nil), f.Presets...)
		f.Params = append([]mancala.Param(nil), f.Params...)
		f.Options = append([]mancala.Option(nil), f.Options...)
		f.Options[0].Values = append([]mancala.Choice(nil), f.Options[0].Values...)
		c.spoil(&f)
		errs := CheckFamily(f)
		found := false
		for _, err := range errs {
			found = found || strings.Contains(err.Error(), c.want)
		}
		if !found {
			t.Errorf("%s: problems %v, want one saying %q", c.name, errs, c.want)
		}
	}
}
