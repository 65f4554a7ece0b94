package main

import "github.com/sowing-games/sowing/mancala"

// ending says why g ended. TODO(core API): Outcome.Ending once it lands.
func ending(g *mancala.Game) string { return "game over" }

func newEnding(g *mancala.Game) *endingRec { return nil }
