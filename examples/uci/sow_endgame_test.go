package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestEndgameEngineCatalogue starts the engine with the databases of a
// game of package sow's catalogue (Kalah on 3 houses, built by
// endgame.Build from the ruleset's Retrograder as the endgame command
// builds them): it says so, and its search ends at the same score with
// them as without (sooner: the databases prove it).
func TestEndgameEngineCatalogue(t *testing.T) {
	const name = "kalah houses=3 seeds=2"
	r, err := mancala.NewRuleset(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.(endgame.Retrograder).Retrograde()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := endgame.Build(context.Background(), g, dir, 12, endgame.Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	score := func(args ...string) (string, string) {
		var out, errb bytes.Buffer
		in := "uci\nisready\nposition startpos\ngo depth 14\n"
		if code := run(context.Background(), append([]string{"-game", "kalah", "-rules", name, "-hash", "2"}, args...), strings.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		var last string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "info depth ") { // the last: a proven score ends the search early
				last = l
			}
		}
		i := strings.Index(last, " score ")
		if i < 0 || !strings.Contains(out.String(), "\nbestmove ") {
			t.Fatalf("%v: stdout %q", args, out.String())
		}
		return strings.Fields(last[i:])[2], errb.String()
	}
	with, errb := score("-endgame", dir)
	if !strings.HasPrefix(errb, "uci: endgame databases of "+g.Name()+", counts 0 to 12, ") {
		t.Errorf("stderr %q", errb)
	}
	if without, _ := score("-endgame-auto", "0"); with != without {
		t.Errorf("score %s with the databases, %s without", with, without)
	}
}
