package match

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// Limits of a Config.
const (
	// MaxGames bounds Config.Games: more would not end in a lifetime.
	MaxGames = 1_000_000_000
	// MaxMaxPlies bounds Config.MaxPlies: a game in flight keeps every
	// position.
	MaxMaxPlies = 1_000_000
	// DefaultMaxPlies is the cap of a Config whose MaxPlies is 0.
	DefaultMaxPlies = 10_000
	// MaxRandomPlies bounds Config.RandomPlies and Balanced.Plies.
	MaxRandomPlies = 1000
	// ParallelPerCPU bounds Config.Parallel (see MaxParallel): every game
	// in flight holds two engines, and a searching engine holds a table of
	// several MiB.
	ParallelPerCPU = 4
)

// MaxParallel returns the largest Config.Parallel on this machine:
// ParallelPerCPU per CPU, and at least 8.
func MaxParallel() int { return max(8, ParallelPerCPU*runtime.NumCPU()) }

// NewEngine makes the engine of one player for one game: game is the
// game's number (from 1), side the side the player takes in it, and seed
// the seed the match derives for that player in that game (see Seeds).
// An engine that implements io.Closer is closed after its game.
type NewEngine func(game int, side mancala.Player, seed uint64) (search.Engine, error)

// Player is one of the two players of a match.
type Player struct {
	// Name names the player in records (South and North tags) and headers;
	// usually its spec.
	Name string
	// New makes the player's engine for each game.
	New NewEngine
	// Wrap, if not nil, wraps each engine that New made, such as with
	// endgame databases; the engine New made is the one closed.
	Wrap func(search.Engine) search.Engine
}

// Spec returns the Player that parse makes from spec, such as
// uci.ParseEngine or search.ParseEngine, with the seed of each game.
func Spec(spec string, parse func(spec string, seed uint64) (search.Engine, error)) Player {
	return Player{Name: spec, New: func(_ int, _ mancala.Player, seed uint64) (search.Engine, error) {
		return parse(spec, seed)
	}}
}

// Config is a match. The zero values of the optional fields are
// documented with them.
type Config struct {
	// Rules is the ruleset of every game. Required.
	Rules mancala.Ruleset
	// A and B are the players. A plays South in the odd games (1, 3, ...)
	// and North in the even ones. Required.
	A, B Player
	// Games is the number of games of the whole match (of all its shards),
	// 1 to MaxGames.
	Games int
	// Seed is the match seed: with the game's number alone it gives the
	// engines' seeds and the openings (see Seeds).
	Seed uint64
	// Parallel is the number of games played at once, 1 to MaxParallel();
	// 0 is GOMAXPROCS, at most MaxParallel(). More is a *ConfigError, not
	// clamped: a match that asks for more games at once than the machine
	// can hold fails before its first game rather than later, out of
	// memory.
	Parallel int
	// MaxPlies caps every game, 1 to MaxMaxPlies moves, opening included;
	// 0 is DefaultMaxPlies. A game still going on at the cap is scored by
	// the stores and marked Capped.
	MaxPlies int
	// RandomPlies, 0 to MaxRandomPlies, opens each pair of games (1 and 2,
	// 3 and 4, ...) with the same random legal moves, drawn from Seed and
	// the pair's number alone: A plays the opening as South in one game
	// and as North in the other. Ignored with Balanced.
	RandomPlies int
	// Balanced, if not nil, opens the games with balanced openings instead.
	Balanced *Balanced
	// Forfeits reports whether an engine's error means that the engine
	// loses the game and the match goes on, such as uci.Forfeits for
	// external engines (failure to start, crash, late answer, illegal
	// move). Nil: no error is a forfeit. Any other engine error stops the
	// match with a *GameError.
	Forfeits func(error) bool
	// Records, if set, gives each Result the record of its game (see
	// Result.Record), with the tag Event when Event is not "".
	Records bool
	Event   string
	// SPRT, if not nil, stops the match after the first game at which the
	// test decides. A shard ignores it: Merge applies it.
	SPRT *SPRT
	// Shard, if Count is not 0, plays only the games of one shard.
	Shard Shard
	// OnResult, if not nil, is called with each game's result, in game
	// order, as the games finish (the progress callback). An error from it
	// stops the match and is returned by Run.
	OnResult func(Result) error
	// Forget, if set, keeps Report.Results empty, so that memory does not
	// grow with the games: OnResult then sees each result once.
	Forget bool
	// Played, if not empty, resumes a run of this match that stopped
	// early: it holds the results of the first games of the run's list
	// (all games, or the shard's, in order), as that run reported them
	// (see Part.Resume). Run reports them first, to OnResult and in the
	// Report, as if it had just played them, then plays the rest. A result
	// out of its place, or that Result.Check refuses, is a *ConfigError.
	Played []Result
}

// Balanced are openings found by search: positions after Plies random
// moves from the start (drawn from the match seed alone), kept when a
// depth-Depth alpha-beta search with search.DefaultEvaluator values them
// within Within seeds and they differ from those kept before; at most
// 100·Openings positions are tried. Pair p of games (games 2p+1 and 2p+2)
// plays opening p modulo the number found. Every shard finds the same
// openings.
type Balanced struct {
	Plies    int     // random moves, 0 to MaxRandomPlies
	Within   float64 // the largest value kept, finite and not negative
	Openings int     // distinct openings wanted; 0: one for each pair of games
	Depth    int     // the search depth, 1 to search.MaxDepth; 0: 8
}

// Result is one finished game.
type Result struct {
	Game int `json:"game"` // from 1
	// ASouth says whether A played South: in the odd games.
	ASouth bool `json:"a_south"`
	// Score is A's score: 1 (a win), 0.5 (a draw) or 0 (a loss).
	Score float64 `json:"score"`
	// Stores are the stores (South's, North's) at the end.
	Stores [2]int `json:"stores"`
	// Plies is the number of moves played, opening included.
	Plies int `json:"plies"`
	// Ending is why the game ended (mancala.EndingOf); the zero Ending
	// for a capped or forfeited game.
	Ending mancala.Ending `json:"ending"`
	// Capped says that the game reached Config.MaxPlies and was scored by
	// the stores.
	Capped bool `json:"capped,omitempty"`
	// Forfeit, if not nil, says which engine lost the game by failing.
	Forfeit *Forfeit `json:"forfeit,omitempty"`
	// Record is the game's record with Config.Records, except for a game
	// forfeited before its first move; else nil. Its tags are Event (if
	// set), Round (the game's number), South and North (the players'
	// names). A capped game's record is adjudicated (record.Adjudicated),
	// with a last comment saying so; after an opening a comment says where
	// it ends.
	Record *record.Record `json:"record,omitempty"`
}

// Line is the result's line in a match of games games, as the commands
// write it: "game  3/10: A south, A 25 - B 23, A wins, 31 plies, majority
// (AW-10)", the number padded to the width of games, A's side, the stores
// from A's side, the verdict, the moves and why the game ended, or
// "(capped: scored by the stores)", or the forfeit in parentheses.
func (r Result) Line(games int) string {
	side, a, b := "north", r.Stores[1], r.Stores[0]
	if r.ASouth {
		side, a, b = "south", b, a
	}
	verdict := map[float64]string{1: "A wins", 0: "B wins", 0.5: "draw"}[r.Score]
	s := fmt.Sprintf("game %*d/%d: A %s, A %d - B %d, %s, %d plies", len(strconv.Itoa(games)), r.Game, games, side, a, b, verdict, r.Plies)
	switch {
	case r.Forfeit != nil:
		s += " (" + r.Forfeit.String() + ")"
	case r.Capped:
		s += " (capped: scored by the stores)"
	case r.Ending.Reason != mancala.EndNone:
		s += ", " + r.Ending.String()
	}
	return s
}

// Forfeit says how an engine lost a game by failing (Config.Forfeits).
type Forfeit struct {
	// Player is "A" or "B".
	Player string `json:"player"`
	// Move is the number (from 1) of the move the engine failed to give;
	// 0 when it failed to start.
	Move int `json:"move"`
	// Reason is the engine's error.
	Reason string `json:"reason"`
}

func (f Forfeit) String() string {
	if f.Move == 0 {
		return fmt.Sprintf("%s forfeits at its start: %s", f.Player, f.Reason)
	}
	return fmt.Sprintf("%s forfeits at move %d: %s", f.Player, f.Move, f.Reason)
}

// Report is what a match gave.
type Report struct {
	// Results are the games' results in game order (empty with Forget).
	Results []Result
	// Tally counts the results.
	Tally Tally
	// Verdict is the SPRT's (Undecided without one), LLR its
	// log-likelihood ratio after the last game.
	Verdict Verdict
	LLR     float64
}

// add counts r into the report and applies the test; it reports whether
// the test has decided.
func (rep *Report) add(r Result, keep bool, sprt *SPRT) bool {
	if keep {
		rep.Results = append(rep.Results, r)
	}
	rep.Tally.Add(r.Score)
	if sprt == nil {
		return false
	}
	rep.LLR = sprt.LLR(rep.Tally)
	rep.Verdict = sprt.Decide(rep.Tally)
	return rep.Verdict != Undecided
}

// Check returns a *ConfigError (wrapping ErrConfig) for the first bad
// field of c, or nil. Run checks c the same way before its first game.
func (c *Config) Check() error {
	switch {
	case c.Rules == nil:
		return configErr("Rules", "want a ruleset")
	case c.A.New == nil:
		return configErr("A", "want an engine maker")
	case c.B.New == nil:
		return configErr("B", "want an engine maker")
	case c.Games < 1 || c.Games > MaxGames:
		return configErr("Games", "want 1 to %d, not %d", MaxGames, c.Games)
	case c.Parallel < 0 || c.Parallel > MaxParallel():
		return configErr("Parallel", "want 1 to %d on this machine (%d per CPU), not %d", MaxParallel(), ParallelPerCPU, c.Parallel)
	case c.MaxPlies < 0 || c.MaxPlies > MaxMaxPlies:
		return configErr("MaxPlies", "want 1 to %d, not %d", MaxMaxPlies, c.MaxPlies)
	case c.RandomPlies < 0 || c.RandomPlies > MaxRandomPlies:
		return configErr("RandomPlies", "want 0 to %d, not %d", MaxRandomPlies, c.RandomPlies)
	}
	if c.Balanced != nil {
		if err := c.Balanced.check(); err != nil {
			return err
		}
	}
	if c.SPRT != nil {
		if err := c.SPRT.check(); err != nil {
			return err
		}
	}
	if err := c.Shard.check(); err != nil {
		return err
	}
	list := c.Shard.games(c.Games)
	if len(c.Played) > list.n {
		return configErr("Played", "%d results for a run of %d games", len(c.Played), list.n)
	}
	for j, r := range c.Played {
		if r.Game != list.at(j) {
			return configErr("Played", "result %d is of game %d, want game %d", j+1, r.Game, list.at(j))
		}
		if err := r.Check(c.Games); err != nil {
			return configErr("Played", "result %d: %v", j+1, err.(*ConfigError).Msg)
		}
	}
	return nil
}

// parallel returns the games to play at once.
func (c *Config) parallel() int {
	if c.Parallel > 0 {
		return c.Parallel
	}
	return min(runtime.GOMAXPROCS(0), MaxParallel())
}

func (c *Config) maxPlies() int {
	if c.MaxPlies > 0 {
		return c.MaxPlies
	}
	return DefaultMaxPlies
}

// Run plays the match c: the games of its shard (all of them without
// one), at most Parallel at once, each with its own two engines.
//
// It checks c first and returns a *ConfigError before any game. Results
// come in game order, to OnResult and in Report.Results, and do not depend
// on Parallel or on the scheduling: engines are seeded from Seed and the
// game's number alone, so a match of deterministic engines is reproducible
// (engines limited by time are not, by nature). Memory grows with
// Parallel, not with Games: at most 2·Parallel games are started and not
// yet reported.
//
// With Played (a resumed run), its results are reported first and their
// games are not played again.
//
// With an SPRT the match stops after the first game, in game order, at
// which the test decides; games played beyond it are dropped, so that the
// stop does not depend on Parallel either.
//
// Run returns the report of the games reported so far in every case, with
// a nil error when the match is over (or stopped by its SPRT); a
// *GameError for a game that fails (see Config.Forfeits); OnResult's
// error; or ctx's error when ctx ends first.
func Run(ctx context.Context, c Config) (*Report, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	var ops []*mancala.Game
	if c.Balanced != nil {
		var err error
		if ops, err = balancedOpenings(ctx, &c); err != nil {
			return nil, err
		}
	}
	games := c.Shard.games(c.Games)
	rep := &Report{}
	sprt := c.SPRT
	if c.Shard.Count > 0 {
		sprt = nil // Merge applies it
	}
	emit := func(r Result) (bool, error) {
		if c.OnResult != nil {
			if err := c.OnResult(r); err != nil {
				return true, err
			}
		}
		return rep.add(r, !c.Forget, sprt), nil
	}
	for _, r := range c.Played {
		if stop, err := emit(r); stop || err != nil {
			return rep, err
		}
	}
	done := len(c.Played)
	work := func(ctx context.Context, j int) (Result, error) {
		return playGame(ctx, &c, ops, games.at(done+j))
	}
	err := inOrder(ctx, games.n-done, c.parallel(), work, emit)
	return rep, err
}

// closeEngine closes e if it is an io.Closer.
func closeEngine(e search.Engine) {
	if c, ok := e.(io.Closer); ok {
		c.Close()
	}
}
