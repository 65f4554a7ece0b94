package mancalatest

import (
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
		Name:      "toyf",
		Presets:   []mancala.Preset{{Name: "toyf", Label: "Plain"}, {Name: "toyf big", Label: "Big", Params: map[string]int{"houses": 5}}},
		Params:    []mancala.Param{{Key: "houses", Default: 3, Min: 1, Max: 12}},
		RulesText: "Sow.\n\ndiagram: 3,3,3/3,3,3 0,0 S | The start",
		Build: func(name string) (mancala.Ruleset, error) {
			return namedToy{toy.MustNew(toy.Options{}), name}, nil
		},
	}
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
	} {
		f := goodFamily()
		f.Presets = append([]mancala.Preset(nil), f.Presets...)
		f.Params = append([]mancala.Param(nil), f.Params...)
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
