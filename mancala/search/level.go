package search

import (
	"fmt"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// Levels are the names of the strength levels for people, weakest first:
// "easy", "medium", "hard" and "max". [LevelOptions] gives the options
// of each.
var Levels = []string{"easy", "medium", "hard", "max"}

// LevelMaxTime is the time a move of level "max" takes when nothing else
// limits it (a clock of the engine protocol does, instead).
const LevelMaxTime = time.Second

// LevelOptions returns the [AlphaBeta] options of a named strength level
// (see [Levels]; the case of name does not matter): easy searches 2
// decisions deep, medium 4, hard 8, and max as deep as its time allows
// ([LevelMaxTime] unless the caller sets another Time or SoftTime), with
// late move reductions (Reduce), which trade plain minimax at a depth
// for a deeper search in the same time. Every
// level follows capture sequences at the horizon (Quiesce) and evaluates
// with the ruleset's own Estimate where it has one (Eval is nil; see
// [Estimator]), so that a level is the same engine in every tool
// (ParseEngine's "level:NAME", the play and tournament tools, the engine
// protocol). Any other name gives an error wrapping [ErrBadSpec].
func LevelOptions(name string) (AlphaBetaOptions, error) {
	switch strings.ToLower(name) {
	case "easy":
		return AlphaBetaOptions{Depth: 2, Quiesce: true}, nil
	case "medium":
		return AlphaBetaOptions{Depth: 4, Quiesce: true}, nil
	case "hard":
		return AlphaBetaOptions{Depth: 8, Quiesce: true}, nil
	case "max":
		return AlphaBetaOptions{Time: LevelMaxTime, Quiesce: true, Reduce: true}, nil
	}
	return AlphaBetaOptions{}, &SpecError{Msg: fmt.Sprintf("unknown level %q (want easy, medium, hard or max)", mancala.Shorten(name, 30))}
}
