package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

const helpText = `Type the letter of one of your houses to sow from it: capital letters
A, B, ... are South's houses, small letters a, b, ... North's (the prompt
lists the houses you may choose). Commands:
  help          this list
  rules [ID]    the rules of the game being played, or one rule (rules CK-4)
  board         show the board again
  hint          the computer's suggestion, its value and expected line
  undo          take back your last move and the computer's reply
  redo          play again what undo took back
  save FILE     save the game to FILE (a game record)
  load FILE     continue the game saved in FILE
  resign        concede the game
  quit          leave (offering to save unsaved moves)
`

func (s *session) help() { s.printf("%s", helpText) }

// rulesText returns the rules of r's game, as its package states them
// (Markdown with the rule ids), or "" if there is none.
func rulesText(r mancala.Ruleset) string {
	switch r.(type) {
	case *awale.Rules:
		return awale.RulesText
	case *congkak.Rules:
		return congkak.RulesText
	}
	return ""
}

// rules prints the rules of the game being played, or with an argument
// (a rule id such as CK-4) that rule alone.
func (s *session) rules(arg string) {
	r := s.g.Rules()
	text := rulesText(r)
	if text == "" {
		s.printf("No rules text for %s here.", gameTitle(r))
		switch r.(type) {
		case *awale.Rules:
			s.printf(" Its package states them: go doc github.com/sowing-games/sowing/awale")
		case *congkak.Rules:
			s.printf(" Its package states them: go doc github.com/sowing-games/sowing/congkak")
		}
		s.printf("\n")
		return
	}
	if arg != "" {
		if rule := ruleParagraph(text, arg); rule != "" {
			s.printf("%s\n", plain(rule))
		} else {
			s.complain(fmt.Sprintf("No rule %s in the rules of %s: type rules for all of them.", mancala.Quote(arg), gameTitle(r)))
		}
		return
	}
	s.printf("%s", plain(text))
	if !strings.HasSuffix(text, "\n") {
		s.printf("\n")
	}
	s.printf("This game is played as %s. Type rules ID (such as rules %s) for one rule.\n", gameTitle(r), firstRuleID(text))
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
// that starts with the rule's id in bold, "- **CK-4 Relay.** ...".
var ruleItem = regexp.MustCompile(`^- \*\*([A-Z]+-\d+)\b`)

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

// firstRuleID returns the id of the first rule in text.
func firstRuleID(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if m := ruleItem.FindStringSubmatch(l); m != nil {
			return m[1]
		}
	}
	return "ID"
}

// unsaved returns how many moves the game has that no save or load
// holds (0 when the game is as last saved), and whether it differs at
// all (a resignation counts).
func (s *session) unsaved() (int, bool) {
	moves := s.g.Moves()
	conceded := s.g.Over() && !s.g.Position().Over()
	if slices.Equal(moves, s.saved) && conceded == s.savedConceded {
		return 0, false
	}
	n := len(moves)
	for n > 0 && (n > len(s.saved) || moves[n-1] != s.saved[n-1]) {
		n--
	}
	// n moves are common to the game and the save.
	return len(moves) - n, true
}

// markSaved records that the game as it stands is saved (or loaded).
func (s *session) markSaved() {
	s.saved = s.g.Moves()
	s.savedConceded = s.g.Over() && !s.g.Position().Over()
}

// notSaved says, when the game has unsaved moves that a human played or
// watched, that they are not saved and how to keep them next time; ""
// when nothing is lost.
func (s *session) notSaved() string {
	if _, dirty := s.unsaved(); !dirty || s.g.Ply() == 0 || !s.anyHuman() {
		return ""
	}
	return fmt.Sprintf("The game (%d move%s) was not saved; type save FILE before leaving to keep it.", s.g.Ply(), plural(s.g.Ply()))
}

func (s *session) anyHuman() bool { return s.human[mancala.South] || s.human[mancala.North] }

// leave ends the session at the human's request. At a terminal, with
// unsaved moves, it first offers to save them.
func (s *session) leave() {
	s.quit = true
	if k, dirty := s.unsaved(); dirty && s.interactive && s.g.Ply() > 0 {
		for s.err == nil {
			s.printf("The game has %d unsaved move%s. Save it to FILE (type the name), or press Enter to leave without saving: ", k, plural(k))
			if !s.in.Scan() {
				s.printf("\n")
				break
			}
			name := strings.TrimSpace(s.in.Text())
			if name == "" || s.save(name) {
				break
			}
		}
	} else if msg := s.notSaved(); msg != "" {
		s.printf("%s\n", msg)
	}
	s.printf("Bye.\n")
}

// undo takes moves back to the last earlier position in which a human
// decided, past the computer's replies.
func (s *session) undo() bool {
	if s.g.Over() && !s.g.Position().Over() { // a concession
		if err := s.g.Undo(); err == nil {
			s.printf("Resignation taken back.\n")
			s.forgetBoard()
			s.showBoard()
			return true
		}
	}
	ps := s.g.Positions()
	for k := len(ps) - 2; k >= 0; k-- {
		if !s.humanDecides(ps[k].ToMove) {
			continue
		}
		for i := k; i < len(ps)-1; i++ {
			if err := s.g.Undo(); err != nil {
				s.printf("Cannot undo: %v.\n", err)
				return false
			}
		}
		s.printf("Took back %d move%s.\n", len(ps)-1-k, plural(len(ps)-1-k))
		s.forgetBoard()
		s.showBoard()
		return true
	}
	s.printf("Nothing to undo.\n")
	return false
}

// redo plays again the moves that undo took back, up to the next human
// decision.
func (s *session) redo() bool {
	if !s.g.CanRedo() {
		s.printf("Nothing to redo.\n")
		return false
	}
	n := 0
	for s.g.CanRedo() {
		if err := s.g.Redo(); err != nil {
			break
		}
		n++
		if s.g.Over() || s.humanDecides(s.g.Turn()) {
			break
		}
	}
	s.printf("Replayed %d move%s.\n", n, plural(n))
	s.forgetBoard()
	s.showBoard()
	return true
}

// searcher is what hint needs of an engine: a search that reports the
// value and line it found (search.AlphaBeta's Search).
type searcher interface {
	Search(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position) (search.Result, error)
}

// newHinter returns the engine that answers hint: the -ai player if it is
// an alpha-beta search (whose values are in seeds), else the default
// alpha-beta search.
func newHinter(spec string, seed uint64) searcher {
	if pl, err := search.ParseEngine(spec, seed); err == nil {
		if ab, ok := pl.(*search.AlphaBeta); ok {
			return ab
		}
	}
	pl, _ := search.ParseEngine(defaultAI, seed)
	return pl.(*search.AlphaBeta)
}

// hint asks the engine what p should play and says why: the value of the
// position for p, the line it expects, and at a simultaneous decision
// both players' mixed strategies.
func (s *session) hint(p mancala.Player) {
	if s.g.Over() {
		s.printf("The game is over.\n")
		return
	}
	ps := s.g.Positions()
	res, err := s.hinter.Search(context.Background(), s.eg.Rules(s.g.Rules()), ps[:len(ps)-1], ps[len(ps)-1])
	if err != nil {
		s.printf("No hint: %v.\n", err)
		return
	}
	// The value is the decider's, or South's at a simultaneous decision.
	valueFor := mancala.South
	if pl, ok := s.g.Turn().Player(); ok {
		valueFor = pl
	}
	v := res.Value
	if p != valueFor {
		v = -v
	}
	if ms := res.Mixed; ms != nil {
		mine, theirs := ms.South, ms.North
		if p == mancala.North {
			mine, theirs = theirs, mine
		}
		s.printf("Hint for %s: both choose at once (CK-8), so mix your choice at random: %s.\n", s.name(p), mix(p, mine))
		s.printf("  %s's best mix is %s.\n", title(p.Other()), mix(p.Other(), theirs))
	} else {
		h, _ := res.Move.House(p)
		s.printf("Hint for %s: %v.\n", s.name(p), mancala.Single(p, h))
	}
	estimates := s.eg != nil && !s.eg.Exact() && s.eg.Applies(s.g.Rules())
	s.printf("  Value for %s: %s.\n", title(p), valueText(p, v, res, estimates))
	if len(res.PV) > 0 && res.Mixed == nil {
		line := make([]string, len(res.PV))
		for i, m := range res.PV {
			line[i] = m.String()
		}
		s.printf("  Expected line: %s.\n", strings.Join(line, " "))
	}
}

// mix writes a mixed strategy of p: each house with a chance of at least
// half a percent, most likely first.
func mix(p mancala.Player, probs []float64) string {
	idx := make([]int, 0, len(probs))
	for i, q := range probs {
		if q >= 0.005 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case probs[a] > probs[b]:
			return -1
		case probs[a] < probs[b]:
			return 1
		}
		return 0
	})
	parts := make([]string, len(idx))
	for k, i := range idx {
		parts[k] = fmt.Sprintf("%v %.0f%%", mancala.Single(p, i), 100*probs[i])
	}
	return strings.Join(parts, ", ")
}

// valueText writes the value v of a search for p in seeds: the search
// keeps results it has proven in units of search.TerminalScale per seed
// (see search.Result), estimates in seeds. estimates says that the search
// read endgame databases of other rules (-endgame-approx), so that what
// it calls proven is an estimate.
func valueText(p mancala.Player, v float64, res search.Result, estimates bool) string {
	proven := math.Abs(v) >= search.TerminalScale
	if proven {
		v /= search.TerminalScale
	}
	if math.Abs(v) < 0.05 {
		v = 0
	}
	if !res.Exact && !proven {
		return fmt.Sprintf("%+.1f seeds (his store minus %s's at the end, estimated %d decisions deep)", v, title(p.Other()), res.Depth)
	}
	how := "searched to the end of the game"
	if !res.Exact {
		how = fmt.Sprintf("found %d decisions deep", res.Depth)
	}
	if estimates {
		how += ", or estimated by the endgame databases of nearby rules"
	}
	n := int(math.Round(math.Abs(v)))
	switch {
	case v > 0:
		return fmt.Sprintf("a win by %d seed%s with best play (%s)", n, plural(n), how)
	case v < 0:
		return fmt.Sprintf("a loss by %d seed%s with best play (%s)", n, plural(n), how)
	}
	return "a draw with best play (" + how + ")"
}

// label says who played side p, for the record's tags: the -ai spec as
// parsed (normalSpec), never the raw flag text.
func (s *session) label(p mancala.Player) string {
	if s.human[p] {
		return "human"
	}
	return "computer (" + s.aiSpec + ")"
}

// maxName is the longest file name save and load accept.
const maxName = 4096

// save writes the game as a record to the file named, through a
// temporary file and a rename, so that a failed save leaves an older
// file of that name whole. It reports whether it saved.
func (s *session) save(name string) bool {
	if name == "" {
		s.printf("save: name the file, as in: save game.txt\n")
		return false
	}
	if len(name) > maxName {
		s.complain(fmt.Sprintf("save %s: the file name is too long", quoteName(name)))
		return false
	}
	rec, err := record.New(s.g,
		record.Tag{Name: "South", Value: s.label(mancala.South)},
		record.Tag{Name: "North", Value: s.label(mancala.North)})
	var buf bytes.Buffer
	if err == nil {
		err = record.Write(&buf, rec)
	}
	if err == nil {
		err = atomicfile.WriteFile(name, buf.Bytes())
	}
	if err != nil {
		s.complain(fmt.Sprintf("save %s: %s", quoteName(name), fileError(err)))
		return false
	}
	s.markSaved()
	s.printf("Saved %d move%s to %s.\n", len(rec.Moves), plural(len(rec.Moves)), name)
	return true
}

// load replaces the game by the first game of a record file: record
// text, JSON or OGN (rulesflags.ReadRecords, which refuses what is not a
// regular file of a sane size).
func (s *session) load(name string) bool {
	if name == "" {
		s.printf("load: name the file, as in: load game.txt\n")
		return false
	}
	fail := func(err error) bool {
		s.complain("load: " + rulesflags.Line(err))
		return false
	}
	if len(name) > maxName {
		return fail(fmt.Errorf("%s: the file name is too long", quoteName(name)))
	}
	recs, err := rulesflags.ReadRecords(name)
	if err != nil {
		return fail(err)
	}
	g, err := recs[0].Replay(rulesflags.Resolve)
	if err == nil {
		err = checkBoard(g)
	}
	if err != nil {
		return fail(fmt.Errorf("%s: %w", name, err))
	}
	s.g = g
	s.rounds.reset()
	s.newPlayers()
	s.markSaved()
	s.forgetBoard()
	s.printf("Loaded %s: %s, %d move%s.\n", name, gameTitle(g.Rules()), g.Ply(), plural(g.Ply()))
	if s.eg != nil && !s.eg.Applies(g.Rules()) {
		s.printf("The endgame databases are not those of these rules: the computer plays without them.\n")
	}
	s.showBoard()
	return true
}

// fileError writes err for a message that names the file already: a
// *fs.PathError gives only its cause ("no such file or directory").
func fileError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return rulesflags.Line(err)
}

// gameTitle names a ruleset for people.
func gameTitle(r mancala.Ruleset) string {
	if st, ok := r.(fmt.Stringer); ok {
		return st.String()
	}
	return "a sowing game"
}
