package web

import (
	"bytes"
	"html"
	"regexp"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/svg"
)

// rulesHTML renders a family's rules text ([mancala.Family.RulesText]: a
// light Markdown of paragraphs, "# " headings and "- " list items, with
// **bold**, *italic* and `code`) as HTML, every text escaped. A paragraph
// that is one line "diagram: POSITION | CAPTION" becomes a figure: the
// position drawn by package svg, with its caption. Text that is not
// Markdown comes out as paragraphs. "" gives "".
func rulesHTML(md string) string {
	if strings.TrimSpace(md) == "" {
		return ""
	}
	var out strings.Builder
	var para []string
	inList := false
	flush := func() {
		if len(para) == 0 {
			return
		}
		text := strings.Join(para, " ")
		para = para[:0]
		if inList {
			out.WriteString("<li>" + inline(text) + "</li>\n")
			return
		}
		out.WriteString("<p>" + inline(text) + "</p>\n")
	}
	endList := func() {
		flush()
		if inList {
			out.WriteString("</ul>\n")
			inList = false
		}
	}
	for _, line := range strings.Split(md, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			endList()
		case strings.HasPrefix(t, "#"):
			endList()
			level := len(t) - len(strings.TrimLeft(t, "#"))
			level = min(level, 3)
			tag := []string{"", "h3", "h4", "h5"}[level]
			out.WriteString("<" + tag + ">" + inline(strings.TrimSpace(strings.TrimLeft(t, "#"))) + "</" + tag + ">\n")
		case strings.HasPrefix(t, "diagram:") && len(para) == 0:
			endList()
			out.WriteString(diagramHTML(strings.TrimSpace(strings.TrimPrefix(t, "diagram:"))))
		case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* "):
			flush()
			if !inList {
				out.WriteString("<ul>\n")
				inList = true
			}
			para = append(para, strings.TrimSpace(t[2:]))
		default:
			para = append(para, t)
		}
	}
	endList()
	return out.String()
}

// diagramHTML draws "POSITION | CAPTION" as a figure, or, if POSITION is
// not position text, shows the line as it is.
func diagramHTML(spec string) string {
	pos, caption, _ := strings.Cut(spec, "|")
	p, err := mancala.ParsePosition(strings.TrimSpace(pos))
	var buf bytes.Buffer
	if err == nil {
		err = svg.Encode(&buf, p.Board, nil)
	}
	if err != nil {
		return "<p><code>" + html.EscapeString(spec) + "</code></p>\n"
	}
	out := `<figure class="diagram">` + buf.String()
	if c := strings.TrimSpace(caption); c != "" {
		out += "<figcaption>" + inline(c) + "</figcaption>"
	}
	return out + "</figure>\n"
}

var inlineRE = regexp.MustCompile("\\*\\*[^*]+\\*\\*|`[^`]+`|\\*[^*\\s][^*]*\\*")

// inline escapes text and turns **bold**, *italic* and `code` into
// elements.
func inline(text string) string {
	var out strings.Builder
	at := 0
	for _, m := range inlineRE.FindAllStringIndex(text, -1) {
		out.WriteString(html.EscapeString(text[at:m[0]]))
		t := text[m[0]:m[1]]
		switch {
		case strings.HasPrefix(t, "**"):
			out.WriteString("<strong>" + html.EscapeString(t[2:len(t)-2]) + "</strong>")
		case strings.HasPrefix(t, "`"):
			out.WriteString("<code>" + html.EscapeString(t[1:len(t)-1]) + "</code>")
		default:
			out.WriteString("<em>" + html.EscapeString(t[1:len(t)-1]) + "</em>")
		}
		at = m[1]
	}
	out.WriteString(html.EscapeString(text[at:]))
	return out.String()
}
