package endgame_test

import (
	"context"
	"os"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// benchDB returns the game and directory of databases to load: those of
// $SOWING_BENCH_ENDGAME (a databases directory, as the endgame command's
// -dir, holding the Awari databases or those of the nearest exact rules
// of Abapa), every count in a row that it holds; or, without it, the
// Awari databases of 12 houses for the counts 0 to 10, built once in a
// temporary directory.
func benchDB(b *testing.B) (g endgame.Game, dir string, k int) {
	if dir = os.Getenv("SOWING_BENCH_ENDGAME"); dir != "" {
		near := awale.Abapa()
		near.Cycle, near.StopAtMajority = awale.CycleSplit, false
		for _, o := range []awale.Options{awale.Awari(), near} {
			g = game(b, o)
			if n := endgame.Finished(g, dir); n > 0 {
				return g, dir, n - 1
			}
		}
		b.Fatalf("SOWING_BENCH_ENDGAME=%s holds no Awari databases, nor those of the nearest exact rules of Abapa", dir)
	}
	g, dir = game(b, awale.Awari()), b.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, 10, endgame.Options{}); err != nil {
		b.Fatal(err)
	}
	return g, dir, 10
}

// BenchmarkLoad times Load, every file read through (its bytes a second:
// the files' total), against Open, which returns before the check, and
// Open then Wait, the whole check on one goroutine. The files are in the
// page cache after the first run: this is the warm figure (ELO.md gives
// the commands, cold and warm, with the engine).
func BenchmarkLoad(b *testing.B) {
	g, dir, k := benchDB(b)
	var size int64
	for j := 0; j <= k; j++ {
		size += int64(endgame.Size(g.Houses(), j))
	}
	for _, bm := range []struct {
		name string
		load func() (*endgame.DB, error)
	}{
		{"Load", func() (*endgame.DB, error) { return endgame.Load(g, dir, k) }},
		{"Open", func() (*endgame.DB, error) { return endgame.Open(g, dir, k) }},
		{"OpenWait", func() (*endgame.DB, error) {
			db, err := endgame.Open(g, dir, k)
			if err == nil {
				err = db.Wait(context.Background())
			}
			return db, err
		}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(size)
			for range b.N {
				db, err := bm.load()
				if err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
		})
	}
}

// BenchmarkValue times DB.Value over the configurations of the largest
// count, in a scattered order, for the counts built in memory and for
// those loaded (mapped from their files, on Linux).
func BenchmarkValue(b *testing.B) {
	g := game(b, awale.Awari())
	dir := b.TempDir()
	built, err := endgame.Build(context.Background(), g, dir, 10, endgame.Options{})
	if err != nil {
		b.Fatal(err)
	}
	loaded, err := endgame.Load(g, dir, 10)
	if err != nil {
		b.Fatal(err)
	}
	defer loaded.Close()
	n := built.Size(10)
	cs := make([]endgame.Config, 4096)
	for i := range cs {
		cs[i], _ = built.Configuration(10, uint64(i)*2654435761%n)
	}
	for _, bm := range []struct {
		name string
		db   *endgame.DB
	}{{"built", built}, {"loaded", loaded}} {
		b.Run(bm.name, func(b *testing.B) {
			sum := 0
			for i := range b.N {
				v, _ := bm.db.Value(&cs[i&4095])
				sum += v
			}
			_ = sum
		})
	}
}
