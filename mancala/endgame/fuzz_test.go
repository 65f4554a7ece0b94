package endgame_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/mancala/endgame"
)

// FuzzLoad feeds arbitrary bytes to Load and Open as the file of count 3
// (the counts below are sound): Load must return a database whose values
// are in range, or an error wrapping ErrCorrupt or a MismatchError, and
// never panic; Open the same error, or a database whose check either
// makes count 3 ready, as Load found it, or refuses it with ErrCorrupt,
// count 3 then answering nothing.
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
		opened, oerr := endgame.Open(g, dir, 3)
		if oerr == nil {
			defer opened.Close()
			if werr := opened.Wait(context.Background()); werr != nil {
				if !errors.Is(werr, endgame.ErrCorrupt) || err == nil || opened.Ready(3) {
					t.Fatalf("Open's check: %v, ready %v; Load: %v", werr, opened.Ready(3), err)
				}
				if _, ok := opened.At(3, 0); ok {
					t.Fatal("a count refused by the check answers")
				}
				oerr = werr
			}
		}
		if err != nil {
			var me *endgame.MismatchError
			if !errors.Is(err, endgame.ErrCorrupt) && !errors.As(err, &me) {
				t.Fatalf("Load: %v, want ErrCorrupt or a MismatchError", err)
			}
			if oerr == nil {
				t.Fatalf("Load: %v, Open: no error", err)
			}
			return
		}
		defer db.Close()
		if oerr != nil {
			t.Fatalf("Load: no error, Open: %v", oerr)
		}
		for idx := uint64(0); idx < db.Size(3); idx++ {
			v, _ := db.At(3, idx)
			if v < -3 || v > 3 {
				t.Fatalf("entry %d is %d", idx, v)
			}
			if w, ok := opened.At(3, idx); !ok || w != v {
				t.Fatalf("entry %d: Load %d, Open %d, %v", idx, v, w, ok)
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
