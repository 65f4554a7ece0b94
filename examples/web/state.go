package main

import (
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
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
}

func boardOf(b mancala.Board) boardJSON {
	n := b.Houses()
	j := boardJSON{Houses: n}
	for p := mancala.South; p <= mancala.North; p++ {
		j.Rows[p] = make([]int, n)
		j.Burnt[p] = make([]bool, n)
		for i := 0; i < n; i++ {
			j.Rows[p][i] = b.Seeds(p, i)
			j.Burnt[p][i] = b.Burnt(p, i)
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
}

func eventOf(e mancala.Event) eventJSON {
	j := eventJSON{Kind: e.Kind.String(), Player: int(e.Player), Owner: int(e.Hole.Owner), House: e.Hole.House, Count: e.Count}
	if e.Kind == mancala.EventDeposit {
		j.Owner, j.House = int(e.Player), mancala.StoreHouse
	}
	if e.Kind == mancala.EventTurnEnd {
		j.Turn = turnName(e.Turn)
	}
	return j
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

// stateJSON is everything the page shows.
type stateJSON struct {
	ID        string    `json:"id"`
	Game      string    `json:"game"`  // "awale" or "congkak"
	Rules     string    `json:"rules"` // the ruleset's name, as records carry it
	RulesText string    `json:"rulesText"`
	Seats     [2]string `json:"seats"`
	Strength  string    `json:"strength"`
	Board     boardJSON `json:"board"`
	ToMove    string    `json:"toMove"` // "south", "north", "both", "" once over
	Round     int       `json:"round"`
	Ply       int       `json:"ply"`
	Legal     [2][]int  `json:"legal"` // the houses each player may choose now
	Over      bool      `json:"over"`
	Result    string    `json:"result"` // the result line once over
	Ending    string    `json:"ending"` // why the game ended, if the ruleset says
	Scores    [2]int    `json:"scores"`
	Status    string    `json:"status"` // whose turn, and why
	Moves     string    `json:"moves"`
	CanUndo   bool      `json:"canUndo"`
	CanRedo   bool      `json:"canRedo"`
	Computer  bool      `json:"computer"` // the computer decides now (the page asks it)
	Notes     []string  `json:"notes"`    // what the last move did
}

// state returns what the page shows of s.
func (s *session) state() stateJSON {
	g := s.game
	p := g.Position()
	st := stateJSON{
		ID: s.id, Game: s.family, Rules: fmt.Sprint(g.Rules()), RulesText: rulesText(s.family),
		Seats: s.seats, Strength: s.strength,
		Board: boardOf(p.Board), ToMove: turnName(g.Turn()), Round: roundOf(g), Ply: g.Ply(),
		Over: g.Over(), Moves: g.MovesText(), CanUndo: g.CanUndo(), CanRedo: g.CanRedo(),
	}
	legal := g.Legal()
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if g.Turn().Has(pl) {
			st.Legal[pl] = mancala.Choices(nil, legal, pl)
		}
		if st.Legal[pl] == nil {
			st.Legal[pl] = []int{}
		}
	}
	o := g.Outcome()
	st.Scores = o.Scores
	if g.Over() {
		st.Result = resultLine(o)
		st.Ending = endingText(g)
	}
	st.Computer = !g.Over() && !s.humanDecides()
	st.Status = s.status()
	if s.last != nil {
		st.Notes = s.last.Notes
	}
	if st.Notes == nil {
		st.Notes = []string{}
	}
	return st
}

// resultLine is "South wins 26–22", "Draw 24–24".
func resultLine(o mancala.Outcome) string {
	s, n := o.Scores[mancala.South], o.Scores[mancala.North]
	line := fmt.Sprintf("Draw, %d–%d", s, n)
	if w, ok := o.Result.Winner(); ok {
		line = fmt.Sprintf("%s wins, %d–%d", title(w.String()), s, n)
	}
	if o.Conceded && o.Ending.Reason == mancala.EndNone { // else the ending says so
		line += " (by concession)"
	}
	return line
}

// title capitalises a player's name.
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// status says whose turn it is and why.
func (s *session) status() string {
	g := s.game
	if g.Over() {
		line := "Game over: " + resultLine(g.Outcome())
		if e := endingText(g); e != "" {
			line += " — " + e
		}
		return line + "."
	}
	who := func(p mancala.Player) string {
		if s.seats[p] == seatComputer {
			return title(p.String()) + " (computer)"
		}
		return title(p.String())
	}
	t := g.Turn()
	if t.Simultaneous() {
		return fmt.Sprintf("Both players choose a house at once (CK-8): %s and %s each pick without seeing the other's choice.", who(mancala.South), who(mancala.North))
	}
	p, _ := t.Player()
	line := who(p) + " to move"
	switch {
	case s.last == nil:
	case hasRoundEnd(s.last):
		line += fmt.Sprintf(": round %d begins, started by the loser of the last one, or on a tie by its last mover (CK-13)", roundOf(g))
	case s.family == "congkak" && g.Position().State&1 != 0:
		line += ": one more turn, as his opponent's row is empty (CK-9)"
	case s.last.reTurn:
		line += " again: the last seed fell in his own store (CK-3)"
	case s.last.turn.Simultaneous():
		line += ": his hand stopped first in the simultaneous opening (CK-8)"
	}
	return line + "."
}

func hasRoundEnd(st *step) bool {
	for _, e := range st.Events {
		if e.Kind == mancala.EventRoundEnd.String() {
			return true
		}
	}
	return false
}

// roundEnder is Congkak's Rules.RoundEnded: whether a decision crossed
// the end of a round, whatever Position.Round says (under CK-16 a full set
// keeps it at 1).
type roundEnder interface {
	RoundEnded(before, after mancala.Position) bool
}

// roundOf returns the number of g's current round, from 1: one more than
// the round ends in the game so far (0 for rulesets of one round).
func roundOf(g *mancala.Game) int {
	re, ok := g.Rules().(roundEnder)
	if !ok {
		return g.Position().Round
	}
	pos := g.Positions()
	n := 1
	for i := 1; i < len(pos); i++ {
		if re.RoundEnded(pos[i-1], pos[i]) && !pos[i].Over() {
			n++
		}
	}
	return n
}

// explain turns a move's events into sentences naming the rules. round is
// the number of the round in which the move was played; newRound reports
// that the move started another; ending is why the game ended, if it did;
// events from index cycleFrom on (-1: none) end the game at a repetition
// (AW-8, CK-16).
func explain(family string, m mancala.Move, round int, newRound bool, events []mancala.Event, after mancala.Position, ending mancala.Ending, cycleFrom int) []string {
	var notes []string
	if p, one := m.Player(); one {
		notes = append(notes, fmt.Sprintf("%s sowed %v.", title(p.String()), m))
	} else {
		s, _ := m.House(mancala.South)
		n, _ := m.House(mancala.North)
		notes = append(notes, fmt.Sprintf("South sowed %v and North %v, both at once (CK-8).", mancala.Single(mancala.South, s), mancala.Single(mancala.North, n)))
	}
	pickUps := map[mancala.Player]int{}
	var relays [2][]string
	turnEnded := false
	captureRule, endRule, relayRule := "AW-4", "AW-7", ""
	if family == "congkak" {
		captureRule, endRule, relayRule = "CK-5", "CK-10", "CK-4"
	} else if ending.Rule != "" && cycleFrom < 0 {
		endRule = ending.Rule // AW-7, or AW-10 at a majority
	}
	var collected, cycleCollected [2]int
	var burnt, captures []string
	again, roundEnd := "", "" // said after the captures
	for i, e := range events {
		who := title(e.Player.String())
		switch e.Kind {
		case mancala.EventPickUp:
			pickUps[e.Player]++
			if pickUps[e.Player] > 1 && relayRule != "" && !turnEnded {
				relays[e.Player] = append(relays[e.Player], fmt.Sprintf("%v (%d)", e.Hole, e.Count))
			}
		case mancala.EventCapture:
			if cycleFrom >= 0 && i >= cycleFrom {
				cycleCollected[e.Player] += e.Count
			} else if turnEnded {
				collected[e.Player] += e.Count
			} else {
				captures = append(captures, fmt.Sprintf("%s captures %s from %v (%s).", who, seeds(e.Count), e.Hole, captureRule))
			}
		case mancala.EventTurnEnd:
			turnEnded = true
			if e.Turn == mancala.TurnOf(e.Player) && family == "congkak" && !roundEnds(events) {
				again = fmt.Sprintf("%s's last seed fell in his own store: he chooses again (CK-3).", who)
			}
		case mancala.EventRoundEnd:
			roundEnd = fmt.Sprintf("Round %d ends (CK-9); each player adds the seeds of his houses to his store (CK-10).", round)
		case mancala.EventBurn:
			if e.Count != 0 {
				burnt = append(burnt, e.Hole.String())
			}
		}
	}
	for p, r := range relays {
		if len(r) == 0 {
			continue
		}
		times := "once"
		if len(r) > 1 {
			times = fmt.Sprintf("%d times", len(r))
		}
		notes = append(notes, fmt.Sprintf("%s's last seed fell in an occupied house %s: he took its seeds up and sowed on from %s (relay, %s).",
			title(mancala.Player(p).String()), times, strings.Join(r, ", "), relayRule))
	}
	notes = append(notes, captures...)
	if again != "" {
		notes = append(notes, again)
	}
	if roundEnd != "" {
		notes = append(notes, roundEnd)
	}
	takes := func(c [2]int, rule string) {
		for p := mancala.South; p <= mancala.North; p++ {
			if c[p] > 0 {
				notes = append(notes, fmt.Sprintf("%s takes the %s left on the board (%s).", title(p.String()), seeds(c[p]), rule))
			}
		}
	}
	takes(collected, endRule)
	if len(burnt) > 0 {
		notes = append(notes, fmt.Sprintf("Houses %s cannot be filled: burnt for this round (CK-12).", strings.Join(burnt, ", ")))
	}
	if newRound && !after.Over() {
		notes = append(notes, fmt.Sprintf("Round %d: the houses are refilled from the stores (CK-11).", round+1))
	}
	if cycleFrom >= 0 {
		if family == "congkak" {
			notes = append(notes, "The next round would start as an earlier one of the set did: the set ends (CK-16).")
			takes(cycleCollected, "CK-16")
		} else {
			notes = append(notes, "The position repeated: an endless cycle ends the game (AW-8).")
			takes(cycleCollected, "AW-8")
		}
	}
	return notes
}

// roundEnds reports whether a move's events end a round.
func roundEnds(events []mancala.Event) bool {
	for _, e := range events {
		if e.Kind == mancala.EventRoundEnd {
			return true
		}
	}
	return false
}

// seeds is "1 seed", "3 seeds".
func seeds(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return fmt.Sprintf("%d seeds", n)
}

// endingText says why g ended, with the rule ("endless cycle (AW-8)"),
// when the ruleset says (mancala.Explainer) or a player conceded; "" if
// the ruleset does not say.
func endingText(g *mancala.Game) string {
	e := g.Outcome().Ending
	if e.Reason == mancala.EndNone {
		return ""
	}
	return e.String()
}

// rulesText is the rules of the game, in Markdown, as the game package
// states them (with the rule ids the page's notes cite).
func rulesText(family string) string {
	if family == "congkak" {
		return congkak.RulesText
	}
	return awale.RulesText
}
