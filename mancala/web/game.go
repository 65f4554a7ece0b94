package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Seats: who plays a side.
const (
	seatHuman    = "human"    // a person at the creator's screen
	seatRemote   = "remote"   // a person on another device, with a share link (a request only; kept as human)
	seatComputer = "computer" // the engine
)

// seats is a set of players, as a credential holds them.
type seats [2]bool

func (s seats) any() bool { return s[0] || s[1] }

// session is one game: the game, who plays each side, the credentials,
// the steps of the moves played, and who watches. Its fields are guarded
// by mu, which is held only while a request computes (never while it
// reads a body or writes to a slow client).
type session struct {
	mu      sync.Mutex
	id      string
	fam     mancala.Family
	game    *mancala.Game
	seats   [2]string              // seatHuman or seatComputer
	level   string                 // the computer's, one of search.Levels
	seed    uint64                 // seeds the computer's choices at simultaneous decisions
	creds   map[string]seats       // credential → the seats it holds
	creator string                 // the creator's credential
	steps   []*stepJSON            // steps[i] is the step of move i (kept past Ply for Redo)
	hist    []mancala.Position     // hist[i] is PositionAt(i), for i <= Ply: the search's history
	picked  [2]int                 // at a simultaneous decision across devices: a pick's house+1, 0 none
	version uint64                 // counts the changes, for the event stream
	stored  uint64                 // the version in the store (0: not stored, as a game nobody played)
	reload  bool                   // the store's version is to be read again (another server changed it)
	latest  atomic.Uint64          // the greatest version the store's Watch told (math.MaxUint64: deleted, or changes missed)
	watch   map[chan struct{}]bool // the event streams open on the game
	used    time.Time              // the last request
	changed time.Time              // the last change
	busy    int                    // requests holding or waiting for mu (eviction spares busy games)
	client  string                 // the client address that started the game ("" if loaded from the store)
	gone    chan struct{}          // closed when the game is evicted from memory: its streams end
	events  []mancala.Event        // a buffer for PlayTrace
	evals   []evaluation           // evals[i] is the engine's value of hist[i] along the line of steps, as far as analysed
}

// newToken returns a random secret of 16 bytes in hex.
func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newID returns a random game id.
func newID() string {
	var b [9]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newSession starts a game of r. req are the seats asked for: seatHuman,
// seatRemote or seatComputer.
func newSession(fam mancala.Family, r mancala.Ruleset, req [2]string, level string, seed uint64, now time.Time) (*session, error) {
	g, err := mancala.NewGame(r)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	s := &session{id: newID(), fam: fam, game: g, level: level, seed: seed, creds: map[string]seats{}, used: now, changed: now, gone: make(chan struct{})}
	var mine seats
	for i, v := range req {
		switch v {
		case seatHuman, "":
			s.seats[i] = seatHuman
			mine[i] = true
		case seatRemote:
			s.seats[i] = seatHuman
			var one seats
			one[i] = true
			s.creds[newToken()] = one
		case seatComputer:
			s.seats[i] = seatComputer
		default:
			return nil, badRequest("seat %q: want human, remote or computer", clip(v))
		}
	}
	s.creator = newToken()
	s.creds[s.creator] = mine
	s.syncHist()
	return s, nil
}

// syncHist makes hist the positions of the game up to its current ply,
// appending only what is missing: no request copies the history.
func (s *session) syncHist() {
	ply := s.game.Ply()
	if len(s.hist) > ply+1 {
		s.hist = s.hist[:ply+1]
	}
	for len(s.hist) <= ply {
		p, _ := s.game.PositionAt(len(s.hist))
		s.hist = append(s.hist, p)
	}
}

// touch records a change: a new version, the event streams told.
func (s *session) touch(now time.Time) {
	s.version++
	s.changed = now
	s.tell()
}

// tell tells the event streams that the game changed. s.mu is held.
func (s *session) tell() {
	for c := range s.watch {
		select {
		case c <- struct{}{}:
		default: // the stream has a change to send already
		}
	}
}

// evict tells the game's event streams that it left memory. s.mu is held.
func (s *session) evict() {
	select {
	case <-s.gone:
	default:
		close(s.gone)
	}
}

// shared reports whether the game has a seat played on another device
// (a share link).
func (s *session) shared() bool { return len(s.creds) > 1 }

// holds returns the seats a credential holds (none for a spectator).
func (s *session) holds(token string) seats {
	if token == "" {
		return seats{}
	}
	return s.creds[token]
}

// control reports whether the credential token holds every seat that
// people play (and at least one, or is the creator's): the right to undo,
// redo and replace the game.
func (s *session) control(token string) bool {
	held, ok := s.creds[token]
	if token == "" || !ok {
		return false
	}
	for p := range s.seats {
		if s.seats[p] == seatHuman && !held[p] {
			return false
		}
	}
	return held.any() || token == s.creator
}

// play plays m once, with its steps (Game.PlayTrace), and keeps its step
// and narration.
func (s *session) play(m mancala.Move) (*stepJSON, error) {
	g := s.game
	before := g.Position()
	ply := g.Ply()
	round := g.Round() // the game's count, which the position may not carry (mancala.NarrateRound)
	s.events = s.events[:0]
	if err := g.PlayTrace(m, func(e mancala.Event) { s.events = append(s.events, e) }); err != nil {
		return nil, conflictOrBad(err)
	}
	after := g.Position()
	notes := mancala.NarrateRound(g.Rules(), round, before, m, s.events, after)
	st := newStep(ply, m, before, s.events, notes)
	if ply < len(s.steps) && s.steps[ply].Move == st.Move {
		s.steps[ply] = st // the redo line goes on, as the game's does
	} else {
		s.steps = append(s.steps[:ply], st)
		if len(s.evals) > ply+1 {
			s.evals = s.evals[:ply+1] // a new line: the values after ply were another's
		}
	}
	s.picked = [2]int{}
	s.syncHist()
	return st, nil
}

// conflictOrBad turns a refused move into a 409 if the game is over, a
// 400 otherwise.
func conflictOrBad(err error) error {
	if errors.Is(err, mancala.ErrGameOver) {
		return conflict("%v", err)
	}
	return badRequest("%v", err)
}

// engineFor returns a new engine of the session's level, bounded by max
// time.
func (s *session) engineFor(max time.Duration, level string) *search.AlphaBeta {
	o, err := search.LevelOptions(level)
	if err != nil {
		o, _ = search.LevelOptions(defaultLevel)
	}
	if o.Time == 0 || o.Time > max {
		o.Time = max
	}
	o.TableSize = searchTable
	o.Seed = s.seed + uint64(s.game.Ply())
	return search.NewAlphaBeta(o)
}

// minSearch is the least time a search of the computer's turn is given,
// when the turn's time is spent.
const minSearch = 20 * time.Millisecond

// thinkTime is the time a search of a turn whose thinking must end at
// deadline is given now: what is left, at most SearchTime, at least
// minSearch.
func (h *Handler) thinkTime(deadline time.Time) time.Duration {
	return max(min(deadline.Sub(h.now()), h.opt.SearchTime), minSearch)
}

// search searches the current position at the session's level, for at
// most max.
func (s *session) search(ctx context.Context, h *Handler, level string, max time.Duration) (search.Result, error) {
	release, err := h.acquireSearch(ctx)
	if err != nil {
		return search.Result{}, err
	}
	defer release()
	if h.onSearch != nil {
		h.onSearch(max)
	}
	ply := s.game.Ply()
	rules := s.game.Rules()
	if h.opt.Endgame != nil {
		rules = h.opt.Endgame(rules)
	}
	return s.engineFor(max, level).Search(ctx, rules, s.hist[:ply], s.game.Position())
}

// humanMove plays a person's decision, text in move notation, for the
// seats held. At a simultaneous decision one letter is one player's pick:
// a computer's pick is added at once; another person's is waited for,
// and the move is played when both are in (the picks stay hidden until
// then). It returns nil and no error for a pick that waits.
func (s *session) humanMove(ctx context.Context, h *Handler, held seats, text string) (*stepJSON, error) {
	text = strings.TrimSpace(text)
	if len(text) > 8 {
		return nil, badRequest("move %q: too long", clip(text))
	}
	m, err := mancala.ParseMove(text)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	t := s.game.Turn()
	if t == mancala.NoTurn {
		return nil, conflict("the game is over")
	}
	p, single := m.Player()
	if !single {
		if !held[mancala.South] || !held[mancala.North] {
			return nil, forbidden("a joint move needs both seats")
		}
		return s.play(m)
	}
	if !held[p] || s.seats[p] != seatHuman {
		return nil, forbidden("you do not play %v here", p)
	}
	if !t.Simultaneous() {
		if !t.Has(p) {
			return nil, conflict("it is not %v's turn", p)
		}
		return s.play(m)
	}
	house, _ := m.House(p)
	if !mancala.IsLegal(s.game.Rules(), s.game.Position(), m) && (m.Across() || !legalPick(s.game, p, house)) {
		return nil, badRequest("%v may not choose %v", p, m)
	}
	other := p.Other()
	var oh int
	switch {
	case s.seats[other] == seatComputer:
		res, err := s.search(ctx, h, s.level, h.thinkTime(h.now().Add(h.opt.TurnTime)))
		if err != nil {
			return nil, err
		}
		oh, _ = res.Move.House(other)
	case s.picked[other] != 0:
		oh = s.picked[other] - 1
	default:
		s.picked[p] = house + 1
		return nil, nil
	}
	if p == mancala.South {
		return s.play(mancala.Joint(house, oh))
	}
	return s.play(mancala.Joint(oh, house))
}

// legalPick reports whether p may choose house at a simultaneous decision.
func legalPick(g *mancala.Game, p mancala.Player, house int) bool {
	for _, c := range mancala.Choices(nil, g.Legal(), p) {
		if c == house {
			return true
		}
	}
	return false
}

// computerMove plays the computer's decision when the side to move is the
// computer's (both sides' at a simultaneous decision in which both are),
// searching for the time left until deadline, the end of the turn's
// thinking (see thinkTime).
func (s *session) computerMove(ctx context.Context, h *Handler, deadline time.Time) (*stepJSON, error) {
	t := s.game.Turn()
	if t == mancala.NoTurn {
		return nil, conflict("the game is over")
	}
	if !s.computerDecides() {
		return nil, conflict("it is a person's turn")
	}
	res, err := s.search(ctx, h, s.level, h.thinkTime(deadline))
	if err != nil {
		return nil, err
	}
	return s.play(res.Move)
}

// computerDecides reports whether the computer alone makes the current
// decision.
func (s *session) computerDecides() bool {
	t := s.game.Turn()
	if t == mancala.NoTurn {
		return false
	}
	for p := mancala.South; p <= mancala.North; p++ {
		if t.Has(p) && s.seats[p] != seatComputer {
			return false
		}
	}
	return true
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
		return conflict("nothing to undo")
	}
	for !s.humanDecides() && s.game.CanUndo() {
		if err := s.game.Undo(); err != nil {
			return err
		}
	}
	s.picked = [2]int{}
	s.syncHist()
	return nil
}

// redo plays again what undo took back, up to the next decision of a person.
func (s *session) redo() error {
	if err := s.game.Redo(); err != nil {
		return conflict("nothing to redo")
	}
	for !s.humanDecides() && s.game.CanRedo() && !s.game.Over() {
		if err := s.game.Redo(); err != nil {
			return err
		}
	}
	s.picked = [2]int{}
	s.syncHist()
	return nil
}

// concede ends the game with a win for the opponent of the person who
// concedes: the one seat held, or, holding both, the one to move (South
// at a simultaneous decision). Undo takes it back.
func (s *session) concede(held seats) error {
	g := s.game
	if g.Over() {
		return conflict("the game is over")
	}
	var who mancala.Player
	switch {
	case held[mancala.South] && held[mancala.North]:
		who, _ = g.Turn().Player()
	case held[mancala.South] && s.seats[mancala.South] == seatHuman:
		who = mancala.South
	case held[mancala.North] && s.seats[mancala.North] == seatHuman:
		who = mancala.North
	default:
		return forbidden("only a player can concede")
	}
	if err := g.Concede(who); err != nil {
		return conflict("%v", err)
	}
	return nil
}

// hint is the engine's advice for the player who decides.
type hint struct {
	Move  string  `json:"move"`  // the house letter to play
	Value float64 `json:"value"` // in seeds, from the player's point of view
	Exact bool    `json:"exact"` // the value is proven
	Depth int     `json:"depth"`
	Line  string  `json:"line"` // the principal line
	Text  string  `json:"text"` // a sentence for the page
}

// hintFor searches the current position for a seat of held that decides.
func (s *session) hintFor(ctx context.Context, h *Handler, held seats) (*hint, error) {
	g := s.game
	if g.Over() {
		return nil, conflict("the game is over")
	}
	t := g.Turn()
	side := mancala.South
	if !t.Has(side) || !held[side] {
		side = mancala.North
	}
	if !t.Has(side) || !held[side] {
		return nil, forbidden("a hint is for the player who decides")
	}
	res, err := s.search(ctx, h, "hard", h.opt.SearchTime/2)
	if err != nil {
		return nil, err
	}
	v, _ := search.InSeeds(res.Value)
	if t.Simultaneous() && side == mancala.North {
		v = -v // the value is South's at a simultaneous decision
	}
	hn := &hint{Value: v, Exact: res.Exact, Depth: res.Depth}
	if pl, single := res.Move.Player(); single && pl == side {
		hn.Move = res.Move.String() // with its direction, where the player chooses it
	} else if house, ok := res.Move.House(side); ok {
		hn.Move = mancala.Single(side, house).String()
	}
	var line []string
	for _, m := range res.PV {
		line = append(line, m.String())
	}
	hn.Line = strings.Join(line, " ")
	sure := "about"
	if res.Exact {
		sure = "exactly"
	}
	hn.Text = fmt.Sprintf("Hint for %s: play %s (worth %s %+.1f seeds to %s, %d moves ahead).", title(side), hn.Move, sure, hn.Value, title(side), res.Depth)
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
		hn.Text += " Neither player sees the other's choice, so the best play is a mix: " + strings.Join(mix, ", ") + "."
	}
	return hn, nil
}

// title is "South" or "North".
func title(p mancala.Player) string {
	s := p.String()
	return strings.ToUpper(s[:1]) + s[1:]
}
