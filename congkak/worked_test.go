package congkak_test

import (
	"strings"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// The worked examples at the end of RULES.md, and hand traces of the
// simultaneous opening (CK-8) derived from its text.

// play plays the moves (mancala move notation, space separated) from the
// start of r and returns the positions after each.
func play(t *testing.T, r *congkak.Rules, moves string) []mancala.Position {
	t.Helper()
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields(moves) {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("%v: after %q: %v", r, g.MovesText(), err)
		}
	}
	return g.Positions()[1:]
}

func wantPosition(t *testing.T, got mancala.Position, want string) {
	t.Helper()
	if got.String() != want {
		t.Errorf("position %q, want %q\n%v", got, want, got.Board)
	}
}

var sequential7 = congkak.Options{Opening: congkak.OpeningSequential}

// House A holds 7 seeds and is 7 holes from South's store: B..G and the
// store (CK-2), so South sows again (CK-3).
func TestWorkedHouseAEndsInStore(t *testing.T) {
	r := mustNew(t, sequential7)
	ps := play(t, r, "A")
	wantPosition(t, ps[0], "0,8,8,8,8,8,8/7,7,7,7,7,7,7 1,0 S r1")
}

// Each of B..G relays once from North's row and ends in a capture of 8;
// South's store is then 10. For house i (1..6) the trace is: 6-i seeds into
// South's houses after i, one into the store, i into North's a.. so the last
// lands in North's house i-1 (now 8): relay (CK-4) of 8 into North's houses
// i..6, past North's store (skipped, CK-2), into South's houses 0..i. The
// last lands in house i itself (the origin is not skipped), empty: capture
// (CK-5) of North's house 6-i, which holds 7+1.
func TestWorkedHousesBToGCaptureEight(t *testing.T) {
	r := mustNew(t, sequential7)
	for i := 1; i < 7; i++ {
		h := mancala.Hole{Owner: mancala.South, House: i}
		t.Run("CK-4/CK-5/"+h.String(), func(t *testing.T) {
			p, err := r.Play(r.Start(), mancala.Single(mancala.South, i))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Board.Store(mancala.South); got != 10 {
				t.Errorf("South's store %d, want 10", got)
			}
			if p.ToMove != mancala.NorthTurn {
				t.Errorf("to move %v, want north: a capture ends the turn (CK-5, CK-7)", p.ToMove)
			}
			for j := 0; j < 7; j++ {
				south, north := 8, 8
				if j == i {
					south = 0 // the capturing house
				}
				if j == i-1 || j == 6-i {
					north = 0 // the relay house, and the captured house
				}
				if got := p.Board.Seeds(mancala.South, j); got != south {
					t.Errorf("South's house %v: %d seeds, want %d", mancala.Hole{Owner: mancala.South, House: j}, got, south)
				}
				if got := p.Board.Seeds(mancala.North, j); got != north {
					t.Errorf("North's house %v: %d seeds, want %d", mancala.Hole{Owner: mancala.North, House: j}, got, north)
				}
			}
		})
	}
}

// South sowing A, B, E, B, A (each ending in his store, CK-3) leaves
// South 6 7 8 0 8 0 4 with 17 in his store, North 3 2 1 19 4 0 19 with 0.
func TestWorkedABEBA(t *testing.T) {
	r := mustNew(t, sequential7)
	ps := play(t, r, "A B E B A")
	for i, p := range ps {
		if p.ToMove != mancala.SouthTurn {
			t.Errorf("CK-3: after sowing %d, %v to move, want south", i+1, p.ToMove)
		}
	}
	wantPosition(t, ps[len(ps)-1], "6,7,8,0,8,0,4/3,2,1,19,4,0,19 17,0 S r1")
}

// The 44-sowing chain of CK-8: played in turns from the start, South wins
// the whole set in his first turn. Every sowing ends in his store (CK-3);
// after the last his houses are empty, so his turn ends, and with it the
// round (CK-9); North's six seeds go to his store (CK-10) and cannot fill a
// house at the refill (CK-11), so the set is over (CK-14).
func TestWorkedChain44(t *testing.T) {
	const chain = "A B E B A E B B C D G D F G C F B A E F E D D G F G F D G D G C G G B G C G F G D G E G"
	if n := len(strings.Fields(chain)); n != 44 {
		t.Fatalf("%d sowings in the chain", n)
	}
	for _, o := range []congkak.Options{sequential7, {Opening: congkak.OpeningSequential, Rounds: 1}} {
		r := mustNew(t, o)
		t.Run("CK-8/"+r.String(), func(t *testing.T) {
			ps := play(t, r, chain)
			for i, p := range ps[:43] {
				if p.ToMove != mancala.SouthTurn || p.Board.Store(mancala.North) != 0 {
					t.Fatalf("after sowing %d: %v; want South to move, North's store empty", i+1, p)
				}
			}
			before := ps[42]
			if got := before.Board.RowSeeds(mancala.North); got != 6 {
				t.Errorf("North's row before the last sowing holds %d seeds, want 6", got)
			}
			if got := before.Board.RowSeeds(mancala.South); got != 1 {
				t.Errorf("South's row before the last sowing holds %d seeds, want 1 (G)", got)
			}
			end := ps[43]
			if !end.Over() {
				t.Fatalf("after the chain: %v, want the set over", end)
			}
			o := end.Outcome()
			if o.Result != mancala.SouthWins || o.Scores != [2]int{92, 6} {
				t.Errorf("outcome %+v, want South 92, North 6", o)
			}
			if end.Round != 1 {
				t.Errorf("round %d, want 1", end.Round)
			}
		})
	}
}

// Simultaneous opening, both choosing A (the traditional opening): the
// hands never touch and both reach their stores on tick 7 (7 seeds: B..G and
// the store), so both choose again at once (CK-8.3). Had they arrived in
// different ticks, the first would choose alone with the other's seeds in
// flight.
func TestWorkedSimultaneousAA(t *testing.T) {
	r := mustNew(t, congkak.Documents())
	if r.Start().ToMove != mancala.BothTurn {
		t.Fatalf("CK-8: start to move %v, want both", r.Start().ToMove)
	}
	ps := play(t, r, "Aa")
	wantPosition(t, ps[0], "0,8,8,8,8,8,8/0,8,8,8,8,8,8 1,1 B r1")
}

// Hand traces of the ticks (CK-8.2, CK-8.3), derived by hand.
func TestWorkedSimultaneousTicks(t *testing.T) {
	r := mustNew(t, congkak.Documents())
	// Ga. South's G (7): his store on tick 1, then a..f on ticks 2..7.
	// North's a (7): b..g on ticks 1..6, his store on tick 7. On tick 7
	// South's last seed lands in f (held 8): a relay (CK-4), 9 seeds up; then
	// North's last reaches his store, so North chooses at the end of tick 7
	// with South's 9 seeds in flight (CK-8.3).
	ps := play(t, r, "Ga")
	wantPosition(t, ps[0], "7,7,7,7,7,7,0/1,9,9,9,9,0,8 1,1 N r1 h9@f,0@A")
	// North takes g (8) up. South's hand drops into g (tick 8), A..F (9..14),
	// G (15) and his store (16): it arrives on tick 16. North's hand drops
	// into his store (8), A..F (9..14) and G on tick 15, after South's seed:
	// G holds 2, a relay from South's row; North's hand drops into a on tick
	// 16, 1 seed left. South chooses at the end of tick 16, North's hand
	// waiting at a.
	ps = play(t, r, "Ga g")
	wantPosition(t, ps[1], "9,9,9,9,9,9,0/2,9,9,9,9,0,1 2,2 S r1 h0@A,1@a")
	// Ab: South's A ends in his store on tick 7; North's b (7) drops into
	// c..g, his store on tick 6, and South's emptied A on tick 7: a dead end
	// (CK-6), North's turn has ended. South goes on alone (CK-8.4).
	ps = play(t, r, "Ab")
	wantPosition(t, ps[0], "1,8,8,8,8,8,8/7,0,8,8,8,8,8 1,1 S r1")
	// With North's hand first (CK-8.2 option) nothing changes in Ab, since
	// the hands never reach the same hole in the same tick.
	rn := mustNew(t, congkak.Options{FirstHand: mancala.North})
	ps = play(t, rn, "Ab")
	wantPosition(t, ps[0], "1,8,8,8,8,8,8/7,0,8,8,8,8,8 1,1 S r1")
}
