package mancala

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// Game is a game in progress for people and programs that play: a ruleset,
// the positions and moves so far, undo and redo, concession and the
// outcome. It checks every move and ends the game on a repeated position
// when the ruleset is a [Cycler].
//
// A Game is not safe for concurrent use; [Game.Clone] makes an independent
// copy for another goroutine.
//
// Build a Game with [NewGame]. The zero Game is a finished game with no
// ruleset: it has no legal move, refuses every move with ErrGameOver, and
// has nothing to undo.
type Game struct {
	rules     Ruleset
	positions []Position // positions[0] is the start; positions[i+1] follows moves[i]
	moves     []Move     // moves played, including undone ones kept for Redo
	ply       int        // moves in effect: positions[ply] is the current position
	conceded  Turn       // the player who conceded at ply, if any
	rounds    []int      // for a Rounder: rounds[i] is the round of positions[i], from 1
}

// GameOption configures [NewGame].
type GameOption func(*gameConfig) error

type gameConfig struct {
	start    Position
	hasStart bool
}

// From starts the game from p instead of the ruleset's start position. The
// ruleset's Setup checks p.
func From(p Position) GameOption {
	return func(c *gameConfig) error {
		c.start, c.hasStart = p, true
		return nil
	}
}

// FromText starts the game from position text (see [ParsePosition]).
func FromText(s string) GameOption {
	return func(c *gameConfig) error {
		p, err := ParsePosition(s)
		if err != nil {
			return err
		}
		c.start, c.hasStart = p, true
		return nil
	}
}

// NewGame starts a game under r. It fails if r is nil or a nil pointer (an error wrapping
// ErrUnsupported) or if an option does (for instance a start position that
// r's Setup refuses).
func NewGame(r Ruleset, opts ...GameOption) (*Game, error) {
	if isNil(r) { // a typed nil too, such as (*awale.Rules)(nil)
		return nil, fmt.Errorf("mancala: new game without a ruleset: %w", ErrUnsupported)
	}
	var c gameConfig
	for _, o := range opts {
		if err := o(&c); err != nil {
			return nil, err
		}
	}
	start := r.Start()
	if c.hasStart {
		var err error
		if start, err = r.Setup(c.start); err != nil {
			return nil, err
		}
		// A ruleset that knows no layout keeps the one it was given.
		if got, want := start.Board.Layout(), LayoutOf(r); got != want {
			return nil, fmt.Errorf("mancala: a board of %d rows a side (stores %v) for rules of %d (stores %v): %w",
				got.Rows, !got.NoStores, want.Rows, !want.NoStores, ErrInvalidPosition)
		}
	}
	g := &Game{rules: r, positions: []Position{start}}
	if _, ok := r.(Rounder); ok {
		g.rounds = []int{1}
	}
	return g, nil
}

// Rules returns the game's ruleset.
func (g *Game) Rules() Ruleset { return g.rules }

// Position returns the current position.
func (g *Game) Position() Position {
	if len(g.positions) == 0 { // the zero Game
		return Position{}
	}
	return g.positions[g.ply]
}

// Start returns the position the game started from.
func (g *Game) Start() Position {
	if len(g.positions) == 0 { // the zero Game
		return Position{}
	}
	return g.positions[0]
}

// Ply returns the number of moves played (not counting undone ones).
func (g *Game) Ply() int { return g.ply }

// Turn returns who must decide now: NoTurn once the game is over, including
// by concession.
func (g *Game) Turn() Turn {
	if g.conceded != NoTurn {
		return NoTurn
	}
	return g.Position().ToMove
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Turn() == NoTurn }

// Legal returns the legal moves in a new slice; none once the game is over.
func (g *Game) Legal() []Move { return g.AppendLegal(nil) }

// AppendLegal appends the legal moves to dst and returns the result.
func (g *Game) AppendLegal(dst []Move) []Move {
	if g.conceded != NoTurn || g.rules == nil {
		return dst
	}
	return g.rules.Legal(dst, g.Position())
}

// Play plays m. A refused move returns an error wrapping ErrIllegalMove
// (and ErrGameOver if the game had ended), with a *MoveError that says
// why, and changes nothing. Playing discards the moves that Undo kept for
// Redo, unless m is the next of them. A move marked [Across] or
// [Reversed] must be one of the ruleset's legal moves: rulesets without
// such moves may read only its house, so the mark is checked here.
func (g *Game) Play(m Move) error { return g.play(m, nil) }

func (g *Game) play(m Move, emit func(Event)) error {
	if g.Over() {
		return &MoveError{Move: m, Ply: g.ply, Reason: "the game is over", Err: ErrGameOver}
	}
	before := g.Position()
	if (m.Across() || m.Reversed()) && !IsLegal(g.rules, before, m) {
		reason := "a sowing from the opponent's row is not a legal move here"
		if !m.Across() {
			reason = "a sowing against the game's direction is not a legal move here"
		}
		return &MoveError{Move: m, Ply: g.ply, Reason: reason}
	}
	var next Position
	var err error
	tr, tracing := g.rules.(Tracer)
	if tracing && emit != nil {
		next, err = tr.Trace(before, m, emit)
	} else {
		next, err = g.rules.Play(before, m)
	}
	if err != nil {
		var me *MoveError
		if errors.As(err, &me) {
			c := *me
			c.Ply = g.ply
			return &c
		}
		return err
	}
	if ct, ok := g.rules.(CycleTracer); ok && emit != nil {
		if _, cycler := g.rules.(Cycler); cycler && repeats(g.positions[:g.ply+1], next) {
			next = ct.TraceCycle(next, emit) // the ending, computed once
		}
	} else {
		next = EndCycle(g.rules, g.positions[:g.ply+1], next)
	}
	if g.ply < len(g.moves) && g.moves[g.ply] == m && g.positions[g.ply+1] == next {
		g.ply++ // the same as Redo: keep the rest of the redo line
		return nil
	}
	g.moves = append(g.moves[:g.ply], m)
	g.positions = append(g.positions[:g.ply+1], next)
	if g.rounds != nil {
		n := g.rounds[g.ply]
		if g.rules.(Rounder).RoundEnded(before, next) && !next.Over() {
			n++
		}
		g.rounds = append(g.rounds[:g.ply+1], n)
	}
	g.ply++
	return nil
}

// PlayTrace is [Game.Play] that also reports the steps of the move: when
// the ruleset is a [Tracer], it calls emit (if not nil) with each step of
// the move in order and, when the move repeats an earlier position and the
// ruleset is a [CycleTracer], with the steps of the repetition ending
// after them (a Cycler that is not a CycleTracer ends the game without
// steps for it). The move is played once. A refused move emits nothing and
// changes nothing. With a ruleset that cannot trace it emits nothing and
// is Play.
func (g *Game) PlayTrace(m Move, emit func(Event)) error {
	return g.play(m, emit)
}

// PlayText plays moves written in move notation: letters run together
// ("FfBe", "A^c", "C'd"), optionally separated by spaces or commas. At a simultaneous
// decision two letters, South's then North's, make one move ("AbC").
// It stops at the first move that is malformed or refused, and returns its
// error; the moves before it stay played.
func (g *Game) PlayText(text string) error {
	i := 0
	for {
		for i < len(text) && (text[i] == ' ' || text[i] == ',' || unicode.IsSpace(rune(text[i]))) {
			i++
		}
		if i >= len(text) {
			return nil
		}
		width := 1
		if g.Turn() == BothTurn {
			width = 2
		} else if text[i] == '^' {
			width = 2 // a move from the opponent's row (Across): "^c"
		}
		if i+width > len(text) {
			return parseErr("moves", text, i, "want %d letters for the move of %v", width, g.Turn())
		}
		if i+width < len(text) && text[i+width] == '\'' {
			width++ // a reversed sowing (Reversed): "A'"
		}
		m, err := ParseMove(text[i : i+width])
		if err != nil {
			pe := err.(*ParseError)
			return parseErr("moves", text, i+pe.Offset, "%s", pe.Msg)
		}
		if err := g.Play(m); err != nil {
			return err
		}
		i += width
	}
}

// Undo takes back the last move (or a concession). It returns ErrNoHistory
// if there is nothing to undo.
func (g *Game) Undo() error {
	if g.conceded != NoTurn {
		g.conceded = NoTurn
		return nil
	}
	if g.ply == 0 {
		return fmt.Errorf("mancala: undo at the start of the game: %w", ErrNoHistory)
	}
	g.ply--
	return nil
}

// Redo plays again the last move taken back by Undo. It returns
// ErrNoHistory if there is none.
func (g *Game) Redo() error {
	if g.ply == len(g.moves) || g.conceded != NoTurn {
		return fmt.Errorf("mancala: nothing to redo: %w", ErrNoHistory)
	}
	g.ply++
	return nil
}

// CanUndo reports whether Undo would succeed; CanRedo likewise.
func (g *Game) CanUndo() bool { return g.ply > 0 || g.conceded != NoTurn }

// CanRedo reports whether Redo would succeed.
func (g *Game) CanRedo() bool { return g.ply < len(g.moves) && g.conceded == NoTurn }

// Moves returns the moves played, in a new slice.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves[:g.ply]...) }

// Positions returns the positions of the game, the start first and the
// current one last, in a new slice.
func (g *Game) Positions() []Position {
	if len(g.positions) == 0 { // the zero Game
		return nil
	}
	return append([]Position(nil), g.positions[:g.ply+1]...)
}

// Concede ends the game with a win for p's opponent. It returns
// ErrGameOver if the game has already ended.
func (g *Game) Concede(p Player) error {
	if g.Over() {
		return fmt.Errorf("mancala: %v concedes: %w", p, ErrGameOver)
	}
	if !p.Valid() {
		return fmt.Errorf("mancala: concession by %v: %w", p, ErrIllegalMove)
	}
	g.conceded = TurnOf(p)
	return nil
}

// Outcome returns the game's result and scores (the stores, or the
// ruleset's own through [OutcomeOf]), and why the game ended: a
// concession, or what the ruleset says through [EndingOf].
func (g *Game) Outcome() Outcome {
	p := g.Position()
	if c, ok := g.conceded.Player(); ok {
		o := p.Outcome()
		if _, ok := g.rules.(Scorer); ok {
			o.Scores = OutcomeOf(g.rules, p).Scores
		}
		o.Result = Win(c.Other())
		o.Conceded = true
		o.Ending = Ending{Reason: EndConceded, Who: g.conceded}
		return o
	}
	return OutcomeOf(g.rules, p)
}

// Clone returns an independent copy of the game, with its redo line.
func (g *Game) Clone() *Game {
	c := *g
	c.positions = append([]Position(nil), g.positions...)
	c.moves = append([]Move(nil), g.moves...)
	if g.rounds != nil {
		c.rounds = append([]int(nil), g.rounds...)
	}
	return &c
}

// MovesText returns the moves played in move notation, separated by
// spaces: a string that PlayText accepts.
func (g *Game) MovesText() string {
	var sb strings.Builder
	for i, m := range g.moves[:g.ply] {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}

// PositionAt returns the position after the first ply moves of the game
// (the start for 0), for 0 <= ply <= [Game.Ply], and false for any other
// ply. Unlike [Game.Positions] it copies nothing.
func (g *Game) PositionAt(ply int) (Position, bool) {
	if ply < 0 || ply > g.ply || len(g.positions) == 0 {
		return Position{}, false
	}
	return g.positions[ply], true
}

// MoveAt returns the move played at ply (from 0: the first move), for
// 0 <= ply < [Game.Ply], and false for any other ply.
func (g *Game) MoveAt(ply int) (Move, bool) {
	if ply < 0 || ply >= g.ply {
		return Move{}, false
	}
	return g.moves[ply], true
}

// Round returns the number of the round that the current position belongs
// to, from 1, for a ruleset that is a [Rounder] (one more than the round
// ends crossed so far, a game's final position staying in its last round),
// and [Position.Round] of the current position otherwise.
func (g *Game) Round() int {
	if g.rounds != nil {
		return g.rounds[g.ply]
	}
	return g.Position().Round
}
