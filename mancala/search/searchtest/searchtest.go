package searchtest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search"
)

// Defaults of the options.
const (
	DefaultGames      = 40   // see WithGames
	DefaultBruteSeeds = 8    // see WithBruteSeeds
	DefaultMaxPlies   = 1000 // a random game longer than this is cut
)

// maxReports caps the violations a property reports in full; the rest are
// counted.
const maxReports = 5

// TestSolver checks r's solver capabilities against its rules in random
// games (see the package documentation), one subtest per capability, named
// as [Properties] lists them. It reports every violation found, each with
// the position, the start and the moves that reached it.
func TestSolver(t *testing.T, r mancala.Ruleset, opts ...Option) {
	t.Helper()
	if r == nil {
		t.Fatal("searchtest: nil ruleset")
	}
	rep := check(r, opts...)
	for _, p := range rep[startsKey].violations {
		t.Errorf("searchtest: %s", p)
	}
	for _, name := range Properties() {
		res := rep[name]
		t.Run(name, func(t *testing.T) {
			if res.skip != "" {
				t.Skip(res.skip)
			}
			for _, v := range res.violations {
				t.Errorf("searchtest: %s", v)
			}
			if res.more > 0 {
				t.Errorf("searchtest: %s: %d more violations", name, res.more)
			}
			t.Logf("%d positions checked, %d against the brute force, %d with other stores", res.checked, res.brute, res.variants)
		})
	}
}

// Properties returns the names of the properties that [TestSolver]
// checks, in order; they are the names of its subtests.
func Properties() []string {
	names := make([]string, len(properties))
	for i, p := range properties {
		names[i] = p.name
	}
	return names
}

// Option configures [TestSolver].
type Option func(*config)

type config struct {
	games, bruteSeeds int
	seed              uint64
	starts            []mancala.Position
}

// WithGames sets the number of random games played (default
// [DefaultGames]).
func WithGames(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.games = n
		}
	}
}

// WithSeed seeds the random games (default 1): the same seed plays the
// same games.
func WithSeed(seed uint64) Option { return func(c *config) { c.seed = seed } }

// WithStarts adds start positions besides r.Start(); games start from each
// in turn. Each is passed through r.Setup, and one that Setup refuses is
// reported as an error (and not used).
func WithStarts(ps ...mancala.Position) Option {
	return func(c *config) { c.starts = append(c.starts, ps...) }
}

// WithBruteSeeds sets the most seeds in houses that a position may hold to
// be checked against the brute force (default [DefaultBruteSeeds]; -1
// checks none). The brute force visits every position reachable, so this
// bounds the time the checks take.
func WithBruteSeeds(n int) Option { return func(c *config) { c.bruteSeeds = n } }

// startsKey is the key of check's results for the starts that Setup
// refused.
const startsKey = "(starts)"

// result is what one property found.
type result struct {
	skip           string // why the property does not apply
	violations     []string
	more           int // violations beyond maxReports
	checked, brute int // positions checked, and against the brute force
	variants       int // positions compared with their store variants
}

// kit is one check run: the ruleset, its capabilities, and the game being
// checked.
type kit struct {
	r       mancala.Ruleset
	cfg     config
	cycler  bool
	bounder search.ScoreBounder
	si      search.StoreIndependent
	eg      search.Endgamer
	pk      search.Packer
	res     map[string]*result

	// The game being checked.
	line      []mancala.Position // line[0] is the start
	moves     []mancala.Move     // moves[i] leads from line[i] to line[i+1]
	ended     bool               // the game ended (was not cut)
	at        int                // the index in line of the position being checked
	exact     map[mancala.Position]int
	bruteLeft int // positions of this game still to check by brute force
}

// property is one check: run is called at every position of every game
// that is not over.
type property struct {
	name    string
	applies func(k *kit) string // "" if it applies, else why not
	once    func(k *kit, res *result)
	run     func(k *kit, p mancala.Position, res *result)
}

var properties = []property{
	{name: "Bounds", applies: func(k *kit) string {
		if k.bounder == nil {
			return "the ruleset is not a search.ScoreBounder"
		}
		return ""
	}, run: checkBounds},
	{name: "StoreIndependent", applies: func(k *kit) string {
		if k.si == nil || !k.si.StoreIndependent() {
			return "the ruleset is not store-independent (search.StoreIndependent)"
		}
		return ""
	}, run: checkStoreIndependent},
	{name: "Endgame", applies: func(k *kit) string {
		if k.eg == nil {
			return "the ruleset is not a search.Endgamer"
		}
		return ""
	}, run: checkEndgame},
	{name: "Packer", applies: func(k *kit) string {
		if k.pk == nil {
			return "the ruleset is not a search.Packer"
		}
		return ""
	}, once: checkPackerOnce, run: checkPacker},
}

// check runs every property on r and returns the results by name.
func check(r mancala.Ruleset, opts ...Option) map[string]*result {
	k := &kit{r: r, cfg: config{games: DefaultGames, bruteSeeds: DefaultBruteSeeds, seed: 1}, res: map[string]*result{}}
	for _, o := range opts {
		o(&k.cfg)
	}
	_, k.cycler = r.(mancala.Cycler)
	k.bounder, _ = r.(search.ScoreBounder)
	k.si, _ = r.(search.StoreIndependent)
	k.eg, _ = r.(search.Endgamer)
	k.pk, _ = r.(search.Packer)
	var active []*property
	for i := range properties {
		p := &properties[i]
		res := &result{skip: p.applies(k)}
		k.res[p.name] = res
		if res.skip == "" {
			active = append(active, p)
			if p.once != nil {
				p.once(k, res)
			}
		}
	}
	k.res[startsKey] = &result{}
	starts := []mancala.Position{r.Start()}
	for i, p := range k.cfg.starts {
		q, err := r.Setup(p)
		if err != nil {
			k.res[startsKey].add(fmt.Sprintf("WithStarts position %d %q: Setup refused it: %v", i, p, err))
			continue
		}
		starts = append(starts, q)
	}
	if len(active) == 0 {
		return k.res
	}
	rng := rand.New(rand.NewPCG(k.cfg.seed, 0x5eed))
	k.exact = map[mancala.Position]int{}
	var buf []mancala.Move
	for g := range k.cfg.games {
		p := starts[g%len(starts)]
		k.line, k.moves = append(k.line[:0], p), k.moves[:0]
		for !p.Over() && len(k.moves) < DefaultMaxPlies {
			buf = r.Legal(buf[:0], p)
			if len(buf) == 0 {
				break // no move though the game goes on: mancalatest reports it
			}
			m := buf[rng.IntN(len(buf))]
			p = mancala.EndCycle(r, k.line, r.Apply(p, m))
			k.line, k.moves = append(k.line, p), append(k.moves, m)
		}
		k.ended = p.Over()
		for _, prop := range active {
			k.bruteLeft = 3
			res := k.res[prop.name]
			for i, q := range k.line {
				if q.Over() {
					continue
				}
				k.at = i
				res.checked++
				prop.run(k, q, res)
			}
		}
	}
	return k.res
}

func (res *result) add(v string) {
	if len(res.violations) < maxReports {
		res.violations = append(res.violations, v)
		return
	}
	res.more++
}

// failf records a violation at the position being checked.
func (k *kit) failf(res *result, format string, args ...any) {
	var sb strings.Builder
	fmt.Fprintf(&sb, format, args...)
	fmt.Fprintf(&sb, "\n\tposition: %s (after %d moves)", k.line[k.at], k.at)
	fmt.Fprintf(&sb, "\n\tstart:    %s", k.line[0])
	fmt.Fprintf(&sb, "\n\tmoves:    %s", movesText(k.moves[:k.at]))
	res.add(sb.String())
}

func movesText(ms []mancala.Move) string {
	if len(ms) == 0 {
		return "(none)"
	}
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// final returns the store difference at the end of the game checked, and
// false if it was cut before its end.
func (k *kit) final() (int, bool) {
	if !k.ended {
		return 0, false
	}
	return search.FinalDifference(k.line[len(k.line)-1]), true
}

// value returns p's value under perfect play (South's final store
// difference) by the brute force, and false if p is not for the brute
// force: too many seeds in houses, a Cycler's position, a simultaneous
// decision on the way, or the game's third such position already.
func (k *kit) value(p mancala.Position, res *result) (int, bool) {
	if k.cycler || k.bruteLeft <= 0 || p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North) > k.cfg.bruteSeeds {
		return 0, false
	}
	k.bruteLeft--
	v, ok := k.exact[p]
	if !ok {
		if v, ok = mancalatest.Minimax(k.r, p); !ok {
			return 0, false
		}
		k.exact[p] = v
	}
	res.brute++
	return v, true
}

// moverGain returns what the player to move in p (one player) adds to
// his store minus what his opponent adds, from p to a finished q.
func moverGain(p mancala.Position, finalDiff int) int {
	me, _ := p.ToMove.Player()
	g := finalDiff - search.FinalDifference(p)
	if me == mancala.North {
		g = -g
	}
	return g
}
