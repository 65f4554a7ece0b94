package reference

import (
	"bufio"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

func documents() Options { return Options{Houses: 6, Seeds: 4} }

func state(south, north []int, stores [2]int, toMove int) State {
	return State{Houses: [2][]int{south, north}, Stores: stores, ToMove: toMove}
}

func mustPlay(t *testing.T, o Options, s State, h int) State {
	t.Helper()
	n, err := Play(o, s, h)
	if err != nil {
		t.Fatalf("Play(%v, %d): %v", s, h, err)
	}
	return n
}

// The oracle itself is checked on a few hand-derived positions; the awale
// package's rules_test.go runs a larger table against both.
func TestReferenceHand(t *testing.T) {
	o := documents()
	// AW-3: F with 12 seeds skips F: a..f, A..E get one each, then a.
	s := state([]int{0, 0, 0, 0, 0, 12}, []int{1, 1, 1, 1, 1, 1}, [2]int{0, 0}, South)
	got := mustPlay(t, o, s, 5)
	// a gets 2 seeds (1+1) then a third: last seed in a, which holds 3: captured.
	want := state([]int{1, 1, 1, 1, 1, 0}, []int{0, 2, 2, 2, 2, 2}, [2]int{3, 0}, North)
	if !Equal(got, want) {
		t.Errorf("AW-3/AW-4: got %v, want %v", got, want)
	}
	// AW-4: chain stops at a house that is not 2 or 3.
	s = state([]int{1, 0, 0, 0, 0, 3}, []int{1, 3, 2, 0, 0, 0}, [2]int{0, 0}, South)
	got = mustPlay(t, o, s, 5)
	want = state([]int{1, 0, 0, 0, 0, 0}, []int{2, 4, 0, 0, 0, 0}, [2]int{3, 0}, North)
	if !Equal(got, want) {
		t.Errorf("AW-4: got %v, want %v", got, want)
	}
	// AW-5: must feed.
	s = state([]int{1, 0, 0, 0, 0, 1}, []int{0, 0, 0, 0, 0, 0}, [2]int{20, 24}, South)
	if l := Legal(o, s); !slices.Equal(l, []int{5}) {
		t.Errorf("AW-5: legal %v, want [5]", l)
	}
	_, err := Play(o, s, 0)
	var r *Refusal
	if !errors.As(err, &r) || r.Rule != "AW-5" {
		t.Errorf("AW-5: Play A: %v", err)
	}
	// AW-7: cannot feed: ends, South takes his row.
	s = state([]int{1, 1, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 0}, [2]int{20, 26}, South)
	got = Settle(o, s)
	want = state([]int{0, 0, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 0}, [2]int{22, 26}, Nobody)
	if !Equal(got, want) {
		t.Errorf("AW-7: got %v, want %v", got, want)
	}
}

// Seeds are conserved and every legal move plays, in random games under
// every option.
func TestReferenceConservation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 200; g++ {
		o := Options{
			Houses:         1 + rng.IntN(12),
			GrandSlam:      GrandSlam(rng.IntN(4)),
			Cycle:          Cycle(rng.IntN(2)),
			StopAtMajority: rng.IntN(2) == 0,
		}
		o.Seeds = rng.IntN(255/(2*o.Houses)) + 1
		if o.Seeds > 6 {
			o.Seeds = 6
		}
		hist := []State{Settle(o, Start(o))}
		total := hist[0].Total()
		for ply := 0; ply < 2000 && !hist[len(hist)-1].Over(); ply++ {
			s := hist[len(hist)-1]
			l := Legal(o, s)
			if len(l) == 0 {
				t.Fatalf("%+v: no legal move in unfinished %v", o, s)
			}
			n, err := PlayGame(o, hist, l[rng.IntN(len(l))])
			if err != nil {
				t.Fatal(err)
			}
			if n.Total() != total {
				t.Fatalf("%+v: %d seeds, want %d", o, n.Total(), total)
			}
			hist = append(hist, n)
		}
	}
}

// The oracle replays OpenSpiel's recorded game under the Abapa rules.
func TestReferenceOpenSpiel(t *testing.T) {
	f, err := os.Open("../../testdata/awale_abapa_openspiel_playthrough.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type st struct {
		Pits   []int `json:"pits"`
		Scores [2]int
		ToMove int `json:"to_move"`
	}
	var rec struct {
		Moves  []int   `json:"moves"`
		Legal  [][]int `json:"legal"`
		States []st    `json:"states"`
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() {
		t.Fatal("empty vector file")
	}
	if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	o := Options{Houses: 6, Seeds: 4, GrandSlam: GrandSlamNoCapture, StopAtMajority: true}
	hist := []State{Start(o)}
	for i, h := range rec.Moves {
		s := hist[len(hist)-1]
		if l := Legal(o, s); !slices.Equal(l, rec.Legal[i]) {
			t.Fatalf("move %d: legal %v, want %v", i, l, rec.Legal[i])
		}
		n, err := PlayGame(o, hist, h)
		if err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		w := rec.States[i]
		want := state(w.Pits[:6], w.Pits[6:], w.Scores, w.ToMove)
		if !Equal(n, want) {
			t.Fatalf("move %d: got %v, want %v", i, n, want)
		}
		hist = append(hist, n)
	}
}
