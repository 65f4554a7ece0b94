package rulesflag

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// WriteGames writes, for a program's -h, the registered families as
// -game and -rules take them: the usual games first ([mancala.Family.Usual]),
// then the others, each with its label and region, its presets (the
// -rules word and label of each), its params (KEY=default, range) and
// its options' words ([OptionWords]), all read from the families. It
// returns the first write error. [WriteOptions] tells one game's options
// in full.
func WriteGames(w io.Writer) error {
	fams := mancala.Families()
	var usual, other []mancala.Family
	for _, f := range fams {
		if f.Usual {
			usual = append(usual, f)
		} else {
			other = append(other, f)
		}
	}
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "Games (%d registered): -game NAME, then -rules 'PRESET KEY=VALUE...' with one of\nthe game's presets and its params (or other words its ruleset names take).\n", len(fams))
	for _, group := range []struct {
		title string
		fams  []mancala.Family
	}{{"usual games", usual}, {"other games", other}} {
		if len(group.fams) == 0 {
			continue
		}
		fmt.Fprintf(ew, "\n  %s:\n", group.title)
		for _, f := range group.fams {
			writeFamily(ew, f)
		}
	}
	return ew.err
}

// writeFamily writes the lines of one family for [WriteGames].
func writeFamily(w io.Writer, f mancala.Family) {
	title := f.Label
	if title == "" {
		title = f.Name
	}
	if f.Region != "" {
		title += ", " + f.Region
	}
	if f.Description != "" {
		title += ": " + f.Description
	}
	fmt.Fprintf(w, "  %-14s %s\n", f.Name, title)
	var presets []string
	for _, p := range f.Presets {
		s := PresetWord(f, p)
		var notes []string
		if p.Label != "" {
			notes = append(notes, p.Label)
		}
		for _, q := range f.Params {
			if v, ok := p.Params[q.Key]; ok {
				notes = append(notes, fmt.Sprintf("%s=%d", q.Key, v))
			}
		}
		if len(notes) > 0 {
			s += " (" + strings.Join(notes, "; ") + ")"
		}
		presets = append(presets, s)
	}
	if len(presets) > 0 {
		fmt.Fprintf(w, "  %-14s -rules: %s\n", "", strings.Join(presets, ", "))
	}
	var params []string
	for _, p := range f.Params {
		params = append(params, fmt.Sprintf("%s=%d (%d to %d)", p.Key, p.Default, p.Min, p.Max))
	}
	if len(params) > 0 {
		fmt.Fprintf(w, "  %-14s params: %s\n", "", strings.Join(params, ", "))
	}
	var options []string
	for _, o := range f.Options {
		options = append(options, OptionWords(o))
	}
	if len(options) > 0 {
		fmt.Fprintf(w, "  %-14s options: %s\n", "", strings.Join(options, ", "))
	}
}

// OptionWords returns the words of -rules that set option o, in one
// short text, the default first: "grandslam=forbidden|nocapture" when
// every value is written KEY=VALUE, else the words themselves joined by
// "|" ("majority=off|majority").
func OptionWords(o mancala.Option) string {
	vals := []string{o.Default}
	for _, c := range o.Values {
		if c.Value != o.Default {
			vals = append(vals, c.Value)
		}
	}
	plain := true
	words := make([]string, len(vals))
	for i, v := range vals {
		words[i], _ = o.Word(v)
		plain = plain && words[i] == o.Key+"="+v
	}
	if plain {
		return o.Key + "=" + strings.Join(vals, "|")
	}
	return strings.Join(words, "|")
}

// WriteOptions writes, for a program's -h, the options of the registered
// game named game ([LookupGame]; "" means [DefaultGame]) in full: for
// each option its label and description, then each value's -rules word,
// label and description, the default and the presets that play each value
// marked; then how to see another game's. A game with no options gets a
// line that says so. It returns the first write error, or an error
// wrapping [mancala.ErrUnsupported] for a game that is not registered.
func WriteOptions(w io.Writer, game string) error {
	if game == "" {
		game = DefaultGame()
	}
	f, ok := LookupGame(game)
	if !ok {
		return fmt.Errorf("rulesflag: no game %s: %w", mancala.Quote(game), mancala.ErrUnsupported)
	}
	ew := &errWriter{w: w}
	label := f.Label
	if label == "" {
		label = f.Name
	}
	if len(f.Options) == 0 {
		fmt.Fprintf(ew, "%s (-game %s) has no options beside its presets and params.\n", label, f.Name)
	} else {
		fmt.Fprintf(ew, "Options of %s (-game %s), words of -rules after the preset, such as -rules 'default %s':\n", label, f.Name, firstOther(f.Options[0]))
	}
	for _, o := range f.Options {
		title := o.Label
		if title == "" {
			title = o.Key
		}
		if o.Description != "" {
			title += ": " + o.Description
		}
		fmt.Fprintf(ew, "  %s\n", title)
		for _, c := range o.Values {
			word, _ := o.Word(c.Value)
			text := c.Label
			if c.Description != "" {
				text += ": " + c.Description
			}
			var notes []string
			if c.Value == o.Default {
				notes = append(notes, "default")
			}
			for _, p := range f.Presets {
				if p.Choice(o) == c.Value && (c.Value != o.Default || len(f.Presets) == 1) {
					notes = append(notes, "preset "+PresetWord(f, p))
				}
			}
			if len(notes) > 0 {
				text += " (" + strings.Join(notes, "; ") + ")"
			}
			fmt.Fprintf(ew, "    %-24s %s\n", word, text)
		}
	}
	fmt.Fprintf(ew, "Another game's options: -game NAME -h.\n")
	return ew.err
}

// firstOther returns the word of o's first value that is not its default.
func firstOther(o mancala.Option) string {
	for _, c := range o.Values {
		if c.Value != o.Default {
			w, _ := o.Word(c.Value)
			return w
		}
	}
	w, _ := o.Word(o.Default)
	return w
}

// HelpGame returns the name of the game that the -game and -rules flags
// of fs choose once parsed (or once parsing stopped at -h: "-game NAME
// -h" chooses NAME), for [WriteOptions]: -game's value if it was given,
// else the family that -rules begins with, else [DefaultGame]. A name
// that is no registered game comes back as it is.
func HelpGame(fs *flag.FlagSet) string {
	var game, rules string
	gameSet := false
	if g := fs.Lookup("game"); g != nil {
		game = g.Value.String()
	}
	if r := fs.Lookup("rules"); r != nil {
		rules = r.Value.String()
	}
	fs.Visit(func(fl *flag.Flag) { gameSet = gameSet || fl.Name == "game" })
	if !gameSet {
		game = ""
	}
	if _, fam, err := Name(game, rules, nil); err == nil {
		return fam.Name
	}
	if game == "" {
		return DefaultGame()
	}
	return game
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return len(b), nil
	}
	_, e.err = e.w.Write(b)
	return len(b), nil
}
