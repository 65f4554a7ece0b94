//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
)

// TestEndgameFIFORefused: a named pipe in place of a count's file stops
// the engine before it serves, at once (opening the databases in the
// background does not wait for a pipe's writer), in one line, exit
// status 1.
func TestEndgameFIFORefused(t *testing.T) {
	dir := t.TempDir()
	folder, _ := clitest.BuildAwale(t, dir, awale.Awari(), 2)
	if err := syscall.Mkfifo(filepath.Join(folder, "03.egdb"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), []string{"-rules", "awari", "-endgame", dir, "-endgame-stones", "3"}, strings.NewReader("uci\nquit\n"), &out, &errb)
	}()
	select {
	case code := <-done:
		clitest.Failure(t, "uci", code, 1, errb.String(), "uci: -endgame: ")
		if !strings.Contains(errb.String(), "not a regular file") || out.Len() != 0 {
			t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("the engine is still waiting (blocked on the named pipe?)")
	}
	if _, err := os.Lstat(filepath.Join(folder, "03.egdb")); err != nil {
		t.Error(err)
	}
}
