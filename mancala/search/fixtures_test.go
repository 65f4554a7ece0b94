package search_test

import (
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// The tests' rulesets are the module's toy game (package toy), written
// against the public core API only and checked by the conformance kit
// (conformance_test.go).

// toyKalah is Kalah with houses houses a side of seeds seeds each, and the
// empty capture of Irving et al. (2000): sowing through the mover's store,
// the last seed there giving him another decision, the last seed in an
// empty house of his own capturing it and the opposite house; the game
// ends when a row is empty, each player taking his own row. It is not a
// mancala.Cycler, and has score bounds (search.ScoreBounder).
func toyKalah(houses, seeds int) *toy.Acyclic {
	return toy.MustNewAcyclic(toy.Options{Houses: houses, Seeds: seeds, EmptyCapture: true})
}

// toyKalahSim is toyKalah whose first decision is simultaneous: South's
// sowing is done, then North's, then South moves.
func toyKalahSim(houses, seeds int) *toy.Acyclic {
	return toy.MustNewAcyclic(toy.Options{Houses: houses, Seeds: seeds, EmptyCapture: true, Simultaneous: true})
}

// toyMatch is decided by simultaneous decisions only: both players choose
// one of their non-empty houses; if the houses have the same index South
// puts both houses' seeds into his store, otherwise North does. Its values
// are those of mixed strategies: fractions.
func toyMatch(houses, seeds int) *toy.Acyclic {
	return toy.MustNewAcyclic(toy.Options{Houses: houses, Seeds: seeds, Match: true})
}

// toyAwale is a small Awalé without the feeding and grand-slam rules and
// with repetitions ending the game (a mancala.Cycler): the toy's Loop
// variant with chained captures.
func toyAwale(houses, seeds int) *toy.Rules {
	return toy.MustNew(toy.Options{Houses: houses, Seeds: seeds, Loop: true, Chain: true})
}

// finish ends the game at p: each player takes the seeds in his own row.
func finish(p mancala.Position) mancala.Position {
	return toy.MustNew(toy.Options{Houses: p.Board.Houses()}).Cycle(p)
}
