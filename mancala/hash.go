package mancala

import (
	"encoding/binary"
	"math/bits"
)

// Hash returns a 64-bit hash of the position, for transposition tables and
// repetition sets. Equal positions have equal hashes; different positions
// collide rarely (the hash mixes every field with multiply-xorshift steps)
// but may, so tables that need certainty also compare positions with ==.
// It allocates nothing.
func (p Position) Hash() uint64 {
	b := &p.Board
	h := uint64(0x9e3779b97f4a7c15)
	h = mix(h, binary.LittleEndian.Uint64(b.houses[0][0:8]))
	// Houses 12-15 (empty on boards of up to 12 houses a side, whose
	// hashes are therefore those of a 12-house board) are folded into the
	// word of houses 8-11, rotated so that they do not cancel it.
	h = mix(h, uint64(binary.LittleEndian.Uint32(b.houses[0][8:12]))|
		uint64(binary.LittleEndian.Uint32(b.houses[1][8:12]))<<32^
		bits.RotateLeft64(uint64(binary.LittleEndian.Uint32(b.houses[0][12:16]))|
			uint64(binary.LittleEndian.Uint32(b.houses[1][12:16]))<<32, 17))
	h = mix(h, binary.LittleEndian.Uint64(b.houses[1][0:8]))
	h = mix(h, uint64(b.stores[0])|uint64(b.stores[1])<<8|uint64(b.hands[0])<<16|
		uint64(b.hands[1])<<24|uint64(b.handAt[0])<<32|uint64(b.handAt[1])<<40|
		uint64(b.n)<<48|uint64(p.ToMove)<<56|uint64(b.shape)<<62)
	h = mix(h, uint64(b.burnt[0])|uint64(b.burnt[1])<<16|uint64(p.State)<<32)
	h = mix(h, uint64(p.Round))
	return h ^ h>>29
}

func mix(h, v uint64) uint64 {
	hi, lo := bits.Mul64(h^v, 0xbf58476d1ce4e5b9)
	return hi ^ lo
}
