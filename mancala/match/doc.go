// Package match plays matches between two engines on any ruleset: the
// game loop of tournaments and engine matches, with openings, games in
// parallel, forfeits, tallies, Elo with its interval, a sequential
// probability ratio test, records, and shards merged into one result.
//
// The package knows no game: the caller gives the ruleset
// (mancala.Ruleset) and the players, each a Name and a NewEngine that
// makes a search.Engine for each game, such as Spec with uci.ParseEngine
// or search.ParseEngine.
//
// # Games
//
// Config describes a match; Run plays it and returns a Report: each
// game's Result in game order (games are numbered from 1), the Tally of
// A's wins, draws and losses, and the SPRT's verdict. A plays South in the
// odd games and North in the even ones. Each game has its own two engines,
// seeded from the match seed and the game's number alone (Seeds), so that
// a match of deterministic engines is reproducible and its results do not
// depend on Config.Parallel. Every game is capped (Config.MaxPlies): a
// game still going on at the cap is scored by the stores and marked
// Capped; the others have their mancala.Ending.
//
// # Openings
//
// Config.RandomPlies opens each pair of games (1 and 2, 3 and 4, ...)
// with the same random moves, A playing South in one and North in the
// other. Config.Balanced instead draws openings from the match seed and
// keeps those that a shallow search finds even, as the uci match command
// has always done.
//
// # Forfeits
//
// An engine whose error Config.Forfeits accepts (uci.Forfeits: an
// external engine that fails to start, crashes, answers late or plays an
// illegal move) loses that game, which says so in Result.Forfeit, and the
// match goes on. Any other error stops the match with a *GameError.
//
// # Statistics
//
// Tally.Elo gives the Elo difference of A over B with the 95% interval
// obtained from the Wilson score interval of A's score rate (a draw
// counted as half a win). When A won (or lost) every game the difference
// is infinite and only one bound is finite: Elo.String then prints that
// bound, "> +166" (or "< -166"), never an infinity. SPRT is the
// generalized sequential probability ratio test on trinomial results; a
// match with one stops after the first game, in game order, at which it
// decides.
//
// # Limits
//
// Config.Parallel is at most MaxParallel (ParallelPerCPU games per CPU,
// at least 8): more is a *ConfigError before any game, not clamped, since
// every game in flight holds two engines and a searching engine several
// MiB. Memory grows with Parallel, not with Games. Bad configurations are
// *ConfigError values, which wrap ErrConfig.
//
// # Shards
//
// A match can be split into shards (Config.Shard; ParseShard reads
// "i/K", or "auto/K" from a Kubernetes Indexed Job or a SLURM job array),
// each played apart, by separate processes. A Writer writes a shard's
// results as JSON lines behind a Header, ReadPart reads them back, and
// Merge merges the parts into exactly the report of one run of the whole
// match, its SPRT applied in game order.
//
// # Concurrency
//
// Run plays the games on its own goroutines, each engine used by one
// goroutine only; it calls Config.OnResult on the goroutine that called
// Run, in game order, and returns when every goroutine it started has
// ended. Run may be called concurrently for different Configs. A Writer
// is for one goroutine; the other functions and types are safe for
// concurrent use as values.
package match
