package rulesflag

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Error is the error of a flag whose value names no ruleset: Flag is the
// flag's name without its dash ("game", "rules", or a param's key such as
// "houses"), and Err the cause, which wraps [mancala.ErrUnsupported] (or
// is a *[mancala.NameError] or a family's own error).
type Error struct {
	Flag string
	Err  error
}

func (e *Error) Error() string { return "-" + e.Flag + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func errorf(flag, format string, args ...any) *Error {
	return &Error{Flag: flag, Err: fmt.Errorf(format, args...)}
}

// DefaultGame returns the name of the game a program plays when none is
// named: the first registered family, by name, that menus list first
// ([mancala.Family.Usual]), else the first registered family, else "".
func DefaultGame() string {
	fams := mancala.Families()
	for _, f := range fams {
		if f.Usual {
			return f.Name
		}
	}
	if len(fams) > 0 {
		return fams[0].Name
	}
	return ""
}

// LookupGame returns the registered family that name stands for, and
// true: the family of that name, or else the one whose name or label
// matches name once both are folded (lower case, accents, spaces and
// punctuation dropped, a parenthesis and what follows it ignored), so that
// "Awalé" and "Toguz Kumalak" name their families. It returns the zero
// Family and false for any other name.
func LookupGame(name string) (mancala.Family, bool) {
	if f, ok := mancala.LookupFamily(name); ok {
		return f, true
	}
	key := fold(name)
	if key == "" {
		return mancala.Family{}, false
	}
	for _, f := range mancala.Families() {
		if fold(f.Name) == key || fold(f.Label) == key {
			return f, true
		}
	}
	return mancala.Family{}, false
}

// fold reduces a name to lower-case letters and digits, accents dropped,
// up to its first parenthesis.
func fold(s string) string {
	s, _, _ = strings.Cut(s, "(")
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case strings.ContainsRune("àáâäãå", r):
			b.WriteByte('a')
		case strings.ContainsRune("èéêë", r):
			b.WriteByte('e')
		case strings.ContainsRune("ìíîï", r):
			b.WriteByte('i')
		case strings.ContainsRune("òóôöõ", r):
			b.WriteByte('o')
		case strings.ContainsRune("ùúûü", r):
			b.WriteByte('u')
		case r == 'ç':
			b.WriteByte('c')
		case r == 'ñ':
			b.WriteByte('n')
		}
	}
	return b.String()
}

// gameList names the registered families, for messages.
// gameList names the registered games for an error message: all of them
// when they fit a line, else the usual ones and how many more there are
// (-h lists every game).
func gameList() string {
	names := mancala.RulesetFamilies()
	if list := strings.Join(names, ", "); len(list) <= 120 {
		return list
	}
	var usual []string
	for _, f := range mancala.Families() {
		if f.Usual {
			usual = append(usual, f.Name)
		}
	}
	return fmt.Sprintf("%s and %d more: -h lists them", strings.Join(usual, ", "), len(names)-len(usual))
}

// PresetWord returns the words that name preset p of family f in -rules:
// "default" for f's first preset, else p's name without f's name (such
// as "abapa" for "awale abapa", or "capture=standard").
func PresetWord(f mancala.Family, p mancala.Preset) string {
	if len(f.Presets) > 0 && f.Presets[0].Name == p.Name {
		return "default"
	}
	return strings.TrimSpace(strings.TrimPrefix(p.Name, f.Name))
}

// Name returns the ruleset name that game, rules and params stand for,
// without building it (see [Resolve]), and the family it belongs to.
func Name(game, rules string, params map[string]int) (string, mancala.Family, error) {
	words := strings.Fields(rules)
	var fam mancala.Family
	switch f, ok := LookupGame(game); {
	case ok:
		fam = f
	case game != "":
		return "", fam, errorf("game", "no game %s (registered: %s): %w", mancala.Quote(game), gameList(), mancala.ErrUnsupported)
	}
	// -rules may be a whole ruleset name: its first word a family.
	if len(words) > 0 && (fam.Name == "" || presetOf(fam, words) < 0) {
		if f, ok := mancala.LookupFamily(words[0]); ok {
			if fam.Name != "" && f.Name != fam.Name {
				return "", fam, errorf("rules", "%s names the game %s, not %s: %w", mancala.Quote(rules), f.Name, fam.Name, mancala.ErrUnsupported)
			}
			fam, words = f, words[1:]
		}
	}
	if fam.Name == "" {
		f, ok := mancala.LookupFamily(DefaultGame())
		if !ok {
			return "", fam, errorf("game", "no game is registered: %w", mancala.ErrUnsupported)
		}
		fam = f
	}
	name := fam.Name
	if len(fam.Presets) > 0 {
		name = fam.Presets[0].Name
	}
	switch i := presetOf(fam, words); {
	case len(words) > 0 && strings.EqualFold(words[0], "default"):
		words = words[1:]
	case i >= 0:
		name = fam.Presets[i].Name
		words = words[len(strings.Fields(PresetWord(fam, fam.Presets[i]))):]
	case len(words) > 0 && !strings.Contains(words[0], "="):
		var ws []string
		for _, p := range fam.Presets {
			ws = append(ws, PresetWord(fam, p))
		}
		return "", fam, errorf("rules", "want a preset of %s (%s), then KEY=VALUE words, not %s: %w",
			fam.Name, strings.Join(ws, ", "), mancala.Quote(rules), mancala.ErrUnsupported)
	}
	// The params, in the family's order, each replacing a word of the
	// same key.
	for key := range params {
		if !slices.ContainsFunc(fam.Params, func(p mancala.Param) bool { return p.Key == key }) {
			var keys []string
			for _, p := range fam.Params {
				keys = append(keys, p.Key)
			}
			return "", fam, errorf(key, "%s has no param %s (its params: %s): %w", fam.Name, key, strings.Join(keys, ", "), mancala.ErrUnsupported)
		}
	}
	for _, p := range fam.Params {
		v, ok := params[p.Key]
		if !ok {
			continue
		}
		if v < p.Min || v > p.Max {
			return "", fam, errorf(p.Key, "want %d to %d for %s, not %d: %w", p.Min, p.Max, fam.Name, v, mancala.ErrUnsupported)
		}
		words = slices.DeleteFunc(words, func(w string) bool { return strings.HasPrefix(w, p.Key+"=") })
		words = append(words, p.Key+"="+strconv.Itoa(v))
	}
	return strings.Join(append([]string{name}, words...), " "), fam, nil
}

// presetOf returns the index of the preset of f whose -rules words
// ([PresetWord]) begin words, the longest if several do, or -1.
func presetOf(f mancala.Family, words []string) int {
	best, n := -1, 0
	for i, p := range f.Presets {
		pw := strings.Fields(PresetWord(f, p))
		if len(pw) > n && len(pw) <= len(words) && slices.EqualFunc(pw, words[:len(pw)], strings.EqualFold) {
			best, n = i, len(pw)
		}
	}
	return best
}

// Resolve builds the ruleset that game, rules and params name, knowing no
// game:
//   - game is a registered family ([LookupGame]); "" means the family
//     that rules begins with, or else [DefaultGame];
//   - rules is a preset of the family, as its -rules words
//     ([PresetWord]: "abapa", "default", or nothing for the first), then
//     KEY=VALUE words of the family's ruleset names; it may also be a
//     whole ruleset name ("awale abapa houses=4"), of game's family if
//     game is given;
//   - params are values of the family's params ([mancala.Param], by Key),
//     each checked against its range and replacing a word of rules with
//     the same key.
//
// A name that its family reads back only in another form (another order,
// a word that says a default: a *[mancala.NameError]) is built in that
// form. Errors are [*Error] values naming the flag at fault.
func Resolve(game, rules string, params map[string]int) (mancala.Ruleset, error) {
	name, _, err := Name(game, rules, params)
	if err != nil {
		return nil, err
	}
	r, err := build(name)
	if err != nil {
		return nil, &Error{Flag: culprit(game, rules, params), Err: err}
	}
	if r.Start().Board.Houses() < 1 {
		return nil, errorf(culprit(game, rules, params), "ruleset %s has no houses: %w", mancala.Quote(name), mancala.ErrUnsupported)
	}
	return r, nil
}

// build builds the ruleset of name, or of the name its family reads back
// for it (a *mancala.NameError).
func build(name string) (mancala.Ruleset, error) {
	r, err := mancala.NewRuleset(name)
	var ne *mancala.NameError
	if errors.As(err, &ne) && ne.Canonical != name {
		r, err = mancala.NewRuleset(ne.Canonical)
	}
	return r, err
}

// culprit names the flag to blame for a name that its family refuses:
// the first param without which it builds, else -rules if it says
// anything, else -game.
func culprit(game, rules string, params map[string]int) string {
	for _, key := range slices.Sorted(maps.Keys(params)) {
		rest := maps.Clone(params)
		delete(rest, key)
		if name, _, err := Name(game, rules, rest); err == nil {
			if _, err := build(name); err == nil {
				return key
			}
		}
	}
	if strings.TrimSpace(rules) != "" {
		return "rules"
	}
	return "game"
}
