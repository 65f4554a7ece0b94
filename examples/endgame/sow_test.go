package main

import (
	"strings"
	"testing"
)

// TestCatalogueGames builds and probes the databases of two games of
// package sow's catalogue, named by their ruleset names alone: Kalah
// (acyclic: the forward pass) and Bakuk (cycles: parents derived from its
// moves). The probe's values are the solve's (each its own check in
// package sow); here the command must find, build and read them.
func TestCatalogueGames(t *testing.T) {
	for _, c := range []struct {
		rules, position, want string
	}{
		// C sows into South's store (SW-5), and South moves again (SW-8):
		// B captures by its last seed in the empty C (SW-10), South's row
		// is empty and North takes his 1 (SW-15): 2 - 1. B first ends the
		// same: North's c into his store empties his row, and South takes
		// his 2.
		{"kalah houses=3", "0,1,1/0,0,1 10,11 S", "value 1 for South"},
		// C is South's one move.
		{"bakuk houses=3", "0,0,2/1,0,0 21,12 S", "move C value"},
	} {
		dir := t.TempDir()
		code, out, errOut := runCmd("build", "-rules", c.rules, "-stones", "6", "-dir", dir, "-quiet")
		if code != 0 || !strings.Contains(out, "counts 0 to 6") {
			t.Fatalf("%s: build: %d %q %q", c.rules, code, out, errOut)
		}
		code, out, errOut = runCmd("probe", "-rules", c.rules, "-position", c.position, "-dir", dir, "-quiet")
		if code != 0 || !strings.Contains(out, "for South, the player to move") || !strings.Contains(out, c.want) {
			t.Fatalf("%s: probe: %d %q %q", c.rules, code, out, errOut)
		}
		t.Logf("%s %s:\n%s", c.rules, c.position, out)
	}
}

// TestDerivedParentsBound: a count beyond what derived parents serve is
// refused before anything is built, naming the largest that can be.
func TestDerivedParentsBound(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCmd("build", "-rules", "hufesay", "-stones", "16", "-dir", dir, "-quiet")
	if code != 1 || !strings.Contains(errOut, "endgame: hufesay: count 14 has 4457400 configurations") || !strings.Contains(errOut, "build -stones 13 at most") {
		t.Fatalf("build -stones 16: %d %q", code, errOut)
	}
}
