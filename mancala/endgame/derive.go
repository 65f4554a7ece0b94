package endgame

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala"
)

// Forward is a [Game] without Parents: the rules as its moves state them.
// [DeriveParents] completes it.
type Forward interface {
	Name() string
	Houses() int
	Children(dst []Child, c *Config) ([]Child, int)
	Config(p mancala.Position) (Config, bool)
}

// CountLimiter is an optional capability of a [Game] whose Parents serve
// only some counts (those of [DeriveParents]). [Build] and [BuildBounds]
// call CheckCount(k) before they build count k by a method that calls
// Parents, and return its error, building nothing more; a count loaded
// from a file, or built by the forward pass of an [Acyclic] game, is not
// checked.
type CountLimiter interface {
	// CheckCount returns nil if Parents serves the configurations of k
	// seeds, else an error that says why (a [*CountError]).
	CheckCount(k int) error
}

// MaxDerived is the largest limit that [DeriveParents] takes: the
// configurations of one count whose moves it inverts.
const MaxDerived = 1 << 26

// DefaultDerived is the limit of [DeriveParents] that rulesets use by
// default: about 4 million configurations (counts up to 13 seeds on 12
// houses, 10 on 16), whose inverted moves take some 50 MiB at two moves
// a configuration that keep the count (package sow's Bakuk and Hufesay
// have about two).
const DefaultDerived = 1 << 22

// CountError is the error of [CountLimiter.CheckCount] for a count
// whose configurations are more than the limit. It wraps
// mancala.ErrUnsupported.
type CountError struct {
	Game           string // the game's Name
	Count          int    // the seeds of the count refused
	Configurations uint64 // the configurations of that count (0: more than MaxEntries)
	Limit          uint64 // the most that the game's Parents serve
}

func (e *CountError) Error() string {
	return fmt.Sprintf("endgame: %s: count %d has %d configurations, more than the %d whose parents can be derived", e.Game, e.Count, e.Configurations, e.Limit)
}

// Unwrap returns mancala.ErrUnsupported.
func (e *CountError) Unwrap() error { return mancala.ErrUnsupported }

// DeriveParents returns f as a [Game] whose Parents are derived from f's
// Children: for a configuration of k seeds, the first call enumerates
// every configuration of k seeds once, collects the moves that keep every
// seed in the houses (a Child not Over whose Next has k seeds), and
// inverts them, so that Parents is then a table look-up. It keeps the
// inverse of one count at a time (the builder asks for one count at a
// time), in 4 bytes a configuration plus 4 a move kept in the count; the
// calls of several goroutines for the same count share one inversion,
// made on every core. The Game is [Acyclic] if f is (and says so), and a
// [CountLimiter]: counts of more than limit configurations (limit is
// capped at [MaxDerived]; 0 means [DefaultDerived]) are refused with a
// [*CountError], and Parents of such a count appends nothing.
//
// It is the sound way to give Parents to rules that are hard to play
// backwards (a configurable engine's): the parents are exactly the moves
// of Children, by construction. The cost is the memory above and one more
// call of Children for each configuration of a count.
func DeriveParents(f Forward, limit uint64) Game {
	if limit == 0 {
		limit = DefaultDerived
	}
	return &derived{Forward: f, limit: min(limit, MaxDerived)}
}

// derived is the Game of DeriveParents.
type derived struct {
	Forward
	limit uint64
	mu    sync.Mutex
	cur   atomic.Pointer[inverse]
}

// inverse holds the parents of every configuration of one count: those
// of configuration t are par[at[t]:at[t+1]], each the rank of a parent
// with bit 31 set for a move after which its mover moves again.
type inverse struct {
	k   int
	rk  *ranker
	at  []uint32
	par []uint32
}

const againBit = 1 << 31

// Acyclic reports whether f is [Acyclic] and says so.
func (g *derived) Acyclic() bool {
	a, ok := g.Forward.(interface{ Acyclic() bool })
	return ok && a.Acyclic()
}

// CheckCount implements [CountLimiter].
func (g *derived) CheckCount(k int) error {
	if n := Size(g.Houses(), k); n == 0 || n > g.limit {
		return &CountError{Game: g.Name(), Count: k, Configurations: n, Limit: g.limit}
	}
	return nil
}

// Parents implements [Game.Parents] from the inverse of c's count.
func (g *derived) Parents(dst []Parent, c *Config) []Parent {
	k := c.Seeds()
	inv := g.cur.Load()
	if inv == nil || inv.k != k {
		if g.CheckCount(k) != nil {
			return dst
		}
		inv = g.invert(k)
	}
	t := inv.rk.rank(c)
	for _, x := range inv.par[inv.at[t]:inv.at[t+1]] {
		dst = append(dst, Parent{Prev: inv.rk.unrank(k, uint64(x&^againBit)), Again: x&againBit != 0})
	}
	return dst
}

// invert returns the inverse of count k, made once.
func (g *derived) invert(k int) *inverse {
	g.mu.Lock()
	defer g.mu.Unlock()
	if inv := g.cur.Load(); inv != nil && inv.k == k {
		return inv
	}
	g.cur.Store(nil) // the previous count's tables can go
	rk := newRanker(g.Houses(), k)
	n := rk.size[k]
	inv := &inverse{k: k, rk: rk, at: make([]uint32, n+1)}
	// Each edge of the count once: count the parents of each
	// configuration, make the counts ends, and fill each configuration's
	// parents backwards from its end, which leaves at[t] at its start.
	g.edges(rk, k, n, func(t, _ uint64, _ bool) { atomic.AddUint32(&inv.at[t], 1) })
	var s uint32
	for t := range n {
		s += inv.at[t]
		inv.at[t] = s
	}
	inv.at[n] = s
	inv.par = make([]uint32, s)
	g.edges(rk, k, n, func(t, from uint64, again bool) {
		x := uint32(from)
		if again {
			x |= againBit
		}
		inv.par[atomic.AddUint32(&inv.at[t], ^uint32(0))] = x
	})
	g.cur.Store(inv)
	return inv
}

// edges calls fn for every move of a configuration of k seeds (n of them)
// that keeps the count: the rank of the configuration it leads to, the
// rank of the configuration it is played from, and its Again. The calls
// come from several goroutines at once.
func (g *derived) edges(rk *ranker, k int, n uint64, fn func(to, from uint64, again bool)) {
	const span = 1 << 12
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), MaxWorkers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var kids []Child
			for {
				lo := next.Add(span) - span
				if lo >= n {
					return
				}
				wk := rk.walk(k, lo)
				for idx := lo; idx < min(lo+span, n); idx++ {
					if idx > lo {
						wk.next()
					}
					kids, _ = g.Children(kids[:0], &wk.c)
					for i := range kids {
						if ch := &kids[i]; !ch.Over && ch.Next.Seeds() == k {
							fn(rk.rank(&ch.Next), idx, ch.Again)
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}

// Buildable returns the largest count up to k that [Build] builds for g:
// k, unless g is a [CountLimiter] whose counts are built by the
// retrograde phases (g is not [Acyclic], or retrograde is set, as
// Options.Retrograde), and then the count before the first it refuses
// (-1 if it refuses count 0). A program that builds up to a bound of its
// own (a background build) takes it so as not to fail part way.
func Buildable(g Game, k int, retrograde bool) int {
	if _, ok := g.(CountLimiter); !ok || !retrograde && acyclic(g) {
		return k
	}
	for j := 0; j <= k; j++ {
		if checkCount(g, j) != nil {
			return j - 1
		}
	}
	return k
}
