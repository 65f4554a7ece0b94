//go:build unix

package uci

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// startWrapped starts the fake engine mode behind a shell script that
// first starts a child of its own (a sleep) and writes the child's pid, as
// wrapper scripts of engines do, and returns the Client and the child's
// pid.
func startWrapped(t *testing.T, mode string, cfg ClientConfig) (*Client, int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	script := filepath.Join(dir, "engine.sh")
	body := "#!/bin/sh\nsleep 1000 &\necho $! > '" + pidFile + "'\n'" + exe + "'\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("UCI_TEST_ENGINE", mode)
	c, err := Start(context.Background(), script, nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	for i := 0; i < 200 && pid == 0; i++ { // the script wrote it before the engine's uciok
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		if pid == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if pid == 0 {
		c.Close()
		t.Fatal("the wrapper wrote no child pid")
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	return c, pid
}

// gone reports, within a few seconds, whether process pid has ended (a
// zombie that no one reaps counts as ended).
func gone(pid int) bool {
	for i := 0; i < 500; i++ {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
			if f := strings.Fields(string(b)); len(f) > 2 && f[2] == "Z" {
				return true
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// TestClientEndsWrappedEngine: an engine started through a wrapper script
// is ended with everything the script started, after a forfeit and after
// Close (the Client once killed only the script, and the real engine and
// its other children ran on).
func TestClientEndsWrappedEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	c, pid := startWrapped(t, "hang", ClientConfig{MoveTime: 10 * time.Millisecond, Grace: 200 * time.Millisecond})
	g, _ := mancala.NewGame(abapa(t))
	if _, err := c.Choose(context.Background(), g, mancala.South); !errors.Is(err, ErrTimeout) {
		t.Fatalf("hang: %v", err)
	}
	if !gone(pid) {
		t.Errorf("after a forfeit the wrapper's child %d still runs", pid)
	}
	c.Close()

	c, pid = startWrapped(t, "serve", ClientConfig{Depth: 1})
	if _, err := c.Choose(context.Background(), g, mancala.South); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if !gone(pid) {
		t.Errorf("after Close the wrapper's child %d still runs", pid)
	}
}
