package congkak_test

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/congkak/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// Properties of random games from the start and from random positions, for
// random options on small boards. Moves are chosen by a random source
// seeded by rapid, so a failure replays.

const (
	// propPlies caps the decisions of one game in the property test: sets
	// without a round limit can go on for thousands of rounds.
	propPlies = 600
	// roundPlies bounds the decisions of one round. Random rounds on these
	// boards take fewer than 100; a round that does not end within this
	// many decisions is taken to be endless (CK-15).
	roundPlies = 20000
)

// stepCheck checks one decision m from p to q under r (q is Play's result,
// ended by Cycle if it repeated an earlier position); newRound says that m
// ended a round (the reference says so).
func stepCheck(t *rapid.T, r *congkak.Rules, p, q mancala.Position, m mancala.Move, newRound bool) {
	o := r.Options()
	n, total := o.Houses, 2*o.Houses*o.Seeds
	b, c := p.Board, q.Board

	// Conservation, hands included.
	if c.Total() != total {
		t.Fatalf("conservation: %v after %v from %v holds %d seeds, want %d", q, m, p, c.Total(), total)
	}

	// A decision runs every sowing to its end (CK-15: never cut short).
	// The only seeds in flight are those of the other hand during the
	// simultaneous opening, while one player chooses.
	for pl := mancala.South; pl <= mancala.North; pl++ {
		s, _ := c.Hand(pl)
		if s == 0 {
			continue
		}
		if q.ToMove.Has(pl) || q.ToMove == mancala.NoTurn || q.ToMove == mancala.BothTurn || newRound ||
			o.Opening != congkak.OpeningSimultaneous {
			t.Fatalf("CK-15: %v after %v from %v: %v's hand holds %d seeds", q, m, p, pl, s)
		}
	}

	// Under CK-16 in a full set (RepeatEnds, no round limit) positions
	// carry no round number: Round stays 1.
	cycles := o.Repeat == congkak.RepeatEnds && o.Rounds == 0
	if cycles && q.Round != 1 {
		t.Fatalf("CK-16: round %d in %v: positions of a set under CK-16 stay in round 1", q.Round, q)
	}
	sameRound := !newRound && !q.Over()
	if sameRound {
		for pl := mancala.South; pl <= mancala.North; pl++ {
			for i := 0; i < n; i++ {
				// CK-12: burnt houses stay burnt and empty for the round.
				if b.Burnt(pl, i) && (!c.Burnt(pl, i) || c.Seeds(pl, i) != 0) {
					t.Fatalf("CK-12: house %v of %v burnt in %v, but not after %v: %v", i, pl, p, m, q)
				}
				if !b.Burnt(pl, i) && c.Burnt(pl, i) {
					t.Fatalf("CK-12: house %v of %v burnt during a round: %v after %v from %v", i, pl, q, m, p)
				}
			}
			// Stores only grow within a round.
			if c.Store(pl) < b.Store(pl) {
				t.Fatalf("%v's store shrank from %d to %d: %v after %v from %v", pl, b.Store(pl), c.Store(pl), q, m, p)
			}
		}
		// CK-2: the mover never sows into the opponent's store. Outside
		// the simultaneous opening (no other hand in flight) nobody else
		// sows during his decision.
		if mover, ok := p.ToMove.Player(); ok {
			if s, _ := b.Hand(mover.Other()); s == 0 && c.Store(mover.Other()) != b.Store(mover.Other()) {
				t.Fatalf("CK-2: %v's decision %v changed %v's store from %d to %d: %v from %v",
					mover, m, mover.Other(), b.Store(mover.Other()), c.Store(mover.Other()), q, p)
			}
		}
	}

	if q.Over() {
		// CK-10, CK-14: every seed is in a store at the end.
		if c.RowSeeds(mancala.South)+c.RowSeeds(mancala.North) != 0 || c.Store(mancala.South)+c.Store(mancala.North) != total {
			t.Fatalf("CK-14: finished set %v still has seeds in play", q)
		}
		if q.Round != p.Round {
			t.Fatalf("CK-14: the set ended in round %d, but the position says round %d", p.Round, q.Round)
		}
		if e := r.Ending(q); e.Reason == mancala.EndRepeatedRound {
			if !cycles || !newRound {
				t.Fatalf("CK-16: %v ends by a repeated round start (%v) outside a round start", q, e)
			}
			return
		}
		if o.Rounds == 0 || q.Round < o.Rounds {
			if c.Store(mancala.South) >= o.Seeds && c.Store(mancala.North) >= o.Seeds {
				t.Fatalf("CK-14: set %v ended before the round limit with both players able to fill a house", q)
			}
		}
		return
	}
	if !newRound {
		if q.Round != p.Round {
			t.Fatalf("round %d followed by round %d within a round", p.Round, q.Round)
		}
		return
	}
	if !cycles && q.Round != p.Round+1 {
		t.Fatalf("round %d followed by round %d", p.Round, q.Round)
	}
	if o.Rounds > 0 && q.Round > o.Rounds {
		t.Fatalf("CK-14: round %d beyond the limit %d", q.Round, o.Rounds)
	}
	// CK-11: each player's seeds fill his houses from the store's side,
	// Seeds each; the rest are burnt and the leftover stays in the store.
	var seeds [2]int
	for pl := mancala.South; pl <= mancala.North; pl++ {
		seeds[pl] = c.Store(pl) + c.RowSeeds(pl)
		k := seeds[pl] / o.Seeds
		if k > n {
			k = n
		}
		if k == 0 {
			t.Fatalf("CK-14: %v has %d seeds, fewer than a house, yet round %d began: %v", pl, seeds[pl], q.Round, q)
		}
		for i := 0; i < n; i++ {
			filled := i >= n-k
			if filled && (c.Seeds(pl, i) != o.Seeds || c.Burnt(pl, i)) || !filled && (c.Seeds(pl, i) != 0 || !c.Burnt(pl, i)) {
				t.Fatalf("CK-11: %v has %d seeds, so houses %d..%d hold %d each and the rest are burnt; got %v",
					pl, seeds[pl], n-k, n-1, o.Seeds, q)
			}
		}
		if c.Store(pl) != seeds[pl]-k*o.Seeds {
			t.Fatalf("CK-11: %v keeps %d in his store, want %d: %v", pl, c.Store(pl), seeds[pl]-k*o.Seeds, q)
		}
	}
	// CK-10: the round's scores add up to every seed.
	if seeds[0]+seeds[1] != total {
		t.Fatalf("CK-10: round scores %v do not add up to %d", seeds, total)
	}
	// CK-13: the loser starts, alone.
	if seeds[0] != seeds[1] {
		loser := mancala.South
		if seeds[mancala.North] < seeds[mancala.South] {
			loser = mancala.North
		}
		if q.ToMove != mancala.TurnOf(loser) {
			t.Fatalf("CK-13: %v lost round %d %v, yet %v is to move in %v", loser, p.Round, seeds, q.ToMove, q)
		}
	} else if _, ok := q.ToMove.Player(); !ok {
		t.Fatalf("CK-13: round %d starts with %v to move", q.Round, q.ToMove)
	}
}

// TestProperties plays random games and checks conservation, burnt houses,
// stores, settled positions, the ends of sowings and rounds, refills and
// round scores after every decision.
func TestProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawOptions(t, congkak.Opening(rapid.IntRange(0, 1).Draw(t, "opening")))
		r, err := congkak.New(o)
		if err != nil {
			t.Fatalf("New(%+v): %v", o, err)
		}
		p := r.Start()
		if rapid.Bool().Draw(t, "fromPosition") {
			if p, err = r.Setup(drawPosition(t, r)); err != nil {
				t.Fatalf("%v: Setup: %v", r, err)
			}
		}
		// The reference follows the game to give each round's scores.
		ref := reference.New(refOptions(r.Options()))
		if p != r.Start() {
			if ref, err = reference.FromPosition(refOptions(r.Options()), refPosition(p)); err != nil {
				t.Fatalf("reference: %v", err)
			}
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0x636b))
		var buf []mancala.Move
		inRound := 0
		var hist []mancala.Position // for the repetitions of CK-16
		for ply := 0; ply < propPlies && !p.Over(); ply++ {
			buf = r.Legal(buf[:0], p)
			if len(buf) == 0 {
				t.Fatalf("no legal move in %v", p)
			}
			m := buf[rng.IntN(len(buf))]
			q, err := r.Play(p, m)
			if err != nil {
				t.Fatalf("%v: legal move %v refused in %v: %v", r, m, p, err)
			}
			hist = append(hist, p)
			q = mancala.EndCycle(r, hist, q)
			ends := len(ref.RoundEnds())
			if err := ref.Play(refMove(m)); err != nil {
				t.Fatalf("reference refused %v: %v", m, err)
			}
			newRound := len(ref.RoundEnds()) > ends
			stepCheck(t, r, p, q, m, newRound)
			if q.Over() != ref.Over() {
				t.Fatalf("%v after %v from %v: over %v, the reference's %v (%s)", r, m, p, q, ref.Over(), ref.End())
			}
			if newRound || q.Over() {
				// The refill (or the final stores) hold exactly each
				// player's seeds at the end of the round.
				ends := ref.RoundEnds()
				last := ends[len(ends)-1]
				got := [2]int{q.Board.Store(mancala.South) + q.Board.RowSeeds(mancala.South),
					q.Board.Store(mancala.North) + q.Board.RowSeeds(mancala.North)}
				if got != last {
					t.Fatalf("CK-10/CK-11: after round %d the players hold %v, their seeds at the round's end were %v", p.Round, got, last)
				}
				inRound = 0
			} else if inRound++; inRound > roundPlies {
				t.Fatalf("CK-15: round %d has not ended after %d decisions: %v", p.Round, inRound, q)
			}
			p = q
		}
	})
}

// TestRoundsEnd plays single-round sets (CK-14 limit 1) to their end:
// every round ends (CK-15), and the set ends with the stores holding every
// seed.
func TestRoundsEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawOptions(t, congkak.Opening(rapid.IntRange(0, 1).Draw(t, "opening")))
		o.Rounds = 1
		r, err := congkak.New(o)
		if err != nil {
			t.Fatalf("New(%+v): %v", o, err)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0x636b))
		p := r.Start()
		var buf []mancala.Move
		for ply := 0; !p.Over(); ply++ {
			if ply == roundPlies {
				t.Fatalf("CK-15: %v: round 1 has not ended after %d decisions: %v", r, ply, p)
			}
			buf = r.Legal(buf[:0], p)
			q := r.Apply(p, buf[rng.IntN(len(buf))])
			if q.Round != 1 {
				t.Fatalf("CK-14: %v: round %d after a one-round limit", r, q.Round)
			}
			p = q
		}
		total := 2 * o.Houses * r.Options().Seeds
		if s := p.Board.Store(mancala.South) + p.Board.Store(mancala.North); s != total {
			t.Fatalf("CK-10: final stores hold %d of %d seeds: %v", s, total, p)
		}
	})
}
