package play_test

import (
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/play"
	_ "github.com/sowing-games/sowing/mancala/sow"
)

// TestNoStoresGame: a game whose board has no stores (the catalogue's
// two-row games of mancala.Layout.NoStores, whose games are short),
// played to its end between computers, is drawn without store boxes,
// says the seeds a move captures as captures, never as a store, and
// counts them under the board.
func TestNoStoresGame(t *testing.T) {
	games, captures := 0, 0
	for _, f := range mancala.Families() {
		if !f.Layout.NoStores || f.Layout.Rows != 1 || len(f.Presets) == 0 { // two-row games: short enough to play out
			continue
		}
		r, err := f.Build(f.Presets[0].Name)
		if err != nil || !mancala.LayoutOf(r).NoStores {
			continue
		}
		games++
		s, err := play.New(play.Config{Rules: r, AI: "greedy", Seed: 3, Verbosity: play.Verbose})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := s.Run(strings.NewReader(""), &out); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		text := out.String()
		if strings.Contains(text, "──────") || strings.Contains(text, "'s store") {
			t.Errorf("%s: a store drawn or named:\n%.2000s", f.Name, text)
		}
		if !strings.Contains(text, "\n Captured: South ") {
			t.Errorf("%s: no line of captured seeds:\n%.2000s", f.Name, text)
		}
		captures += strings.Count(text, " captured ")
	}
	if games == 0 || captures == 0 {
		t.Errorf("%d games without stores, %d captures said: the test checks nothing", games, captures)
	}
	t.Logf("%d games without stores, %d captures said", games, captures)
}
