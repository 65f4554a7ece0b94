package congkak

import "github.com/sowing-games/sowing/mancala"

// The fast engine, for Perft and Playout. It covers boards of up to
// fastMaxHouses houses a side without burnt houses, outside the
// simultaneous opening: the positions of every single-round game with a
// sequential opening, and most of the rest of a 7×7 game. Anything else
// (the opening's ticks, rounds with burnt houses, round ends) goes through
// the general engine in sow.go, and the two are compared in the tests
// (Perft against mancala.PerftSlow, Playout against mancala.Playout).
//
// A fstate holds two 64-bit words: w[0] is the row of the player to move
// ("me": his houses in bytes 0..n-1 in his sowing order, his store in byte
// n), w[1] his opponent's in the same layout. The mover's path is then
// me's bytes 0..n followed by the opponent's bytes 0..n-1: a ring of
// L = 2n+1 "path positions" (position j is me's byte j for j <= n, the
// opponent's byte j-n-1 after). Dropping k <= L seeds after position j adds
// a precomputed mask of 0x01 bytes to each word, and since no hole ever
// holds more than mancala.MaxSeeds (255) seeds, byte-wise addition never
// carries. When a turn passes, the words swap.

const fastMaxHouses = 7

type fastTables struct {
	n         int
	plen      int               // L = 2n+1
	row       uint64            // the house bytes of a word
	lap       [2]uint64         // one seed into every path position
	drop      [16][16]dropEntry // [j][k]: k seeds sown after path position j
	stay      bool              // EmptyCaptureStay
	passReply bool              // RoundEndPassReply
}

func newFastTables(r *Rules) *fastTables {
	n := r.n
	if n > fastMaxHouses {
		return nil
	}
	L := 2*n + 1
	t := &fastTables{
		n: n, plen: L,
		row:       1<<(8*uint(n)) - 1,
		stay:      r.o.EmptyCapture == EmptyCaptureStay,
		passReply: r.o.RoundEnd == RoundEndPassReply,
	}
	// Path position j is in word[j] at bit shift[j].
	var word, shift [16]uint8
	for j := 0; j < L; j++ {
		if j <= n {
			word[j], shift[j] = 0, uint8(8*j)
		} else {
			word[j], shift[j] = 1, uint8(8*(j-n-1))
		}
		t.lap[word[j]] += 1 << shift[j]
	}
	for j := 0; j < L; j++ {
		for k := 1; k <= L; k++ {
			e := &t.drop[j][k]
			for d := 1; d <= k; d++ {
				q := (j + d) % L
				if word[q] == 0 {
					e.m0 += 1 << shift[q]
				} else {
					e.m1 += 1 << shift[q]
				}
			}
			q := (j + k) % L
			e.last, e.word, e.shift = uint8(q), word[q], shift[q]
		}
	}
	return t
}

// dropEntry describes sowing k <= L seeds after path position j: the
// 0x01 bytes to add to each word, and where the last seed lands.
type dropEntry struct {
	m0, m1 uint64 // added to the mover's and the opponent's words
	last   uint8  // path position of the last seed
	word   uint8  // its word: 0 the mover's, 1 the opponent's
	shift  uint8  // its bit shift in that word
	_      uint8
}

type fstate struct {
	w     [2]uint64
	side  mancala.Player // the player to move, whose row is w[0]
	reply bool           // stateReply
}

// covers reports whether the fast engine can play on from s.
func (t *fastTables) covers(s *sim) bool {
	p, single := s.toMove.Player()
	return t != nil && single && s.hand == [2]uint8{} && s.burnt == [2]uint16{} && !s.rowEmpty(p)
}

func (t *fastTables) fromSim(s *sim) fstate {
	var f fstate
	f.side, _ = s.toMove.Player()
	f.reply = s.state&stateReply != 0
	n := t.n
	for q := mancala.South; q <= mancala.North; q++ {
		base := 0
		if q == mancala.North {
			base = n + 1
		}
		var v uint64
		for i := n; i >= 0; i-- {
			v = v<<8 | uint64(s.b[base+i])
		}
		f.w[q^f.side] = v
	}
	return f
}

// toSim writes f into s, whose other fields (round, paths) must be those
// f was made from.
func (t *fastTables) toSim(f *fstate, s *sim) {
	n := t.n
	for q := mancala.South; q <= mancala.North; q++ {
		base := 0
		if q == mancala.North {
			base = n + 1
		}
		v := f.w[q^f.side]
		for i := 0; i <= n; i++ {
			s.b[base+i] = uint8(v >> (8 * uint(i)))
		}
	}
	s.toMove = mancala.TurnOf(f.side)
	s.state &^= stateReply
	if f.reply {
		s.state |= stateReply
	}
}

// nonEmpty returns the mover's non-empty houses as a bit set.
func (t *fastTables) nonEmpty(w uint64) uint8 {
	x := w & t.row
	y := ((x & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f | x) & 0x8080808080808080
	return uint8((y >> 7) * 0x0102040810204080 >> 56)
}

// sow plays the mover's house o through every relay (CK-2, CK-4) to its
// end and reports whether the last seed reached his store (CK-3); if not,
// it has been resolved by CK-5 or CK-6.
func (t *fastTables) sow(w *[2]uint64, o int) bool {
	n := t.n
	sh := uint(8 * o)
	k := int(w[0] >> sh & 0xff)
	w[0] &^= 0xff << sh
	pos := o
	for {
		if k > t.plen {
			q := uint64((k - 1) / t.plen)
			w[0] += q * t.lap[0]
			w[1] += q * t.lap[1]
			k -= int(q) * t.plen
		}
		e := &t.drop[pos][k]
		w[0] += e.m0
		w[1] += e.m1
		pos = int(e.last)
		if pos == n {
			return true
		}
		wi, sh := e.word&1, uint(e.shift)
		v := int(w[wi] >> sh & 0xff)
		if v > 1 {
			w[wi] &^= 0xff << sh
			k = v
			continue
		}
		if pos < n {
			// Capture (CK-5): the opposite house is the opponent's n-1-pos.
			osh := uint(8 * (n - 1 - pos))
			if c := w[1] >> osh & 0xff; c > 0 {
				w[1] &^= 0xff << osh
				w[0] &^= 0xff << sh
				w[0] += (c + 1) << (8 * uint(n))
			} else if !t.stay {
				w[0] &^= 0xff << sh
				w[0] += 1 << (8 * uint(n))
			}
		}
		return false
	}
}

// play plays the mover's house o and what follows it within the round. It
// reports whether the round has ended, leaving f as it was when the last
// turn ended (side is the last mover) for the general engine to score.
func (t *fastTables) play(f *fstate, o int) (roundOver bool) {
	if t.sow(&f.w, o) && f.w[0]&t.row != 0 {
		return false // CK-3: the mover chooses again
	}
	// The mover's turn has ended (CK-7); see sim.endTurn.
	me, op := f.w[0]&t.row != 0, f.w[1]&t.row != 0
	if !t.passReply {
		if !me || !op {
			return true
		}
	} else if f.reply {
		f.reply = false
		if !op {
			return true
		}
	} else if !op {
		if !me {
			return true
		}
		f.reply = true // the opponent passes; the mover plays one more turn
		return false
	}
	f.w[0], f.w[1] = f.w[1], f.w[0]
	f.side ^= 1
	return false
}

// legal appends s's legal moves, as Rules.Legal does.
func (s *sim) legal(dst []mancala.Move) []mancala.Move {
	n := s.r.n
	switch s.toMove {
	case mancala.SouthTurn, mancala.NorthTurn:
		p, _ := s.toMove.Player()
		for i := 0; i < n; i++ {
			if s.b[s.r.houseSlot(p, i)] != 0 {
				dst = append(dst, mancala.Single(p, i))
			}
		}
	case mancala.BothTurn:
		for i := 0; i < n; i++ {
			if s.b[i] == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				if s.b[n+1+j] != 0 {
					dst = append(dst, mancala.Joint(i, j))
				}
			}
		}
	}
	return dst
}
