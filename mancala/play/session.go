package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// DefaultAI is the computer's engine when [Config].AI is empty: a deep
// enough alpha-beta search for a fair game, cut short by the clock so
// that it answers in well under a second on the usual boards.
const DefaultAI = "alphabeta:depth=12,time=300ms"

// MaxLine is the longest input line a session reads; a longer one ends
// it with an error wrapping [ErrLineTooLong].
const MaxLine = 1 << 20

// Errors of [New] and [Session.Run].
var (
	// ErrConfig is wrapped by the errors of New for a configuration it
	// cannot play: no ruleset, an engine spec that search.ParseEngine
	// refuses, a board without houses.
	ErrConfig = errors.New("play: bad configuration")
	// ErrLineTooLong is wrapped by the error of Run when an input line is
	// longer than MaxLine bytes.
	ErrLineTooLong = errors.New("play: input line too long")
	// ErrEngine is wrapped by the error of Run when a computer player
	// fails to choose a move.
	ErrEngine = errors.New("play: the computer player failed")
)

// Verbosity is how much a session prints after each decision.
type Verbosity int

const (
	Normal  Verbosity = iota // the narration of each decision; the board when the turn passes
	Quiet                    // one short line a turn; the board only before a human decides and at the end
	Verbose                  // the narration and the board after every decision
)

// Endgame is what a session asks of endgame databases: a program's
// loaded databases (such as the examples' -endgame flags give) satisfy
// it. A nil Endgame in [Config] plays without databases.
type Endgame interface {
	// Engine returns eng, made to read the databases where they hold
	// the position (eng itself if they cannot help it).
	Engine(eng search.Engine) search.Engine
	// Rules returns the ruleset that a hint's search should use for r:
	// r with the databases as an oracle, or r itself.
	Rules(r mancala.Ruleset) mancala.Ruleset
	// Applies reports whether the databases are those of r.
	Applies(r mancala.Ruleset) bool
	// Exact reports whether the databases' values are exact for the
	// rules they apply to (false: estimates of nearby rules).
	Exact() bool
}

// Config says what a [Session] plays and how. Only Rules is required.
type Config struct {
	// Rules is the ruleset of the game to play.
	Rules mancala.Ruleset
	// Human says which sides a person plays: both for two people at one
	// keyboard, none for the computer against itself.
	Human [2]bool
	// AI is the computer's engine spec (search.ParseEngine), such as
	// "greedy" or "level:hard"; "" is DefaultAI. It also names the
	// computer in saved games.
	AI string
	// Seed seeds the computer's random choices: South's engine gets Seed,
	// North's Seed+1 and the hint's Seed+2.
	Seed uint64
	// Color writes the board and messages with ANSI colours.
	Color bool
	// Verbosity is how much is printed after each decision.
	Verbosity Verbosity
	// Width is the terminal's width in columns, to which the rules are
	// wrapped; 0 reads the COLUMNS environment variable, and 80 is used
	// when that holds no positive number.
	Width int
	// Interactive says that the input is a terminal: quitting with
	// unsaved moves then offers to save them.
	Interactive bool
	// Endgame gives the computer and the hint endgame databases, or nil.
	Endgame Endgame
	// ReadRecords reads the games of a file for the load command; nil is
	// record.ReadFile (record text or JSON).
	ReadRecords func(name string) ([]*record.Record, error)
	// Resolve builds the ruleset a loaded record names; nil is
	// record.ByName (the registered families).
	Resolve record.Resolver
}

// Session is one game at a terminal: the game, the people and computer
// players at the board, and the text they read and type. Build one with
// [New] and run it once with [Session.Run].
type Session struct {
	cfg    Config
	g      *mancala.Game
	aiSpec string // cfg.AI in the form stored in saved games (normalSpec)
	width  int
	in     *bufio.Scanner
	out    io.Writer
	err    error // the first error writing out or reading in; the session stops on it
	ai     [2]search.Engine
	hinter searcher
	quit   bool

	// The boards shown: shown is the position of the last board printed,
	// prev the one before it (whose houses the next board highlights);
	// both nil after undo, redo or load.
	shown, prev *mancala.Position

	saved         []mancala.Move // the moves of the game as last saved or loaded
	savedConceded bool           // ... and whether it was conceded

	// With Quiet, the decisions of one turn share a line: turnLine says
	// that a line of turnWho's turn is open (printf ends it).
	turnLine bool
	turnWho  mancala.Player
}

// New checks c and returns a session ready to run a new game under
// c.Rules. Its errors wrap [ErrConfig] and say what is wrong.
func New(c Config) (*Session, error) {
	if c.Rules == nil {
		return nil, fmt.Errorf("no ruleset: %w", ErrConfig)
	}
	if c.AI == "" {
		c.AI = DefaultAI
	}
	spec, err := normalSpec(c.AI)
	if err != nil {
		return nil, fmt.Errorf("engine %s: %v: %w", mancala.Quote(c.AI), err, ErrConfig)
	}
	g, err := mancala.NewGame(c.Rules)
	if err == nil {
		err = checkBoard(g)
	}
	if err != nil {
		return nil, fmt.Errorf("%v: %w", err, ErrConfig)
	}
	if c.ReadRecords == nil {
		c.ReadRecords = record.ReadFile
	}
	if c.Resolve == nil {
		c.Resolve = record.ByName
	}
	s := &Session{cfg: c, g: g, aiSpec: spec, width: c.Width}
	if s.width <= 0 {
		s.width = 80
		if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
			s.width = n
		}
	}
	s.newPlayers()
	return s, nil
}

// Game returns the session's game: the one it started with, or the one
// the last load command replaced it by.
func (s *Session) Game() *mancala.Game { return s.g }

// Run plays the game, reading the people's lines from in and writing
// everything to out, until the game ends (for the computer against
// itself), a person quits, or in ends. It returns nil then; or the first
// error writing out, an error wrapping [ErrLineTooLong] or of in for the
// input, or one wrapping [ErrEngine] when a computer player fails. Run
// never panics on what it reads. Call it once.
func (s *Session) Run(in io.Reader, out io.Writer) error {
	if in == nil {
		in = strings.NewReader("")
	}
	s.in = bufio.NewScanner(in)
	s.in.Buffer(make([]byte, 4096), MaxLine)
	s.out = out
	s.loop()
	return s.err
}

// newPlayers makes the computer players for a new game. New has checked
// the spec already.
func (s *Session) newPlayers() {
	for p := mancala.South; p <= mancala.North; p++ {
		ai, _ := search.ParseEngine(s.aiSpec, s.cfg.Seed+uint64(p))
		if s.cfg.Endgame != nil {
			ai = s.cfg.Endgame.Engine(ai)
		}
		s.ai[p] = ai
	}
	s.hinter = newHinter(s.aiSpec, s.cfg.Seed+2)
}

// normalSpec checks an engine spec with search.ParseEngine and returns it
// in the form stored in saved games: the kind and each key=value
// parameter without spaces, so that no line break or stray blank reaches
// a record. The result parses to the same player.
func normalSpec(spec string) (string, error) {
	if _, err := search.ParseEngine(spec, 0); err != nil {
		return "", err
	}
	kind, params, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok {
		return strings.TrimSpace(kind), nil
	}
	fields := strings.Split(params, ",")
	for i, f := range fields {
		k, v, _ := strings.Cut(f, "=")
		fields[i] = strings.TrimSpace(k) + "=" + strings.TrimSpace(v)
	}
	return strings.TrimSpace(kind) + ":" + strings.Join(fields, ","), nil
}

// checkBoard refuses a game whose board has no houses: rules whose
// options overflow can build one.
func checkBoard(g *mancala.Game) error {
	if g.Position().Board.Houses() < 1 {
		return fmt.Errorf("%s: the rules give a board without houses (a board holds at most %d seeds)", gameTitle(g.Rules()), mancala.MaxSeeds)
	}
	return nil
}

// printf writes to the output, first ending the line of a turn that
// Quiet is writing, if one is open.
func (s *Session) printf(format string, args ...any) {
	s.endTurnLine()
	s.write(fmt.Sprintf(format, args...))
}

// endTurnLine ends the line of a turn that Quiet is writing, if open.
func (s *Session) endTurnLine() {
	if s.turnLine {
		s.turnLine = false
		s.write(".\n")
	}
}

// write writes text as it is, unless an earlier write failed.
func (s *Session) write(text string) {
	if s.err != nil || text == "" {
		return
	}
	if s.out == nil {
		s.err = errors.New("play: no output")
		return
	}
	_, s.err = io.WriteString(s.out, text)
}

// fail stops the session with err, unless it has stopped already.
func (s *Session) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// loop runs the game until it ends (for computer against computer), the
// human quits, or the input ends.
func (s *Session) loop() {
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
		if s.cfg.Human[p] {
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
func (s *Session) name(p mancala.Player) string {
	n := title(p)
	h := s.cfg.Human
	if h[p] != h[p.Other()] {
		if h[p] {
			return n + " (you)"
		}
		return n + " (computer)"
	}
	return n
}

// humanDecides reports whether a human takes part in a decision of t.
func (s *Session) humanDecides(t mancala.Turn) bool {
	h := s.cfg.Human
	return (t.Has(mancala.South) && h[mancala.South]) || (t.Has(mancala.North) && h[mancala.North])
}

func (s *Session) anyHuman() bool { return s.cfg.Human[mancala.South] || s.cfg.Human[mancala.North] }

// humanTurn asks player p for a house until the game accepts one or a
// command changes the game.
func (s *Session) humanTurn(p mancala.Player) {
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
func (s *Session) computerTurn(p mancala.Player) {
	m, err := s.ai[p].Choose(context.Background(), s.g, p)
	if err == nil {
		err = s.playMove(m)
	}
	if err != nil {
		s.fail(fmt.Errorf("the computer cannot move for %v: %w: %w", p, ErrEngine, err))
	}
}

// simultaneous plays a decision taken by both players at once: the
// computer's choices are made and kept hidden before any human types his.
func (s *Session) simultaneous() {
	var house [2]int
	h := s.cfg.Human
	for p := mancala.South; p <= mancala.North; p++ {
		if h[p] {
			continue
		}
		m, err := s.ai[p].Choose(context.Background(), s.g, p)
		if err != nil {
			s.fail(fmt.Errorf("the computer cannot choose for %v: %w: %w", p, ErrEngine, err))
			return
		}
		house[p], _ = m.House(p)
	}
	switch {
	case h[mancala.South] && h[mancala.North]:
		s.printf("Both players choose at once: South, then North (or both letters, South's first, as in \"Ab\").\n")
	case h[mancala.South] || h[mancala.North]:
		s.printf("Both players choose at once. %s\n", s.paint(bold, "The computer has chosen its house (hidden until you choose)."))
	}
	legal := s.g.Legal()
	for p := mancala.South; p <= mancala.North; p++ {
		if !h[p] {
			continue
		}
		for {
			act, m := s.ask(p, p == mancala.South && h[mancala.North])
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
			hs, _ := m.House(p)
			if containsInt(mancala.Choices(nil, legal, p), hs) {
				house[p] = hs
				break
			}
			// Ask the rules why: pair the choice with any legal choice of the other side.
			other := mancala.Choices(nil, legal, p.Other())
			j := mancala.Joint(hs, other[0])
			if p == mancala.North {
				j = mancala.Joint(other[0], hs)
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
		s.fail(fmt.Errorf("joint move %v refused: %w: %w", m, ErrEngine, err))
	}
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
func (s *Session) refuse(m mancala.Move, err error) {
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
func (s *Session) showBoard() {
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
func (s *Session) showBoardIfChanged() {
	if s.shown == nil || *s.shown != s.g.Position() {
		s.showBoard()
	}
}

// forgetBoard drops the boards shown, after the game changed other than
// by a move (undo, redo, load): the next board highlights nothing.
func (s *Session) forgetBoard() { s.shown, s.prev = nil, nil }

// afterGame offers the commands that still make sense once the game is
// over, until one changes the game or the human leaves.
func (s *Session) afterGame() {
	s.printf("Type undo to take moves back, save FILE, load FILE, or quit.\n")
	for !s.quit && s.err == nil {
		if act, _ := s.ask(mancala.South, false); act != actMove {
			return
		}
	}
}

// gameTitle names a ruleset for people: its family's label
// (mancala.Label), or "a sowing game".
func gameTitle(r mancala.Ruleset) string {
	if l := mancala.Label(r); l != "" {
		return l
	}
	return "a sowing game"
}
