//go:build unix

package matchfiles_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/examples/internal/matchfiles"
	"github.com/sowing-games/sowing/mancala/match"
)

// TestNotRegular: a .partial or a results file that is a named pipe, a
// link to /dev/zero or a link planted to another file is refused by
// Resume and Write with match.ErrNotRegular, at once (no hang, no
// endless read), and the link's target is left as it was (issue 43,
// item 4).
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.txt")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plant := map[string]func(name string) error{
		"a named pipe":        func(name string) error { return syscall.Mkfifo(name, 0o644) },
		"a link to /dev/zero": func(name string) error { return os.Symlink("/dev/zero", name) },
		"a link to a file":    func(name string) error { return os.Symlink(victim, name) },
	}
	for what, mk := range plant {
		for _, partial := range []bool{true, false} {
			sub := t.TempDir()
			f := matchfiles.Files{Results: filepath.Join(sub, "part.jsonl")}
			name := f.Results
			if partial {
				name = f.Partial()
			}
			if err := mk(name); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			c := config(t)
			go func() { _, err := f.Resume(&c); done <- err }()
			select {
			case err := <-done:
				if !errors.Is(err, match.ErrNotRegular) {
					t.Errorf("Resume, %s as %s: %v", what, filepath.Base(name), err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("Resume, %s as %s: still reading after 10 s", what, filepath.Base(name))
			}
			played := false
			go func() {
				done <- f.Write(c.Header(), func(func(match.Result) error) error { played = true; return nil })
			}()
			select {
			case err := <-done:
				if !errors.Is(err, match.ErrNotRegular) || played {
					t.Errorf("Write, %s as %s: %v (played: %v)", what, filepath.Base(name), err, played)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("Write, %s as %s: still waiting after 10 s", what, filepath.Base(name))
			}
		}
	}
	if b, err := os.ReadFile(victim); err != nil || string(b) != "keep me\n" {
		t.Errorf("the link's target now holds %q, %v", b, err)
	}
}
