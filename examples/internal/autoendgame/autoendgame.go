// Package autoendgame gives the programs that play (the UCI engine, the
// web game's computer) endgame databases with no step by the user: at
// start they open the databases of the rules played that the user's cache
// directory holds (where go run ./examples/endgame build puts them by
// default), and build the missing counts there in the background, on one
// goroutine, up to a bound on the count, the bytes and the time; the
// searches consult them once they reach the bound.
//
// A [Cache] holds one [Set] a database game: for rules with exact
// databases their own, for the others (Awalé's Abapa and documents'
// rules, catalogue games whose cycles give each player his row) those
// of the nearest exact rules, as estimates (what -endgame-approx loads).
// A Set's oracle ([Set.Oracle]) answers from the counts in use when it is
// asked, and switches atomically to the larger set each time a count is
// built; the searches consult it once the counts reach the bound
// ([Set.Ready], [Cache.Rules]), and play as without databases before.
//
// Building begins at [Cache.Begin] (the UCI engine calls it once it has
// answered uciok, so that the GUI's wait is never at risk), checks first
// that the directory can be written and that the disk and the memory can
// hold the build (an error wrapping [ErrNoRoom] otherwise, said on the
// log, and nothing built), and stops at [Cache.Stop], at [Options].Time or
// at the bound. A count is written to a temporary name, synced and renamed
// (endgame.Build), so that a build stopped goes on from the last finished
// count at the next start. Two processes that share the cache do not
// build the same databases at once: one builds (it holds a lock on the
// databases' directory, on Unix) while the other opens each count as it
// appears.
//
// # Concurrency
//
// A Cache and its Sets are safe for concurrent use. [Cache.Close] is the
// exception: no search may use an oracle of the Cache while, or after, it
// runs.
package autoendgame

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// Defaults of [Options] and of the flags of [Register].
const (
	// DefaultStones is the largest count built: counts 0 to 20 of Awalé
	// hold 216 MiB and gained about 60 Elo against the strongest open
	// engine (issue 45).
	DefaultStones = 20
	// DefaultTime bounds the time spent building in one run of a program;
	// the next run goes on from the last finished count.
	DefaultTime = 30 * time.Minute
	// DefaultMaxBytes bounds the bytes of one Set's counts, on disk and in
	// memory while the last is built: counts 0 to 20 of 12 houses fit; a
	// larger board gets fewer counts.
	DefaultMaxBytes = 256 << 20
	// Reserve is the disk space that a build leaves free, beyond its own.
	Reserve = 256 << 20
)

// ErrNoRoom is wrapped by the error of a build refused before it began:
// the directory cannot be written, or the disk or the memory cannot hold
// it.
var ErrNoRoom = errors.New("autoendgame: no room for the databases")

// ErrNoDatabases is wrapped by the error of [Cache.Add] for rules that have
// no endgame databases (Congkak's, say).
var ErrNoDatabases = errors.New("autoendgame: no endgame databases for these rules")

// Options configure a [Cache].
type Options struct {
	// Dir is the databases' directory; "" means [DefaultDir], the user's
	// cache directory.
	Dir string
	// Stones is the largest count built (1 to endgame.MaxSeeds); 0 builds
	// nothing, and New then returns a Cache that opens nothing either.
	Stones int
	// Time bounds the time spent building from [Cache.Begin] on; 0 means
	// no bound.
	Time time.Duration
	// MaxBytes bounds the bytes of one Set's counts 0 to the last built
	// (its disk, and the memory of the build); 0 means DefaultMaxBytes.
	MaxBytes uint64
	// Log, if not nil, receives the progress lines, each starting with
	// Prefix: what is opened, what is built and when, and why not.
	Log    io.Writer
	Prefix string
}

// DefaultDir returns the databases' directory of the endgame command's
// default: sowing/endgame in the user's cache directory
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux).
func DefaultDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("autoendgame: no user cache directory: %w", err)
	}
	return filepath.Join(cache, "sowing", "endgame"), nil
}

// Cache opens and builds the databases of the rules it is given in one
// directory. Make one with [New].
type Cache struct {
	o   Options
	log *logger

	ctx    context.Context // ended by Stop
	cancel context.CancelFunc

	mu      sync.Mutex
	sets    map[string]*Set // by database game (name and houses)
	byRules map[string]*Set // by rules name; nil for rules without databases
	queue   []*Set          // the sets to build, in order
	begun   bool            // Begin was called
	bctx    context.Context // the builds' context: ctx with the Time bound
	bcancel context.CancelFunc
	running bool          // the builder runs
	idle    chan struct{} // closed when the builder stops with nothing left
	stopped bool
	wg      sync.WaitGroup
}

// New returns a Cache with the options o: an error for o.Stones or o.Time
// out of range, or when Dir is "" and there is no user cache directory.
func New(o Options) (*Cache, error) {
	if o.Stones < 0 || o.Stones > endgame.MaxSeeds {
		return nil, fmt.Errorf("autoendgame: counts up to %d: want 0 to %d", o.Stones, endgame.MaxSeeds)
	}
	if o.Time < 0 {
		return nil, fmt.Errorf("autoendgame: time bound %v: want 0 (none) or more", o.Time)
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Dir == "" && o.Stones > 0 {
		d, err := DefaultDir()
		if err != nil {
			return nil, err
		}
		o.Dir = d
	}
	ctx, cancel := context.WithCancel(context.Background())
	idle := make(chan struct{})
	close(idle)
	return &Cache{o: o, log: &logger{w: o.Log, prefix: o.Prefix}, ctx: ctx, cancel: cancel,
		sets: map[string]*Set{}, byRules: map[string]*Set{}, idle: idle}, nil
}

// Dir returns the databases' directory.
func (c *Cache) Dir() string { return c.o.Dir }

// Set is the databases of one game in a [Cache]: the counts in use now,
// which grow as the builds go on.
type Set struct {
	c     *Cache
	r     mancala.Ruleset // the rules it was first asked for
	g     endgame.Game
	exact bool
	stop  int // the last count to build (Stones, or fewer to fit MaxBytes and what the game's Parents serve: endgame.Buildable)

	cur atomic.Pointer[rulesflags.Endgame] // the counts in use; nil: none yet

	// Guarded by c.mu.
	note string // news not yet taken by Note
	err  error  // the error that stopped the build
}

// Add returns the Set of r's databases, made the first time: it opens the
// counts 0 to the last in a row that the directory holds (endgame.Open:
// their files are mapped and checked in the background), and if they do
// not reach the bound it queues the build of the rest, which begins at
// [Cache.Begin]. It fails, with an error wrapping [ErrNoDatabases], for
// rules without databases, and returns nil and no error from a Cache of
// Stones 0. A directory whose files cannot be opened is said on the log,
// and the Set then answers nothing and builds nothing.
func (c *Cache) Add(r mancala.Ruleset) (*Set, error) {
	if c.o.Stones == 0 || r == nil {
		return nil, nil
	}
	name := rulesName(r)
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.byRules[name]; ok {
		if s == nil {
			return nil, fmt.Errorf("%w: %s", ErrNoDatabases, name)
		}
		return s, nil
	}
	g, why, err := rulesflags.EndgameGame(r, true)
	if err != nil {
		c.byRules[name] = nil
		return nil, fmt.Errorf("%w: %s", ErrNoDatabases, rulesflags.Line(err))
	}
	key := fmt.Sprintf("%s/%d", g.Name(), g.Houses())
	if s := c.sets[key]; s != nil {
		c.byRules[name] = s
		return s, nil
	}
	s := &Set{c: c, r: r, g: g, exact: why == "", stop: endgame.Buildable(g, c.fit(g.Houses()), false)}
	c.sets[key], c.byRules[name] = s, s
	have := endgame.Finished(g, c.o.Dir) - 1
	if have >= 0 {
		e, err := rulesflags.LoadEndgame(r, rulesflags.EndgameOptions{Dir: c.o.Dir, Approx: true, Background: true})
		if err != nil {
			s.err = err
			c.log.printf("%s (the engine plays without them)", rulesflags.Line(err))
			return s, nil
		}
		s.use(e, false)
		c.log.printf("%s", e)
		c.wg.Add(1)
		go func() { // the check of endgame.Open
			defer c.wg.Done()
			if err := e.Wait(c.ctx); err != nil && c.ctx.Err() == nil {
				c.log.printf("%s (the searches go on without that count)", rulesflags.Line(err))
			}
		}()
	}
	if have < s.stop {
		c.queue = append(c.queue, s)
		c.startLocked()
	}
	return s, nil
}

// fit returns the last count to build on h houses: Stones, or fewer so
// that the counts from 0 fit MaxBytes.
func (c *Cache) fit(h int) int {
	k := c.o.Stones
	for k >= 0 && (endgame.Size(h, k) == 0 || endgame.NewPlan(h, 0, k).Memory > c.o.MaxBytes) {
		k--
	}
	return k
}

// Begin lets the builds queued by Add begin (and those queued later
// begin at once), on one goroutine, one Set after another; Options.Time
// counts from the first call. Calling it again does nothing.
func (c *Cache) Begin() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.begun || c.stopped {
		return
	}
	c.begun = true
	c.bctx, c.bcancel = context.WithCancel(c.ctx)
	if c.o.Time > 0 {
		c.bctx, c.bcancel = context.WithTimeout(c.ctx, c.o.Time)
	}
	c.startLocked()
}

// startLocked starts the builder if it may run and has work.
func (c *Cache) startLocked() {
	if !c.begun || c.stopped || c.running || len(c.queue) == 0 {
		return
	}
	c.running = true
	c.idle = make(chan struct{})
	c.wg.Add(1)
	go c.builder()
}

// builder builds the queued sets one after another.
func (c *Cache) builder() {
	defer c.wg.Done()
	for {
		c.mu.Lock()
		if len(c.queue) == 0 || c.stopped {
			c.running = false
			close(c.idle)
			c.mu.Unlock()
			return
		}
		s := c.queue[0]
		c.mu.Unlock()
		err := s.build(c.bctx)
		c.mu.Lock()
		c.queue = c.queue[1:]
		if err != nil && s.err == nil {
			s.err = err
		}
		c.mu.Unlock()
	}
}

// Wait waits until no build is under way or queued, or ctx is done, and
// returns the errors that stopped the builds (of every Set, joined):
// errors wrapping ErrNoRoom, the time bound's context.DeadlineExceeded,
// context.Canceled after Stop. A build not yet begun (no Begin) counts as
// under way.
func (c *Cache) Wait(ctx context.Context) error {
	for {
		c.mu.Lock()
		idle, queued := c.idle, len(c.queue) > 0
		c.mu.Unlock()
		if !queued {
			break
		}
		select {
		case <-idle:
			continue
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for _, s := range c.sets {
		errs = append(errs, s.err)
	}
	return errors.Join(errs...)
}

// Stop ends the builds (a count under way is lost; those finished are
// kept for the next start) and waits for the builder to return. The
// oracles go on answering from the counts in use. Calling it again does
// nothing.
func (c *Cache) Stop() {
	c.mu.Lock()
	c.stopped = true
	if c.bcancel != nil {
		c.bcancel()
	}
	c.mu.Unlock()
	c.cancel()
	c.wg.Wait()
}

// Close stops the builds (Stop) and releases the databases in use (those
// they replaced are left to the garbage collector, see Set.Endgame). No
// search may use the Cache's oracles any more, nor may one be running.
func (c *Cache) Close() error {
	c.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for _, s := range c.sets {
		errs = append(errs, s.cur.Swap(nil).Close())
	}
	return errors.Join(errs...)
}

// Rules returns r with the databases in use for it as its endgame oracle
// (rulesflags.Endgame.Rules: search.WithEndgameEstimate for estimates),
// adding r's Set first (Add) so that its build is queued; r itself if it
// has none, or if they are not ready ([Set.Ready]). It serves a program that searches many
// rules (the web game), at each search.
func (c *Cache) Rules(r mancala.Ruleset) mancala.Ruleset {
	s, err := c.Add(r)
	if err != nil || s == nil || !s.Ready() {
		return r
	}
	return s.Endgame().Rules(r)
}

// Ready reports whether the databases in use reach the Set's bound (the
// counts 0 to [Set.Stones], or more that the directory held): those the
// searches consult (uci.EngineConfig.EndgameReady; Cache.Rules). A set
// still being built is left out, so that the engine is always in one of
// the two configurations that matches measured (ELO.md, "Shipped endgame
// knowledge"), never in between.
func (s *Set) Ready() bool {
	e := s.cur.Load()
	return e != nil && e.DB().Seeds() >= s.stop
}

// Endgame returns the databases in use now, or nil if there are none yet.
// Those that a larger set replaces are not closed: they stay usable by
// whoever holds them (a search under way), and the garbage collector
// releases them once nobody does (endgame.DB); Close closes those in use
// at its call.
func (s *Set) Endgame() *rulesflags.Endgame { return s.cur.Load() }

// Oracle returns the value of p from the databases in use now (see
// rulesflags.Endgame.Oracle), and false if they do not hold p or there
// are none yet: the oracle of uci.EngineConfig.Endgame, for the rules the
// Set was made for.
func (s *Set) Oracle(p mancala.Position) (gain int, ok bool) {
	e := s.cur.Load()
	if e == nil {
		return 0, false
	}
	return e.Oracle(p)
}

// Seeds returns the most seeds in the houses of a position that Oracle
// answers about now (the largest count in use), or -1 if there are no
// databases yet: uci.EngineConfig.EndgameSeeds.
func (s *Set) Seeds() int {
	e := s.cur.Load()
	if e == nil {
		return -1
	}
	return e.Seeds()
}

// Exact reports whether the values are exact under the rules the Set was
// made for; false means they are those of the nearest exact rules,
// estimates (uci.EngineConfig.EndgameApprox).
func (s *Set) Exact() bool { return s.exact }

// Game returns the game of the databases.
func (s *Set) Game() endgame.Game { return s.g }

// Stones returns the last count that the Set builds.
func (s *Set) Stones() int { return s.stop }

// Err returns, without waiting, the error of the first file found damaged
// by the background check of the databases in use, or nil
// (uci.EngineConfig.EndgameCheck).
func (s *Set) Err() error { return s.cur.Load().Err() }

// Note returns, once, the news of the databases since the last call: that
// the counts built in the background reach the bound, so that the
// searches consult them from now on ("" if nothing changed). It is the
// uci.EngineConfig.EndgameNote of the engine.
func (s *Set) Note() string {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	n := s.note
	s.note = ""
	return n
}

// use makes e the databases in use; built says they grew by a build (a
// note is then left for Note).
func (s *Set) use(e *rulesflags.Endgame, built bool) {
	s.cur.Store(e)
	if built && s.Ready() {
		what := "exact"
		if !s.exact {
			what = "estimates for " + rulesName(s.r)
		}
		s.note = fmt.Sprintf("endgame databases in use: counts 0 to %d of %s (%s), built in the background", e.DB().Seeds(), s.g.Name(), what)
	}
}

// rulesName returns the name of r (its String).
func rulesName(r mancala.Ruleset) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}

// logger writes the progress lines.
type logger struct {
	mu     sync.Mutex
	w      io.Writer
	prefix string
}

func (l *logger) printf(format string, a ...any) {
	if l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, l.prefix+format+"\n", a...)
}
