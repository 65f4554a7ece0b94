package kalah

import (
	"encoding/binary"
	"fmt"

	"github.com/sowing-games/sowing/mancala"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

// Retrograde returns r's rules in the form that the endgame database
// builder of package mancala/endgame takes ([egdb.Game]): a
// configuration is the mover's row then his opponent's, and its value what
// the mover will add to his store from then on minus what his opponent
// will (KA-5's collection at the end included). The future of a Kalah
// position depends on its houses alone, so the values are exact for every
// option. The databases serve every game of r's houses and capture rule,
// whatever its seeds a house.
//
// The databases it builds are values of their own: build them with
// [egdb.Build] (or load them with [egdb.Load]) and hand them to the
// solver with [WithDatabase]. They are meant to replace the database that
// [Options.EndgameSeeds] keeps inside Rules (see "Endgame database" in the
// package documentation), which stays for now.
func (r *Rules) Retrograde() egdb.Game {
	return &retro{r: r, n: r.o.Houses,
		name: fmt.Sprintf("kalah houses=%d capture=%v", r.o.Houses, r.o.Capture)}
}

// retro is [Rules.Retrograde]'s Game.
type retro struct {
	r    *Rules
	n    int
	name string
}

// Name returns "kalah houses=N capture=empty" (or capture=standard).
func (g *retro) Name() string { return g.name }

// Houses returns 2n.
func (g *retro) Houses() int { return 2 * g.n }

// Config returns p's houses, the mover's row first.
func (g *retro) Config(p mancala.Position) (egdb.Config, bool) {
	var c egdb.Config
	mover, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != g.n {
		return c, false
	}
	own, opp := p.Board.Row(mover), p.Board.Row(mover.Other())
	copy(c[:g.n], own[:g.n])
	copy(c[g.n:2*g.n], opp[:g.n])
	return c, true
}

// rows splits c into the mover's row and his opponent's.
func (g *retro) rows(c *egdb.Config) (own, opp [mancala.MaxHouses]uint8) {
	copy(own[:g.n], c[:g.n])
	copy(opp[:g.n], c[g.n:2*g.n])
	return own, opp
}

// join returns the configuration of rows a (the mover's) and b.
func (g *retro) join(a, b *[mancala.MaxHouses]uint8) egdb.Config {
	var c egdb.Config
	copy(c[:g.n], a[:g.n])
	copy(c[g.n:2*g.n], b[:g.n])
	return c
}

// Children appends the moves of c (KA-2 to KA-4); the game is over at c
// if a row is empty, and each player then takes his own row (KA-5).
func (g *retro) Children(dst []egdb.Child, c *egdb.Config) ([]egdb.Child, int) {
	own, opp := g.rows(c)
	if rowEmpty(own) || rowEmpty(opp) {
		return dst, rowSum(own) - rowSum(opp)
	}
	for i := 0; i < g.n; i++ {
		if own[i] == 0 {
			continue
		}
		o, q := own, opp
		gain, again := g.r.sow(&o, &q, i)
		ch := egdb.Child{Move: i, Gain: gain}
		switch {
		case rowEmpty(o) || rowEmpty(q): // KA-5
			ch.Gain, ch.Over = gain+rowSum(o)-rowSum(q), true
		case again: // KA-3
			ch.Again, ch.Next = true, g.join(&o, &q)
		default:
			ch.Next = g.join(&q, &o)
		}
		dst = append(dst, ch)
	}
	return dst, 0
}

// Parents appends the configurations with a move that puts no seed into a
// store and leads to c: the sowings that stay in the mover's own row,
// taken back, each checked by playing it forward.
func (g *retro) Parents(dst []egdb.Parent, c *egdb.Config) []egdb.Parent {
	n := g.n
	// In the previous mover's frame: his row after the move is c's second.
	var after egdb.Config
	copy(after[:n], c[n:2*n])
	copy(after[n:2*n], c[:n])
	var kids [mancala.MaxHouses]egdb.Child
	for h := 0; h < n; h++ {
		if after[h] != 0 {
			continue
		}
		p := after
		for s := 1; h+s < n; s++ { // s seeds sown into houses h+1 .. h+s
			if p[h+s] == 0 {
				break
			}
			p[h+s]--
			p[h] = uint8(s)
			all, _ := g.Children(kids[:0], &p)
			for _, ch := range all {
				if ch.Move == h && !ch.Over && !ch.Again && ch.Gain == 0 && ch.Next == *c {
					dst = append(dst, egdb.Parent{Prev: p})
				}
			}
			p[h] = 0
		}
	}
	return dst
}

// WithDatabase returns r with the endgame databases db (built from
// r.Retrograde(), for r's houses and capture rule) as its endgame oracle,
// in place of the one r keeps itself: the ruleset that package
// mancala/search's solver takes, with its packed path. It returns an error
// wrapping [mancala.ErrUnsupported] if db is of another game.
func WithDatabase(r *Rules, db *egdb.DB) (*Oracle, error) {
	if db.Name() != r.Retrograde().Name() || db.Houses() != 2*r.o.Houses {
		return nil, fmt.Errorf("kalah: endgame databases of %q for the rules of %q: %w", db.Name(), r.Retrograde().Name(), mancala.ErrUnsupported)
	}
	return &Oracle{Rules: r, db: db}, nil
}

// Oracle is a Kalah ruleset whose endgame oracle (Endgame, PackedEndgame)
// reads databases of package mancala/endgame: what [WithDatabase] returns.
// It is immutable and safe for concurrent use.
type Oracle struct {
	*Rules
	db *egdb.DB
}

// Endgame returns the value of p for its player to move from the
// databases, if they hold it (see [egdb.DB.Endgame]).
func (o *Oracle) Endgame(p mancala.Position) (gain int, ok bool) {
	me, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != o.o.Houses {
		return 0, false
	}
	own, opp := p.Board.Row(me), p.Board.Row(me.Other())
	if rowEmpty(own) || rowEmpty(opp) {
		return 0, false
	}
	return o.db.Endgame(p)
}

// PackedEndgame is Endgame for a packed position.
func (o *Oracle) PackedEndgame(x search.Packed) (gain int, ok bool) {
	if x[0] == 0 || x[1] == 0 || o.PackedSeeds(x) > o.db.Seeds() {
		return 0, false
	}
	var c egdb.Config
	n := o.o.Houses
	var a, b [8]byte
	binary.LittleEndian.PutUint64(a[:], x[0])
	binary.LittleEndian.PutUint64(b[:], x[1])
	copy(c[:n], a[:n])
	copy(c[n:2*n], b[:n])
	return o.db.Value(&c)
}
