package awale_test

import (
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// TestEndings checks that every way an Awalé game ends says so, with its
// rule (mancala.Explainer): AW-7 for the player to move without seeds or
// without a feeding move, AW-8 for a repeated position (through
// mancala.Game, which keeps the history), AW-10 for a majority; a game
// that goes on says nothing.
func TestEndings(t *testing.T) {
	cases := []struct {
		name  string
		opts  awale.Options
		pos   string
		moves string
		want  mancala.Ending
	}{
		{"AW-7/North to move has no seeds", awale.Documents(), "0,0,0,0,0,1/0,0,0,0,0,0 23,24 N", "",
			mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: mancala.NorthTurn}},
		{"AW-7/South cannot feed North", awale.Documents(), "0,0,0,0,0,1/0,1,0,0,0,0 23,23 S", "F",
			mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: mancala.NorthTurn}},
		{"AW-7/South to move cannot feed", awale.Documents(), "1,0,0,0,0,0/0,0,0,0,0,0 23,24 S", "",
			mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: mancala.SouthTurn}},
		{"AW-8/one house of one seed cycles", awale.Options{Houses: 1, Seeds: 1}, "", "AaA",
			mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8", Who: mancala.NoTurn}},
		{"AW-8/split", awale.Options{Cycle: awale.CycleSplit}, "2,0,0,0,0,0/1,0,0,0,0,0 22,23 S", "AaCbBcDdEeFfA",
			mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8", Who: mancala.NoTurn}},
		{"AW-10/a majority", awale.Abapa(), "4,0,0,0,0,1/2,1,0,0,0,0 22,18 S", "F",
			mancala.Ending{Reason: mancala.EndMajority, Rule: "AW-10", Who: mancala.NoTurn}},
		{"AW-10/a majority on the wide engine", awale.Options{Houses: 10, Seeds: 2, StopAtMajority: true},
			"4,0,0,0,0,0,0,0,0,1/2,1,0,0,0,0,0,0,0,0 20,12 S", "J",
			mancala.Ending{Reason: mancala.EndMajority, Rule: "AW-10", Who: mancala.NoTurn}},
		{"AW-7/the wide engine", awale.Options{Houses: 10, Seeds: 2},
			"0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0 19,20 N", "",
			mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: mancala.NorthTurn}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := awale.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			var gopts []mancala.GameOption
			if c.pos != "" {
				gopts = append(gopts, mancala.FromText(c.pos))
			}
			g, err := mancala.NewGame(r, gopts...)
			if err != nil {
				t.Fatal(err)
			}
			if e := g.Outcome().Ending; !g.Over() && e != (mancala.Ending{}) {
				t.Errorf("a game that goes on says it ended: %+v", e)
			}
			if err := g.PlayText(c.moves); err != nil {
				t.Fatal(err)
			}
			p := g.Position()
			if !p.Over() {
				t.Fatalf("%v: not over", p)
			}
			if got := r.Ending(p); got != c.want {
				t.Errorf("Ending(%v) = %+v (%v), want %+v", p, got, got, c.want)
			}
			if got := g.Outcome().Ending; got != c.want {
				t.Errorf("Game.Outcome().Ending = %+v, want %+v", got, c.want)
			}
			// Setup accepts the finished position as it is.
			if q, err := r.Setup(p); err != nil || q != p {
				t.Errorf("Setup(%v) = %v, %v", p, q, err)
			}
		})
	}
}
