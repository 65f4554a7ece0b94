package sow_test

import (
	"slices"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// A plain reference sower, written from the rules' words without the
// engine's tables: the circuit is a list of holes built for each move,
// and each rule is a few lines in the order the package doc states them.
// It covers every mechanism but the tuzdyk (SW-13), and is the oracle
// that the engine is compared with in random games and perft.

type refHole struct {
	store bool
	owner int
	i     int
}

type refState struct {
	houses [2][]int
	stores [2]int
	toMove int       // 0 South, 1 North, -1 over
	opened bool      // the first move has been played (SW-24)
	burnt  [2]uint16 // burnt houses, bit i house i (SW-43)
	start  int       // the round's start (SW-43): 0 for the game's own
	played [2]uint16 // the houses each player has sown from (SW-90), bit i house i
	first  int       // who started the round (SW-43), 0 South, 1 North
	way    int       // SW-81: 0 before the first move, 1 + 1 if South sows against Direction
}

func (s refState) clone() refState {
	s.houses = [2][]int{slices.Clone(s.houses[0]), slices.Clone(s.houses[1])}
	return s
}

func (s refState) equal(t refState) bool {
	return slices.Equal(s.houses[0], t.houses[0]) && slices.Equal(s.houses[1], t.houses[1]) &&
		s.stores == t.stores && s.toMove == t.toMove && s.opened == t.opened && s.burnt == t.burnt && s.start == t.start && s.played == t.played && s.way == t.way
}

func (s *refState) at(h refHole) *int {
	if h.store {
		return &s.stores[h.owner]
	}
	return &s.houses[h.owner][h.i]
}

func refSum(row []int) int {
	t := 0
	for _, v := range row {
		t += v
	}
	return t
}

type ref struct{ c sow.Config }

func (r ref) start() refState {
	var s refState
	for p := 0; p < 2; p++ {
		s.houses[p] = make([]int, r.c.Houses)
		for i := range s.houses[p] {
			s.houses[p][i] = r.c.Seeds
			if r.c.Pattern != nil {
				s.houses[p][i] = r.c.Pattern[i]
			}
		}
	}
	if r.c.NorthStarts {
		s.toMove, s.first = 1, 1
	}
	return r.settle(s, s.toMove)
}

// ring returns mover's circuit in the game's direction, his store after
// his last house in that direction, reversed for a reversed move (SW-20).
func (r ref) ring(mover int, reversed bool) []refHole {
	order := func(i int) int { // the houses in the game's direction
		if r.c.Direction == sow.Clockwise {
			return r.c.Houses - 1 - i
		}
		return i
	}
	var ring []refHole
	for i := 0; i < r.c.Houses; i++ {
		ring = append(ring, refHole{owner: mover, i: order(i)})
	}
	if r.c.SowOwnStore {
		ring = append(ring, refHole{store: true, owner: mover})
	}
	for i := 0; i < r.c.Houses && r.c.Rows != 2; i++ {
		ring = append(ring, refHole{owner: 1 - mover, i: order(i)})
	}
	if r.c.SowOpponentStore {
		ring = append(ring, refHole{store: true, owner: 1 - mover})
	}
	if reversed {
		slices.Reverse(ring)
	}
	return ring
}

func (r ref) captures(n int) bool {
	if r.c.CaptureEven && n > 0 && n%2 == 0 {
		return true
	}
	return slices.Contains(r.c.CaptureCounts, n)
}

func (r ref) inRow(mover int, h refHole) bool {
	if h.store {
		return false
	}
	switch r.c.CaptureRow {
	case sow.OwnRow:
		return h.owner == mover
	case sow.AnyRow:
		return true
	}
	return h.owner != mover
}

// sow plays mover's move k (house k%16, reversed if k >= 16) on s and returns the new state (mover still
// to move), whether he moves again, whether a seed reached the
// opponent's row, and whether the move was a grand slam.
func (r ref) sow(s refState, mover, k int) (t refState, again, fed, slam bool) {
	// slam: some capture of the move took every seed of the opponent's row
	t = s.clone()
	h, from := k%16, mover
	ring := r.ring(mover, k >= 16)
	if r.c.NoOwners && k >= 16 { // SW-94: the opponent's house h, the usual way
		from, ring = 1-mover, r.ring(mover, false)
	}
	pos := slices.Index(ring, refHole{owner: from, i: h})
	hand := t.houses[from][h]
	t.houses[from][h] = 0
	origin := pos
	if r.c.FirstInOrigin && hand > 1 {
		t.houses[from][h]++
		hand--
	}
	maxLaps := r.c.MaxLaps
	if maxLaps == 0 {
		maxLaps = 64
	}
	if r.c.EachHouseOnce { // SW-90
		t.played[mover] |= 1 << h
	}
	capturing := !r.c.FirstMoveNoCapture || t.opened // SW-92
	if r.c.FirstMoveNoCapture {
		t.opened = true
	}
	skipping := r.c.SkipCount > 0 && t.opened
	if r.c.SkipCount > 0 {
		t.opened = true
	}
	skipped := func(k int) bool {
		h := ring[k]
		return skipping && !h.store && h.owner != mover && *t.at(h) == r.c.SkipCount ||
			!h.store && t.burnt[h.owner]&(1<<h.i) != 0 // SW-43
	}
	for lap := 1; ; lap++ {
		for hand > 0 {
			pos = (pos + 1) % len(ring)
			if pos == origin && r.c.SkipOrigin {
				pos = (pos + 1) % len(ring)
			}
			for tries, p0 := 0, pos; skipped(pos) || pos == origin && r.c.SkipOrigin; tries++ {
				if tries == len(ring) {
					pos = p0 // every hole skipped: the seed falls where it was
					break
				}
				pos = (pos + 1) % len(ring)
			}
			*t.at(ring[pos]) += 1
			hand--
			if h := ring[pos]; r.c.Pasu > 0 && hand > 0 && !h.store && *t.at(h) == r.c.Pasu { // SW-80
				t.stores[h.owner] += r.c.Pasu
				*t.at(h) = 0
			}
			if !ring[pos].store && ring[pos].owner != mover {
				fed = true
			}
		}
		last := ring[pos]
		if last.store {
			return t, r.c.ExtraTurn && last.owner == mover, fed, slam
		}
		if r.c.TwoOut { // SW-42
			var nx int
			if t, nx = r.refTwoOut(t, mover, ring, pos, capturing); nx < 0 || lap >= maxLaps {
				return t, false, fed, slam
			}
			pos, origin, hand = nx, nx, *t.at(ring[nx])
			*t.at(ring[nx]) = 0
			continue
		}
		if r.c.CaptureBeyond { // SW-91: from the hole after the last one, forwards
			var taken []refHole
			for k := (pos + 1) % len(ring); capturing && len(taken) < len(ring); k = (k + 1) % len(ring) {
				if ring[k].store || !r.inRow(mover, ring[k]) || !r.captures(*t.at(ring[k])) {
					break
				}
				taken = append(taken, ring[k])
				if !r.c.Successive {
					break
				}
			}
			slam = slam || r.isSlam(t, mover, taken)
			return r.take(t, mover, taken), false, fed, slam
		}
		n := *t.at(last)
		if capturing && r.captures(n) && r.inRow(mover, last) {
			var taken []refHole
			for k := pos; len(taken) < len(ring); k = (k - 1 + len(ring)) % len(ring) {
				if !r.inRow(mover, ring[k]) || !r.captures(*t.at(ring[k])) {
					break
				}
				taken = append(taken, ring[k])
				if !r.c.Successive {
					break
				}
			}
			slam = slam || r.isSlam(t, mover, taken)
			return r.take(t, mover, taken), false, fed, slam
		}
		if h, ok := r.opposite(last); capturing && r.c.Opposite && last.owner == mover && (n == 1) != r.c.OppositeWhenOccupied && ok &&
			(r.c.OppositeCount == 0 || *t.at(h) == r.c.OppositeCount) {
			taken := []refHole{h}
			full := *t.at(h) > 0
			if r.c.OppositeAll {
				for i := range t.houses[1-mover] {
					if x := (refHole{owner: 1 - mover, i: i}); x != h && *t.at(x) == r.c.OppositeCount {
						taken = append(taken, x)
					}
				}
			}
			if r.c.OppositeBothRows {
				b := refHole{owner: h.owner, i: r.c.Houses - 1 - h.i}
				if !slices.Contains(taken, b) {
					taken = append(taken, b)
				}
				if r.c.OppositeNeedsBoth {
					full = full && *t.at(b) > 0
				}
			}
			if full || !r.c.OppositeNeedsSeeds {
				if r.c.OppositeTakesLast {
					taken = append(taken, last)
				}
				slam = slam || r.isSlam(t, mover, taken)
				before := t.stores[mover]
				t = r.take(t, mover, taken)
				if !r.c.CapturedSown {
					return t, false, fed, slam
				}
				if lap >= maxLaps {
					return t, false, fed, slam
				}
				hand = t.stores[mover] - before // sown on from the next hole
				t.stores[mover] = before
				continue
			}
		}
		if capturing && r.c.CaptureNext && n == 1 {
			nx := ring[(pos+1)%len(ring)]
			if !nx.store && *t.at(nx) > 0 {
				taken := []refHole{nx}
				slam = slam || r.isSlam(t, mover, taken)
				return r.take(t, mover, taken), false, fed, slam
			}
		}
		if !r.c.Relay || n == 1 || lap >= maxLaps {
			return t, false, fed, slam
		}
		if r.c.RelayNext {
			nx := r.refNext(t, ring, pos)
			if ring[nx].store || *t.at(ring[nx]) == 0 {
				return t, false, fed, slam
			}
			pos = nx
			last = ring[nx]
			n = *t.at(last)
		}
		hand = n
		*t.at(last) = 0
		origin = pos
	}
}

// opposite returns the house facing h across the middle, if any: on a
// four-row board, only inner houses (the second half) face.
func (r ref) opposite(h refHole) (refHole, bool) {
	n := r.c.Houses
	if r.c.Rows != 2 {
		return refHole{owner: 1 - h.owner, i: n - 1 - h.i}, true
	}
	w := n / 2
	if h.i < w {
		return refHole{}, false
	}
	return refHole{owner: 1 - h.owner, i: 3*w - 1 - h.i}, true
}

func (r ref) isSlam(t refState, mover int, taken []refHole) bool {
	opp := 0
	for _, h := range taken {
		if h.owner != mover {
			opp += *t.at(h)
		}
	}
	return opp > 0 && opp == refSum(t.houses[1-mover])
}

// take captures the houses taken for mover, unless a grand slam
// captures nothing.
func (r ref) take(t refState, mover int, taken []refHole) refState {
	if r.isSlam(t, mover, taken) && (r.c.GrandSlam == sow.SlamForbidden || r.c.GrandSlam == sow.SlamNoCapture) {
		return t
	}
	for _, h := range taken {
		t.stores[mover] += *t.at(h)
		*t.at(h) = 0
	}
	return t
}

// candidates returns the houses allowed before the grand slam rule.
func (r ref) candidates(s refState, mover int) []int {
	var hs []int
	for i, v := range s.houses[mover] {
		if v >= max(r.c.MinSeeds, 1) {
			hs = append(hs, i)
			if r.c.EitherWay {
				hs = append(hs, i+16)
			}
		}
	}
	if len(hs) == 0 && r.c.SinglesLast {
		for i, v := range s.houses[mover] {
			if v > 0 {
				hs = append(hs, i)
				if r.c.EitherWay {
					hs = append(hs, i+16)
				}
			}
		}
	}
	if r.c.EachHouseOnce { // SW-90: a house not played yet, if one is allowed
		var fresh []int
		for _, h := range hs {
			if s.played[mover]&(1<<h) == 0 {
				fresh = append(fresh, h)
			}
		}
		if len(fresh) > 0 {
			hs = fresh
		}
	}
	if r.c.WayByFirstMove { // SW-81: both ways first, then each his own
		var ws []int
		for _, h := range hs {
			switch {
			case s.way == 0:
				ws = append(ws, h, h+16)
			case (s.way == 2) == (mover == 0):
				ws = append(ws, h+16)
			default:
				ws = append(ws, h)
			}
		}
		hs = ws
	}
	for i, v := range s.houses[1-mover] { // SW-94: then the opponent's houses
		if r.c.NoOwners && v > 0 {
			hs = append(hs, i+16)
		}
	}
	hs = refHouseWay(r.c, hs)             // SW-40
	hs = r.refSingleToEmpty(s, mover, hs) // SW-41
	if !r.c.Feed || refSum(s.houses[1-mover]) != 0 {
		return hs
	}
	var feeds []int
	for _, h := range hs {
		if _, _, fed, _ := r.sow(s, mover, h); fed {
			feeds = append(feeds, h)
		}
	}
	return feeds
}

func (r ref) legal(s refState) []int {
	if s.toMove < 0 {
		return nil
	}
	hs := r.candidates(s, s.toMove)
	if r.c.GrandSlam != sow.SlamForbidden && r.c.GrandSlam != sow.SlamForbiddenElseCapture {
		return hs
	}
	var ok []int
	for _, h := range hs {
		if _, _, _, slam := r.sow(s, s.toMove, h); !slam {
			ok = append(ok, h)
		}
	}
	if len(ok) == 0 {
		return hs
	}
	return ok
}

func (r ref) play(s refState, h int) refState {
	t, again, _, _ := r.sow(s, s.toMove, h)
	if r.c.WayByFirstMove && t.way == 0 { // SW-81
		t.way = 1
		if (h >= 16) == (s.toMove == 0) {
			t.way = 2
		}
	}
	next := 1 - s.toMove
	if again {
		next = s.toMove
	}
	return r.settle(t, next)
}

// settle ends the game or gives the turn to next.
func (r ref) settle(t refState, next int) refState {
	if r.c.Rounds { // SW-43: an end ends a round
		mover := t.toMove
		if u := r.settle1(t, next); u.toMove < 0 {
			return r.refRound(u, mover)
		} else {
			return u
		}
	}
	return r.settle1(t, next)
}

// settle1 is settle without rounds.
func (r ref) settle1(t refState, next int) refState {
	if r.c.Pass && len(r.candidates(t, next)) == 0 && len(r.candidates(t, 1-next)) > 0 {
		next = 1 - next
	}
	total := refSum(t.houses[0]) + refSum(t.houses[1]) + t.stores[0] + t.stores[1]
	left := refSum(t.houses[0]) + refSum(t.houses[1])
	switch {
	case r.c.Majority && (2*t.stores[0] > total || 2*t.stores[1] > total || 2*t.stores[0] == total && 2*t.stores[1] == total):
		return r.give(t, sow.OwnerTakes, next)
	case r.c.EndRowEmpty && (refSum(t.houses[0]) == 0 || refSum(t.houses[1]) == 0),
		r.c.FewSeeds > 0 && left <= r.c.FewSeeds:
		return r.give(t, r.c.NoMove, next)
	case r.c.RefillDraw && len(r.candidates(t, next)) == 0 && t.stores[next] >= r.c.Houses*r.c.Seeds: // SW-93: a draw
		u := r.give(t, sow.OpponentTakes, next)
		if extra := u.stores[next] - total/2; extra > 0 {
			u.stores[next] -= extra
			u.stores[1-next] += extra
		}
		return u
	case len(r.candidates(t, next)) == 0,
		r.c.TurnRowEmpty && next != t.toMove && (refSum(t.houses[0]) == 0 || refSum(t.houses[1]) == 0): // SW-44
		return r.give(t, r.c.NoMove, next)
	}
	t.toMove = next
	return t
}

// give ends the game, the seeds left going as rule says.
func (r ref) give(t refState, rule sow.Leftover, toMove int) refState {
	t.toMove = -1
	all := func(p int) {
		for q := 0; q < 2; q++ {
			for i := range t.houses[q] {
				t.stores[p] += t.houses[q][i]
				t.houses[q][i] = 0
			}
		}
	}
	switch rule {
	case sow.OwnerTakes:
		for q := 0; q < 2; q++ {
			t.stores[q] += refSum(t.houses[q])
			clear(t.houses[q])
		}
	case sow.MoverTakes:
		all(toMove)
	case sow.OpponentTakes:
		all(1 - toMove)
	case sow.EmptyRowTakes:
		if refSum(t.houses[toMove]) == 0 {
			all(toMove)
		} else {
			all(1 - toMove)
		}
	case sow.Split:
		left := refSum(t.houses[0]) + refSum(t.houses[1])
		var keep [2][]int
		keep[0], keep[1] = make([]int, r.c.Houses), make([]int, r.c.Houses)
		if left%2 == 1 {
		found:
			for q := 0; q < 2; q++ {
				for i, v := range t.houses[q] {
					if v > 0 {
						keep[q][i] = 1
						break found
					}
				}
			}
		}
		t.stores[0] += left / 2
		t.stores[1] += left / 2
		t.houses = keep
	}
	return t
}

// position converts s to a mancala position, end bits left out.
func (r ref) position(s refState) mancala.Position {
	b, _ := mancala.NewBoard(r.c.Houses, 0)
	_ = b.SetLayout(mancala.Layout{Rows: max(r.c.Rows, 1), NoStores: !r.c.Stores})
	for q := 0; q < 2; q++ {
		for i, v := range s.houses[q] {
			_ = b.SetSeeds(mancala.Player(q), i, v)
		}
		_ = b.SetStore(mancala.Player(q), s.stores[q])
		for i := range s.houses[q] {
			_ = b.SetBurnt(mancala.Player(q), i, s.burnt[q]&(1<<i) != 0)
		}
	}
	turn := mancala.NoTurn
	if s.toMove >= 0 {
		turn = mancala.TurnOf(mancala.Player(s.toMove))
	}
	return mancala.Position{Board: b, ToMove: turn}
}

// perft counts as mancala.Perft does: a position that repeats one of
// history ends the game, its seeds going as Config.Cycle says.
func (r ref) perft(history []refState, s refState, depth int) (leaves, terminal int64) {
	if depth == 0 {
		if s.toMove < 0 {
			return 1, 1
		}
		return 1, 0
	}
	if s.toMove < 0 {
		return 0, 0
	}
	history = append(history, s)
	for _, h := range r.legal(s) {
		t := r.play(s, h)
		if t.toMove >= 0 && slices.ContainsFunc(history, t.equal) {
			t = r.give(t, r.c.Cycle, t.toMove)
		}
		l, e := r.perft(history, t, depth-1)
		leaves += l
		terminal += e
	}
	return leaves, terminal
}
