package endgame_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestZeroAndNilDB: the zero DB and a nil *DB answer every method as a DB
// that holds nothing, and Value(nil) is false. var d DB; d.Value(nil) and
// (*DB)(nil).Endgame panicked before the fix.
func TestZeroAndNilDB(t *testing.T) {
	var zero endgame.DB
	r, err := awale.New(awale.Awari())
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range map[string]*endgame.DB{"zero": &zero, "nil": nil} {
		if v, ok := d.Value(nil); ok || v != 0 {
			t.Errorf("%s: Value(nil) = %d, %v", name, v, ok)
		}
		var c endgame.Config
		if _, ok := d.Value(&c); ok {
			t.Errorf("%s: Value(empty) ok", name)
		}
		if v, ok := d.Endgame(r.Start()); ok || v != 0 {
			t.Errorf("%s: Endgame = %d, %v", name, v, ok)
		}
		if _, seeds := d.Index(&c); seeds != -1 {
			t.Errorf("%s: Index seeds %d, want -1", name, seeds)
		}
		if _, seeds := d.Index(nil); seeds != -1 {
			t.Errorf("%s: Index(nil) seeds %d, want -1", name, seeds)
		}
		if _, ok := d.At(0, 0); ok {
			t.Errorf("%s: At(0, 0) ok", name)
		}
		if _, ok := d.Configuration(0, 0); ok {
			t.Errorf("%s: Configuration(0, 0) ok", name)
		}
		if d.Ready(0) || d.Ready(-1) || d.Histogram(0) != nil {
			t.Errorf("%s: Ready(0) %v, Ready(-1) %v", name, d.Ready(0), d.Ready(-1))
		}
		if d.Seeds() != -1 || d.Size(0) != 0 || d.Bytes() != 0 || d.Name() != "" || d.Houses() != 0 {
			t.Errorf("%s: Seeds %d Size %d Bytes %d Name %q Houses %d", name, d.Seeds(), d.Size(0), d.Bytes(), d.Name(), d.Houses())
		}
	}
	db, err := endgame.Build(context.Background(), game(t, awari(2)), "", 2, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := db.Value(nil); ok {
		t.Error("Value(nil) of a built DB is ok")
	}
	if _, seeds := db.Index(nil); seeds != -1 {
		t.Error("Index(nil) of a built DB: seeds not -1")
	}
}

// nilGame is a Game type whose nil pointer passes a comparison with nil.
type nilGame struct{ endgame.Game }

// TestTypedNilGame: a nil pointer as the Game is refused with
// mancala.ErrUnsupported, and Finished says 0. They panicked before.
func TestTypedNilGame(t *testing.T) {
	var g *nilGame
	if _, err := endgame.Build(context.Background(), g, "", 1, endgame.Options{}); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("Build(typed nil): %v", err)
	}
	if _, err := endgame.Load(g, t.TempDir(), 1); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("Load(typed nil): %v", err)
	}
	if n := endgame.Finished(g, t.TempDir()); n != 0 {
		t.Errorf("Finished(typed nil) = %d", n)
	}
	if n := endgame.Finished(nil, t.TempDir()); n != 0 {
		t.Errorf("Finished(nil) = %d", n)
	}
}

// TestWorkersBound: more workers than MaxWorkers are refused up front
// with ErrOption. Before the fix Workers 100000 was accepted (and overran
// its context starting goroutines).
func TestWorkersBound(t *testing.T) {
	g := game(t, awari(2))
	for _, w := range []int{endgame.MaxWorkers + 1, 100000} {
		db, err := endgame.Build(context.Background(), g, "", 2, endgame.Options{Workers: w})
		if !errors.Is(err, endgame.ErrOption) || db != nil {
			t.Errorf("Workers %d: %v, %v; want ErrOption", w, db, err)
		}
	}
	if _, err := endgame.Build(context.Background(), g, "", 2, endgame.Options{Workers: endgame.MaxWorkers}); err != nil {
		t.Errorf("Workers MaxWorkers: %v", err)
	}
}
