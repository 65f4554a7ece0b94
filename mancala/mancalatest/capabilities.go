package mancalatest

// The properties of the optional capabilities the kit checks: mancala.Perfter,
// mancala.Playouter and mancala.Tracer.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// pickPosition walks a whole game and points c at one of its positions,
// drawn at random; it returns the position and a copy of the history
// before it.
func (c *probe) pickPosition() (mancala.Position, []mancala.Position) {
	c.walk(c.walkLimit(), nil)
	i := c.draw(len(c.path))
	c.path, c.moves = c.path[:i+1], c.moves[:i]
	return c.path[i], slices.Clone(c.path[:i])
}

// Perft: the ruleset's own Perft equals mancala.PerftSlow from random
// positions of random games, and leaves the history it is given alone.
func checkPerft(c *probe) {
	const budget = 20000 // PerftSlow leaves; the next depth is not tried past it
	p, hist := c.pickPosition()
	keep := slices.Clone(hist)
	for d := 0; d <= 4; d++ {
		sl, st := mancala.PerftSlow(c.k.r, hist, p, d)
		fl, ft := c.k.perfter.Perft(hist, p, d)
		if sl != fl || st != ft {
			c.failf("Perft(depth %d) = %d leaves, %d terminal; PerftSlow = %d, %d", d, fl, ft, sl, st)
		}
		if !slices.Equal(hist, keep) {
			c.failf("Perft(depth %d) changed the history it was given", d)
		}
		if sl > budget {
			break
		}
	}
}

// playoutTimeout bounds one Playout call; past it the game is taken not to
// end.
const playoutTimeout = 10 * time.Second

// Playout: the ruleset's own Playout ends in a finished position with the
// seeds of the start that Setup accepts unchanged, and leaves the history
// it is given alone. For a ruleset that states no small bound it is asked
// to stop at the kit's ply limit, and may then end unfinished exactly there.
func checkPlayout(c *probe) {
	p, hist := c.pickPosition()
	plyCap := 0
	if limit, strict := c.k.limit(); !strict {
		plyCap = limit
	}
	keep := slices.Clone(hist)
	seed := c.drawUint64()
	type result struct {
		final mancala.Position
		plies int
		err   error
	}
	done := make(chan result, 1)
	go func() {
		var res result
		defer func() {
			if e := recover(); e != nil {
				res.err = fmt.Errorf("panic: %v", e)
			}
			done <- res
		}()
		res.final, res.plies = c.k.playouter.Playout(hist, p, rand.New(rand.NewPCG(seed, seed>>1^0x5eed)), plyCap)
	}()
	var res result
	select {
	case res = <-done:
	case <-time.After(playoutTimeout):
		c.failf("Playout (seed %d) has not returned after %v", seed, playoutTimeout)
	}
	q := res.final
	switch {
	case res.err != nil:
		c.failf("Playout (seed %d): %v", seed, res.err)
	case !q.Over() && (plyCap == 0 || res.plies != plyCap):
		c.failf("Playout (seed %d) stops after %d moves in %q, a game that is not over", seed, res.plies, q)
	case plyCap > 0 && res.plies > plyCap:
		c.failf("Playout (seed %d) plays %d moves, past its cap of %d", seed, res.plies, plyCap)
	case q.Board.Total() != p.Board.Total():
		c.failf("Playout (seed %d) ends in %q with %d seeds, %d before", seed, q, q.Board.Total(), p.Board.Total())
	case res.plies < 0 || (p.Over() && (res.plies != 0 || q != p)):
		c.failf("Playout (seed %d) reports %d moves, ending in %q", seed, res.plies, q)
	case !slices.Equal(hist, keep):
		c.failf("Playout changed the history it was given")
	}
	if s, err := c.k.r.Setup(q); err != nil || s != q {
		c.failf("Setup of the position Playout (seed %d) ends in, %q, returns %q, %v", seed, q, s, err)
	}
}

// Trace: for every legal move, Trace returns what Play returns, and its
// events, replayed with mancala.ApplyEvent on the board before the move,
// give the board after it, the last EventTurnEnd naming who decides next.
// A refused move is refused by Trace too, with no event.
func checkTrace(c *probe) {
	var events []mancala.Event
	emit := func(e mancala.Event) { events = append(events, e) }
	c.walk(c.walkLimit(), func(p mancala.Position) {
		legal := c.legal(p)
		for _, m := range legal {
			events = events[:0]
			q, err := c.k.tracer.Trace(p, m, emit)
			if want, werr := c.k.r.Play(p, m); err != nil || werr != nil || q != want {
				c.failf("Trace(%v) gives %q, %v; Play gives %q, %v", m, q, err, want, werr)
				return
			}
			b := p.Board
			next, ends := mancala.NoTurn, 0
			for i, e := range events {
				if err := mancala.ApplyEvent(&b, e); err != nil {
					c.failf("Trace(%v): event %d (%v) does not apply: %v; events %v", m, i, e, err, events)
					return
				}
				if e.Kind == mancala.EventTurnEnd {
					next, ends = e.Turn, ends+1
				}
			}
			switch {
			case b != q.Board:
				c.failf("Trace(%v): the events %v give the board %v, Play gives %v", m, events, b, q.Board)
			case ends == 0:
				c.failf("Trace(%v) emits no turn end: %v", m, events)
			case next != q.ToMove:
				c.failf("Trace(%v): the last turn end names %v, the position after has %v to move", m, next, q.ToMove)
			}
		}
		if p.Over() {
			return
		}
		cands := c.candidates(p, false)
		for _, m := range []mancala.Move{{}, cands[c.draw(len(cands))]} {
			if contains(legal, m) {
				continue
			}
			events = events[:0]
			if _, err := c.k.tracer.Trace(p, m, emit); !errors.Is(err, mancala.ErrIllegalMove) || len(events) != 0 {
				c.failf("Trace(%v), an illegal move, returns %v after %d events", m, err, len(events))
			}
		}
	})
}
