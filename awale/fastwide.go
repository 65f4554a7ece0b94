package awale

import "github.com/sowing-games/sowing/mancala"

// The wide engine, used for boards of 9 to 12 houses a side, where a row
// does not fit in one word: plain arrays and loops, in the mover's frame
// like the packed engine (own is the row of the player to move). Tests run
// it on small boards too, against the packed engine.

type row = [mancala.MaxHouses]uint8

func rowSum(r *row) int {
	t := 0
	for _, v := range r {
		t += int(v)
	}
	return t
}

// wideFeeds returns the bit mask (bit i: house i) of the houses of own
// whose seeds reach the opponent's row (AW-5).
func wideFeeds(n int, own *row) uint16 {
	var m uint16
	for i := 0; i < n; i++ {
		if int(own[i]) >= n-i {
			m |= 1 << i
		}
	}
	return m
}

// wideSow plays the mover's house h (which must hold seeds) on own and opp
// in place, and returns the seeds captured and whether the move is a grand
// slam (AW-6); a grand slam captures only if captureSlam is set.
func wideSow(n int, own, opp *row, h int, captureSlam bool) (captured int, slam bool) {
	s := int(own[h])
	own[h] = 0
	ring := 2 * n
	pos := h // 0..n-1: the mover's houses; n..2n-1: the opponent's
	for ; s > 0; s-- {
		pos++
		if pos == ring {
			pos = 0
		}
		if pos == h { // AW-3: the emptied house is skipped
			pos++
			if pos == ring {
				pos = 0
			}
		}
		if pos < n {
			own[pos]++
		} else {
			opp[pos-n]++
		}
	}
	if pos < n {
		return 0, false
	}
	// AW-4: from the last house backwards, while in the opponent's row and
	// holding 2 or 3.
	first := pos - n
	for first >= 0 && (opp[first] == 2 || opp[first] == 3) {
		first--
	}
	first++
	for i := first; i <= pos-n; i++ {
		captured += int(opp[i])
	}
	if captured == 0 {
		return 0, false
	}
	if captured == rowSum(opp) {
		slam = true
		if !captureSlam {
			return 0, true
		}
	}
	for i := first; i <= pos-n; i++ {
		opp[i] = 0
	}
	return captured, slam
}

// wideCandidates returns the moves allowed by AW-3 and AW-5 as a bit mask.
func wideCandidates(n int, own, opp *row) uint16 {
	var m uint16
	for i := 0; i < n; i++ {
		if own[i] != 0 {
			m |= 1 << i
		}
	}
	if rowSum(opp) == 0 {
		if f := wideFeeds(n, own); f != 0 {
			return f
		}
	}
	return m
}

// wideSlams returns the moves of m that are grand slams.
func wideSlams(n int, own, opp *row, m uint16) uint16 {
	var s uint16
	for h := 0; h < n; h++ {
		if m&(1<<h) == 0 {
			continue
		}
		o, p := *own, *opp
		if _, slam := wideSow(n, &o, &p, h, false); slam {
			s |= 1 << h
		}
	}
	return s
}

func (r *Rules) wideLegal(own, opp *row) uint16 {
	m := wideCandidates(r.n, own, opp)
	if r.forbidSlam {
		if s := wideSlams(r.n, own, opp, m); s != 0 && m&^s != 0 {
			m &^= s
		}
	}
	return m
}

// wideEnds is packedEnds for the wide engine.
func (r *Rules) wideEnds(a, b *row, sa, sb int) bool {
	switch {
	case rowSum(a) == 0:
		return true
	case rowSum(b) == 0 && wideFeeds(r.n, a) == 0:
		return true
	case r.o.StopAtMajority:
		return 2*sa > r.total || 2*sb > r.total || (2*sa == r.total && 2*sb == r.total)
	}
	return false
}

// widePosition is packedPosition for the wide engine.
func (r *Rules) widePosition(mover mancala.Player, own, opp *row, sOwn, sOpp int) mancala.Position {
	turn := mancala.TurnOf(mover)
	state := r.wideEndState(mover, own, opp, sOwn, sOpp)
	if state != 0 {
		sOwn += rowSum(own)
		sOpp += rowSum(opp)
		*own, *opp, turn = row{}, row{}, mancala.NoTurn
	}
	if mover == mancala.North {
		own, opp, sOwn, sOpp = opp, own, sOpp, sOwn
	}
	b, _ := mancala.NewBoard(r.n, 0)
	_ = b.SetCounts([2][mancala.MaxHouses]uint8{*own, *opp}, [2]uint8{uint8(sOwn), uint8(sOpp)})
	return mancala.Position{Board: b, ToMove: turn, State: state}
}

// wideEndState returns the State of the end (AW-7, AW-10) that mover, to
// move with row a against b, has reached, or 0 if the game goes on.
func (r *Rules) wideEndState(mover mancala.Player, a, b *row, sa, sb int) uint32 {
	if !r.wideEnds(a, b, sa, sb) {
		return 0
	}
	return r.endState(mover, rowSum(a) == 0 || rowSum(b) == 0 && wideFeeds(r.n, a) == 0, sa, sb)
}
