package endgame

import (
	"fmt"
	"os"
	"path/filepath"
)

// CheckDir checks, before anything is built, that the databases of g can
// be kept under dir as [Build] keeps them: it makes their directory
// (dir/[DirName] of g's name, as Build would) and a file in it, which it
// removes. It returns nil for dir "" (databases in memory), and
// otherwise the error that would stop Build from saving a count, so that
// a long build does not fail at its first save: "cannot write in DIR: "
// and the cause, which it wraps.
func CheckDir(g Game, dir string) error {
	if dir == "" {
		return nil
	}
	sub := filepath.Join(dir, DirName(g.Name()))
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return fmt.Errorf("cannot write in %s: %w", dir, err)
	}
	f, err := os.CreateTemp(sub, "check.*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", sub, err)
	}
	f.Close()
	return os.Remove(f.Name())
}
