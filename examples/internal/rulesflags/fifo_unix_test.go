//go:build unix

package rulesflags_test

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

// TestReadRecordsNamedPipe: a named pipe is refused at once; opening it
// would wait for a writer.
func TestReadRecordsNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	if _, err := rulesflags.ReadRecords(fifo); !errors.Is(err, rulesflags.ErrRecordFile) {
		t.Errorf("ReadRecords(a named pipe): %v, want an error wrapping ErrRecordFile", err)
	}
}
