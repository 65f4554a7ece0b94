package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// Seats: who plays a side.
const (
	seatHuman    = "human"
	seatComputer = "computer"
)

// defaultStrength is the computer's strength unless the page asks for
// another: a search that stops at depth 8 or after 300ms, whichever comes
// first, so that a move arrives in well under a second.
const defaultStrength = "alphabeta:depth=8,time=300ms"

// strengths are the named strengths the page offers; any other text is
// read by search.ParseEngine.
var strengths = map[string]string{
	"easy":   "greedy",
	"medium": "alphabeta:depth=4",
	"strong": defaultStrength,
}

// errBadRequest marks errors that are the client's fault (a 400).
var errBadRequest = errors.New("web: bad request")

// badRequest returns an error wrapping errBadRequest.
func badRequest(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errBadRequest}, args...)...)
}

// newGameRequest is the body of POST /api/new.
type newGameRequest struct {
	Game     string    `json:"game"`     // "awale" or "congkak"
	Preset   string    `json:"preset"`   // a preset of the game ("" for the default)
	Houses   int       `json:"houses"`   // 0: the preset's
	Seeds    int       `json:"seeds"`    // 0: the preset's
	Rounds   int       `json:"rounds"`   // Congkak: 0 a full set
	Seats    [2]string `json:"seats"`    // South's and North's: "human" or "computer"
	Strength string    `json:"strength"` // "easy", "medium", "strong" or a search.ParseEngine spec
	Seed     uint64    `json:"seed"`     // seeds the computer's random choices
}

// buildRuleset builds the ruleset that q names, through the public API.
func buildRuleset(q newGameRequest) (mancala.Ruleset, string, error) {
	preset := strings.ToLower(strings.TrimSpace(q.Preset))
	if preset == "" {
		preset = "default"
	}
	if q.Houses < 0 || q.Houses > mancala.MaxHouses || q.Seeds < 0 || q.Seeds > mancala.MaxSeeds || q.Rounds < 0 || q.Rounds > 99 {
		return nil, "", badRequest("houses, seeds or rounds out of range")
	}
	switch strings.ToLower(q.Game) {
	case "awale", "oware", "":
		o, err := awale.Preset(preset)
		if err != nil {
			return nil, "", badRequest("%v", err)
		}
		if q.Houses > 0 {
			o.Houses = q.Houses
		}
		if q.Seeds > 0 {
			o.Seeds = q.Seeds
		}
		r, err := awale.New(o)
		if err != nil {
			return nil, "", badRequest("%v", err)
		}
		return r, "awale", nil
	case "congkak":
		o, err := congkak.Preset(preset)
		if err != nil {
			return nil, "", badRequest("%v", err)
		}
		if q.Houses > 0 {
			o.Houses = q.Houses
			if q.Seeds == 0 {
				o.Seeds = 0 // as many as houses
			}
		}
		if q.Seeds > 0 {
			o.Seeds = q.Seeds
		}
		o.Rounds = q.Rounds
		r, err := congkak.New(o)
		if err != nil {
			return nil, "", badRequest("%v", err)
		}
		return r, "congkak", nil
	}
	return nil, "", badRequest("unknown game %q: want awale or congkak", clip(q.Game))
}

// resolve builds the ruleset a record's Rules tag names ("awale abapa",
// "congkak opening=sequential rounds=1"): through the core's registry
// (mancala.NewRuleset), or, for a game package that does not register
// itself yet, through its ParseName.
func resolve(tags record.Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(record.TagRules)
	if !ok {
		return nil, fmt.Errorf("the record has no Rules tag: %w", mancala.ErrUnsupported)
	}
	if r, err := mancala.NewRuleset(name); err == nil {
		return r, nil
	}
	switch family, _, _ := strings.Cut(name, " "); family {
	case "awale":
		o, err := awale.ParseName(name)
		if err != nil {
			return nil, err
		}
		return awale.New(o)
	case "congkak":
		o, err := congkak.ParseName(name)
		if err != nil {
			return nil, err
		}
		return congkak.New(o)
	}
	return nil, fmt.Errorf("rules %q: unknown game: %w", clip(name), mancala.ErrUnsupported)
}

// familyOf returns "awale" or "congkak" for a ruleset of this module.
func familyOf(r mancala.Ruleset) string {
	family, _, _ := strings.Cut(fmt.Sprint(r), " ")
	return family
}

// clip shortens text echoed back in a message.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

// session is one game on the page: the game, who plays each side, and the
// computer's players. Its methods are called with the server's lock for the
// session held.
type session struct {
	id       string
	family   string
	game     *mancala.Game
	seats    [2]string
	strength string
	seed     uint64
	players  [2]search.Engine  // the computer's, for its seats; nil for a person's
	adviser  *search.AlphaBeta // gives hints; made at the first
	last     *step             // the last move played, for the explanation line
	used     time.Time
}

// newSession starts the game q asks for.
func newSession(id string, q newGameRequest) (*session, error) {
	r, family, err := buildRuleset(q)
	if err != nil {
		return nil, err
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	s := &session{id: id, family: family, game: g, seed: q.Seed}
	if err := s.setSeats(q.Seats, q.Strength); err != nil {
		return nil, err
	}
	return s, nil
}

// setSeats sets who plays each side and the computer's strength.
func (s *session) setSeats(seats [2]string, strength string) error {
	for i, v := range seats {
		switch v {
		case "":
			seats[i] = seatHuman
			if i == 1 {
				seats[i] = seatComputer
			}
		case seatHuman, seatComputer:
		default:
			return badRequest("seat %q: want human or computer", clip(v))
		}
	}
	spec := strength
	if spec == "" {
		spec = defaultStrength
	} else if named, ok := strengths[spec]; ok {
		spec = named
	}
	if strings.Contains(spec, "table") {
		return badRequest("strength %q: the table size is the server's to choose", clip(spec))
	}
	for i := range s.players {
		s.players[i] = nil
		if seats[i] != seatComputer {
			continue
		}
		p, err := search.ParseEngine(spec, s.seed+uint64(i))
		if err != nil {
			return badRequest("strength: %v", err)
		}
		s.players[i] = p
	}
	s.seats, s.strength = seats, spec
	return nil
}

// step is one move as the page animates it: the board before, the events,
// and what they mean.
type step struct {
	Move   string       `json:"move"`
	By     string       `json:"by"` // "south", "north" or "both"
	Before boardJSON    `json:"before"`
	Events []eventJSON  `json:"events"`
	Notes  []string     `json:"notes"`
	turn   mancala.Turn // who decided the move
	reTurn bool         // the move ended in the mover's own store: he decides again (CK-3)
}

// play plays m, tracing its events. A refused move changes nothing.
func (s *session) play(m mancala.Move) (*step, error) {
	g := s.game
	if g.Over() {
		return nil, badRequest("the game is over")
	}
	before := g.Position()
	round := roundOf(g)
	r := g.Rules()
	var events []mancala.Event
	emit := func(e mancala.Event) { events = append(events, e) }
	var q mancala.Position
	tr, ok := r.(mancala.Tracer)
	if ok {
		var err error
		if q, err = tr.Trace(before, m, emit); err != nil {
			return nil, fmt.Errorf("%w: %v", errBadRequest, err)
		}
	}
	if err := g.Play(m); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	cycleFrom := -1 // where the steps of a cycle's end begin in events
	if ok && q != g.Position() {
		// The move repeated a position (AW-8) or a round start (CK-16),
		// and the game ended the cycle.
		cycleFrom = len(events)
		if ct, isCT := r.(cycleTracer); isCT {
			ct.TraceCycle(q, emit)
		}
	}
	st := &step{Move: m.String(), By: before.ToMove.String(), Before: boardOf(before.Board), turn: before.ToMove}
	for _, e := range events {
		st.Events = append(st.Events, eventOf(e))
		if e.Kind == mancala.EventTurnEnd {
			st.reTurn = e.Turn == mancala.TurnOf(e.Player) && !roundEnds(events)
		}
	}
	st.Notes = explain(s.family, m, round, roundOf(g) > round, events, g.Position(), mancala.EndingOf(r, g.Position()), cycleFrom)
	s.last = st
	return st, nil
}

// cycleTracer is mancala.CycleTracer, which both games implement: the steps
// of ending a game at a repeated position (Awalé's AW-8) or round start
// (Congkak's CK-16).
type cycleTracer interface {
	TraceCycle(p mancala.Position, emit func(mancala.Event)) mancala.Position
}

// humanMove plays the move text of a person. At a simultaneous decision
// against the computer, one letter is the person's choice and the
// computer's is added here, unseen by the person until the move is played.
func (s *session) humanMove(ctx context.Context, text string) (*step, error) {
	m, err := mancala.ParseMove(strings.TrimSpace(text))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	t := s.game.Turn()
	if t == mancala.NoTurn {
		return nil, badRequest("the game is over")
	}
	if p, single := m.Player(); single && t.Simultaneous() {
		other := p.Other()
		if s.seats[other] != seatComputer {
			return nil, badRequest("both players choose at this decision: send both letters, South's first")
		}
		h, _ := m.House(p)
		oc, err := s.players[other].Choose(ctx, s.game, other)
		if err != nil {
			return nil, err
		}
		oh, _ := oc.House(other)
		if p == mancala.South {
			m = mancala.Joint(h, oh)
		} else {
			m = mancala.Joint(oh, h)
		}
	} else if single && s.seats[p] != seatHuman {
		return nil, badRequest("%v is played by the computer", p)
	}
	return s.play(m)
}

// computerMove plays the computer's decision when the side to move is the
// computer's (both sides' at a simultaneous decision in which both are).
func (s *session) computerMove(ctx context.Context) (*step, error) {
	t := s.game.Turn()
	if t == mancala.NoTurn {
		return nil, badRequest("the game is over")
	}
	if p, one := t.Player(); one {
		if s.seats[p] != seatComputer {
			return nil, badRequest("it is %v's turn, a person's", p)
		}
		m, err := s.players[p].Choose(ctx, s.game, p)
		if err != nil {
			return nil, err
		}
		return s.play(m)
	}
	if s.seats[mancala.South] != seatComputer || s.seats[mancala.North] != seatComputer {
		return nil, badRequest("both players choose now; a person is one of them")
	}
	var h [2]int
	for p := mancala.South; p <= mancala.North; p++ {
		m, err := s.players[p].Choose(ctx, s.game, p)
		if err != nil {
			return nil, err
		}
		h[p], _ = m.House(p)
	}
	return s.play(mancala.Joint(h[mancala.South], h[mancala.North]))
}

// humanDecides reports whether a person takes part in the current decision.
func (s *session) humanDecides() bool {
	t := s.game.Turn()
	return t.Has(mancala.South) && s.seats[mancala.South] == seatHuman ||
		t.Has(mancala.North) && s.seats[mancala.North] == seatHuman
}

// undo takes back moves: one, then more until a person decides (against
// the computer), or back to the start.
func (s *session) undo() error {
	if err := s.game.Undo(); err != nil {
		return badRequest("nothing to undo")
	}
	for !s.humanDecides() && s.game.CanUndo() {
		if err := s.game.Undo(); err != nil {
			return err
		}
	}
	s.last = nil
	return nil
}

// redo plays again what undo took back, up to the next decision of a person.
func (s *session) redo() error {
	if err := s.game.Redo(); err != nil {
		return badRequest("nothing to redo")
	}
	for !s.humanDecides() && s.game.CanRedo() && !s.game.Over() {
		if err := s.game.Redo(); err != nil {
			return err
		}
	}
	s.last = nil
	return nil
}

// concede ends the game with a win for the opponent of the person who
// concedes: the only person at the board, or, with two, the one to move
// (South at a simultaneous decision). Undo takes it back.
func (s *session) concede() error {
	g := s.game
	if g.Over() {
		return badRequest("the game is over")
	}
	var who mancala.Player
	switch {
	case s.seats[mancala.South] == seatHuman && s.seats[mancala.North] == seatHuman:
		who, _ = g.Turn().Player() // South at a simultaneous decision
	case s.seats[mancala.South] == seatHuman:
		who = mancala.South
	case s.seats[mancala.North] == seatHuman:
		who = mancala.North
	default:
		return badRequest("only a person can concede")
	}
	if err := g.Concede(who); err != nil {
		return fmt.Errorf("%w: %v", errBadRequest, err)
	}
	s.last = nil
	return nil
}

// hint is the engine's advice for the player who decides.
type hint struct {
	Move  string  `json:"move"`  // the house letter to play
	Value float64 `json:"value"` // in seeds, from the adviser's point of view
	Exact bool    `json:"exact"` // the value is proven
	Depth int     `json:"depth"`
	Line  string  `json:"line"` // the principal line
	Text  string  `json:"text"` // a sentence for the page
}

// hintFor searches the current position for side (the player who decides,
// or a person at a simultaneous decision).
func (s *session) hintFor(ctx context.Context) (*hint, error) {
	g := s.game
	if g.Over() {
		return nil, badRequest("the game is over")
	}
	side, one := g.Turn().Player()
	if !one {
		side = mancala.South
		if s.seats[mancala.South] != seatHuman && s.seats[mancala.North] == seatHuman {
			side = mancala.North
		}
	}
	if s.adviser == nil {
		s.adviser = search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 10, Time: 500 * time.Millisecond, TableSize: 1 << 16})
	}
	ab := s.adviser
	pos := g.Positions()
	res, err := ab.Search(ctx, g.Rules(), pos[:len(pos)-1], g.Position())
	if err != nil {
		return nil, err
	}
	// Values at or beyond TerminalScale are final store differences times
	// the scale; below it, estimates in seeds (see search.TerminalScale).
	v := res.Value
	if v >= search.TerminalScale || v <= -search.TerminalScale {
		v /= search.TerminalScale
	}
	h := &hint{Value: v, Exact: res.Exact, Depth: res.Depth}
	var letter string
	if house, ok := res.Move.House(side); ok {
		letter = mancala.Single(side, house).String()
	}
	if !one && side == mancala.North {
		h.Value = -h.Value // the value is South's at a simultaneous decision
	}
	var line []string
	for _, m := range res.PV {
		line = append(line, m.String())
	}
	h.Move, h.Line = letter, strings.Join(line, " ")
	sure := "about"
	if res.Exact {
		sure = "exactly"
	}
	h.Text = fmt.Sprintf("Hint for %s: play %s (value %s %+.1f seeds for %s, depth %d).", title(side.String()), letter, sure, h.Value, title(side.String()), res.Depth)
	if res.Mixed != nil {
		probs := res.Mixed.South
		if side == mancala.North {
			probs = res.Mixed.North
		}
		var mix []string
		for i, pr := range probs {
			if pr >= 0.005 {
				mix = append(mix, fmt.Sprintf("%v %.0f%%", mancala.Single(side, i), 100*pr))
			}
		}
		h.Text += " Neither player sees the other's choice, so the best play is a mix: " + strings.Join(mix, ", ") + "."
	}
	return h, nil
}
