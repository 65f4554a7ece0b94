package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// verbosity is how much the session prints after each decision.
type verbosity int

const (
	normal        verbosity = iota // a line per decision; the board when the turn passes
	quietOutput                    // a short line per decision; the board before a human decides
	verboseOutput                  // a line per decision and the board after every one
)

// session is one run of the program: the game, the people and computer
// players at the board, and the terminal.
type session struct {
	g           *mancala.Game
	in          *bufio.Scanner
	out         io.Writer
	err         error // the first error writing out or reading in; the session stops on it
	human       [2]bool
	aiSpec      string // the -ai spec as parsed (normalSpec)
	seed        uint64
	ai          [2]search.Engine    // the computer's player for each side
	hinter      searcher            // the engine that answers hint
	eg          *rulesflags.Endgame // the endgame databases (-endgame), or nil
	color       bool
	verbosity   verbosity
	interactive bool // the input is a terminal: quit offers to save

	// The boards shown: shown is the position of the last board printed,
	// prev the one before it (whose houses the next board highlights);
	// both nil after undo, redo or load.
	shown, prev *mancala.Position

	rounds        roundCount     // the rounds ended before each position
	saved         []mancala.Move // the moves of the game as last saved or loaded
	savedConceded bool           // ... and whether it was conceded
	quit          bool

	// With -quiet, the decisions of one turn share a line: turnLine says
	// that a line of turnWho's turn is open (printf ends it).
	turnLine bool
	turnWho  mancala.Player
}

// newPlayers makes the computer players for a new game. normalSpec has
// checked the spec already, in run.
func (s *session) newPlayers() {
	for p := mancala.South; p <= mancala.North; p++ {
		ai, _ := search.ParseEngine(s.aiSpec, s.seed+uint64(p))
		s.ai[p] = s.eg.Engine(ai) // ai itself without -endgame
	}
	s.hinter = newHinter(s.aiSpec, s.seed+2)
}

// printf writes to the output, first ending the line of a turn that
// -quiet is writing, if one is open.
func (s *session) printf(format string, args ...any) {
	s.endTurnLine()
	s.write(fmt.Sprintf(format, args...))
}

// endTurnLine ends the line of a turn that -quiet is writing, if one is
// open.
func (s *session) endTurnLine() {
	if s.turnLine {
		s.turnLine = false
		s.write(".\n")
	}
}

// write writes text as it is, unless an earlier write failed.
func (s *session) write(text string) {
	if s.err != nil || text == "" {
		return
	}
	_, s.err = io.WriteString(s.out, text)
}

// fail stops the session with err, unless it has stopped already.
func (s *session) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// play runs the game until it ends (for computer against computer), the
// human quits, or the input ends.
func (s *session) play() {
	s.printf("%s\n", s.paint(bold, "Sowing: "+gameTitle(s.g.Rules())+". Type help for the commands, rules for the rules."))
	s.showBoard()
	for !s.quit && s.err == nil {
		if s.g.Over() {
			s.showBoardIfChanged()
			s.announce()
			if !s.anyHuman() {
				return
			}
			s.afterGame()
			continue
		}
		t := s.g.Turn()
		if s.humanDecides(t) {
			s.showBoardIfChanged()
		}
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

// humanDecides reports whether a human takes part in a decision of t.
func (s *session) humanDecides(t mancala.Turn) bool {
	return (t.Has(mancala.South) && s.human[mancala.South]) || (t.Has(mancala.North) && s.human[mancala.North])
}

// humanTurn asks player p for a house until the game accepts one or a
// command changes the game.
func (s *session) humanTurn(p mancala.Player) {
	for !s.quit && s.err == nil {
		act, m := s.ask(p, false)
		if act != actMove {
			return
		}
		if err := s.playMove(m); err != nil {
			s.refuse(m, err)
			continue
		}
		return
	}
}

// computerTurn lets the computer decide for p and plays its move.
func (s *session) computerTurn(p mancala.Player) {
	m, err := s.ai[p].Choose(context.Background(), s.g, p)
	if err == nil {
		err = s.playMove(m)
	}
	if err != nil {
		s.fail(fmt.Errorf("the computer cannot move for %v: %w", p, err))
	}
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
			s.fail(fmt.Errorf("the computer cannot choose for %v: %w", p, err))
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
				if err := s.playMove(m); err != nil {
					s.refuse(m, err)
					continue
				}
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
	if err := s.playMove(m); err != nil {
		s.fail(fmt.Errorf("joint move %v refused: %w", m, err))
	}
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
		s.complain(msg + ".")
		return
	}
	s.complain(fmt.Sprintf("can't play %v: %v.", m, err))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// showBoard prints the diagram and whose turn it is, highlighting the
// houses changed since the board shown before.
func (s *session) showBoard() {
	cur := s.g.Position()
	if s.shown == nil || *s.shown != cur {
		s.prev, s.shown = s.shown, &cur
	}
	var prev *mancala.Board
	if s.prev != nil {
		prev = &s.prev.Board
	}
	s.printf("%s", s.render(cur, prev))
}

// showBoardIfChanged shows the board unless it was the last one shown.
func (s *session) showBoardIfChanged() {
	if s.shown == nil || *s.shown != s.g.Position() {
		s.showBoard()
	}
}

// forgetBoard drops the boards shown, after the game changed other than
// by a move (undo, redo, load): the next board highlights nothing.
func (s *session) forgetBoard() { s.shown, s.prev = nil, nil }

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
