package rulesflag

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Flags holds the flags that [Register] defines on one flag set. Read it
// with [Flags.Ruleset] once the flag set has been parsed.
type Flags struct {
	fs          *flag.FlagSet
	game, rules string
	params      map[string]*intValue // by param key
}

// intValue is a param flag's value.
type intValue struct {
	n   int
	set bool
}

func (v *intValue) String() string {
	if v == nil || !v.set {
		return ""
	}
	return strconv.Itoa(v.n)
}

func (v *intValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("the number is too large: %w", strconv.ErrRange)
	}
	if err != nil {
		return fmt.Errorf("want a whole number: %w", strconv.ErrSyntax)
	}
	v.n, v.set = n, true
	return nil
}

// Get returns the value, for flag.Getter.
func (v *intValue) Get() any { return v.n }

// Register defines -game, -rules and one flag for each param key of the
// families registered now (see the package documentation) on fs, and
// returns the [Flags] that holds their values once fs is parsed. A param
// whose key fs already defines as a flag gets no flag of its own (it can
// still be given as a word of -rules). -game's default is [DefaultGame].
func Register(fs *flag.FlagSet) *Flags {
	f := &Flags{fs: fs, params: map[string]*intValue{}}
	fs.StringVar(&f.game, "game", DefaultGame(), "the game `NAME`: "+gameList())
	fs.StringVar(&f.rules, "rules", "", "the rules, `'PRESET KEY=VALUE...'`: one of the game's presets (default: its first), then KEY=VALUE words of its ruleset names, such as houses=4; or a whole ruleset name, such as \"GAME PRESET houses=4\"; -h lists each game's presets, params and option words, and -game NAME -h a game's options in full")
	for _, p := range paramKeys() {
		if fs.Lookup(p.key) != nil {
			continue
		}
		v := &intValue{}
		f.params[p.key] = v
		fs.Var(v, p.key, p.usage)
	}
	return f
}

// paramKey is one param key of the registered families, with its usage.
type paramKey struct{ key, usage string }

// paramKeys returns the union of the registered families' param keys, in
// the order they first appear (families by name, params in form order),
// with a usage made of the first family's Label and Description and the
// families that take the key when not all do.
func paramKeys() []paramKey {
	fams := mancala.Families()
	var keys []paramKey
	takers := map[string][]string{}
	for _, f := range fams {
		for _, p := range f.Params {
			if _, ok := takers[p.Key]; !ok {
				label := strings.ToLower(p.Label)
				if label == "" {
					label = p.Key
				}
				usage := "`N` " + label
				if d := strings.TrimSuffix(p.Description, "."); d != "" {
					usage += ": " + strings.ToLower(d[:1]) + d[1:]
				}
				keys = append(keys, paramKey{p.Key, usage})
			}
			takers[p.Key] = append(takers[p.Key], f.Name)
		}
	}
	for i, k := range keys {
		t := takers[k.key]
		switch {
		case len(t) < len(fams) && 2*len(t) <= len(fams):
			k.usage += " (games: " + strings.Join(t, ", ") + ")"
		case len(t) < len(fams):
			var not []string
			for _, f := range fams {
				if !slices.Contains(t, f.Name) {
					not = append(not, f.Name)
				}
			}
			k.usage += " (every game but " + strings.Join(not, ", ") + ")"
		}
		keys[i].usage = k.usage + "; the word " + k.key + "=N of -rules (default: the preset's)"
	}
	return keys
}

// Game returns the name of the family chosen with -game (or by the first
// word of -rules), or -game's text if it names none.
func (f *Flags) Game() string {
	if _, fam, err := Name(f.gameText(), f.rules, nil); err == nil {
		return fam.Name
	}
	return f.game
}

// Set reports whether the flag called name (without its dash) was given
// on the command line.
func (f *Flags) Set(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// Given returns the names (without dashes) of the flags that Register
// defined and the command line gave, in lexical order: -game, -rules and
// the param flags, for a program that refuses them in some mode.
func (f *Flags) Given() []string {
	var names []string
	f.fs.Visit(func(fl *flag.Flag) {
		if _, ok := f.params[fl.Name]; ok || fl.Name == "game" || fl.Name == "rules" {
			names = append(names, fl.Name)
		}
	})
	return names
}

// Params returns the values of the param flags given on the command line,
// by key.
func (f *Flags) Params() map[string]int {
	m := map[string]int{}
	for k, v := range f.params {
		if v.set {
			m[k] = v.n
		}
	}
	return m
}

// gameText returns -game's value, or "" when -game was not given and -rules
// begins with a family's name (so that -rules may name any game).
func (f *Flags) gameText() string {
	if !f.Set("game") {
		if w := strings.Fields(f.rules); len(w) > 0 {
			if _, ok := mancala.LookupFamily(w[0]); ok {
				return ""
			}
		}
	}
	return f.game
}

// Name returns the ruleset name that the parsed flags stand for, without
// building it (see [Resolve]).
func (f *Flags) Name() (string, error) {
	name, _, err := Name(f.gameText(), f.rules, f.Params())
	return name, err
}

// Ruleset builds the ruleset that the parsed flags name, by [Resolve]:
// -game's family, -rules' preset and words, and the param flags given.
// Errors are [*Error] values naming the flag at fault.
func (f *Flags) Ruleset() (mancala.Ruleset, error) {
	return Resolve(f.gameText(), f.rules, f.Params())
}

// Value is a [flag.Value] that holds a ruleset given by name, as
// [Resolve] reads it with no game and no params: a whole ruleset name
// ("congkak overbeck rounds=1"), or a preset of [DefaultGame]. The zero
// Value holds no ruleset.
type Value struct {
	// Ruleset is the ruleset last set, or nil.
	Ruleset mancala.Ruleset
}

// String returns the held ruleset's name, or "".
func (v *Value) String() string {
	if v == nil || v.Ruleset == nil {
		return ""
	}
	if s, ok := v.Ruleset.(fmt.Stringer); ok {
		return s.String()
	}
	return ""
}

// Set builds the ruleset named s and holds it; on an error it holds what
// it held before.
func (v *Value) Set(s string) error {
	r, err := Resolve("", s, nil)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e.Err // flag.FlagSet names the flag itself
		}
		return err
	}
	v.Ruleset = r
	return nil
}
