//go:build unix

package match_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/match"
)

// TestReadPartsNotRegular: merge inputs that are a named pipe, /dev/zero,
// a link to a part or a directory are refused with ErrNotRegular at once;
// the part itself reads (issue 43, item 4).
func TestReadPartsNotRegular(t *testing.T) {
	dir := t.TempDir()
	c := config(small(t, 4, 2), "greedy", "random", 2)
	part := filepath.Join(dir, "part.jsonl")
	if err := os.WriteFile(part, []byte(partText(t, c.Header(), good(1), good(2))), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := match.ReadParts(part); err != nil {
		t.Fatalf("a regular part: %v", err)
	}
	fifo, link := filepath.Join(dir, "fifo"), filepath.Join(dir, "link")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(part, link); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{fifo, "/dev/zero", link, dir} {
		done := make(chan error, 1)
		go func() { _, err := match.ReadParts(name); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, match.ErrNotRegular) {
				t.Errorf("ReadParts(%s): %v", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadParts(%s): still reading after 10 s", name)
		}
	}
	if _, err := match.ReadParts(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing part: %v", err)
	}
}
