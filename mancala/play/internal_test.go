package play

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// testSession returns a session of game g writing to out, with the
// greedy computer.
func testSession(t *testing.T, g *mancala.Game, out io.Writer, human [2]bool) *Session {
	t.Helper()
	s, err := New(Config{Rules: g.Rules(), Human: human, AI: "greedy"})
	if err != nil {
		t.Fatal(err)
	}
	s.g, s.out = g, out
	return s
}

// awaleRules builds Awalé under o.
func awaleRules(t *testing.T, o awale.Options) *awale.Rules {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A rule is found by its id in a rules text: its first line and the
// indented lines that continue it.
func TestRuleParagraph(t *testing.T) {
	text := "# Rules\n\n## The rules\n\n- **CK-3 Own store.** If the last seed falls\n  into the store, he sows again.\n- **CK-4 Relay.** One line.\n- **CK-40 Not four.** x\n\nAfter.\n"
	for _, tt := range []struct{ id, want string }{
		{"CK-3", "- **CK-3 Own store.** If the last seed falls\n  into the store, he sows again."},
		{"ck-4", "- **CK-4 Relay.** One line."},
		{"CK-40", "- **CK-40 Not four.** x"},
		{"CK-5", ""},
		{"", ""},
	} {
		if got := ruleParagraph(text, tt.id); got != tt.want {
			t.Errorf("ruleParagraph(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
	if got := firstRuleID(text); got != "CK-3" {
		t.Errorf("firstRuleID = %q", got)
	}
	if got, want := plain("- **CK-8 Opening.** Both `firsthand=north` *(inferred)* 2*3"), "- CK-8 Opening. Both firsthand=north (inferred) 2*3"; got != want {
		t.Errorf("plain: %q, want %q", got, want)
	}
}

// explained is an Awalé ruleset that explains every ending as e: it lets
// the announcement be tested whatever package awale says.
type explained struct {
	*awale.Rules
	e mancala.Ending
}

func (x explained) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	return x.e
}

// cycleMoves end a game of Awalé on 3 houses of 2 seeds in a repeated
// position (AW-8), South winning 10 to 2.
const cycleMoves = "C c B b A c C a A b B a C b A a B c C"

// The announcement says why the game ended and under which rule, before
// the winner and the score; a ruleset that does not say gives the winner
// and score alone.
func TestAnnounceEnding(t *testing.T) {
	o := awale.Documents()
	o.Houses, o.Seeds = 3, 2
	base := awaleRules(t, o)
	north := mancala.TurnOf(mancala.North)
	for _, tt := range []struct {
		e    mancala.Ending
		want string
	}{
		{mancala.Ending{}, "Game over: South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}, "Game over: endless cycle (AW-8). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: north}, "Game over: no move for North (AW-7). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: north}, "Game over: North cannot fill a house for the next round (CK-14). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndRepeatedRound, Rule: "CK-16"}, "Game over: the next round would start as an earlier one did (CK-16). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndMajority, Rule: "AW-10", Who: mancala.TurnOf(mancala.South)}, "Game over: South holds more than half the seeds (AW-10). South (you) wins, 10–2."},
	} {
		g, err := mancala.NewGame(explained{base, tt.e})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayText(cycleMoves); err != nil || !g.Over() {
			t.Fatalf("%s: %v, over %v", cycleMoves, err, g.Over())
		}
		var out bytes.Buffer
		s := testSession(t, g, &out, [2]bool{true, false})
		s.announce()
		if got, _, _ := strings.Cut(out.String(), "\n"); got != tt.want {
			t.Errorf("%v: announced %q, want %q", tt.e, got, tt.want)
		}
	}
}

// A draw after a reason starts a sentence of its own.
func TestAnnounceDraw(t *testing.T) {
	o := awale.Documents()
	o.Houses, o.Seeds = 3, 1
	base := awaleRules(t, o)
	for _, tt := range []struct {
		e    mancala.Ending
		want string
	}{
		{mancala.Ending{}, "Game over: a draw, 3–3."},
		{mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}, "Game over: endless cycle (AW-8). A draw, 3–3."},
	} {
		g, err := mancala.NewGame(explained{base, tt.e})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayText("C c B b C c A a"); err != nil || !g.Over() {
			t.Fatalf("%v, over %v", err, g.Over())
		}
		var out bytes.Buffer
		testSession(t, g, &out, [2]bool{true, true}).announce()
		if got, _, _ := strings.Cut(out.String(), "\n"); got != tt.want {
			t.Errorf("announced %q, want %q", got, tt.want)
		}
	}
}

// The diagram shows the Congkak round, burnt houses and seeds in hand
// (CK-11, CK-12).
func TestDiagram(t *testing.T) {
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition(r.Start().String())
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board
	b.SetSeeds(mancala.North, 6, 0)
	if err := b.SetBurnt(mancala.North, 6, true); err != nil {
		t.Fatal(err)
	}
	b.SetStore(mancala.North, 7)
	p.Board, p.Round = b, 3
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	s := testSession(t, g, nil, [2]bool{true, false})
	d := s.render(p, nil)
	for _, want := range []string{"round 3", "×", "North (computer): 1 burnt house", "│    7 │", "   A    B    C    D    E    F    G"} {
		if !strings.Contains(d, want) {
			t.Errorf("no %q in:\n%s", want, d)
		}
	}
	b.SetSeeds(mancala.South, 0, 0)
	b.SetHand(mancala.South, 7, mancala.Hole{Owner: mancala.South, House: 0})
	p.Board = b
	if d := s.render(p, nil); !strings.Contains(d, "South (you) holds 7 seeds in hand (last at A)") {
		t.Errorf("no hand in:\n%s", d)
	}
}

// TestDiagramFourRows draws a four-row board: four rows of houses, each
// with its letters beside it in the order drawn (the layout's cells).
func TestDiagramFourRows(t *testing.T) {
	r, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mancala.ParsePosition("0,1,2,3,4,5,6,7/10,11,12,13,14,15,16,17 0,3 S l2x")
	if err != nil {
		t.Fatal(err)
	}
	s := testSession(t, g, nil, [2]bool{true, false})
	d := s.render(p, nil)
	for _, want := range []string{
		" North │  13│  12│  11│  10│  d c b a",
		"       │  14│  15│  16│  17│  e f g h",
		"       │   7│   6│   5│   4│  H G F E",
		" South │   0│   1│   2│   3│  A B C D",
		"       │ ◀ North   South ▶ │",
		"\n Captured: South (you) 0 · North (computer) 3\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("no %q in:\n%s", want, d)
		}
	}
	if strings.Contains(d, "──────") {
		t.Errorf("a store box on a board without stores:\n%s", d)
	}
}

// TestDiagramNoStores: a two-row board without stores (l1x) is drawn
// without store boxes, its captured seeds counted on a line under it; the
// same board with stores has its boxes and no such line.
func TestDiagramNoStores(t *testing.T) {
	g, err := mancala.NewGame(awaleRules(t, awale.Documents()))
	if err != nil {
		t.Fatal(err)
	}
	s := testSession(t, g, nil, [2]bool{true, false})
	for _, c := range []struct {
		pos       string
		stores    bool
		wantLines []string
	}{
		{"4,4,4,0,4,4/4,4,4,4,4,4 5,2 S l1x", false, []string{
			"       ├────┴────┴────┴────┴────┴────┤",
			"       │ ◀ North             South ▶ │",
			"       ├────┬────┬────┬────┬────┬────┤",
			" Captured: South (you) 5 · North (computer) 2",
		}},
		{"4,4,4,0,4,4/4,4,4,4,4,4 5,2 S", true, []string{
			"╭──────┼────┴────┴────┴────┴────┴────┼──────╮",
			"│    2 │ ◀ North             South ▶ │    5 │",
		}},
	} {
		p, err := mancala.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		d := s.render(p, nil)
		lines := strings.Split(d, "\n")
		for _, want := range c.wantLines {
			if !slices.Contains(lines, want) {
				t.Errorf("%s: no line %q in:\n%s", c.pos, want, d)
			}
		}
		if got := strings.Contains(d, "Captured:"); got == c.stores {
			t.Errorf("%s: a line of captured seeds %v, stores %v:\n%s", c.pos, got, c.stores, d)
		}
		if got := strings.Contains(d, "──────"); got != c.stores {
			t.Errorf("%s: store boxes %v, want %v:\n%s", c.pos, got, c.stores, d)
		}
	}
}

// brokenName is an Awalé ruleset whose name holds a line break, which no
// record tag can hold: saving its game fails.
type brokenName struct{ *awale.Rules }

func (brokenName) String() string { return "awale\nbroken" }

// Issue 10.3: a save that fails leaves the old file whole; an -ai spec
// with blanks and a line break is stored as parsed.
func TestFailedSaveKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.txt")
	first, err := New(Config{Rules: awaleRules(t, awale.Documents()), Human: [2]bool{true, false}, AI: " alphabeta: depth = 2 ,\ntime=1s\n"})
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Run(strings.NewReader("C\nsave "+file+"\n"), io.Discard); err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.ReadFile(file)
	if err != nil || len(recs) != 1 {
		t.Fatalf("the save: %d records, %v", len(recs), err)
	}
	if tag, _ := recs[0].Tags.Lookup("North"); tag != "computer (alphabeta:depth=2,time=1s)" {
		t.Errorf("North tag %q: want the spec as parsed", tag)
	}

	g, err := mancala.NewGame(brokenName{awaleRules(t, awale.Documents())})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("A b"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := testSession(t, g, &out, [2]bool{true, false})
	if s.save(file) {
		t.Fatalf("the save of a record that cannot be written succeeded")
	}
	if got, _ := os.ReadFile(file); !bytes.Equal(got, old) {
		t.Errorf("the failed save changed the old file:\n%s", got)
	}
	if !strings.Contains(out.String(), "save \""+file+"\": ") || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("failure not said in one line: %q", out.String())
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("files left in the directory: %v", es)
	}
}

// TestValueText: a search's value reads as seeds, a final result (or a
// database's estimate of one) as a win, loss or draw by whole seeds. An
// estimate of a one-seed loss (-999 on the search's scale) was once
// written as a heuristic of 999 seeds.
func TestValueText(t *testing.T) {
	for _, c := range []struct {
		v         float64
		res       search.Result
		estimates bool
		want      string
	}{
		{2.345, search.Result{Depth: 9}, false, "+2.3 seeds (his store minus North's at the end, estimated 9 decisions deep)"},
		{-998, search.Result{Depth: 9}, false, "-998.0 seeds"},
		{-999, search.Result{Depth: 21}, true, "a loss by 1 seed with best play (found 21 decisions deep, or estimated by the endgame databases of nearby rules)"},
		{999, search.Result{Depth: 4}, false, "a win by 1 seed with best play (found 4 decisions deep)"},
		{-3000, search.Result{Depth: 30, Exact: true}, false, "a loss by 3 seeds with best play (searched to the end of the game)"},
		{1999, search.Result{Depth: 30, Exact: true}, false, "a win by 2 seeds with best play (searched to the end of the game)"},
	} {
		if got := valueText(mancala.South, c.v, c.res, c.estimates); !strings.HasPrefix(got, c.want) {
			t.Errorf("valueText(South, %v, %+v, %v) = %q; want %q", c.v, c.res, c.estimates, got, c.want)
		}
	}
}
