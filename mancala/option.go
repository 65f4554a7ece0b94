package mancala

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Option is a rule that a player may choose among named values beside a
// preset of a [Family] (what a grand slam does, how the first turn is
// played, ...), as a select in a form or a KEY=VALUE word of a ruleset
// name. A preset gives every option a value ([Preset.Choice]); a ruleset
// name writes only the values that differ from its preset's.
type Option struct {
	// Key names the option in forms and in [Family.WithOptions], and is
	// the word before "=" in a ruleset name, such as "grandslam". It
	// holds no space and no "=", and is not also a param's key.
	Key string
	// Label is the option's name for people, such as "Grand slam".
	Label string
	// Description is one line for people.
	Description string
	// Values are the values a player may choose, in menu order. A
	// family's Build reads the word of each ([Option.Word]) after any of
	// its presets' names.
	Values []Choice
	// Default is the Value that a preset takes when it gives the option
	// none (see [Preset.Options]); one of Values.
	Default string
}

// Choice is one value of an [Option].
type Choice struct {
	// Value is the value's word after "=", such as "nocapture". It holds
	// no space and no "=".
	Value string
	// Word, if not empty, is the whole word that a ruleset name holds for
	// the value, where that is not KEY=VALUE (Awalé's bare "majority");
	// "" means KEY=VALUE.
	Word string
	// Label is the value's name for people, such as "Captures nothing",
	// and Description one line on what it does.
	Label, Description string
}

// Word returns the word that a ruleset name holds for value v of o
// (KEY=VALUE, or the choice's own Word) and true, or "" and false if v is
// not one of o's values.
func (o Option) Word(v string) (string, bool) {
	for _, c := range o.Values {
		if c.Value != v {
			continue
		}
		if c.Word != "" {
			return c.Word, true
		}
		return o.Key + "=" + v, true
	}
	return "", false
}

// Choice returns the value that the preset gives to the family's option
// o: its own value if it has one, else o.Default.
func (pr Preset) Choice(o Option) string {
	if v, ok := pr.Options[o.Key]; ok {
		return v
	}
	return o.Default
}

// OptionError is the error of [Family.WithOptions] for an option or a
// value that the family does not declare. It wraps [ErrUnsupported].
type OptionError struct {
	Family string   // the family's name, such as "awale"
	Key    string   // the option's key asked for, such as "grandslam"
	Value  string   // the value asked for
	Keys   []string // the family's option keys, when Key is not one of them
	Values []string // the option's values, when Key is one and Value is not
}

func (e *OptionError) Error() string {
	if e.Values == nil {
		return fmt.Sprintf("mancala: %s has no option %s (its options: %s)", e.Family, Quote(e.Key), strings.Join(e.Keys, ", "))
	}
	return fmt.Sprintf("mancala: %s option %s has no value %s (its values: %s)", e.Family, e.Key, Quote(e.Value), strings.Join(e.Values, ", "))
}

// Unwrap returns ErrUnsupported.
func (e *OptionError) Unwrap() error { return ErrUnsupported }

// Option returns the family's option of the given key and true, or the
// zero Option and false.
func (f Family) Option(key string) (Option, bool) {
	i := slices.IndexFunc(f.Options, func(o Option) bool { return o.Key == key })
	if i < 0 {
		return Option{}, false
	}
	return f.Options[i], true
}

// WithOptions returns the ruleset name of preset name with the params in
// params and the options in options set (by Key), the name that the
// family's rulesets give themselves: the words of the options whose value
// differs from the preset's ([Preset.Choice]; for a name that is no preset
// of f, the option's Default), in the order of f.Options, then the
// params' words as [Family.WithParams] writes them; and if Build reads
// that name as another one (a *[NameError]: a family that writes its
// words in another order, or names a preset for its options), that
// canonical name. Unlike WithParams it builds the name, so the name it
// returns is one Build accepts.
//
// An undeclared option key or value gives an *[OptionError] (for the
// first such key in lexical order); the errors of WithParams and of Build
// come back as they are, and a family without a Build gives one; all
// wrap ErrUnsupported.
func (f Family) WithOptions(name string, params map[string]int, options map[string]string) (string, error) {
	keys := make([]string, 0, len(f.Options))
	for _, o := range f.Options {
		keys = append(keys, o.Key)
	}
	for _, k := range slices.Sorted(maps.Keys(options)) {
		v := options[k]
		o, ok := f.Option(k)
		if !ok {
			return "", &OptionError{Family: f.Name, Key: k, Value: v, Keys: keys}
		}
		if _, ok := o.Word(v); !ok {
			vals := make([]string, len(o.Values))
			for i, c := range o.Values {
				vals[i] = c.Value
			}
			return "", &OptionError{Family: f.Name, Key: k, Value: v, Values: vals}
		}
	}
	if f.Build == nil {
		return "", fmt.Errorf("mancala: family %s has no Build: %w", Quote(f.Name), ErrUnsupported)
	}
	name = strings.TrimSpace(name)
	preset := f.preset(name)
	var sb strings.Builder
	sb.WriteString(name)
	for _, o := range f.Options {
		v, ok := options[o.Key]
		if !ok || v == preset.Choice(o) {
			continue
		}
		w, _ := o.Word(v)
		sb.WriteString(" " + w)
	}
	words, err := f.paramWords(preset, params)
	if err != nil {
		return "", err
	}
	full := sb.String() + words
	_, err = f.Build(full)
	var ne *NameError
	if errors.As(err, &ne) && ne.Canonical != full {
		full = ne.Canonical
		_, err = f.Build(full)
	}
	if err != nil {
		return "", err
	}
	return full, nil
}
