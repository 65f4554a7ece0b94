package congkak_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// vector is one line of testdata/congkak_sequential_depth3.jsonl (see
// /work/shared/vectors/README.md): a sequence of decisions from the 7×7
// start, sequential opening, South first, one round, and the board after it.
type vector struct {
	EmptyCapture string   `json:"emptyCapture"`
	Moves        []string `json:"moves"`
	Position     struct {
		Houses []int  `json:"houses"`
		Stores []int  `json:"stores"`
		ToMove string `json:"toMove"`
	} `json:"position"`
}

func readVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/congkak_sequential_depth3.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("line %d: %v", len(vs)+1, err)
		}
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestVectorsSequentialDepth3 replays every line of the independent vectors
// for both empty-capture readings (CK-5) and compares houses, stores and the
// player to move. It covers CK-2 (sowing, own store, skipped opposing
// store), CK-3 (re-choice), CK-4 (relay), CK-5, CK-6 and CK-7.
func TestVectorsSequentialDepth3(t *testing.T) {
	vs := readVectors(t)
	if len(vs) < 500 {
		t.Fatalf("only %d vectors read", len(vs))
	}
	rules := map[string]*congkak.Rules{}
	for name, ec := range map[string]congkak.EmptyCapture{"store": congkak.EmptyCaptureStore, "stays": congkak.EmptyCaptureStay} {
		r, err := congkak.New(congkak.Options{EmptyCapture: ec, Opening: congkak.OpeningSequential, Rounds: 1})
		if err != nil {
			t.Fatal(err)
		}
		rules[name] = r
	}
	seen := map[string]int{}
	for ln, v := range vs {
		r := rules[v.EmptyCapture]
		if r == nil {
			t.Fatalf("line %d: unknown emptyCapture %q", ln+1, v.EmptyCapture)
		}
		seen[v.EmptyCapture]++
		name := v.EmptyCapture
		for _, m := range v.Moves {
			name += "/" + m
		}
		t.Run("CK-2..CK-7/"+name, func(t *testing.T) {
			p := r.Start()
			for _, s := range v.Moves {
				m, err := mancala.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				if p, err = r.Play(p, m); err != nil {
					t.Fatal(err)
				}
			}
			var got vector
			got.Position.ToMove = p.ToMove.String()
			for _, pl := range []mancala.Player{mancala.South, mancala.North} {
				for i := 0; i < 7; i++ {
					got.Position.Houses = append(got.Position.Houses, p.Board.Seeds(pl, i))
				}
			}
			got.Position.Stores = []int{p.Board.Store(mancala.South), p.Board.Store(mancala.North)}
			if diff := cmp.Diff(v.Position, got.Position); diff != "" {
				t.Errorf("after %v: mismatch (-want +got):\n%s\nboard:\n%v", v.Moves, diff, p.Board)
			}
		})
	}
	if seen["store"] == 0 || seen["stays"] == 0 {
		t.Errorf("vectors per variant: %v", seen)
	}
}
