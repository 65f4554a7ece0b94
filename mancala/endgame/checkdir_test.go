package endgame_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// CheckDir makes the game's directory and leaves nothing in it; a
// directory that cannot hold it (a file in the way) is an error.
func TestCheckDir(t *testing.T) {
	g := game(t, awale.Awari())
	if err := endgame.CheckDir(g, ""); err != nil {
		t.Errorf("in memory: %v", err)
	}
	dir := t.TempDir()
	if err := endgame.CheckDir(g, dir); err != nil {
		t.Fatal(err)
	}
	es, err := os.ReadDir(filepath.Join(dir, endgame.DirName(g.Name())))
	if err != nil || len(es) != 0 {
		t.Errorf("the game's directory: %v, %v; want it empty", es, err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := endgame.CheckDir(g, file); err == nil {
		t.Errorf("a file as the directory: no error")
	}
}
