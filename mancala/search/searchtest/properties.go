package searchtest

import (
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func checkBounds(k *kit, p mancala.Position, res *result) {
	lo, hi := k.bounder.ScoreBounds(p)
	if lo > hi {
		k.failf(res, "ScoreBounds = [%d, %d]: lo > hi", lo, hi)
		return
	}
	if f, ok := k.final(); ok && (f < lo || f > hi) {
		k.failf(res, "the game played from here ended with a store difference of %d, outside ScoreBounds [%d, %d]", f, lo, hi)
		return
	}
	if v, ok := k.value(p, res); ok && (v < lo || v > hi) {
		k.failf(res, "the value under perfect play is %d (brute force), outside ScoreBounds [%d, %d]", v, lo, hi)
	}
}

// storeVariants returns p with its stores' seeds moved between the stores
// (swapped, all in one, all in the other), each different from p.
func storeVariants(p mancala.Position) []mancala.Position {
	s, n := p.Board.Store(mancala.South), p.Board.Store(mancala.North)
	var vs []mancala.Position
	for _, st := range [][2]int{{n, s}, {s + n, 0}, {0, s + n}} {
		if st[0] == s {
			continue
		}
		q := p
		if q.Board.SetStore(mancala.South, st[0]) != nil || q.Board.SetStore(mancala.North, st[1]) != nil {
			continue
		}
		vs = append(vs, q)
	}
	return vs
}

// storeless returns p with empty stores.
func storeless(p mancala.Position) mancala.Position {
	_ = p.Board.SetStore(mancala.South, 0)
	_ = p.Board.SetStore(mancala.North, 0)
	return p
}

func storeDelta(p, q mancala.Position) [2]int {
	return [2]int{
		q.Board.Store(mancala.South) - p.Board.Store(mancala.South),
		q.Board.Store(mancala.North) - p.Board.Store(mancala.North),
	}
}

func checkStoreIndependent(k *kit, p mancala.Position, res *result) {
	moves := k.r.Legal(nil, p)
	for _, v := range storeVariants(p) {
		if q, err := k.r.Setup(v); err != nil || q != v {
			continue // the ruleset has no such position
		}
		res.variants++
		vm := k.r.Legal(nil, v)
		if !slices.Equal(moves, vm) {
			k.failf(res, "with the stores at %d,%d the legal moves are %v, not %v", v.Board.Store(mancala.South), v.Board.Store(mancala.North), vm, moves)
			return
		}
		for _, m := range moves {
			a, b := k.r.Apply(p, m), k.r.Apply(v, m)
			if storeless(a) != storeless(b) {
				k.failf(res, "with the stores at %d,%d, move %v leads to %s, not to %s but for the stores", v.Board.Store(mancala.South), v.Board.Store(mancala.North), m, b, a)
				return
			}
			if da, db := storeDelta(p, a), storeDelta(v, b); da != db {
				k.failf(res, "with the stores at %d,%d, move %v adds %v to the stores, not %v", v.Board.Store(mancala.South), v.Board.Store(mancala.North), m, db, da)
				return
			}
		}
	}
}

func checkEndgame(k *kit, p mancala.Position, res *result) {
	gain, ok := k.eg.Endgame(p)
	if _, single := p.ToMove.Player(); !single {
		if ok {
			k.failf(res, "Endgame answers %d for a position with no single player to move", gain)
		}
		return
	}
	if g2, ok2 := k.eg.Endgame(p); g2 != gain || ok2 != ok {
		k.failf(res, "Endgame answers (%d, %v), then (%d, %v)", gain, ok, g2, ok2)
		return
	}
	if !ok {
		return
	}
	if v, known := k.value(p, res); known {
		if want := moverGain(p, v); gain != want {
			k.failf(res, "Endgame = %d, brute force %d", gain, want)
		}
	}
}

func checkPackerOnce(k *kit, res *result) {
	if k.cycler {
		res.add("a search.Packer must not be a mancala.Cycler")
	}
	if k.si == nil || !k.si.StoreIndependent() {
		res.add("a search.Packer must be store-independent (search.StoreIndependent)")
	}
	if x, ok := k.pk.Pack(k.r.Start()); ok && !raceEnabled {
		p := k.r.Start()
		buf := k.pk.PackedChildren(nil, x)
		if a := testing.AllocsPerRun(10, func() { buf = k.pk.PackedChildren(buf[:0], x) }); a > 0 {
			res.add("PackedChildren allocates")
		}
		if a := testing.AllocsPerRun(10, func() { x, _ = k.pk.Pack(p) }); a > 0 {
			res.add("Pack allocates")
		}
	}
}

func checkPacker(k *kit, p mancala.Position, res *result) {
	me, single := p.ToMove.Player()
	if !single {
		return
	}
	x, ok := k.pk.Pack(p)
	if !ok {
		return
	}
	if x2, ok2 := k.pk.Pack(p); x2 != x || !ok2 {
		k.failf(res, "Pack gives %v, then %v", x, x2)
		return
	}
	kids := k.pk.PackedChildren(nil, x)
	moves := k.r.Legal(nil, p)
	if len(kids) != len(moves) {
		k.failf(res, "PackedChildren has %d children, Legal %d moves (%v)", len(kids), len(moves), moves)
		return
	}
	for _, m := range moves {
		house, _ := m.House(me)
		var c *search.PackedChild
		for i := range kids {
			if kids[i].House == house {
				if c != nil {
					k.failf(res, "PackedChildren has two children for house %d", house)
					return
				}
				c = &kids[i]
			}
		}
		if c == nil {
			k.failf(res, "PackedChildren has no child for the legal move %v", m)
			return
		}
		q := k.r.Apply(p, m)
		if c.Over != q.Over() {
			k.failf(res, "the child of house %d has Over %v, but Apply gives %s", house, c.Over, q)
			return
		}
		gain := moverGain(p, search.FinalDifference(q))
		if c.Gain != gain {
			k.failf(res, "the child of house %d has Gain %d, but the move changes the mover's store difference by %d", house, c.Gain, gain)
			return
		}
		if c.Over {
			continue
		}
		if again := q.ToMove == p.ToMove; c.Again != again {
			k.failf(res, "the child of house %d has Again %v, but Apply gives %s", house, c.Again, q)
			return
		}
		if xq, okq := k.pk.Pack(q); !okq || xq != c.Next {
			k.failf(res, "the child of house %d has Next %v, but Pack of Apply's %s gives %v, %v", house, c.Next, q, xq, okq)
			return
		}
	}
	seeds := k.pk.PackedSeeds(x)
	if f, ok := k.final(); ok {
		if g := moverGain(p, f); g > seeds || g < -seeds {
			k.failf(res, "PackedSeeds = %d, but the mover gains %d in the game played from here", seeds, g)
			return
		}
	}
	eg, egOK := k.pk.PackedEndgame(x)
	if v, known := k.value(p, res); known {
		want := moverGain(p, v)
		if want > seeds || want < -seeds {
			k.failf(res, "PackedSeeds = %d, but the mover's gain under perfect play is %d (brute force)", seeds, want)
			return
		}
		if egOK && eg != want {
			k.failf(res, "PackedEndgame = %d, brute force %d", eg, want)
		}
	}
}
