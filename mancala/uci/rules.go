package uci

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// The engine knows no game: it plays the ruleset it is given, reads and
// writes its positions in the ruleset's own text when it has one
// (mancala.PositionNotation) and in the core's otherwise, and offers the
// presets of the ruleset's registered family (mancala.FamilyOf) as the
// values of the option Rules.

// rulesName returns r's name (fmt.Stringer), or "".
func rulesName(r mancala.Ruleset) string {
	if s, ok := r.(fmt.Stringer); ok && r != nil {
		return s.String()
	}
	return ""
}

// formatPosition writes p in r's position text: r's own
// (mancala.PositionNotation) or the core's.
func formatPosition(r mancala.Ruleset, p mancala.Position) string {
	if n, ok := r.(mancala.PositionNotation); ok {
		return n.FormatPosition(p)
	}
	return p.String()
}

// readPosition reads a position in r's position text (see
// formatPosition); the result is not yet settled by r.Setup when the
// text is the core's (mancala.NewGame does that).
func readPosition(r mancala.Ruleset, text string) (mancala.Position, error) {
	if n, ok := r.(mancala.PositionNotation); ok {
		return n.ParsePosition(text)
	}
	return mancala.ParsePosition(text)
}

// rulesMenu is the option Rules of an engine: the presets of its starting
// ruleset's family, each under its value (the preset's name less the
// family's first word, as "abapa" for "awale abapa"), and the starting
// ruleset itself if it is not one of them.
type rulesMenu struct {
	family  mancala.Family
	known   bool     // family is registered
	values  []string // the option's values, the starting ruleset's first if it is no preset
	names   []string // the ruleset name of each value
	start   string   // the value of the starting ruleset
	builtin mancala.Ruleset
}

// presetValue returns the option value of the ruleset name in family f:
// name without f's first word, or name itself when that leaves nothing.
func presetValue(f mancala.Family, name string) string {
	if rest, ok := strings.CutPrefix(name, f.Name+" "); ok && f.Name != "" && strings.TrimSpace(rest) != "" {
		return strings.TrimSpace(rest)
	}
	return name
}

func newRulesMenu(r mancala.Ruleset) rulesMenu {
	m := rulesMenu{builtin: r}
	name := rulesName(r)
	m.family, m.known = mancala.FamilyOf(r)
	if m.known {
		for _, p := range m.family.Presets {
			m.values = append(m.values, presetValue(m.family, p.Name))
			m.names = append(m.names, p.Name)
		}
	}
	if name == "" {
		return m
	}
	if i := slices.Index(m.names, name); i >= 0 {
		m.start = m.values[i]
		return m
	}
	m.start = presetValue(m.family, name)
	if !m.known {
		m.start = name
	}
	m.values = append([]string{m.start}, m.values...)
	m.names = append([]string{name}, m.names...)
	return m
}

// option returns the option line of Rules, or "" if the starting ruleset
// has no name (then there is no option Rules).
func (m rulesMenu) option() string {
	if m.start == "" {
		return ""
	}
	return "option name Rules type combo default " + m.start + " var " + strings.Join(m.values, " var ")
}

// build returns the ruleset of the option value v: a value of the menu
// (its case aside), or any ruleset name of the family that its Build
// reads, with or without the family's first word. An unknown value gives
// an error wrapping mancala.ErrUnsupported.
func (m rulesMenu) build(v string) (mancala.Ruleset, error) {
	v = strings.Join(strings.Fields(v), " ")
	for i, val := range m.values {
		if strings.EqualFold(val, v) || m.names[i] == v {
			if m.names[i] == rulesName(m.builtin) {
				return m.builtin, nil
			}
			return mancala.NewRuleset(m.names[i])
		}
	}
	if !m.known || v == "" {
		return nil, fmt.Errorf("uci: rules %s: want %s: %w", mancala.Quote(echo(v)), strings.Join(m.values, ", "), mancala.ErrUnsupported)
	}
	name := v
	if first, _, _ := strings.Cut(v, " "); first != m.family.Name {
		name = m.family.Name + " " + v
	}
	r, err := m.family.Build(name)
	if err != nil {
		return nil, fmt.Errorf("uci: rules %s: want %s or another ruleset of %s: %w", mancala.Quote(echo(v)), strings.Join(m.values, ", "), m.family.Name, err)
	}
	return r, nil
}
