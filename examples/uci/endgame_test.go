package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
)

// TestEndgameEngine starts the engine with the Awari databases (AW-8
// split): it says so on stderr and plays.
func TestEndgameEngine(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 4)
	var out, errb bytes.Buffer
	in := "uci\nisready\nposition startpos moves Fe\ngo depth 2\n"
	if code := run(context.Background(), []string{"-rules", "awari", "-endgame", dir}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(errb.String(), "uci: endgame databases of awale awari, counts 0 to 4, ") || !strings.Contains(out.String(), "\nbestmove ") {
		t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
	}
}

// TestEndgameMatch plays a match of an engine with the databases against
// one without, under Awari (AW-8 split) and, with estimates, Abapa (AW-8
// own row, AW-10).
func TestEndgameMatch(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 4)
	o := awale.Abapa()
	o.Cycle, o.StopAtMajority = awale.CycleSplit, false
	clitest.BuildAwale(t, dir, o, 4)
	for _, tt := range []struct{ rules, a, want string }{
		{"awari", "engine:depth=1,endgame=" + dir, "uci match: A: endgame databases of awale awari, counts 0 to 4, "},
		{"abapa", "engine:depth=1,endgame=" + dir + ",endgame-approx=on", "uci match: A: endgame databases of awale grandslam=nocapture cycle=split, counts 0 to 4, "},
	} {
		var out, errb bytes.Buffer
		args := []string{"match", "-rules", tt.rules, "-a", tt.a, "-b", "engine:depth=1", "-games", "2", "-parallel", "1", "-plies", "2", "-balance", "48"}
		if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.rules, code, errb.String())
		}
		if !strings.HasPrefix(errb.String(), tt.want) || !strings.Contains(out.String(), "of 2 games") {
			t.Errorf("%s: stdout %q, stderr %q; want stderr to start %q", tt.rules, out.String(), errb.String(), tt.want)
		}
		if tt.rules == "abapa" && !strings.Contains(errb.String(), "estimates for awale abapa (") {
			t.Errorf("abapa: stderr %q does not say the values are estimates", errb.String())
		}
	}
}

// TestEndgameRefusals checks the engine's and the match's refusals: one
// line each.
func TestEndgameRefusals(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 2)
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"AW-8/AW-10/engine under abapa", []string{"-endgame", dir}, 2, "uci: -endgame: awale abapa has no exact endgame databases"},
		{"engine, no directory", []string{"-rules", "awari", "-endgame", dir + "/none"}, 2, "uci: -endgame: no directory"},
		{"engine, stones not built", []string{"-rules", "awari", "-endgame", dir, "-endgame-stones", "5"}, 2, "uci: -endgame-stones 5:"},
		{"engine, bad preset", []string{"-rules", "chess", "-endgame", dir}, 2, "uci: -rules:"},
		{"AW-8/AW-10/match under abapa", []string{"match", "-a", "engine:depth=1,endgame=" + dir, "-b", "random"}, 2, "uci match: A: -endgame: awale abapa has no exact endgame databases"},
		{"match, bad key", []string{"match", "-a", "random", "-b", "engine:endgame-stones=3"}, 2, "apply only with endgame=DIR"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := clitest.Run(t, func() int { return run(context.Background(), tt.args, strings.NewReader("quit\n"), &out, &errb) })
			name := "uci"
			if tt.args[0] == "match" {
				name = "uci match"
			}
			clitest.Failure(t, name, code, tt.code, errb.String(), tt.want)
		})
	}
}

// lockedBuffer is a bytes.Buffer for a writer on another goroutine.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestEndgameDamagedLater: a file whose header and length are sound but
// whose values are not does not stop the engine from answering uci (the
// databases are opened, not read through); the check in the background
// finds it, says so on stderr, and the engine says it in an info string
// before the next readyok, and goes on playing.
func TestEndgameDamagedLater(t *testing.T) {
	dir := t.TempDir()
	folder, _ := clitest.BuildAwale(t, dir, awale.Awari(), 4)
	path := filepath.Join(folder, "04.egdb")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-10] ^= 0x41
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
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
	for deadline := time.Now().Add(time.Minute); !strings.Contains(errb.String(), "uci: -endgame: endgame: damaged database file: "); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the damage was not reported on stderr: %q", errb.String())
		}
	}
	io.WriteString(inW, "isready\n")
	if before := expect("readyok"); len(before) != 1 || !strings.HasPrefix(before[0], "info string endgame databases: endgame: damaged database file: ") {
		t.Errorf("before readyok: %q", before)
	}
	io.WriteString(inW, "position startpos moves Fe\ngo depth 2\n")
	expect("bestmove ")
	inW.Close()
	if c := <-code; c != 0 {
		t.Errorf("exit %d: %s", c, errb.String())
	}
	if !strings.Contains(errb.String(), "04.egdb: ") || strings.Contains(errb.String(), "checked through") {
		t.Errorf("stderr %q", errb.String())
	}
}
