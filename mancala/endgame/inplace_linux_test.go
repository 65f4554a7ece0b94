//go:build linux

package endgame_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestChangedUnderProbe: a count file truncated, then rewritten, in place
// under goroutines that keep probing the opened (memory-mapped) databases
// makes that count unusable (Err wraps ErrCorrupt, Ready false, for good)
// instead of crashing the program with SIGBUS; values rewritten in place
// outside their range are refused the same way; the other counts go on
// answering (issue 43, item 3).
func TestChangedUnderProbe(t *testing.T) {
	const k = 8
	g := game(t, awari(4))
	dir := t.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, k, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	file := func(j int) string {
		return filepath.Join(dir, endgame.DirName(g.Name()), "0"+string(rune('0'+j))+".egdb")
	}
	origs := make([][]byte, k+1)
	for j := range origs {
		var err error
		if origs[j], err = os.ReadFile(file(j)); err != nil {
			t.Fatal(err)
		}
	}
	for _, open := range []func(endgame.Game, string, int) (*endgame.DB, error){endgame.Open, endgame.Load} {
		for j := 0; j <= k; j++ { // a fresh copy of the files, by rename
			if err := os.WriteFile(file(j)+".new", origs[j], 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(file(j)+".new", file(j)); err != nil {
				t.Fatal(err)
			}
		}
		db, err := open(g, dir, k)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		var stop atomic.Bool
		var probes atomic.Int64
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := uint64(0); !stop.Load(); i++ {
					db.At(k, i%db.Size(k))
					db.At(k-1, i%db.Size(k-1))
					probes.Add(1)
				}
			}()
		}
		for probes.Load() < 1000 {
			time.Sleep(time.Millisecond)
		}
		if err := os.Truncate(file(k), 0); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Minute) // a bound on a hang, not a speed check
		for db.Ready(k) && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if err := os.WriteFile(file(k), origs[k], 0o644); err != nil { // rewritten in place, as cp does
			t.Fatal(err)
		}
		// Values rewritten in place out of their range: count k-1's.
		b := append([]byte(nil), origs[k-1]...)
		n := int(db.Size(k - 1))
		for i := len(b) - 4 - n; i < len(b)-4; i++ {
			b[i] = 0x7f
		}
		f, err := os.OpenFile(file(k-1), os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt(b, 0); err != nil {
			t.Fatal(err)
		}
		f.Close()
		for db.Ready(k-1) && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		stop.Store(true)
		wg.Wait()
		if db.Ready(k) || db.Ready(k-1) {
			t.Errorf("count %d ready %v, count %d ready %v after their files changed in place", k, db.Ready(k), k-1, db.Ready(k-1))
		}
		if v, ok := db.At(k, 0); ok {
			t.Errorf("count %d rewritten whole: At answers %d", k, v)
		}
		if err := db.Err(); !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("Err: %v, want ErrCorrupt", err)
		}
		for j := 0; j < k-1; j++ {
			if _, ok := db.At(j, 0); !ok || !db.Ready(j) {
				t.Errorf("count %d, untouched, no longer answers", j)
			}
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestValueAllocs: the guarded probe allocates nothing.
func TestValueAllocs(t *testing.T) {
	g := game(t, awari(3))
	dir := t.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, 6, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	db, err := endgame.Load(g, dir, 6)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, _ := db.Configuration(6, 3)
	if n := testing.AllocsPerRun(100, func() { db.Value(&c) }); n != 0 {
		t.Errorf("Value allocates %v times", n)
	}
}
