// Package tune fits the tables of Awalé's evaluation (awale.Rules.Estimate,
// whose tables are in the awale package's estimate_tables.go) to the
// results of self-play games, by Texel's method: a logistic regression of
// each position's final result for the player to move (won 1, drawn 1/2,
// lost 0) on the evaluation's value v, through 1/(1+exp(-k*v)).
//
// It is Awalé-specific: its features are those of awale.Rules.Estimate on
// the board of 6 houses of 4 seeds, and its games are played under the
// Abapa rules. The command examples/tune wires it to flags and files.
//
// # Generating positions
//
// [Generate] plays self-play games ([GenConfig]): game g opens with a
// number of random plies and random moves drawn from the run's seed and g
// alone, then is played by mancala/search's alpha-beta with quiescence and
// the row evaluation (search.Weights{Row: 0.15, Small: 0.5, Mobility:
// 0.5}) on both sides. Every position after the opening becomes a
// [Record], with the game's number and its result. A game's records
// depend on nothing but the configuration and g, so a run can be split
// into a [Shard] per process (game g belongs to shard g mod K) and the
// shards' outputs put back together by [Merge] into exactly the output of
// one run.
//
// # Records
//
// A record is a line of 17 numbers ([Record.String]); [WriteRecords]
// writes them and [ReadRecords] reads them from any io.Reader, never
// panicking: a malformed line gives a *[ParseError] wrapping [ErrSyntax].
//
// # Fitting
//
// [NewSample] turns a position into the features that Estimate weighs
// ([Sample]); [ReadSamples] reads records into samples, holding out some
// games to measure the fit. [Fit] fits [Weights] and the scale k by Adam
// on the cross-entropy ([Loss]), starting from [RowWeights] and pulled
// towards them; [Scale] fits k alone. [WriteGo] writes weights as the
// awale package's estimate_tables.go.
//
// The tables in the awale package were made with this package through
// examples/tune; the awale package's Estimate gives the commands.
//
// # Errors
//
// Bad input is reported, never panicked on: a malformed record is a
// *[ParseError] (wrapping [ErrSyntax]), a configuration out of range
// wraps [ErrConfig], and inputs that [Merge] cannot put in one order wrap
// [ErrMerge].
//
// # Concurrency
//
// [Generate] plays [GenConfig].Workers games at once, each on its own
// goroutine, and calls its emit function from the calling goroutine only,
// one call at a time. [Fit], [Loss] and [Scale] run on the calling
// goroutine. Weights and samples are plain values: any number of
// goroutines may read them at once, and none may write them meanwhile.
// The other functions keep no state and may be called concurrently.
package tune
