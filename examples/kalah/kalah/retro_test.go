package kalah_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// eachConfig calls f with every configuration of k seeds in h houses.
func eachConfig(h, k int, f func(c *egdb.Config)) {
	for c := range egdb.Configs(h, k) {
		f(c)
	}
}

// TestRetrogradeAgainstModel builds the databases of small boards with the
// generic builder and checks every value, for both capture rules, against
// plain minimax on the model of ref_test.go (written apart from the
// package, KA-2 to KA-5): a configuration's value is what the mover will
// add to his store minus what his opponent will.
func TestRetrogradeAgainstModel(t *testing.T) {
	for _, c := range []struct {
		n, k    int
		capture kalah.Capture
	}{{1, 12, kalah.CaptureEmpty}, {2, 10, kalah.CaptureEmpty}, {3, 9, kalah.CaptureEmpty}, {2, 10, kalah.CaptureStandard}, {3, 9, kalah.CaptureStandard}} {
		r := mustNew(t, kalah.Options{Houses: c.n, Seeds: 1, Capture: c.capture})
		db, err := egdb.Build(context.Background(), retroGame(r), "", c.k, egdb.Options{})
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]int{}
		for j := 0; j <= c.k; j++ {
			eachConfig(2*c.n, j, func(cfg *egdb.Config) {
				got, ok := db.Value(cfg)
				g := newRef(c.n, 0, c.capture)
				for i := 0; i < c.n; i++ {
					g.pits[g.pit(0, i)], g.pits[g.pit(1, i)] = int(cfg[i]), int(cfg[c.n+i])
				}
				want := 0
				if g.rowEmpty(0) || g.rowEmpty(1) { // each takes his own (KA-5)
					for i := 0; i < c.n; i++ {
						want += g.pits[g.pit(0, i)] - g.pits[g.pit(1, i)]
					}
				} else {
					want = refValue(g, memo) // stores start empty
				}
				if !ok || got != want {
					t.Fatalf("%d houses, %v capture, %v: generic %d (%v), model %d", c.n, c.capture, cfg[:2*c.n], got, ok, want)
				}
			})
		}
	}
}

// TestWithDatabase solves Kalah(3,3) with the generic databases handed to
// the solver (a ruleset with no database of its own) and finds the value
// that the solver finds without any.
func TestWithDatabase(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 3, Seeds: 3})
	db, err := egdb.Build(context.Background(), retroGame(r), "", 10, egdb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := kalah.WithDatabase(r, db)
	if err != nil {
		t.Fatal(err)
	}
	opts := search.SolveOptions{TableBits: 14}
	with, err := search.Solve(context.Background(), o, nil, r.Start(), opts)
	if err != nil {
		t.Fatal(err)
	}
	without, err := search.Solve(context.Background(), r, nil, r.Start(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if with.Value != without.Value || with.EndgameHits == 0 {
		t.Errorf("with the databases %v (%d hits), without %v", with.Value, with.EndgameHits, without.Value)
	}
	other := mustNew(t, kalah.Options{Houses: 3, Seeds: 3, Capture: kalah.CaptureStandard})
	if _, err := kalah.WithDatabase(other, db); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("WithDatabase with the databases of another capture rule: %v, want ErrUnsupported", err)
	}
	wider := mustNew(t, kalah.Options{Houses: 4, Seeds: 3})
	if _, err := kalah.WithDatabase(wider, db); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("WithDatabase with the databases of another board: %v, want ErrUnsupported", err)
	}
	if _, err := kalah.WithDatabase(r, nil); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("WithDatabase with no databases: %v, want ErrUnsupported", err)
	}
}

// TestNewOverflow: seeds so large that 2*houses*seeds overflows are
// refused (issue 10.1).
func TestNewOverflow(t *testing.T) {
	for _, o := range []kalah.Options{
		{Houses: 6, Seeds: 4611686018427387904},
		{Houses: 12, Seeds: 1 << 62},
		{Houses: 6, Seeds: -1 << 62},
		{Houses: 1 << 62, Seeds: 4},
	} {
		if r, err := kalah.New(o); err == nil || !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("New(%+v) = %v, %v; want ErrUnsupported", o, r, err)
		}
	}
}

// TestEndingKA5: a finished game says it ended by KA-5, a game going on
// says nothing.
func TestEndingKA5(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 2, Seeds: 1})
	p := r.Start()
	if e := mancala.EndingOf(r, p); e != (mancala.Ending{}) {
		t.Errorf("start: %v", e)
	}
	for !p.Over() {
		p = r.Apply(p, r.Legal(nil, p)[0])
	}
	if e := mancala.EndingOf(r, p); e.Reason != mancala.EndNoMove || e.Rule != "KA-5" {
		t.Errorf("end: %v", e)
	}
}

// TestWithDatabaseSolverCapabilities runs the conformance checker of the
// solver's capabilities on rulesets given the generic databases: the
// endgame answers, packed and not, against its brute force.
func TestWithDatabaseSolverCapabilities(t *testing.T) {
	for _, o := range []kalah.Options{
		{Houses: 3, Seeds: 3},
		{Houses: 4, Seeds: 2, Capture: kalah.CaptureStandard},
	} {
		r := mustNew(t, o)
		db, err := egdb.Build(context.Background(), retroGame(r), "", 9, egdb.Options{})
		if err != nil {
			t.Fatal(err)
		}
		w, err := kalah.WithDatabase(r, db)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(r.String(), func(t *testing.T) { searchtest.TestSolver(t, w) })
	}
}

// TestRetrogradeForwardPass builds Kalah's databases by the forward pass
// of an Acyclic game and by the builder's retrograde phases, on one
// worker and on several, and checks that every value is the same.
func TestRetrogradeForwardPass(t *testing.T) {
	for _, c := range []struct {
		n, k    int
		capture kalah.Capture
	}{
		{1, 12, kalah.CaptureEmpty}, {2, 10, kalah.CaptureStandard}, {3, 9, kalah.CaptureEmpty},
		{4, 8, kalah.CaptureStandard}, {6, 6, kalah.CaptureEmpty}, {6, 6, kalah.CaptureStandard},
	} {
		r, err := kalah.New(kalah.Options{Houses: c.n, Seeds: 1, Capture: c.capture})
		if err != nil {
			t.Fatal(err)
		}
		g := retroGame(r)
		if a, ok := g.(egdb.Acyclic); !ok || !a.Acyclic() {
			t.Fatalf("%s is not Acyclic", g.Name())
		}
		want, err := egdb.Build(context.Background(), g, "", c.k, egdb.Options{Retrograde: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			got, err := egdb.Build(context.Background(), g, "", c.k, egdb.Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k <= c.k; k++ {
				for idx := uint64(0); idx < want.Size(k); idx++ {
					w, _ := want.At(k, idx)
					if v, _ := got.At(k, idx); v != w {
						t.Fatalf("%s, %d workers: count %d entry %d: forward %d, retrograde %d", g.Name(), workers, k, idx, v, w)
					}
				}
			}
		}
	}
}

// retroGame returns r's endgame Game (Retrograde never fails for Kalah).
func retroGame(r *kalah.Rules) egdb.Game {
	g, err := r.Retrograde()
	if err != nil {
		panic(err)
	}
	return g
}
