package internal

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoExampleImportsAnother checks that no example program imports
// another example's packages: shared code lives in examples/internal
// (Kalah, for instance, reaches the other programs through rulesflags).
func TestNoExampleImportsAnother(t *testing.T) {
	const prefix = "github.com/sowing-games/sowing/examples/"
	dirs, err := os.ReadDir(filepath.Join(root, "examples"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "internal" {
			continue
		}
		self := d.Name()
		err := filepath.WalkDir(filepath.Join(root, "examples", self), func(path string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				rest, ok := strings.CutPrefix(p, prefix)
				if !ok {
					continue
				}
				other, _, _ := strings.Cut(rest, "/")
				if other != self && other != "internal" {
					t.Errorf("%s imports %s, another example's package", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestWebImportsNoDriver checks that the web game's packages import the
// standard library only (and the module's own packages): the store
// speaks database/sql, and the programs choose the drivers
// (examples/web imports modernc.org/sqlite and pgx).
func TestWebImportsNoDriver(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/sowing-games/sowing/mancala/web", "github.com/sowing-games/sowing/mancala/web/storetest").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		first, _, _ := strings.Cut(p, "/")
		if strings.Contains(first, ".") && !strings.HasPrefix(p, "github.com/sowing-games/sowing/") {
			t.Errorf("mancala/web depends on %s, not of the standard library", p)
		}
	}
}
