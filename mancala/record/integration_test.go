package record_test

// Integration tests with the module's games: Awalé and Congkak records
// through record text and JSON.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// gameResolver builds an Awalé or Congkak ruleset from the Rules tag, which
// holds the ruleset's String name ("awale abapa houses=8", "congkak
// overbeck rounds=1"). The name must be exactly the ruleset's.
func gameResolver(tags record.Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(record.TagRules)
	if !ok {
		return nil, fmt.Errorf("no Rules tag: %w", mancala.ErrUnsupported)
	}
	if strings.HasPrefix(name, "congkak") {
		o, err := congkak.ParseName(name)
		if err != nil {
			return nil, err
		}
		return congkak.New(o)
	}
	o, err := awale.ParseName(name)
	if err != nil {
		return nil, err
	}
	return awale.New(o)
}

func drawAwaleOptions(t *rapid.T) awale.Options {
	o, _ := awale.Preset(rapid.SampledFrom([]string{"default", "abapa", "awari"}).Draw(t, "preset"))
	if rapid.Bool().Draw(t, "custom") {
		o.Houses = rapid.IntRange(2, 8).Draw(t, "houses")
		o.Seeds = rapid.IntRange(1, 5).Draw(t, "seeds")
		o.GrandSlam = awale.GrandSlam(rapid.IntRange(0, 3).Draw(t, "grand slam"))
		o.Cycle = awale.CycleRule(rapid.IntRange(0, 1).Draw(t, "cycle"))
		o.StopAtMajority = rapid.Bool().Draw(t, "majority")
	}
	return o
}

func drawCongkakOptions(t *rapid.T) congkak.Options {
	o := congkak.Documents()
	if rapid.Bool().Draw(t, "overbeck") {
		o = congkak.Overbeck()
	}
	o.Houses = rapid.IntRange(3, 7).Draw(t, "houses")
	o.Seeds = rapid.IntRange(1, o.Houses).Draw(t, "seeds")
	o.EmptyCapture = congkak.EmptyCapture(rapid.IntRange(0, 1).Draw(t, "empty capture"))
	o.Opening = congkak.Opening(rapid.IntRange(0, 1).Draw(t, "opening"))
	o.Starter = mancala.Player(rapid.IntRange(0, 1).Draw(t, "starter"))
	o.FirstHand = mancala.Player(rapid.IntRange(0, 1).Draw(t, "first hand"))
	o.RoundEnd = congkak.RoundEnd(rapid.IntRange(0, 1).Draw(t, "round end"))
	o.Rounds = rapid.IntRange(0, 3).Draw(t, "rounds")
	return o
}

// checkRoundTrip writes rec as text and as JSON, reads it back, and replays
// it: the same record and the same game as g.
func checkRoundTrip(t *rapid.T, g *mancala.Game, rec *record.Record) {
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		t.Fatalf("Write: %v", err)
	}
	text := buf.String()
	recs, err := record.Read(&buf)
	if err != nil || len(recs) != 1 {
		t.Fatalf("Read: %v, %v\n%s", recs, err, text)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var fromJSON record.Record
	if err := json.Unmarshal(b, &fromJSON); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	for _, got := range []*record.Record{recs[0], &fromJSON} {
		if diff := cmp.Diff(rec, got); diff != "" {
			t.Fatalf("record mismatch (-want +got):\n%s", diff)
		}
		g2, err := got.Replay(gameResolver)
		if err != nil {
			t.Fatalf("Replay: %v\n%s", err, text)
		}
		if d := sameGame(g, g2); d != "" {
			t.Fatalf("%s\n%s", d, text)
		}
	}
}

// Awalé games of every preset and option come back through text and JSON.
func TestAwaleRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, err := awale.New(drawAwaleOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		g, _ := mancala.NewGame(r)
		if rapid.Bool().Draw(t, "own start") {
			playRandom(t, g, rapid.IntRange(1, 30).Draw(t, "start plies"))
			if g, err = mancala.NewGame(r, mancala.From(g.Position())); err != nil {
				t.Fatal(err)
			}
		}
		playRandom(t, g, rapid.IntRange(0, 150).Draw(t, "plies"))
		rec := mustNew(t, g, drawTags(t)...)
		rec.Comments = drawComments(t, len(rec.Moves))
		checkRoundTrip(t, g, rec)
	})
}

// Congkak games come back through text and JSON: joint moves (CK-8),
// several decisions in a row by one player (CK-3), and start positions
// taken in the middle of a game, with seeds in hands, rounds and state.
func TestCongkakRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, err := congkak.New(drawCongkakOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		g, _ := mancala.NewGame(r)
		if rapid.Bool().Draw(t, "own start") {
			playRandom(t, g, rapid.IntRange(1, 40).Draw(t, "start plies"))
			if g, err = mancala.NewGame(r, mancala.From(g.Position())); err != nil {
				t.Fatalf("Setup of a reached position %v: %v", g.Position(), err)
			}
		}
		playRandom(t, g, rapid.IntRange(0, 150).Draw(t, "plies"))
		rec := mustNew(t, g, drawTags(t)...)
		rec.Comments = drawComments(t, len(rec.Moves))
		checkRoundTrip(t, g, rec)
	})
}

// The rules' refusals come back with the place of the move (AW-2, AW-3,
// AW-5).
func TestAwaleReplayErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line, col  int
		rule       string
	}{
		{"AW-3/empty house", "[Rules \"awale\"]\n\n1. A a 2. A", 3, 11, "AW-3"},
		{"AW-2/not his turn", "[Rules \"awale\"]\n\n1. A a 2. b", 3, 11, "AW-2"},
		{"AW-5/must feed", "[Rules \"awale\"]\n[Start \"0,0,0,0,1,1/0,0,0,0,0,0 23,23 S\"]\n\n1. E", 4, 4, "AW-5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := record.Read(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			_, err = recs[0].Replay(gameResolver)
			var re *record.Error
			var me *mancala.MoveError
			if !errors.As(err, &re) || !errors.As(err, &me) || !errors.Is(err, mancala.ErrIllegalMove) {
				t.Fatalf("error %v, want a *record.Error with a *mancala.MoveError", err)
			}
			if re.Line != tc.line || re.Column != tc.col || me.Rule != tc.rule {
				t.Errorf("error at line %d, column %d, rule %q; want %d, %d, %q: %v",
					re.Line, re.Column, me.Rule, tc.line, tc.col, tc.rule, err)
			}
		})
	}
}

// openSpielGame is the game of the OpenSpiel vector (see testdata).
type openSpielGame struct {
	Moves    []int `json:"moves"`
	Movers   []int `json:"movers"`
	Captured []int `json:"captured"`
	States   []struct {
		Pits   []int `json:"pits"`
		Scores []int `json:"scores"`
		ToMove int   `json:"to_move"`
	} `json:"states"`
	PreCollection struct {
		Scores []int `json:"scores"`
	} `json:"pre_collection"`
}

func loadOpenSpiel(t testing.TB) openSpielGame {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "awale", "testdata", "awale_abapa_openspiel_playthrough.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var v openSpielGame
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() {
		t.Fatal("empty vector file")
	}
	if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Moves) == 0 || len(v.Moves) != len(v.States) || len(v.Moves) != len(v.Captured) {
		t.Fatalf("vector has %d moves, %d states, %d captures", len(v.Moves), len(v.States), len(v.Captured))
	}
	return v
}

// openSpielRecord returns the record of the OpenSpiel game, played under
// the Abapa rules, with the players' names, a comment after the tenth move,
// and no ending.
func openSpielRecord(t testing.TB, v openSpielGame) *record.Record {
	t.Helper()
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range v.Moves {
		if err := g.Play(mancala.Single(mancala.Player(v.Movers[i]), h)); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	rec, err := record.New(g, record.Tag{Name: "South", Value: "OpenSpiel"}, record.Tag{Name: "North", Value: "OpenSpiel"})
	if err != nil {
		t.Fatal(err)
	}
	rec.Comments = map[int]string{10: "the tenth move"}
	// The golden file does not depend on whether awale explains its
	// endings: TestEnding covers the Termination tag.
	rec.Ending = mancala.Ending{}
	return rec
}

// checkOpenSpiel checks that g is the OpenSpiel game, position by position.
func checkOpenSpiel(t *testing.T, v openSpielGame, g *mancala.Game) {
	t.Helper()
	pos := g.Positions()
	if len(pos) != len(v.States)+1 {
		t.Fatalf("%d positions, want %d", len(pos), len(v.States)+1)
	}
	for i, s := range v.States {
		b := pos[i+1].Board
		for h := 0; h < 6; h++ {
			if b.Seeds(mancala.South, h) != s.Pits[h] || b.Seeds(mancala.North, h) != s.Pits[6+h] {
				t.Fatalf("after move %d: board %v, want pits %v", i, pos[i+1], s.Pits)
			}
		}
		if b.Store(mancala.South) != s.Scores[0] || b.Store(mancala.North) != s.Scores[1] {
			t.Fatalf("after move %d: stores %d, %d, want %v", i, b.Store(mancala.South), b.Store(mancala.North), s.Scores)
		}
		if over := pos[i+1].Over(); over != (s.ToMove < 0) {
			t.Fatalf("after move %d: over %v, want to_move %d", i, over, s.ToMove)
		}
	}
}

// The OpenSpiel game in record text, as the writer writes it (a golden
// file; go test -update rewrites it). Read back, it replays into the game.
func TestOpenSpielGolden(t *testing.T) {
	v := loadOpenSpiel(t)
	var text bytes.Buffer
	if err := record.Write(&text, openSpielRecord(t, v)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "openspiel.rec")
	if *update {
		if err := os.WriteFile(path, text.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(text.Bytes(), want) {
		t.Errorf("%s differs from the writer's output:\n%s", path, text.Bytes())
	}
	recs, err := record.Read(bytes.NewReader(want))
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %d records, %v", path, len(recs), err)
	}
	g, err := recs[0].Replay(gameResolver)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	checkOpenSpiel(t, v, g)
}
