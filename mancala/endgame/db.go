package endgame

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
)

// DB holds the values of every configuration of a game with up to
// [DB.Seeds] seeds in its houses, one signed byte each: what [Build] and
// [Load] return, and [Open] (whose counts become ready one by one, see
// [DB.Ready]). A DB is safe for concurrent use, and immutable but for
// the counts that become ready and for [DB.Close]. It
// implements the endgame oracle of package mancala/search
// (search.Endgamer) through [DB.Endgame]. The zero DB and a nil *DB hold
// nothing: their methods answer as for a count not held (false, 0, -1 from
// Seeds) and never panic.
type DB struct {
	g      Game
	name   string
	h      int
	rk     *ranker
	tables [][]uint32 // tables[j]: count j as built here, four entries a word; nil for one read from its file
	// files[j]: count j's file, mapped (or read where files are not
	// mapped), nil for a count built here; vals[j] its values. Both are
	// nil if no count was read from a file.
	files  []*countFile
	vals   [][]byte
	ready  atomic.Uint64 // bit j: count j answers (see Ready)
	check  *checker      // the background check of Open; nil for Load and Build
	faults faults        // counts found damaged by a probe (see probe)
}

// newDB returns an empty DB of g for counts up to k, or an error if g or k
// is out of range.
func newDB(g Game, k int) (*DB, error) {
	if nilcheck.Is(g) {
		return nil, fmt.Errorf("endgame: no game: %w", mancala.ErrUnsupported)
	}
	name, h := g.Name(), g.Houses()
	switch {
	case name == "" || len(name) > 200 || strings.ContainsAny(name, "\x00\n"):
		return nil, fmt.Errorf("endgame: a game's name must be 1 to 200 bytes on one line, not %.40q: %w", name, mancala.ErrUnsupported)
	case h < 1 || h > MaxHouses:
		return nil, fmt.Errorf("endgame: %d houses (want 1 to %d): %w", h, MaxHouses, mancala.ErrUnsupported)
	case k < 0 || k > MaxSeeds:
		return nil, fmt.Errorf("endgame: %d seeds (want 0 to %d): %w", k, MaxSeeds, mancala.ErrUnsupported)
	}
	rk := newRanker(h, k)
	if rk.size[k] > MaxEntries {
		return nil, fmt.Errorf("endgame: %d seeds in %d houses make more than %d configurations: %w", k, h, uint64(MaxEntries), mancala.ErrUnsupported)
	}
	return &DB{g: g, name: name, h: h, rk: rk, tables: make([][]uint32, k+1)}, nil
}

// Size returns the number of configurations of k seeds in h houses,
// C(k+h-1, h-1), or 0 if it is larger than [MaxEntries] or k is outside
// 0..[MaxSeeds].
func Size(h, k int) uint64 {
	if h < 1 || h > MaxHouses || k < 0 || k > MaxSeeds {
		return 0
	}
	n := binom(k+h-1, h-1)
	if n > MaxEntries {
		return 0
	}
	return n
}

// Name returns the name of the game whose values d holds ("" for the zero
// or nil DB).
func (d *DB) Name() string {
	if d == nil {
		return ""
	}
	return d.name
}

// Houses returns the number of houses of d's configurations (0 for the
// zero or nil DB).
func (d *DB) Houses() int {
	if d == nil {
		return 0
	}
	return d.h
}

// Seeds returns the largest count d holds: it knows every configuration of
// 0 to Seeds seeds (those of [Open] once they are ready: see [DB.Ready]).
// It is -1 for the zero or nil DB, which holds none.
func (d *DB) Seeds() int {
	if d == nil || d.rk == nil {
		return -1
	}
	return len(d.tables) - 1
}

// Size returns the number of configurations of k seeds that d holds (0 if
// it holds none).
func (d *DB) Size(k int) uint64 {
	if k < 0 || k > d.Seeds() {
		return 0
	}
	return d.rk.size[k]
}

// Bytes returns the memory d's tables take: in memory for the counts
// built, mapped from their files (in the page cache, on Linux) for those
// loaded or opened. It is 0 for the zero or nil DB, and after Close.
func (d *DB) Bytes() int64 {
	if d == nil {
		return 0
	}
	var n int64
	for _, t := range d.tables {
		n += 4 * int64(len(t))
	}
	for _, v := range d.vals {
		n += int64(len(v))
	}
	return n
}

// at returns entry idx of count k (which must be in range and ready).
func (d *DB) at(k int, idx uint64) int {
	if d.vals != nil {
		if v := d.vals[k]; v != nil {
			x := v[idx]
			runtime.KeepAlive(d) // d's finalizer unmaps v
			return int(int8(x))
		}
	}
	return int(int8(d.tables[k][idx>>2] >> (8 * (idx & 3))))
}

// At returns the value of configuration idx of k seeds (see
// [DB.Configuration]), and false if d does not hold it (or not yet: see
// [DB.Ready]), or if its file is found changed in place (see [Open]).
func (d *DB) At(k int, idx uint64) (int, bool) {
	if idx >= d.Size(k) || !d.Ready(k) {
		return 0, false
	}
	return d.probe(k, idx)
}

// Index returns the index of c among the configurations of its seeds, and
// its seeds; seeds is -1 if c is nil, has seeds past d's houses, or d is
// the zero or nil DB.
func (d *DB) Index(c *Config) (idx uint64, seeds int) {
	if c == nil || d.Seeds() < 0 {
		return 0, -1
	}
	for _, v := range c[d.h:] {
		if v != 0 {
			return 0, -1
		}
	}
	return d.rk.rank(c), c.Seeds()
}

// Configuration returns the configuration of k seeds of index idx (0 to
// Size(k)-1), and false if d does not hold it.
func (d *DB) Configuration(k int, idx uint64) (Config, bool) {
	if idx >= d.Size(k) {
		return Config{}, false
	}
	return d.rk.unrank(k, idx), true
}

// Value returns the value of configuration c for its player to move (what
// he will take into his store from then on minus what his opponent will,
// under perfect play), and true, or false if c has more seeds than d holds
// (or a count not ready yet: see [DB.Ready]) or seeds past its houses, or
// is nil, or if its count's file is found changed in place while in use
// (see [Open]: the count is then no longer ready, and [DB.Err] says why).
// It costs a rank and one memory access, and allocates nothing.
func (d *DB) Value(c *Config) (int, bool) {
	if c == nil || d.Seeds() < 0 {
		return 0, false
	}
	k := 0
	for i, v := range c {
		if v != 0 && i >= d.h {
			return 0, false
		}
		k += int(v)
	}
	if !d.Ready(k) {
		return 0, false
	}
	return d.probe(k, d.rk.rank(c))
}

// Endgame returns the value of position p for its player to move (what he
// will add to his store from p on minus what his opponent will, under
// perfect play) and true, if p is a position of d's game whose seeds in
// houses d holds; otherwise 0 and false. It is the oracle that the exact
// solver and alpha-beta of package mancala/search consult
// (search.Endgamer). The value is that of the configuration: a game whose
// future depends on its history (a repetition that began before p) may end
// otherwise, which is why the searches take it as exact only where no
// earlier position can come back (see search.Endgamer). The zero or nil DB
// answers 0 and false.
func (d *DB) Endgame(p mancala.Position) (gain int, ok bool) {
	if d.Seeds() < 0 || nilcheck.Is(d.g) {
		return 0, false
	}
	c, ok := d.g.Config(p)
	if !ok {
		return 0, false
	}
	return d.Value(&c)
}
