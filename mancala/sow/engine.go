package sow

import (
	"encoding/binary"

	"github.com/sowing-games/sowing/mancala"
)

// The engine works on a flat array of the board's holes, indexed by cell:
// South's houses 0..n-1, North's n..2n-1, South's store 2n, North's
// 2n+1. Sowing follows precomputed tables of the next and previous cell
// of each player's circuit, so that one loop serves every direction and
// every choice of stores in the circuit.

const numCells = 2*mancala.MaxHouses + 2

// cells holds the holes, then (from burntAt, SW-43) each player's burnt
// houses as a 16-bit mask, South's then North's, little-endian; games
// without rounds leave those bytes 0.
type cells [numCells + 4]uint8

// burntAt is the index in cells of South's burnt mask.
const burntAt = numCells

// noCell marks "none" in cell tables.
const noCell = 0xff

// tables are the circuits of a board, made once by New.
type tables struct {
	n      int
	next   [2][2][numCells]uint8 // next[dir][mover][cell]: the following hole of mover's circuit (dir 1: reversed)
	prev   [2][2][numCells]uint8 // prev[dir][mover][cell]: the hole before it (noCell for holes off the circuit)
	opp    [numCells]uint8       // the house facing a house (noCell for none: a four-row board's outer houses)
	behind [numCells]uint8       // on a four-row board, the outer house behind an inner house
	capt   [mancala.MaxSeeds + 1]bool
	store  [2]uint8 // the store cells
	rounds bool     // SW-43: load and save the burnt houses
}

func newTables(c *Config) *tables {
	n := c.Houses
	t := &tables{n: n, store: [2]uint8{uint8(2 * n), uint8(2*n + 1)}, rounds: c.Rounds}
	for i := range t.opp {
		t.opp[i], t.behind[i] = noCell, noCell
		for d := 0; d < 2; d++ {
			t.next[d][0][i], t.next[d][1][i], t.prev[d][0][i], t.prev[d][1][i] = noCell, noCell, noCell, noCell
		}
	}
	layout := mancala.Layout{Rows: max(c.Rows, 1)}
	for p := 0; p < 2; p++ {
		for i := 0; i < n; i++ {
			if j, ok := layout.Across(n, mancala.Player(p), i); ok {
				t.opp[p*n+i] = uint8((1-p)*n + j)
			}
			if j, ok := layout.Behind(n, i); ok && i >= n/2 {
				t.behind[p*n+i] = uint8(p*n + j)
			}
		}
	}
	for mover := 0; mover < 2; mover++ {
		// The circuit in the game's direction: the mover's houses in that
		// direction (A to his last house anticlockwise, the other way
		// clockwise), his store if sown, which thus follows his last house
		// in the direction of sowing, then the opponent's houses the same
		// way, then the opponent's store if sown.
		var ring []uint8
		own, other := mover*n, (1-mover)*n
		house := func(i int) int {
			if c.Direction == Clockwise {
				return n - 1 - i
			}
			return i
		}
		for i := 0; i < n; i++ {
			ring = append(ring, uint8(own+house(i)))
		}
		if c.SowOwnStore {
			ring = append(ring, t.store[mover])
		}
		for i := 0; i < n && c.Rows != 2; i++ { // a four-row game sows round its own houses
			ring = append(ring, uint8(other+house(i)))
		}
		if c.SowOpponentStore {
			ring = append(ring, t.store[1-mover])
		}
		for i, x := range ring {
			y := ring[(i+1)%len(ring)]
			t.next[0][mover][x], t.prev[0][mover][y] = y, x
			t.next[1][mover][y], t.prev[1][mover][x] = x, y // the other way round
		}
	}
	for _, v := range c.CaptureCounts {
		t.capt[v] = true
	}
	if c.CaptureEven {
		for v := 2; v <= mancala.MaxSeeds; v += 2 {
			t.capt[v] = true
		}
	}
	return t
}

// owner returns the player whose row holds house cell x (x < 2n).
func (t *tables) owner(x int) mancala.Player {
	if x < t.n {
		return mancala.South
	}
	return mancala.North
}

// hole returns the mancala.Hole of cell x.
func (t *tables) hole(x int) mancala.Hole {
	switch {
	case x < t.n:
		return mancala.Hole{Owner: mancala.South, House: x}
	case x < 2*t.n:
		return mancala.Hole{Owner: mancala.North, House: x - t.n}
	case x == 2*t.n:
		return mancala.Hole{Owner: mancala.South, House: mancala.StoreHouse}
	}
	return mancala.Hole{Owner: mancala.North, House: mancala.StoreHouse}
}

// rowSum returns the seeds in player p's row.
func (t *tables) rowSum(c *cells, p mancala.Player) int {
	s := 0
	for _, v := range c[int(p)*t.n : int(p)*t.n+t.n] {
		s += int(v)
	}
	return s
}

// nonEmpty returns the houses of player p that hold seeds, as a mask (bit
// i: his house i), reading his row as two words of eight bytes (the
// cells past his row are masked off).
func (t *tables) nonEmpty(c *cells, p mancala.Player) uint32 {
	lo := int(p) * t.n
	w0 := binary.LittleEndian.Uint64(c[lo : lo+8])
	w1 := binary.LittleEndian.Uint64(c[lo+8 : lo+16])
	return (nonZeroBytes(w0) | nonZeroBytes(w1)<<8) & (1<<t.n - 1)
}

// nonZeroBytes returns a bit for each non-zero byte of w: bit i for byte
// i.
func nonZeroBytes(w uint64) uint32 {
	const lo7, hi8 = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	x := ((w & lo7) + lo7 | w) & hi8 // the top bit of each non-zero byte
	return uint32((x >> 7) * 0x0102040810204080 >> 56)
}

// load fills c from b.
func (t *tables) load(c *cells, b *mancala.Board) {
	s, no := b.Row(mancala.South), b.Row(mancala.North)
	copy(c[:t.n], s[:t.n])
	copy(c[t.n:2*t.n], no[:t.n])
	c[2*t.n] = uint8(b.Store(mancala.South))
	c[2*t.n+1] = uint8(b.Store(mancala.North))
	if t.rounds {
		loadBurnt(c, b)
	}
}

// save writes c into b; the seeds must be those b held.
func (t *tables) save(c *cells, b *mancala.Board) {
	var rows [2][mancala.MaxHouses]uint8
	copy(rows[0][:t.n], c[:t.n])
	copy(rows[1][:t.n], c[t.n:2*t.n])
	if t.rounds {
		clearBurnt(b) // SW-43: a refilled house may have been burnt
	}
	_ = b.SetCounts(rows, [2]uint8{c[2*t.n], c[2*t.n+1]})
	if t.rounds {
		saveBurnt(c, b)
	}
}

// tuz holds the state of the game that the board does not show: tuz[p]
// is the cell of player p's tuzdyk (SW-13), in his opponent's row, or
// noCell; tuz[2] is 1 once the game's first move has been played, for
// SW-24 (0 otherwise, and always 0 in games without SkipCount).
type tuz [3]uint8

// result is what one sowing did.
type result struct {
	last     int  // the cell of the last seed
	again    bool // the mover moves again (SW-8)
	fed      bool // a seed fell into the opponent's row (SW-12)
	slam     bool // the captures would take every seed of the opponent's row (SW-11)
	captured int  // seeds captured (into the mover's store)
	first    bool // the first lap ended in a capture (SW-61 to SW-63)
}

// emitter passes events to a tracer; nil emits nothing.
type emitter func(mancala.Event)

func (e emitter) ev(k mancala.EventKind, p mancala.Player, h mancala.Hole, count int, rule string) {
	if e != nil {
		e(mancala.Event{Kind: k, Player: p, Hole: h, Count: count, Rule: rule})
	}
}

// A move index k names a move of the player to move: his house k&15,
// sown in the game's direction for k < 16 and the other way (a reversed
// move, SW-20) for k >= 16; in games with NoOwners (SW-94, owners.go),
// k >= 16 is his opponent's house k&15 instead. Masks of moves have bit k for move index k.

// sow plays the mover's move of index k on c, in place, with the tuzdyks tz
// (which a new tuzdyk updates), and reports what it did. It applies
// SW-3 to SW-11 and SW-13; the mover's captures go to his store. With
// slamRule SlamForbidden or SlamNoCapture a grand slam captures nothing.
// emit, when not nil, receives the steps.
func (r *Rules) sow(c *cells, mover mancala.Player, k int, tz *tuz, emit emitter) result {
	t := r.t
	h, dir := r.startCell(mover, k) // SW-94: a house of either row (owners.go)
	next := &t.next[dir][mover]
	lapFrom, capOn := h, true // SW-60: the hole after which the lap sows; SW-63
	var res result
	origin := h
	seeds := int(c[h])
	c[h] = 0
	if emit != nil {
		emit.ev(mancala.EventPickUp, mover, t.hole(h), seeds, r.startRule(mover, k, tz)) // SW-90, SW-92, SW-94 (houseonce.go, owners.go)
	}
	pos := h
	if r.c.FirstInOrigin && seeds > 1 { // SW-6
		c[h]++
		seeds--
		emit.ev(mancala.EventDrop, mover, t.hole(h), 1, "SW-6")
	}
	oppLo := (1 - int(mover)) * t.n
	skip := r.c.SkipCount > 0 && tz[2]&1 != 0 // SW-24, not in the game's first move
	if r.c.SkipCount > 0 {
		tz[2] |= 1
	}
	off := ""                   // the rule that turned captures off, named when tracing (named.go)
	if r.c.NoCaptureFirstMove { // SW-66: the mover's first move captures nothing
		capOn = tz[2]&(2<<mover) != 0
		tz[2] |= 2 << mover
		if !capOn {
			off = "SW-66"
		}
	}
	if r.c.WayByFirstMove {
		chooseWay(tz, mover, dir) // SW-81, way.go
	}
	if r.c.EachHouseOnce { // SW-90 (houseonce.go): the house is played
		tz[mover] |= 1 << (k & 15)
	}
	if r.c.FirstMoveNoCapture { // SW-92 (houseonce.go): the game's first move captures nothing
		capOn = capOn && tz[2]&1 != 0
		tz[2] |= 1
	}
	laps := 0
	for {
		if emit == nil && !skip && !r.c.Rounds && r.c.Pasu == 0 { // fast_sow.go (burnt houses, SW-43, are skipped seed by seed)
			pos, seeds = r.sowQuick(c, int(mover), pos, origin, seeds, next, dir, &res), 0
		}
		for seeds > 0 {
			pos = int(next[pos])
			if pos == origin && r.c.SkipOrigin { // SW-4
				emit.ev(mancala.EventSkip, mover, t.hole(pos), 0, "SW-4")
				pos = int(next[pos])
			}
			if skip {
				pos = r.skipCounts(c, mover, pos, origin, next, emit)
			}
			if r.c.Rounds {
				pos = r.skipBurnt(c, mover, pos, origin, next, emit) // SW-43
			}
			c[pos]++
			seeds--
			if uint(pos-oppLo) < uint(t.n) {
				res.fed = true
			}
			if emit != nil {
				rule := ""
				if pos >= 2*t.n { // a store in the circuit
					rule = "SW-5"
				}
				emit.ev(mancala.EventDrop, mover, t.hole(pos), 1, rule)
			}
			if r.c.Pasu != 0 {
				r.pasu(c, mover, pos, seeds, &res, emit) // SW-80, more.go
			}
		}
		if pos >= 2*t.n { // a store
			res.last = pos
			res.again = r.c.ExtraTurn && pos == int(t.store[mover]) // SW-8
			break
		}
		if r.isTuzdyk(tz, pos) {
			res.last = pos
			break
		}
		if r.c.TwoOut { // SW-42: sow on from the next hole, or capture two out
			nx := r.twoOut(c, mover, dir, pos, capOn, &res, emit)
			if laps++; nx < 0 || laps >= r.maxLaps {
				break
			}
			pos, seeds, origin = nx, int(c[nx]), nx
			c[nx] = 0
			emit.ev(mancala.EventPickUp, mover, t.hole(pos), seeds, "SW-42")
			continue
		}
		stop, sowOn := false, 0
		if capOn {
			stop, sowOn = r.capture(c, mover, dir, pos, tz, &res, emit)
		} else {
			r.captureOff(c, mover, dir, pos, tz, off, emit) // SW-63, SW-66
		}
		if laps == 0 { // SW-61 to SW-63
			res.first = stop
			if capOn && !stop && r.c.CaptureFirstLap {
				capOn, off = false, "SW-63"
			}
		}
		if stop && sowOn == 0 || !stop && (!r.c.Relay || c[pos] == 1) {
			break
		}
		if laps++; laps >= r.maxLaps { // SW-7 guard
			break
		}
		if sowOn > 0 { // SW-22: the captured seeds are sown on from the next hole
			st := int(t.store[mover])
			c[st] -= uint8(sowOn)
			res.captured -= sowOn
			seeds = sowOn
			if r.c.CapturedFrom == FromNext {
				emit.ev(mancala.EventPickUp, mover, t.hole(st), seeds, "SW-22")
			} else { // SW-60
				emit.ev(mancala.EventPickUp, mover, t.hole(st), seeds, "SW-60")
				pos, dir = r.capturedStart(mover, pos, dir, lapFrom, h)
				next = &t.next[dir][mover]
			}
			lapFrom = pos
			continue
		}
		relay := "SW-7"
		if r.c.RelayNext { // SW-25: the seeds of the next hole are sown on
			nx := r.nextInPlay(c, next, pos) // past burnt houses (SW-43)
			if nx >= 2*t.n || c[nx] == 0 {
				break
			}
			pos, relay = nx, "SW-25"
		}
		seeds = int(c[pos]) // SW-7: relay
		c[pos] = 0
		origin, lapFrom = pos, pos
		emit.ev(mancala.EventPickUp, mover, t.hole(pos), seeds, relay)
	}
	res.last = pos
	if r.c.Tuzdyk {
		r.sweepTuzdyks(c, tz, emit)
	}
	return res
}

// skipCounts returns the first hole from pos on (pos included) that
// SW-24 does not skip: a house of the mover's opponent that holds exactly
// SkipCount seeds is skipped (and the origin, with SkipOrigin). If every
// hole of the circuit would be skipped, the seed falls into pos.
func (r *Rules) skipCounts(c *cells, mover mancala.Player, pos, origin int, next *[numCells]uint8, emit emitter) int {
	t := r.t
	x := pos
	for range numCells {
		switch {
		case x < 2*t.n && t.owner(x) != mover && int(c[x]) == r.c.SkipCount:
			emit.ev(mancala.EventSkip, mover, t.hole(x), 0, "SW-24")
		case x == origin && r.c.SkipOrigin:
			emit.ev(mancala.EventSkip, mover, t.hole(x), 0, "SW-4")
		default:
			return x
		}
		x = int(next[x])
	}
	return pos
}

func (r *Rules) isTuzdyk(tz *tuz, x int) bool {
	return r.c.Tuzdyk && (tz[0] == uint8(x) || tz[1] == uint8(x))
}

// sweepTuzdyks moves the seeds that fell into a tuzdyk to its owner's
// store (SW-13).
func (r *Rules) sweepTuzdyks(c *cells, tz *tuz, emit emitter) {
	for p := 0; p < 2; p++ {
		if x := tz[p]; x != noCell && c[x] != 0 {
			emit.ev(mancala.EventCapture, mancala.Player(p), r.t.hole(int(x)), int(c[x]), "SW-13")
			c[r.t.store[p]] += c[x]
			c[x] = 0
		}
	}
}

// capture makes the captures of a lap that ended in house pos, if any
// (SW-9, SW-10, SW-11, SW-13), and reports whether one applied (the
// sowing then ends there) and how many captured seeds, now in the
// mover's store, are to be sown on (SW-22).
func (r *Rules) capture(c *cells, mover mancala.Player, dir, pos int, tz *tuz, res *result, emit emitter) (stop bool, sowOn int) {
	t := r.t
	if r.c.CaptureBeyond { // SW-91 (beyond.go)
		return r.captureBeyond(c, mover, dir, pos, res, emit), 0
	}
	own := t.owner(pos) == mover
	if r.c.Tuzdyk && !own && c[pos] == 3 && tz[mover] == noCell { // SW-13
		// Not the opponent's last house, nor the house of the same number
		// as the opponent's tuzdyk in the mover's row.
		i := pos - (1-int(mover))*t.n
		if i != t.n-1 && (tz[1-mover] == noCell || int(tz[1-mover])-int(mover)*t.n != i) {
			tz[mover] = uint8(pos)
			res.captured += 3
			emit.ev(mancala.EventCapture, mover, t.hole(pos), 3, "SW-13")
			c[t.store[mover]] += 3
			c[pos] = 0
			return true, 0
		}
	}
	if r.countCapture && t.capt[c[pos]] && r.inCaptureRow(own) { // SW-9
		var taken [numCells]uint8
		k, sum := 0, 0
		for x := pos; x != noCell && x < 2*t.n && r.inCaptureRow(t.owner(x) == mover) && t.capt[c[x]]; x = int(t.prev[dir][mover][x]) {
			if r.isTuzdyk(tz, x) {
				break
			}
			taken[k] = uint8(x)
			k++
			sum += int(c[x])
			if !r.c.Successive || int(t.prev[dir][mover][x]) == pos { // a chain round the whole circuit stops
				break
			}
		}
		r.take(c, mover, taken[:k], sum, res, "SW-9", emit)
		return true, 0
	}
	if r.c.Opposite && own && (c[pos] == 1) != r.c.OppositeWhenOccupied && t.opp[pos] != noCell { // SW-10
		if ok, sowOn := r.opposite(c, mover, pos, res, emit); ok {
			return true, sowOn
		}
	}
	if r.c.CaptureNext && c[pos] == 1 { // SW-26
		nx := int(t.next[dir][mover][pos])
		if nx < 2*t.n && c[nx] != 0 && !r.isTuzdyk(tz, nx) {
			r.take(c, mover, []uint8{uint8(nx)}, int(c[nx]), res, "SW-26", emit)
			return true, 0
		}
	}
	return false, 0
}

// opposite makes the opposite capture (SW-10, SW-22) of a last seed in the
// mover's house pos, if its conditions hold, and reports whether it did
// and how many captured seeds are to be sown on.
func (r *Rules) opposite(c *cells, mover mancala.Player, pos int, res *result, emit emitter) (bool, int) {
	t := r.t
	o := int(t.opp[pos])
	if r.c.OppositeCount > 0 && int(c[o]) != r.c.OppositeCount {
		return false, 0
	}
	var taken [mancala.MaxHouses + 3]uint8
	taken[0] = uint8(o)
	k, sum := 1, int(c[o])
	full := c[o] != 0
	if r.c.OppositeAll { // SW-10: every house of the opponent holding the count
		lo := (1 - int(mover)) * t.n
		for x := lo; x < lo+t.n; x++ {
			if x != o && int(c[x]) == r.c.OppositeCount {
				taken[k] = uint8(x)
				k, sum = k+1, sum+int(c[x])
			}
		}
	}
	if r.c.OppositeBothRows {
		b := int(t.behind[o])
		if !r.c.OppositeAll || int(c[b]) != r.c.OppositeCount { // else taken already
			taken[k] = uint8(b)
			k, sum = k+1, sum+int(c[b])
		}
		if r.c.OppositeNeedsBoth {
			full = full && c[b] != 0
		}
	}
	if !full && r.c.OppositeNeedsSeeds {
		return false, 0
	}
	if r.c.OppositeTakesLast {
		taken[k] = uint8(pos)
		k++
		sum += int(c[pos])
	}
	before := res.captured
	r.take(c, mover, taken[:k], sum, res, "SW-10", emit)
	if r.c.CapturedSown {
		return true, res.captured - before
	}
	return true, 0
}

// inCaptureRow reports whether a house of the mover's own row (own) or of
// his opponent's is one that count captures take.
func (r *Rules) inCaptureRow(own bool) bool {
	switch r.c.CaptureRow {
	case OwnRow:
		return own
	case AnyRow:
		return true
	}
	return !own
}

// take moves the seeds of the houses in taken (sum seeds) to the mover's
// store, unless they are a grand slam that captures nothing (SW-11).
func (r *Rules) take(c *cells, mover mancala.Player, taken []uint8, sum int, res *result, rule string, emit emitter) {
	if sum == 0 {
		return
	}
	t := r.t
	fromOpp := 0
	for _, x := range taken {
		if t.owner(int(x)) != mover {
			fromOpp += int(c[x])
		}
	}
	if fromOpp > 0 && fromOpp == t.rowSum(c, mover.Other()) {
		res.slam = true
		if r.c.GrandSlam == SlamForbidden || r.c.GrandSlam == SlamNoCapture {
			return
		}
	}
	for _, x := range taken {
		if c[x] != 0 {
			emit.ev(mancala.EventCapture, mover, t.hole(int(x)), int(c[x]), rule)
		}
		c[x] = 0
	}
	c[t.store[mover]] += uint8(sum)
	res.captured += sum
}
