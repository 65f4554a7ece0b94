package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

func runReplay(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// replayed plays moves through mancala.Game and returns the positions, the
// start first, and the error of the first refused move.
func replayed(t *testing.T, r mancala.Ruleset, start *mancala.Position, moves string) ([]mancala.Position, *mancala.Game, error) {
	t.Helper()
	var opts []mancala.GameOption
	if start != nil {
		opts = append(opts, mancala.From(*start))
	}
	g, err := mancala.NewGame(r, opts...)
	if err != nil {
		t.Fatal(err)
	}
	err = g.PlayText(moves)
	return g.Positions(), g, err
}

// decodeLines decodes each line of out as a JSON object.
func decodeLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		recs = append(recs, m)
	}
	return recs
}

// keys returns the sorted keys of m.
func keys(m map[string]any) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	slices.Sort(k)
	return k
}

// wantRecord computes, through the library, the JSON object the command
// should print for position index ply of a game.
func wantRecord(g *mancala.Game, positions []mancala.Position, moves []mancala.Move, ply int, congkak bool) map[string]any {
	p := positions[ply]
	n := p.Board.Houses()
	var houses []any
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		for i := 0; i < n; i++ {
			houses = append(houses, float64(p.Board.Seeds(pl, i)))
		}
	}
	stores := []any{float64(p.Board.Store(mancala.South)), float64(p.Board.Store(mancala.North))}
	rec := map[string]any{
		"ply":      float64(ply),
		"position": p.String(),
		"houses":   houses,
		"stores":   stores,
		"over":     p.Over(),
	}
	if ply > 0 {
		rec["move"] = moves[ply-1].String()
	}
	if congkak {
		burnt := []any{}
		hands := []any{}
		for _, pl := range []mancala.Player{mancala.South, mancala.North} {
			for i := 0; i < n; i++ {
				if p.Board.Burnt(pl, i) {
					burnt = append(burnt, mancala.Hole{Owner: pl, House: i}.String())
				}
			}
			s, _ := p.Board.Hand(pl)
			hands = append(hands, float64(s))
		}
		rec["round"] = float64(p.Round)
		rec["burnt"] = burnt
		rec["inHand"] = hands
	}
	legal := g.Rules().Legal(nil, p)
	toLetters := func(ms []mancala.Move) []any {
		l := []any{}
		for _, m := range ms {
			l = append(l, m.String())
		}
		return l
	}
	switch p.ToMove {
	case mancala.NoTurn:
		o := p.Outcome()
		rec["result"] = o.Result.String()
		rec["scores"] = []any{float64(o.Scores[0]), float64(o.Scores[1])}
		rec["legal"] = []any{}
		if e := mancala.EndingOf(g.Rules(), p); e.Reason != mancala.EndNone {
			end := map[string]any{"reason": e.Reason.String(), "text": e.String()}
			if e.Rule != "" {
				end["rule"] = e.Rule
			}
			if who, ok := e.Who.Player(); ok {
				end["who"] = who.String()
			}
			rec["ending"] = end
		}
	case mancala.BothTurn:
		rec["toMove"] = "both"
		for _, side := range []struct {
			key string
			pl  mancala.Player
		}{{"legalSouth", mancala.South}, {"legalNorth", mancala.North}} {
			var ms []mancala.Move
			for _, i := range mancala.Choices(nil, legal, side.pl) {
				ms = append(ms, mancala.Single(side.pl, i))
			}
			rec[side.key] = toLetters(ms)
		}
	default:
		rec["toMove"] = p.ToMove.String()
		rec["legal"] = toLetters(legal)
	}
	return rec
}

func TestJSON(t *testing.T) {
	abapa, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	ending, err := mancala.ParsePosition("0,0,0,0,0,1/0,0,0,0,0,0 23,24 S")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	ck, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	ckSeq, err := congkak.New(func() congkak.Options {
		o := congkak.Documents()
		o.Opening = congkak.OpeningSequential
		return o
	}())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		r        mancala.Ruleset
		start    *mancala.Position
		moves    string
		congkak  bool
		wantOver bool // the game ends with the last move
	}{
		{"AW-3/abapa opening moves", []string{"-rules", "abapa"}, abapa, nil, "FfBe", false, false},
		{"AW-7/the game ends", nil, doc, &ending, "F", false, true},
		{"AW-3/moves separated by spaces and commas", nil, doc, nil, "A, a B b", false, false},
		{"CK-8/simultaneous opening", []string{"-game", "congkak"}, ck, nil, "Aa", true, false},
		{"CK-3/sequential opening", []string{"-game", "congkak", "-rules", "opening=sequential"}, ckSeq, nil, "A B", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-json", "-moves", tt.moves}, tt.args...)
			if tt.start != nil {
				args = append(args, "-position", tt.start.String())
			}
			code, out, errOut := runReplay(args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			positions, g, err := replayed(t, tt.r, tt.start, tt.moves)
			if err != nil {
				t.Fatalf("the library refuses %q: %v", tt.moves, err)
			}
			if g.Over() != tt.wantOver {
				t.Fatalf("the library says over = %v after %q, the test expects %v", g.Over(), tt.moves, tt.wantOver)
			}
			recs := decodeLines(t, out)
			if len(recs) != len(positions) {
				t.Fatalf("%d JSON lines, want %d (the start and one per move):\n%s", len(recs), len(positions), out)
			}
			for i, rec := range recs {
				want := wantRecord(g, positions, g.Moves(), i, tt.congkak)
				if diff := cmp.Diff(want, rec); diff != "" {
					t.Errorf("line %d mismatch (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

// TestJSONShape checks the keys of each kind of record directly, so that a
// shared mistake in the command and in wantRecord cannot hide.
func TestJSONShape(t *testing.T) {
	common := []string{"houses", "over", "ply", "position", "stores"}
	with := func(extra ...string) []string {
		k := append(slices.Clone(common), extra...)
		slices.Sort(k)
		return k
	}
	t.Run("AW-7/awale", func(t *testing.T) {
		code, out, errOut := runReplay("-json", "-moves", "F", "-position", "1,0,0,0,0,4/0,0,0,0,0,0 19,24 S")
		if code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		recs := decodeLines(t, out)
		if len(recs) != 2 {
			t.Fatalf("%d lines, want 2", len(recs))
		}
		if diff := cmp.Diff(with("toMove", "legal"), keys(recs[0])); diff != "" {
			t.Errorf("start keys (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(with("move", "toMove", "legal"), keys(recs[1])); diff != "" {
			t.Errorf("keys after a move (-want +got):\n%s", diff)
		}
		if recs[0]["toMove"] != "south" || recs[1]["toMove"] != "north" || recs[1]["over"] != false {
			t.Errorf("toMove/over wrong: %v %v %v", recs[0]["toMove"], recs[1]["toMove"], recs[1]["over"])
		}
		code, out, errOut = runReplay("-json", "-moves", "F", "-position", "0,0,0,0,0,1/0,0,0,0,0,0 23,24 S")
		if code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		recs = decodeLines(t, out)
		if len(recs) != 2 {
			t.Fatalf("%d lines, want 2", len(recs))
		}
		end := with("move", "legal", "result", "scores")
		doc, err := awale.New(awale.Documents())
		if err != nil {
			t.Fatal(err)
		}
		start, err := mancala.ParsePosition("0,0,0,0,0,1/0,0,0,0,0,0 23,24 S")
		if err != nil {
			t.Fatal(err)
		}
		_, g, err := replayed(t, doc, &start, "F")
		if err != nil {
			t.Fatal(err)
		}
		if g.Outcome().Ending.Reason != mancala.EndNone {
			end = with("move", "legal", "result", "scores", "ending")
		}
		if diff := cmp.Diff(end, keys(recs[1])); diff != "" {
			t.Errorf("keys at the end (-want +got):\n%s", diff)
		}
		if recs[1]["over"] != true {
			t.Errorf("over = %v after the last move", recs[1]["over"])
		}
		if h, ok := recs[0]["houses"].([]any); !ok || len(h) != 12 {
			t.Errorf("houses %v, want 12 counts", recs[0]["houses"])
		}
	})
	t.Run("CK-8/congkak simultaneous", func(t *testing.T) {
		code, out, errOut := runReplay("-json", "-game", "congkak", "-moves", "")
		if code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		recs := decodeLines(t, out)
		if len(recs) != 1 {
			t.Fatalf("%d lines, want 1", len(recs))
		}
		if diff := cmp.Diff(with("toMove", "legalSouth", "legalNorth", "round", "burnt", "inHand"), keys(recs[0])); diff != "" {
			t.Errorf("keys (-want +got):\n%s", diff)
		}
		if recs[0]["toMove"] != "both" {
			t.Errorf("toMove %v, want both", recs[0]["toMove"])
		}
		if h, ok := recs[0]["houses"].([]any); !ok || len(h) != 14 {
			t.Errorf("houses %v, want 14 counts", recs[0]["houses"])
		}
	})
}

func TestText(t *testing.T) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	const moves = "FfBe"
	code, out, errOut := runReplay("-moves", moves)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	positions, g, err := replayed(t, r, nil, moves)
	if err != nil {
		t.Fatal(err)
	}
	rest := out
	for i, p := range positions {
		// Each position shows its diagram and then its text, in order.
		for _, want := range []string{p.Board.String(), "position " + p.String() + "\n"} {
			j := strings.Index(rest, want)
			if j < 0 {
				t.Fatalf("AW-3/position %d: %q missing (in order) from\n%s", i, want, out)
			}
			rest = rest[j+len(want):]
		}
	}
	for i, m := range g.Moves() {
		if want := fmt.Sprintf("\n%d. %v\n", i+1, m); !strings.Contains(out, want) {
			t.Errorf("move %d: %q missing", i, want)
		}
	}
	last := positions[len(positions)-1]
	want := fmt.Sprintf("to move %v, legal ", last.ToMove)
	for _, m := range r.Legal(nil, last) {
		want += m.String() + " "
	}
	if want = strings.TrimSuffix(want, " ") + "\n"; !strings.HasSuffix(out, want) {
		t.Errorf("AW-3/output does not end with %q:\n%s", want, out)
	}
}

func TestTextOver(t *testing.T) {
	code, out, errOut := runReplay("-position", "0,0,0,0,0,1/0,0,0,0,0,0 23,24 S", "-moves", "F")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	start, err := mancala.ParsePosition("0,0,0,0,0,1/0,0,0,0,0,0 23,24 S")
	if err != nil {
		t.Fatal(err)
	}
	_, g, err := replayed(t, r, &start, "F")
	if err != nil || !g.Over() {
		t.Fatalf("AW-7/the library does not end the game: over %v, err %v", g.Over(), err)
	}
	o := g.Outcome()
	want := "over: " + o.Summary() + ", " // the winner's score first
	if !strings.Contains(out, want) || !strings.Contains(out, "over: North wins, 25–23, ") {
		t.Errorf("AW-7/%q missing from\n%s", want, out)
	}
}

func TestIllegalMove(t *testing.T) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		moves string
		index int
	}{
		{"AW-2/South twice", "FF", 1},
		{"AW-3/empty house", "Aa A", 2},
		{"AW-2/North first", "a", 0},
		{"AW-1/no such house", "FfG", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runReplay("-moves", tt.moves)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			_, _, libErr := replayed(t, r, nil, tt.moves)
			var me *mancala.MoveError
			if !errors.As(libErr, &me) {
				t.Fatalf("the library gives %v, want a *mancala.MoveError", libErr)
			}
			if me.Ply != tt.index {
				t.Fatalf("the library refuses move %d, the test expects %d", me.Ply, tt.index)
			}
			for _, want := range []string{fmt.Sprintf("illegal move %d %q", tt.index+1, me.Move.String()), me.Reason} {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr %q does not contain %q", errOut, want)
				}
			}
			if strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr %q is not one line", errOut)
			}
			// The positions before the illegal move are printed.
			if got := strings.Count(out, "position "); got != tt.index+1 {
				t.Errorf("%d positions printed, want %d", got, tt.index+1)
			}
		})
	}
}

func TestGameOverStopsReplay(t *testing.T) {
	code, _, errOut := runReplay("-position", "0,0,0,0,0,1/0,0,0,0,0,0 23,24 S", "-moves", "F a")
	if code != 1 {
		t.Errorf("AW-7/exit %d, want 1", code)
	}
	if !strings.Contains(errOut, `illegal move 2 "a" (column 3)`) || !strings.Contains(errOut, "over") {
		t.Errorf("AW-7/stderr %q should name move 2, a, at column 3 and say the game is over", errOut)
	}
}

func TestBadArguments(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", []string{"-move", "F"}, "-move"},
		{"extra argument", []string{"-moves", "F", "f"}, `"f"`},
		{"unknown game", []string{"-game", "go"}, "-game"},
		{"CK-9/congkak flag for awale", []string{"-rules", "roundend=passreply"}, "-rules"},
		{"AW-1/malformed position", []string{"-position", "1,2,3"}, "-position"},
		{"AW-1/position refused by Setup", []string{"-position", "4,4,4,4,4,4/4,4,4,4,4,4 0,0 B"}, "-position"},
		{"malformed move", []string{"-moves", "F?"}, "-moves"},
		{"CK-8/half a joint move", []string{"-game", "congkak", "-moves", "A"}, "-moves"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runReplay(tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.HasPrefix(errOut, "replay: ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr %q, want one line starting with replay:", errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q does not mention %s", errOut, tt.want)
			}
		})
	}
}

// Replaying the first two moves of an Awalé game as JSON lines.
func Example_json() {
	run([]string{"-game", "awale", "-rules", "abapa", "-moves", "Ff", "-json"}, os.Stdout, os.Stderr)
	// Output:
	// {"ply":0,"position":"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S","houses":[4,4,4,4,4,4,4,4,4,4,4,4],"stores":[0,0],"toMove":"south","legal":["A","B","C","D","E","F"],"over":false}
	// {"ply":1,"move":"F","position":"4,4,4,4,4,0/5,5,5,5,4,4 0,0 N","houses":[4,4,4,4,4,0,5,5,5,5,4,4],"stores":[0,0],"toMove":"north","legal":["a","b","c","d","e","f"],"over":false}
	// {"ply":2,"move":"f","position":"5,5,5,5,4,0/5,5,5,5,4,0 0,0 S","houses":[5,5,5,5,4,0,5,5,5,5,4,0],"stores":[0,0],"toMove":"south","legal":["A","B","C","D","E"],"over":false}
}

// An illegal move stops the replay with its number (from 1, as in the
// listing), its column in -moves and the rule that forbids it.
func Example_illegal() {
	code := run([]string{"-moves", "Ff F"}, io.Discard, os.Stdout)
	fmt.Println("exit status", code)
	// Output:
	// replay: -moves: illegal move 3 "F" (column 4): house F is empty (AW-3)
	// exit status 1
}
