//go:build unix

package atomicwrite

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFileRefusesFIFO: a named pipe where the file should be is refused,
// not replaced by a regular file. It failed when the rename replaced it.
func TestFileRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	err := File(fifo, errTest, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	if !errors.Is(err, errTest) {
		t.Errorf("File(fifo): %v, want an error wrapping errTest", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v, %v", fi.Mode(), err)
	}
}
