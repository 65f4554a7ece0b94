package awale

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

var _ endgame.CycleBounder = (*Rules)(nil)

// CycleBounds implements [endgame.CycleBounder] for the rules that have no
// exact databases ([Rules.Retrograde] refuses them): those of the cycle
// rule [CycleOwnRow] (AW-8: each player takes the seeds of his own row,
// which the history decides) or of StopAtMajority (AW-10), such as the
// documents' rules and Abapa. The Game is r's rules for r's board, played
// to the end (no stop at a majority), AW-3 to AW-7 with r's grand slam
// rule (AW-6), named as r is with 4 seeds a house ("awale abapa", "awale
// houses=3"); its endless cycles are what [endgame.BuildBounds] bounds
// (whatever AW-8 gives a player lies between minus and plus the seeds in
// the houses, so that the own-row and the split rules are both within the
// bounds). winnerOnly is r's StopAtMajority: a stop at a majority keeps
// the winner (the player past half of the seeds wins whatever follows) but
// not the margin. Rules with exact databases get an error wrapping
// [mancala.ErrUnsupported]: their databases are better than bounds.
func (r *Rules) CycleBounds() (g endgame.Game, winnerOnly bool, err error) {
	if r.o.Cycle == CycleSplit && !r.o.StopAtMajority {
		return nil, false, fmt.Errorf("awale: %q has exact endgame databases (Retrograde), not bounds: %w", r.String(), mancala.ErrUnsupported)
	}
	o := r.o
	o.Seeds = 4 // the bounds of a board size serve every seed count
	return r.retroGame(o.name()), r.o.StopAtMajority, nil
}
