package search_test

import (
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestToyRulesets runs the conformance kit on the test rulesets, so that
// the searchers are tested against rulesets that keep the contract.
func TestToyRulesets(t *testing.T) {
	for _, r := range []mancala.Ruleset{
		toyKalah{houses: 4, seeds: 3},
		toyKalah{houses: 3, seeds: 3, simOpening: true},
		toyMatch{houses: 3, seeds: 2},
		toyAwale{houses: 3, seeds: 2},
	} {
		t.Run(fmt.Sprint(r), func(t *testing.T) {
			mancalatest.TestRuleset(t, r, mancalatest.WithChecks(30))
		})
	}
}
