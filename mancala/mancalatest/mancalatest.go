package mancalatest

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
)

// Defaults of the options.
const (
	DefaultMaxPlies = 1000 // see WithMaxPlies
	DefaultChecks   = 20   // see WithChecks
)

// TestRuleset checks that r keeps the [mancala.Ruleset] contract (and those
// of the optional interfaces it implements) in random games from r.Start()
// and the positions given with [WithStarts]. It runs one subtest per
// property (named as [Properties] lists them) and reports every property
// that fails, each with the smallest game that rapid found to show it: the
// start position, the moves, the position where the problem showed and
// what was wrong. A property that does not apply (Perft for a ruleset that
// is not a [mancala.Perfter], ...) is skipped.
//
// TestRuleset uses pgregory.net/rapid, so rapid's flags apply:
// -rapid.checks scales the number of games (see [WithChecks]), -rapid.seed
// replays a run, and a failure writes a fail file under testdata/rapid
// unless -rapid.nofailfile is given.
func TestRuleset(t *testing.T, r mancala.Ruleset, opts ...Option) {
	t.Helper()
	if r == nil {
		t.Fatal("mancalatest: nil ruleset")
	}
	k, problems := newKit(r, opts)
	for _, p := range problems {
		t.Errorf("mancalatest: %s", p)
	}
	for i := range properties {
		prop := &properties[i]
		if !k.cfg.selected(prop.name) {
			continue
		}
		t.Run(prop.name, func(t *testing.T) {
			if ok, why := prop.applies(k); !ok {
				t.Skip(why)
			}
			st := k.run(t, prop)
			if st.note != "" {
				t.Log(st.note)
			}
		})
	}
}

// Properties returns the names of the properties that [TestRuleset]
// checks, in the order it checks them; they are the names of its
// subtests. The package documentation says what each one checks.
func Properties() []string {
	names := make([]string, len(properties))
	for i, p := range properties {
		names[i] = p.name
	}
	return names
}

// Option configures [TestRuleset].
type Option func(*config)

type config struct {
	starts   []mancala.Position
	maxPlies int
	checks   int
	only     []string // property names; all when empty (for this package's own tests)
}

func (c *config) selected(name string) bool {
	if len(c.only) == 0 {
		return true
	}
	for _, n := range c.only {
		if n == name {
			return true
		}
	}
	return false
}

// WithStarts adds start positions besides r.Start(). Each is passed
// through r.Setup first; one that Setup refuses is reported as an error and
// not used. Random games start from each of the starts with equal
// probability.
func WithStarts(ps ...mancala.Position) Option {
	return func(c *config) { c.starts = append(c.starts, ps...) }
}

// WithMaxPlies sets the length at which a random game is cut if it has not
// ended (default [DefaultMaxPlies]). A game cut this way is no error: the
// Length subtest logs how many were. A ruleset that is a [mancala.Bounded]
// with a bound of at most 10*n has its games played out to the bound, and a
// game that outlasts the bound is an error.
func WithMaxPlies(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.maxPlies = n
		}
	}
}

// WithChecks sets the number of random games that each property plays
// (default [DefaultChecks]) at rapid's default of 100 checks; the
// -rapid.checks flag scales it (-rapid.checks=1000 plays ten times as
// many), and -short divides it by five, as it does rapid's.
func WithChecks(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.checks = n
		}
	}
}

// only restricts a run to the named properties (for this package's tests).
func only(names ...string) Option {
	return func(c *config) { c.only = append(c.only, names...) }
}

// kit is one TestRuleset run: the ruleset, its capabilities and the starts.
type kit struct {
	r         mancala.Ruleset
	cfg       config
	starts    []mancala.Position // r.Start() first
	cycler    mancala.Cycler
	perfter   mancala.Perfter
	playouter mancala.Playouter
	tracer    mancala.Tracer
	explainer mancala.Explainer
	bound     int // the ruleset's MaxPlies, 0 if it states none
	bounded   bool
	gens      map[int]*rapid.Generator[int]
}

func newKit(r mancala.Ruleset, opts []Option) (*kit, []string) {
	k := &kit{r: r, cfg: config{maxPlies: DefaultMaxPlies, checks: DefaultChecks}}
	for _, o := range opts {
		o(&k.cfg)
	}
	k.cycler, _ = r.(mancala.Cycler)
	k.perfter, _ = r.(mancala.Perfter)
	k.playouter, _ = r.(mancala.Playouter)
	k.tracer, _ = r.(mancala.Tracer)
	k.explainer, _ = r.(mancala.Explainer)
	if b, ok := r.(mancala.Bounded); ok {
		k.bounded, k.bound = true, b.MaxPlies()
	}
	k.starts = []mancala.Position{r.Start()}
	var problems []string
	for i, p := range k.cfg.starts {
		q, err := safeSetup(r, p)
		if err != nil {
			problems = append(problems, fmt.Sprintf("WithStarts position %d %q: Setup refused it: %v", i, p, err))
			continue
		}
		k.starts = append(k.starts, q)
	}
	k.gens = make(map[int]*rapid.Generator[int])
	return k, problems
}

func safeSetup(r mancala.Ruleset, p mancala.Position) (q mancala.Position, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("panic: %v", e)
		}
	}()
	return r.Setup(p)
}

// intn returns a generator of integers in [0, n).
func (k *kit) intn(n int) *rapid.Generator[int] {
	g, ok := k.gens[n]
	if !ok {
		g = rapid.IntRange(0, n-1)
		k.gens[n] = g
	}
	return g
}

// limit returns how many plies a walk may take, and whether a game still
// going at the limit breaks the ruleset's stated bound.
func (k *kit) limit() (plies int, strict bool) {
	if k.bound > 0 && k.bound <= 10*k.cfg.maxPlies {
		return k.bound, true
	}
	return k.cfg.maxPlies, false
}

// stats gathers what one property's run saw, counting only the games of
// rapid's search (not those of its shrinking).
type stats struct {
	games, cut, cycles int
	both               int    // simultaneous decisions met
	violation          string // the last violation reported: after shrinking, the smallest
	note               string // a line for the test log
}

// run checks one property with rapid.Check on tb.
func (k *kit) run(tb rapid.TB, prop *property) *stats {
	tb.Helper()
	st := &stats{}
	checks := rapidChecks()
	total := max(1, k.cfg.checks*checks/100)
	per := (total + checks - 1) / checks // games in each rapid test case
	active := (total + per - 1) / per    // test cases that play games
	cases, failed := 0, false
	game := rapid.Custom(func(t *rapid.T) gameRecord {
		// A game with a single start and only forced moves draws nothing
		// else, and rapid refuses a generator that uses no data.
		_ = rapid.Bool().Draw(t, "play")
		c := &probe{k: k, t: t, st: st, failed: &failed}
		c.guard(func() { prop.run(c) })
		if !failed {
			st.games++
			if c.cut {
				st.cut++
			}
			st.cycles += c.cycles
			st.both += c.both
		}
		return c.record()
	})
	rapid.Check(tb, func(t *rapid.T) {
		// Cases beyond the requested number of games pass at once, except
		// once a failure has been seen: rapid's shrinking replays cases.
		if !failed {
			if cases >= active {
				return
			}
			cases++
		}
		for range per {
			game.Draw(t, "game")
		}
	})
	if prop.note != nil && !failed {
		st.note = prop.note(k, st)
	}
	return st
}

// rapidChecks returns the number of test cases rapid.Check runs.
func rapidChecks() int {
	n := 100
	if f := flag.Lookup("rapid.checks"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if v, ok := g.Get().(int); ok {
				n = v
			}
		}
	}
	if testing.Short() {
		n /= 5
	}
	return max(n, 1)
}

// gameRecord is the value of rapid's "game" draw: it shows in rapid's logs.
type gameRecord struct {
	start mancala.Position
	moves []mancala.Move
}

func (g gameRecord) GoString() string {
	return fmt.Sprintf("game from %q: %s", g.start, movesText(g.moves))
}

func movesText(ms []mancala.Move) string {
	if len(ms) == 0 {
		return "(no moves)"
	}
	var sb strings.Builder
	for i, m := range ms {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}
