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
// solver with [WithDatabase] (see "Endgame databases" in the package
// documentation).
//
// It implements [egdb.Retrograder]; its error is always nil.
func (r *Rules) Retrograde() (egdb.Game, error) {
	return r.retro(), nil
}

// retro returns the Game of Retrograde.
func (r *Rules) retro() *retro {
	return &retro{r: r, n: r.o.Houses,
		name: fmt.Sprintf("kalah houses=%d capture=%v", r.o.Houses, r.o.Capture)}
}

var _ egdb.Retrograder = (*Rules)(nil)

// retro is [Rules.Retrograde]'s Game.
type retro struct {
	r    *Rules
	n    int
	name string
}

// Name returns "kalah houses=N capture=empty" (or capture=standard).
func (g *retro) Name() string { return g.name }

// Acyclic returns true ([egdb.Acyclic]): every Kalah game ends. A move
// that keeps every seed in the houses does not reach the mover's store, so
// it sows within his own row, towards that store: the seeds' distances to
// the stores of their rows only shrink, and no configuration comes back.
// Its databases are built by the forward pass.
func (g *retro) Acyclic() bool { return true }

// Houses returns 2n.
func (g *retro) Houses() int { return 2 * g.n }

// Config returns p's houses, the mover's row first.
func (g *retro) Config(p mancala.Position) (egdb.Config, bool) {
	return egdb.RowsOf(p, g.n)
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
// if a row is empty, and each player then takes his own row (KA-5). On
// boards of up to [MaxPackedHouses] houses a side it plays them on the
// packed words ([Rules.PackedChildren]).
func (g *retro) Children(dst []egdb.Child, c *egdb.Config) ([]egdb.Child, int) {
	if g.n <= MaxPackedHouses {
		return g.packedChildren(dst, c)
	}
	return g.rowChildren(dst, c)
}

// rowChildren is Children on the rows of c, for any board.
func (g *retro) rowChildren(dst []egdb.Child, c *egdb.Config) ([]egdb.Child, int) {
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

// packedChildren is Children on the packed words of c.
func (g *retro) packedChildren(dst []egdb.Child, c *egdb.Config) ([]egdb.Child, int) {
	mask := ^uint64(0)
	if g.n < 8 {
		mask = 1<<(8*g.n) - 1
	}
	own := binary.LittleEndian.Uint64(c[0:8]) & mask
	opp := binary.LittleEndian.Uint64(c[g.n:g.n+8]) & mask
	if own == 0 || opp == 0 {
		return dst, byteSum(own) - byteSum(opp)
	}
	var buf [MaxPackedHouses]search.PackedChild
	for _, k := range g.r.PackedChildren(buf[:0], search.Packed{own, opp}) {
		ch := egdb.Child{Move: k.House, Gain: k.Gain, Over: k.Over, Again: k.Again}
		if !k.Over {
			// The second word's bytes past the board are zero, and so
			// are the first's, which the second overwrites.
			binary.LittleEndian.PutUint64(ch.Next[0:8], k.Next[0])
			binary.LittleEndian.PutUint64(ch.Next[g.n:g.n+8], k.Next[1])
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
			// Play house h forward, as Children does: it must keep every
			// seed in the houses (no capture) and lead to c.
			o, q := g.rows(&p)
			gain, again := g.r.sow(&o, &q, h)
			if gain == 0 && !again && !rowEmpty(o) && !rowEmpty(q) && g.join(&q, &o) == *c {
				dst = append(dst, egdb.Parent{Prev: p})
			}
			p[h] = 0
		}
	}
	return dst
}

// WithDatabase returns r with the endgame databases db (built from
// r.Retrograde(), for r's houses and capture rule, whatever the seeds a
// house) as its endgame oracle: the ruleset that package mancala/search's
// solver takes, with its packed path. Neither r nor db changes; both can
// serve other solves at the same time. It returns an error wrapping
// [mancala.ErrUnsupported] if db is of another game.
func WithDatabase(r *Rules, db *egdb.DB) (*Oracle, error) {
	if db == nil {
		return nil, fmt.Errorf("kalah: no endgame database: %w", mancala.ErrUnsupported)
	}
	if db.Name() != r.retro().Name() || db.Houses() != 2*r.o.Houses {
		return nil, fmt.Errorf("kalah: endgame databases of %.60q for the rules of %q: %w", db.Name(), r.retro().Name(), mancala.ErrUnsupported)
	}
	o := &Oracle{Rules: r, db: db, seeds: db.Seeds()}
	if n := r.o.Houses; n <= MaxPackedHouses {
		o.term = packedTerms(n)
		if n < 8 {
			o.foreign = ^uint64(0) << (8 * n)
		}
	}
	return o, nil
}

// Oracle is a Kalah ruleset whose endgame oracle (Endgame, PackedEndgame)
// reads databases of package mancala/endgame: what [WithDatabase] returns.
// It is immutable and safe for concurrent use.
type Oracle struct {
	*Rules
	db    *egdb.DB
	seeds int // db.Seeds()
	// term is the rank table of packed positions (see packedTerms); nil
	// for boards too wide to pack.
	term *[16][64]uint64
	// foreign has the bits of the bytes of a packed row past the board's
	// houses.
	foreign uint64
}

// Database returns the databases o reads.
func (o *Oracle) Database() *egdb.DB { return o.db }

// Endgame returns the value of p for its player to move from the
// databases, if they hold it (see [egdb.DB.Endgame]): the exact difference
// between what he and his opponent will add to their stores from p to the
// end of the game under perfect play. The future of a Kalah position does
// not depend on its stores, so the final store difference for the mover is
// his current difference plus the gain. It is the capability that the
// exact solver of package mancala/search consults at every node
// (search.Endgamer). Positions that are over get no answer.
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

// PackedEndgame is Endgame for a packed position (see [Rules.Pack]): the
// value for its mover and true if the databases hold its seeds in houses,
// else 0 and false. It ranks x on its two words (see packedTerms) and
// reads one byte; it allocates nothing.
func (o *Oracle) PackedEndgame(x search.Packed) (gain int, ok bool) {
	t := o.term
	if t == nil || x[0] == 0 || x[1] == 0 || (x[0]|x[1])&o.foreign != 0 {
		return 0, false
	}
	s := byteSum(x[0])
	k := s + byteSum(x[1])
	if k > o.seeds {
		return 0, false
	}
	return o.db.At(k, packedRank(t, x[0], x[1], uint64(s)))
}

// packedTerms returns the rank table of packed positions of n houses a
// side (n at most [MaxPackedHouses]): the rank of package mancala/endgame
// of a configuration of 2n houses a_0 .. a_{2n-1} (the mover's row then
// his opponent's) among those of its seeds, with prefix sums P_i = a_0 +
// ... + a_i, is the sum over i < 2n-1 of C(P_i + i, i+1) (the package
// documents it as its files' order: colexicographic; TestPackedRank holds
// packedRank to egdb.DB.Index). Entry [j][P] is that term for house j of
// the mover's row (i = j) and entry [8+j][P] for house j of his
// opponent's (i = n+j); the terms of houses past the board, and of the
// last house, are zero, so that packedRank sums sixteen terms at fixed
// places.
func packedTerms(n int) *[16][64]uint64 {
	t := new([16][64]uint64)
	for i := 0; i < 2*n-1; i++ {
		row := i // the mover's house i
		if i >= n {
			row = 8 + i - n // his opponent's house i-n
		}
		for p := range 64 {
			t[row][p] = binom(p+i, i+1)
		}
	}
	return t
}

// binom returns C(a, b) for the small numbers of packedTerms (at most
// C(77, 15), which fits).
func binom(a, b int) uint64 {
	c := uint64(1)
	for j := 1; j <= b; j++ {
		c = c * uint64(a-b+j) / uint64(j) // exact: c*(a-b+j) is j times C(a-b+j, j)
	}
	return c
}

// packedRank returns the rank of the packed position {own, opp}, whose
// mover has s seeds, with the terms t (see packedTerms). Multiplying a row
// by 0x0101010101010101 puts in byte i the seeds of houses 0 to i (the
// seeds in houses are at most [egdb.MaxSeeds], so the byte sums do not
// carry): the prefix sums come from two multiplications, and the sixteen
// loads are independent of each other.
func packedRank(t *[16][64]uint64, own, opp, s uint64) uint64 {
	const ones = 0x0101010101010101
	po, pq := own*ones, opp*ones
	q := func(j uint) uint64 { return (s + pq>>(8*j)&0xff) & 63 }
	return t[0][po&63] + t[1][po>>8&63] + t[2][po>>16&63] + t[3][po>>24&63] +
		t[4][po>>32&63] + t[5][po>>40&63] + t[6][po>>48&63] + t[7][po>>56&63] +
		t[8][q(0)] + t[9][q(1)] + t[10][q(2)] + t[11][q(3)] +
		t[12][q(4)] + t[13][q(5)] + t[14][q(6)] + t[15][q(7)]
}
