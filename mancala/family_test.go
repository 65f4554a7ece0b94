package mancala_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

func init() {
	mancala.RegisterRuleset("toyreg", func(name string) (mancala.Ruleset, error) {
		if name != "toyreg" {
			return nil, fmt.Errorf("toyreg: unknown name %s: %w", mancala.Quote(name), mancala.ErrUnsupported)
		}
		return toy.MustNew(toy.Options{}), nil
	})
}

func TestRegistry(t *testing.T) {
	if !slices.Contains(mancala.RulesetFamilies(), "toyreg") {
		t.Fatalf("families %v lack toyreg", mancala.RulesetFamilies())
	}
	if r, err := mancala.NewRuleset("  toyreg "); err != nil || r == nil {
		t.Errorf("NewRuleset(toyreg) = %v, %v", r, err)
	}
	for _, name := range []string{"", "   ", "nosuchgame", "toyreg extra", strings.Repeat("z", 10000)} {
		_, err := mancala.NewRuleset(name)
		if !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("NewRuleset(%.20q) = %v, want ErrUnsupported", name, err)
		}
		if err != nil && len(err.Error()) > 300 {
			t.Errorf("NewRuleset(%.20q): message of %d bytes", name, len(err.Error()))
		}
	}
	for _, bad := range []struct {
		family string
		build  func(string) (mancala.Ruleset, error)
	}{
		{"", func(string) (mancala.Ruleset, error) { return nil, nil }},
		{"two words", func(string) (mancala.Ruleset, error) { return nil, nil }},
		{"toyreg", func(string) (mancala.Ruleset, error) { return nil, nil }},
		{"nilbuild", nil},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterRuleset(%q) did not panic", bad.family)
				}
			}()
			mancala.RegisterRuleset(bad.family, bad.build)
		}()
	}
}
