package awale

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

// Tests of the internals: the packed engine against the array engine, and
// the packed playout against a replay through the Ruleset methods.

// engineConfigs returns rulesets for every grand slam and cycle rule, with
// and without stop at majority, on boards of the given sizes.
func engineConfigs(t *testing.T, sizes [][2]int) []*Rules {
	t.Helper()
	var rs []*Rules
	for _, sz := range sizes {
		for gs := GrandSlamForbidden; gs <= GrandSlamForbiddenElseCapture; gs++ {
			for cy := CycleOwnRow; cy <= CycleSplit; cy++ {
				for _, maj := range []bool{false, true} {
					r, err := New(Options{Houses: sz[0], Seeds: sz[1], GrandSlam: gs, Cycle: cy, StopAtMajority: maj})
					if err != nil {
						t.Fatal(err)
					}
					rs = append(rs, r)
				}
			}
		}
	}
	return rs
}

// wideTwin returns r running on the array engine.
func wideTwin(r *Rules) *Rules {
	w := *r
	w.packed = false
	w.pt = packedTables{}
	return &w
}

// TestEnginesAgree plays random games on boards of 1 to 8 houses under
// every option and checks that the packed engine (bytes in words, sowing
// by table, byte-parallel captures) and the array engine (a seed at a
// time) agree on Legal, on Play for every house of both players (results
// and refusal rules), and on Setup.
func TestEnginesAgree(t *testing.T) {
	sizes := [][2]int{{1, 3}, {2, 2}, {3, 3}, {4, 3}, {5, 4}, {6, 4}, {6, 7}, {7, 2}, {8, 3}}
	rng := rand.New(rand.NewPCG(7, 11))
	for _, r := range engineConfigs(t, sizes) {
		w := wideTwin(r)
		t.Run(r.String(), func(t *testing.T) {
			for game := 0; game < 3; game++ {
				p := r.Start()
				for ply := 0; !p.Over() && ply < 400; ply++ {
					if ply%3 == 0 {
						compareEngines(t, r, w, p)
					} else if got, want := r.Legal(nil, p), w.Legal(nil, p); fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("AW-3..AW-6: Legal(%v): packed %v, array %v", p, got, want)
					}
					if t.Failed() {
						return
					}
					moves := r.Legal(nil, p)
					m := moves[rng.IntN(len(moves))]
					if q, want := r.Apply(p, m), w.Apply(p, m); q != want {
						t.Fatalf("AW-3..AW-7: Apply(%v, %v): packed %v, array %v", p, m, q, want)
					}
					p = r.Apply(p, m)
				}
			}
		})
	}
}

func compareEngines(t *testing.T, r, w *Rules, p mancala.Position) {
	t.Helper()
	if got, want := fmt.Sprint(r.Legal(nil, p)), fmt.Sprint(w.Legal(nil, p)); got != want {
		t.Fatalf("AW-3..AW-6: Legal(%v): packed %s, array %s", p, got, want)
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for h := 0; h < r.n; h++ {
			m := mancala.Single(pl, h)
			q1, err1 := r.Play(p, m)
			q2, err2 := w.Play(p, m)
			if q1 != q2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("AW-3..AW-7: Play(%v, %v): packed %v, %v; array %v, %v", p, m, q1, err1, q2, err2)
			}
		}
	}
	s1, err1 := r.Setup(p)
	s2, err2 := w.Setup(p)
	if s1 != s2 || err1 != nil || err2 != nil || s1 != p {
		t.Fatalf("AW-7: Setup(%v) of a position in play: packed %v, %v; array %v, %v", p, s1, err1, s2, err2)
	}
}

// TestEnginesAgreeOnEdges compares the engines on hand-made positions:
// laps, grand slams on feeding moves, endings by AW-7 and AW-10.
func TestEnginesAgreeOnEdges(t *testing.T) {
	texts := []string{
		"0,0,0,0,0,24/0,0,0,0,0,0 10,14 S", // AW-3: laps, skipping the emptied house
		"0,0,0,0,0,23/1,0,0,0,0,0 10,14 S", // AW-3, AW-4: lap and capture
		"1,0,0,0,0,17/0,0,0,0,0,0 15,15 S", // AW-5 then AW-6: feeding grand slam
		"0,0,0,0,3,2/1,2,0,0,0,0 20,20 S",  // AW-6: forced grand slam
		"0,0,0,0,1,1/1,2,0,0,0,0 20,23 S",  // AW-6: grand slam or not
		"2,0,0,0,0,0/1,0,0,0,0,0 22,23 S",  // AW-8 close
		"4,4,4,0,0,0/4,4,4,0,0,0 24,0 S",   // AW-10: exactly half
		"0,0,0,0,0,1/0,0,0,0,0,0 30,17 S",  // AW-5 feeding the last seed
		"0,0,0,0,2,0/0,0,0,0,0,0 30,16 N",  // AW-7: North has no seeds
		"1,0,0,0,0,0/0,0,0,0,0,0 30,17 S",  // AW-7: South cannot feed
		"1,1,1,1,1,1/2,2,2,2,2,2 15,15 N",  // AW-4: long chains
		"0,0,0,0,0,0/0,0,0,0,0,48 0,0 N",   // AW-3: a 48-seed lap
	}
	for _, r := range engineConfigs(t, [][2]int{{6, 4}}) {
		w := wideTwin(r)
		for _, text := range texts {
			p, err := mancala.ParsePosition(text)
			if err != nil {
				t.Fatal(err)
			}
			s1, err1 := r.Setup(p)
			s2, err2 := w.Setup(p)
			if s1 != s2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("%v: Setup(%s): packed %v, %v; array %v, %v", r, text, s1, err1, s2, err2)
			}
			if err1 != nil || s1.Over() {
				continue
			}
			compareEngines(t, r, w, s1)
			for _, m := range r.Legal(nil, s1) {
				compareEngines(t, r, w, r.Apply(s1, m))
			}
		}
	}
}

// TestPlayoutReplays records the moves of playouts, packed (fastPlayout)
// and through Legal and Apply (slowPlayout, used by the array engine), and
// replays them through Legal, Apply and mancala.EndCycle: every move is
// legal, the repetitions (AW-8) and other endings fall where the replay
// puts them, and the final positions agree. From the start and from
// positions in the middle of games, with their history.
func TestPlayoutReplays(t *testing.T) {
	sizes := [][2]int{{1, 3}, {2, 3}, {3, 2}, {4, 2}, {6, 4}, {8, 2}}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, r := range engineConfigs(t, sizes) {
		for game := 0; game < 60; game++ {
			// A history: a random game cut at a random ply.
			var history []mancala.Position
			p := r.Start()
			cut := rng.IntN(60)
			for i := 0; i < cut && !p.Over(); i++ {
				moves := r.Legal(nil, p)
				history = append(history, p)
				p = mancala.EndCycle(r, history, r.Apply(p, moves[rng.IntN(len(moves))]))
			}
			if p.Over() {
				continue
			}
			var houses []int
			var final mancala.Position
			var plies int
			if game%2 == 0 {
				fr, ok := r.fastRoot(history, &p)
				if !ok {
					t.Fatalf("%v: fastRoot refused %v", r, p)
				}
				final, plies = r.fastPlayout(&fr, rng, 0, &houses)
			} else {
				final, plies = r.slowPlayout(history, p, rng, 0, &houses)
			}
			// Replay.
			q, path := p, append([]mancala.Position(nil), history...)
			for i, h := range houses {
				mover, _ := q.ToMove.Player()
				m := mancala.Single(mover, h)
				if !mancala.IsLegal(r, q, m) {
					t.Fatalf("%v: playout move %d (%v) from %v is not legal in %v", r, i, m, p, q)
				}
				path = append(path, q)
				q = mancala.EndCycle(r, path, r.Apply(q, m))
				if q.Over() != (i == len(houses)-1) {
					t.Fatalf("%v: replay of the playout from %v is over=%v after move %d of %d", r, p, q.Over(), i+1, len(houses))
				}
			}
			if q != final || plies != len(houses) {
				t.Fatalf("%v: playout from %v ended in %v after %d moves; replay %v after %d", r, p, final, plies, q, len(houses))
			}
		}
	}
}

// TestPlayoutUniform checks that the packed playout chooses uniformly
// among the legal moves: over many games, for each number k of legal
// moves, the index of the move chosen among them passes a chi-square test
// (with a fixed seed, so the test is deterministic; the bound would be
// exceeded by chance once in millions of seeds).
func TestPlayoutUniform(t *testing.T) {
	for _, name := range []string{"default", "abapa"} {
		o, _ := Preset(name)
		r, _ := New(o)
		rng := rand.New(rand.NewPCG(17, 19))
		var counts [mancala.MaxHouses + 1][mancala.MaxHouses]int
		for game := 0; game < 400; game++ {
			fr, _ := r.fastRoot(nil, ptr(r.Start()))
			var houses []int
			r.fastPlayout(&fr, rng, 0, &houses)
			p := r.Start()
			var path []mancala.Position
			for _, h := range houses {
				mover, _ := p.ToMove.Player()
				moves := r.Legal(nil, p)
				for i, m := range moves {
					if m == mancala.Single(mover, h) {
						counts[len(moves)][i]++
					}
				}
				path = append(path, p)
				p = mancala.EndCycle(r, path, r.Apply(p, mancala.Single(mover, h)))
			}
		}
		for k := 2; k <= r.n; k++ {
			total := 0
			for _, c := range counts[k][:k] {
				total += c
			}
			if total < 50*k {
				continue
			}
			chi2 := 0.0
			for _, c := range counts[k][:k] {
				d := float64(c) - float64(total)/float64(k)
				chi2 += d * d / (float64(total) / float64(k))
			}
			// A bound far in the tail for k-1 <= 5 degrees of freedom.
			if chi2 > 40 {
				t.Errorf("%s: choices among %d moves %v: chi-square %.1f", name, k, counts[k][:k], chi2)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestRepetitionDistance checks the theorem that the packed perft and
// playout rely on (AW-8): a position never repeats sooner than 2n moves
// after its first occurrence. Random games on small boards, where
// repetitions are common, with the distance measured by the replay.
func TestRepetitionDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	seen := 0
	for _, sz := range [][2]int{{1, 2}, {1, 5}, {2, 1}, {2, 3}, {3, 1}, {3, 2}, {4, 1}, {5, 1}, {6, 1}} {
		r, err := New(Options{Houses: sz[0], Seeds: sz[1], GrandSlam: GrandSlamNoCapture})
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 300; game++ {
			var path []mancala.Position
			p := r.Start()
			for !p.Over() {
				moves := r.Legal(nil, p)
				path = append(path, p)
				p = r.Apply(p, moves[rng.IntN(len(moves))])
				for i := len(path) - 1; i >= 0; i-- {
					if path[i] == p {
						if d := len(path) - i; d < 2*r.n {
							t.Fatalf("%v: %v repeats after %d moves, fewer than 2n = %d", r, p, d, 2*r.n)
						}
						seen++
						p = r.Cycle(p)
						break
					}
				}
			}
		}
	}
	if seen < 100 {
		t.Errorf("only %d repetitions seen: the test checks little", seen)
	}
}

// TestMaxPlies checks the bound of MaxPlies against its formula, 2 *
// C(total+2n, 2n), and its cap.
func TestMaxPlies(t *testing.T) {
	binom := func(n, k int) float64 {
		v := 1.0
		for i := 1; i <= k; i++ {
			v = v * float64(n-k+i) / float64(i)
		}
		return v
	}
	for _, tc := range []struct{ houses, seeds int }{{1, 1}, {2, 2}, {6, 4}, {12, 10}} {
		r, err := New(Options{Houses: tc.houses, Seeds: tc.seeds})
		if err != nil {
			t.Fatal(err)
		}
		total := 2 * tc.houses * tc.seeds
		want := 2 * binom(total+2*tc.houses, 2*tc.houses)
		got := r.MaxPlies()
		if want >= math.MaxInt/2 {
			if got != math.MaxInt {
				t.Errorf("AW-8: MaxPlies of %v = %d, want the cap", r, got)
			}
		} else if math.Abs(float64(got)-want) > want*1e-9 {
			t.Errorf("AW-8: MaxPlies of %v = %d, want %.0f", r, got, want)
		}
	}
	// A game of one seed a house on one house a side: a bound worth
	// checking by hand: C(4, 2) * 2 = 12.
	r, _ := New(Options{Houses: 1, Seeds: 1})
	if r.MaxPlies() != 12 {
		t.Errorf("MaxPlies(1 house, 1 seed) = %d, want 12", r.MaxPlies())
	}
}

// TestCheckedPathsAgree makes sure that Play refuses exactly the moves that
// Legal leaves out, on random positions of the usual board, for every
// move value including zero and joint moves.
func TestCheckedPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 37))
	all := []mancala.Move{{}, mancala.Joint(0, 0), mancala.Joint(3, 5)}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for h := 0; h < mancala.MaxHouses; h++ {
			all = append(all, mancala.Single(pl, h))
		}
	}
	for _, r := range engineConfigs(t, [][2]int{{6, 4}}) {
		p := r.Start()
		for ply := 0; ply < 300; ply++ {
			if p.Over() {
				p = r.Start()
			}
			legal := r.Legal(nil, p)
			for _, m := range all {
				q, err := r.Play(p, m)
				if mancala.IsLegal(r, p, m) != (err == nil) {
					t.Fatalf("%v: Play(%v, %v) = %v, but Legal = %v", r, p, m, err, legal)
				}
				if err != nil && (q != p || !errors.Is(err, mancala.ErrIllegalMove)) {
					t.Fatalf("%v: refused Play(%v, %v) changed the position or lost ErrIllegalMove: %v", r, p, m, err)
				}
			}
			p = r.Apply(p, legal[rng.IntN(len(legal))])
		}
	}
}

// TestPickTabUniform checks the table of random choices of the packed
// playout: for every set of k houses, each house is chosen by exactly
// floor(256/k) of the 256 random bytes and the other 256 mod k bytes are
// rejected, so that the choice is exactly uniform; and no house outside
// the set is ever chosen.
func TestPickTabUniform(t *testing.T) {
	for s := 0; s < 256; s++ {
		var count [8]int
		rejected := 0
		for x := 0; x < 256; x++ {
			sh := pickTab[s<<8|x]
			if sh == 0xff {
				rejected++
				continue
			}
			if sh%8 != 0 || s&(1<<(sh/8)) == 0 {
				t.Fatalf("set %08b, byte %d: house %d*8+%d, not in the set", s, x, sh/8, sh%8)
			}
			count[sh/8]++
		}
		k := bits.OnesCount8(uint8(s))
		if k == 0 {
			if rejected != 256 {
				t.Fatalf("empty set: %d bytes choose a house", 256-rejected)
			}
			continue
		}
		if rejected != 256%k {
			t.Errorf("set %08b: %d bytes rejected, want %d", s, rejected, 256%k)
		}
		for h := 0; h < 8; h++ {
			if s&(1<<h) != 0 && count[h] != 256/k {
				t.Errorf("set %08b: house %d chosen by %d bytes, want %d", s, h, count[h], 256/k)
			}
		}
	}
}

// TestPlayTables checks the sowing table as the playout and perft read it
// (playTables, indexed by seeds and house) against sow, which reads the
// sowEntry table, for every house and seed count of every packed board
// size: the rows after the sowing, the capture test and the sets of the
// houses that receive seeds (AW-3, AW-4).
func TestPlayTables(t *testing.T) {
	for n := 1; n <= 8; n++ {
		pt := newPackedTables(n)
		pl := pt.play
		for h := 0; h < n; h++ {
			for s := 1; s < 256; s++ {
				own := uint64(s) << (8 * h)
				i := s<<3 | h
				b, _, _, _ := pt.sow(own, 0, h, true) // the mover's row is never captured from
				e := &pt.tab[s<<3|h]
				if got := own + pl.ownD[i]; got != b {
					t.Fatalf("AW-3: n=%d, %d seeds from house %d: own row %#x, sow gives %#x", n, s, h, got, b)
				}
				if pl.opp[i] != e.opp || pl.cm[i] != e.cm || pl.cv[i] != e.cv {
					t.Fatalf("AW-3, AW-4: n=%d, %d seeds from house %d: playTables disagree with sowEntry", n, s, h)
				}
				if uint(pl.ownSet[i]) != uint(setOf(nonZero(e.own)))<<8 || uint(pl.oppSet[i]) != uint(setOf(nonZero(e.opp)))<<8 {
					t.Fatalf("AW-3: n=%d, %d seeds from house %d: sets %#x %#x", n, s, h, pl.ownSet[i], pl.oppSet[i])
				}
			}
		}
	}
}

// TestPackedCycle checks packedCycle, the end of a playout by a
// repetition, against Cycle on random positions of every cycle rule,
// with odd and even numbers of seeds left (AW-8).
func TestPackedCycle(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 53))
	for _, r := range engineConfigs(t, [][2]int{{2, 3}, {6, 4}, {5, 1}}) {
		for i := 0; i < 200; i++ {
			p := r.Start()
			for ply := rng.IntN(80); ply > 0 && !p.Over(); ply-- {
				moves := r.Legal(nil, p)
				p = r.Apply(p, moves[rng.IntN(len(moves))])
			}
			if p.Over() {
				continue
			}
			mover, _ := p.ToMove.Player()
			b := &p.Board
			own, opp := rowWord(b, mover), rowWord(b, mover.Other())
			got := r.packedCycle(b, mover, own, opp, b.Store(mover), b.Store(mover.Other()))
			if want := r.Cycle(p); got != want {
				t.Fatalf("AW-8: %v: packedCycle(%v) = %v, Cycle gives %v", r, p, got, want)
			}
		}
	}
}

// TestRepetitionSowsEveryHouse checks the theorem behind the cheap test
// of the packed playout (fastPlayout): between two occurrences of a
// position, every one of the 2n houses is sown from (AW-8). Random games
// on small boards, where repetitions are common, with the houses sown from
// since each earlier position tracked by the test.
func TestRepetitionSowsEveryHouse(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 61))
	seen := 0
	for _, sz := range [][2]int{{1, 2}, {2, 1}, {2, 3}, {3, 1}, {3, 2}, {4, 1}, {5, 1}} {
		r, err := New(Options{Houses: sz[0], Seeds: sz[1], GrandSlam: GrandSlamNoCapture})
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 200; game++ {
			var path []mancala.Position
			var sown []uint32 // sown[i]: the houses sown from since path[i] (bit 16*player+house)
			p := r.Start()
			for !p.Over() {
				moves := r.Legal(nil, p)
				m := moves[rng.IntN(len(moves))]
				mover, _ := m.Player()
				h, _ := m.House(mover)
				path = append(path, p)
				sown = append(sown, 0)
				for i := range sown {
					sown[i] |= 1 << (16*int(mover) + h)
				}
				p = r.Apply(p, m)
				for i := len(path) - 1; i >= 0; i-- {
					if path[i] == p {
						if want := uint32(1<<r.n-1) * 0x10001; sown[i] != want {
							t.Fatalf("%v: %v repeats with houses %#x sown from, not all", r, p, sown[i])
						}
						seen++
						p = r.Cycle(p)
						break
					}
				}
			}
		}
	}
	if seen < 100 {
		t.Errorf("only %d repetitions seen: the test checks little", seen)
	}
}
