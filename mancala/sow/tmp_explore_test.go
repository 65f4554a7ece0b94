package sow_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

func TestTmpExplore(t *testing.T) {
	r, _ := mancala.NewRuleset("pallanguzhi")
	rng := rand.New(rand.NewPCG(1, 2))
	reasons := map[string]int{}
	roundsHist := map[int]int{}
	plies := 0
	for range 300 {
		g, _ := mancala.NewGame(r)
		rounds := 1
		for !g.Over() {
			before := g.Position()
			ms := g.Legal()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
			plies++
			if rr, ok := r.(mancala.Rounder); ok && rr.RoundEnded(before, g.Position()) && !g.Over() {
				rounds++
			}
		}
		e := g.Outcome().Ending
		reasons[e.Rule+" "+e.Reason.String()]++
		roundsHist[rounds]++
	}
	t.Log(reasons, roundsHist, plies)
}
