package mancala

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The registry of ruleset families, in the manner of image.RegisterFormat:
// a game package registers its family from an init function, and code that
// holds only a ruleset's name (a saved game's Rules tag) builds it again
// with NewRuleset. The core itself knows no family.
var registry struct {
	sync.RWMutex
	families map[string]func(name string) (Ruleset, error)
}

// RegisterRuleset makes the rulesets of one family buildable by name.
// family is the first word of the names that the family's rulesets give
// (their String method), such as "awale"; build receives the whole name,
// without the spaces around it,
// and returns the ruleset, or an error wrapping ErrUnsupported for a name
// it does not read back exactly.
//
// Game packages call RegisterRuleset from an init function. It panics if
// family is empty, holds a space, or is already registered, or if build is
// nil: those are mistakes of the program, not of its input.
func RegisterRuleset(family string, build func(name string) (Ruleset, error)) {
	if family == "" || strings.ContainsFunc(family, isSpace) || build == nil {
		panic("mancala: RegisterRuleset with an empty family, a family with a space, or a nil build")
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.families[family]; dup {
		panic("mancala: RegisterRuleset called twice for family " + family)
	}
	if registry.families == nil {
		registry.families = make(map[string]func(string) (Ruleset, error))
	}
	registry.families[family] = build
}

// NewRuleset builds the ruleset with the given name, such as
// "awale abapa" or "congkak houses=5", through the family registered for
// its first word (see [RegisterRuleset]), without the spaces around it. A name whose family is not
// registered gives an error wrapping ErrUnsupported; the packages that
// register families must be imported (a blank import is enough).
func NewRuleset(name string) (Ruleset, error) {
	fields := strings.Fields(name)
	if len(fields) == 0 {
		return nil, fmt.Errorf("mancala: empty ruleset name: %w", ErrUnsupported)
	}
	registry.RLock()
	build := registry.families[fields[0]]
	registry.RUnlock()
	if build == nil {
		return nil, fmt.Errorf("mancala: ruleset %s: no family %s registered (known: %s): %w",
			Quote(name), Quote(fields[0]), strings.Join(RulesetFamilies(), ", "), ErrUnsupported)
	}
	return build(strings.TrimSpace(name))
}

// RulesetFamilies returns the registered families' names, sorted.
func RulesetFamilies() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.families))
	for f := range registry.families {
		names = append(names, f)
	}
	slices.Sort(names)
	return names
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}
