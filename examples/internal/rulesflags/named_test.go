package rulesflags

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

func TestNamed(t *testing.T) {
	for _, c := range []struct {
		game, rules string
		words       []string
		want        string
	}{
		{"awale", "abapa", nil, "awale abapa"},
		{"awale", "", nil, "awale"},
		{"awale", "default", nil, "awale"},
		{"awale", "congkak overbeck", nil, "congkak overbeck"},
		{"awale", "awari", []string{"houses=4"}, "awale awari houses=4"},
		{"awale", "awale awari houses=4", []string{"houses=6"}, "awale awari houses=4"},
		{"kalah", "kalah", []string{"houses=3"}, "kalah houses=3"},
	} {
		r, err := Named(c.game, c.rules, c.words...)
		if err != nil {
			t.Errorf("Named(%q, %q, %q): %v", c.game, c.rules, c.words, err)
			continue
		}
		if got := fmt.Sprint(r); got != c.want {
			t.Errorf("Named(%q, %q, %q) = %q, want %q", c.game, c.rules, c.words, got, c.want)
		}
	}
	for _, bad := range [][2]string{{"nogame", "x"}, {"awale", "nosuchpreset"}} {
		if _, err := Named(bad[0], bad[1]); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("Named(%q, %q): %v, want ErrUnsupported", bad[0], bad[1], err)
		}
	}
}
