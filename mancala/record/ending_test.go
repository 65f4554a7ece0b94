package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/record"
)

// explained is a toy ruleset that says why its games end: no move, under
// rule T-1, for the player who would move next.
type explained struct{ *toy.Rules }

func (explained) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	return mancala.Ending{Reason: mancala.EndNoMove, Rule: "T-1", Who: mancala.NorthTurn}
}

// endedGame returns a finished game of explained toy Kalah 1x1: South's A
// ends in his store and empties his row, 1-1.
func endedGame(t *testing.T) (*mancala.Game, record.Resolver) {
	t.Helper()
	r := explained{toy.MustNew(toy.Options{Houses: 1, Seeds: 1})}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("A"); err != nil || !g.Over() {
		t.Fatalf("game not over: %v", err)
	}
	return g, record.Fixed(r)
}

// A finished game's record carries its ending in a Termination tag and in
// JSON; read back, it replays, and an ending the moves contradict is
// refused.
func TestEnding(t *testing.T) {
	g, resolve := endedGame(t)
	rec := mustNew(t, g)
	want := mancala.Ending{Reason: mancala.EndNoMove, Rule: "T-1", Who: mancala.NorthTurn}
	if rec.Ending != want {
		t.Fatalf("ending %+v, want %+v", rec.Ending, want)
	}
	text := rec.String()
	if !strings.Contains(text, "[Result \"1/2-1/2\"]\n[Termination \"no-move T-1 north\"]\n") {
		t.Fatalf("text:\n%s", text)
	}
	recs, err := record.Read(strings.NewReader(text))
	if err != nil || len(recs) != 1 || !recs[0].Equal(rec) {
		t.Fatalf("read back %v, %v", recs, err)
	}
	g2, err := recs[0].Replay(resolve)
	if err != nil || g2.Outcome() != g.Outcome() {
		t.Fatalf("Replay: %v, %v", g2, err)
	}
	b, err := json.Marshal(rec)
	if err != nil || !strings.Contains(string(b), `"ending":"no-move T-1 north"`) {
		t.Fatalf("JSON %s, %v", b, err)
	}
	var fromJSON record.Record
	if err := json.Unmarshal(b, &fromJSON); err != nil || !fromJSON.Equal(rec) {
		t.Fatalf("JSON read back %v, %v", fromJSON, err)
	}

	other := strings.Replace(text, "no-move T-1 north", "cycle T-1", 1)
	recs, err = record.Read(strings.NewReader(other))
	if err != nil {
		t.Fatal(err)
	}
	_, err = recs[0].Replay(resolve)
	wantErr(t, err, record.ErrMismatch, 3, 15)
	// A ruleset that does not explain its endings cannot contradict one.
	if _, err := recs[0].Replay(record.Fixed(g.Rules().(explained).Rules)); err != nil {
		t.Errorf("Replay without an Explainer: %v", err)
	}
}

func TestEndingText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want mancala.Ending
	}{
		{"conceded north", mancala.Ending{Reason: mancala.EndConceded, Who: mancala.NorthTurn}},
		{"cycle AW-8", mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}},
		{"  cannot-fill   CK-14 south ", mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.SouthTurn}},
		{"round-limit", mancala.Ending{Reason: mancala.EndRoundLimit}},
		{"repeated-round CK-16", mancala.Ending{Reason: mancala.EndRepeatedRound, Rule: "CK-16"}},
		{"majority AW-10", mancala.Ending{Reason: mancala.EndMajority, Rule: "AW-10"}},
		{"other X both", mancala.Ending{Reason: mancala.EndOther, Rule: "X", Who: mancala.BothTurn}},
	} {
		recs, err := record.Read(strings.NewReader(fmt.Sprintf("[Result \"1-0\"]\n[Termination %q]\n", tc.text)))
		if err != nil || len(recs) != 1 || recs[0].Ending != tc.want {
			t.Errorf("%q: %v, %v; want %+v", tc.text, recs, err, tc.want)
		}
	}
	for _, text := range []string{"", "won", "cycle AW 8", "cycle AW-8 north south", "No-move", "conceded none"} {
		_, err := record.Read(strings.NewReader(fmt.Sprintf("[Result \"1-0\"]\n[Termination %q]\n", text)))
		wantErr(t, err, mancala.ErrSyntax, 2, 15)
	}
	_, err := record.Read(strings.NewReader("[Termination \"cycle\"]\n1. A *"))
	wantErr(t, err, mancala.ErrSyntax, 1, 15)
	// Writers refuse endings that the tag cannot hold.
	for _, e := range []mancala.Ending{
		{Reason: 99},
		{Rule: "X"},
		{Reason: mancala.EndOther, Rule: "two words"},
		{Reason: mancala.EndOther, Rule: "north"},
		{Reason: mancala.EndOther, Who: 7},
	} {
		rec := &record.Record{Result: mancala.SouthWins, Ending: e}
		if err := record.Write(&bytes.Buffer{}, rec); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Write of ending %+v: %v", e, err)
		}
		if _, err := json.Marshal(rec); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("MarshalJSON of ending %+v: %v", e, err)
		}
	}
	rec := &record.Record{Ending: mancala.Ending{Reason: mancala.EndMajority}}
	if err := record.Write(&bytes.Buffer{}, rec); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("Write of an ending without a result: %v", err)
	}
	var j record.Record
	if err := json.Unmarshal([]byte(`{"result":"1-0","ending":"won"}`), &j); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("JSON ending \"won\": %v", err)
	}
}

// Tags that record text cannot hold are refused when the record is built
// or the tag set, not when it is written (issue 10.3: a save failed half
// way on an AI spec holding a line break).
func TestTagsRefusedEarly(t *testing.T) {
	g, _ := mancala.NewGame(toy.MustNew(toy.Options{}))
	for _, tag := range []record.Tag{
		{Name: "North", Value: "random\n"},
		{Name: "North", Value: "a\rb"},
		{Name: "North", Value: "\xff"},
		{Name: "No rth", Value: "x"},
		{Name: "", Value: "x"},
		{Name: "Result", Value: "1-0"},
		{Name: "Termination", Value: "conceded north"},
	} {
		rec, err := record.New(g, tag)
		if rec != nil || !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("New with %+v: %v, %v; want an error wrapping ErrSyntax", tag, rec, err)
		}
		var ts record.Tags
		if err := ts.Set(tag.Name, tag.Value); !errors.Is(err, mancala.ErrSyntax) || ts != nil {
			t.Errorf("Set %+v: %v, tags %v", tag, err, ts)
		}
	}
	if _, err := record.New(g, record.Tag{Name: "A", Value: "1"}, record.Tag{Name: "A", Value: "2"}); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("New with a tag twice: %v", err)
	}
	if rec, err := record.New(nil); rec != nil || !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("New(nil) = %v, %v", rec, err)
	}
	r := explained{toy.MustNew(toy.Options{Houses: 1, Seeds: 1})}
	bad := badRule{r}
	g, _ = mancala.NewGame(bad)
	_ = g.PlayText("A")
	if _, err := record.New(g); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("New of a game whose ending has a rule of two words: %v", err)
	}
}

type badRule struct{ explained }

func (badRule) Ending(p mancala.Position) mancala.Ending {
	return mancala.Ending{Reason: mancala.EndOther, Rule: "two words"}
}

// The default resolver builds any registered ruleset from its name.
func TestByName(t *testing.T) {
	mancala.RegisterRuleset("toy", func(name string) (mancala.Ruleset, error) {
		return toyResolver(record.Tags{{Name: record.TagRules, Value: name}})
	})
	recs, err := record.Read(strings.NewReader("[Rules \"toy kalah 3x3\"]\n1. A B *\n[Rules \"toy kalah 17x3\"]\n*\n[Rules \"nogame x\"]\n*\n[A \"x\"]\n*"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := recs[0].Replay(nil)
	if err != nil || fmt.Sprint(g.Rules()) != "toy kalah 3x3" || g.Ply() != 2 {
		t.Fatalf("Replay(nil): %v, %v", g, err)
	}
	for _, rec := range recs[1:] {
		if _, err := rec.Replay(nil); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("Replay(nil) of %v: %v, want an error wrapping ErrUnsupported", rec.Tags, err)
		}
	}
}

// A record cut at any token boundary never loads as a finished game: the
// Result tag at its top no longer turns the missing moves into a
// concession (issue 10.3, found with a save cut short by ulimit -f).
func TestCutRecord(t *testing.T) {
	r := toy.MustNew(toy.Options{Houses: 4, Seeds: 3})
	g, _ := mancala.NewGame(r)
	for i := 0; !g.Over(); i++ {
		legal := g.Legal()
		if err := g.Play(legal[i%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if g.Outcome().Result == mancala.Draw {
		t.Fatal("the game is a draw; the test wants a win")
	}
	text := mustNew(t, g).String()
	cuts := 0
	for i := len(text) - 1; i > 0; i-- {
		if text[i] != ' ' && text[i] != '\n' {
			continue
		}
		recs, err := record.Read(strings.NewReader(text[:i]))
		if err != nil || len(recs) != 1 {
			continue // cut inside the tags
		}
		cuts++
		got, err := recs[0].Replay(toyResolver)
		if len(recs[0].Moves) == len(g.Moves()) {
			if err != nil || !got.Over() {
				t.Errorf("cut at %d, every move: %v, %v", i, got, err)
			}
			continue
		}
		if recs[0].Result == mancala.Ongoing { // cut before the Result tag
			if err != nil || got.Over() {
				t.Errorf("cut at %d before the result: %v, %v", i, got, err)
			}
			continue
		}
		if !errors.Is(err, record.ErrUnreached) || got == nil || got.Over() || got.Ply() != len(recs[0].Moves) {
			t.Fatalf("cut at %d after %d moves: game %v, error %v; want the unfinished game and ErrUnreached", i, len(recs[0].Moves), got, err)
		}
	}
	if cuts < 10 {
		t.Fatalf("only %d cuts in the movetext", cuts)
	}
}

// A result decided outside the rules (a move cap, an agreed draw) stands
// when the record says so; the game comes back unfinished.
func TestAdjudicated(t *testing.T) {
	for _, token := range []string{"1-0", "0-1", "1/2-1/2"} {
		text := "[Rules \"toy kalah 3x3\"]\n[Result \"" + token + "\"]\n[Termination \"adjudicated\"]\n\n1. A B " + token + "\n"
		recs, err := record.Read(strings.NewReader(text))
		if err != nil || recs[0].Ending != record.Adjudicated {
			t.Fatalf("%s: %v, %v", token, recs, err)
		}
		g, err := recs[0].Replay(toyResolver)
		if err != nil || g.Over() || g.Ply() != 2 {
			t.Errorf("%s: Replay: %v, %v", token, g, err)
		}
		if got := recs[0].String(); got != text {
			t.Errorf("written again:\n%s\nwant\n%s", got, text)
		}
	}
	rec := &record.Record{Result: mancala.SouthWins, Ending: mancala.Ending{Reason: mancala.EndNoMove, Rule: "adjudicated"}}
	if err := record.Write(&bytes.Buffer{}, rec); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("Write of an ending that looks adjudicated: %v", err)
	}
}
