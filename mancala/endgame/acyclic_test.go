package endgame_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// race is a small game without cycles, for the forward pass: a row of n
// houses shared by both players, whose seeds run towards house 0. A move
// takes one seed from a non-empty house i > 0 to house i-1, or one seed
// from house 0 into the mover's store; a move from house 1 plays again
// if again is set. Every move that keeps the seeds in the houses brings
// one nearer house 0, so no configuration comes back.
type race struct {
	n     int
	again bool
}

func (g race) Name() string  { return fmt.Sprintf("race n=%d again=%v", g.n, g.again) }
func (g race) Houses() int   { return g.n }
func (g race) Acyclic() bool { return true }

func (g race) Config(mancala.Position) (endgame.Config, bool) { return endgame.Config{}, false }

func (g race) Children(dst []endgame.Child, c *endgame.Config) ([]endgame.Child, int) {
	for i := 0; i < g.n; i++ {
		if c[i] == 0 {
			continue
		}
		ch := endgame.Child{Move: i, Next: *c}
		ch.Next[i]--
		if i == 0 {
			ch.Gain = 1
			ch.Over = c.Seeds() == 1
		} else {
			ch.Next[i-1]++
			ch.Again = g.again && i == 1
		}
		dst = append(dst, ch)
	}
	return dst, 0
}

func (g race) Parents(dst []endgame.Parent, c *endgame.Config) []endgame.Parent {
	for i := 0; i+1 < g.n; i++ {
		if c[i] == 0 {
			continue
		}
		prev := *c
		prev[i]--
		prev[i+1]++
		dst = append(dst, endgame.Parent{Prev: prev, Again: g.again && i == 0})
	}
	return dst
}

// sameFiles fails unless directories a and b hold the same files, byte
// for byte.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	list := func(dir string) []string {
		var fs []string
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				fs = append(fs, rel)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(fs)
		return fs
	}
	fa, fb := list(a), list(b)
	if strings.Join(fa, " ") != strings.Join(fb, " ") || len(fa) == 0 {
		t.Fatalf("files %v and %v", fa, fb)
	}
	for _, f := range fa {
		if !bytes.Equal(mustRead(t, filepath.Join(a, f)), mustRead(t, filepath.Join(b, f))) {
			t.Errorf("file %s differs", f)
		}
	}
}

// TestAcyclicSameAsRetrograde builds the databases of race (an Acyclic
// game; Kalah's are compared in its package) by the forward pass and by the retrograde phases, on one worker and on
// several, and checks that the values and the files are the same.
func TestAcyclicSameAsRetrograde(t *testing.T) {
	for _, c := range []struct {
		n, k  int
		again bool
	}{
		{1, 12, false}, {2, 10, false}, {2, 10, true}, {3, 9, true}, {4, 8, false}, {6, 6, true},
	} {
		var g endgame.Game = race{n: c.n, again: c.again}
		if a, ok := g.(endgame.Acyclic); !ok || !a.Acyclic() {
			t.Fatalf("%s is not Acyclic", g.Name())
		}
		ret, fwd, fwd1 := t.TempDir(), t.TempDir(), t.TempDir()
		r, err := endgame.Build(context.Background(), g, ret, c.k, endgame.Options{Retrograde: true})
		if err != nil {
			t.Fatal(err)
		}
		f, err := endgame.Build(context.Background(), g, fwd, c.k, endgame.Options{Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		f1, err := endgame.Build(context.Background(), g, fwd1, c.k, endgame.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		sameValues(t, r, f, c.k)
		sameValues(t, r, f1, c.k)
		sameFiles(t, ret, fwd)
		sameFiles(t, ret, fwd1)
	}
}

// liar is an Awalé game that claims to be Acyclic: Awalé's counts hold
// endless cycles.
type liar struct{ endgame.Game }

func (liar) Acyclic() bool { return true }

// TestAcyclicCycleRefused builds the databases of a game with cycles that
// claims to be Acyclic: the forward pass must meet a cycle and fail with
// ErrGame, not hang.
func TestAcyclicCycleRefused(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		_, err := endgame.Build(ctx, liar{game(t, awari(3))}, "", 8, endgame.Options{Workers: workers})
		cancel()
		if !errors.Is(err, endgame.ErrGame) {
			t.Fatalf("%d workers: %v, want ErrGame", workers, err)
		}
		if !strings.Contains(err.Error(), "acyclic") {
			t.Errorf("%d workers: %v, want the cycle named", workers, err)
		}
	}
	// It builds by the retrograde phases if told to.
	if _, err := endgame.Build(context.Background(), liar{game(t, awari(3))}, "", 8, endgame.Options{Retrograde: true}); err != nil {
		t.Fatal(err)
	}
}

// TestAcyclicResume stops a forward build after count 5 and runs it again:
// the finished counts are loaded, the rest built, and the values are those
// of a build in one go.
func TestAcyclicResume(t *testing.T) {
	g := race{n: 4, again: true}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pw := &cancelAfter{k: "5", cancel: cancel}
	if _, err := endgame.Build(ctx, g, dir, 9, endgame.Options{Progress: pw}); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped build: %v, want context.Canceled", err)
	}
	if n := endgame.Finished(g, dir); n != 6 {
		t.Fatalf("Finished = %d after count 5, want 6", n)
	}
	db, err := endgame.Build(context.Background(), g, dir, 9, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mem, err := endgame.Build(context.Background(), g, "", 9, endgame.Options{Retrograde: true})
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, mem, db, 9)
}
