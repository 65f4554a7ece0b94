package clitest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// BuildAwale builds in dir the endgame databases of counts 0 to k of the
// Awalé rules o (which must have exact ones, see awale.Rules.Retrograde),
// as go run ./examples/endgame build saves them, and returns the folder of
// their files and the databases. A failure fails t.
func BuildAwale(t testing.TB, dir string, o awale.Options, k int) (folder string, db *endgame.DB) {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Retrograde()
	if err != nil {
		t.Fatal(err)
	}
	if db, err = endgame.Build(context.Background(), g, dir, k, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, endgame.DirName(g.Name())), db
}
