package sow_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestRuleIDsInEvents: every mechanism the package documents (SW-n in
// doc.go) is used by some catalogue game (Config.Rules), and random games
// of the catalogue name it where it acts: in a move's events
// (mancala.Tracer), in the refusal of a move it forbids
// (mancala.MoveError.Rule) or in the ending it causes (mancala.Ending.Rule),
// so that narration, animation and error messages can say which rule
// acted. The ids named nowhere are listed below with why.
func TestRuleIDsInEvents(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, id := range regexp.MustCompile(`SW-\d+`).FindAllString(string(doc), -1) {
		documented[id] = true
	}
	used, traced := map[string]bool{}, map[string]bool{}
	name := func(id string) {
		if id != "" {
			traced[id] = true
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, g := range sow.Catalogue() {
		presets := []sow.Config{g.Config}
		for _, v := range g.Variants {
			presets = append(presets, v.Config)
		}
		for _, c := range presets {
			for _, id := range c.Rules() {
				used[id] = true
			}
			r, err := sow.New(c)
			if err != nil {
				t.Fatalf("%s: %v", g.Name, err)
			}
			for range 20 {
				p := r.Start()
				var hist []mancala.Position
				for ply := 0; ply < 300 && !p.Over(); ply++ {
					moves := r.Legal(nil, p)
					m := moves[rng.IntN(len(moves))]
					if who, ok := p.ToMove.Player(); ok { // the refusals of the moves not offered
						for h := range p.Board.Houses() {
							for _, x := range []mancala.Move{mancala.Single(who, h), mancala.Reversed(mancala.Single(who, h))} {
								if _, err := r.Play(p, x); err != nil {
									var me *mancala.MoveError
									if errors.As(err, &me) {
										name(me.Rule)
									}
								}
							}
						}
					}
					q, err := r.Trace(p, m, func(e mancala.Event) { name(e.Rule) })
					if err != nil {
						t.Fatalf("%s: %v", g.Name, err)
					}
					hist = append(hist, p)
					p = mancala.EndCycle(r, hist, q)
				}
				name(mancala.EndingOf(r, p).Rule)
			}
		}
	}
	// Rules named nowhere: those of the board and the turns, which no move
	// applies.
	notAStep := map[string]string{
		"SW-1": "the board", "SW-2": "the turns", "SW-3": "sowing itself (every drop)",
		"SW-20": "the choice of direction (a move's prime)", "SW-21": "the four-row board",
	}
	var unused, untraced []string
	for id := range documented {
		if !used[id] {
			unused = append(unused, id)
		}
		if _, ok := notAStep[id]; !ok && !traced[id] {
			untraced = append(untraced, id)
		}
	}
	sort.Strings(unused)
	sort.Strings(untraced)
	t.Logf("traced: %s", strings.Join(slices.Sorted(func(yield func(string) bool) {
		for id := range traced {
			if !yield(id) {
				return
			}
		}
	}), " "))
	if len(unused) > 0 {
		t.Errorf("documented mechanisms no catalogue game uses: %v", unused)
	}
	if len(untraced) > 0 {
		t.Errorf("documented mechanisms never named by an event: %v", untraced)
	}
}
