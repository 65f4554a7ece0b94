package rulesflags

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

// CacheDir is the -endgame value that names the default databases
// directory of the endgame command: "sowing/endgame" in the user's cache
// directory.
const CacheDir = "cache"

// EndgameFlags holds the endgame database flags registered on one
// [flag.FlagSet] by [RegisterEndgame]. Read them with [EndgameFlags.Load]
// once the flag set has been parsed.
type EndgameFlags struct {
	fs     *flag.FlagSet
	dir    string
	stones int
	approx bool
}

// RegisterEndgame defines the endgame database flags on fs, the same in
// every program that searches:
//
//	-endgame DIR          load the databases of the rules played from DIR (cache: the user's cache directory)
//	-endgame-stones K     load the counts 0 to K, 1 to 62 (default: every count in a row from 0 that DIR holds)
//	-endgame-approx       for Awalé rules without exact databases, use those of the nearest exact rules as estimates
func RegisterEndgame(fs *flag.FlagSet) *EndgameFlags {
	f := &EndgameFlags{fs: fs}
	fs.StringVar(&f.dir, "endgame", "", "load the endgame databases of the rules played from `DIR`, as go run ./examples/endgame build saved them ("+CacheDir+": sowing/endgame in the user's cache directory, that command's default)")
	fs.IntVar(&f.stones, "endgame-stones", 0, "with -endgame: load the counts 0 to `K` seeds, 1 to 62 (default: every count in a row from 0 that DIR holds)")
	Alias(fs, "endgame-seeds", "endgame-stones")
	fs.BoolVar(&f.approx, "endgame-approx", false, "with -endgame: for rules that have no exact databases only for their cycle or majority rule (awale abapa and default, and catalogue games such as oware or bohnenspiel), use those of the nearest exact rules (cycles split, no stop at majority) as estimates")
	return f
}

// EndgameOptions say which databases [LoadEndgame] loads.
type EndgameOptions struct {
	// Dir is the databases directory, as the endgame command's -dir
	// ([CacheDir]: its default, in the user's cache directory).
	Dir string
	// Stones is the largest count to load, 1 to endgame.MaxSeeds; 0 (or
	// less) loads every count in a row from 0 that Dir holds.
	Stones int
	// Approx allows, for rules that have no exact databases but nearest
	// exact rules (endgame.Approximator: Awalé's Abapa, catalogue games
	// whose cycles give each player his row), those of the nearest exact
	// rules, as estimates.
	Approx bool
	// Background opens the files (endgame.Open) instead of loading them
	// through (endgame.Load): LoadEndgame returns once each file's header
	// and length are checked, and the values and checksums are checked
	// in the background, the oracle answering for the counts found sound
	// so far ([Endgame.Wait], [Endgame.Err]). A program that must answer
	// at once (the UCI engine) uses it; one whose results must not depend
	// on timing (a match) does not.
	Background bool
}

// Load loads the databases that the parsed flags name for r (see
// [LoadEndgame]); it returns nil and no error if -endgame was not given.
// -endgame-stones or -endgame-approx without -endgame is an error.
func (f *EndgameFlags) Load(r mancala.Ruleset) (*Endgame, error) { return f.load(r, false) }

// Open is [EndgameFlags.Load] with [EndgameOptions].Background: it
// returns before the files are read through, and checks them in the
// background (see [Endgame.Wait]).
func (f *EndgameFlags) Open(r mancala.Ruleset) (*Endgame, error) { return f.load(r, true) }

func (f *EndgameFlags) load(r mancala.Ruleset, background bool) (*Endgame, error) {
	if f.dir == "" {
		for _, name := range []string{"endgame-stones", "endgame-approx"} {
			if f.set(name) {
				return nil, fmt.Errorf("-%s applies only with -endgame DIR", name)
			}
		}
		if f.set("endgame") {
			return nil, errors.New("-endgame: want a directory, not an empty name")
		}
		return nil, nil
	}
	if f.set("endgame-stones") && (f.stones < 1 || f.stones > endgame.MaxSeeds) {
		return nil, fmt.Errorf("-endgame-stones: want 1 to %d, not %d", endgame.MaxSeeds, f.stones)
	}
	return LoadEndgame(r, EndgameOptions{Dir: f.dir, Stones: f.stones, Approx: f.approx, Background: background})
}

func (f *EndgameFlags) set(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) {
		set = set || fl.Name == name || name == "endgame-stones" && fl.Name == "endgame-seeds"
	})
	return set
}

// Endgame is a set of endgame databases loaded for a ruleset: its oracle
// for the searchers, and whether its values are exact under the rules
// played. It is safe for concurrent use; databases opened in the
// background ([EndgameOptions].Background) answer for more counts as
// their check goes on, and [Endgame.Close] must wait until no search uses
// them.
type Endgame struct {
	db    *endgame.DB
	dir   string
	rules string // the name of the rules played
	exact bool
	why   string    // for estimates: why the values are not exact
	start time.Time // when the loading began
	// bounds are the bound tables of rules without exact databases (nil:
	// none), and winnerOnly says they prove only the result there.
	bounds     *endgame.BoundsDB
	winnerOnly bool
}

// LoadEndgame loads, building nothing, the endgame databases of r from
// o.Dir: those of r's own rules if r has exact ones ([endgame.Retrograder]:
// awale's Awari preset, or any Awalé rules with the split cycle rule and
// no stop at a majority; Kalah). Rules without exact databases that name
// the nearest exact rules ([endgame.Approximator]: Abapa, the documents'
// rules, whose nearest have the same board and grand slam rule, the split
// cycle rule and no stop at a majority) get, with o.Approx, the databases
// of those. Their values are then estimates, not the values of r (see
// [Endgame.Exact]).
//
// Every error is one line that names the flag: no databases for r's
// rules (with the command that builds them), a directory missing or
// holding no count of them, a damaged file (wrapping [endgame.ErrCorrupt])
// or one of other rules (a [*endgame.MismatchError]). [EndgameStatus]
// gives a program's exit status for it.
func LoadEndgame(r mancala.Ruleset, o EndgameOptions) (*Endgame, error) {
	if o.Stones > endgame.MaxSeeds {
		return nil, fmt.Errorf("-endgame-stones: want 1 to %d, not %d", endgame.MaxSeeds, o.Stones)
	}
	dir := o.Dir
	if dir == CacheDir {
		cache, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("-endgame %s: no user cache directory: %w", CacheDir, err)
		}
		dir = filepath.Join(cache, "sowing", "endgame")
	}
	if e, ok, err := loadBounds(r, o, dir); ok {
		return e, err
	}
	e, err := loadExact(r, o, dir)
	if err != nil {
		err = boundsHint(r, o, err)
	}
	return e, err
}

// loadExact is LoadEndgame without bound tables, dir resolved.
func loadExact(r mancala.Ruleset, o EndgameOptions, dir string) (*Endgame, error) {
	g, why, err := endgameGame(r, o.Approx)
	if err != nil {
		return nil, fmt.Errorf("-endgame: %w", err)
	}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("-endgame: no directory %s (%s)", Quote(dir), buildHint(g, o, -1))
	case err != nil:
		return nil, fmt.Errorf("-endgame: %w", err)
	case !st.IsDir():
		return nil, fmt.Errorf("-endgame: %s is not a directory", Quote(dir))
	}
	have := endgame.Finished(g, dir) - 1 // the last count in a row from 0 with a file
	k := o.Stones
	switch {
	case have < 0:
		return nil, fmt.Errorf("-endgame: no databases of %s in %s (%s)", g.Name(), Quote(dir), buildHint(g, o, -1))
	case k <= 0:
		k = have
	case k > have:
		return nil, fmt.Errorf("-endgame-stones %d: %s holds the counts 0 to %d of %s only (%s)", k, Quote(dir), have, g.Name(), buildHint(g, o, k))
	}
	load := endgame.Load
	if o.Background {
		load = endgame.Open
	}
	start := time.Now()
	db, err := load(g, dir, k)
	if err != nil {
		return nil, &readError{fmt.Errorf("-endgame: %w", err)}
	}
	return &Endgame{db: db, dir: dir, rules: rulesName(r), exact: why == "", why: why, start: start}, nil
}

// readError is an error of LoadEndgame in reading the files.
type readError struct{ error }

func (e *readError) Unwrap() error { return e.error }

// EndgameStatus returns the exit status for an error of [LoadEndgame] or
// [EndgameFlags.Load]: [ExitFailure] for a file that cannot be read, is
// damaged or holds other rules, [ExitUsage] for the rest (flags that name
// no databases).
func EndgameStatus(err error) int {
	var re *readError
	if errors.As(err, &re) {
		return ExitFailure
	}
	return ExitUsage
}

// endgameGame returns the database game of r: its own
// ([endgame.Retrograder]), or with approx that of the nearest exact rules
// of rules that have none ([endgame.Approximator]), with the reason why
// its values are estimates.
func endgameGame(r mancala.Ruleset, approx bool) (g endgame.Game, why string, err error) {
	g, err = retrograde(r)
	if err == nil {
		return g, "", nil
	}
	a, ok := r.(endgame.Approximator)
	if !ok {
		return nil, "", fmt.Errorf("%s has no endgame databases", rulesName(r))
	}
	near, why := a.NearestExact()
	if near == nil {
		return nil, "", fmt.Errorf("%s: %w", rulesName(r), err)
	}
	if g, err = retrograde(near); err != nil {
		return nil, "", fmt.Errorf("%s: %w", rulesName(r), err)
	}
	if !approx {
		return nil, "", fmt.Errorf("%s has no exact endgame databases (%s); -endgame-approx uses those of %s as estimates", rulesName(r), why, g.Name())
	}
	return g, why, nil
}

// retrograde returns the endgame database game of r, if r has the
// capability ([endgame.Retrograder]), which may refuse r's options.
func retrograde(r mancala.Ruleset) (endgame.Game, error) {
	if x, ok := r.(endgame.Retrograder); ok {
		return x.Retrograde()
	}
	return nil, fmt.Errorf("%s has no endgame databases: %w", rulesName(r), mancala.ErrUnsupported)
}

// buildHint names the command that builds the databases of g (counts 0 to
// k; k < 0: a small default): the endgame command, which builds those of
// any ruleset the tools know, named by g's ruleset name.
func buildHint(g endgame.Game, o EndgameOptions, k int) string {
	if k < 0 {
		k = 12
	}
	cmd := fmt.Sprintf("go run ./examples/endgame build -rules %s -stones %d", shellWord(g.Name()), k)
	if o.Dir != CacheDir {
		cmd += " -dir " + shellWord(o.Dir)
	}
	return "build them with: " + cmd
}

// shellWord quotes s for a shell command line if it needs it.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-=+,:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// rulesName returns the name of r (its String).
func rulesName(r mancala.Ruleset) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}

// DB returns the databases.
func (e *Endgame) DB() *endgame.DB { return e.db }

// Wait waits until the databases are checked through (at once unless
// they were opened in the background) or ctx is done, and returns the
// error of the first damaged file, or ctx's (see endgame.DB.Wait). Every
// count answers after it returns nil.
func (e *Endgame) Wait(ctx context.Context) error {
	if e == nil {
		return nil
	}
	return e.db.Wait(ctx)
}

// Err returns, without waiting, the error of the first file found
// damaged so far by the check in the background, or nil (see
// endgame.DB.Err): the uci.EngineConfig.EndgameCheck of the engine. A
// nil Endgame's Wait, Err and Close return nil.
func (e *Endgame) Err() error {
	if e == nil {
		return nil
	}
	return e.db.Err()
}

// Since returns the time since the loading began (0 for a nil Endgame).
func (e *Endgame) Since() time.Duration {
	if e == nil {
		return 0
	}
	return time.Since(e.start)
}

// Close releases the databases (endgame.DB.Close): no search may use them
// any more, nor may one be running.
func (e *Endgame) Close() error {
	if e == nil {
		return nil
	}
	return e.db.Close()
}

// Exact reports whether the values are exact under the rules played;
// false means they are those of the nearest exact rules (-endgame-approx),
// estimates. A search that meets a position the databases hold takes its
// value as the position's value: with exact databases a proof, with
// estimates a strong evaluation only.
func (e *Endgame) Exact() bool { return e.exact }

// Oracle returns the value of p from the databases, for its player to
// move (what he will add to his store from p on minus what his opponent
// will), and true, if they hold p: the oracle of search.WithEndgame and
// of uci.EngineConfig.Endgame.
func (e *Endgame) Oracle(p mancala.Position) (gain int, ok bool) { return e.db.Endgame(p) }

// Seeds returns the most seeds in the houses of a position that Oracle
// answers about: the largest count of the databases (endgame.DB.Seeds),
// for search.OracleSeeds and uci.EngineConfig.EndgameSeeds.
func (e *Endgame) Seeds() int { return e.db.Seeds() }

// Applies reports whether the databases are those of r's rules: exactly
// those LoadEndgame would load for r (with -endgame-approx if e was so
// loaded). A program whose game changes its rules (play's load) checks it.
func (e *Endgame) Applies(r mancala.Ruleset) bool {
	if e.HasBounds() {
		return e.boundsApply(r)
	}
	g, why, err := endgameGame(r, !e.exact)
	return err == nil && (why == "") == e.exact && g.Name() == e.db.Name() && g.Houses() == e.db.Houses()
}

// Rules returns r with the databases as its endgame oracle
// (search.WithEndgame; search.WithEndgameEstimate for estimates), for
// the searchers; or r itself if they are not
// r's ([Endgame.Applies]). A nil Endgame returns r.
func (e *Endgame) Rules(r mancala.Ruleset) mancala.Ruleset {
	if e == nil || !e.Applies(r) {
		return r
	}
	if e.HasBounds() {
		return search.WithEndgameBounds(r, e.Bounds, nil)
	}
	if !e.exact {
		return search.WithEndgameEstimate(r, e.Oracle, search.OracleSeeds(e.Seeds()))
	}
	return search.WithEndgame(r, e.Oracle, search.OracleSeeds(e.Seeds()))
}

// Engine returns eng made to search with the databases: at each choice it
// sees the game under [Endgame.Rules] (the same moves, the oracle added),
// while the game itself, its records and its narration keep their rules.
// Only the searchers that consult an endgame oracle (alpha-beta) play
// otherwise for it. A nil Endgame returns eng.
func (e *Endgame) Engine(eng search.Engine) search.Engine {
	if e == nil {
		return eng
	}
	return &endgameEngine{Engine: eng, e: e}
}

// endgameEngine is [Endgame.Engine]'s engine. Like every engine it
// serves one goroutine, so that it may keep the rules it last wrapped.
type endgameEngine struct {
	search.Engine
	e          *Endgame
	bare, with mancala.Ruleset // the rules of the last game asked about, and what Endgame.Rules made of them
}

// Choose implements search.Engine: it asks the engine wrapped with a copy
// of g under the rules with the oracle.
func (w *endgameEngine) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	if g == nil {
		return w.Engine.Choose(ctx, g, side)
	}
	if w.bare == nil || w.bare != g.Rules() {
		w.bare, w.with = g.Rules(), w.e.Rules(g.Rules())
	}
	r := w.with
	if r == g.Rules() {
		return w.Engine.Choose(ctx, g, side)
	}
	view, err := mancala.NewGame(r, mancala.From(g.Start()))
	if err != nil {
		return mancala.Move{}, fmt.Errorf("rulesflags: the game under its endgame databases: %w", err)
	}
	for _, m := range g.Moves() {
		if err := view.Play(m); err != nil {
			return mancala.Move{}, fmt.Errorf("rulesflags: the game under its endgame databases: %w", err)
		}
	}
	return w.Engine.Choose(ctx, view, side)
}

// Close closes the engine wrapped, if it is an io.Closer.
func (w *endgameEngine) Close() error {
	if c, ok := w.Engine.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// String describes the databases in one line: the rules whose databases
// they are, the counts, their memory and directory, and for estimates the
// rules played and why the values are not exact for them.
func (e *Endgame) String() string {
	dir := e.dir
	if strings.ContainsFunc(dir, func(r rune) bool { return !unicode.IsPrint(r) }) {
		dir = Quote(dir) // one line whatever the name
	}
	if e.HasBounds() {
		return e.boundsString(dir)
	}
	s := fmt.Sprintf("endgame databases of %s, counts 0 to %d, %s, from %s", e.db.Name(), e.db.Seeds(), size(e.db.Bytes()), dir)
	if !e.exact {
		s += fmt.Sprintf(": estimates for %s (%s)", e.rules, e.why)
	}
	return s
}

// size writes n bytes in MiB, or KiB below one MiB.
func size(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
