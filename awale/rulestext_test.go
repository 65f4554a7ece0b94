package awale_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
)

// TestRulesText checks that the embedded rules state every rule id the
// package cites (AW-1 to AW-10) and name every option word and preset that
// ruleset names use.
func TestRulesText(t *testing.T) {
	for i := 1; i <= 10; i++ {
		if id := fmt.Sprintf("**AW-%d ", i); !strings.Contains(awale.RulesText, id) {
			t.Errorf("RulesText does not state %s", id)
		}
	}
	words := []string{"`awale abapa`", "`awale awari`", "`majority`", "`cycle=split`", "houses=", "seeds="}
	for g := awale.GrandSlamForbidden; g <= awale.GrandSlamForbiddenElseCapture; g++ {
		words = append(words, "`"+g.String()+"`")
	}
	for _, w := range words {
		if !strings.Contains(awale.RulesText, w) {
			t.Errorf("RulesText does not name %s", w)
		}
	}
}
