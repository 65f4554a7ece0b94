package sow_test

import (
	"slices"

	"github.com/sowing-games/sowing/mancala/sow"
)

// refHouseWay keeps the moves of hs (house i, or i+16 sown against the
// game's direction) that SW-40 allows, written from the rule's words:
// seen from the mover, the left half of his row (houses 0 to n/2-1)
// sows clockwise with Outward, the right half counter-clockwise, and an
// odd row's middle house either way.
func refHouseWay(c sow.Config, hs []int) []int {
	if c.HouseWay == sow.AnyWay {
		return hs
	}
	var ok []int
	for _, h := range hs {
		i, reversed := h%16, h >= 16
		clockwise := (c.Direction == sow.Clockwise) != reversed
		switch {
		case 2*i+1 == c.Houses: // the middle house
			ok = append(ok, h)
		case 2*i < c.Houses == clockwise: // the left half clockwise, the right half not
			ok = append(ok, h)
		}
	}
	return ok
}

// refSingleToEmpty keeps the moves of hs that SW-41 allows: a house of a
// single seed only when the hole after it on the move's circuit is a
// house without seeds.
func (r ref) refSingleToEmpty(s refState, mover int, hs []int) []int {
	if !r.c.SingleToEmpty {
		return hs
	}
	var ok []int
	for _, h := range hs {
		i := h % 16
		if s.houses[mover][i] == 1 {
			ring := r.ring(mover, h >= 16)
			k := slices.IndexFunc(ring, func(x refHole) bool { return !x.store && x.owner == mover && x.i == i })
			nx := ring[(k+1)%len(ring)]
			if nx.store || *s.at(nx) != 0 {
				continue
			}
		}
		ok = append(ok, h)
	}
	return ok
}

// refTwoOut ends a lap whose last seed fell into ring[pos] (SW-42): the
// index of the next hole if it holds seeds (to be sown on), else -1 after
// the captures two out, each taken at once.
func (r ref) refTwoOut(t refState, mover int, ring []refHole, pos int, capturing bool) (refState, int) {
	nx := r.refNext(t, ring, pos)
	if r.c.TwoOutOnce && (*t.at(ring[nx]) > 0 || *t.at(ring[pos]) < 2) { // one lap; the last house held seeds
		return t, -1
	}
	if *t.at(ring[nx]) > 0 {
		return t, nx
	}
	if !capturing { // SW-92: the game's first move captures nothing
		return t, -1
	}
	for x := r.refNext(t, ring, nx); *t.at(ring[x]) > 0; {
		t.stores[mover] += *t.at(ring[x])
		*t.at(ring[x]) = 0
		gap := r.refNext(t, ring, x)
		if !r.c.Successive || *t.at(ring[gap]) > 0 {
			break
		}
		x = r.refNext(t, ring, gap)
	}
	return t, -1
}

// refNext returns the index in ring of the hole after ring[pos] that is
// in play: burnt houses (SW-43) are passed over.
func (r ref) refNext(t refState, ring []refHole, pos int) int {
	for k := 1; k < len(ring); k++ {
		h := ring[(pos+k)%len(ring)]
		if h.store || t.burnt[h.owner]&(1<<h.i) == 0 {
			return (pos + k) % len(ring)
		}
	}
	return pos
}

// refRound starts the next round after t, a round that mover's move
// ended (SW-43), all seeds now in the stores: the game stays over if a
// store cannot fill one house; else each player puts Seeds seeds into
// his houses from the one next to his store (his last in the direction of
// sowing) away from it (or from the other end, FillFromFar), burns the others, and the round's starter moves;
// the state remembers how the round started (its starter and South's
// seeds), so that only positions of rounds started alike repeat.
func (r ref) refRound(t refState, mover int) refState {
	fill := r.c.Seeds
	if t.stores[0] < fill || t.stores[1] < fill {
		return t
	}
	st0 := t.stores[0] // South's seeds at the round's end name its start
	starter := mover
	if r.c.RoundStarter == sow.LoserStarts && t.stores[0] != t.stores[1] {
		starter = 0
		if t.stores[1] < t.stores[0] {
			starter = 1
		}
	}
	for p := 0; p < 2; p++ {
		t.burnt[p] = 0
		for j := 0; j < r.c.Houses; j++ {
			i := j // the store on the left: house 0 is next to it
			if r.c.Direction == sow.Anticlockwise {
				i = r.c.Houses - 1 - j
			}
			if r.c.RoundFill == sow.FillFromFar { // from the other end
				i = r.c.Houses - 1 - i
			}
			if t.stores[p] >= fill {
				t.houses[p][i] = fill
				t.stores[p] -= fill
			} else {
				t.burnt[p] |= 1 << i
			}
		}
	}
	if r.c.RoundStarter == sow.AlternateStarts {
		starter = 1 - t.first
	}
	if r.c.Pass && len(r.candidates(t, starter)) == 0 && len(r.candidates(t, 1-starter)) > 0 {
		starter = 1 - starter
	}
	first := 0
	if r.c.NorthStarts {
		first = 1
	}
	t.start = 1 + 2*st0 + starter // as package congkak names a round's start
	if st0 == r.c.Houses*fill && starter == first {
		t.start = 0
	}
	t.first, t.toMove = starter, starter
	return r.settle1(t, starter) // a round that cannot start ends the game
}
