//go:build unix

package regfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

var errTest = errors.New("test: not a regular file")

// TestOpenFIFO: a named pipe is refused at once, with the error asked
// for, instead of an open that waits for a writer.
func TestOpenFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := Open(fifo, errTest)
		if f != nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errTest) {
			t.Errorf("Open(fifo): %v, want an error wrapping errTest", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Open(fifo) still blocked after 5 s")
	}
	if err := Check(fifo, errTest); !errors.Is(err, errTest) {
		t.Errorf("Check(fifo): %v, want an error wrapping errTest", err)
	}
	if _, err := Open(dir, errTest); !errors.Is(err, errTest) {
		t.Errorf("Open(dir): %v, want an error wrapping errTest", err)
	}
	reg := filepath.Join(dir, "f")
	if err := os.WriteFile(reg, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(reg, errTest)
	if err != nil {
		t.Fatalf("Open(regular): %v", err)
	}
	b := make([]byte, 2)
	if n, err := f.Read(b); n != 1 || err != nil {
		t.Errorf("read: %d, %v", n, err)
	}
	f.Close()
	if err := Check(reg, errTest); err != nil {
		t.Errorf("Check(regular): %v", err)
	}
	if err := Check(filepath.Join(dir, "none"), errTest); err != nil {
		t.Errorf("Check(missing): %v", err)
	}
	if _, err := Open(filepath.Join(dir, "none"), errTest); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing): %v, want fs.ErrNotExist", err)
	}
}
