package congkak_test

import (
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala/search/searchtest"
)

// ScoreBounds holds for the solver (package searchtest checks it against
// played games and brute force): in one round (CK-11: no refill takes
// seeds from the stores) and, trivially, in a full set.
func TestScoreBounds(t *testing.T) {
	for _, rounds := range []int{1, 0} {
		o := congkak.Documents()
		o.Houses, o.Seeds, o.Rounds = 3, 2, rounds
		r, err := congkak.New(o)
		if err != nil {
			t.Fatal(err)
		}
		searchtest.TestSolver(t, r, searchtest.WithGames(8), searchtest.WithBruteSeeds(12))
	}
}
