package congkak_test

import (
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// TestEndings checks that every way a Congkak set ends says so, with its
// rule (mancala.Explainer): CK-14 for a player who cannot fill a single
// house (Who is that player) and for the round limit, CK-16 for a repeated
// round start (see also TestRepeatedRoundStartCK16); a set that goes on
// says nothing, and a concession is the Game's to record.
func TestEndings(t *testing.T) {
	seq7 := congkak.Options{Opening: congkak.OpeningSequential}
	one := congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1}
	cases := []struct {
		name  string
		opts  congkak.Options
		start string
		moves string
		want  mancala.Ending
	}{
		{"CK-14/North cannot fill a house", seq7, "0,0,0,0,0,0,1/3,0,0,0,0,0,0 91,3 S r1", "G",
			mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.NorthTurn}},
		{"CK-14/South cannot fill a house", seq7, "3,0,0,0,0,0,0/0,0,0,0,0,0,1 3,91 N r1", "g",
			mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.SouthTurn}},
		{"CK-14/the round limit", one, "0,0,0,0,0,0,1/7,7,7,0,0,0,0 59,17 S r1", "G",
			mancala.Ending{Reason: mancala.EndRoundLimit, Rule: "CK-14", Who: mancala.NoTurn}},
		{"CK-14/a player who cannot fill a house is named before the limit", one, "0,0,0,0,0,0,1/3,0,0,0,0,0,0 91,3 S r1", "G",
			mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.NorthTurn}},
		{"CK-16/a repeated round start", congkak.Documents(), "", loopLead + loopBlock,
			mancala.Ending{Reason: mancala.EndRepeatedRound, Rule: "CK-16", Who: mancala.NoTurn}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mustNew(t, c.opts)
			var gopts []mancala.GameOption
			if c.start != "" {
				gopts = append(gopts, mancala.FromText(c.start))
			}
			g, err := mancala.NewGame(r, gopts...)
			if err != nil {
				t.Fatal(err)
			}
			if e := g.Outcome().Ending; e != (mancala.Ending{}) {
				t.Errorf("a set that goes on says it ended: %+v", e)
			}
			if err := g.PlayText(c.moves); err != nil {
				t.Fatal(err)
			}
			p := g.Position()
			if got := r.Ending(p); got != c.want {
				t.Errorf("Ending(%v) = %+v (%v), want %+v", p, got, got, c.want)
			}
			if got := g.Outcome().Ending; got != c.want {
				t.Errorf("Game.Outcome().Ending = %+v, want %+v", got, c.want)
			}
			if q, err := r.Setup(p); err != nil || q != p {
				t.Errorf("Setup(%v) = %v, %v: want it unchanged", p, q, err)
			}
		})
	}
	// Setup gives a finished position without end bits the reason its
	// stores show, and refuses end bits the ruleset cannot give.
	r := mustNew(t, seq7)
	for text, want := range map[string]mancala.Ending{
		"0,0,0,0,0,0,0/0,0,0,0,0,0,0 92,6 - r1":  {Reason: mancala.EndCannotFill, Rule: "CK-14", Who: mancala.NorthTurn},
		"0,0,0,0,0,0,0/0,0,0,0,0,0,0 49,49 - r1": {Reason: mancala.EndRepeatedRound, Rule: "CK-16", Who: mancala.NoTurn},
	} {
		p, err := r.Setup(mustParsePosition(t, text))
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Ending(p); got != want {
			t.Errorf("Setup(%s): Ending %+v, want %+v", text, got, want)
		}
	}
	for _, text := range []string{
		"0,0,0,0,0,0,0/0,0,0,0,0,0,0 92,6 - r1 s4000000",  // the round limit, but the set has none
		"0,0,0,0,0,0,0/0,0,0,0,0,0,0 92,6 - r1 s5000000",  // cannot fill, but nobody named
		"0,0,0,0,0,0,0/0,0,0,0,0,0,0 92,6 - r1 s2000000",  // no move: not a Congkak end
		"0,0,0,0,0,0,0/0,0,0,0,0,0,0 92,6 - r1 s25000001", // a reply bit in a finished set
	} {
		if q, err := r.Setup(mustParsePosition(t, text)); err == nil {
			t.Errorf("Setup(%s) = %v, want an error", text, q)
		}
	}
}

func mustParsePosition(t *testing.T, s string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
