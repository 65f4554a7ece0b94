package search

import (
	"encoding/binary"
	"math/bits"

	"github.com/sowing-games/sowing/mancala"
)

// storelessHash hashes every field of p except the two stores, with the
// same multiply-xorshift steps as mancala.Position.Hash.
func storelessHash(p mancala.Position) uint64 {
	b := &p.Board
	rs, rn := b.Row(mancala.South), b.Row(mancala.North)
	h := uint64(0x243f6a8885a308d3)
	h = mix(h, binary.LittleEndian.Uint64(rs[0:8]))
	h = mix(h, uint64(binary.LittleEndian.Uint32(rs[8:12]))|uint64(binary.LittleEndian.Uint32(rn[8:12]))<<32)
	h = mix(h, binary.LittleEndian.Uint64(rn[0:8]))
	hs, as := b.Hand(mancala.South)
	hn, an := b.Hand(mancala.North)
	h = mix(h, uint64(hs)|uint64(hn)<<8|uint64(holeCode(as))<<16|uint64(holeCode(an))<<24|
		uint64(b.Houses())<<32|uint64(p.ToMove)<<40)
	h = mix(h, uint64(b.BurntMask(mancala.South))|uint64(b.BurntMask(mancala.North))<<16|uint64(p.State)<<32)
	h = mix(h, uint64(p.Round))
	return h ^ h>>29
}

func holeCode(h mancala.Hole) uint8 {
	return uint8(h.Owner&1)<<7 | uint8(h.House+1)&0x7f
}

func mix(h, v uint64) uint64 {
	hi, lo := bits.Mul64(h^v, 0xbf58476d1ce4e5b9)
	return hi ^ lo
}
