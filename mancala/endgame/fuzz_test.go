package endgame_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// FuzzLoad feeds arbitrary bytes to Load as the file of count 3 (the
// counts below are sound): it must return a database whose values are in
// range, or an error wrapping ErrCorrupt or a MismatchError, and never
// panic.
func FuzzLoad(f *testing.F) {
	g := game(f, awari(2))
	src := f.TempDir()
	if _, err := endgame.Build(context.Background(), g, src, 3, endgame.Options{}); err != nil {
		f.Fatal(err)
	}
	sub := endgame.DirName(g.Name())
	good, err := os.ReadFile(filepath.Join(src, sub, "03.egdb"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("SOWINGEG"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		for _, k := range []string{"00", "01", "02"} {
			b, _ := os.ReadFile(filepath.Join(src, sub, k+".egdb"))
			os.WriteFile(filepath.Join(dir, sub, k+".egdb"), b, 0o644)
		}
		os.WriteFile(filepath.Join(dir, sub, "03.egdb"), data, 0o644)
		db, err := endgame.Load(g, dir, 3)
		if err != nil {
			var me *endgame.MismatchError
			if !errors.Is(err, endgame.ErrCorrupt) && !errors.As(err, &me) {
				t.Fatalf("Load: %v, want ErrCorrupt or a MismatchError", err)
			}
			return
		}
		for idx := uint64(0); idx < db.Size(3); idx++ {
			if v, _ := db.At(3, idx); v < -3 || v > 3 {
				t.Fatalf("entry %d is %d", idx, v)
			}
		}
	})
}

// FuzzLoadBounds feeds arbitrary bytes to LoadBounds as the bounds file of
// count 3 (the counts below are sound): it must return tables whose bounds
// are in range and in order, or an error wrapping ErrCorrupt or a
// MismatchError, and never panic.
func FuzzLoadBounds(f *testing.F) {
	g := game(f, awari(2))
	src := f.TempDir()
	if _, err := endgame.BuildBounds(context.Background(), g, src, 3, endgame.Options{}); err != nil {
		f.Fatal(err)
	}
	sub := endgame.DirName(g.Name())
	good, err := os.ReadFile(filepath.Join(src, sub, "03.egbd"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("SOWINGEB"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		for _, k := range []string{"00", "01", "02"} {
			b, _ := os.ReadFile(filepath.Join(src, sub, k+".egbd"))
			os.WriteFile(filepath.Join(dir, sub, k+".egbd"), b, 0o644)
		}
		os.WriteFile(filepath.Join(dir, sub, "03.egbd"), data, 0o644)
		b, err := endgame.LoadBounds(g, dir, 3)
		if err != nil {
			var me *endgame.MismatchError
			if !errors.Is(err, endgame.ErrCorrupt) && !errors.As(err, &me) {
				t.Fatalf("LoadBounds: %v, want ErrCorrupt or a MismatchError", err)
			}
			return
		}
		for idx := uint64(0); idx < b.Size(3); idx++ {
			if lo, hi, _ := b.At(3, idx); lo < -3 || hi > 3 || lo > hi {
				t.Fatalf("entry %d has the bounds %d to %d", idx, lo, hi)
			}
		}
	})
}
