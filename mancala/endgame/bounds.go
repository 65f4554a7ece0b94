package endgame

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
)

// Bound tables: for games whose endless cycles are worth something that
// the history decides (Awalé's own-row rule, AW-8: each player takes the
// seeds of his own row when a position repeats), no exact value of a
// configuration exists, but two bounds do. Within a count nothing is
// captured, so the k seeds stay in the houses, and whatever a cycle gives
// the player to move lies in [-k, k]. L(c) is c's value in the game where
// a play that never leaves the count is worth -k to c's mover (he must
// force it out of the count or to its end to get more), U(c) its value
// where such a play is worth +k to him:
//
//	L(c) = max over the moves of c of: the move's gain and value below
//	       the count (read from the lower counts' bounds, U of the next
//	       configuration for a move to the opponent), or -U(next) for a
//	       move that stays in the count (L(next) if the mover moves again);
//	U(c) = the same with the roles of L and U swapped,
//
// L the least and U the greatest solution (a play that never ends is worth
// -k in L, +k in U). For a game that starts at c (or any position of c's
// houses whose history holds no position that can come back: the first
// position after a capture), its value under perfect play lies within
// [L(c), U(c)] whatever the cycle rule gives, as long as it gives each
// cycle a value within [-k, k]: the mover has a strategy that leaves the
// count with at least L(c) without repeating a position (the ranks of an
// attractor decrease along it), and his opponent one that holds him to
// U(c). L(c) == U(c) is then the exact value. A position whose history can
// come back (a repetition of a position before it) may end sooner: the
// bounds do not hold for it.

// CycleBounder is implemented by rulesets whose values depend on the
// history only through the value of an endless cycle, which lies between
// minus and plus the seeds left in the houses, so that [BuildBounds] can
// bound them: Awalé under its own-row cycle rule (the documents' rules,
// Abapa). Tools find it by type assertion on a mancala.Ruleset.
type CycleBounder interface {
	// CycleBounds returns the ruleset's rules as a Game whose moves are
	// those of the ruleset played to the end (a cycle's value aside), for
	// [BuildBounds], and winnerOnly: true if the ruleset ends games
	// sooner than that Game does in a way that keeps the winner but not
	// the margin (Awalé's stop at a majority, AW-10), so that the bounds
	// prove the result (win, draw, loss) but not the final difference.
	// It returns an error wrapping mancala.ErrUnsupported for rules it
	// cannot bound so.
	CycleBounds() (g Game, winnerOnly bool, err error)
}

// BoundsDB holds the bound tables of every configuration of a game with up
// to [BoundsDB.Seeds] seeds in its houses: L and U of each (see
// [BuildBounds]), a signed byte each. It is immutable and safe for
// concurrent use. The zero BoundsDB and a nil *BoundsDB hold nothing: their
// methods answer as for a count not held and never panic.
type BoundsDB struct {
	g      Game
	name   string
	h      int
	rk     *ranker
	lo, hi [][]uint32 // lo[j], hi[j]: count j, four entries a word
}

// newBoundsDB returns an empty BoundsDB of g for counts up to k, with the
// errors of newDB.
func newBoundsDB(g Game, k int) (*BoundsDB, error) {
	d, err := newDB(g, k)
	if err != nil {
		return nil, err
	}
	return &BoundsDB{g: g, name: d.name, h: d.h, rk: d.rk, lo: make([][]uint32, k+1), hi: make([][]uint32, k+1)}, nil
}

// Name returns the name of the game whose bounds b holds ("" for the zero
// or nil BoundsDB).
func (b *BoundsDB) Name() string {
	if b == nil {
		return ""
	}
	return b.name
}

// Houses returns the number of houses of b's configurations (0 for the
// zero or nil BoundsDB).
func (b *BoundsDB) Houses() int {
	if b == nil {
		return 0
	}
	return b.h
}

// Seeds returns the largest count b holds (every count from 0 to it), or
// -1 for the zero or nil BoundsDB.
func (b *BoundsDB) Seeds() int {
	if b == nil || b.rk == nil {
		return -1
	}
	return len(b.lo) - 1
}

// Size returns the number of configurations of k seeds that b holds (0 if
// it holds none).
func (b *BoundsDB) Size(k int) uint64 {
	if k < 0 || k > b.Seeds() {
		return 0
	}
	return b.rk.size[k]
}

// Bytes returns the memory b's tables take (0 for the zero or nil
// BoundsDB).
func (b *BoundsDB) Bytes() int64 {
	if b == nil {
		return 0
	}
	var n int64
	for j := range b.lo {
		n += 4 * int64(len(b.lo[j])+len(b.hi[j]))
	}
	return n
}

func entry(t []uint32, idx uint64) int { return int(int8(t[idx>>2] >> (8 * (idx & 3)))) }

// At returns the bounds L and U of configuration idx of k seeds (the index
// of [DB.Configuration] and [BoundsDB.Configuration]) and true, or false
// if b does not hold it.
func (b *BoundsDB) At(k int, idx uint64) (lo, hi int, ok bool) {
	if idx >= b.Size(k) {
		return 0, 0, false
	}
	return entry(b.lo[k], idx), entry(b.hi[k], idx), true
}

// Configuration returns the configuration of k seeds of index idx (0 to
// Size(k)-1), and false if b does not hold it.
func (b *BoundsDB) Configuration(k int, idx uint64) (Config, bool) {
	if idx >= b.Size(k) {
		return Config{}, false
	}
	return b.rk.unrank(k, idx), true
}

// Bounds returns L(c) <= U(c), the bounds of c's value for its player to
// move (see [BuildBounds]), and true; or false if c is nil, has more seeds
// than b holds or seeds past its houses.
func (b *BoundsDB) Bounds(c *Config) (lo, hi int, ok bool) {
	if c == nil || b.Seeds() < 0 {
		return 0, 0, false
	}
	k := 0
	for i, v := range c {
		if v != 0 && i >= b.h {
			return 0, 0, false
		}
		k += int(v)
	}
	if k > b.Seeds() {
		return 0, 0, false
	}
	idx := b.rk.rank(c)
	return entry(b.lo[k], idx), entry(b.hi[k], idx), true
}

// PositionBounds returns the bounds of the configuration of p (see
// [BoundsDB.Bounds]): lo <= hi bound what p's player to move will add to
// his store from p on minus what his opponent will, under perfect play of
// the game that b's Game describes (played to its end), if no position
// before p can come back. It returns false if p is not a position of b's
// game with one player to move, or b does not hold its seeds.
func (b *BoundsDB) PositionBounds(p mancala.Position) (lo, hi int, ok bool) {
	if b.Seeds() < 0 || nilcheck.Is(b.g) {
		return 0, 0, false
	}
	c, ok := b.g.Config(p)
	if !ok {
		return 0, 0, false
	}
	return b.Bounds(&c)
}

// Prove returns what b proves about position p, a position of b's game
// (not over, with one player to move) whose history holds no position
// that can come back (no history, or other stores than the position
// before it): lo <= hi bounding p's final store difference for its player
// to move (his store minus his opponent's at the end of the game) under
// perfect play, and true; false if b does not hold p or proves nothing.
//
// With winnerOnly false (the rules played are b's Game), lo and hi are the
// store difference plus L and U, and prove something whenever they are
// known. With winnerOnly true (the rules played end sooner, keeping the
// winner but not the margin: [CycleBounder]) they prove only the result,
// and Prove answers only when it is decided: a win (lo = 1, hi = the store
// difference plus every seed left), a loss (lo = minus that, hi = -1), or
// a draw (lo = hi = 0).
func (b *BoundsDB) Prove(p mancala.Position, winnerOnly bool) (lo, hi int, ok bool) {
	l, u, ok := b.PositionBounds(p)
	mover, one := p.ToMove.Player()
	if !ok || !one {
		return 0, 0, false
	}
	d := p.Board.Store(mover) - p.Board.Store(mover.Other())
	l, u = d+l, d+u
	if !winnerOnly {
		return l, u, true
	}
	rest := p.Board.Total() - p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
	switch {
	case l > 0:
		return 1, d + rest, true
	case u < 0:
		return d - rest, -1, true
	case l == 0 && u == 0:
		return 0, 0, true
	}
	return 0, 0, false
}

// BuildBounds returns the bound tables of g (see [CycleBounder]) for every
// seed count from 0 to k. L(c) and U(c) bound the value of c for its
// player to move in every game that starts at c (or reaches it with a
// capture), whatever an endless cycle is worth to each player, as long as
// it is worth between -s and s to him for s seeds in the houses: L assumes
// the worst for the mover (-s) from a play that never leaves the count, U
// the best (+s). The counts are built one after the other: count j by
// value iteration from L = -j, U = +j, each round recomputing only the
// configurations with a move to one that changed (found by
// [Game.Parents]), until nothing changes: L rises and U falls to the
// least and the greatest fixed point of the recurrences. With a
// directory, a count whose file is there is loaded from it, and every other
// count is built and saved there (one file a count, named NN.egbd, written
// to a temporary name, synced and renamed), so that a stopped build goes
// on from the last finished count; dir "" builds in memory only. Memory:
// two bytes a configuration of every count up to k, and a bit of each
// configuration of the count being built twice over.
//
// It returns ctx's error if ctx ends first, an error wrapping [ErrOption]
// for o.Workers above [MaxWorkers], one wrapping [ErrGame] if g breaks its
// contract, the error of g's CheckCount if g is a [CountLimiter] that
// refuses a count, and the errors of [LoadBounds] for a file of the directory
// that is damaged or of other rules.
func BuildBounds(ctx context.Context, g Game, dir string, k int, o Options) (*BoundsDB, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	workers, err := o.workers()
	if err != nil {
		return nil, err
	}
	b, err := newBoundsDB(g, k)
	if err != nil {
		return nil, err
	}
	for j := 0; j <= k; j++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start := time.Now()
		if dir != "" {
			lo, hi, err := readBoundsCount(b, dir, j)
			if err == nil {
				b.lo[j], b.hi[j] = lo, hi
				if o.Progress != nil {
					fmt.Fprintf(o.Progress, "endgame: bounds of count %d: %d positions loaded from %s (%v)\n",
						j, b.rk.size[j], boundsPath(dir, b.name, j), time.Since(start).Round(time.Millisecond))
				}
				continue
			}
			if !errors.Is(err, errNoFile) {
				return nil, err
			}
		}
		if err := checkCount(g, j); err != nil {
			return nil, err
		}
		bb := &boundsBuilder{g: g, b: b, k: j, size: b.rk.size[j], workers: workers}
		rounds, err := bb.build(ctx, o.Progress)
		if err != nil {
			return nil, err
		}
		b.lo[j], b.hi[j] = bb.lo, bb.hi
		where := ""
		if dir != "" {
			if err := writeBoundsCount(b, dir, j); err != nil {
				return nil, err
			}
			where = ", saved to " + boundsPath(dir, b.name, j)
		}
		if o.Progress != nil {
			el := time.Since(start)
			fmt.Fprintf(o.Progress, "endgame: bounds of count %d: %d positions built in %v, %d rounds (%s), %.1f%% exact%s\n",
				j, bb.size, el.Round(time.Millisecond), rounds, rate(float64(bb.size), el), 100*b.exactShare(j), where)
		}
	}
	return b, nil
}

// exactShare returns the share of the configurations of count j whose
// bounds are equal.
func (b *BoundsDB) exactShare(j int) float64 {
	n := b.Size(j)
	if n == 0 {
		return 0
	}
	var e uint64
	for idx := uint64(0); idx < n; idx++ {
		if entry(b.lo[j], idx) == entry(b.hi[j], idx) {
			e++
		}
	}
	return float64(e) / float64(n)
}

// boundsBuilder builds the bounds of one count.
type boundsBuilder struct {
	g         Game
	b         *BoundsDB
	k         int
	size      uint64
	workers   int
	lo, hi    []uint32 // the count's tables, four entries a word
	cur, next []atomic.Uint64
	changed   atomic.Int64
	errMu     sync.Mutex
	err       error
}

type boundsWorker struct {
	kids    []Child
	parents []Parent
}

func (bb *boundsBuilder) fail(err error) {
	bb.errMu.Lock()
	if bb.err == nil {
		bb.err = err
	}
	bb.errMu.Unlock()
}

func (bb *boundsBuilder) failed() error {
	bb.errMu.Lock()
	defer bb.errMu.Unlock()
	return bb.err
}

func loadEntry(t []uint32, idx uint64) int {
	return int(int8(atomic.LoadUint32(&t[idx>>2]) >> (8 * (idx & 3))))
}

// moveEntry sets entry idx of t to v if v is above it (below it if
// down), and reports whether it changed the entry.
func moveEntry(t []uint32, idx uint64, v int, down bool) bool {
	word, sh := &t[idx>>2], 8*(idx&3)
	for {
		w := atomic.LoadUint32(word)
		old := int(int8(w >> sh))
		if down && v >= old || !down && v <= old {
			return false
		}
		if atomic.CompareAndSwapUint32(word, w, w&^(0xff<<sh)|uint32(uint8(int8(v)))<<sh) {
			return true
		}
	}
}

// build computes the count's tables and returns the number of rounds.
func (bb *boundsBuilder) build(ctx context.Context, progress io.Writer) (int, error) {
	n := bb.size
	bb.lo = make([]uint32, (n+3)/4)
	bb.hi = make([]uint32, (n+3)/4)
	words := (n + 63) / 64
	bb.cur = make([]atomic.Uint64, words)
	bb.next = make([]atomic.Uint64, words)
	k := bb.k
	// Every entry starts at [-k, k] and is to be computed.
	fill := func(t []uint32, v int) {
		x := uint32(uint8(int8(v)))
		x |= x<<8 | x<<16 | x<<24
		for i := range t {
			t[i] = x
		}
	}
	fill(bb.lo, -k)
	fill(bb.hi, k)
	for i := uint64(0); i < words; i++ {
		m := ^uint64(0)
		if i == words-1 && n%64 != 0 {
			m = 1<<(n%64) - 1
		}
		bb.cur[i].Store(m)
	}
	last := time.Now()
	start := last
	rounds := 0
	for {
		rounds++
		bb.changed.Store(0)
		if err := bb.round(ctx); err != nil {
			return rounds, err
		}
		if progress != nil && time.Since(last) > 2*time.Second {
			last = time.Now()
			fmt.Fprintf(progress, "endgame: bounds of count %d: round %d, %d changed, %v\n", k, rounds, bb.changed.Load(), time.Since(start).Round(time.Second))
		}
		if bb.changed.Load() == 0 {
			break
		}
		bb.cur, bb.next = bb.next, bb.cur
	}
	return rounds, nil
}

// round recomputes every configuration marked in cur, clearing the marks,
// and marks in next the parents of those that changed.
func (bb *boundsBuilder) round(ctx context.Context) error {
	const chunkWords = 256 // 16384 configurations
	var nextWord atomic.Uint64
	words := uint64(len(bb.cur))
	var wg sync.WaitGroup
	for range bb.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &boundsWorker{}
			for {
				lo := nextWord.Add(chunkWords) - chunkWords
				if lo >= words || ctx.Err() != nil || bb.failed() != nil {
					return
				}
				for i := lo; i < min(lo+chunkWords, words); i++ {
					m := bb.cur[i].Swap(0)
					for m != 0 {
						j := uint64(bits.TrailingZeros64(m))
						m &= m - 1
						if err := bb.update(w, i<<6|j); err != nil {
							bb.fail(err)
							return
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := bb.failed(); err != nil {
		return err
	}
	return ctx.Err()
}

// update recomputes the bounds of configuration idx from its moves.
func (bb *boundsBuilder) update(w *boundsWorker, idx uint64) error {
	k := bb.k
	c := bb.b.rk.unrank(k, idx)
	kids, end := bb.g.Children(w.kids[:0], &c)
	w.kids = kids[:0]
	var l, u int
	if len(kids) == 0 {
		if end < -k || end > k {
			return fmt.Errorf("%w: a finished configuration of %d seeds is worth %d", ErrGame, k, end)
		}
		l, u = end, end
	} else {
		l, u = -k, -k
		for i := range kids {
			ch := &kids[i]
			pl, pu := ch.Gain, ch.Gain
			if !ch.Over {
				s := ch.Next.Seeds()
				var nl, nu int
				switch {
				case s > k:
					return fmt.Errorf("%w: a move of a configuration of %d seeds leads to %d", ErrGame, k, s)
				case s == k:
					if ch.Gain != 0 {
						return fmt.Errorf("%w: a move keeps %d seeds in the houses and gains %d", ErrGame, k, ch.Gain)
					}
					ni := bb.b.rk.rank(&ch.Next)
					nl, nu = loadEntry(bb.lo, ni), loadEntry(bb.hi, ni)
				default:
					ni := bb.b.rk.rank(&ch.Next)
					nl, nu = entry(bb.b.lo[s], ni), entry(bb.b.hi[s], ni)
				}
				if ch.Again {
					pl, pu = pl+nl, pu+nu
				} else {
					pl, pu = pl-nu, pu-nl
				}
			}
			if pl < -k || pu > k {
				return fmt.Errorf("%w: a move of a configuration of %d seeds is worth %d to %d", ErrGame, k, pl, pu)
			}
			l, u = max(l, pl), max(u, pu)
		}
	}
	up := moveEntry(bb.lo, idx, l, false)
	down := moveEntry(bb.hi, idx, u, true)
	if !up && !down {
		return nil
	}
	bb.changed.Add(1)
	ps := bb.g.Parents(w.parents[:0], &c)
	w.parents = ps[:0]
	for i := range ps {
		p := &ps[i]
		if p.Prev.Seeds() != k {
			return fmt.Errorf("%w: a parent of a configuration of %d seeds has %d", ErrGame, k, p.Prev.Seeds())
		}
		pi := bb.b.rk.rank(&p.Prev)
		if pi >= bb.size {
			return fmt.Errorf("%w: a parent of a configuration of %d seeds is out of range", ErrGame, k)
		}
		bb.next[pi>>6].Or(1 << (pi & 63))
	}
	return nil
}
