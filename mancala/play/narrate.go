package play

import (
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// playMove plays m in the game once, collecting its steps
// (mancala.Game.PlayTrace), then tells what it did. A refused move
// changes nothing and returns the rules' error.
func (s *Session) playMove(m mancala.Move) error {
	before := s.g.Position()
	round := s.g.Round()
	var events []mancala.Event
	if err := s.g.PlayTrace(m, func(e mancala.Event) { events = append(events, e) }); err != nil {
		return err
	}
	s.narrate(before, round, m, events)
	return nil
}

// narrate tells the decision m just played, from before (in round) to
// the game's position, with the notes of mancala.Narrate: a line for the
// decision and one for each thing it did beyond sowing; with Quiet one
// short line a turn. Then it shows the board if the verbosity asks for it.
func (s *Session) narrate(before mancala.Position, round int, m mancala.Move, events []mancala.Event) {
	after := s.g.Position()
	roundRule, newRound := "", s.g.Round() != round
	for _, e := range events {
		if e.Kind == mancala.EventRoundEnd { // also the game's last round
			roundRule, newRound = e.Rule, true
		}
	}
	mover, single := before.ToMove.Player()
	again := single && after.ToMove == before.ToMove && !newRound && !after.Over()
	if s.cfg.Verbosity == Quiet {
		switch {
		case single && s.turnLine && s.turnWho == mover:
			s.write(fmt.Sprintf(" %v", m))
		case single:
			s.printf("%s plays %v", s.name(mover), m)
			s.turnLine, s.turnWho = true, mover
		default:
			s.printf("%s chose %v, %s chose %v.\n", s.name(mancala.South), houseMove(mancala.South, m), s.name(mancala.North), houseMove(mancala.North, m))
		}
		if !again {
			s.endTurnLine()
		}
	} else {
		if single {
			s.printf("%s plays %v.\n", s.name(mover), m)
		} else {
			s.printf("%s chose %v, %s chose %v.\n", s.name(mancala.South), houseMove(mancala.South, m), s.name(mancala.North), houseMove(mancala.North, m))
		}
		for _, line := range noteLines(mancala.NarrateRound(s.g.Rules(), round, before, m, events, after)) {
			s.printf("  %s\n", line)
		}
		if single && !again && !newRound && !after.Over() {
			switch d := after.Board.Store(mover) - before.Board.Store(mover); {
			case d == 0:
			case after.Board.Layout().NoStores && d > 0: // no store: the seeds set aside
				s.printf("  %s captured %d (now %d in all).\n", title(mover), d, after.Board.Store(mover))
			case after.Board.Layout().NoStores:
				s.printf("  %s's captured seeds %+d (now %d).\n", title(mover), d, after.Board.Store(mover))
			default:
				s.printf("  %s's store %+d (now %d).\n", title(mover), d, after.Board.Store(mover))
			}
		}
	}
	if newRound {
		s.roundEnd(after, round, roundRule)
	}
	switch {
	case after.Over():
		// the loop shows the final board
	case s.cfg.Verbosity == Verbose:
		s.showBoard()
	case s.cfg.Verbosity == Normal && (after.ToMove != before.ToMove || newRound):
		s.showBoard()
	}
}

// maxRelaysNamed is the most relays a line names one by one.
const maxRelaysNamed = 5

// noteLines writes the notes of a decision beyond its sowing, one line a
// note, for the lines under the decision's: the sowing itself has a line
// of its own, the end of the game the announcement, and the end of a
// round the session's line with the scores. A run of relays gives a line
// for each player's ("North relays at g, F, a (CK-4)."), the two hands of
// a simultaneous sowing taking turns in the run.
func noteLines(notes []mancala.Note) []string {
	var lines []string
	for i := 0; i < len(notes); i++ {
		n := notes[i]
		switch n.Kind {
		case mancala.NoteSow, mancala.NoteEnd, mancala.NoteRoundEnd:
			continue
		case mancala.NoteRelay:
			j := i + 1
			for j < len(notes) && notes[j].Kind == mancala.NoteRelay {
				j++
			}
			var by [2][]mancala.Note
			var order []mancala.Player
			for _, r := range notes[i:j] {
				if len(by[r.Player]) == 0 {
					order = append(order, r.Player)
				}
				by[r.Player] = append(by[r.Player], r)
			}
			for _, p := range order {
				if len(by[p]) == 1 {
					lines = append(lines, by[p][0].Text)
				} else {
					lines = append(lines, relayLine(by[p]))
				}
			}
			i = j - 1
			continue
		}
		lines = append(lines, n.Text)
	}
	return lines
}

// relayLine tells a player's relays in a row.
func relayLine(rs []mancala.Note) string {
	var text string
	if len(rs) > maxRelaysNamed {
		text = fmt.Sprintf("%s relays %d times, the last at %v", title(rs[0].Player), len(rs), rs[len(rs)-1].Hole)
	} else {
		at := make([]string, len(rs))
		for i, r := range rs {
			at[i] = r.Hole.String()
		}
		text = fmt.Sprintf("%s relays at %s", title(rs[0].Player), strings.Join(at, ", "))
	}
	if rs[0].Rule != "" {
		text += " (" + rs[0].Rule + ")"
	}
	return text + "."
}

// houseMove is p's part of the joint move m, as a move of p alone.
func houseMove(p mancala.Player, m mancala.Move) mancala.Move {
	h, _ := m.House(p)
	return mancala.Single(p, h)
}

// roundEnd reports the end of round number round, which the move just
// played ended under rule (the id, or ""): each player's seeds and, if
// the game goes on, who starts the next round (mancala.Game.Round) and
// its burnt houses.
func (s *Session) roundEnd(after mancala.Position, round int, rule string) {
	// A player's store and row hold what he had at the end of the round.
	var own [2]int
	for p := mancala.South; p <= mancala.North; p++ {
		own[p] = after.Board.Store(p) + after.Board.RowSeeds(p)
	}
	line := fmt.Sprintf("  Round %d is over", round)
	if rule != "" {
		line += " (" + rule + ")"
	}
	line += fmt.Sprintf(": South has %d seed%s, North %d", own[mancala.South], plural(own[mancala.South]), own[mancala.North])
	if starter, ok := after.ToMove.Player(); ok {
		line += fmt.Sprintf(". Round %d begins, %s to move", s.g.Round(), title(starter))
	}
	s.printf("%s.\n", line)
	if after.Over() {
		return
	}
	for p := mancala.South; p <= mancala.North; p++ {
		if n := burnt(after.Board, p); n > 0 {
			s.printf("  %s has %d burnt house%s.\n", title(p), n, plural(n))
		}
	}
}

// announce prints the result of a finished game: why it ended, under
// which rule (mancala.Ending), who won and the score, the winner's
// first; then the moves.
func (s *Session) announce() {
	o := s.g.Outcome()
	s.printf("%s\n", s.paint(bold, "Game over: "+ResultLine(o, s.name)+"."))
	s.printf("Moves: %s\n", s.g.MovesText())
}

// ResultLine writes the result of a finished game for people: why it
// ended when the ruleset says (mancala.Ending), then who won and the
// score, the winner's first: "endless cycle (AW-8). North wins, 29–19",
// "A draw, 24–24"; for a concession "South resigned; North wins". name
// names a player ("North (computer)"); nil names them South and North.
// It is mancala.Outcome.Summary with an ending and the players' names.
func ResultLine(o mancala.Outcome, name func(mancala.Player) string) string {
	if name == nil {
		name = title
	}
	w, won := o.Result.Winner()
	if o.Conceded && won {
		return fmt.Sprintf("%s resigned; %s wins", name(w.Other()), name(w))
	}
	text := fmt.Sprintf("a draw, %d–%d", o.Scores[mancala.South], o.Scores[mancala.North])
	if won {
		text = fmt.Sprintf("%s wins, %d–%d", name(w), o.Scores[w], o.Scores[w.Other()])
	}
	if why := endingText(o.Ending); why != "" && o.Ending.Reason != mancala.EndConceded {
		if text[0] == 'a' {
			text = "A" + text[1:]
		}
		return why + ". " + text
	}
	return text
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
	if e.Rule != "" {
		text += " (" + e.Rule + ")"
	}
	return text
}
