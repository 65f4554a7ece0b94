// Package sow is one configurable sowing ruleset: a [Config] of named
// parameters describes a traditional sowing game of two or four rows,
// and [New] makes a [mancala.Ruleset] of it. A catalogue of games ([Catalogue]) gives each
// its configuration, its source, and a registered [mancala.Family] (see
// [Game.Family]), so that [mancala.NewRuleset] builds any of them by name
// ("kalah", "bohnenspiel", "toguz houses=7", ...), and tools find their
// presets, params and players' rules without naming any game.
//
// # Rules
//
// Each mechanism has a rule id. Refusals ([mancala.MoveError].Rule),
// trace events ([mancala.Event].Rule) and endings ([mancala.Ending].Rule)
// carry it; [Config.Rules] lists the ids a game uses. Houses are lettered
// in their owner's sowing order, as everywhere in this module: on a
// two-row board house i of one player faces house n-1-i of the other (a
// four-row board: see SW-21 and [mancala.Layout]).
//
//   - SW-1 Board. Config.Houses houses a player (one row, or two with
//     SW-21), Config.Seeds seeds in each or Config.Pattern, and two stores
//     (Config.Stores says whether they are drawn; captures are kept in
//     them either way).
//   - SW-2 Turns. South moves first (North with NorthStarts); a move
//     takes every seed of one of the mover's houses holding at least
//     MinSeeds seeds (any seeds, with SinglesLast, when none holds as
//     many). Players alternate, except under SW-8 and SW-19.
//   - SW-3 Sowing. The seeds are dropped one by one into the holes that
//     follow, in the game's Direction.
//   - SW-4 Origin. With SkipOrigin, a sowing that comes round to the house
//     its seeds came from skips it.
//   - SW-5 Stores in the circuit. SowOwnStore puts the mover's store after
//     his last house in the direction of sowing; SowOpponentStore the
//     opponent's after his.
//   - SW-6 First seed back. With FirstInOrigin, the first of two or more
//     seeds goes back into the house they came from.
//   - SW-7 Relay. With Relay, a lap whose last seed falls into an occupied
//     house (and captures nothing) goes on with that house's seeds. The
//     guard: at most MaxLaps laps (64 by default); a sowing that would
//     start one more stops there, captures nothing more (seeds captured to
//     be sown on under SW-22 stay in the store), and the turn passes. So
//     every move ends.
//   - SW-8 Extra turn. With ExtraTurn, a last seed in the mover's own
//     store gives him another move.
//   - SW-9 Count capture. A last seed that makes a house of CaptureRow
//     hold one of CaptureCounts (or an even count, CaptureEven) captures
//     it; with Successive, the houses before it along the circuit are
//     captured too while they qualify.
//   - SW-10 Opposite capture. With Opposite, a last seed in an empty
//     house of the mover's row captures the house opposite (when it holds
//     seeds, with OppositeNeedsSeeds), and itself with OppositeTakesLast.
//   - SW-11 Grand slam. GrandSlam says whether a move that would capture
//     every seed of the opponent's row is legal and whether it captures.
//   - SW-12 Feeding. With Feed, a mover whose opponent has no seeds must
//     play a move that drops seeds into his row if he has one.
//   - SW-13 Tuzdyk. With Tuzdyk, Toguz Kumalak's special house (see
//     [Config].Tuzdyk and [Rules.Tuzdyk]); kept in Position.State.
//   - SW-14 End: no move. A player to move who has no legal move ends the
//     game; the seeds left go as NoMove says.
//   - SW-15 End: a row empty. With EndRowEmpty, a move that leaves either
//     row empty ends the game.
//   - SW-16 End: majority. With Majority, a store holding more than half
//     of the seeds (or both exactly half) ends the game; each player takes
//     his row.
//   - SW-17 End: few seeds. With FewSeeds, a move that leaves at most
//     that many seeds in the houses ends the game.
//   - SW-18 End: cycle. A position that repeats ends the game
//     ([mancala.Cycler]); the seeds left go as Config.Cycle says.
//   - SW-19 Pass. With Pass, a player who cannot move passes while his
//     opponent can.
//   - SW-20 Either way. With EitherWay, the mover chooses the direction
//     of each sowing: the reversed move A' (mancala.Reversed) sows
//     against Direction. Reversed moves are illegal otherwise.
//   - SW-21 Four rows. With Rows 2, each player owns two rows (outer and
//     inner, [mancala.Layout]) and sows round them alone; only his inner
//     houses face the opponent's, whose inner house and the outer house
//     behind it an opposite capture takes with OppositeBothRows.
//   - SW-22 Captured seeds sown. With CapturedSown, the seeds of an
//     opposite capture are sown on from the next hole, in the same move.
//   - SW-23 Cannot move, lose. With CannotMoveLoses, the player to move
//     who has no move loses; the winner takes the seeds left, and the
//     ruleset's [mancala.Scorer] scores the game 1-0.
//   - SW-24 Skipped counts. With SkipCount, sowing skips the opponent's
//     houses holding exactly that many seeds, except in the game's first
//     move.
//   - SW-25 Relay from the next hole. With RelayNext, a relay goes on with
//     the seeds of the hole after the last one.
//   - SW-26 Capture of the next hole. With CaptureNext, a last seed in an
//     empty house captures the hole after it.
//
// The result is read from the stores ([mancala.Position.Outcome]); games
// with SW-23 restate the scores ([Rules.Outcome]).
//
// Not yet configurable: rounds with burnt houses, simultaneous openings,
// Bao's and Omweso's special houses and opening phases.
//
// # Positions
//
// Positions are [mancala.Position] values with Round 0. State holds the
// end bits of a finished game, in package awale's layout (bits 0-6, see
// [Rules.Ending]), and the tuzdyks (bits 8-17, see [Rules.Tuzdyk]).
//
// # Engine
//
// The engine works on a flat array of the board's holes and follows
// tables, made once by New, of the next and previous hole of each
// player's circuit; Apply, Legal and Play allocate nothing. Trace runs the
// same engine with an event sink.
//
// Perft and Playout ([mancala.Perfter], [mancala.Playouter]) run on the
// engine's holes, or, for a configuration of the Awalé kind (at most 8
// houses a side on two rows, sowing round the houses alone, captures by
// counts in the opponent's row, any grand slam, feeding and ending rule:
// the Oware, Awari and Ouril presets among them), on a packed engine
// decided by New: rows packed into words, tables of every sowing, the
// last ply of perft counted without playing the moves that cannot end the
// game. Both give the same counts and, from the same generator, the same
// random games (the tests compare them on every preset and on random
// configurations). A random game draws its moves from bytes of the
// generator, eight to a call (exactly uniform by rejection), so it is
// not the game that Legal, Apply and [rand.Rand.IntN] would play from
// the same generator, though it follows the same distribution.
//
// # Concurrency
//
// A [*Rules] is immutable once built and safe for concurrent use; a
// [Game] is a plain value.
package sow
