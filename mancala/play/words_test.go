package play_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala/play"
)

// TestRulesByID: help offers rules [ID], and rules AW-4 (in any case)
// shows that rule, with the ids narration cites, though the players'
// rules text has none; an unknown id is refused (issue 43, item 10).
func TestRulesByID(t *testing.T) {
	out := run(t, play.Config{}, "rules AW-4\nrules aw-5\nrules AW-99\n")
	for _, want := range []string{"AW-4 Capture.", "AW-5 Feeding.", `No rule "AW-99"`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, `No rule "AW-4"`) {
		t.Errorf("rules AW-4 refused:\n%s", out)
	}
	r, err := congkak.New(congkak.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out := run(t, play.Config{Rules: r}, "rules CK-4\n"); !strings.Contains(out, "CK-4 Relay.") {
		t.Errorf("rules CK-4:\n%s", out)
	}
}

// TestLoadAsks: load with moves that no save holds asks first; anything
// but yes keeps the game, yes loads the file (issue 43, item 10).
func TestLoadAsks(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.txt")
	out := run(t, play.Config{}, "C\nsave "+saved+"\nload "+saved+"\n")
	if strings.Contains(out, "unsaved") {
		t.Errorf("asked though nothing is unsaved:\n%s", out)
	}
	out = run(t, play.Config{}, "C\nload "+saved+"\nno\nboard\n")
	if !strings.Contains(out, "which loading "+saved+" drops") || !strings.Contains(out, "Kept the game") || strings.Contains(out, "Loaded ") {
		t.Errorf("load over unsaved moves, answered no:\n%s", out)
	}
	out = run(t, play.Config{}, "C\nload "+saved+"\nyes\n")
	if !strings.Contains(out, "which loading "+saved+" drops") || !strings.Contains(out, "Loaded "+saved) {
		t.Errorf("load over unsaved moves, answered yes:\n%s", out)
	}
}
