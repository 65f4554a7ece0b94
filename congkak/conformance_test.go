package congkak_test

import (
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// TestConformance runs the mancalatest conformance checker on every preset
// (Overbeck's with a round limit) and on both openings (CK-8), with extra start positions: a decision of the
// simultaneous opening with a hand in the air, a later round with burnt
// houses (CK-12), and a reply turn of CK-9's option.
func TestConformance(t *testing.T) {
	cases := []struct {
		name   string
		opts   congkak.Options
		starts []string
	}{
		{"default", congkak.Documents(), nil},
		// Overbeck's full set does not end under random play (a million
		// random decisions did not end one), so the kit's Playout, which
		// plays to the end, could not return: the preset runs with a round
		// limit.
		{"overbeck, 4 rounds", overbeckRounds(4), nil},
		{"CK-8/simultaneous", congkak.Options{Houses: 4},
			[]string{"1,2,0,1/2,1,1,1 11,11 S r1 h0@A,1@B", "1,1,1,1/1,1,1,1 12,12 B r1"}},
		{"CK-8/simultaneous, FirstHand North, stay", congkak.Options{Houses: 5, FirstHand: mancala.North, EmptyCapture: congkak.EmptyCaptureStay}, nil},
		{"CK-8/sequential", congkak.Options{Houses: 4, Opening: congkak.OpeningSequential},
			[]string{"x,2,0,6/0,x,2,1 10,11 S r1 s2500"}},
		{"CK-16 off, sequential", congkak.Options{Houses: 4, Opening: congkak.OpeningSequential, Repeat: congkak.RepeatOff, Rounds: 5},
			[]string{"x,2,0,6/0,x,2,1 10,11 S r2"}},
		{"CK-16/one house", congkak.Options{Houses: 1, Seeds: 5}, nil},
		{"CK-16/overbeck, full set", congkak.Overbeck(), nil},
		{"CK-8/sequential, North starts, pass/reply, 3 rounds", congkak.Options{Houses: 4, Opening: congkak.OpeningSequential,
			Starter: mancala.North, RoundEnd: congkak.RoundEndPassReply, Rounds: 3},
			[]string{"0,0,0,3/0,0,0,0 17,12 S r1 s1"}},
		{"CK-14/one round", congkak.Options{Rounds: 1}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := congkak.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			var starts []mancala.Position
			for _, s := range c.starts {
				p, err := mancala.ParsePosition(s)
				if err != nil {
					t.Fatal(err)
				}
				if p, err = r.Setup(p); err != nil {
					t.Fatalf("Setup(%q): %v", s, err)
				}
				starts = append(starts, p)
			}
			// The bound (MaxPlies) is checked strictly when it is at most
			// ten times the kit's cut: so for every full set under CK-16
			// but Overbeck's (whose bound for the stay option is huge).
			cut := max(400, r.MaxPlies()/10+1)
			if cut > 2000 {
				cut = 400
			}
			mancalatest.TestRuleset(t, r, mancalatest.WithStarts(starts...), mancalatest.WithMaxPlies(cut))
		})
	}
}

// overbeckRounds returns Overbeck's rules limited to n rounds (CK-14).
func overbeckRounds(n int) congkak.Options {
	o := congkak.Overbeck()
	o.Rounds = n
	return o
}
