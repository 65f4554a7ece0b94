package mancala_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// TestNewGameTypedNil: a nil pointer of a ruleset type is refused as nil
// is. It panicked (r.Start on a nil *Rules) before the fix.
func TestNewGameTypedNil(t *testing.T) {
	for name, r := range map[string]mancala.Ruleset{"nil": nil, "typed nil": (*toy.Rules)(nil)} {
		g, err := mancala.NewGame(r)
		if g != nil || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("NewGame(%s): %v, %v; want nil and ErrUnsupported", name, g, err)
		}
	}
}
