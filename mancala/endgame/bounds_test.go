package endgame_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestBoundsAcyclicExact checks that on a game without cycles (race, with
// and without moves that play again) the bounds meet everywhere, at the
// exact values of Build: L and U differ only by what endless play is
// worth, and there is none.
func TestBoundsAcyclicExact(t *testing.T) {
	for _, g := range []endgame.Game{race{n: 3, again: false}, race{n: 3, again: true}, race{n: 5, again: true}} {
		k := 7
		db, err := endgame.Build(context.Background(), g, "", k, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := endgame.BuildBounds(context.Background(), g, "", k, endgame.Options{Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j <= k; j++ {
			for idx := uint64(0); idx < db.Size(j); idx++ {
				v, _ := db.At(j, idx)
				lo, hi, ok := b.At(j, idx)
				if !ok || lo != v || hi != v {
					t.Fatalf("%s count %d entry %d: bounds %d to %d, exact %d", g.Name(), j, idx, lo, hi, v)
				}
			}
		}
	}
}

// TestBoundsContainSplitValues is a property test: for Awalé boards and
// counts drawn at random and every grand slam rule (AW-6), the exact value
// of every configuration under the split cycle rule (AW-8's option: an
// endless cycle is worth 0, within [-k, k]) lies within the bounds built
// for the same moves, and equals them where they meet; L <= U always.
func TestBoundsContainSplitValues(t *testing.T) {
	slams := []awale.GrandSlam{awale.GrandSlamForbiddenElseCapture, awale.GrandSlamForbidden, awale.GrandSlamNoCapture, awale.GrandSlamCaptureAll}
	rapid.Check(t, func(t *rapid.T) {
		o := awale.Awari()
		o.Houses = rapid.IntRange(1, 6).Draw(t, "houses")
		o.GrandSlam = rapid.SampledFrom(slams).Draw(t, "grandslam")
		k := rapid.IntRange(0, []int{0, 14, 9, 7, 6, 5, 4}[o.Houses]).Draw(t, "stones")
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Retrograde()
		if err != nil {
			t.Fatal(err)
		}
		db, err := endgame.Build(context.Background(), g, "", k, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := endgame.BuildBounds(context.Background(), g, "", k, endgame.Options{Workers: rapid.IntRange(1, 3).Draw(t, "workers")})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j <= k; j++ {
			for idx := uint64(0); idx < db.Size(j); idx++ {
				v, _ := db.At(j, idx)
				lo, hi, ok := b.At(j, idx)
				if !ok || lo > v || hi < v || lo < -j || hi > j {
					t.Fatalf("count %d entry %d: bounds %d to %d (%v), split value %d", j, idx, lo, hi, ok, v)
				}
			}
		}
	})
}

// TestBoundsFiles checks that bound tables saved by BuildBounds load back
// the same, that a build resumes from the files, that every damaged byte
// is refused as corrupt, and that the files of other rules are refused as
// a MismatchError.
func TestBoundsFiles(t *testing.T) {
	r, err := awale.New(awale.Options{Houses: 2, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, StopAtMajority: true})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.CycleBounds()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := endgame.LoadBounds(g, dir, 3); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("LoadBounds of nothing: %v, want fs.ErrNotExist", err)
	}
	mem, err := endgame.BuildBounds(context.Background(), g, "", 5, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := endgame.BuildBounds(context.Background(), g, dir, 3, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	if n := endgame.FinishedBounds(g, dir); n != 4 {
		t.Fatalf("FinishedBounds %d, want 4", n)
	}
	// Resume to 5: counts 0..3 are read, 4 and 5 built.
	b, err := endgame.BuildBounds(context.Background(), g, dir, 5, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := endgame.LoadBounds(g, dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j <= 5; j++ {
		for idx := uint64(0); idx < mem.Size(j); idx++ {
			a1, a2, _ := mem.At(j, idx)
			b1, b2, _ := b.At(j, idx)
			c1, c2, ok := l.At(j, idx)
			if !ok || a1 != b1 || a2 != b2 || a1 != c1 || a2 != c2 {
				t.Fatalf("count %d entry %d: %d..%d in memory, %d..%d resumed, %d..%d loaded", j, idx, a1, a2, b1, b2, c1, c2)
			}
		}
	}
	path := filepath.Join(dir, endgame.DirName(g.Name()), "03.egbd")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x10
		os.WriteFile(path, bad, 0o644)
		if _, err := endgame.LoadBounds(g, dir, 3); !errors.Is(err, endgame.ErrCorrupt) {
			t.Fatalf("byte %d flipped: %v, want ErrCorrupt", i, err)
		}
	}
	os.WriteFile(path, good[:len(good)-1], 0o644)
	if _, err := endgame.LoadBounds(g, dir, 3); !errors.Is(err, endgame.ErrCorrupt) {
		t.Fatalf("truncated: %v, want ErrCorrupt", err)
	}
	os.WriteFile(path, good, 0o644)
	// The files of the 2-house board under the name of a 3-house one.
	r3, _ := awale.New(awale.Options{Houses: 3, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, StopAtMajority: true})
	g3, _, _ := r3.CycleBounds()
	sub3 := filepath.Join(dir, endgame.DirName(g3.Name()))
	os.MkdirAll(sub3, 0o755)
	os.WriteFile(filepath.Join(sub3, "00.egbd"), mustRead(t, filepath.Join(dir, endgame.DirName(g.Name()), "00.egbd")), 0o644)
	var me *endgame.MismatchError
	if _, err := endgame.LoadBounds(g3, dir, 0); !errors.As(err, &me) {
		t.Fatalf("a file of other rules: %v, want a MismatchError", err)
	}
	// Options out of range are refused before anything is built.
	if _, err := endgame.BuildBounds(context.Background(), g, filepath.Join(dir, "x"), 0, endgame.Options{Workers: endgame.MaxWorkers + 1}); !errors.Is(err, endgame.ErrOption) {
		t.Fatalf("too many workers: %v, want ErrOption", err)
	}
}

// TestBoundsZeroAndNil checks that a nil and a zero BoundsDB answer as
// holding nothing and never panic.
func TestBoundsZeroAndNil(t *testing.T) {
	var c endgame.Config
	for _, b := range []*endgame.BoundsDB{nil, {}} {
		if b.Seeds() != -1 || b.Size(0) != 0 || b.Bytes() != 0 || b.Name() != "" || b.Houses() != 0 {
			t.Fatalf("%v: holds something", b)
		}
		if _, _, ok := b.Bounds(&c); ok {
			t.Fatal("Bounds answered")
		}
		if _, _, ok := b.Bounds(nil); ok {
			t.Fatal("Bounds(nil) answered")
		}
		if _, _, ok := b.At(0, 0); ok {
			t.Fatal("At answered")
		}
		if _, ok := b.Configuration(0, 0); ok {
			t.Fatal("Configuration answered")
		}
		if _, _, ok := b.Prove(mancala.Position{}, true); ok {
			t.Fatal("Prove answered")
		}
	}
}

// TestBoundsCancelResume stops a bounds build after count 4: it returns
// the context's error, the finished counts are saved, and a build run
// again loads them and gives the tables of a build in one go.
func TestBoundsCancelResume(t *testing.T) {
	g := game(t, awari(3))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &cancelAfter{k: "4", cancel: cancel}
	if _, err := endgame.BuildBounds(ctx, g, dir, 7, endgame.Options{Progress: c}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v, want context.Canceled", err)
	}
	if n := endgame.FinishedBounds(g, dir); n != 5 {
		t.Fatalf("%d counts saved, want 5", n)
	}
	b, err := endgame.BuildBounds(context.Background(), g, dir, 7, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mem, err := endgame.BuildBounds(context.Background(), g, "", 7, endgame.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j <= 7; j++ {
		for idx := uint64(0); idx < mem.Size(j); idx++ {
			a1, a2, _ := mem.At(j, idx)
			b1, b2, ok := b.At(j, idx)
			if !ok || a1 != b1 || a2 != b2 {
				t.Fatalf("count %d entry %d: %d..%d in one go, %d..%d resumed", j, idx, a1, a2, b1, b2)
			}
		}
	}
}

// grower is an Awalé game whose every move adds a seed: it breaks the
// Game contract.
type grower struct{ endgame.Game }

func (g grower) Children(dst []endgame.Child, c *endgame.Config) ([]endgame.Child, int) {
	kids, end := g.Game.Children(dst, c)
	for i := range kids {
		kids[i].Over = false
		kids[i].Next[0]++
	}
	return kids, end
}

// TestBoundsGameContract checks that BuildBounds refuses a game that
// breaks its contract with an error wrapping ErrGame, and a nil game with
// one wrapping mancala.ErrUnsupported, without panicking.
func TestBoundsGameContract(t *testing.T) {
	if _, err := endgame.BuildBounds(context.Background(), grower{game(t, awari(2))}, "", 3, endgame.Options{}); !errors.Is(err, endgame.ErrGame) {
		t.Fatalf("a game whose moves add seeds: %v, want ErrGame", err)
	}
	if _, err := endgame.BuildBounds(context.Background(), nil, "", 3, endgame.Options{}); !errors.Is(err, mancala.ErrUnsupported) {
		t.Fatalf("no game: %v, want ErrUnsupported", err)
	}
	if _, err := endgame.LoadBounds(nil, t.TempDir(), 3); !errors.Is(err, mancala.ErrUnsupported) {
		t.Fatalf("no game: %v, want ErrUnsupported", err)
	}
	if n := endgame.FinishedBounds(nil, t.TempDir()); n != 0 {
		t.Fatalf("FinishedBounds of no game: %d", n)
	}
}
