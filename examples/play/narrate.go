package main

import (
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// ruleIDs are the rule ids that name the steps of a move of one game, ""
// where the game has no such rule.
type ruleIDs struct {
	capture  string // a capture
	relay    string // a relay: the last seed's house taken up and sown on
	again    string // the last seed in the mover's store: he decides again
	deadEnd  string // the last seed in an empty house of the opponent's row
	roundEnd string // the end of a round
	score    string // the round's score
	refill   string // the refill of a new round and its burnt houses
	starter  string // who starts the next round
	opening  string // the simultaneous opening
}

// idsOf returns the rule ids of r's game.
func idsOf(r mancala.Ruleset) ruleIDs {
	switch r.(type) {
	case *awale.Rules:
		return ruleIDs{capture: "AW-4"}
	case *congkak.Rules:
		return ruleIDs{capture: "CK-5", relay: "CK-4", again: "CK-3", deadEnd: "CK-6",
			roundEnd: "CK-9", score: "CK-10", refill: "CK-11", starter: "CK-13", opening: "CK-8"}
	}
	return ruleIDs{}
}

// cite appends " (id)" to text when id is set.
func cite(text, id string) string {
	if id == "" {
		return text
	}
	return text + " (" + id + ")"
}

// playMove plays m in the game, tracing its steps first when the ruleset
// can (mancala.Tracer), then says what it did. A refused move changes
// nothing and returns the rules' error.
func (s *session) playMove(m mancala.Move) error {
	before := s.g.Position()
	var events []mancala.Event
	if tr, ok := s.g.Rules().(mancala.Tracer); ok {
		if _, err := tr.Trace(before, m, func(e mancala.Event) { events = append(events, e) }); err != nil {
			return err
		}
	}
	if err := s.g.Play(m); err != nil {
		return err
	}
	s.narrate(before, m, events)
	return nil
}

// handStory is what one player's hand did in a move, from its events.
type handStory struct {
	relays   []mancala.Hole
	captures []string // "3 from b", in order
	lastOnly bool     // the only capture was the capturing seed itself (opposite house empty)
	deadEnd  *mancala.Hole
	inStore  bool // the hand's last seed went into its own store
}

// stories reads the in-play steps of a move (those before its turn end)
// for each player. chose[p] says that p chose a house in the move (his
// first pick-up is that house, not a relay).
func stories(events []mancala.Event, chose [2]bool, after mancala.Board) [2]handStory {
	var st [2]handStory
	var picked [2]bool
	var last [2]*mancala.Event
	for i := range events {
		e := &events[i]
		if e.Kind == mancala.EventTurnEnd {
			break
		}
		p := e.Player
		if !p.Valid() {
			continue
		}
		switch e.Kind {
		case mancala.EventPickUp:
			if chose[p] && !picked[p] {
				picked[p] = true
			} else {
				st[p].relays = append(st[p].relays, e.Hole)
			}
		case mancala.EventCapture:
			if e.Hole.Owner != p { // from the opponent's row
				st[p].captures = append(st[p].captures, fmt.Sprintf("%d from %v", e.Count, e.Hole))
			} else if last[p] == nil || last[p].Kind != mancala.EventCapture {
				st[p].lastOnly = true // the capturing seed alone (CK-5, opposite house empty)
			}
		}
		last[p] = e
	}
	for p := mancala.South; p <= mancala.North; p++ {
		e := last[p]
		if seeds, _ := after.Hand(p); seeds > 0 || e == nil {
			continue
		}
		switch {
		case e.Kind == mancala.EventDrop && e.Hole == mancala.Hole{Owner: p, House: mancala.StoreHouse}, e.Kind == mancala.EventDeposit:
			st[p].inStore = true
		case e.Kind == mancala.EventDrop && !e.Hole.IsStore() && e.Hole.Owner != p:
			h := e.Hole
			st[p].deadEnd = &h
		}
	}
	return st
}

// maxRelaysNamed is the most relays a decision line names one by one.
const maxRelaysNamed = 5

// details writes what p's hand did: relays, captures, how it ended and
// what it did to his store.
func details(st handStory, ids ruleIDs, p mancala.Player, before, after mancala.Position, again, newRound bool) []string {
	var parts []string
	switch n := len(st.relays); {
	case n > maxRelaysNamed:
		parts = append(parts, cite(fmt.Sprintf("%d relays, the last at %v", n, st.relays[n-1]), ids.relay))
	case n > 0:
		at := make([]string, n)
		for i, h := range st.relays {
			at[i] = h.String()
		}
		parts = append(parts, cite(fmt.Sprintf("relay%s at %s", plural(n), strings.Join(at, ", ")), ids.relay))
	}
	switch {
	case len(st.captures) > 0:
		text := "captures " + strings.Join(st.captures, ", ")
		if ids.capture == "CK-5" {
			text += " with the last seed"
		}
		parts = append(parts, cite(text, ids.capture))
	case st.lastOnly:
		parts = append(parts, cite("the last seed goes to the store, the opposite house being empty", ids.capture))
	case st.deadEnd != nil && ids.deadEnd != "":
		parts = append(parts, cite("stops in the empty house "+st.deadEnd.String(), ids.deadEnd))
	}
	if again {
		parts = append(parts, cite("ends in the store: plays again", ids.again))
	}
	if d := after.Board.Store(p) - before.Board.Store(p); d != 0 && !newRound && !after.Over() {
		parts = append(parts, fmt.Sprintf("store %+d (now %d)", d, after.Board.Store(p)))
	}
	return parts
}

// narrate says what the move m just played did (from its events, when
// the ruleset traces moves, else from the stores), then shows the board
// if the verbosity asks for it.
func (s *session) narrate(before mancala.Position, m mancala.Move, events []mancala.Event) {
	after := s.g.Position()
	ids := idsOf(s.g.Rules())
	var chose [2]bool
	for p := mancala.South; p <= mancala.North; p++ {
		_, chose[p] = m.House(p)
	}
	mover, single := before.ToMove.Player()
	newRound := after.Round > before.Round || hasRoundEnd(events)
	again := single && after.ToMove == before.ToMove && !newRound && !after.Over()
	var st [2]handStory
	if events != nil {
		st = stories(events, chose, after.Board)
	}
	quiet := s.verbosity == quietOutput
	switch {
	case single && quiet:
		// One line per turn: "South plays E F B." for a turn of three
		// decisions (CK-3).
		if s.turnLine && s.turnWho == mover {
			s.write(fmt.Sprintf(" %v", m))
		} else {
			s.printf("%s plays %v", s.name(mover), m)
			s.turnLine, s.turnWho = true, mover
		}
		if !again {
			s.endTurnLine()
		}
	case single:
		line := fmt.Sprintf("%s plays %v", s.name(mover), m)
		if parts := details(st[mover], ids, mover, before, after, again, newRound); !quiet && len(parts) > 0 {
			line += ": " + strings.Join(parts, "; ")
		}
		s.printf("%s.\n", line)
		// In the simultaneous opening the other hand may still sow.
		if other := mover.Other(); !quiet && !chose[other] {
			if parts := details(st[other], ids, other, before, after, false, newRound); len(parts) > 0 && (len(st[other].relays) > 0 || len(st[other].captures) > 0) {
				s.printf("  %s's hand, still sowing: %s.\n", title(other), strings.Join(parts, "; "))
			}
		}
	default:
		s.printf("%s chose %v, %s chose %v.\n", s.name(mancala.South), houseMove(mancala.South, m), s.name(mancala.North), houseMove(mancala.North, m))
		for p := mancala.South; p <= mancala.North && !quiet; p++ {
			// p decides next after his last seed reached his store (CK-3, CK-8).
			again := st[p].inStore && !newRound && !after.Over() && after.ToMove.Has(p)
			if parts := details(st[p], ids, p, before, after, again, newRound); len(parts) > 0 {
				s.printf("  %s: %s.\n", title(p), strings.Join(parts, "; "))
			}
		}
		if next, ok := after.ToMove.Player(); ok && !quiet && !newRound && !st[next].inStore && events != nil {
			if seeds, _ := after.Board.Hand(next.Other()); seeds == 0 {
				s.printf("  %s\n", cite(fmt.Sprintf("Both turns are over: %s, whose turn ended first (South on a tie), plays next", title(next)), ids.opening)+".")
			}
		}
	}
	if newRound {
		s.roundEnd(after, ids)
	}
	if pl, ok := after.ToMove.Player(); ok && before.ToMove.Simultaneous() && !newRound {
		if seeds, _ := after.Board.Hand(pl.Other()); seeds > 0 {
			s.printf("  %s's last seed reached his store: he chooses again while %s's hand waits with %d seed%s (CK-8).\n", title(pl), title(pl.Other()), seeds, plural(seeds))
		}
	}
	switch {
	case after.Over():
		// the loop shows the final board
	case s.verbosity == verboseOutput:
		s.showBoard()
	case s.verbosity == normal && (after.ToMove != before.ToMove || newRound):
		s.showBoard()
	}
}

// roundEnd reports the end of a round (a Congkak round, CK-9) that the
// move just played ended: each player's seeds (CK-10) and, if the set
// goes on, the next round, who starts it (CK-13) and the burnt houses
// (CK-11).
func (s *session) roundEnd(after mancala.Position, ids ruleIDs) {
	// Each player refills his houses from his own seeds (CK-11), so store
	// and row hold what he had at the end of the round.
	var own [2]int
	for p := mancala.South; p <= mancala.North; p++ {
		own[p] = after.Board.Store(p) + after.Board.RowSeeds(p)
	}
	round := s.round() // the round now played, or the last if the set is over
	if !after.Over() {
		round--
	}
	line := cite(fmt.Sprintf("  Round %d is over", max(round, 1)), ids.roundEnd) +
		cite(fmt.Sprintf(": South has %d seed%s, North %d", own[mancala.South], plural(own[mancala.South]), own[mancala.North]), ids.score)
	if starter, ok := after.ToMove.Player(); ok {
		line += cite(fmt.Sprintf(". Round %d begins, %s to move", round+1, title(starter)), ids.starter)
	}
	s.printf("%s.\n", line)
	if after.Over() {
		return
	}
	for p := mancala.South; p <= mancala.North; p++ {
		if n := burnt(after.Board, p); n > 0 {
			s.printf("  %s\n", cite(fmt.Sprintf("%s has %d burnt house%s", title(p), n, plural(n)), ids.refill)+".")
		}
	}
}

// announce prints the result of a finished game: why it ended, under
// which rule, who won and the score; then the moves.
func (s *session) announce() {
	o := s.g.Outcome()
	sc := fmt.Sprintf("%d–%d", o.Scores[mancala.South], o.Scores[mancala.North])
	msg := "Game over: "
	if o.Conceded {
		if w, ok := o.Result.Winner(); ok {
			msg += fmt.Sprintf("%s resigned; %s wins.", s.name(w.Other()), s.name(w))
		}
	} else {
		draw := "a draw"
		if why := endingText(o.Ending); why != "" {
			msg += why + ". "
			draw = "A draw"
		}
		if w, ok := o.Result.Winner(); ok {
			msg += fmt.Sprintf("%s wins, %s.", s.name(w), sc)
		} else {
			msg += fmt.Sprintf("%s, %s.", draw, sc)
		}
	}
	s.printf("%s\n", s.paint(bold, msg))
	s.printf("Moves: %s\n", s.g.MovesText())
}

// endingText says in words why a game ended, with the rule's id: "endless
// cycle (AW-8)", "North cannot fill a house (CK-14)". It returns "" for
// the zero Ending (a ruleset that does not say).
func endingText(e mancala.Ending) string {
	who, hasWho := e.Who.Player()
	var text string
	switch e.Reason {
	case mancala.EndNone:
		return ""
	case mancala.EndNoMove:
		text = "no move left"
		if hasWho {
			text = "no move for " + title(who)
		}
	case mancala.EndRepetition:
		text = "endless cycle"
	case mancala.EndMajority:
		text = "a player holds more than half the seeds"
		if hasWho {
			text = title(who) + " holds more than half the seeds"
		}
	case mancala.EndRoundLimit:
		text = "the last round to play is over"
	case mancala.EndCannotFill:
		text = "a player cannot fill a house for the next round"
		if hasWho {
			text = title(who) + " cannot fill a house for the next round"
		}
	case mancala.EndRepeatedRound:
		text = "the next round would start as an earlier one did"
	case mancala.EndConceded:
		text = "concession"
		if hasWho {
			text = title(who) + " conceded"
		}
	default:
		text = e.Reason.String()
	}
	return cite(text, e.Rule)
}
