package kalah_test

import (
	"testing"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// TestSolverCapabilities checks the capabilities that the solver of
// package mancala/search relies on (score bounds, store independence, the
// packed form, and with databases the endgame answers) against the rules,
// with the conformance checker of package searchtest.
func TestSolverCapabilities(t *testing.T) {
	for _, o := range []kalah.Options{
		{Houses: 4, Seeds: 3},
		{Houses: 3, Seeds: 3, Capture: kalah.CaptureStandard},
		{Houses: 6, Seeds: 4},
	} {
		r, err := kalah.New(o)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(r.String(), func(t *testing.T) { searchtest.TestSolver(t, r) })
	}
	r, err := kalah.New(kalah.Options{Houses: 6, Seeds: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("kalah(6,4) with databases of 8 seeds", func(t *testing.T) { searchtest.TestSolver(t, withDB(t, r, 8)) })
}
