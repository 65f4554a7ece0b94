package congkak_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// narrateLast plays lead (move text) then last on a game of r from start
// (the start position if "") and returns the texts of last's notes, as a game interface makes them: Game.PlayTrace's
// events (the repetition ending's included), then mancala.Narrate.
func narrateLast(t *testing.T, r mancala.Ruleset, start, lead, last string) []string {
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
	if err := g.PlayText(lead); err != nil {
		t.Fatal(err)
	}
	m, err := mancala.ParseMove(last)
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

// TestNarrate checks the narration of sample moves, told by the core from
// the rule ids of Trace and TraceCycle. (A round's number in "Round 1
// ends" is Position.Round's, which stays 1 under CK-16 in a full set; the
// game's count is mancala.Game.Round.)
func TestNarrate(t *testing.T) {
	doc := mustNew(t, congkak.Documents())
	seq := mustNew(t, sequential7)
	overbeck := mustNew(t, congkak.Options{Houses: 3, Seeds: 1, EmptyCapture: congkak.EmptyCaptureStay,
		RoundEnd: congkak.RoundEndPassReply, Opening: congkak.OpeningSequential})
	const chain = "ABEBAEBBCDGDFGCFBAEFEDDGFGFDGDGCGGBGCGFGDGEG"
	tests := []struct {
		name  string
		r     mancala.Ruleset
		start string
		lead  string
		last  string
		want  []string
	}{
		{"CK-3/the last seed in the own store", seq, "", "", "A",
			[]string{"South sowed A.", "South moves again (CK-3)."}},
		{"CK-4/relay and CK-5/capture", seq, "", "", "B",
			[]string{"South sowed B.",
				"South's last seed fell in an occupied house: he picks up the 8 seeds of a and sows on (CK-4).",
				"South captures 8 seeds from f (CK-5).", "South captures 1 seed from B (CK-5)."}},
		{"CK-8/the simultaneous opening", doc, "", "", "Aa",
			[]string{"South sowed A, both players at once (CK-8).", "North sowed a, both players at once (CK-8)."}},
		{"CK-9/a round ends, CK-10/CK-11/CK-12/CK-13", doc, "", loopLead[:len(loopLead)-1], loopLead[len(loopLead)-1:],
			[]string{"South sowed G.", "Round 1 ends (CK-9).", "North adds 10 seeds to his store (CK-10).",
				"South refills his houses with 49 seeds from his store (CK-11).",
				"North refills his houses with 42 seeds from his store (CK-11).",
				"North's house a is burnt: nobody sows into it this round (CK-12).",
				"North starts the next round (CK-13)."}},
		{"CK-14/the set ends at the refill", seq, "", chain[:len(chain)-1], chain[len(chain)-1:],
			[]string{"South sowed G.", "Round 1 ends (CK-9).", "North adds 6 seeds to his store (CK-10).",
				"The game is over: north cannot fill a house (CK-14)."}},
		{"CK-16/a repeated round start", doc, "", loopLead + loopBlock[:len(loopBlock)-1], loopBlock[len(loopBlock)-1:],
			[]string{"North sowed b.", "North captures 1 seed from c (CK-5).",
				"Round 1 ends (CK-9).", "South adds 6 seeds to his store (CK-10).",
				"South refills his houses with 49 seeds from his store (CK-11).",
				"North refills his houses with 42 seeds from his store (CK-11).",
				"South adds 49 seeds to his store (CK-16).", "North adds 42 seeds to his store (CK-16).",
				"The game is over: repeated round start (CK-16)."}},
		{"CK-9/pass and reply", overbeck, "1,0,0/0,0,0 2,3 S", "", "A",
			[]string{"South sowed A.", "South moves again (CK-9)."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := narrateLast(t, tt.r, tt.start, tt.lead, tt.last)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("narration (-want +got):\n%s", diff)
			}
		})
	}
}
