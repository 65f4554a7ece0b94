package main

import (
	"github.com/sowing-games/sowing/examples/internal/clitest"

	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/examples/internal/autoendgame"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestMain points the user's cache directory of every test here (and of
// the engines they start) at a temporary directory: the engine builds
// endgame databases there by default (-endgame-auto), and a test must
// never build into the real one.
func TestMain(m *testing.M) {
	os.Exit(clitest.RunInTempCache(m))
}

// isolateCache gives the test a cache directory of its own and returns
// the databases' directory in it.
func isolateCache(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	for _, v := range []string{"XDG_CACHE_HOME", "HOME", "LocalAppData"} {
		t.Setenv(v, tmp)
	}
	dir, err := autoendgame.DefaultDir()
	if err != nil || !strings.HasPrefix(dir, tmp) {
		t.Fatalf("the cache %q, %v: not in %s", dir, err, tmp)
	}
	return dir
}

// engine is the engine of run, served on pipes.
type engine struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	errb *clitest.SyncBuffer
	code chan int
}

func startEngine(t *testing.T, args ...string) *engine {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &engine{t: t, in: inW, out: bufio.NewScanner(outR), errb: &clitest.SyncBuffer{}, code: make(chan int, 1)}
	go func() {
		c := run(context.Background(), args, inR, outW, e.errb)
		outW.Close()
		e.code <- c
	}()
	return e
}

func (e *engine) send(line string) { io.WriteString(e.in, line+"\n") }

// expect reads lines up to one that starts with want and returns those
// before it.
func (e *engine) expect(want string) (line string, before []string) {
	e.t.Helper()
	for e.out.Scan() {
		if strings.HasPrefix(e.out.Text(), want) {
			return e.out.Text(), before
		}
		before = append(before, e.out.Text())
	}
	e.t.Fatalf("no %q from the engine (after %q); stderr %q", want, before, e.errb.String())
	return "", nil
}

// quit ends the session and returns the exit status.
func (e *engine) quit() int {
	e.send("quit")
	e.in.Close()
	for e.out.Scan() {
	}
	return <-e.code
}

// score returns the score of the last info line before a bestmove.
func score(t *testing.T, before []string) int {
	t.Helper()
	for i := len(before) - 1; i >= 0; i-- {
		var d, cp int
		if _, err := fmt.Sscanf(before[i], "info depth %d score cp %d", &d, &cp); err == nil {
			return cp
		}
	}
	t.Fatalf("no score in %q", before)
	return 0
}

// probeFEN is a position of Awari with 4 seeds in the houses, South to
// move.
const probeFEN = "1-0-0-1-0-0-0-1-0-0-1-0-22-22-S"

// TestAutoEndgame: without -endgame, the engine builds the databases of
// its rules in the user's cache once it has answered uciok, answers
// while they are built, says in an info string when they are available,
// and its searches then use them: its score at the probe position is
// then that of the engine given the same databases by -endgame, and
// differs from its score before.
func TestAutoEndgame(t *testing.T) {
	dir := isolateCache(t)
	e := startEngine(t, "-rules", "awari", "-endgame-auto", "6", "-hash", "2")
	e.send("position fen " + probeFEN)
	e.send("go depth 1")
	_, before := e.expect("bestmove ")
	s0 := score(t, before)
	r, _ := rulesflags.Named("awale", "awari")
	g, _, _ := rulesflags.EndgameGame(r, false)
	if n := endgame.Finished(g, dir); n != 0 {
		t.Fatalf("%d counts built before uciok", n)
	}
	e.send("uci")
	e.expect("uciok")
	var note string
	for deadline := time.Now().Add(time.Minute); note == ""; {
		if time.Now().After(deadline) {
			t.Fatalf("the databases never came; stderr:\n%s", e.errb.String())
		}
		e.send("isready") // answered while the databases are built
		_, before := e.expect("readyok")
		for _, l := range before {
			if strings.Contains(l, "counts 0 to 6") {
				note = l
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	if note != "info string endgame databases in use: counts 0 to 6 of awale awari (exact), built in the background" {
		t.Errorf("note %q", note)
	}
	e.send("position fen " + probeFEN)
	e.send("go depth 1")
	_, before = e.expect("bestmove ")
	got := score(t, before)
	// The oracle: the engine given the same databases by -endgame.
	var out, errb bytes.Buffer
	in := "position fen " + probeFEN + "\ngo depth 1\n"
	if code := run(context.Background(), []string{"-rules", "awari", "-endgame", dir, "-hash", "2"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("-endgame %s: exit %d: %s", dir, code, errb.String())
	}
	want := score(t, strings.Split(out.String(), "\n"))
	if got != want || got == s0 {
		t.Errorf("score %d with the databases built, %d with -endgame, %d before", got, want, s0)
	}
	if code := e.quit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if s := e.errb.String(); !strings.Contains(s, "uci: building the endgame databases of awale awari, counts 0 to 6, in the background in "+dir) ||
		!strings.Contains(s, "uci: the endgame databases of awale awari are complete, counts 0 to 6") {
		t.Errorf("stderr:\n%s", s)
	}
}

// TestAutoEndgameResume: a session ended during the build keeps the
// counts finished; the next opens them at start and builds on from
// there.
func TestAutoEndgameResume(t *testing.T) {
	dir := isolateCache(t)
	r, _ := rulesflags.Named("awale", "abapa")
	g, _, _ := rulesflags.EndgameGame(r, true)
	e := startEngine(t, "-endgame-auto", "8", "-hash", "2")
	e.send("uci")
	e.expect("uciok")
	for endgame.Finished(g, dir) < 2 {
		time.Sleep(time.Millisecond)
	}
	if code := e.quit(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	have := endgame.Finished(g, dir)
	t.Logf("counts 0 to %d kept at quit", have-1)
	if have > 8 {
		t.Skip("the build was over before quit")
	}
	e = startEngine(t, "-endgame-auto", "8", "-hash", "2")
	e.send("uci")
	e.expect("uciok")
	for deadline := time.Now().Add(time.Minute); !strings.Contains(e.errb.String(), "are complete"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the build did not end: %s", e.errb.String())
		}
	}
	if code := e.quit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	s := e.errb.String()
	opened := fmt.Sprintf("uci: endgame databases of awale grandslam=nocapture cycle=split, counts 0 to %d, ", have-1)
	resumed := fmt.Sprintf("counts %d to 8, in the background", have)
	if !strings.HasPrefix(s, opened) || !strings.Contains(s, resumed) || !strings.Contains(s, "estimates for awale abapa") {
		t.Errorf("stderr:\n%s\nwant it to start %q and say %q", s, opened, resumed)
	}
}

// TestAutoEndgameOff: -endgame-auto 0 (or false) opens and builds
// nothing.
func TestAutoEndgameOff(t *testing.T) {
	for _, flag := range []string{"-endgame-auto=0", "-endgame-auto=false"} {
		dir := isolateCache(t)
		var out, errb bytes.Buffer
		in := "uci\nisready\nposition startpos\ngo depth 2\n"
		if code := run(context.Background(), []string{flag, "-hash", "2"}, strings.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", flag, code, errb.String())
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) || errb.Len() != 0 || strings.Contains(out.String(), "info string") {
			t.Errorf("%s: the cache %v; stderr %q; stdout %q", flag, err, errb.String(), out.String())
		}
	}
}

// TestAutoEndgameNoRoom: a cache that cannot hold the databases refuses
// the build, says why on stderr in one line, and the engine plays on.
func TestAutoEndgameNoRoom(t *testing.T) {
	dir := isolateCache(t)
	if err := os.MkdirAll(filepath.Dir(filepath.Dir(dir)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Dir(dir), nil, 0o644); err != nil { // sowing: a file
		t.Fatal(err)
	}
	e := startEngine(t, "-endgame-auto", "6", "-hash", "2")
	e.send("uci")
	e.expect("uciok")
	for deadline := time.Now().Add(time.Minute); !strings.Contains(e.errb.String(), "\n"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("nothing said")
		}
	}
	e.send("position startpos")
	e.send("go depth 2")
	e.expect("bestmove ")
	if code := e.quit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if s := e.errb.String(); !strings.HasPrefix(s, "uci: not building the endgame databases of awale grandslam=nocapture cycle=split: autoendgame: no room for the databases: cannot write in ") ||
		strings.Count(s, "\n") != 1 {
		t.Errorf("stderr %q", s)
	}
}
