package awale

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// Retrograde returns r's rules in the form that the endgame database
// builder of package mancala/endgame takes ([endgame.Game]), for r's board
// size (any, 1 to 12 houses a side). A configuration is the 2n house
// counts, the mover's row (A first) then his opponent's; its value is
// what the player to move will capture from then on minus what his
// opponent will, including the seeds each collects at the end of the game
// (AW-7), under perfect play; an endless cycle (AW-8) is worth 0. The
// seeds per house of r play no part: the databases of a board size serve
// every game on it.
//
// The values are exact, independent of the stores and of the history of
// the game, only under the cycle rule [CycleSplit] without
// StopAtMajority: the Awari preset ([Awari], whose grand slam rule is
// [GrandSlamForbiddenElseCapture]), or any grand slam rule with those two.
// Under [CycleOwnRow] (the documents' rule, and Abapa's) the value of a
// cycle depends on the position it is met at, which the history decides,
// and under StopAtMajority (Abapa) the game's end depends on the stores:
// for those options Retrograde returns an error wrapping
// [mancala.ErrUnsupported], and no database is built.
func (r *Rules) Retrograde() (endgame.Game, error) {
	if r.o.Cycle != CycleSplit || r.o.StopAtMajority {
		return nil, fmt.Errorf("awale: endgame databases need the split cycle rule and no stop at majority (exact only then), not %q: %w",
			r.String(), mancala.ErrUnsupported)
	}
	o := r.o
	o.Seeds = 4 // the databases of a board size serve every seed count
	return r.retroGame(o.name()), nil
}

// retroGame returns the endgame.Game of r's board and moves, named name.
func (r *Rules) retroGame(name string) *retro {
	g := &retro{n: r.n, captureSlam: r.captureSlam, forbidSlam: r.forbidSlam, name: name}
	for i := 0; i < min(g.n, 8); i++ {
		g.mask |= 0xff << (8 * i)
		g.maskHi |= 0x80 << (8 * i)
		g.feedT |= uint64(g.n-i) << (8 * i)
	}
	return g
}

var (
	_ endgame.Retrograder  = (*Rules)(nil)
	_ endgame.Approximator = (*Rules)(nil)
)

// NearestExact implements [endgame.Approximator]: for rules whose
// Retrograde refuses them (the cycle rule [CycleOwnRow], or
// StopAtMajority: the documents' rules and Abapa) it returns the rules of
// the same board and grand slam rule with [CycleSplit] and without
// StopAtMajority, whose databases are exact, and why their values are
// only estimates of r's. For rules with exact databases it returns nil
// and "".
func (r *Rules) NearestExact() (mancala.Ruleset, string) {
	o := r.o
	var whys []string
	if o.Cycle != CycleSplit {
		whys = append(whys, "its cycle rule gives each player his own row, where the databases share a cycle's seeds")
		o.Cycle = CycleSplit
	}
	if o.StopAtMajority {
		whys = append(whys, "it stops at a majority, where the databases play on to the end")
		o.StopAtMajority = false
	}
	if len(whys) == 0 {
		return nil, ""
	}
	near, err := New(o)
	if err != nil {
		return nil, "" // unreachable: o differs from valid options by rules alone
	}
	return near, strings.Join(whys, ", and ")
}

// retro is [Rules.Retrograde]'s Game.
type retro struct {
	n           int
	captureSlam bool
	forbidSlam  bool
	name        string
	// For boards of up to 8 houses a side: the bytes of a row, their top
	// bits, and the seeds each house needs to reach the opponent's row.
	mask, maskHi, feedT uint64
}

// Name returns the ruleset's name with the board size, as in
// [Rules.String] with 4 seeds a house: "awale awari", "awale awari
// houses=3", "awale grandslam=nocapture cycle=split".
func (g *retro) Name() string { return g.name }

// Houses returns 2n.
func (g *retro) Houses() int { return 2 * g.n }

// Config returns p's houses, the mover's row first.
func (g *retro) Config(p mancala.Position) (endgame.Config, bool) {
	return endgame.RowsOf(p, g.n)
}

// sow plays house h of the mover (houses 0..n-1 of b; his opponent's are
// n..2n-1) in place, as AW-3 and AW-4 say, and returns the seeds captured
// and whether the move is a grand slam (it would capture every seed of the
// opponent's row, AW-6; it captures then only if g.captureSlam).
func (g *retro) sow(b *endgame.Config, h int) (captured int, slam bool) {
	n, ring := g.n, 2*g.n
	s := int(b[h])
	b[h] = 0
	pos := h
	for ; s > 0; s-- {
		if pos++; pos == ring {
			pos = 0
		}
		if pos == h { // AW-3: the emptied house is skipped
			if pos++; pos == ring {
				pos = 0
			}
		}
		b[pos]++
	}
	if pos < n {
		return 0, false
	}
	first := pos
	for first >= n && (b[first] == 2 || b[first] == 3) {
		first--
	}
	first++
	for i := first; i <= pos; i++ {
		captured += int(b[i])
	}
	if captured == 0 {
		return 0, false
	}
	opp := 0
	for i := n; i < ring; i++ {
		opp += int(b[i])
	}
	if captured == opp {
		slam = true
		if !g.captureSlam {
			return 0, true
		}
	}
	for i := first; i <= pos; i++ {
		b[i] = 0
	}
	return captured, slam
}

// ends reports whether the game is over at c (AW-7), and its value then.
func (g *retro) ends(c *endgame.Config) (bool, int) {
	own, opp, feeds := g.rowSums(c)
	switch {
	case own == 0: // the mover has no seeds: his opponent takes them all
		return true, -opp
	case opp == 0 && !feeds: // he cannot feed his opponent: he takes them all
		return true, own
	}
	return false, 0
}

// rowSums returns the seeds of the mover's row and of his opponent's in c,
// and whether some house of the mover's reaches the opponent's row (AW-5).
// Boards of up to 8 houses a side read each row as one word (a row holds
// at most 255 seeds, so byte sums do not carry).
func (g *retro) rowSums(c *endgame.Config) (own, opp int, feeds bool) {
	n := g.n
	if n <= 8 {
		mask := g.mask
		a := binary.LittleEndian.Uint64(c[0:8]) & mask
		b := binary.LittleEndian.Uint64(c[n:n+8]) & mask
		// A house reaches the opponent when it holds n-i seeds or more:
		// per byte, (x|0x80)-(n-i) keeps its top bit iff x&0x7f >= n-i.
		f := ((a|hi8)-g.feedT|a)&hi8&g.maskHi != 0
		return sumBytes(a), sumBytes(b), f
	}
	for i := 0; i < n; i++ {
		own += int(c[i])
		opp += int(c[n+i])
		feeds = feeds || int(c[i]) >= n-i
	}
	return own, opp, feeds
}

// Children appends the legal moves of c (AW-3 to AW-6) and what they lead
// to; the game is over at c if the mover has no seeds or cannot feed his
// empty opponent (AW-7).
func (g *retro) Children(dst []endgame.Child, c *endgame.Config) ([]endgame.Child, int) {
	own, opp, feeds := g.rowSums(c)
	switch { // AW-7, as ends says
	case own == 0:
		return dst, -opp
	case opp == 0 && !feeds:
		return dst, own
	}
	n := g.n
	oppEmpty := opp == 0
	start := len(dst)
	var slams uint32
	others := false
	for h := 0; h < n; h++ {
		if c[h] == 0 || oppEmpty && int(c[h]) < n-h { // AW-3, AW-5
			continue
		}
		b := *c
		captured, slam := g.sow(&b, h)
		if slam {
			slams |= 1 << h
		} else {
			others = true
		}
		ch := endgame.Child{Move: h, Gain: captured}
		copy(ch.Next[:n], b[n:2*n])
		copy(ch.Next[n:2*n], b[:n])
		if over, v := g.ends(&ch.Next); over {
			ch.Gain, ch.Over, ch.Next = captured-v, true, endgame.Config{}
		}
		dst = append(dst, ch)
	}
	if g.forbidSlam && slams != 0 && others { // AW-6: grand slams only if forced
		kept := dst[:start]
		for _, ch := range dst[start:] {
			if slams&(1<<ch.Move) == 0 {
				kept = append(kept, ch)
			}
		}
		dst = kept
	}
	return dst, 0
}

// Parents appends the configurations with a move that captures nothing,
// does not end the game and leads to c: for each house h of the previous
// mover (c's second row) that is empty, the sowings of 1, 2, ... seeds
// from h taken back, each checked by playing it forward.
func (g *retro) Parents(dst []endgame.Parent, c *endgame.Config) []endgame.Parent {
	n, ring := g.n, 2*g.n
	var after endgame.Config // in the previous mover's frame
	copy(after[:n], c[n:2*n])
	copy(after[n:2*n], c[:n])
	var kids [mancala.MaxHouses]endgame.Child
	for h := 0; h < n; h++ {
		if after[h] != 0 {
			continue // AW-3: the house sown from is empty after the move
		}
		b := after
		pos := h
		for s := 1; ; s++ {
			if pos++; pos == ring {
				pos = 0
			}
			if pos == h {
				if pos++; pos == ring {
					pos = 0
				}
			}
			if b[pos] == 0 {
				break // the sowing would have put a seed here
			}
			b[pos]--
			p := b
			p[h] = uint8(s)
			if g.captureSlam {
				// Every capture is played (a grand slam is forbidden
				// only where it would capture): the move captured
				// nothing iff its last house does not hold 2 or 3 in
				// the opponent's row (AW-4), and it is legal iff it
				// feeds an empty opponent (AW-5) or the opponent has
				// seeds.
				if pos >= n && (after[pos] == 2 || after[pos] == 3) {
					continue // it would have captured
				}
				if g.legalQuiet(&p, h, s) {
					dst = append(dst, endgame.Parent{Prev: p})
				}
				continue
			}
			for _, ch := range g.moveOf(kids[:0], &p, h) {
				if !ch.Over && ch.Gain == 0 && ch.Next == *c {
					dst = append(dst, endgame.Parent{Prev: p})
				}
			}
		}
	}
	return dst
}

// legalQuiet reports, for rules under which every capture is played, whether
// house h of p, holding s seeds, is a legal move whose sowing (known to
// capture nothing) does not end the game.
func (g *retro) legalQuiet(p *endgame.Config, h, s int) bool {
	n := g.n
	_, opp, _ := g.rowSums(p)
	if opp == 0 && s < n-h {
		return false // AW-5: it does not feed (and p may have ended: AW-7)
	}
	// The position after the move, in the opponent's frame: it ends if he
	// has no seeds (impossible: he had seeds or was fed) or cannot feed
	// the mover's row, which is empty.
	var next endgame.Config
	b := *p
	g.sow(&b, h)
	copy(next[:n], b[n:2*n])
	copy(next[n:2*n], b[:n])
	over, _ := g.ends(&next)
	return !over
}

// moveOf appends the child of move h of p if it is legal.
func (g *retro) moveOf(dst []endgame.Child, p *endgame.Config, h int) []endgame.Child {
	var kids [mancala.MaxHouses]endgame.Child
	all, _ := g.Children(kids[:0], p)
	for _, ch := range all {
		if ch.Move == h {
			dst = append(dst, ch)
		}
	}
	return dst
}
