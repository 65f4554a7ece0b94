package record

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// OGN, the Oware Game Notation of the Aualé program (by Joan Sala Soler),
// is record text for Oware Abapa, the rules of awale.Abapa:
//
//	[Variant "Oware Abapa"]
//	[Event "?"]
//	[Site "?"]
//	[Date "?"]
//	[Round "?"]
//	[South "Ann"]
//	[North "Bob"]
//	[Result "25-19"]
//
//	1. C c 2. B b+2 { a comment } 3. ...
//	25-19
//
// The tags come first: Aualé's roster (Variant, Event, Site, Date, Round,
// South, North, Result, with "?" for unknown and "*" for a game not
// finished), then any others in name order, among them FEN for a start
// position other than the usual one. FEN holds 2n house counts (South's
// A, B, ..., then North's a, b, ...), the two stores and the player to move,
// joined by '-': "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S". The moves follow: a
// number before every other move, the house letter, and "+k" when the mover's
// store grew by k seeds; comments in braces; variations in parentheses,
// which the reader skips; and the result, the final stores as
// "South-North".

// ReadOGN reads one game in OGN. It returns a record whose Tags are the OGN
// tags other than Result and FEN, in the file's order (Variant "Oware
// Abapa" names Aualé's rules, which a [Resolver] maps to awale.Abapa);
// whose Start comes from FEN; whose Result is the winner that the Result
// tag or token gives; and whose comments have their white space collapsed,
// as Aualé does. Capture counts ("+k") are read and not checked.
//
// It accepts any single house letter (A to L, a to l), not joint moves.
// Tag names are as in record text (Aualé's are). Errors are
// *[Error] values wrapping [mancala.ErrSyntax], with line and column.
func ReadOGN(r io.Reader) (*Record, error) {
	rd := NewReader(r)
	rd.ogn = true
	rec, err := rd.Read()
	if err == io.EOF {
		return nil, rd.pos.syntax("no game")
	}
	return rec, err
}

// ognTag reads OGN's Result and FEN tags into rec.
func (r *Reader) ognTag(rec *Record, name, value string, valueAt at, result **mancala.Result) error {
	if name == "FEN" {
		p, off, msg := parseFEN(value)
		if msg != "" {
			valueAt.col += off
			return valueAt.syntax("FEN tag: " + msg)
		}
		rec.Start, rec.src.start = p, valueAt
		return nil
	}
	res, ok := parseScore(value)
	if !ok {
		return valueAt.syntax(fmt.Sprintf("Result tag %q: want South's and North's scores (\"25-23\") or *", value))
	}
	*result, rec.src.result = &res, valueAt
	return nil
}

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
	fields := strings.Split(s, "-")
	n := len(fields) - 3 // house fields
	if n < 2 || n%2 != 0 || n > 2*mancala.MaxHouses {
		return p, 0, fmt.Sprintf("want 2 to %d house counts (an even number), two stores and S or N, joined by '-'", 2*mancala.MaxHouses)
	}
	off := 0
	var nums []int
	total := 0
	for _, f := range fields[:len(fields)-1] {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || f[0] == '+' || len(f) > 3 {
			return p, off, fmt.Sprintf("%q: want a seed count", f)
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
	b, _ := mancala.NewBoard(h, 0)
	for i := 0; i < h; i++ {
		_ = b.SetSeeds(mancala.South, i, nums[i])
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
		return "", fmt.Errorf("record: OGN's FEN cannot hold start position %v: %w", p, mancala.ErrUnsupported)
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

// ognMoves reads OGN movetext, up to the end of the input.
func (r *Reader) ognMoves(rec *Record, resultTag *mancala.Result) error {
	src := rec.src
	if resultTag != nil {
		rec.Result = *resultTag
	}
	for {
		r.skipSpace()
		c, ok := r.peek()
		if !ok {
			return nil
		}
		start := r.pos
		switch {
		case c == '{':
			text, err := r.comment()
			if err != nil {
				return err
			}
			rec.addComment(len(rec.Moves), strings.Join(strings.Fields(text), " "))
		case c == '(':
			r.next()
			for c, ok := r.next(); c != ')'; c, ok = r.next() {
				if !ok {
					return start.syntax("unterminated variation")
				}
			}
		case c == '*' || isDigit(c):
			word := r.word(func(c byte) bool { return isDigit(c) || c == '-' || c == '*' })
			if c, _ := r.peek(); c == '.' && strings.Trim(word, "0123456789") == "" {
				for c, _ := r.peek(); c == '.'; c, _ = r.peek() {
					r.next()
				}
				continue
			}
			res, ok := parseScore(word)
			if !ok || !r.delimited() {
				return start.syntax(fmt.Sprintf("%q: want a move number or a result (\"25-23\" or *)", word))
			}
			if resultTag != nil && res != *resultTag {
				return start.syntax(fmt.Sprintf("result %s disagrees with the Result tag", word))
			}
			rec.Result, src.result = res, start
			r.skipSpace()
			if _, ok := r.peek(); ok {
				return r.pos.syntax("text after the result")
			}
			return nil
		case isLetter(c):
			r.next()
			m, err := mancala.ParseMove(string(c))
			if err != nil {
				return start.errorf("move", err)
			}
			if c, _ := r.peek(); c == '+' {
				r.next()
				if r.word(isDigit) == "" {
					return r.pos.syntax("want the captured seeds after '+'")
				}
			}
			if !r.delimited() && !r.at('(') {
				return r.pos.syntax("want a space after the move")
			}
			rec.Moves = append(rec.Moves, m)
			src.moves = append(src.moves, start)
		default:
			return start.syntax(fmt.Sprintf("unexpected %q: want a move, a move number, a comment, a variation or a result", c))
		}
	}
}

func (r *Reader) at(c byte) bool {
	d, ok := r.peek()
	return ok && d == c
}

// ognRoster is Aualé's tag roster, written first and in this order.
var ognRoster = []string{"Variant", "Event", "Site", "Date", "Round", "South", "North", "Result"}

// WriteOGN writes rec in OGN, as Aualé writes it. It replays rec with
// resolve to find the captures and the final score. Tags of Aualé's roster
// that rec lacks are written as "?", Variant as "Oware Abapa"; the result is
// the final stores ("25-23") once the game is over, "*" otherwise,
// including a conceded game; a comment before the first move, which Aualé
// cannot read, is left out.
//
// Records that OGN cannot hold give an error wrapping
// [mancala.ErrUnsupported]: joint moves, a start position with a player's
// hand in flight, burnt houses, a round or state, or nobody to move, or a
// FEN tag among the tags. Aualé itself reads only 6 houses a side and
// plays only Oware Abapa (awale.Abapa); in a game that ends when a player
// has a majority (AW-10), this library gives the seeds left on the board to
// their rows' owners, where Aualé leaves them uncounted, so the last move's
// capture and the Result tag count them too (the winner is the same).
func WriteOGN(w io.Writer, rec *Record, resolve Resolver) error {
	if _, ok := rec.Tags.Lookup("FEN"); ok {
		return errWrite(fmt.Errorf("record: tag FEN: OGN writes Record.Start there: %w", mancala.ErrUnsupported))
	}
	for _, m := range rec.Moves {
		if m.Turn() == mancala.BothTurn {
			return errWrite(fmt.Errorf("record: OGN cannot hold joint move %v: %w", m, mancala.ErrUnsupported))
		}
	}
	g, err := rec.Replay(resolve)
	if err != nil {
		return err
	}
	var others Tags
	for _, t := range rec.Tags {
		if !slices.Contains(ognRoster, t.Name) {
			others = append(others, t)
		}
	}
	if rec.HasStart() {
		fen, err := formatFEN(g.Start())
		if err != nil {
			return errWrite(err)
		}
		others = append(others, Tag{"FEN", fen})
	}
	slices.SortStableFunc(others, func(a, b Tag) int { return strings.Compare(a.Name, b.Name) })

	result := "*"
	if o := g.Outcome(); g.Over() && !o.Conceded {
		result = fmt.Sprintf("%d-%d", o.Scores[mancala.South], o.Scores[mancala.North])
	}
	bw := bufio.NewWriter(w)
	for _, name := range ognRoster {
		v, ok := rec.Tags.Lookup(name)
		switch {
		case name == "Result":
			v = result
		case !ok && name == "Variant":
			v = "Oware Abapa"
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
