//go:build unix

package endgame_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// within runs f and fails the test if it has not returned after d (the
// goroutine is left behind: the test binary's end reaps it).
func within(t *testing.T, d time.Duration, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		t.Fatalf("%s still running after %v (blocked on a named pipe?)", what, d)
		return nil
	}
}

// TestFIFORefused: a named pipe in place of a count's file makes Load,
// Open and Build fail at once with ErrNotRegular, and is left as it is. Load
// and Build blocked for ever, waiting for a writer, before the fix.
func TestFIFORefused(t *testing.T) {
	g := game(t, awari(2))
	dir := t.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, 2, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, endgame.DirName(g.Name()), "03.egdb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if n := endgame.Finished(g, dir); n != 4 {
		t.Errorf("Finished = %d, want 4 (the pipe is there: Load must say what it is)", n)
	}
	err := within(t, 5*time.Second, "Load", func() error { _, err := endgame.Load(g, dir, 3); return err })
	if !errors.Is(err, endgame.ErrNotRegular) {
		t.Errorf("Load with a pipe for count 3: %v, want ErrNotRegular", err)
	}
	err = within(t, 5*time.Second, "Open", func() error { _, err := endgame.Open(g, dir, 3); return err })
	if !errors.Is(err, endgame.ErrNotRegular) {
		t.Errorf("Open with a pipe for count 3: %v, want ErrNotRegular", err)
	}
	err = within(t, 5*time.Second, "Build", func() error {
		_, err := endgame.Build(context.Background(), g, dir, 4, endgame.Options{})
		return err
	})
	if !errors.Is(err, endgame.ErrNotRegular) {
		t.Errorf("Build with a pipe for count 3: %v, want ErrNotRegular", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v, %v", fi.Mode(), err)
	}
}
