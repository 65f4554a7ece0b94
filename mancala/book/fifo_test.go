//go:build unix

package book_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/book"
)

// within runs f and fails the test if it has not returned after d.
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

// TestFIFORefused: a named pipe given as a book file makes ReadFile,
// WriteFile and Build fail at once with ErrNotRegular, leaving the pipe.
// ReadFile and Build blocked for ever before the fix, and WriteFile
// replaced the pipe.
func TestFIFORefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.book")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	err := within(t, 5*time.Second, "ReadFile", func() error { _, err := book.ReadFile(fifo); return err })
	if !errors.Is(err, book.ErrNotRegular) {
		t.Errorf("ReadFile(pipe): %v, want ErrNotRegular", err)
	}
	err = within(t, 5*time.Second, "LoadFile", func() error { _, err := book.LoadFile(fifo, abapa(t, 2)); return err })
	if !errors.Is(err, book.ErrNotRegular) {
		t.Errorf("LoadFile(pipe): %v, want ErrNotRegular", err)
	}
	o := tinyOptions()
	o.File = fifo
	var b *book.Book
	err = within(t, 5*time.Second, "Build", func() (err error) { b, err = book.Build(context.Background(), abapa(t, 2), o); return err })
	if !errors.Is(err, book.ErrNotRegular) || b != nil {
		t.Errorf("Build to a pipe: %v, %v; want a nil book and ErrNotRegular", b, err)
	}
	err = within(t, 5*time.Second, "WriteFile", func() error { return book.WriteFile(fifo, book.New("awale", 1)) })
	if !errors.Is(err, book.ErrNotRegular) {
		t.Errorf("WriteFile(pipe): %v, want ErrNotRegular", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v, %v", fi.Mode(), err)
	}
}

// TestWriteFileKeepsMode: saving over a private book keeps it private.
// It failed when every save was given mode 0644.
func TestWriteFileKeepsMode(t *testing.T) {
	name := filepath.Join(t.TempDir(), "private.book")
	if err := book.WriteFile(name, book.New("awale", 1)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := book.WriteFile(name, book.New("awale", 2)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after saving over a 0600 book: %v, %v; want 0600", fi.Mode(), err)
	}
}
