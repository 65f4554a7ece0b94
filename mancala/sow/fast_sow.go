package sow

// The generic engine's sowing of one lap's seeds without tracing and
// without SW-24 (sow's inner loop, taken when no tracer listens): whole
// rounds of the circuit in bulk, then seed by seed, with no event built.

// circuitLen returns the holes of each circuit, by direction (the same
// for both players), for lapLen.
func circuitLen(t *tables) (l [2]int) {
	for d := 0; d < 2; d++ {
		x := t.next[d][0][0]
		for l[d] = 1; x != 0 && x != noCell && l[d] <= numCells; l[d]++ {
			x = t.next[d][0][x]
		}
	}
	return l
}

// sowQuick drops seeds from the hole after pos on, round mover's circuit
// next (origin skipped with SW-4), as sow's seed loop does when emit is
// nil and SW-24 is off. It returns the hole of the last seed (pos if
// seeds is 0).
func (r *Rules) sowQuick(c *cells, mover int, pos, origin, seeds int, next *[numCells]uint8, dir int, res *result) int {
	t := r.t
	oppLo := (1 - mover) * t.n
	if lap := r.lapLen[dir]; seeds >= lap && lap > 1 {
		// Whole rounds: every hole of the circuit (the origin skipped)
		// receives one seed a round; a round from pos ends on pos, or on
		// the hole before the origin when pos is the skipped origin.
		skip := r.c.SkipOrigin && pos == origin
		if r.c.SkipOrigin {
			lap--
		}
		rounds := seeds / lap
		x := pos
		for range r.lapLen[dir] {
			x = int(next[x])
			if x != origin || !r.c.SkipOrigin {
				c[x] += uint8(rounds)
				if uint(x-oppLo) < uint(t.n) {
					res.fed = true
				}
			}
		}
		seeds -= rounds * lap
		if skip {
			pos = int(t.prev[dir][mover][origin])
		}
	}
	fed := false
	for ; seeds > 0; seeds-- {
		pos = int(next[pos])
		if pos == origin && r.c.SkipOrigin { // SW-4
			pos = int(next[pos])
		}
		c[pos]++
		fed = fed || uint(pos-oppLo) < uint(t.n)
	}
	res.fed = res.fed || fed
	return pos
}
