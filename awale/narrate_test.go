package awale_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// narrate plays moves (letters) on a game of r from start and returns the
// texts of the last move's narration, as a game interface makes them:
// Game.PlayTrace's events (the repetition ending's included), then
// mancala.Narrate.
func narrate(t *testing.T, r mancala.Ruleset, start string, moves string) []string {
	t.Helper()
	var opts []mancala.GameOption
	if start != "" {
		p, err := mancala.ParsePosition(start)
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, mancala.From(p))
	}
	g, err := mancala.NewGame(r, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ms := strings.Fields(moves)
	if err := g.PlayText(strings.Join(ms[:len(ms)-1], "")); err != nil {
		t.Fatal(err)
	}
	m, err := mancala.ParseMove(ms[len(ms)-1])
	if err != nil {
		t.Fatal(err)
	}
	before := g.Position()
	var events []mancala.Event
	if err := g.PlayTrace(m, func(e mancala.Event) { events = append(events, e) }); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, n := range mancala.Narrate(r, before, m, events, g.Position()) {
		texts = append(texts, n.Text)
	}
	return texts
}

func mustRules(t *testing.T, o awale.Options) *awale.Rules {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestNarrate checks the narration of sample moves, told by the core from
// the rule ids of Trace and TraceCycle.
func TestNarrate(t *testing.T) {
	doc := mustRules(t, awale.Documents())
	abapa := mustRules(t, awale.Abapa())
	awari := mustRules(t, awale.Awari())
	capAll := mustRules(t, awale.Options{GrandSlam: awale.GrandSlamCaptureAll})
	tests := []struct {
		name  string
		r     *awale.Rules
		start string
		moves string // the last one is narrated
		want  []string
	}{
		{"AW-3/a plain sowing", doc, "", "F",
			[]string{"South sowed F."}},
		{"AW-4/a capture chain", doc, "4,4,4,4,4,2/1,2,4,4,4,4 7,0 S", "F",
			[]string{"South sowed F.", "South captures 3 seeds from b (AW-4).", "South captures 2 seeds from a (AW-4)."}},
		{"AW-6/a grand slam that captures nothing", abapa, "4,4,4,4,4,2/1,2,0,0,0,0 13,10 S", "F",
			[]string{"South sowed F."}},
		{"AW-6/a grand slam that captures", capAll, "4,4,4,4,4,2/1,2,0,0,0,0 13,10 S", "F",
			[]string{"South sowed F.", "South captures 3 seeds from b (AW-6).", "South captures 2 seeds from a (AW-6).",
				"South adds 20 seeds to his store (AW-7).", "The game is over: north: no move (AW-7)."}},
		{"AW-7/no move feeds the opponent", doc, "0,0,0,0,1,0/0,0,0,0,0,1 23,23 N", "f",
			[]string{"North sowed f.", "South adds 2 seeds to his store (AW-7).", "The game is over: south: no move (AW-7)."}},
		{"AW-10/stop at majority", abapa, "0,0,0,0,0,2/1,2,1,1,1,1 21,18 S", "F",
			[]string{"South sowed F.", "South captures 3 seeds from b (AW-4).", "South captures 2 seeds from a (AW-4).",
				"North adds 4 seeds to his store (AW-10).", "The game is over: majority (AW-10)."}},
		{"AW-8/endless cycle, own row", doc, "1,0,0,0,0,0/1,0,0,0,0,0 23,23 S", "A a B b C c D d E e F f",
			[]string{"North sowed f.", "South adds 1 seed to his store (AW-8).", "North adds 1 seed to his store (AW-8).",
				"The game is over: endless cycle (AW-8)."}},
		{"AW-8/endless cycle, split", awari, "1,0,0,0,0,0/1,0,0,0,0,0 23,23 S", "A a B b C c D d E e F f",
			[]string{"North sowed f.", "South adds 1 seed to his store (AW-8).", "North adds 1 seed to his store (AW-8).",
				"The game is over: endless cycle (AW-8)."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := narrate(t, tt.r, tt.start, tt.moves)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("narration (-want +got):\n%s", diff)
			}
		})
	}
}
