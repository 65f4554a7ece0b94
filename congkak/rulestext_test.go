package congkak_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
)

// TestRulesText checks that the embedded rules state every rule id the
// package cites (CK-1 to CK-16) and name every option word that ruleset
// names use.
func TestRulesText(t *testing.T) {
	for i := 1; i <= 16; i++ {
		if id := fmt.Sprintf("**CK-%d ", i); !strings.Contains(congkak.RulesText, id) {
			t.Errorf("RulesText does not state %s", id)
		}
	}
	for _, w := range []string{"`congkak overbeck`", "houses=", "seeds=", "empty=stay", "opening=sequential",
		"starter=", "firsthand=", "roundend=passreply", "rounds=", "repeat=off"} {
		if !strings.Contains(congkak.RulesText, w) {
			t.Errorf("RulesText does not name %s", w)
		}
	}
}
