package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// setupJSON is a position as the editor shows and sends it: the seeds of
// each house (rows in each owner's sowing order, index 0 South) and store,
// and who is to move ("south", "north" or "both").
type setupJSON struct {
	Rows   [2][]int `json:"rows"`
	Stores [2]int   `json:"stores"`
	ToMove string   `json:"toMove"`
}

// setupInfo is the answer of GET /api/setup: what the editor needs to
// draw its fields. Start is the ruleset's start position, Now the game's
// current one.
type setupInfo struct {
	Houses int       `json:"houses"`
	Total  int       `json:"total"` // seeds on the board at the ruleset's start
	Start  setupJSON `json:"start"`
	Now    setupJSON `json:"now"`
}

func setupOf(p mancala.Position) setupJSON {
	b := boardOf(p.Board)
	return setupJSON{Rows: b.Rows, Stores: b.Stores, ToMove: turnName(p.ToMove)}
}

func (h *Handler) handleSetupInfo(_ *http.Request, s *session, _ string, _ *request) (reply, error) {
	start := s.game.Rules().Start()
	return jsonReply(setupInfo{Houses: start.Board.Houses(), Total: start.Board.Total(), Start: setupOf(start), Now: setupOf(s.game.Position())})
}

// positionFrom builds the position that q describes on the board of r's
// start position (its round and state kept, no burnt house, no seeds in
// hand), unchecked by the ruleset: the caller passes it to Setup. It
// fails with a 400 for rows of the wrong length, a count out of 0 to
// mancala.MaxSeeds, or an unknown side to move.
func positionFrom(r mancala.Ruleset, q *setupJSON) (mancala.Position, error) {
	p := r.Start()
	n := p.Board.Houses()
	var rows [2][mancala.MaxHouses]uint8
	var stores [2]uint8
	for pl := range q.Rows {
		if len(q.Rows[pl]) != n {
			return p, badRequest("%s's row has %d houses: this game has %d", title(mancala.Player(pl)), len(q.Rows[pl]), n)
		}
		for i, v := range q.Rows[pl] {
			if v < 0 || v > mancala.MaxSeeds {
				return p, badRequest("%s's house %v cannot hold %d seeds: give it 0 to %d", title(mancala.Player(pl)), mancala.Hole{Owner: mancala.Player(pl), House: i}, v, mancala.MaxSeeds)
			}
			rows[pl][i] = uint8(v)
		}
		v := q.Stores[pl]
		if v < 0 || v > mancala.MaxSeeds {
			return p, badRequest("%s's store cannot hold %d seeds: give it 0 to %d", title(mancala.Player(pl)), v, mancala.MaxSeeds)
		}
		stores[pl] = uint8(v)
	}
	switch q.ToMove {
	case "south":
		p.ToMove = mancala.SouthTurn
	case "north":
		p.ToMove = mancala.NorthTurn
	case "both":
		p.ToMove = mancala.BothTurn
	default:
		return p, badRequest("to move %q: want south, north or both", clip(q.ToMove))
	}
	b, err := mancala.NewBoard(n, 0)
	if err == nil {
		err = b.SetLayout(p.Board.Layout()) // the board of r's start: two rows or four
	}
	if err != nil {
		return p, badRequest("%v", err)
	}
	if err := b.SetCounts(rows, stores); err != nil {
		return p, badRequest("%v", err)
	}
	p.Board = b
	return p, nil
}

// handleSetup replaces the game by one of the same ruleset, seats and
// credentials that starts from the position of the request, once the
// ruleset's Setup accepts it; its error's text is the 400's message
// otherwise, and the game is left as it was.
func (h *Handler) handleSetup(_ *http.Request, s *session, token string, q *request) (reply, error) {
	if !s.control(token) {
		return reply{}, forbidden("setting up a position needs every player's seat")
	}
	if q.Position == nil {
		return reply{}, badRequest("no position: want {\"position\":{\"rows\":[[...],[...]],\"stores\":[0,0],\"toMove\":\"south\"}}")
	}
	r := s.game.Rules()
	p, err := positionFrom(r, q.Position)
	if err != nil {
		return reply{}, err
	}
	g, err := newGameFrom(r, p)
	if err != nil {
		return reply{}, badRequest("%s", refusal(s.fam, r, p, err))
	}
	s.load(g, s.fam)
	if err := h.changed(s); err != nil {
		return reply{}, err
	}
	return jsonReply(s.state(token))
}

// refusal says, for a player, why the rules r of fam refuse position p
// (err is their Setup's error): the seeds to add or take away when the
// count is not the game's, that the players take turns when both were to
// move, else the ruleset's own reason without the packages' names.
func refusal(fam mancala.Family, r mancala.Ruleset, p mancala.Position, err error) string {
	want, got := r.Start().Board.Total(), p.Board.Total()
	switch {
	case got < want:
		return fmt.Sprintf("this game is played with %d seeds, and the board holds %d: add %d", want, got, want-got)
	case got > want:
		return fmt.Sprintf("this game is played with %d seeds, and the board holds %d: take away %d", want, got, got-want)
	case p.ToMove == mancala.BothTurn && r.Start().ToMove != mancala.BothTurn:
		return "in this game the players take turns: choose South or North to move"
	}
	msg := strings.TrimSuffix(err.Error(), ": "+mancala.ErrInvalidPosition.Error())
	msg = strings.TrimPrefix(msg, fam.Name+": ")
	return "the rules do not allow this position (" + msg + ")"
}

// newGameFrom starts a game of r from p, which r's Setup checks; a
// ruleset's Setup that panics is an error here.
func newGameFrom(r mancala.Ruleset, p mancala.Position) (g *mancala.Game, err error) {
	defer func() {
		if e := recover(); e != nil {
			g, err = nil, fmt.Errorf("the rules fail on this position (%v): %w", e, mancala.ErrInvalidPosition)
		}
	}()
	return mancala.NewGame(r, mancala.From(p))
}
