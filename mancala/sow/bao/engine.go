package bao

import "github.com/sowing-games/sowing/mancala"

// Board geometry (BAO-1): 16 houses a side on a four-row board. Houses 0
// to 7 are a player's outer row, 8 to 15 his inner row; inner house i
// faces the opponent's inner house 23-i.
const (
	houses      = 16
	width       = 8
	nyumba      = 11 // house L: the square house, 5th of the inner row from the owner's left
	rightKichwa = 8  // house I: the inner row's end at the owner's right
	leftKichwa  = 15 // house P: the inner row's end at the owner's left
	totalSeeds  = 64
	startHand   = 22
	// maxLaps is the most laps a move may sow (BAO-18): a longer move is
	// taken as one that never ends. The legal moves of 3,000 random
	// games sowed at most 360 laps; a never-ending move found in them
	// was seen to repeat only after some 50 million laps, too many to
	// wait for.
	maxLaps = 4096
)

// Position.State bits.
const (
	stIntact   = 1 << 0 // bit 0 South's, bit 1 North's nyumba never emptied (BAO-11)
	stPending  = 1 << 2 // the player to move decides on a safari (BAO-14)
	stPendRev  = 1 << 3 // the pending sowing runs clockwise (A')
	stEndShift = 4      // bits 4-5: why the game ended
	stEndMask  = 3 << stEndShift
	stBlocked  = 1 << 6 // the player to move may not sow house stBlockAt (BAO-22)
	stBlockSh  = 7      // bits 7-10: that house
	stBlockAt  = 15 << stBlockSh
	stKnown    = stIntact | stIntact<<1 | stPending | stPendRev | stEndMask | stBlocked | stBlockAt

	endHamna  = 1 // a player's inner row is empty (BAO-19)
	endNoMove = 2 // the player to move has no legal move (BAO-20)
)

// outcome of a raw move.
type result uint8

const (
	done    result = iota // the move ended normally
	pending               // the move stopped at a safari decision (BAO-14)
	endless               // the sowing never ends (BAO-18)
)

// sim is a move being played on a copy of the board.
type sim struct {
	h     [2][mancala.MaxHouses]uint8
	st    [2]uint8
	state uint32
	me    mancala.Player
	emit  func(mancala.Event) // nil off the trace path
	// capturing is false once the move is a takasa (BAO-10).
	capturing bool
	// namua: the move began in the namua stage (BAO-3).
	namua bool
	// stopRule names the rule that ended the turn early (BAO-13, BAO-14).
	stopRule string
	// emptied: a lap began with the mover's inner row empty and its
	// first seed going to the outer row (BAO-17).
	emptied bool
}

func load(p mancala.Position, me mancala.Player, emit func(mancala.Event)) sim {
	s := sim{state: p.State, me: me, emit: emit}
	s.h[0] = p.Board.Row(mancala.South)
	s.h[1] = p.Board.Row(mancala.North)
	s.st = [2]uint8{uint8(p.Board.Store(mancala.South)), uint8(p.Board.Store(mancala.North))}
	return s
}

func next(i, dir int) int { return (i + dir + houses) % houses }

// functional reports whether player q's nyumba has its powers: never
// emptied and holding 6 or more seeds (BAO-11).
func (s *sim) functional(q mancala.Player) bool {
	return s.state&(stIntact<<q) != 0 && s.h[q][nyumba] >= 6
}

func (s *sim) ev(e mancala.Event) {
	if s.emit != nil {
		s.emit(e)
	}
}

// lift empties house i of the mover into his hand, or only n of its
// seeds when n > 0 (the tax, BAO-12). Emptying the nyumba ends its
// powers for good (BAO-21).
func (s *sim) lift(i, n int, rule string) int {
	me := s.me
	if n <= 0 {
		n = int(s.h[me][i])
	}
	s.h[me][i] -= uint8(n)
	if i == nyumba && s.h[me][i] == 0 {
		s.state &^= stIntact << me
	}
	s.ev(mancala.Event{Kind: mancala.EventPickUp, Player: me, Hole: mancala.Hole{Owner: me, House: i}, Count: n, Rule: rule})
	return n
}

// canCapture reports whether a lap of the mover ending in his house i,
// occupied before its last seed, captures: i is an inner house and the
// opponent's house facing it is occupied (BAO-4, BAO-6).
func (s *sim) canCapture(i int) bool {
	return i >= width && s.h[s.me^1][23-i] > 0
}

// capture takes the opponent's house facing inner house i and returns the
// kichwa from which the captured seeds are sown and the direction (BAO-7):
// at a kimbi the kichwa on its side, else the one given by dir.
func (s *sim) capture(i, dir int, rule string) (n, kichwa, d int) {
	opp := s.me ^ 1
	j := 23 - i
	n = int(s.h[opp][j])
	s.h[opp][j] = 0
	if j == nyumba {
		s.state &^= stIntact << opp
	}
	s.ev(mancala.Event{Kind: mancala.EventPickUp, Player: s.me, Hole: mancala.Hole{Owner: opp, House: j}, Count: n, Rule: rule})
	switch {
	case i <= rightKichwa+1:
		return n, rightKichwa, 1
	case i >= leftKichwa-1:
		return n, leftKichwa, -1
	case dir > 0:
		return n, rightKichwa, 1
	}
	return n, leftKichwa, -1
}

// lapKey is what decides the rest of a move between two captures: the
// mover's houses, where the next lap starts, its direction and the
// nyumba bits. A move whose key repeats never ends, and so passes
// maxLaps (BAO-18): the check only finds it sooner.
type lapKey struct {
	h     [mancala.MaxHouses]uint8
	at    int8
	dir   int8
	state uint32
}

// sow drops n seeds from the mover's hand into the houses after at, in
// direction dir, and goes on lap after lap (relay, BAO-8; captures,
// BAO-6 and BAO-7; the nyumba, BAO-13 and BAO-14) until a lap ends in an
// empty house. first says whether the first of these laps is the move's
// first lap, which decides whether the move captures (BAO-10).
func (s *sim) sow(at, n, dir int, first bool, dropRule string) (result, int) {
	me := s.me
	var seen lapKey
	power, lam := 1, 1
	reset := true
	for laps := 1; ; laps++ {
		if laps > maxLaps {
			return endless, dir
		}
		if !s.emptied && next(at, dir) < width && s.innerEmpty(me) {
			s.emptied = true // the inner row is empty while seeds are sown (BAO-17)
		}
		pos := at
		for k := 0; k < n; k++ {
			pos = next(pos, dir)
			s.h[me][pos]++
			s.ev(mancala.Event{Kind: mancala.EventDrop, Player: me, Hole: mancala.Hole{Owner: me, House: pos}, Rule: dropRule})
		}
		dropRule = ""
		if s.h[me][pos] == 1 {
			if first {
				s.capturing = false // a first lap ending in an empty house captures nothing
			}
			return done, dir // the lap ends in an empty house
		}
		if first && s.capturing && (n >= houses || !s.canCapture(pos)) {
			s.capturing = false // a takasa: nothing is captured in this move (BAO-6, BAO-10)
		}
		first = false
		if s.capturing && s.canCapture(pos) {
			rule := "BAO-6"
			if s.namua {
				rule = "BAO-4"
			}
			var k int
			n, k, dir = s.capture(pos, dir, rule)
			at, dropRule = k-dir, "BAO-7"
			reset = true
			continue
		}
		if s.namua && pos == nyumba && s.functional(me) {
			switch {
			case !s.capturing:
				s.stopRule = "BAO-13"
				return done, dir
			default:
				return pending, dir
			}
		}
		n = s.lift(pos, 0, "BAO-8")
		at = pos
		key := lapKey{h: s.h[me], at: int8(at), dir: int8(dir), state: s.state}
		switch {
		case reset:
			seen, power, lam, reset = key, 1, 1, false
		case key == seen:
			return endless, dir
		default:
			if lam == power {
				seen, power, lam = key, power*2, 0
			}
			lam++
		}
	}
}

// raw plays move m of the player to move in p without its ending (the
// checks of BAO-19 and BAO-20). m must have passed the candidate filters
// of gen. It returns the board, the result, and the direction the move
// ended in (for a pending safari).
func raw(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (sim, result, int) {
	me, _ := p.ToMove.Player()
	s := load(p, me, emit)
	i, _ := m.House(me)
	dir := 1
	if m.Reversed() {
		dir = -1
	}
	s.state &^= stBlocked | stBlockAt // a block lasts one move (BAO-22)
	if p.State&stPending != 0 {
		s.state &^= stPending | stPendRev
		s.capturing = true // the rest of a capturing move
		pdir := 1
		if p.State&stPendRev != 0 {
			pdir = -1
		}
		if dir != pdir {
			s.stopRule = "BAO-14"
			return s, done, dir // stop: the turn ends at the nyumba
		}
		n := s.lift(nyumba, 0, "BAO-14")
		res, d := s.sow(nyumba, n, dir, false, "")
		return s, res, d
	}
	if s.st[me] > 0 { // namua (BAO-3)
		s.namua = true
		s.st[me]--
		s.ev(mancala.Event{Kind: mancala.EventRefill, Player: me, Hole: mancala.Hole{Owner: me, House: i}, Count: 1, Rule: "BAO-3"})
		functional := s.functional(me) // before the seed: BAO-11
		s.h[me][i]++
		if s.canCapture(i) {
			s.capturing = true
			n, k, d := s.capture(i, dir, "BAO-4")
			res, d := s.sow(k-d, n, d, false, "BAO-7")
			return s, res, d
		}
		var n int
		if i == nyumba && functional {
			n = s.lift(i, 2, "BAO-12")
		} else {
			n = s.lift(i, 0, "BAO-10")
		}
		res, d := s.sow(i, n, dir, false, "")
		return s, res, d
	}
	s.capturing = true // until the first lap says otherwise
	n := s.lift(i, 0, "BAO-5")
	res, d := s.sow(i, n, dir, true, "")
	return s, res, d
}

// innerEmpty reports whether player q's inner row holds no seed.
func (s *sim) innerEmpty(q mancala.Player) bool {
	for i := width; i < houses; i++ {
		if s.h[q][i] != 0 {
			return false
		}
	}
	return true
}

// threats returns the opponent's inner houses that player q could
// capture with the first lap of a move of his on the board of s (BAO-6).
func threats(s *sim, q mancala.Player) uint16 {
	t := *s
	t.me = q
	var set uint16
	for i := 0; i < houses; i++ {
		n := int(t.h[q][i])
		if n < 2 || n >= houses {
			continue
		}
		for dir := 1; dir >= -1; dir -= 2 {
			if j := (i + dir*n + 2*houses) % houses; t.h[q][j] > 0 && t.canCapture(j) {
				set |= 1 << (23 - j)
			}
		}
	}
	return set
}

// block returns the house that kutakatia (BAO-22) closes to the
// opponent of the mover of s, who has just played an mtaji takasa, and
// true; or false when none is closed.
func block(s *sim) (int, bool) {
	me, opp := s.me, s.me^1
	if s.namua || s.capturing || s.st[opp] != 0 || threats(s, opp) != 0 {
		return 0, false
	}
	t := threats(s, me)
	if t == 0 || t&(t-1) != 0 {
		return 0, false // no threat, or more than one house threatened
	}
	j := 0
	for t>>j != 1 {
		j++
	}
	occupied, big := 0, 0
	for i := width; i < houses; i++ {
		if s.h[opp][i] > 0 {
			occupied++
		}
		if s.h[opp][i] > 1 {
			big++
		}
	}
	switch {
	case j == nyumba && s.functional(opp), occupied == 1, big == 1 && s.h[opp][j] > 1:
		return 0, false
	}
	return j, true
}

// captureFirst reports whether move m (house i, direction dir) of the
// mover, at the start of his move, captures first (BAO-4, BAO-6), without
// playing it.
func captureFirst(s *sim, i, dir int) bool {
	me := s.me
	if s.st[me] > 0 {
		return s.h[me][i] > 0 && s.canCapture(i)
	}
	n := int(s.h[me][i])
	if n < 2 || n >= houses {
		return false
	}
	j := (i + dir*n + 2*houses) % houses
	return s.h[me][j] > 0 && s.canCapture(j)
}
