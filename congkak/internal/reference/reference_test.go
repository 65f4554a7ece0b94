package reference

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// play plays moves written as in RULES.md ("A", "b", or "Ab" at a
// simultaneous decision), separated by spaces.
func play(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, w := range strings.Fields(moves) {
		m := Move{-1, -1}
		for _, c := range w {
			if c >= 'a' {
				m.North = int(c - 'a')
			} else {
				m.South = int(c - 'A')
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
}

func rows(v View) [2][]int { return v.Houses }

func TestWorkedExamples(t *testing.T) {
	seq := Options{Sequential: true}
	t.Run("CK-3/A ends in the store", func(t *testing.T) {
		g := New(seq)
		play(t, g, "A")
		v := g.View()
		if v.ToMove != "south" || v.Stores != [2]int{1, 0} {
			t.Errorf("after A: to move %s, stores %v", v.ToMove, v.Stores)
		}
	})
	for i := 1; i < 7; i++ {
		h := string(rune('A' + i))
		t.Run("CK-5/"+h+" relays once and captures 8", func(t *testing.T) {
			g := New(seq)
			play(t, g, h)
			v := g.View()
			if v.Stores[South] != 10 || v.ToMove != "north" {
				t.Errorf("after %s: stores %v, to move %s", h, v.Stores, v.ToMove)
			}
		})
	}
	t.Run("CK-3/ABEBA", func(t *testing.T) {
		g := New(seq)
		play(t, g, "A B E B A")
		v := g.View()
		want := [2][]int{{6, 7, 8, 0, 8, 0, 4}, {3, 2, 1, 19, 4, 0, 19}}
		if d := cmp.Diff(want, rows(v)); d != "" || v.Stores != [2]int{17, 0} || v.ToMove != "south" {
			t.Errorf("mismatch (-want +got):\n%s stores %v to move %s", d, v.Stores, v.ToMove)
		}
	})
	t.Run("CK-8/the 44-sowing chain wins the set", func(t *testing.T) {
		g := New(seq)
		chain := "A B E B A E B B C D G D F G C F B A E F E D D G F G F D G D G C G G B G C G F G D G E G"
		if n := len(strings.Fields(chain)); n != 44 {
			t.Fatalf("chain has %d sowings", n)
		}
		play(t, g, chain)
		v := g.View()
		if !v.Over || v.Result != "south" || v.Stores != [2]int{92, 6} {
			t.Errorf("after the chain: %+v", v)
		}
	})
	t.Run("CK-8/AA: both reach their stores on tick 7", func(t *testing.T) {
		g := New(Options{})
		play(t, g, "Aa")
		v := g.View()
		if g.tick != 7 || v.ToMove != "both" || v.Stores != [2]int{1, 1} {
			t.Errorf("after Aa: tick %d, %+v", g.tick, v)
		}
	})
}

func TestVectors(t *testing.T) {
	// The vectors are stored once, in package congkak's testdata (from
	// the project's shared vectors).
	f, err := os.Open("../../testdata/congkak_sequential_depth3.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type vec struct {
		EmptyCapture string
		Moves        []string
		Position     struct {
			Houses []int
			Stores [2]int
			ToMove string
		}
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var v vec
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		g := New(Options{Sequential: true, Rounds: 1, EmptyStay: v.EmptyCapture == "stays"})
		play(t, g, strings.Join(v.Moves, " "))
		got := g.View()
		gotHouses := append(append([]int(nil), got.Houses[0]...), got.Houses[1]...)
		if d := cmp.Diff(v.Position.Houses, gotHouses); d != "" || got.Stores != v.Position.Stores || got.ToMove != v.Position.ToMove {
			t.Errorf("%s %v: houses (-want +got):\n%s stores %v want %v, to move %s want %s",
				v.EmptyCapture, v.Moves, d, got.Stores, v.Position.Stores, got.ToMove, v.Position.ToMove)
		}
		n++
	}
	if n != 546 {
		t.Errorf("read %d vectors, want 546", n)
	}
}
