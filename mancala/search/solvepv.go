package search

import "github.com/sowing-games/sowing/mancala"

// The solvers' results beyond the value: the principal variations of the
// general and the packed solver, each found by null-window tests of the
// children after the search.

// principalVariation follows perfect play from p, whose value is v: at
// each decision it plays the first move whose exact value equals the
// position's (checked by two null-window tests each).
func (s *solver) principalVariation(p mancala.Position, h uint64, v float64) []mancala.Move {
	var pv []mancala.Move
	pushed := 0
	defer func() {
		for range pushed {
			s.path.pop()
		}
	}()
	s.path.push(p, h)
	pushed++
	var buf []mancala.Move
	for !p.Over() && len(pv) < 100000 {
		buf = s.r.Legal(buf[:0], p)
		var next mancala.Position
		var nh uint64
		found := false
		if p.ToMove == mancala.BothTurn {
			s.simultaneous(p, 1, true)
			if s.err != nil {
				return nil
			}
			pl := &s.plies[1]
			ns, nn := len(pl.sch), len(pl.nch)
			m := mancala.Joint(pl.sch[argmax(pl.rowS[:ns])], pl.nch[argmax(pl.colS[:nn])])
			next = s.r.Apply(p, m)
			nh = s.hash(next)
			next, nh = s.path.end(next, nh)
			pv = append(pv, m)
			v = s.exactValue(next, nh, 1)
			found = true
		} else {
			// The table's move first: usually the one. Children whose
			// table bounds exclude v are skipped.
			me := perspective(p)
			if e, ok := s.lookup(h); ok && e.move > 0 {
				for i, m := range buf {
					if hs, ok := m.House(me); ok && hs == int(e.move)-1 {
						buf[0], buf[i] = buf[i], buf[0]
						break
					}
				}
			}
			for _, m := range buf {
				q := s.r.Apply(p, m)
				hq := s.hash(q)
				q, hq = s.path.end(q, hq)
				if e, ok := s.lookup(hq); ok && !q.Over() {
					d := float64(s.offset(q))
					if float64(e.lo)+d > v || float64(e.hi)+d < v {
						continue
					}
				}
				s.path.push(q, hq)
				ok := s.hasValue(q, hq, v, me == mancala.South)
				s.path.pop()
				if s.err != nil {
					return nil
				}
				if ok {
					next, nh = q, hq
					pv = append(pv, m)
					found = true
					break
				}
			}
		}
		if !found {
			break // cannot happen for a correct value
		}
		p, h = next, nh
		s.path.push(p, h)
		pushed++
	}
	return pv
}

// hasValue reports whether q's exact value is v, given that it is at
// most v (a child of South's decision of value v) if maxParent, at least v
// otherwise: one null-window test decides.
func (s *solver) hasValue(q mancala.Position, hq uint64, v float64, maxParent bool) bool {
	if q.Over() {
		return float64(FinalDifference(q)) == v
	}
	if q.ToMove == mancala.BothTurn {
		return s.simultaneous(q, 1, false) == v
	}
	if ev, ok := s.endgameValue(&q); ok {
		return ev == v
	}
	if maxParent {
		g := s.search(q, hq, 1, v-1, v)
		return s.err == nil && g >= v
	}
	g := s.search(q, hq, 1, v, v+1)
	return s.err == nil && g <= v
}

// principalVariation follows perfect play from x, whose mover is me and
// whose value is v: at each decision the first child (the table's move
// first) whose exact value is the parent's, checked by one null-window
// test.
func (s *psolver) principalVariation(x Packed, me mancala.Player, v int) []mancala.Move {
	var pv []mancala.Move
	var buf []PackedChild
	s.grow(2)
	for len(pv) < 100000 {
		buf = s.pk.PackedChildren(buf[:0], x)
		if e, ok := s.lookup(packedKey(x)); ok && e.move > 0 {
			for i := range buf {
				if buf[i].House == int(e.move)-1 {
					buf[0], buf[i] = buf[i], buf[0]
					break
				}
			}
		}
		found := -1
		for i := range buf {
			c := &buf[i]
			var ok bool
			switch {
			case c.Over:
				ok = c.Gain == v
			default:
				if w, known := s.pk.PackedEndgame(c.Next); known {
					ok = childValue(c, w) == v
				} else {
					// The child's value in the parent's frame is at most
					// v; test whether it is at least v.
					ok = s.child(c, 1, v-1, v) >= v
					if s.err != nil {
						return nil
					}
				}
			}
			if ok {
				found = i
				break
			}
		}
		if found < 0 {
			break // cannot happen for a correct value
		}
		c := buf[found]
		pv = append(pv, mancala.Single(me, c.House))
		if c.Over {
			break
		}
		if c.Again {
			v -= c.Gain
		} else {
			v = c.Gain - v
			me = me.Other()
		}
		x = c.Next
	}
	return pv
}
