package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// session is one run of the program: the game, the people and computer
// players at the board, and the terminal.
type session struct {
	g      *mancala.Game
	in     *bufio.Scanner
	out    io.Writer
	err    error // the first error writing out; the session stops on it
	human  [2]bool
	aiSpec string
	seed   uint64
	ai     [2]search.Player // the computer's player for each side
	hinter search.Player    // the engine that answers hint
	color  bool
	prev   *mancala.Position // the position before the last move, for highlighting; nil after undo or load
	quit   bool
}

// action is what a line typed at a prompt asks for.
type action int

const (
	actMove    action = iota // a house of the prompted player
	actJoint                 // a joint move (two letters, two humans at a simultaneous decision)
	actChanged               // the game changed (undo, redo, load, resign): decide again
	actQuit                  // quit, or the input ended
)

// newPlayers makes the computer players for a new game. ParsePlayer has
// accepted the spec already, in run.
func (s *session) newPlayers() {
	for p := mancala.South; p <= mancala.North; p++ {
		s.ai[p], _ = search.ParsePlayer(s.aiSpec, s.seed+uint64(p))
	}
	s.hinter, _ = search.ParsePlayer(s.aiSpec, s.seed+2)
}

func (s *session) printf(format string, args ...any) {
	if s.err != nil {
		return
	}
	_, s.err = fmt.Fprintf(s.out, format, args...)
}

// play runs the game until it ends (for computer against computer), the
// human quits, or the input ends.
func (s *session) play() {
	s.printf("%s\n", s.paint(bold, "Sowing: "+gameTitle(s.g.Rules())+". Type help for the commands."))
	s.showBoard()
	for !s.quit && s.err == nil {
		if s.g.Over() {
			s.announce()
			if !s.human[mancala.South] && !s.human[mancala.North] {
				return
			}
			s.afterGame()
			continue
		}
		t := s.g.Turn()
		if t.Simultaneous() {
			s.simultaneous()
			continue
		}
		p, _ := t.Player()
		if s.human[p] {
			s.humanTurn(p)
		} else {
			s.computerTurn(p)
		}
	}
}

// title is p's name with a capital: "South".
func title(p mancala.Player) string {
	return strings.ToUpper(p.String()[:1]) + p.String()[1:]
}

// name names side p for messages: "South (you)" when one person plays the
// computer.
func (s *session) name(p mancala.Player) string {
	n := title(p)
	if s.human[p] != s.human[p.Other()] {
		if s.human[p] {
			return n + " (you)"
		}
		return n + " (computer)"
	}
	return n
}

// humanTurn asks player p for a house until the game accepts one or a
// command changes the game.
func (s *session) humanTurn(p mancala.Player) {
	for !s.quit && s.err == nil {
		act, m := s.ask(p, false)
		if act != actMove {
			return
		}
		before := s.g.Position()
		if err := s.g.Play(m); err != nil {
			s.refuse(m, err)
			continue
		}
		s.moved(before, fmt.Sprintf("%s plays %v.", s.name(p), m))
		return
	}
}

// computerTurn lets the computer decide for p and plays its move.
func (s *session) computerTurn(p mancala.Player) {
	m, err := s.ai[p].Choose(context.Background(), s.g, p)
	if err == nil {
		before := s.g.Position()
		if err = s.g.Play(m); err == nil {
			s.moved(before, fmt.Sprintf("%s plays %v.", s.name(p), m))
			return
		}
	}
	s.err = fmt.Errorf("the computer cannot move for %v: %w", p, err)
}

// simultaneous plays a decision taken by both players at once (CK-8): the
// computer's choices are made and kept hidden before any human types his.
func (s *session) simultaneous() {
	var house [2]int
	for p := mancala.South; p <= mancala.North; p++ {
		if s.human[p] {
			continue
		}
		m, err := s.ai[p].Choose(context.Background(), s.g, p)
		if err != nil {
			s.err = fmt.Errorf("the computer cannot choose for %v: %w", p, err)
			return
		}
		house[p], _ = m.House(p)
	}
	switch {
	case s.human[mancala.South] && s.human[mancala.North]:
		s.printf("Both players choose at once: South, then North (or both letters, South's first, as in \"Ab\").\n")
	case s.human[mancala.South] || s.human[mancala.North]:
		s.printf("Both players choose at once. %s\n", s.paint(bold, "The computer has chosen its house (hidden until you choose)."))
	}
	legal := s.g.Legal()
	for p := mancala.South; p <= mancala.North; p++ {
		if !s.human[p] {
			continue
		}
		for {
			act, m := s.ask(p, p == mancala.South && s.human[mancala.North])
			switch act {
			case actMove:
			case actJoint:
				before := s.g.Position()
				if err := s.g.Play(m); err != nil {
					s.refuse(m, err)
					continue
				}
				s.moved(before, fmt.Sprintf("South chose %v, North chose %v.", houseMove(mancala.South, m), houseMove(mancala.North, m)))
				return
			default:
				return
			}
			h, _ := m.House(p)
			if containsInt(mancala.Choices(nil, legal, p), h) {
				house[p] = h
				break
			}
			// Ask the rules why: pair the choice with any legal choice of the other side.
			other := mancala.Choices(nil, legal, p.Other())
			j := mancala.Joint(h, other[0])
			if p == mancala.North {
				j = mancala.Joint(other[0], h)
			}
			_, err := s.g.Rules().Play(s.g.Position(), j)
			if err == nil {
				err = fmt.Errorf("house %v cannot be chosen", m)
			}
			s.refuse(m, err)
		}
	}
	m := mancala.Joint(house[mancala.South], house[mancala.North])
	before := s.g.Position()
	if err := s.g.Play(m); err != nil {
		s.err = fmt.Errorf("joint move %v refused: %w", m, err)
		return
	}
	s.moved(before, fmt.Sprintf("%s chose %v, %s chose %v.",
		s.name(mancala.South), houseMove(mancala.South, m), s.name(mancala.North), houseMove(mancala.North, m)))
}

// houseMove is p's part of the joint move m, as a move of p alone.
func houseMove(p mancala.Player, m mancala.Move) mancala.Move {
	h, _ := m.House(p)
	return mancala.Single(p, h)
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// refuse explains why a move was refused, in one line.
func (s *session) refuse(m mancala.Move, err error) {
	var me *mancala.MoveError
	if errors.As(err, &me) {
		msg := "can't play " + m.String() + ": " + me.Reason
		if me.Rule != "" {
			msg += " (rule " + me.Rule + ")"
		}
		s.printf("%s\n", s.paint(red, msg+"."))
		return
	}
	s.printf("%s\n", s.paint(red, fmt.Sprintf("can't play %v: %v.", m, err)))
}

// moved reports the move just played: what it did, then the board.
func (s *session) moved(before mancala.Position, what string) {
	after := s.g.Position()
	s.printf("%s\n", what)
	for p := mancala.South; p <= mancala.North; p++ {
		if d := after.Board.Store(p) - before.Board.Store(p); d != 0 && after.Round == before.Round {
			verb := "gains"
			if d < 0 {
				verb, d = "loses", -d
			}
			if verb == "gains" && !after.Over() && strings.HasPrefix(gameTitle(s.g.Rules()), "awale") {
				// In Awalé only captures fill a store before the end (AW-4).
				s.printf("  %s captures %d (AW-4); store now %d.\n", title(p), d, after.Board.Store(p))
				continue
			}
			s.printf("  %s's store %s %d (now %d).\n", title(p), verb, d, after.Board.Store(p))
		}
	}
	if after.Round > before.Round {
		// Each player refills his houses from his own seeds (CK-11), so
		// store and row now hold what he had at the end of the round.
		var own [2]int
		for p := mancala.South; p <= mancala.North; p++ {
			own[p] = after.Board.Store(p) + after.Board.RowSeeds(p)
		}
		s.printf("  Round %d is over: South has %d seeds, North %d (CK-10). Round %d begins.\n",
			before.Round, own[mancala.South], own[mancala.North], after.Round)
		for p := mancala.South; p <= mancala.North; p++ {
			if n := burnt(after.Board, p); n > 0 {
				s.printf("  %s has %d burnt house%s (CK-11).\n", title(p), n, plural(n))
			}
		}
	}
	if mover, ok := before.ToMove.Player(); ok && after.ToMove == before.ToMove && after.Round == before.Round {
		s.printf("  %s moves again.\n", title(mover))
	}
	if pl, ok := after.ToMove.Player(); ok && before.ToMove.Simultaneous() && after.Round == before.Round {
		if seeds, _ := after.Board.Hand(pl.Other()); seeds > 0 {
			s.printf("  %s chooses again while %s's hand waits with %d seed%s (CK-8).\n", title(pl), title(pl.Other()), seeds, plural(seeds))
		}
	}
	s.prev = &before
	s.showBoard()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// showBoard prints the diagram and whose turn it is.
func (s *session) showBoard() {
	var prev *mancala.Board
	if s.prev != nil {
		prev = &s.prev.Board
	}
	s.printf("%s", s.render(s.g.Position(), prev))
}

// announce prints the result of a finished game.
func (s *session) announce() {
	o := s.g.Outcome()
	sc := fmt.Sprintf("%d–%d", o.Scores[mancala.South], o.Scores[mancala.North])
	var msg string
	if w, ok := o.Result.Winner(); ok {
		msg = fmt.Sprintf("Game over: %s wins, %s.", s.name(w), sc)
		if o.Conceded {
			msg = fmt.Sprintf("Game over: %s resigned; %s wins.", s.name(w.Other()), s.name(w))
		}
	} else {
		msg = fmt.Sprintf("Game over: a draw, %s.", sc)
	}
	s.printf("%s\n", s.paint(bold, msg))
	s.printf("Moves: %s\n", s.g.MovesText())
}

// afterGame offers the commands that still make sense once the game is
// over, until one changes the game or the human leaves.
func (s *session) afterGame() {
	s.printf("Type undo to take moves back, save FILE, load FILE, or quit.\n")
	for !s.quit && s.err == nil {
		if act, _ := s.ask(mancala.South, false); act != actMove {
			return
		}
	}
}

// ask prompts player p (or, once the game is over, anybody) and reads
// lines until one names a house or a command that ends the prompt. joint
// lets two letters name a joint move (two humans at a simultaneous
// decision).
func (s *session) ask(p mancala.Player, joint bool) (action, mancala.Move) {
	n := s.g.Position().Board.Houses()
	for s.err == nil {
		if s.g.Over() {
			s.printf("> ")
		} else {
			s.printf("%s [%s]> ", s.name(p), s.choices(p))
		}
		if !s.in.Scan() {
			if err := s.in.Err(); err != nil {
				s.printf("\nInput error: %v. The game is abandoned.\n", err)
			} else {
				s.printf("\nEnd of input. The game is abandoned.\n")
			}
			s.quit = true
			return actQuit, mancala.Move{}
		}
		line := strings.TrimSpace(s.in.Text())
		if line == "" {
			continue
		}
		word, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch strings.ToLower(word) {
		case "help", "?":
			s.help()
			continue
		case "board":
			s.showBoard()
			continue
		case "quit", "exit":
			s.printf("Bye.\n")
			s.quit = true
			return actQuit, mancala.Move{}
		case "undo":
			if s.undo() {
				return actChanged, mancala.Move{}
			}
			continue
		case "redo":
			if s.redo() {
				return actChanged, mancala.Move{}
			}
			continue
		case "save":
			s.save(arg)
			continue
		case "load":
			if s.load(arg) {
				return actChanged, mancala.Move{}
			}
			continue
		case "hint":
			s.hint(p)
			continue
		case "resign":
			if s.g.Over() {
				s.printf("The game is over already.\n")
				continue
			}
			if err := s.g.Concede(p); err != nil {
				s.printf("%v\n", err)
				continue
			}
			return actChanged, mancala.Move{}
		}
		if s.g.Over() {
			s.printf("The game is over: type undo, save FILE, load FILE or quit (help lists the commands).\n")
			continue
		}
		if len(line) == 1 && isLetter(line[0]) {
			i := int(line[0]|0x20) - 'a'
			if i >= n {
				s.printf("%s\n", s.paint(red, fmt.Sprintf("There is no house %s: the houses are %s.", line, houseRange(p, n))))
				continue
			}
			return actMove, mancala.Single(p, i)
		}
		if joint && len(line) == 2 && isLetter(line[0]) && isLetter(line[1]) {
			m, err := mancala.ParseMove(line)
			if err != nil || !m.Turn().Simultaneous() {
				s.printf("%s\n", s.paint(red, fmt.Sprintf("%q is not a joint move: South's letter (capital) first, then North's, as in Ab.", line)))
				continue
			}
			return actJoint, m
		}
		s.printf("%s\n", s.paint(red, fmt.Sprintf("Unknown command %q: type a house letter, or help for the commands.", line)))
	}
	return actQuit, mancala.Move{}
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// houseRange writes p's house letters from first to last: "A–F".
func houseRange(p mancala.Player, n int) string {
	return mancala.Single(p, 0).String() + "–" + mancala.Single(p, n-1).String()
}

// choices lists the houses p may choose now, for the prompt.
func (s *session) choices(p mancala.Player) string {
	var b strings.Builder
	for i, h := range mancala.Choices(nil, s.g.Legal(), p) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(mancala.Single(p, h).String())
	}
	return b.String()
}

const helpText = `Type the letter of a house to sow from it (A, B, ... for South; a, b, ... for North).
Commands:
  help          this list
  board         show the board again
  hint          the computer's suggestion
  undo          take back your last move and the computer's reply
  redo          play again what undo took back
  save FILE     save the game to FILE (a game record)
  load FILE     continue the game saved in FILE
  resign        concede the game
  quit          leave
`

func (s *session) help() { s.printf("%s", helpText) }

// humanDecides reports whether a human takes part in a decision of t.
func (s *session) humanDecides(t mancala.Turn) bool {
	return (t.Has(mancala.South) && s.human[mancala.South]) || (t.Has(mancala.North) && s.human[mancala.North])
}

// undo takes moves back to the last earlier position in which a human
// decided, past the computer's replies.
func (s *session) undo() bool {
	if s.g.Over() && !s.g.Position().Over() { // a concession
		if err := s.g.Undo(); err == nil {
			s.printf("Resignation taken back.\n")
			s.prev = nil
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
		s.prev = nil
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
	s.prev = nil
	s.showBoard()
	return true
}

// hint asks the engine what p should play.
func (s *session) hint(p mancala.Player) {
	if s.g.Over() {
		s.printf("The game is over.\n")
		return
	}
	m, err := s.hinter.Choose(context.Background(), s.g, p)
	if err != nil {
		s.printf("No hint: %v.\n", err)
		return
	}
	h, _ := m.House(p)
	s.printf("Hint: %v.\n", mancala.Single(p, h))
}

// label says who played side p, for the record's tags.
func (s *session) label(p mancala.Player) string {
	if s.human[p] {
		return "human"
	}
	return "computer (" + s.aiSpec + ")"
}

// save writes the game as a record to the file named.
func (s *session) save(name string) {
	if name == "" {
		s.printf("save: name the file, as in: save game.txt\n")
		return
	}
	rec, err := record.New(s.g,
		record.Tag{Name: "South", Value: s.label(mancala.South)},
		record.Tag{Name: "North", Value: s.label(mancala.North)})
	var f *os.File
	if err == nil {
		f, err = os.Create(name)
	}
	if err == nil {
		err = record.Write(f, rec)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		s.printf("%s\n", s.paint(red, fmt.Sprintf("save: %v", err)))
		return
	}
	s.printf("Saved %d move%s to %s.\n", len(rec.Moves), plural(len(rec.Moves)), name)
}

// load replaces the game by the first game of a record file.
func (s *session) load(name string) bool {
	if name == "" {
		s.printf("load: name the file, as in: load game.txt\n")
		return false
	}
	fail := func(err error) bool {
		s.printf("%s\n", s.paint(red, fmt.Sprintf("load %s: %v", name, err)))
		return false
	}
	f, err := os.Open(name)
	if err != nil {
		return fail(err)
	}
	recs, err := record.Read(f)
	f.Close()
	if err != nil {
		return fail(err)
	}
	if len(recs) == 0 {
		return fail(errors.New("no game in the file"))
	}
	g, err := recs[0].Replay(resolve)
	if err != nil {
		return fail(err)
	}
	s.g = g
	s.newPlayers()
	s.prev = nil
	s.printf("Loaded %s: %s, %d move%s.\n", name, gameTitle(g.Rules()), g.Ply(), plural(g.Ply()))
	s.showBoard()
	return true
}

// gameTitle names a ruleset for people.
func gameTitle(r mancala.Ruleset) string {
	if st, ok := r.(fmt.Stringer); ok {
		return st.String()
	}
	return "a sowing game"
}
