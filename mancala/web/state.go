package web

import (
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// boardJSON is a board as the page draws it. Rows are in each owner's
// sowing order (index 0 is A or a); index 0 of a pair is South.
type boardJSON struct {
	Houses int       `json:"houses"`
	Rows   [2][]int  `json:"rows"`
	Stores [2]int    `json:"stores"`
	Burnt  [2][]bool `json:"burnt"`
	Hands  [2]int    `json:"hands"`  // seeds in flight in each player's hand
	HandAt [2]string `json:"handAt"` // the hole each hand last touched ("C", "N"), "" if empty
	// The layout (mancala.Layout): rows of houses a side (1 or 2), no
	// stores drawn, and where each house is drawn, as [row, column] from
	// the top left (mancala.Layout.Cell), so the page holds no layout
	// rules of its own.
	Layout struct {
		Rows     int         `json:"rows"`
		NoStores bool        `json:"noStores"`
		Cells    [2][][2]int `json:"cells"`
	} `json:"layout"`
}

func boardOf(b mancala.Board) boardJSON {
	n := b.Houses()
	j := boardJSON{Houses: n}
	l := b.Layout()
	j.Layout.Rows, j.Layout.NoStores = l.Rows, l.NoStores
	for p := mancala.South; p <= mancala.North; p++ {
		j.Rows[p] = make([]int, n)
		j.Burnt[p] = make([]bool, n)
		j.Layout.Cells[p] = make([][2]int, n)
		for i := 0; i < n; i++ {
			j.Rows[p][i] = b.Seeds(p, i)
			j.Burnt[p][i] = b.Burnt(p, i)
			r, c := l.Cell(n, p, i)
			j.Layout.Cells[p][i] = [2]int{r, c}
		}
		j.Stores[p] = b.Store(p)
		if k, at := b.Hand(p); k > 0 {
			j.Hands[p], j.HandAt[p] = k, at.String()
		}
	}
	return j
}

// eventJSON is one step of a move (mancala.Event) for the page.
type eventJSON struct {
	Kind   string `json:"kind"`   // mancala.EventKind's name: "pick-up", "drop", ...
	Player int    `json:"player"` // 0 South, 1 North
	Owner  int    `json:"owner"`  // the hole's owner
	House  int    `json:"house"`  // the hole's house, -1 for the store
	Count  int    `json:"count"`
	Turn   string `json:"turn,omitempty"` // with turn-end: who decides next
	Rule   string `json:"rule,omitempty"`
}

func eventOf(e mancala.Event) eventJSON {
	j := eventJSON{Kind: e.Kind.String(), Player: int(e.Player), Owner: int(e.Hole.Owner), House: e.Hole.House, Count: e.Count, Rule: e.Rule}
	if e.Kind == mancala.EventDeposit {
		j.Owner, j.House = int(e.Player), mancala.StoreHouse
	}
	if e.Kind == mancala.EventTurnEnd {
		j.Turn = turnName(e.Turn)
	}
	return j
}

// noteJSON is one sentence of a move's narration (mancala.Note).
type noteJSON struct {
	Kind   string `json:"kind"` // mancala.NoteKind's name: "sow", "capture", ...
	Player string `json:"player"`
	Rule   string `json:"rule,omitempty"`
	Text   string `json:"text"`
}

// stepJSON is one move as the page animates and lists it: the board
// before, the events, and their narration.
type stepJSON struct {
	Ply    int         `json:"ply"` // the move's index: it was played at PositionAt(ply)
	Move   string      `json:"move"`
	By     string      `json:"by"` // "south", "north" or "both"
	Before boardJSON   `json:"before"`
	Events []eventJSON `json:"events"`
	Notes  []noteJSON  `json:"notes"`
}

func newStep(ply int, m mancala.Move, before mancala.Position, events []mancala.Event, notes []mancala.Note) *stepJSON {
	st := &stepJSON{Ply: ply, Move: m.String(), By: turnName(before.ToMove), Before: boardOf(before.Board),
		Events: make([]eventJSON, len(events)), Notes: make([]noteJSON, len(notes))}
	for i, e := range events {
		st.Events[i] = eventOf(e)
	}
	for i, n := range notes {
		st.Notes[i] = noteJSON{Kind: n.Kind.String(), Player: n.Player.String(), Rule: n.Rule, Text: n.Text}
	}
	return st
}

// turnName is "south", "north", "both" or "" (nobody: the game is over).
func turnName(t mancala.Turn) string {
	switch t {
	case mancala.NoTurn:
		return ""
	case mancala.BothTurn:
		return "both"
	}
	p, _ := t.Player()
	return p.String()
}

// inviteJSON is a share link's credential, for the creator to pass on.
type inviteJSON struct {
	Seat  string `json:"seat"` // "south" or "north"
	Token string `json:"token"`
}

// historyJSON is one move of the move list.
type historyJSON struct {
	Move  string   `json:"move"`
	By    string   `json:"by"`
	Notes []string `json:"notes"`
	Rules []string `json:"rules"` // the rule ids the notes cite
}

// stateJSON is everything the page shows, as one viewer sees it.
type stateJSON struct {
	ID      string       `json:"id"`
	Token   string       `json:"token,omitempty"` // the viewer's credential, in the answer to /api/new
	Version uint64       `json:"version"`
	Family  string       `json:"family"` // the family's name, such as "awale"
	Rules   string       `json:"rules"`  // the ruleset's name, as records carry it
	Title   string       `json:"title"`  // the ruleset's name for people (mancala.Label)
	Seats   [2]string    `json:"seats"`  // "human" or "computer"
	You     [2]bool      `json:"you"`    // the seats the viewer plays
	Control bool         `json:"control"`
	Invites []inviteJSON `json:"invites"`
	Level   string       `json:"level"`
	Board   boardJSON    `json:"board"`
	ToMove  string       `json:"toMove"` // "south", "north", "both", "" once over
	Round   int          `json:"round"`
	Ply     int          `json:"ply"`
	Legal   [2][]int     `json:"legal"` // the houses the viewer may choose now
	// Across holds, for each player, the houses of his opponent's row he
	// may sow from now (mancala.Across moves, "^c"), in a game where
	// nobody owns the houses; nil in other games.
	Across [2][]int `json:"across,omitempty"`
	// Ways says, for each house of Legal in a game where the player
	// chooses the direction of each sowing (mancala.Reversed), which ways
	// it may be sown: "usual", "other" or "both"; nil in other games.
	Ways     [2]map[int]string `json:"ways,omitempty"`
	Picked   [2]bool           `json:"picked"` // at a simultaneous decision: who has chosen (not what)
	Over     bool              `json:"over"`
	Result   string            `json:"result"`  // the result, from the viewer's point of view, once over
	Outcome  string            `json:"outcome"` // once over: "won", "lost", "draw" (the viewer's), or "over"
	EndRule  string            `json:"endRule"` // once over: the id of the rule that ended the game, if known ("AW-7")
	Scores   [2]int            `json:"scores"`
	Status   string            `json:"status"` // whose turn and why, or the result
	Moves    string            `json:"moves"`
	CanUndo  bool              `json:"canUndo"`
	CanRedo  bool              `json:"canRedo"`
	Computer bool              `json:"computer"` // the computer decides now (a player's page asks it)
	Last     *stepJSON         `json:"last"`     // the last move, to animate and to mark
	History  []historyJSON     `json:"history"`
}

// state returns what the holder of token (a spectator for "") sees of s.
func (s *session) state(token string) stateJSON {
	g := s.game
	p := g.Position()
	held := s.holds(token)
	ctl := s.control(token)
	st := stateJSON{
		ID: s.id, Version: s.version, Family: s.fam.Name, Rules: fmt.Sprint(g.Rules()), Title: label(s.fam, g.Rules()),
		Seats: s.seats, You: held, Control: ctl, Level: s.level, Invites: []inviteJSON{},
		Board: boardOf(p.Board), ToMove: turnName(g.Turn()), Round: g.Round(), Ply: g.Ply(),
		Over: g.Over(), Moves: g.MovesText(), CanUndo: ctl && g.CanUndo(), CanRedo: ctl && g.CanRedo(),
		Computer: s.computerDecides(), History: make([]historyJSON, 0, g.Ply()),
	}
	if token == s.creator {
		for tok, hs := range s.creds {
			for pl := mancala.South; pl <= mancala.North; pl++ {
				if tok != s.creator && hs[pl] {
					st.Invites = append(st.Invites, inviteJSON{Seat: pl.String(), Token: tok})
				}
			}
		}
	}
	t := g.Turn()
	legal := g.Legal()
	for pl := mancala.South; pl <= mancala.North; pl++ {
		st.Picked[pl] = s.picked[pl] != 0
		if t.Has(pl) && held[pl] && s.seats[pl] == seatHuman && !st.Picked[pl] {
			st.Legal[pl] = mancala.Choices(nil, legal, pl)
			st.Across[pl] = mancala.AcrossChoices(nil, legal, pl)
			st.Ways[pl] = waysOf(legal, pl)
		}
		if st.Legal[pl] == nil {
			st.Legal[pl] = []int{}
		}
	}
	o := g.Outcome()
	st.Scores = o.Scores
	if g.Over() {
		st.Result = resultLine(o, held)
		st.EndRule = o.Ending.Rule
	}
	st.Outcome = outcomeFor(o, held, g.Over())
	if ply := g.Ply(); ply > 0 && ply <= len(s.steps) {
		st.Last = s.steps[ply-1]
	}
	for i := 0; i < g.Ply() && i < len(s.steps); i++ {
		hj := historyJSON{Move: s.steps[i].Move, By: s.steps[i].By, Notes: []string{}, Rules: []string{}}
		for _, n := range s.steps[i].Notes {
			hj.Notes = append(hj.Notes, n.Text)
			if n.Rule != "" {
				hj.Rules = append(hj.Rules, n.Rule)
			}
		}
		st.History = append(st.History, hj)
	}
	st.Status = s.status(held, st.Result)
	return st
}

// label is the ruleset's name for people, from fam (which the caller may
// have described in its own words), else the registry's (mancala.Label).
func label(fam mancala.Family, r mancala.Ruleset) string {
	name := fmt.Sprint(r)
	fl := fam.Label
	if fl == "" {
		return mancala.Label(r)
	}
	for _, p := range fam.Presets {
		if p.Name == name && p.Label != "" {
			return fl + ", " + p.Label
		}
	}
	if rest := strings.TrimSpace(strings.TrimPrefix(name, fam.Name)); rest != "" {
		return fl + ", " + rest
	}
	return fl
}

// resultLine is the result from the point of view of the seats held, as
// a player says it, the winner's score first: "You won 26 to 22", "You
// lost 5 to 43", "North won 26 to 22", "Draw, 24 each", then why the game
// ended: "You lost 5 to 43: North could not move." The rule that ended it
// is not in the line (the page shows it in small print: state's EndRule).
func resultLine(o mancala.Outcome, held seats) string {
	var line string
	if w, ok := o.Result.Winner(); ok {
		a, b := o.Scores[w], o.Scores[w.Other()]
		switch {
		case held[w] && !held[w.Other()]:
			line = fmt.Sprintf("You won %d to %d", a, b)
		case held[w.Other()] && !held[w]:
			line = fmt.Sprintf("You lost %d to %d", b, a)
		default:
			line = fmt.Sprintf("%s won %d to %d", title(w), a, b)
		}
	} else {
		line = fmt.Sprintf("Draw, %d each", o.Scores[mancala.South])
		if o.Scores[mancala.South] != o.Scores[mancala.North] {
			line = fmt.Sprintf("Draw, %d to %d", o.Scores[mancala.South], o.Scores[mancala.North])
		}
	}
	if e := endingWords(o, held); e != "" {
		line += ": " + e
	}
	return line + "."
}

// endingWords says why a game ended as a player would, without the rule:
// "North could not move", "you conceded". A majority that names nobody
// is the winner's.
func endingWords(o mancala.Outcome, held seats) string {
	e := o.Ending
	who, hasWho := e.Who.Player()
	if w, won := o.Result.Winner(); !hasWho && won && e.Reason == mancala.EndMajority {
		who, hasWho = w, true
	}
	name := ""
	if hasWho {
		name = title(who)
		if held[who] && !held[who.Other()] {
			name = "you"
		}
	}
	switch e.Reason {
	case mancala.EndNone:
		return ""
	case mancala.EndNoMove:
		if hasWho {
			return name + " could not move"
		}
		return "the player to move could not move"
	case mancala.EndRepetition:
		return "the same positions came round again and again"
	case mancala.EndMajority:
		if hasWho {
			return name + " holds more than half of the seeds"
		}
		return "a player holds more than half of the seeds"
	case mancala.EndRoundLimit:
		return "the last round was played"
	case mancala.EndCannotFill:
		if hasWho {
			return name + " cannot fill a house for another round"
		}
		return "a player cannot fill a house for another round"
	case mancala.EndRepeatedRound:
		return "a round would have started as an earlier one did"
	case mancala.EndConceded:
		if hasWho {
			return name + " conceded"
		}
		return "a player conceded"
	}
	return "the rules end the game here"
}

// outcomeFor is the result from the point of view of the seats held:
// "won", "lost", "draw", or "over" for a viewer who plays both seats or
// none when somebody won; "" while the game goes on.
func outcomeFor(o mancala.Outcome, held seats, over bool) string {
	if !over {
		return ""
	}
	w, ok := o.Result.Winner()
	switch {
	case !ok:
		return "draw"
	case held[w] && !held[w.Other()]:
		return "won"
	case held[w.Other()] && !held[w]:
		return "lost"
	}
	return "over"
}

// status says whose turn it is and why (from the last move's narration),
// or, once the game is over, the result.
func (s *session) status(held seats, result string) string {
	g := s.game
	if g.Over() {
		return result
	}
	who := func(p mancala.Player) string {
		switch {
		case held[p] && !held[p.Other()]:
			return title(p) + " (you)"
		case s.seats[p] == seatComputer:
			return title(p) + " (computer)"
		}
		return title(p)
	}
	t := g.Turn()
	if t.Simultaneous() {
		line := "Both players choose a house at once; neither sees the other's choice."
		for p := mancala.South; p <= mancala.North; p++ {
			if s.picked[p] != 0 {
				line += " " + who(p) + " has chosen; waiting for " + who(p.Other()) + "."
			}
		}
		return line
	}
	p, _ := t.Player()
	line := who(p) + " to move."
	if g.Ply() > 0 && g.Ply() <= len(s.steps) {
		for _, n := range s.steps[g.Ply()-1].Notes {
			if (n.Kind == mancala.NoteAgain.String() || n.Kind == mancala.NoteStart.String()) && n.Player == p.String() {
				line += " " + n.Text
			}
		}
	}
	return line
}

// waysOf returns the ways each house of p may be sown in legal (see
// stateJSON.Ways), or nil when no legal move of p is reversed.
func waysOf(legal []mancala.Move, p mancala.Player) map[int]string {
	var ways map[int]string
	for _, m := range legal {
		if pl, ok := m.Player(); !ok || pl != p || !m.Reversed() || m.Across() {
			continue
		}
		if ways == nil {
			ways = map[int]string{}
		}
		h, _ := m.House(p)
		ways[h] = "other"
	}
	if ways == nil {
		return nil
	}
	for _, m := range legal {
		if pl, ok := m.Player(); ok && pl == p && !m.Reversed() && !m.Across() {
			h, _ := m.House(p)
			if ways[h] == "other" {
				ways[h] = "both"
			} else {
				ways[h] = "usual"
			}
		}
	}
	return ways
}
