//go:build linux

package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
)

// TestEndgameTruncatedUnderEngine: database files truncated in place
// under a running engine (memory-mapped, on Linux) no longer crash it with
// SIGBUS: the search that probes them answers, the engine says in an info
// string that the counts are unusable, and it goes on playing after the
// files are rewritten in place, as cp does (issue 43, item 3).
func TestEndgameTruncatedUnderEngine(t *testing.T) {
	dir := t.TempDir()
	folder, _ := clitest.BuildAwale(t, dir, awale.Awari(), 4)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb lockedBuffer
	code := make(chan int, 1)
	go func() {
		code <- run(context.Background(), []string{"-rules", "awari", "-endgame", dir}, inR, outW, &errb)
		outW.Close()
	}()
	out := bufio.NewScanner(outR)
	expect := func(want string) (before []string) {
		t.Helper()
		for out.Scan() {
			if strings.HasPrefix(out.Text(), want) {
				return before
			}
			before = append(before, out.Text())
		}
		t.Fatalf("no %q from the engine (after %q); stderr %q", want, before, errb.String())
		return nil
	}
	io.WriteString(inW, "uci\n")
	expect("uciok")
	// The check of a few kilobytes is soon over; the wait guards only
	// against a hang.
	for deadline := time.Now().Add(time.Minute); !strings.Contains(errb.String(), "checked through"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the check did not end: %q", errb.String())
		}
	}
	const pos = "ucinewgame\nposition fen 1-0-0-1-0-0-0-1-0-0-1-0-22-22-S\n"
	io.WriteString(inW, pos+"go depth 6\n")
	expect("bestmove ")
	var saved [5][]byte
	for k := range saved {
		name := filepath.Join(folder, "0"+string(rune('0'+k))+".egdb")
		var err error
		if saved[k], err = os.ReadFile(name); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(name, 0); err != nil {
			t.Fatal(err)
		}
	}
	io.WriteString(inW, pos+"go depth 6\n")
	expect("bestmove ")
	io.WriteString(inW, "isready\n")
	if before := expect("readyok"); len(before) != 1 || !strings.Contains(before[0], "info string endgame databases: endgame: damaged database file: ") ||
		!strings.Contains(before[0], "truncated") {
		t.Errorf("before readyok: %q", before)
	}
	for k, b := range saved { // rewritten in place, as cp does
		if err := os.WriteFile(filepath.Join(folder, "0"+string(rune('0'+k))+".egdb"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	io.WriteString(inW, pos+"go depth 6\n")
	expect("bestmove ")
	inW.Close()
	if c := <-code; c != 0 {
		t.Errorf("exit %d: %s", c, errb.String())
	}
}
