package sow

import "github.com/sowing-games/sowing/mancala"

// SW-42, the next-hole relay with captures two out (Longbeu-a-cha, and the
// sowing of Pallanguzhi and Olinda): the mechanism lives here; engine.go
// calls twoOut at the end of each lap, config.go, family.go and text.go
// hold one-line hooks.

// twoOut ends a lap of the mover's sowing whose last seed fell into pos
// (SW-42): if the hole after pos holds seeds, it returns that hole, whose
// seeds are to be sown on; otherwise it makes the capture two out (the
// hole after the empty one, when it holds seeds; with Successive, then
// each hole two further on while the hole between is empty and it holds
// seeds) and returns -1; with capOn false (the first moves of SW-66 and
// SW-92) it captures nothing. With TwoOutOnce (a single lap, Eson Xorgol) it
// never sows on, and captures only when pos held seeds before the last
// seed fell. In games of rounds the holes are those in play: burnt houses
// (SW-43) are passed over.
func (r *Rules) twoOut(c *cells, mover mancala.Player, dir, pos int, capOn bool, res *result, emit emitter) int {
	t := r.t
	next := &t.next[dir][mover]
	nx := r.nextInPlay(c, next, pos) // burnt houses (SW-43) are passed over
	if c[nx] != 0 {
		if r.c.TwoOutOnce { // a single lap: the sowing ends
			return -1
		}
		return nx
	}
	if !capOn || r.c.TwoOutOnce && c[pos] < 2 { // SW-66, SW-92; a single lap captures after a house that held seeds
		return -1
	}
	for x := r.nextInPlay(c, next, nx); c[x] != 0; {
		r.take(c, mover, []uint8{uint8(x)}, int(c[x]), res, "SW-42", emit)
		gap := r.nextInPlay(c, next, x)
		if !r.c.Successive || c[gap] != 0 {
			break
		}
		x = r.nextInPlay(c, next, gap)
	}
	return -1
}
