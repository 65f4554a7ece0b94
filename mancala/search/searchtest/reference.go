package searchtest

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// RefPacker is a ruleset with a reference [search.Packer]: see
// [ReferencePacker].
type RefPacker struct {
	mancala.Ruleset
	eg search.Endgamer // the ruleset's, or nil
}

// ReferencePacker returns r with a slow, obviously correct
// [search.Packer], for a store-independent ruleset that is not a
// mancala.Cycler. A position packs if one player is to move, the board
// has at most 8 houses a side and nothing but seeds in houses and stores
// (no hands, burnt houses, round or state): its packed form is the mover's
// row and his opponent's, a byte a house. Its children are found by
// unpacking it with the mover as South and empty stores, applying each
// legal move and packing the result. PackedEndgame asks r's Endgame if r
// is a [search.Endgamer]. The result declares itself store-independent;
// it has no other capability of r's.
func ReferencePacker(r mancala.Ruleset) *RefPacker {
	eg, _ := r.(search.Endgamer)
	return &RefPacker{Ruleset: r, eg: eg}
}

// StoreIndependent reports true.
func (r *RefPacker) StoreIndependent() bool { return true }

// Pack implements [search.Packer].
func (r *RefPacker) Pack(p mancala.Position) (search.Packed, bool) {
	me, ok := p.ToMove.Player()
	b := &p.Board
	if !ok || b.Houses() > 8 || p.Round != 0 || p.State != 0 {
		return search.Packed{}, false
	}
	for _, pl := range [2]mancala.Player{mancala.South, mancala.North} {
		if n, _ := b.Hand(pl); n != 0 || b.BurntMask(pl) != 0 {
			return search.Packed{}, false
		}
	}
	own, opp := b.Row(me), b.Row(me.Other())
	return search.Packed{binary.LittleEndian.Uint64(own[0:8]), binary.LittleEndian.Uint64(opp[0:8])}, true
}

// unpack returns x as a position with the mover South and empty stores.
func (r *RefPacker) unpack(x search.Packed) mancala.Position {
	var rows [2][mancala.MaxHouses]uint8
	binary.LittleEndian.PutUint64(rows[0][0:8], x[0])
	binary.LittleEndian.PutUint64(rows[1][0:8], x[1])
	p := r.Start()
	_ = p.Board.SetCounts(rows, [2]uint8{})
	p.ToMove = mancala.SouthTurn
	return p
}

// moveBufs holds move buffers, so that PackedChildren does not allocate.
var moveBufs = sync.Pool{New: func() any {
	b := make([]mancala.Move, 0, mancala.MaxHouses*mancala.MaxHouses)
	return &b
}}

// PackedChildren implements [search.Packer].
func (r *RefPacker) PackedChildren(dst []search.PackedChild, x search.Packed) []search.PackedChild {
	p := r.unpack(x)
	buf := moveBufs.Get().(*[]mancala.Move)
	defer moveBufs.Put(buf)
	*buf = r.Legal((*buf)[:0], p)
	for _, m := range *buf {
		h, _ := m.House(mancala.South)
		q := r.Apply(p, m)
		c := search.PackedChild{House: h, Gain: search.FinalDifference(q), Over: q.Over()}
		if !c.Over {
			c.Again = q.ToMove == mancala.SouthTurn
			c.Next, _ = r.Pack(q)
		}
		dst = append(dst, c)
	}
	return dst
}

// PackedSeeds implements [search.Packer]: the seeds in houses.
func (r *RefPacker) PackedSeeds(x search.Packed) int {
	t := 0
	for _, w := range x {
		for ; w != 0; w >>= 8 {
			t += int(w & 0xff)
		}
	}
	return t
}

// PackedEndgame implements [search.Packer] with r's Endgame, if any.
func (r *RefPacker) PackedEndgame(x search.Packed) (int, bool) {
	if r.eg == nil {
		return 0, false
	}
	return r.eg.Endgame(r.unpack(x))
}

// String names the ruleset and the reference Packer.
func (r *RefPacker) String() string { return fmt.Sprint(r.Ruleset) + " with the reference Packer" }
