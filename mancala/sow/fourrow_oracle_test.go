package sow_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// A second plain reference sower, for the four-row games only, written
// from the rules' words (package doc, SW-7, SW-10, SW-21 to SW-23, SW-60
// to SW-66) without the engine's tables: a player sows round his own
// houses 0..n-1 in index order (reversed: the other way), his inner
// house i faces the opponent's house 3w-1-i, and the outer house behind
// the opponent's inner house j is 2w-1-j. Each move is played lap by lap
// as the rules text tells it.

type fourState struct {
	houses [2][]int
	stores [2]int
	toMove int     // -1: over
	moved  [2]bool // SW-66
}

func (s fourState) clone() fourState {
	s.houses = [2][]int{slices.Clone(s.houses[0]), slices.Clone(s.houses[1])}
	return s
}

func (s fourState) equal(t fourState) bool {
	return slices.Equal(s.houses[0], t.houses[0]) && slices.Equal(s.houses[1], t.houses[1]) &&
		s.stores == t.stores && s.toMove == t.toMove && s.moved == t.moved
}

type fourRef struct{ c sow.Config }

// fourRefModels reports whether fourRef models c: a four-row game
// without the two-row mechanisms.
func fourRefModels(c sow.Config) bool {
	return c.Rows == 2 && !c.SkipOrigin && !c.FirstInOrigin && !c.RelayNext && !c.ExtraTurn && len(c.CaptureCounts) == 0 &&
		!c.CaptureEven && !c.CaptureNext && c.OppositeCount == 0 && !c.OppositeTakesLast && c.GrandSlam == sow.SlamCapture &&
		!c.Pass && !c.EndRowEmpty && !c.Majority && c.FewSeeds == 0 && c.SkipCount == 0 &&
		(c.NoMove == sow.OwnerTakes || c.NoMove == sow.OpponentTakes) && c.Cycle == sow.OwnerTakes
}

func (r fourRef) start() fourState {
	var s fourState
	for p := 0; p < 2; p++ {
		s.houses[p] = make([]int, r.c.Houses)
		for i := range s.houses[p] {
			s.houses[p][i] = r.c.Seeds
			if r.c.Pattern != nil {
				s.houses[p][i] = r.c.Pattern[i]
			}
		}
	}
	if r.c.NorthStarts {
		s.toMove = 1
	}
	return r.settle(s, s.toMove)
}

// step returns the hole after house i going forward (or back, rev).
func (r fourRef) step(i int, rev bool) int {
	n := r.c.Houses
	if rev {
		return (i + n - 1) % n
	}
	return (i + 1) % n
}

// sow plays mover's move from house h (reversed: rev) on a copy of s,
// and reports whether its first lap ended in a capture.
func (r fourRef) sow(s fourState, mover, h int, rev bool) (fourState, bool) {
	t := s.clone()
	w := r.c.Houses / 2
	own, opp := t.houses[mover], t.houses[1-mover]
	capOn := !(r.c.NoCaptureFirstMove && !t.moved[mover])
	t.moved[mover] = t.moved[mover] || r.c.NoCaptureFirstMove
	maxLaps := r.c.MaxLaps
	if maxLaps == 0 {
		maxLaps = 64
	}
	seeds := own[h]
	own[h] = 0
	pos, lapFrom, first := h, h, false
	for laps := 0; ; {
		for ; seeds > 0; seeds-- {
			pos = r.step(pos, rev)
			own[pos]++
		}
		captured, sowOn := false, 0
		if capOn && r.c.Opposite && pos >= w && (own[pos] == 1) != r.c.OppositeWhenOccupied {
			o := 3*w - 1 - pos
			b := 2*w - 1 - o
			full := opp[o] > 0
			if r.c.OppositeNeedsBoth {
				full = full && opp[b] > 0
			}
			if full || !r.c.OppositeNeedsSeeds {
				taken := opp[o]
				opp[o] = 0
				if r.c.OppositeBothRows {
					taken += opp[b]
					opp[b] = 0
				}
				captured = true
				if r.c.CapturedSown {
					sowOn = taken
				} else {
					t.stores[mover] += taken
				}
			}
		}
		if laps == 0 {
			first = captured
			if r.c.CaptureFirstLap && !captured {
				capOn = false
			}
		}
		if captured && sowOn == 0 || !captured && (!r.c.Relay || own[pos] == 1) {
			break
		}
		if laps++; laps >= maxLaps {
			t.stores[mover] += sowOn // captured seeds not sown stay captured
			break
		}
		if sowOn > 0 {
			seeds = sowOn
			switch r.c.CapturedFrom {
			case sow.FromLapStart:
				pos = lapFrom
			case sow.FromMoveStart:
				pos = h
			case sow.FromKichwa:
				col := 2*w - 1 - pos // from the mover's left
				if col <= 1 || col < w-2 && rev {
					pos, rev = 0, true // sow clockwise from house 2w-1, the left kichwa: start after house 0
				} else {
					pos, rev = w-1, false // anticlockwise from house w, the right kichwa
				}
			}
			lapFrom = pos
			continue
		}
		seeds, own[pos] = own[pos], 0
		lapFrom = pos
	}
	return t, first
}

// legal returns the legal moves of s in the engine's order and coding
// (house, or house+16 for a reversed sowing).
func (r fourRef) legal(s fourState) []int {
	if s.toMove < 0 {
		return nil
	}
	m, w := s.toMove, r.c.Houses/2
	own := s.houses[m]
	if r.c.InnerRowNeeded && refSum(own[w:]) == 0 {
		return nil
	}
	minSeeds := max(r.c.MinSeeds, 1)
	big := false
	for _, v := range own {
		big = big || v >= minSeeds
	}
	var out, capt []int
	for h, v := range own {
		if v == 0 || v < minSeeds && (big || !r.c.SinglesLast) {
			continue
		}
		for _, rev := range []bool{false, true} {
			if rev && !r.c.EitherWay && r.c.ReverseHouses&(1<<h) == 0 {
				continue
			}
			if r.c.SingleIntoEmpty && v == 1 && own[r.step(h, rev)] != 0 {
				continue
			}
			_, first := r.sow(s, m, h, rev)
			if rev && r.c.ReverseHouses != 0 && !first {
				continue
			}
			k := h
			if rev {
				k += 16
			}
			out = append(out, k)
			if first {
				capt = append(capt, k)
			}
		}
	}
	if r.c.MustCapture && len(capt) > 0 {
		return capt
	}
	return out
}

func (r fourRef) play(s fourState, k int) fourState {
	t, _ := r.sow(s, s.toMove, k&15, k >= 16)
	return r.settle(t, 1-s.toMove)
}

// settle ends the game when next cannot move (SW-14, SW-23), else gives
// him the turn.
func (r fourRef) settle(t fourState, next int) fourState {
	t.toMove = next
	if len(r.legal(t)) > 0 {
		return t
	}
	return r.give(t, r.c.NoMove, next)
}

func (r fourRef) give(t fourState, rule sow.Leftover, toMove int) fourState {
	t.toMove = -1
	for q := 0; q < 2; q++ {
		p := q
		if rule == sow.OpponentTakes {
			p = 1 - toMove
		}
		t.stores[p] += refSum(t.houses[q])
		clear(t.houses[q])
	}
	return t
}

func (r fourRef) position(s fourState) mancala.Position {
	b, _ := mancala.NewBoard(r.c.Houses, 0)
	_ = b.SetLayout(mancala.Layout{Rows: 2, NoStores: !r.c.Stores})
	for q := 0; q < 2; q++ {
		for i, v := range s.houses[q] {
			_ = b.SetSeeds(mancala.Player(q), i, v)
		}
		_ = b.SetStore(mancala.Player(q), s.stores[q])
	}
	turn := mancala.NoTurn
	if s.toMove >= 0 {
		turn = mancala.TurnOf(mancala.Player(s.toMove))
	}
	return mancala.Position{Board: b, ToMove: turn}
}

func (r fourRef) perft(history []fourState, s fourState, depth int) (leaves, terminal int64) {
	if depth == 0 {
		if s.toMove < 0 {
			return 1, 1
		}
		return 1, 0
	}
	if s.toMove < 0 {
		return 0, 0
	}
	history = append(history, s)
	for _, k := range r.legal(s) {
		t := r.play(s, k)
		if t.toMove >= 0 && slices.ContainsFunc(history, t.equal) {
			t = r.give(t, r.c.Cycle, t.toMove)
		}
		l, e := r.perft(history, t, depth-1)
		leaves += l
		terminal += e
	}
	return leaves, terminal
}

// fourRowConfigs returns every four-row preset of the catalogue that
// fourRef models, and configurations that mix the four-row mechanisms
// on smaller boards.
func fourRowConfigs(t *testing.T) []*sow.Rules {
	var rs []*sow.Rules
	for _, r := range presets(t) {
		if fourRefModels(r.Config()) {
			rs = append(rs, r)
		}
	}
	mixed := []sow.Config{
		// Bao's mechanisms on 4 x 4, with a short relay guard.
		{Houses: 8, Rows: 2, Seeds: 2, MinSeeds: 2, EitherWay: true, Relay: true, MaxLaps: 5,
			Opposite: true, OppositeWhenOccupied: true, OppositeNeedsSeeds: true,
			CapturedSown: true, CapturedFrom: sow.FromKichwa, MustCapture: true, CaptureFirstLap: true, InnerRowNeeded: true,
			CannotMoveLoses: true, NoMove: sow.OpponentTakes, Cycle: sow.OwnerTakes},
		// Omweso's on 4 x 3 with captures sown from the move's start and no capture in the first move.
		{Houses: 6, Rows: 2, Pattern: []int{1, 2, 1, 2, 0, 1}, Relay: true, MaxLaps: 9,
			Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true,
			CapturedSown: true, CapturedFrom: sow.FromMoveStart, ReverseHouses: 1<<0 | 1<<4, NoCaptureFirstMove: true,
			CannotMoveLoses: true, NoMove: sow.OpponentTakes, Cycle: sow.OwnerTakes},
		// Lap-start sowing, singles into empty holes, each player taking his own at the end.
		{Houses: 8, Rows: 2, Seeds: 1, MinSeeds: 2, SinglesLast: true, SingleIntoEmpty: true, Relay: true, MaxLaps: 7,
			Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true,
			CapturedSown: true, CapturedFrom: sow.FromLapStart, ReverseHouses: 1<<3 | 1<<5, MustCapture: true,
			NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes},
	}
	for _, c := range mixed {
		r, err := sow.New(c)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

// TestFourRowReference compares the engine with fourRef on perft and in
// random games, move lists and positions, for every four-row preset and
// the mixed configurations.
func TestFourRowReference(t *testing.T) {
	n, depth := 60, 4
	if testing.Short() {
		n, depth = 10, 3
	}
	for i, r := range fourRowConfigs(t) {
		rf := fourRef{r.Config()}
		l, e := mancala.Perft(r, nil, r.Start(), depth)
		if rl, re := rf.perft(nil, rf.start(), depth); rl != l || re != e {
			t.Errorf("%s (%d): perft(%d) = %d, %d; the four-row reference's %d, %d", r, i, depth, l, e, rl, re)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 42))
		var ms []mancala.Move
		for range n {
			s, p := rf.start(), r.Start()
			var hs []fourState
			var hp []mancala.Position
			for ply := 0; ; ply++ {
				if w := rf.position(s); w.Board != p.Board || w.ToMove != p.ToMove {
					t.Fatalf("%s (%d) after %d plies: %v, reference %v (before: %v)", r, i, ply, p, w, hp[len(hp)-1])
				}
				ms = r.Legal(ms[:0], p)
				legal := rf.legal(s)
				got := make([]int, len(ms))
				for k, m := range ms {
					pl, _ := m.Player()
					h, _ := m.House(pl)
					if m.Reversed() {
						h += 16
					}
					got[k] = h
				}
				if !slices.Equal(got, legal) {
					t.Fatalf("%s (%d) at %v: legal %v, reference %v", r, i, p, ms, legal)
				}
				if len(ms) == 0 || ply > 1000 {
					break
				}
				k := rng.IntN(len(ms))
				hs, hp = append(hs, s), append(hp, p)
				s = rf.play(s, legal[k])
				if s.toMove >= 0 && slices.ContainsFunc(hs, s.equal) {
					s = rf.give(s, rf.c.Cycle, s.toMove)
				}
				p = mancala.EndCycle(r, hp, r.Apply(p, ms[k]))
			}
		}
	}
}

// TestFourRowRefusals checks that the moves the four-row rules remove
// are refused with their rule's id, the position unchanged.
func TestFourRowRefusals(t *testing.T) {
	for _, r := range fourRowConfigs(t) {
		c := r.Config()
		rng := rand.New(rand.NewPCG(3, 4))
		p := r.Start()
		for ply := 0; ply < 200 && !p.Over(); ply++ {
			mover, _ := p.ToMove.Player()
			legal := r.Legal(nil, p)
			for h := 0; h < c.Houses; h++ {
				for _, m := range []mancala.Move{mancala.Single(mover, h), mancala.Reversed(mancala.Single(mover, h))} {
					q, err := r.Play(p, m)
					if slices.Contains(legal, m) {
						if err != nil {
							t.Fatalf("%s at %v: legal %v refused: %v", r, p, m, err)
						}
						continue
					}
					var me *mancala.MoveError
					if err == nil || q != p {
						t.Fatalf("%s at %v: illegal %v played: %v", r, p, m, err)
					}
					if !errors.As(err, &me) || me.Rule == "" {
						t.Fatalf("%s at %v: %v refused without a rule: %v", r, p, m, err)
					}
				}
			}
			p = r.Apply(p, legal[rng.IntN(len(legal))])
		}
	}
}
