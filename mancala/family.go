package mancala

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Family describes a family of rulesets to people and to the tools that
// present them (menus, forms, rules panels, engine protocols). A game
// package describes itself once, in the Family it registers with
// [RegisterFamily]; tools read it through [Families] and [LookupFamily] and
// never need to know the game by name.
//
// Every field but Name and Build is optional. A game package checks its
// family with mancalatest.TestFamily.
type Family struct {
	// Name is the first word of the names that the family's rulesets
	// give (their String method) and that Build reads, such as "awale".
	// It holds no space.
	Name string
	// Label is the family's name for people, such as "Awalé".
	Label string
	// Description is one line for people, such as "The West African
	// game of sowing and capturing, on two rows of six houses".
	Description string
	// Presets are the family's named rule variants, in menu order, the
	// first being the family's usual game.
	Presets []Preset
	// Params are the numbers a player may choose beside a preset (the
	// size of the board, the seeds per house, ...), in form order. A
	// ruleset name takes them as KEY=VALUE words after the preset's name.
	Params []Param
	// Options are the rules a player may choose among named values beside
	// a preset (what a grand slam does, how the game opens, ...), in form
	// order; a ruleset name takes them as words after the preset's name
	// ([Option.Word]). Tools offer them next to the params, so that a
	// variant needs no flag or menu code of its own.
	Options []Option
	// RulesText is a short statement of the rules written for players (not
	// for developers: no API names), in a light Markdown: paragraphs
	// separated by blank lines, "# " headings and "- " list items. A
	// paragraph that is one line "diagram: POSITION" (POSITION in the text
	// form of [ParsePosition], optionally followed by " | CAPTION") stands
	// for a drawing of that position, which tools draw or print as they
	// can.
	RulesText string
	// Region is where the game is played, for people and for grouping
	// menus, such as "West Africa" or "Malay Archipelago"; "" when not
	// stated.
	Region string
	// Layout is the board of the family's usual game (its first preset),
	// for menus that group games by board; its rulesets state their own
	// boards ([Layouter]).
	Layout Layout
	// Usual marks a family that menus list first, among the games most
	// players look for (Awalé, Kalah, ...).
	Usual bool
	// Build builds the ruleset with the given name, the family's first
	// word included, without the spaces around it. It returns an error
	// wrapping ErrUnsupported for a name that it does not read back
	// exactly, and never a nil Ruleset with a nil error.
	Build func(name string) (Ruleset, error)
}

// Preset is one named rule variant of a [Family], for menus.
type Preset struct {
	// Name is the ruleset's name, which the family's Build reads, such
	// as "awale abapa".
	Name string
	// Label is the variant's name for people, such as "Abapa".
	Label string
	// Description is one line for people on what sets the variant apart.
	Description string
	// Params holds the values the preset gives to the family's params
	// where they differ from the params' Default (Overbeck's Congkak is
	// played on 9 houses where the family's default is 7), by Key; nil
	// when it gives none.
	Params map[string]int
	// Options holds the values the preset gives to the family's options
	// where they differ from the options' Default (Abapa's grand slam
	// captures nothing), by Key; nil when it gives none.
	Options map[string]string
}

// Default returns the value that the preset gives to the family's param
// p: its own value if it has one, else p.Default.
func (pr Preset) Default(p Param) int {
	if v, ok := pr.Params[p.Key]; ok {
		return v
	}
	return p.Default
}

// Param is a number that a player may set in a ruleset of a [Family]
// (houses, seeds, rounds), written KEY=VALUE in a ruleset's name.
type Param struct {
	// Key is the word before "=" in a ruleset name, such as "houses".
	Key string
	// Label is the number's name for people, such as "Houses a side".
	Label string
	// Description is one line for people; it says what 0 means if 0 is
	// allowed and special.
	Description string
	// Default is the value a preset takes when the name does not set it.
	// Min and Max bound the values Build accepts.
	Default, Min, Max int
}

// WithParams returns the ruleset name of preset name with the params in
// values set, as KEY=VALUE words after it (in the order of f.Params), for
// those that differ from the preset's value ([Preset.Default]; for a name
// that is no preset of f, the param's Default). Keys that f does not
// declare give an error wrapping ErrUnsupported, and values outside a
// param's range an error wrapping ErrUnsupported too; the result is not
// built, so Build may still refuse a combination.
func (f Family) WithParams(name string, values map[string]int) (string, error) {
	name = strings.TrimSpace(name)
	words, err := f.paramWords(f.preset(name), values)
	if err != nil {
		return "", err
	}
	return name + words, nil
}

// preset returns the preset of f named name, or the zero Preset.
func (f Family) preset(name string) Preset {
	for _, pr := range f.Presets {
		if pr.Name == name {
			return pr
		}
	}
	return Preset{}
}

// paramWords returns the " KEY=VALUE" words of the params in values that
// differ from preset's, in the order of f.Params, or an error for an
// undeclared key or a value out of range.
func (f Family) paramWords(preset Preset, values map[string]int) (string, error) {
	for k := range values {
		if !slices.ContainsFunc(f.Params, func(p Param) bool { return p.Key == k }) {
			return "", fmt.Errorf("mancala: %s has no parameter %s: %w", f.Name, Quote(k), ErrUnsupported)
		}
	}
	var sb strings.Builder
	for _, p := range f.Params {
		v, ok := values[p.Key]
		if !ok || v == preset.Default(p) {
			continue
		}
		if v < p.Min || v > p.Max {
			return "", fmt.Errorf("mancala: %s %s=%d outside %d..%d: %w", f.Name, p.Key, v, p.Min, p.Max, ErrUnsupported)
		}
		sb.WriteString(" " + p.Key + "=" + strconv.Itoa(v))
	}
	return sb.String(), nil
}

// The registry of ruleset families, in the manner of image.RegisterFormat:
// a game package registers its family from an init function, and code that
// holds only a ruleset's name (a saved game's Rules tag) builds it again
// with NewRuleset. The core itself knows no family.
var registry struct {
	sync.RWMutex
	families map[string]Family
}

// RegisterFamily makes the rulesets of one family buildable by name
// ([NewRuleset]) and its description available to tools ([Families],
// [LookupFamily]). Game packages call it from an init function.
//
// It panics if f.Name is empty or holds a space, if f.Build is nil, or if
// the family is already registered: those are mistakes of the program, not
// of its input.
func RegisterFamily(f Family) {
	if f.Name == "" || strings.ContainsFunc(f.Name, isSpace) || f.Build == nil {
		panic("mancala: RegisterFamily with an empty name, a name with a space, or a nil Build")
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.families[f.Name]; dup {
		panic("mancala: family " + f.Name + " registered twice")
	}
	if registry.families == nil {
		registry.families = make(map[string]Family)
	}
	f.Presets = slices.Clone(f.Presets)
	for i := range f.Presets {
		f.Presets[i].Params = maps.Clone(f.Presets[i].Params)
		f.Presets[i].Options = maps.Clone(f.Presets[i].Options)
	}
	f.Params = slices.Clone(f.Params)
	f.Options = slices.Clone(f.Options)
	for i := range f.Options {
		f.Options[i].Values = slices.Clone(f.Options[i].Values)
	}
	registry.families[f.Name] = f
}

// RegisterRuleset registers a family that has nothing to describe but its
// name and builder: it is RegisterFamily(Family{Name: family, Build:
// build}), with the same panics.
func RegisterRuleset(family string, build func(name string) (Ruleset, error)) {
	RegisterFamily(Family{Name: family, Build: build})
}

// NewRuleset builds the ruleset with the given name, such as
// "awale abapa" or "congkak houses=5", through the family registered for
// its first word (see [RegisterFamily]), without the spaces around it. A
// name whose family is not registered gives an error wrapping
// ErrUnsupported; the packages that register families must be imported (a
// blank import is enough).
func NewRuleset(name string) (Ruleset, error) {
	fields := strings.Fields(name)
	if len(fields) == 0 {
		return nil, fmt.Errorf("mancala: empty ruleset name: %w", ErrUnsupported)
	}
	f, ok := LookupFamily(fields[0])
	if !ok {
		return nil, fmt.Errorf("mancala: ruleset %s: no family %s registered (known: %s): %w",
			Quote(name), Quote(fields[0]), strings.Join(RulesetFamilies(), ", "), ErrUnsupported)
	}
	r, err := f.Build(strings.TrimSpace(name))
	if err != nil {
		return nil, err
	}
	if isNil(r) {
		return nil, fmt.Errorf("mancala: ruleset %s: family %s built no ruleset: %w", Quote(name), f.Name, ErrUnsupported)
	}
	return r, nil
}

// LookupFamily returns the registered family of the given name (the first
// word of a ruleset name) and true, or the zero Family and false.
func LookupFamily(name string) (Family, bool) {
	registry.RLock()
	defer registry.RUnlock()
	f, ok := registry.families[name]
	return f, ok
}

// FamilyOf returns the registered family of ruleset r, found by the first
// word of its name (fmt.Stringer), and true; the zero Family and false
// for a ruleset without a name or of an unregistered family.
func FamilyOf(r Ruleset) (Family, bool) {
	s, ok := r.(fmt.Stringer)
	if !ok || isNil(r) {
		return Family{}, false
	}
	fields := strings.Fields(s.String())
	if len(fields) == 0 {
		return Family{}, false
	}
	return LookupFamily(fields[0])
}

// Families returns the registered families, sorted by name.
func Families() []Family {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Family, 0, len(registry.families))
	for _, f := range registry.families {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Family) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// RulesetFamilies returns the registered families' names, sorted.
func RulesetFamilies() []string {
	fs := Families()
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return names
}

// Label returns a name of ruleset r for people, from its registered
// family: the family's label and, when r's name is a preset's, the
// preset's label ("Awalé, Abapa"), or else the family's label followed by
// the rest of r's name ("Awalé, abapa houses=3"). A ruleset of no
// registered family gives its own name, or "" if it has none.
func Label(r Ruleset) string {
	s, ok := r.(fmt.Stringer)
	if !ok || isNil(r) {
		return ""
	}
	name := s.String()
	f, ok := FamilyOf(r)
	if !ok {
		return name
	}
	label := f.Label
	if label == "" {
		label = f.Name
	}
	for _, p := range f.Presets {
		if p.Name == name && p.Label != "" {
			return label + ", " + p.Label
		}
	}
	if rest := strings.TrimSpace(strings.TrimPrefix(name, f.Name)); rest != "" {
		return label + ", " + rest
	}
	return label
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}
