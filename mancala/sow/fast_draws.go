package sow

import (
	"math/bits"
	"math/rand/v2"
)

// draws gives random games their choices: bytes of the caller's
// generator, eight from each of its 64-bit outputs (one call of the
// generator for eight moves or so instead of one a move), each choice
// exactly uniform by Lemire's multiply and rejection. The generic and
// the packed engines draw through it alike, so that from the same
// generator they play the same games.
type draws struct {
	rng  *rand.Rand
	word uint64
	left uint // bytes of word not used yet
}

// byte returns the next random byte.
func (d *draws) byte() uint {
	if d.left == 0 {
		d.word, d.left = d.rng.Uint64(), 8
	}
	b := uint(d.word & 0xff)
	d.word >>= 8
	d.left--
	return b
}

// intN returns a uniform random number in [0, k), for k from 1 to 256.
func (d *draws) intN(k uint) uint {
	for {
		m := d.byte() * k
		if m&0xff >= k || m&0xff >= (256-k)%k {
			return m >> 8
		}
	}
}

// pick returns the index of a uniformly random bit of m, not 0.
func (d *draws) pick(m uint32) int {
	for k := d.intN(uint(bits.OnesCount32(m))); k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros32(m)
}

// pickHi returns the byte index of a uniformly random house of the hi
// mask m (houses 0 to 7), not 0, drawing as pick does on the same
// houses.
func (d *draws) pickHi(m uint64) uint {
	x := hiToMask(m) & 0xff
	return uint(selectBit[x<<3|uint32(d.intN(uint(bitCount8[x])))&7])
}

// bitCount8[x] is the number of bits set in x; selectBit[x<<3|k] is the
// index of the k-th lowest bit set in x (k below bitCount8[x]).
var bitCount8, selectBit = func() (c [256]uint8, s [256 * 8]uint8) {
	for x := range 256 {
		c[x] = uint8(bits.OnesCount8(uint8(x)))
		k := 0
		for i := range 8 {
			if x&(1<<i) != 0 {
				s[x<<3|k] = uint8(i)
				k++
			}
		}
	}
	return c, s
}()
