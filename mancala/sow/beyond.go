package sow

import "github.com/sowing-games/sowing/mancala"

// SW-91, capture beyond the last hole (Adji-boto): the count capture
// (SW-9's CaptureCounts and CaptureRow) looks at the hole after the one
// the last seed fell into, in the direction of the sowing, instead of
// that hole itself; with Successive it goes on forward, hole after hole,
// while each holds a capturing count. The hook is in engine.go's capture.

// captureBeyond makes the SW-91 captures of a lap that ended in house pos
// and reports whether it took any.
func (r *Rules) captureBeyond(c *cells, mover mancala.Player, dir, pos int, res *result, emit emitter) bool {
	t := r.t
	next := &t.next[dir][mover]
	var taken [numCells]uint8
	k, sum := 0, 0
	for x := int(next[pos]); x < 2*t.n && t.capt[c[x]] && r.inCaptureRow(t.owner(x) == mover); x = int(next[x]) {
		if k > 0 && x == int(taken[0]) { // the chain came round the whole circuit
			break
		}
		taken[k] = uint8(x)
		k++
		sum += int(c[x])
		if !r.c.Successive {
			break
		}
	}
	if k == 0 {
		return false
	}
	r.take(c, mover, taken[:k], sum, res, "SW-91", emit)
	return true
}
