package main

import "github.com/sowing-games/sowing/mancala"

// ending says why the finished game g ended, such as "endless cycle
// (AW-8)"; "game over" if the ruleset does not say.
func ending(g *mancala.Game) string {
	if e := g.Outcome().Ending; e.Reason != mancala.EndNone {
		return e.String()
	}
	return "game over"
}

// newEnding is the ending of the finished game g for -json; nil if the
// ruleset does not say.
func newEnding(g *mancala.Game) *endingRec {
	e := g.Outcome().Ending
	if e.Reason == mancala.EndNone {
		return nil
	}
	rec := &endingRec{Reason: e.Reason.String(), Rule: e.Rule, Text: e.String()}
	if p, ok := e.Who.Player(); ok {
		rec.Who = p.String()
	}
	return rec
}
