package play

import (
	"bufio"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// action is what a line typed at a prompt asks for.
type action int

const (
	actMove    action = iota // a house of the prompted player
	actJoint                 // a joint move (two letters, two humans at a simultaneous decision)
	actChanged               // the game changed (undo, redo, load, resign): decide again
	actQuit                  // quit, or the input ended
)

// maxEchoName is the most bytes of a file name that a message repeats;
// typed lines are repeated through mancala.Quote, which keeps 60.
const maxEchoName = 200

// quoteName quotes a file name for a message, shortened to maxEchoName
// bytes.
func quoteName(name string) string { return strconv.Quote(mancala.Shorten(name, maxEchoName)) }

// readLine reads the next input line. At the end of the input, or when
// the input fails, it reports false and sets s.quit; a failure other than
// the end also sets s.err (Run returns it).
func (s *Session) readLine() (string, bool) {
	if s.in.Scan() {
		return strings.TrimSpace(s.in.Text()), true
	}
	s.quit = true
	err := s.in.Err()
	msg := s.notSaved()
	switch {
	case errors.Is(err, bufio.ErrTooLong):
		s.printf("\n%s\n", msg)
		s.fail(fmt.Errorf("an input line is longer than %d bytes: the game was abandoned: %w", MaxLine, ErrLineTooLong))
	case err != nil:
		s.printf("\n%s\n", msg)
		s.fail(fmt.Errorf("reading the input: %w: the game was abandoned", err))
	case msg != "":
		s.printf("\nEnd of input. %s\n", msg)
	default:
		s.printf("\nEnd of input. Bye.\n")
	}
	return "", false
}

// ask prompts player p (or, once the game is over, anybody) and reads
// lines until one names a house or a command that ends the prompt. joint
// lets two letters name a joint move (two humans at a simultaneous
// decision).
func (s *Session) ask(p mancala.Player, joint bool) (action, mancala.Move) {
	n := s.g.Position().Board.Houses()
	for s.err == nil && !s.quit {
		if s.g.Over() {
			s.printf("> ")
		} else {
			s.printf("%s [%s]> ", s.name(p), s.choices(p))
		}
		line, ok := s.readLine()
		if !ok {
			return actQuit, mancala.Move{}
		}
		if line == "" {
			continue
		}
		word, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch strings.ToLower(word) {
		case "help", "?":
			s.help()
			continue
		case "rules":
			s.rules(arg)
			continue
		case "board":
			s.showBoard()
			continue
		case "quit", "exit":
			s.leave()
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
			// The letter's case names the side, as in every record: A, B,
			// ... are South's houses, a, b, ... North's.
			side := mancala.North
			if line[0] < 'a' {
				side = mancala.South
			}
			if side != p {
				if a := mancala.Across(mancala.Single(p, int(line[0]|0x20)-'a')); slices.Contains(s.g.Legal(), a) {
					s.complain(fmt.Sprintf("%s is %s's house: type %s to sow from it.", line, title(side), a))
					continue
				}
				s.complain(fmt.Sprintf("%s is %s's house; %s plays %s.", line, title(side), s.name(p), houseRange(p, n)))
				continue
			}
			i := int(line[0]|0x20) - 'a'
			if i >= n {
				s.complain(fmt.Sprintf("There is no house %s: %s's houses are %s.", line, title(p), houseRange(p, n)))
				continue
			}
			return actMove, mancala.Single(p, i)
		}
		if strings.HasPrefix(line, "^") || strings.HasSuffix(line, "'") {
			// A move written out: from the opponent's row (^c, mancala.Across)
			// or the other way round (C', mancala.Reversed); the rules say
			// whether the game has such moves.
			m, err := mancala.ParseMove(line)
			switch {
			case err != nil:
				s.complain(fmt.Sprintf("%s is not a move: a caret and a house letter (^c), or a letter and a prime (C').", mancala.Quote(line)))
			case m.Turn() != mancala.TurnOf(p) || s.g.Position().ToMove != m.Turn():
				s.complain(fmt.Sprintf("%s is not a move %s can make now.", mancala.Quote(line), s.name(p)))
			default:
				return actMove, m
			}
			continue
		}
		if joint && len(line) == 2 && isLetter(line[0]) && isLetter(line[1]) {
			m, err := mancala.ParseMove(line)
			if err != nil || !m.Turn().Simultaneous() {
				s.complain(fmt.Sprintf("%s is not a joint move: South's letter (capital) first, then North's, as in Ab.", mancala.Quote(line)))
				continue
			}
			return actJoint, m
		}
		s.complain(fmt.Sprintf("Unknown command %s: type a house letter, or help for the commands.", mancala.Quote(line)))
	}
	return actQuit, mancala.Move{}
}

// complain prints a one-line refusal.
func (s *Session) complain(msg string) { s.printf("%s\n", s.paint(red, msg)) }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// houseRange writes p's house letters from first to last: "A–F" (capital
// letters for South, small for North).
func houseRange(p mancala.Player, n int) string {
	return mancala.Single(p, 0).String() + "–" + mancala.Single(p, n-1).String()
}

// choices lists the houses p may choose now, for the prompt.
func (s *Session) choices(p mancala.Player) string {
	var b strings.Builder
	legal := s.g.Legal()
	for i, h := range mancala.Choices(nil, legal, p) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(mancala.Single(p, h).String())
	}
	for _, h := range mancala.AcrossChoices(nil, legal, p) { // houses of the opponent's row
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(mancala.Across(mancala.Single(p, h)).String())
	}
	return b.String()
}
