package main

import "github.com/sowing-games/sowing/mancala"

// The session counts a game's rounds itself: a Congkak full set keeps
// Position.Round at 1 (so that a repeated round start can be recognised,
// CK-16), and a round's end shows only in the move's events
// (mancala.EventRoundEnd).

// roundCount caches, for a prefix of the game's moves, how many rounds
// had ended before each position.
type roundCount struct {
	moves []mancala.Move // the moves counted
	ends  []int          // ends[k]: rounds ended by moves[0:k]; len(moves)+1 entries once counted
}

// reset forgets the count (a new game was loaded).
func (c *roundCount) reset() { c.moves, c.ends = c.moves[:0], c.ends[:0] }

// sync brings the count in step with g's moves, tracing those it has
// not counted.
func (c *roundCount) sync(g *mancala.Game) {
	moves := g.Moves()
	k := 0
	for k < len(moves) && k < len(c.moves) && moves[k] == c.moves[k] {
		k++
	}
	c.moves = append(c.moves[:k], moves[k:]...)
	if len(c.ends) == 0 {
		c.ends = append(c.ends, 0)
	}
	c.ends = c.ends[:k+1]
	if k == len(moves) {
		return
	}
	ps := g.Positions()
	for i := k; i < len(moves); i++ {
		n := c.ends[i]
		if roundEnded(g.Rules(), ps[i], moves[i], ps[i+1]) {
			n++
		}
		c.ends = append(c.ends, n)
	}
}

// roundEnder is implemented by rulesets that say where rounds end
// (congkak.Rules.RoundEnded).
type roundEnder interface {
	RoundEnded(before, after mancala.Position) bool
}

// roundEnded reports whether the move m from p to q ended a round: as the
// ruleset says, or its trace holds a round end, or (for a ruleset that
// does neither) the round number grew.
func roundEnded(r mancala.Ruleset, p mancala.Position, m mancala.Move, q mancala.Position) bool {
	if re, ok := r.(roundEnder); ok {
		return re.RoundEnded(p, q)
	}
	tr, ok := r.(mancala.Tracer)
	if !ok {
		return q.Round > p.Round
	}
	ended := false
	tr.Trace(p, m, func(e mancala.Event) { ended = ended || e.Kind == mancala.EventRoundEnd })
	return ended
}

// hasRoundEnd reports whether events hold a round end.
func hasRoundEnd(events []mancala.Event) bool {
	for _, e := range events {
		if e.Kind == mancala.EventRoundEnd {
			return true
		}
	}
	return false
}

// round returns the number of the round being played at the game's
// current position (for a finished game, the last one played), counted
// from 1; 0 for a game without rounds (Position.Round 0).
func (s *session) round() int {
	if s.g.Start().Round == 0 {
		return 0
	}
	s.rounds.sync(s.g)
	k := s.g.Ply()
	ends := s.rounds.ends
	if s.g.Position().Over() && k > 0 && ends[k] > ends[k-1] {
		return ends[k] // the set ended with its last round
	}
	return ends[k] + 1
}
