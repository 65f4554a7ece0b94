package endgame_test

import (
	"bytes"
	"context"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// game returns the endgame capability of an Awalé ruleset.
func game(t testing.TB, o awale.Options) endgame.Game {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Retrograde()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func awari(houses int) awale.Options {
	o := awale.Awari()
	o.Houses = houses
	return o
}

// sameValues fails unless a and b hold the same values for counts 0..k.
func sameValues(t *testing.T, a, b *endgame.DB, k int) {
	t.Helper()
	for j := 0; j <= k; j++ {
		for idx := uint64(0); idx < a.Size(j); idx++ {
			x, _ := a.At(j, idx)
			y, ok := b.At(j, idx)
			if !ok || x != y {
				t.Fatalf("count %d entry %d: %d and %d", j, idx, x, y)
			}
		}
	}
}

// cancelAfter is a progress writer that cancels a build once count k is
// finished.
type cancelAfter struct {
	mu     sync.Mutex
	k      string
	cancel context.CancelFunc
	buf    bytes.Buffer
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p)
	if strings.Contains(string(p), "count "+c.k+": ") && strings.Contains(string(p), " built in ") {
		c.cancel()
	}
	return len(p), nil
}

// TestBuildResume stops a build after count 6 and runs it again: the
// finished counts are loaded, the rest built, and the values are those of
// a build in one go.
func TestBuildResume(t *testing.T) {
	g := game(t, awari(3))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pw := &cancelAfter{k: "6", cancel: cancel}
	if _, err := endgame.Build(ctx, g, dir, 10, endgame.Options{Progress: pw}); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped build: %v, want context.Canceled", err)
	}
	if n := endgame.Finished(g, dir); n != 7 {
		t.Fatalf("Finished = %d after count 6, want 7", n)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, f := range files {
		if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o644 || strings.HasSuffix(f, ".tmp") {
			t.Errorf("file %s: %v %v", f, fi.Mode(), err)
		}
	}
	var log bytes.Buffer
	db, err := endgame.Build(context.Background(), g, dir, 10, endgame.Options{Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(log.String(), "loaded from"); got != 7 {
		t.Errorf("resumed build loaded %d counts, want 7:\n%s", got, log.String())
	}
	mem, err := endgame.Build(context.Background(), g, "", 10, endgame.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, mem, db, 10)
	loaded, err := endgame.Load(g, dir, 10)
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, mem, loaded, 10)
	if _, err := endgame.Load(g, dir, 11); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a count not built: %v, want fs.ErrNotExist", err)
	}
}

// TestFilesRefused damages, truncates and swaps database files and checks
// that Load and Build refuse them with the right error, leaving them.
func TestFilesRefused(t *testing.T) {
	g := game(t, awari(2))
	dir := t.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, 6, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, endgame.DirName(g.Name()))
	path := filepath.Join(sub, "06.egdb")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"flipped value", flip(good, len(good)-10)},
		{"flipped header", flip(good, 20)},
		{"flipped checksum", flip(good, len(good)-1)},
		{"truncated", good[:len(good)-7]},
		{"truncated header", good[:12]},
		{"empty", nil},
		{"longer", append(append([]byte(nil), good...), 0)},
		{"not a database", []byte("hello, world: not a database at all")},
	} {
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := endgame.Load(g, dir, 6); !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("%s: Load gives %v, want ErrCorrupt", c.name, err)
		}
		// Open finds at once what the header and the length show, the
		// rest (a value, the checksum) in its check.
		if db, err := endgame.Open(g, dir, 6); err == nil {
			if err := db.Wait(context.Background()); !errors.Is(err, endgame.ErrCorrupt) {
				t.Errorf("%s: Open's check gives %v, want ErrCorrupt", c.name, err)
			}
			if late := c.name == "flipped value" || c.name == "flipped checksum"; !late {
				t.Errorf("%s: Open did not refuse it at once", c.name)
			}
			db.Close()
		} else if !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("%s: Open gives %v, want ErrCorrupt", c.name, err)
		}
		if _, err := endgame.Build(context.Background(), g, dir, 6, endgame.Options{}); !errors.Is(err, endgame.ErrCorrupt) {
			t.Errorf("%s: Build gives %v, want ErrCorrupt", c.name, err)
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, c.data) {
			t.Errorf("%s: the file was changed", c.name)
		}
	}
	os.WriteFile(path, good, 0o644)
	if _, err := endgame.Open(g, dir, 7); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a count not built: %v, want fs.ErrNotExist", err)
	}
	// The same files under the name of other rules, another count.
	other := game(t, awale.Options{Houses: 2, GrandSlam: awale.GrandSlamNoCapture, Cycle: awale.CycleSplit})
	odir := t.TempDir()
	osub := filepath.Join(odir, endgame.DirName(other.Name()))
	os.MkdirAll(osub, 0o755)
	os.WriteFile(filepath.Join(osub, "00.egdb"), mustRead(t, filepath.Join(sub, "00.egdb")), 0o644)
	var me *endgame.MismatchError
	if _, err := endgame.Load(other, odir, 0); !errors.As(err, &me) || me.Field != "game" || !errors.Is(err, endgame.ErrMismatch) {
		t.Errorf("a file of other rules: %v, want a MismatchError of the game", err)
	}
	if _, err := endgame.Open(other, odir, 0); !errors.As(err, &me) || me.Field != "game" {
		t.Errorf("Open, a file of other rules: %v, want a MismatchError of the game", err)
	}
	os.WriteFile(filepath.Join(sub, "05.egdb"), good, 0o644)
	if _, err := endgame.Load(g, dir, 6); !errors.As(err, &me) || me.Field != "count" {
		t.Errorf("a file of another count: %v, want a MismatchError of the count", err)
	}
	if _, err := endgame.Open(g, dir, 6); !errors.As(err, &me) || me.Field != "count" {
		t.Errorf("Open, a file of another count: %v, want a MismatchError of the count", err)
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x41
	return c
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRowsOf: the mover's row first, each row in its owner's sowing order;
// no configuration for another board size or without one player to move.
func TestRowsOf(t *testing.T) {
	p, err := mancala.ParsePosition("1,2,0,0,0,3/4,0,5,0,0,6 10,11 N")
	if err != nil {
		t.Fatal(err)
	}
	c, ok := endgame.RowsOf(p, 6)
	want := endgame.Config{4, 0, 5, 0, 0, 6, 1, 2, 0, 0, 0, 3}
	if !ok || c != want {
		t.Errorf("RowsOf, North to move: %v, %v; want %v", c[:12], ok, want[:12])
	}
	if _, ok := endgame.RowsOf(p, 5); ok {
		t.Error("RowsOf with 5 houses a side answered for a 6-house board")
	}
	p.ToMove = mancala.NoTurn
	if _, ok := endgame.RowsOf(p, 6); ok {
		t.Error("RowsOf answered for a position with nobody to move")
	}
}

// crc32c is the checksum of the database files.
func crc32c(b []byte) uint32 { return crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)) }
