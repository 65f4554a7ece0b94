package rulesflags

import (
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// EndgameGame returns the game of the endgame databases that
// [LoadEndgame] loads for r: r's own ([endgame.Retrograder]), or with
// approx, for rules that have none, those of the nearest exact rules
// ([endgame.Approximator]), with why their values are only estimates
// (why is "" for exact databases). It fails, with a one-line error, for
// rules without databases (or without exact ones and approx false).
func EndgameGame(r mancala.Ruleset, approx bool) (g endgame.Game, why string, err error) {
	return endgameGame(r, approx)
}
