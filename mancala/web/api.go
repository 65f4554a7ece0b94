package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/svg"
)

// request is the body of every POST but /api/new; each endpoint reads
// the fields it needs.
type request struct {
	Move     string     `json:"move"`     // /api/move: "C", "c", or "Cb" for both seats at once
	Record   string     `json:"record"`   // /api/record: record text or JSON
	Position *setupJSON `json:"position"` // /api/setup: the position to play from
}

// reply is an answer computed under a game's lock and written after it.
type reply struct {
	ctype    string
	filename string
	body     []byte
}

func jsonReply(v any) (reply, error) {
	b, err := json.Marshal(v)
	return reply{ctype: "application/json", body: append(b, '\n')}, err
}

// familyJSON is a family as the new-game form offers it.
type familyJSON struct {
	Name        string       `json:"name"`
	Label       string       `json:"label"`
	Description string       `json:"description"`
	Presets     []presetJSON `json:"presets"`
	Params      []paramJSON  `json:"params"`
	Options     []optionJSON `json:"options"`   // mancala.Family.Options, offered as selects beside the params
	RulesHTML   string       `json:"rulesHTML"` // "" when the family states no rules
	Region      string       `json:"region"`    // mancala.Family.Region
	Rows        int          `json:"rows"`      // rows of houses a side of its usual board: 1 or 2
	Houses      int          `json:"houses"`    // houses a side of its usual board
	Usual       bool         `json:"usual"`     // listed first
}

type presetJSON struct {
	Name        string            `json:"name"`
	Label       string            `json:"label"`
	Description string            `json:"description"`
	Params      map[string]int    `json:"params"`  // the preset's own values of the family's params
	Options     map[string]string `json:"options"` // the preset's value of each of the family's options
}

// optionJSON is a family's option (mancala.Option) as the new-game form
// offers it: a select of its values.
type optionJSON struct {
	Key         string       `json:"key"`
	Label       string       `json:"label"`
	Description string       `json:"description"`
	Default     string       `json:"default"`
	Values      []choiceJSON `json:"values"`
}

type choiceJSON struct {
	Value       string `json:"value"`
	Label       string `json:"label"`
	Description string `json:"description"`
}

type paramJSON struct {
	Key         string `json:"key"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Default     int    `json:"default"`
	Min         int    `json:"min"`
	Max         int    `json:"max"`
	Zero        string `json:"zero,omitempty"` // what 0 means, when the description says ("no limit"): the form shows it for 0
}

// zeroMeaning returns what 0 means for p, from its description's "0
// means ..." up to the next parenthesis, semicolon or full stop: "no
// limit", "as many as there are houses a side"; "" if 0 is not allowed
// or not described.
func zeroMeaning(p mancala.Param) string {
	if p.Min > 0 {
		return ""
	}
	_, rest, ok := strings.Cut(p.Description, "0 means ")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "(;."); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}

type familiesJSON struct {
	Families []familyJSON `json:"families"`
	Levels   []string     `json:"levels"`
	Level    string       `json:"level"` // the default
}

func (h *Handler) handleFamilies(w http.ResponseWriter, _ *http.Request) {
	out := familiesJSON{Families: []familyJSON{}, Levels: search.Levels, Level: h.opt.Level}
	for _, f := range h.families {
		fj := familyJSON{Name: f.Name, Label: f.Label, Description: f.Description, Presets: []presetJSON{}, Params: []paramJSON{}, RulesHTML: h.rules[f.Name],
			Region: f.Region, Rows: max(f.Layout.Rows, 1), Usual: f.Usual}
		if fj.Label == "" {
			fj.Label = f.Name
		}
		if len(f.Presets) > 0 { // the usual board as its ruleset draws it
			if r, err := f.Build(f.Presets[0].Name); err == nil && r != nil {
				fj.Houses, fj.Rows = r.Start().Board.Houses(), mancala.LayoutOf(r).Rows
			}
		}
		for _, p := range f.Presets {
			pj := presetJSON{Name: p.Name, Label: p.Label, Description: p.Description, Params: map[string]int{}, Options: map[string]string{}}
			for _, pa := range f.Params {
				pj.Params[pa.Key] = p.Default(pa)
			}
			for _, o := range f.Options {
				pj.Options[o.Key] = p.Choice(o)
			}
			if pj.Label == "" {
				pj.Label = p.Name
			}
			fj.Presets = append(fj.Presets, pj)
		}
		fj.Options = []optionJSON{}
		for _, o := range f.Options {
			oj := optionJSON{Key: o.Key, Label: o.Label, Description: o.Description, Default: o.Default, Values: []choiceJSON{}}
			if oj.Label == "" {
				oj.Label = o.Key
			}
			for _, c := range o.Values {
				cj := choiceJSON{Value: c.Value, Label: c.Label, Description: c.Description}
				if cj.Label == "" {
					cj.Label = c.Value
				}
				oj.Values = append(oj.Values, cj)
			}
			fj.Options = append(fj.Options, oj)
		}
		for _, p := range f.Params {
			fj.Params = append(fj.Params, paramJSON{Key: p.Key, Label: p.Label, Description: p.Description, Default: p.Default, Min: p.Min, Max: p.Max, Zero: zeroMeaning(p)})
		}
		out.Families = append(out.Families, fj)
	}
	writeJSON(w, http.StatusOK, out)
}

// newGameRequest is the body of POST /api/new.
type newGameRequest struct {
	Family string         `json:"family"` // an offered family's name ("" the first)
	Preset string         `json:"preset"` // one of its presets' names; without presets, any ruleset name of the family
	Params map[string]int `json:"params"` // the family's params that differ from their defaults
	// Options are the family's options (mancala.Family.Options) that
	// differ from the preset's values, by key: the game's rules name
	// carries their words.
	Options map[string]string `json:"options"`
	Seats   []string          `json:"seats"` // South's and North's, two or none: "human" (here), "remote" (a share link) or "computer"
	Level   string            `json:"level"` // one of search.Levels ("" the handler's)
	Seed    uint64            `json:"seed"`  // seeds the computer's random choices
}

// buildRuleset builds the ruleset that q names.
func (h *Handler) buildRuleset(q newGameRequest) (mancala.Family, mancala.Ruleset, error) {
	if len(h.families) == 0 {
		return mancala.Family{}, nil, badRequest("no game is offered here")
	}
	fam := h.families[0]
	if q.Family != "" {
		var ok bool
		if fam, ok = h.family(q.Family); !ok {
			return fam, nil, badRequest("game %q is not offered here", clip(q.Family))
		}
	}
	name := strings.Join(strings.Fields(q.Preset), " ")
	switch {
	case name == "" && len(fam.Presets) > 0:
		name = fam.Presets[0].Name
	case name == "":
		name = fam.Name
	case len(fam.Presets) > 0 && !slices.ContainsFunc(fam.Presets, func(p mancala.Preset) bool { return p.Name == name }):
		return fam, nil, badRequest("rules %q are not offered here", clip(name))
	}
	if first, _, _ := strings.Cut(name, " "); first != fam.Name {
		return fam, nil, badRequest("rules %q are not of %s", clip(name), fam.Name)
	}
	switch {
	case len(q.Options) > 0:
		var err error
		if name, err = withOptions(fam, name, q.Params, q.Options); err != nil {
			return fam, nil, badRequest("%v", err)
		}
	case len(q.Params) > 0:
		var err error
		if name, err = fam.WithParams(name, q.Params); err != nil {
			return fam, nil, badRequest("%v", err)
		}
	}
	r, err := build(fam, name)
	if err != nil {
		return fam, nil, badRequest("%v", err)
	}
	return fam, r, nil
}

// withOptions calls fam.WithOptions, whose calls of fam.Build may not
// panic on the handler.
func withOptions(fam mancala.Family, name string, params map[string]int, options map[string]string) (s string, err error) {
	defer func() {
		if e := recover(); e != nil {
			s, err = "", fmt.Errorf("rules %q: %v: %w", clip(name), e, mancala.ErrUnsupported)
		}
	}()
	return fam.WithOptions(name, params, options)
}

// build calls fam.Build, which may not panic on the handler.
func build(fam mancala.Family, name string) (r mancala.Ruleset, err error) {
	defer func() {
		if e := recover(); e != nil {
			r, err = nil, fmt.Errorf("rules %q: %v: %w", clip(name), e, mancala.ErrUnsupported)
		}
	}()
	r, err = fam.Build(name)
	if err == nil && r == nil {
		err = fmt.Errorf("rules %q: no ruleset: %w", clip(name), mancala.ErrUnsupported)
	}
	return r, err
}

func (h *Handler) handleNew(w http.ResponseWriter, r *http.Request) {
	var q newGameRequest
	if err := readBody(w, r, &q); err != nil {
		h.fail(w, err)
		return
	}
	level := q.Level
	if level == "" {
		level = h.opt.Level
	}
	if !slices.Contains(search.Levels, level) {
		h.fail(w, badRequest("level %q: want one of %s", clip(level), strings.Join(search.Levels, ", ")))
		return
	}
	fam, rules, err := h.buildRuleset(q)
	if err != nil {
		h.fail(w, err)
		return
	}
	var seats [2]string
	switch len(q.Seats) {
	case 0:
	case 2:
		seats = [2]string(q.Seats)
	default:
		h.fail(w, badRequest("%d seats: want two, South's and North's", len(q.Seats)))
		return
	}
	s, err := newSession(fam, rules, seats, level, q.Seed, h.now())
	if err != nil {
		h.fail(w, err)
		return
	}
	if err := h.add(s, clientOf(r)); err != nil {
		h.fail(w, err)
		return
	}
	s.mu.Lock()
	s.touch(h.now())
	if s.shared() || h.shared {
		// The share link may be used after a restart, and any request
		// may go to another server of a shared store; a game nobody
		// shares, of a store of one process, is stored at its first move
		// (every page load starts a game).
		if err := h.save(s); err != nil {
			s.mu.Unlock()
			h.drop(s)
			h.fail(w, err)
			return
		}
	}
	st := s.state(s.creator)
	s.mu.Unlock()
	st.Token = s.creator
	writeJSON(w, http.StatusOK, st)
}

func (h *Handler) handleState(_ *http.Request, s *session, token string, _ *request) (reply, error) {
	return jsonReply(s.state(token))
}

// positionJSON is the answer of /api/position: the board after ply
// moves, and the step of the move that led there (none at ply 0).
type positionJSON struct {
	Ply   int       `json:"ply"`
	Round int       `json:"round"` // the round the position belongs to, as the state's round
	Board boardJSON `json:"board"`
	Step  *stepJSON `json:"step"`
}

func (h *Handler) handlePosition(r *http.Request, s *session, _ string, _ *request) (reply, error) {
	ply, err := plyParam(r, s.game)
	if err != nil {
		return reply{}, err
	}
	p, _ := s.game.PositionAt(ply)
	pj := positionJSON{Ply: ply, Round: s.roundAt(ply, p), Board: boardOf(p.Board)}
	if ply > 0 && ply <= len(s.steps) {
		pj.Step = s.steps[ply-1]
	}
	return jsonReply(pj)
}

// roundAt is the round of the position p after ply moves, as
// Game.Round says it of the current one: for a ruleset of rounds, one
// more than the round ends crossed before it (Rounder); else p's Round.
func (s *session) roundAt(ply int, p mancala.Position) int {
	g := s.game
	if ply == g.Ply() {
		return g.Round()
	}
	rr, ok := g.Rules().(mancala.Rounder)
	if !ok || ply >= len(s.hist) {
		return p.Round
	}
	r := 1
	for i := 0; i < ply; i++ {
		if rr.RoundEnded(s.hist[i], s.hist[i+1]) {
			r++
		}
	}
	return r
}

// moveResponse is the answer to a move: the steps to animate and the state
// after them. Step is null for a simultaneous pick that waits for the
// other player's.
type moveResponse struct {
	Step  *stepJSON `json:"step"`
	State stateJSON `json:"state"`
}

func (h *Handler) handleMove(r *http.Request, s *session, token string, q *request) (reply, error) {
	held := s.holds(token)
	if !held.any() {
		return reply{}, forbidden("you do not play in this game (a spectator's page cannot move)")
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.opt.SearchTime+searchWait+time.Second)
	defer cancel()
	st, err := s.humanMove(ctx, h, held, q.Move)
	if err != nil {
		return reply{}, err
	}
	if err := h.changed(s); err != nil { // a pick too: the other players' pages say so
		return reply{}, err
	}
	return jsonReply(moveResponse{Step: st, State: s.state(token)})
}

// computerResponse is the answer of /api/computer: every decision of the
// computer's turn (it may decide several times in a row), to animate as
// one turn, and the state after them. The turn's thinking, every decision
// of it, is bounded by Options.TurnTime: each search is given what is
// left of it, and at least minSearch (the first iteration of a search
// always runs), so that a turn of maxTurn decisions thinks at most
// TurnTime + maxTurn*minSearch.
type computerResponse struct {
	Steps []*stepJSON `json:"steps"`
	State stateJSON   `json:"state"`
}

// maxTurn bounds the decisions one /api/computer plays.
const maxTurn = 32

func (h *Handler) handleComputer(r *http.Request, s *session, token string, _ *request) (reply, error) {
	if _, ok := s.creds[token]; !ok || token == "" {
		return reply{}, forbidden("only a player's page asks the computer to move")
	}
	var steps []*stepJSON
	deadline := h.now().Add(h.opt.TurnTime) // the thinking of the whole turn, every decision of it
	for len(steps) < maxTurn && (len(steps) == 0 || s.computerDecides()) {
		ctx, cancel := context.WithTimeout(r.Context(), h.opt.SearchTime+searchWait+time.Second)
		st, err := s.computerMove(ctx, h, deadline)
		cancel()
		if err != nil {
			if len(steps) == 0 {
				return reply{}, err
			}
			break
		}
		steps = append(steps, st)
	}
	if err := h.changed(s); err != nil {
		return reply{}, err
	}
	return jsonReply(computerResponse{Steps: steps, State: s.state(token)})
}

func (h *Handler) handleUndo(_ *http.Request, s *session, token string, _ *request) (reply, error) {
	if !s.control(token) {
		return reply{}, forbidden("undo needs every player's seat: ask your opponent")
	}
	if err := s.undo(); err != nil {
		return reply{}, err
	}
	if err := h.changed(s); err != nil {
		return reply{}, err
	}
	return jsonReply(s.state(token))
}

func (h *Handler) handleRedo(_ *http.Request, s *session, token string, _ *request) (reply, error) {
	if !s.control(token) {
		return reply{}, forbidden("redo needs every player's seat")
	}
	if err := s.redo(); err != nil {
		return reply{}, err
	}
	if err := h.changed(s); err != nil {
		return reply{}, err
	}
	return jsonReply(s.state(token))
}

func (h *Handler) handleConcede(_ *http.Request, s *session, token string, _ *request) (reply, error) {
	if err := s.concede(s.holds(token)); err != nil {
		return reply{}, err
	}
	if err := h.changed(s); err != nil {
		return reply{}, err
	}
	return jsonReply(s.state(token))
}

func (h *Handler) handleHint(r *http.Request, s *session, token string, _ *request) (reply, error) {
	ctx, cancel := context.WithTimeout(r.Context(), h.opt.SearchTime+searchWait)
	defer cancel()
	hn, err := s.hintFor(ctx, h, s.holds(token))
	if err != nil {
		return reply{}, err
	}
	return jsonReply(hn)
}

// recordOf returns the record of s's game, with its seats and credentials
// as tags (for the store; the download leaves the credentials out).
func (s *session) recordOf(secrets bool) (*record.Record, error) {
	var tags []record.Tag
	for p := mancala.South; p <= mancala.North; p++ {
		name := "Person"
		if s.seats[p] == seatComputer {
			name = "Computer (" + s.level + ")"
		}
		tags = append(tags, record.Tag{Name: title(p), Value: name})
	}
	if secrets {
		tags = append(tags, record.Tag{Name: "WebID", Value: s.id}, record.Tag{Name: "WebFamily", Value: s.fam.Name},
			record.Tag{Name: "WebSeats", Value: s.seats[0] + " " + s.seats[1]}, record.Tag{Name: "WebLevel", Value: s.level},
			record.Tag{Name: "WebSeed", Value: strconv.FormatUint(s.seed, 10)}, record.Tag{Name: "WebCredentials", Value: s.credText()},
			record.Tag{Name: "WebVersion", Value: strconv.FormatUint(s.version, 10)}, record.Tag{Name: "WebPlies", Value: strconv.Itoa(s.game.Ply())})
	}
	return record.New(s.game, tags...)
}

func (h *Handler) handleRecord(_ *http.Request, s *session, _ string, _ *request) (reply, error) {
	rec, err := s.recordOf(false)
	if err != nil {
		return reply{}, err
	}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		return reply{}, err
	}
	return reply{ctype: "text/plain; charset=utf-8", filename: s.fam.Name + "-record.txt", body: buf.Bytes()}, nil
}

// handleUpload replaces the game with the one a record holds, in record
// text or the library's JSON form, for a ruleset of an offered family. A
// record that cannot be read or replayed leaves the game as it was.
func (h *Handler) handleUpload(_ *http.Request, s *session, token string, q *request) (reply, error) {
	if !s.control(token) {
		return reply{}, forbidden("loading a game needs every player's seat")
	}
	g, fam, err := h.replay(q.Record)
	if err != nil {
		return reply{}, err
	}
	s.load(g, fam)
	if err := h.changed(s); err != nil {
		return reply{}, err
	}
	return jsonReply(s.state(token))
}

// replay reads and replays a record of one game of an offered family.
func (h *Handler) replay(text string) (*mancala.Game, mancala.Family, error) {
	recs, err := record.Load(strings.NewReader(text))
	if err != nil {
		return nil, mancala.Family{}, badRequest("the record cannot be read: %v", err)
	}
	if len(recs) != 1 {
		return nil, mancala.Family{}, badRequest("the file holds %d records: want one game", len(recs))
	}
	var fam mancala.Family
	g, err := recs[0].Replay(func(tags record.Tags) (mancala.Ruleset, error) {
		name, ok := tags.Lookup(record.TagRules)
		if !ok {
			return nil, fmt.Errorf("the record has no Rules tag: %w", mancala.ErrUnsupported)
		}
		var found bool
		if fam, found = h.familyOfName(name); !found {
			return nil, fmt.Errorf("rules %q: not a game offered here: %w", clip(name), mancala.ErrUnsupported)
		}
		return build(fam, name)
	})
	if err != nil {
		return nil, fam, badRequest("the record cannot be replayed: %v", err)
	}
	return g, fam, nil
}

// load replaces s's game by g, computing the steps of its moves once.
func (s *session) load(g *mancala.Game, fam mancala.Family) {
	fresh, err := mancala.NewGame(g.Rules(), mancala.From(g.Start()))
	s.fam, s.steps, s.hist, s.picked, s.evals = fam, nil, nil, [2]int{}, nil
	if err != nil {
		s.game = g
		s.syncHist()
		return
	}
	s.game = fresh
	for i := 0; i < g.Ply(); i++ {
		m, _ := g.MoveAt(i)
		if _, err := s.play(m); err != nil {
			break
		}
	}
	if o := g.Outcome(); o.Conceded {
		if w, ok := o.Result.Winner(); ok {
			_ = s.game.Concede(w.Other())
		}
	}
	s.syncHist()
}

// handleDiagram sends the board at ply (default: now) as an SVG diagram
// (package mancala/svg), the houses of the move that led there
// highlighted.
func (h *Handler) handleDiagram(r *http.Request, s *session, _ string, _ *request) (reply, error) {
	ply, err := plyParam(r, s.game)
	if err != nil {
		return reply{}, err
	}
	b, err := s.diagram(ply)
	if err != nil {
		return reply{}, err
	}
	return reply{ctype: "image/svg+xml", filename: s.fam.Name + "-board.svg", body: b}, nil
}

// plyParam reads the ply query parameter: the current ply if absent.
func plyParam(r *http.Request, g *mancala.Game) (int, error) {
	v := r.URL.Query().Get("ply")
	if v == "" {
		return g.Ply(), nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > g.Ply() {
		return 0, badRequest("ply %q: want 0 to %d", clip(v), g.Ply())
	}
	return n, nil
}

// diagram draws the board after ply moves.
func (s *session) diagram(ply int) ([]byte, error) {
	p, _ := s.game.PositionAt(ply)
	var opt svg.Options
	if m, ok := s.game.MoveAt(ply - 1); ok {
		for pl := mancala.South; pl <= mancala.North; pl++ {
			if h, ok := m.From(pl); ok { // the hole sown from, in either row (mancala.Across)
				opt.Highlight = append(opt.Highlight, h)
			}
		}
	}
	var buf bytes.Buffer
	err := svg.Encode(&buf, p.Board, &opt)
	return buf.Bytes(), err
}
