package clitest

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"
)

// SyncBuffer is a bytes.Buffer safe for a program's goroutines to write
// while the test reads it: a stderr or a log of a server or an engine
// under test.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what was written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// RunInTempCache runs m, as a TestMain does, with the user's cache
// directory (os.UserCacheDir, on Linux, macOS and Windows) and home in a
// temporary directory, which the programs that tests start inherit: the
// example programs build endgame databases in the user's cache by
// default, and a test must never write into the real one. It returns m's
// exit status, for os.Exit.
func RunInTempCache(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "sowing-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	for _, v := range []string{"XDG_CACHE_HOME", "HOME", "LocalAppData"} {
		os.Setenv(v, tmp)
	}
	return m.Run()
}
