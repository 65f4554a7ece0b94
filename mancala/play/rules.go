package play

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
)

// RulesDocumenter is implemented by rulesets that state their rules with
// the ids that narration cites ("AW-4"), as list items that start with
// the id ("- **AW-4 Capture.** ..."): the terminal's command rules ID
// shows that rule from it when the players' text of the family
// ([mancala.Family].RulesText) has no ids.
type RulesDocumenter interface {
	// RulesDocument returns the rules in Markdown, with their ids.
	RulesDocument() string
}

// rules prints the rules of the game being played, as its family states
// them for players (mancala.Family.RulesText), wrapped to the width; or
// with an argument (a rule id such as CK-4) the rule of that id alone.
func (s *Session) rules(arg string) {
	r := s.g.Rules()
	f, _ := mancala.FamilyOf(r)
	text := f.RulesText
	if strings.TrimSpace(text) == "" {
		s.printf("No rules text for %s here.\n", gameTitle(r))
		return
	}
	doc := ""
	if d, ok := r.(RulesDocumenter); ok {
		doc = d.RulesDocument()
	}
	if arg != "" {
		rule := ruleParagraph(text, arg)
		if rule == "" {
			rule = ruleParagraph(doc, arg)
		}
		if rule != "" {
			s.printf("%s", Wrap(plain(rule), s.width))
		} else {
			s.complain(fmt.Sprintf("No rule %s in the rules of %s: type rules for all of them.", mancala.Quote(arg), gameTitle(r)))
		}
		return
	}
	s.printf("%s", Wrap(text, s.width))
	hint := "This game is played as " + gameTitle(r) + "."
	if id := cmp.Or(firstRuleID(text), firstRuleID(doc)); id != "" {
		hint += " Type rules ID (such as rules " + id + ") for one rule."
	}
	s.printf("%s", Wrap(hint, s.width))
}

// emphasis matches Markdown's *italics*.
var emphasis = regexp.MustCompile(`\*([^*\s][^*]*)\*`)

// plain drops the Markdown marks of a rules text that a terminal would
// show as they are: **bold**, *italics* and `code`.
func plain(md string) string {
	md = strings.NewReplacer("**", "", "`", "").Replace(md)
	return emphasis.ReplaceAllString(md, "$1")
}

// ruleItem matches the first line of a rule in a rules text: a list item
// that starts with the rule's id, in bold or not ("- **CK-4 Relay.** ...").
var ruleItem = regexp.MustCompile(`^\s*- (?:\*\*)?([A-Z]+-\d+)\b`)

// ruleParagraph returns the list item of the rule id in text (its first
// line and the indented lines after it), or "" if text has no such rule.
func ruleParagraph(text, id string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		m := ruleItem.FindStringSubmatch(l)
		if m == nil || !strings.EqualFold(m[1], strings.TrimSpace(id)) {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.HasPrefix(lines[j], " ") && strings.TrimSpace(lines[j]) != "" {
			j++
		}
		return strings.Join(lines[i:j], "\n")
	}
	return ""
}

// firstRuleID returns the id of the first rule in text, or "".
func firstRuleID(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if m := ruleItem.FindStringSubmatch(l); m != nil {
			return m[1]
		}
	}
	return ""
}

// minWidth is the narrowest width Wrap fills: below it, it fills this.
const minWidth = 20

// Wrap returns a rules text in the light Markdown of
// [mancala.Family].RulesText laid out for a terminal of the given width
// in columns (runes): paragraphs filled to the width and separated by a
// blank line, "#" headings as their text, "- " list items with their
// following lines hanging under the first, the marks of **bold**,
// *italics* and `code` dropped, and a paragraph "diagram: POSITION
// [| CAPTION]" drawn as the core's text board ([mancala.Board.String])
// with the caption below it (a position that does not parse stays as
// text). Words are never broken: a word longer than the width gets a line
// of its own. A width below 20 is taken as 20. The result ends with a
// newline unless it is empty.
func Wrap(text string, width int) string {
	width = max(width, minWidth)
	var out strings.Builder
	for _, block := range blocks(text) {
		if out.Len() > 0 {
			out.WriteString("\n")
		}
		out.WriteString(layout(block, width))
	}
	return out.String()
}

// blocks splits text into its paragraphs, headings and list items, each
// as its lines.
func blocks(text string) [][]string {
	var bs [][]string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			bs = append(bs, cur)
			cur = nil
		}
	}
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			flush()
		case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "diagram:"):
			flush()
			bs = append(bs, []string{t})
		case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* "):
			flush()
			cur = []string{t}
		default:
			cur = append(cur, t)
		}
	}
	flush()
	return bs
}

// layout lays out one block.
func layout(lines []string, width int) string {
	first := lines[0]
	switch {
	case strings.HasPrefix(first, "diagram:"):
		if d, ok := diagram(strings.TrimSpace(strings.TrimPrefix(first, "diagram:")), width); ok {
			return d
		}
	case strings.HasPrefix(first, "#"):
		return fill(plain(strings.TrimSpace(strings.TrimLeft(first, "#"))), "", "", width)
	case strings.HasPrefix(first, "- ") || strings.HasPrefix(first, "* "):
		lines = append([]string{first[2:]}, lines[1:]...)
		return fill(plain(strings.Join(lines, " ")), "- ", "  ", width)
	}
	return fill(plain(strings.Join(lines, " ")), "", "", width)
}

// diagram draws "POSITION [| CAPTION]" as a board and its caption.
func diagram(spec string, width int) (string, bool) {
	pos, caption, _ := strings.Cut(spec, "|")
	p, err := mancala.ParsePosition(strings.TrimSpace(pos))
	if err != nil {
		return "", false
	}
	d := p.Board.String()
	if !strings.HasSuffix(d, "\n") {
		d += "\n"
	}
	if c := strings.TrimSpace(caption); c != "" {
		d += fill(plain(c), "", "", width)
	}
	return d, true
}

// fill fills the words of text into lines of at most width runes, the
// first starting with lead and the others with indent; a word longer
// than a line stands alone on its line.
func fill(text, lead, indent string, width int) string {
	var out strings.Builder
	line, n := lead, utf8.RuneCountInString(lead)
	empty := true
	for _, w := range strings.Fields(text) {
		wn := utf8.RuneCountInString(w)
		if !empty && n+1+wn > width {
			out.WriteString(line + "\n")
			line, n, empty = indent, utf8.RuneCountInString(indent), true
		}
		if !empty {
			line += " "
			n++
		}
		line += w
		n += wn
		empty = false
	}
	if !empty {
		out.WriteString(line + "\n")
	}
	return out.String()
}
