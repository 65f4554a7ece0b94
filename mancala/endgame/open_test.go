package endgame_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// builtDir builds the Awari databases of houses houses a side for the
// counts 0 to k under a new directory, and returns the directory, the file
// of count k and the databases.
func builtDir(t *testing.T, houses, k int) (dir, last string, db *endgame.DB) {
	t.Helper()
	g := game(t, awari(houses))
	dir = t.TempDir()
	db, err := endgame.Build(context.Background(), g, dir, k, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return dir, filepath.Join(dir, endgame.DirName(g.Name()), "06.egdb"), db
}

// TestOpen: Open returns the values Load does once its check is through,
// every count ready; Close then empties both, and a second Close does
// nothing.
func TestOpen(t *testing.T) {
	dir, _, built := builtDir(t, 3, 6)
	g := game(t, awari(3))
	loaded, err := endgame.Load(g, dir, 6)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := endgame.Open(g, dir, 6)
	if err != nil {
		t.Fatal(err)
	}
	if err := opened.Wait(context.Background()); err != nil {
		t.Fatalf("Wait: %v", err)
	}
	for _, d := range []*endgame.DB{built, loaded, opened} {
		for k := 0; k <= 6; k++ {
			if !d.Ready(k) {
				t.Errorf("count %d not ready", k)
			}
		}
		if d.Ready(7) || d.Ready(-1) || d.Err() != nil || d.Wait(context.Background()) != nil {
			t.Errorf("Ready(7) %v, Ready(-1) %v, Err %v", d.Ready(7), d.Ready(-1), d.Err())
		}
		if d.Bytes() < int64(endgame.Size(6, 6)) {
			t.Errorf("Bytes %d", d.Bytes())
		}
	}
	sameValues(t, built, loaded, 6)
	sameValues(t, built, opened, 6)
	for _, d := range []*endgame.DB{built, loaded, opened} {
		if err := d.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		c, _ := d.Configuration(6, 3)
		if _, ok := d.Value(&c); ok || d.Ready(0) || d.Histogram(6) != nil || d.Bytes() != 0 {
			t.Errorf("after Close: Value ok %v, Ready(0) %v, Bytes %d", ok, d.Ready(0), d.Bytes())
		}
		if _, ok := d.At(0, 0); ok {
			t.Error("after Close: At(0, 0) ok")
		}
		if d.Seeds() != 6 || d.Size(6) != endgame.Size(6, 6) {
			t.Errorf("after Close: Seeds %d, Size %d", d.Seeds(), d.Size(6))
		}
		if err := d.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	}
	var zero endgame.DB
	if zero.Close() != nil || (*endgame.DB)(nil).Close() != nil || zero.Err() != nil || zero.Wait(context.Background()) != nil {
		t.Error("the zero or nil DB's Close, Err or Wait gives an error")
	}
}

// TestOpenFindsDamageLater: a file whose header and length are sound but
// whose values or checksum are not opens, and the check disables its
// count alone: Wait and Err give ErrCorrupt, the count is never ready and
// no value of it is answered; the counts below answer.
func TestOpenFindsDamageLater(t *testing.T) {
	dir, path, built := builtDir(t, 3, 6)
	g := game(t, awari(3))
	good := mustRead(t, path)
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"flipped value", flip(good, len(good)-10)},
		{"flipped checksum", flip(good, len(good)-1)},
		{"value out of range", outOfRange(good)},
	} {
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		db, err := endgame.Open(g, dir, 6)
		if err != nil {
			t.Fatalf("%s: Open: %v", c.name, err)
		}
		if err := db.Wait(context.Background()); !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("%s: Wait gives %v, want ErrCorrupt", c.name, err)
		}
		if err := db.Err(); !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("%s: Err gives %v, want ErrCorrupt", c.name, err)
		}
		if db.Ready(6) || db.Histogram(6) != nil {
			t.Errorf("%s: the damaged count is ready", c.name)
		}
		for idx := uint64(0); idx < db.Size(6); idx++ {
			cf, _ := db.Configuration(6, idx)
			if v, ok := db.Value(&cf); ok {
				t.Fatalf("%s: entry %d of the damaged count answered %d", c.name, idx, v)
			}
		}
		for k := 0; k < 6; k++ {
			if !db.Ready(k) {
				t.Errorf("%s: count %d, sound, is not ready", c.name, k)
			}
		}
		sameValues(t, built, db, 5)
		db.Close()
		if _, err := endgame.Load(g, dir, 6); !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("%s: Load gives %v, want ErrCorrupt", c.name, err)
		}
	}
}

// outOfRange returns the file b of count 6 with its last value made 7 and
// its checksum made to match: a file that only the range check refuses.
func outOfRange(b []byte) []byte {
	c := append([]byte(nil), b...)
	c[len(c)-5] = 7
	crc := crc32c(c[:len(c)-4])
	c[len(c)-4], c[len(c)-3], c[len(c)-2], c[len(c)-1] = byte(crc), byte(crc>>8), byte(crc>>16), byte(crc>>24)
	return c
}

// TestOpenConcurrentReads reads values on several goroutines while the
// check of Open goes on: every value answered is the built one (run with
// -race). The count of 14 seeds of 6 houses makes the check last.
func TestOpenConcurrentReads(t *testing.T) {
	g := game(t, awari(3))
	dir := t.TempDir()
	built, err := endgame.Build(context.Background(), g, dir, 14, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db, err := endgame.Open(g, dir, 14)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := w; k <= 14; k += 2 {
				for idx := uint64(0); idx < built.Size(k); idx += 7 {
					c, _ := built.Configuration(k, idx)
					want, _ := built.Value(&c)
					if v, ok := db.Value(&c); ok && v != want {
						t.Errorf("count %d entry %d: %d, want %d", k, idx, v, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := db.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	sameValues(t, built, db, 14)
	db.Close()
}

// TestCloseDuringCheck closes a DB whose check may be under way: Close
// waits for it, nothing answers afterwards, and Err is nil (the check was
// through) or wraps ErrClosed.
func TestCloseDuringCheck(t *testing.T) {
	g := game(t, awari(3))
	dir := t.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, 14, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		db, err := endgame.Open(g, dir, 14)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if err := db.Wait(context.Background()); err != nil && !errors.Is(err, endgame.ErrClosed) {
			t.Errorf("Wait after Close: %v", err)
		}
		for k := 0; k <= 14; k++ {
			if db.Ready(k) {
				t.Errorf("count %d ready after Close", k)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	db, err := endgame.Open(g, dir, 14)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Wait(ctx); err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("Wait with a cancelled context: %v", err)
	}
}
