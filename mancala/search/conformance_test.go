package search_test

import (
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// TestToyRulesets runs the conformance kit on the test rulesets, so that
// the searchers are tested against rulesets that keep the contract, and
// the solver-capability checker on those that have capabilities.
func TestToyRulesets(t *testing.T) {
	for _, r := range []mancala.Ruleset{
		toyKalah(4, 3),
		toyKalahSim(3, 3),
		toyMatch(3, 2),
		toyAwale(3, 2),
		searchtest.ReferencePacker(toyKalah(3, 2)),
	} {
		t.Run(fmt.Sprint(r), func(t *testing.T) {
			mancalatest.TestRuleset(t, r, mancalatest.WithChecks(30))
			searchtest.TestSolver(t, r, searchtest.WithGames(20))
		})
	}
}
