package play

import (
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// ANSI attributes for paint.
const (
	bold   = "1"
	dim    = "2"
	red    = "31"
	green  = "32"
	yellow = "33"
	cyan   = "36"
)

// sideColor is each player's colour: South cyan, North yellow.
var sideColor = [2]string{cyan, yellow}

// paint wraps text in the ANSI attributes given, or returns it as it is
// when the session is plain (Config.Color unset).
func (s *Session) paint(attr, text string) string {
	if !s.cfg.Color || attr == "" {
		return text
	}
	return "\x1b[" + attr + "m" + text + "\x1b[0m"
}

// burnt counts p's burnt houses.
func burnt(b mancala.Board, p mancala.Player) int {
	n := 0
	for i := 0; i < b.Houses(); i++ {
		if b.Burnt(p, i) {
			n++
		}
	}
	return n
}

// render draws p's board with box-drawing characters from its layout:
// on a two-row board North on top read right to left, South below read
// left to right, North's store at the left and South's at the right (on a
// four-row board each player's two rows on his side, each row's letters
// beside it); a board without stores (mancala.Layout.NoStores) has no
// store boxes, and a line under it counts each player's captured seeds.
// Then come the hands, the round and whose turn it is. Houses whose
// seeds differ from prev (the board before the last move, or nil) are
// bold in colour.
//
//	          f    e    d    c    b    a
//	       ╭────┬────┬────┬────┬────┬────╮
//	 North │   4│   4│   4│   4│   4│   4│
//	╭──────┼────┴────┴────┴────┴────┴────┼──────╮
//	│    0 │ ◀ North            South ▶ │    0 │
//	╰──────┼────┬────┬────┬────┬────┬────┼──────╯
//	 South │   4│   4│   4│   4│   4│   4│
//	       ╰────┴────┴────┴────┴────┴────╯
//	          A    B    C    D    E    F
func (s *Session) render(p mancala.Position, prev *mancala.Board) string {
	b := p.Board
	hn := b.Houses()
	l := b.Layout()
	n := l.Width(hn) // houses a row
	// at[r][c] is the house drawn in row r (from the top), column c.
	var at [4][mancala.MaxHouses]int
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for i := 0; i < hn; i++ {
			if r, c := l.Cell(hn, pl, i); r >= 0 {
				at[r][c] = i
			}
		}
	}
	owner := func(r int) mancala.Player {
		if r < l.Rows {
			return mancala.North
		}
		return mancala.South
	}
	var w strings.Builder
	const margin = "       " // the width of " South "
	letters := func(r int) {
		w.WriteString(margin)
		for c := 0; c < n; c++ {
			fmt.Fprintf(&w, "    %s", s.paint(sideColor[owner(r)], mancala.Single(owner(r), at[r][c]).String()))
		}
		w.WriteString("\n")
	}
	cell := func(pl mancala.Player, i int) string {
		if b.Burnt(pl, i) {
			return s.paint(dim+";"+red, "   ×")
		}
		txt := fmt.Sprintf("%4d", b.Seeds(pl, i))
		attr := sideColor[pl]
		if prev != nil && prev.Houses() == hn && prev.Seeds(pl, i) != b.Seeds(pl, i) {
			attr = bold + ";" + attr
		}
		if b.Seeds(pl, i) == 0 {
			attr = dim
		}
		return s.paint(attr, txt)
	}
	row := func(r int) {
		pl := owner(r)
		switch r {
		case 0:
			w.WriteString(s.paint(sideColor[pl], " North "))
		case 2*l.Rows - 1:
			w.WriteString(s.paint(sideColor[pl], " South "))
		default:
			w.WriteString(margin)
		}
		w.WriteString("│")
		for c := 0; c < n; c++ {
			w.WriteString(cell(pl, at[r][c]))
			w.WriteString("│")
		}
		if l.Rows == 2 { // four rows: each row's letters beside it
			w.WriteString(" ")
			for c := 0; c < n; c++ {
				w.WriteString(" " + s.paint(sideColor[pl], mancala.Single(pl, at[r][c]).String()))
			}
		}
		w.WriteString("\n")
	}
	line := func(left, seg, sep, right string) string {
		return left + strings.TrimSuffix(strings.Repeat(seg+sep, n), sep) + right
	}
	letters(0)
	w.WriteString(margin + line("╭", "────", "┬", "╮") + "\n")
	for r := 0; r < l.Rows; r++ {
		if r > 0 {
			w.WriteString(margin + line("├", "────", "┼", "┤") + "\n")
		}
		row(r)
	}
	inner := 5*n - 1
	mid := strings.Repeat(" ", inner)
	if l, r := " ◀ North", "South ▶ "; inner >= len([]rune(l))+len([]rune(r))+2 {
		mid = s.paint(sideColor[mancala.North], l) + strings.Repeat(" ", inner-len([]rune(l))-len([]rune(r))) + s.paint(sideColor[mancala.South], r)
	}
	if l.NoStores { // the band between the sides, without store boxes
		w.WriteString(margin + line("├", "────", "┴", "┤") + "\n")
		w.WriteString(margin + "│" + mid + "│\n")
		w.WriteString(margin + line("├", "────", "┬", "┤") + "\n")
	} else {
		store := func(pl mancala.Player) string {
			return s.paint(bold+";"+sideColor[pl], fmt.Sprintf("%5d ", b.Store(pl)))
		}
		w.WriteString(line("╭──────┼", "────", "┴", "┼──────╮") + "\n")
		w.WriteString("│" + store(mancala.North) + "│" + mid + "│" + store(mancala.South) + "│\n")
		w.WriteString(line("╰──────┼", "────", "┬", "┼──────╯") + "\n")
	}
	for r := l.Rows; r < 2*l.Rows; r++ {
		if r > l.Rows {
			w.WriteString(margin + line("├", "────", "┼", "┤") + "\n")
		}
		row(r)
	}
	w.WriteString(margin + line("╰", "────", "┴", "╯") + "\n")
	letters(2*l.Rows - 1)
	if l.NoStores { // the captured seeds, which no store holds
		var caught []string
		for _, pl := range []mancala.Player{mancala.South, mancala.North} {
			caught = append(caught, s.paint(bold+";"+sideColor[pl], fmt.Sprintf("%s %d", s.name(pl), b.Store(pl))))
		}
		w.WriteString(" Captured: " + strings.Join(caught, " · ") + "\n")
	}

	var info []string
	if p.Round > 0 {
		n := p.Round
		if s.g != nil && p == s.g.Position() {
			n = s.g.Round() // a ruleset may keep Round at 1 over many rounds (mancala.Rounder)
		}
		info = append(info, fmt.Sprintf("round %d", n))
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if seeds, at := b.Hand(pl); seeds > 0 {
			info = append(info, fmt.Sprintf("%s holds %d seed%s in hand (last at %v)", s.name(pl), seeds, plural(seeds), at))
		}
		if k := burnt(b, pl); k > 0 {
			info = append(info, fmt.Sprintf("%s: %d burnt house%s", s.name(pl), k, plural(k)))
		}
	}
	switch {
	case s.g.Over():
		info = append(info, "game over")
	case p.ToMove.Simultaneous():
		info = append(info, "both players choose at once")
	default:
		pl, _ := p.ToMove.Player()
		info = append(info, s.paint(sideColor[pl], s.name(pl)+" to move"))
	}
	w.WriteString(" " + strings.Join(info, " · ") + "\n")
	return w.String()
}
