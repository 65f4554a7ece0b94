package kalah

import "github.com/sowing-games/sowing/mancala"

var _ mancala.Explainer = (*Rules)(nil)

// Ending says why the finished position p ended: a Kalah game has one
// ending, a row left empty (KA-5), after which each player took the seeds
// of his own row; the finished position does not tell whose row it was,
// so Who is NoTurn. It returns the zero Ending if p is not over.
func (r *Rules) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	return mancala.Ending{Reason: mancala.EndNoMove, Rule: "KA-5", Who: mancala.NoTurn}
}
