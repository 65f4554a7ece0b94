package ogn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// Variant is the value of Aualé's Variant tag for its only rules, Oware
// Abapa ([awale.Abapa]).
const Variant = "Oware Abapa"

// Read reads one game in OGN. It returns a record whose Tags are the OGN
// tags other than Result and FEN, in the file's order (Variant among them);
// whose Start comes from FEN; whose Result is the winner that the Result
// tag or token gives; and whose comments have their white space collapsed,
// as Aualé does. Capture counts ("+k") are read and not checked. Use
// [Resolve] to replay the record.
//
// It accepts any single house letter (A to L, a to l), not joint moves.
// Tag names are as in record text (Aualé's are). Errors are
// *[record.Error] values wrapping [mancala.ErrSyntax], with line and
// column, or [record.ErrTooLarge] for a file over the record package's
// default limits.
func Read(r io.Reader) (*record.Record, error) {
	text, err := io.ReadAll(io.LimitReader(r, record.MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(text) > record.MaxBytes {
		return nil, &record.Error{Msg: fmt.Sprintf("more than %d bytes", record.MaxBytes), Err: record.ErrTooLarge}
	}
	s := &scanner{text: text, line: 1, col: 1}
	return s.game()
}

// scanner reads OGN text.
type scanner struct {
	text      []byte
	i         int    // the next byte
	line, col int    // of the next byte
	note      []byte // the comments' words since the last move, joined by spaces
	noted     bool   // a comment was read since the last move
}

func (s *scanner) errorf(line, col int, err error, format string, args ...any) *record.Error {
	return &record.Error{Line: line, Column: col, Msg: fmt.Sprintf(format, args...), Err: err}
}

// syntax returns a syntax error at the next byte.
func (s *scanner) syntax(format string, args ...any) *record.Error {
	return s.errorf(s.line, s.col, mancala.ErrSyntax, format, args...)
}

func (s *scanner) peek() (byte, bool) {
	if s.i >= len(s.text) {
		return 0, false
	}
	return s.text[s.i], true
}

func (s *scanner) next() (byte, bool) {
	c, ok := s.peek()
	if !ok {
		return 0, false
	}
	s.i++
	if c == '\n' {
		s.line, s.col = s.line+1, 1
	} else {
		s.col++
	}
	return c, true
}

func (s *scanner) is(c byte) bool {
	d, ok := s.peek()
	return ok && d == c
}

func isSpace(c byte) bool  { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func (s *scanner) skipSpace() {
	for c, ok := s.peek(); ok && isSpace(c); c, ok = s.peek() {
		s.next()
	}
}

func (s *scanner) skipBlanks() {
	for s.is(' ') || s.is('\t') {
		s.next()
	}
}

// word reads the bytes for which in is true.
func (s *scanner) word(in func(byte) bool) string {
	start := s.i
	for c, ok := s.peek(); ok && in(c); c, ok = s.peek() {
		s.next()
	}
	return string(s.text[start:s.i])
}

// delimited reports whether the next byte may follow a token.
func (s *scanner) delimited() bool {
	c, ok := s.peek()
	return !ok || isSpace(c) || c == '{' || c == '[' || c == '('
}

func (s *scanner) game() (*record.Record, error) {
	if bytes.HasPrefix(s.text, []byte("\xef\xbb\xbf")) {
		s.i = 3 // a UTF-8 byte order mark: not part of the text
	}
	s.skipSpace()
	if _, ok := s.peek(); !ok {
		return nil, s.syntax("no game")
	}
	rec := &record.Record{}
	var result *mancala.Result
	seen := map[string]bool{}
	for s.is('[') {
		line, col := s.line, s.col
		name, value, vline, vcol, err := s.tag()
		if err != nil {
			return nil, err
		}
		if seen[name] {
			return nil, s.errorf(line, col, mancala.ErrSyntax, "tag %s appears twice", name)
		}
		seen[name] = true
		switch name {
		case "FEN":
			p, off, msg := parseFEN(value)
			if msg != "" {
				return nil, s.errorf(vline, vcol+off, mancala.ErrSyntax, "FEN tag: %s", msg)
			}
			rec.Start = p
		case "Result":
			res, ok := parseScore(value)
			if !ok {
				return nil, s.errorf(vline, vcol, mancala.ErrSyntax, "Result tag %s: want South's and North's scores (\"25-23\") or *", quote(value))
			}
			result, rec.Result = &res, res
		case record.TagStart:
			return nil, s.errorf(line, col, mancala.ErrSyntax, "tag Start is not OGN (OGN gives a start position in a FEN tag)")
		case record.TagTermination:
			return nil, s.errorf(line, col, mancala.ErrSyntax, "tag Termination is not OGN")
		default:
			if len(rec.Tags) == record.MaxTags {
				return nil, s.errorf(line, col, record.ErrTooLarge, "more than %d tags", record.MaxTags)
			}
			rec.Tags = append(rec.Tags, record.Tag{Name: name, Value: value})
		}
		s.skipSpace()
	}
	return rec, s.moves(rec, result)
}

// tag reads [Name "value"]. Aualé keeps backslashes that escape nothing.
func (s *scanner) tag() (name, value string, vline, vcol int, err error) {
	s.next() // '['
	s.skipBlanks()
	line, col := s.line, s.col
	name = s.word(func(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' })
	if name == "" || !isLetter(name[0]) {
		return "", "", 0, 0, s.errorf(line, col, mancala.ErrSyntax, "tag name: want an ASCII letter followed by letters, digits or underscores")
	}
	blank := s.is(' ') || s.is('\t')
	s.skipBlanks()
	if !blank || !s.is('"') {
		return "", "", 0, 0, s.syntax("want a space and a quoted value after the tag name")
	}
	s.next()
	vline, vcol = s.line, s.col
	var vb []byte
	for {
		c, ok := s.next()
		switch {
		case !ok || c == '\n' || c == '\r':
			return "", "", 0, 0, s.errorf(vline, vcol, mancala.ErrSyntax, "unterminated tag value")
		case c == '"':
			if !utf8.Valid(vb) {
				return "", "", 0, 0, s.errorf(vline, vcol, mancala.ErrSyntax, "tag value is not valid UTF-8")
			}
			s.skipBlanks()
			if !s.is(']') {
				return "", "", 0, 0, s.syntax("want ']' after the tag value")
			}
			s.next()
			return name, string(vb), vline, vcol, nil
		case c == '\\' && (s.is('"') || s.is('\\')):
			c, _ = s.next()
			vb = append(vb, c)
		default:
			vb = append(vb, c)
		}
	}
}

// moves reads the movetext, up to the end of the input.
func (s *scanner) moves(rec *record.Record, resultTag *mancala.Result) error {
	defer s.flushComment(rec)
	for {
		s.skipSpace()
		c, ok := s.peek()
		if !ok {
			return nil
		}
		line, col := s.line, s.col
		switch {
		case c == '{':
			s.next()
			start := s.i
			for !s.is('}') {
				if _, ok := s.next(); !ok {
					return s.errorf(line, col, mancala.ErrSyntax, "unterminated comment")
				}
			}
			text := s.text[start:s.i]
			s.next()
			if !utf8.Valid(text) {
				return s.errorf(line, col, mancala.ErrSyntax, "comment is not valid UTF-8")
			}
			for _, w := range bytes.Fields(text) { // Aualé collapses white space
				if len(s.note) > 0 {
					s.note = append(s.note, ' ')
				}
				s.note = append(s.note, w...)
			}
			s.noted = true
		case c == '(':
			for !s.is(')') {
				if _, ok := s.next(); !ok {
					return s.errorf(line, col, mancala.ErrSyntax, "unterminated variation")
				}
			}
			s.next()
		case c == '*' || isDigit(c):
			word := s.word(func(c byte) bool { return isDigit(c) || c == '-' || c == '*' })
			if s.is('.') && strings.Trim(word, "0123456789") == "" {
				for s.is('.') {
					s.next()
				}
				continue // a move number: for people only
			}
			res, ok := parseScore(word)
			if !ok || !s.delimited() {
				return s.errorf(line, col, mancala.ErrSyntax, "%s: want a move number or a result (\"25-23\" or *)", quote(word))
			}
			if resultTag != nil && res != *resultTag {
				return s.errorf(line, col, mancala.ErrSyntax, "result %s disagrees with the Result tag", quote(word))
			}
			rec.Result = res
			s.skipSpace()
			if _, ok := s.peek(); ok {
				return s.syntax("text after the result")
			}
			return nil
		case isLetter(c):
			s.next()
			m, err := mancala.ParseMove(string(c))
			if err != nil {
				return s.errorf(line, col, err, "")
			}
			if i, _ := m.House(mancala.South); i >= awale.MaxHouses {
				return s.errorf(line, col, mancala.ErrSyntax, "house letter %c beyond L", c)
			}
			if i, _ := m.House(mancala.North); i >= awale.MaxHouses {
				return s.errorf(line, col, mancala.ErrSyntax, "house letter %c beyond l", c)
			}
			if s.is('+') {
				s.next()
				if s.word(isDigit) == "" {
					return s.syntax("want the captured seeds after '+'")
				}
			}
			if !s.delimited() {
				return s.syntax("want a space after the move")
			}
			if len(rec.Moves) == record.MaxMoves {
				return s.errorf(line, col, record.ErrTooLarge, "more than %d moves", record.MaxMoves)
			}
			s.flushComment(rec)
			rec.Moves = append(rec.Moves, m)
		default:
			return s.errorf(line, col, mancala.ErrSyntax, "unexpected %q: want a move, a move number, a comment, a variation or a result", c)
		}
	}
}

// flushComment gives the comments read since the last move to rec, after
// the moves read so far. Comments in a row are gathered first, so that
// many of them cost no more than one long one.
func (s *scanner) flushComment(rec *record.Record) {
	if !s.noted {
		return
	}
	if rec.Comments == nil {
		rec.Comments = map[int]string{}
	}
	rec.Comments[len(rec.Moves)] = string(s.note)
	s.note, s.noted = s.note[:0], false
}

// quote quotes input for a message, cut to 60 bytes.
func quote(s string) string { return mancala.Quote(s) }

// parseScore reads an OGN result, "25-23" or "*".
func parseScore(s string) (mancala.Result, bool) {
	if s == "*" {
		return mancala.Ongoing, true
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, false
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || x < 0 || y < 0 || a[0] == '+' || b[0] == '+' {
		return 0, false
	}
	switch {
	case x > y:
		return mancala.SouthWins, true
	case y > x:
		return mancala.NorthWins, true
	}
	return mancala.Draw, true
}

// parseFEN reads Aualé's position text. It returns the offset and a
// message on error.
func parseFEN(s string) (mancala.Position, int, string) {
	var p mancala.Position
	if len(s) > 4*(2*awale.MaxHouses+3) {
		return p, 0, "too long"
	}
	fields := strings.Split(s, "-")
	n := len(fields) - 3 // house fields
	if n < 2 || n%2 != 0 || n > 2*awale.MaxHouses {
		return p, 0, fmt.Sprintf("want 2 to %d house counts (an even number), two stores and S or N, joined by '-'", 2*awale.MaxHouses)
	}
	off := 0
	var nums []int
	total := 0
	for _, f := range fields[:len(fields)-1] {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || f[0] == '+' || len(f) > 3 {
			return p, off, fmt.Sprintf("%s: want a seed count", quote(f))
		}
		total += v
		if total > mancala.MaxSeeds {
			return p, off, fmt.Sprintf("more than %d seeds", mancala.MaxSeeds)
		}
		nums = append(nums, v)
		off += len(f) + 1
	}
	switch fields[len(fields)-1] {
	case "S":
		p.ToMove = mancala.SouthTurn
	case "N":
		p.ToMove = mancala.NorthTurn
	default:
		return p, off, "want S or N for the player to move"
	}
	h := n / 2
	b, err := mancala.NewBoard(h, 0)
	if err != nil {
		return p, 0, err.Error()
	}
	for i := 0; i < h; i++ {
		_ = b.SetSeeds(mancala.South, i, nums[i]) // cannot fail: counted above
		_ = b.SetSeeds(mancala.North, i, nums[h+i])
	}
	_ = b.SetStore(mancala.South, nums[n])
	_ = b.SetStore(mancala.North, nums[n+1])
	p.Board = b
	return p, 0, ""
}

// formatFEN writes p as Aualé's position text, or says why it cannot.
func formatFEN(p mancala.Position) (string, error) {
	b := p.Board
	pl, ok := p.ToMove.Player()
	h0, _ := b.Hand(mancala.South)
	h1, _ := b.Hand(mancala.North)
	if !ok || p.Round != 0 || p.State != 0 || h0 != 0 || h1 != 0 ||
		b.BurntMask(mancala.South) != 0 || b.BurntMask(mancala.North) != 0 {
		return "", fmt.Errorf("ogn: FEN cannot hold start position %v: %w", p, mancala.ErrUnsupported)
	}
	var sb strings.Builder
	for _, side := range []mancala.Player{mancala.South, mancala.North} {
		for i := 0; i < b.Houses(); i++ {
			sb.WriteString(strconv.Itoa(b.Seeds(side, i)))
			sb.WriteByte('-')
		}
	}
	fmt.Fprintf(&sb, "%d-%d-", b.Store(mancala.South), b.Store(mancala.North))
	sb.WriteString([]string{"S", "N"}[pl])
	return sb.String(), nil
}

// Resolve is the [record.Resolver] of OGN records: it builds the Awalé
// ruleset that the Rules tag names (any name that [awale.ParseName]
// reads), or else, for Aualé's files, the rules that the Variant tag names:
// [awale.Abapa] for [Variant]. Any other record is refused with an error
// wrapping [mancala.ErrUnsupported]: Resolve never guesses the rules.
func Resolve(tags record.Tags) (mancala.Ruleset, error) {
	if name, ok := tags.Lookup(record.TagRules); ok {
		o, err := awale.ParseName(name)
		if err != nil {
			return nil, err
		}
		return awale.New(o)
	}
	switch v, ok := tags.Lookup("Variant"); {
	case !ok:
		return nil, fmt.Errorf("ogn: no Rules or Variant tag names the rules: %w", mancala.ErrUnsupported)
	case v != Variant:
		return nil, fmt.Errorf("ogn: Variant %s: want %q: %w", quote(v), Variant, mancala.ErrUnsupported)
	}
	return awale.New(awale.Abapa())
}

// roster is Aualé's tag roster, written first and in this order.
var roster = []string{"Variant", "Event", "Site", "Date", "Round", "South", "North", "Result"}

// Write writes rec in OGN, as Aualé writes it. It replays rec with
// resolve to find the captures and the final score. Tags of Aualé's roster
// that rec lacks are written as "?", except Variant, which is [Variant]
// when the ruleset is Oware Abapa (the name of [awale.Abapa]'s rules);
// the result is the final stores ("25-23") once the game is over, "*"
// otherwise, including a conceded game; a comment before the first move,
// which Aualé cannot read, and the record's Ending, which OGN cannot hold,
// are left out.
//
// Records that OGN cannot hold give an error wrapping
// [mancala.ErrUnsupported]: joint moves, a start position with a player's
// hand in flight, burnt houses, a round or state, or nobody to move, or a
// FEN tag among the tags. Aualé itself reads only 6 houses a side and
// plays only Oware Abapa; in a game that ends when a player has a majority
// (AW-10), this library gives the seeds left on the board to their rows'
// owners, where Aualé leaves them uncounted, so the last move's capture and
// the Result tag count them too (the winner is the same).
func Write(w io.Writer, rec *record.Record, resolve record.Resolver) error {
	if rec == nil {
		return &record.Error{Msg: "nil record", Err: mancala.ErrUnsupported}
	}
	if _, ok := rec.Tags.Lookup("FEN"); ok {
		return &record.Error{Msg: "tag FEN: OGN writes Record.Start there", Err: mancala.ErrUnsupported}
	}
	for _, m := range rec.Moves {
		if m.Turn() == mancala.BothTurn {
			return &record.Error{Msg: "OGN cannot hold joint move " + m.String(), Err: mancala.ErrUnsupported}
		}
	}
	g, err := rec.Replay(resolve)
	if err != nil {
		return err
	}
	var others record.Tags
	for _, t := range rec.Tags {
		if !slices.Contains(roster, t.Name) {
			others = append(others, t)
		}
	}
	if rec.HasStart() {
		fen, err := formatFEN(g.Start())
		if err != nil {
			return &record.Error{Msg: "start position", Err: err}
		}
		others = append(others, record.Tag{Name: "FEN", Value: fen})
	}
	slices.SortStableFunc(others, func(a, b record.Tag) int { return strings.Compare(a.Name, b.Name) })

	result := "*"
	if o := g.Outcome(); g.Over() && !o.Conceded {
		result = fmt.Sprintf("%d-%d", o.Scores[mancala.South], o.Scores[mancala.North])
	}
	ar, isAwale := g.Rules().(*awale.Rules)
	abapa := isAwale && ar.Options() == awale.Abapa()
	bw := bufio.NewWriter(w)
	for _, name := range roster {
		v, ok := rec.Tags.Lookup(name)
		switch {
		case name == "Result":
			v = result
		case !ok && name == "Variant" && abapa:
			v = Variant
		case !ok:
			v = "?"
		}
		writeTag(bw, name, v)
	}
	for _, t := range others {
		writeTag(bw, t.Name, t.Value)
	}
	if len(rec.Moves) > 0 {
		bw.WriteByte('\n')
		lw := &lineWriter{w: bw}
		pos := g.Positions()
		for i, m := range rec.Moves {
			if i%2 == 0 {
				lw.token(strconv.Itoa(i/2+1) + ".")
			}
			tok := m.String()
			pl, _ := m.Player()
			if k := pos[i+1].Board.Store(pl) - pos[i].Board.Store(pl); k > 0 {
				tok += "+" + strconv.Itoa(k)
			}
			lw.token(tok)
			if c, ok := rec.Comments[i+1]; ok {
				lw.token("{")
				for _, f := range strings.Fields(c) {
					lw.token(f)
				}
				lw.token("}")
			}
		}
		if result != "*" {
			lw.token(result)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

func writeTag(w *bufio.Writer, name, value string) {
	w.WriteByte('[')
	w.WriteString(name)
	w.WriteString(` "`)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			w.WriteByte('\\')
		}
		w.WriteByte(value[i])
	}
	w.WriteString("\"]\n")
}

// lineWidth is the width that movetext lines are kept within, when their
// tokens allow.
const lineWidth = 79

// lineWriter writes tokens separated by spaces, starting a new line before
// a token that would make the line longer than lineWidth.
type lineWriter struct {
	w   *bufio.Writer
	col int // bytes on the current line
}

func (lw *lineWriter) token(tok string) {
	if lw.col > 0 {
		if lw.col+1+len(tok) > lineWidth {
			lw.w.WriteByte('\n')
			lw.col = 0
		} else {
			lw.w.WriteByte(' ')
			lw.col++
		}
	}
	lw.w.WriteString(tok)
	lw.col += len(tok)
}
