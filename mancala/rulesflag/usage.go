package rulesflag

import (
	"fmt"
	"io"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// WriteGames writes, for a program's -h, the registered families as
// -game and -rules take them: the usual games first ([mancala.Family.Usual]),
// then the others, each with its label and region, its presets (the
// -rules word and label of each) and its params (KEY=default, range), all
// read from the families. It returns the first write error.
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
