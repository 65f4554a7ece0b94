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
//     game; the seeds left go as NoMove says. The ending names SW-23 or
//     SW-64 instead when one of them is what stops or condemns him.
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
//     who has no move loses (the ending names SW-23); the winner takes the
//     seeds left, and the ruleset's [mancala.Scorer] scores the game 1-0.
//   - SW-24 Skipped counts. With SkipCount, sowing skips the opponent's
//     houses holding exactly that many seeds, except in the game's first
//     move.
//   - SW-25 Relay from the next hole. With RelayNext, a relay goes on with
//     the seeds of the hole after the last one (its pick-up names SW-25).
//   - SW-26 Capture of the next hole. With CaptureNext, a last seed in an
//     empty house captures the hole after it.
//   - SW-40 Split direction. With HouseWay (and EitherWay), the house a
//     move starts from fixes the way it is sown: each half of the row
//     towards its nearer end (Outward); an odd row's middle house either
//     way. The other way is refused with SW-40.
//   - SW-41 Single seeds. With SingleToEmpty, a house holding a single
//     seed may be sown only into an empty house (the next hole); other
//     such moves are refused with SW-41.
//   - SW-42 Two out. With TwoOut, a lap whose next hole holds seeds goes
//     on with them; otherwise the hole two out is captured (and, with
//     Successive, every second hole after it while the one between is
//     empty), and the sowing ends. With TwoOutOnce the sowing is a single
//     lap: the capture needs a last house that held seeds, and a next
//     hole with seeds just ends it.
//   - SW-43 Rounds. With Rounds, what would end the game ends a round:
//     each player refills his houses from his store (Seeds each, from the
//     house next to his store, or the farthest from it with FillFromFar);
//     those he cannot fill are burnt for the round (skipped by every
//     sowing, and passed over by the next hole of SW-25 and SW-42);
//     RoundStarter says who starts (the loser, the last mover, or each in
//     turn); a player who cannot fill a house loses
//     ([mancala.EndCannotFill]).
//   - SW-44 Turn ends with a row empty. With TurnRowEmpty, the game
//     (the round) ends when a turn passes to the other player with
//     either row empty; extra turns go on first.
//   - SW-45 Simultaneous opening. With Simultaneous, both players play
//     the first turn at once ([mancala.BothTurn], [mancala.Joint] moves),
//     seed by seed in ticks, FirstHand's hand first in each tick; a player
//     whose last seed reaches his store chooses again with the other hand
//     in flight ([mancala.Board.Hand]); the player whose turn ends first
//     moves next (Congkak's CK-8).
//   - SW-60 Where captured seeds are sown. With CapturedSown, CapturedFrom
//     starts the captured seeds after the capturing house (Hus), at the
//     first hole of the capturing lap (Omweso), at the first hole of the
//     move (Igisoro), or at a kichwa, an end of the inner row (Bao); the
//     pick-up of seeds sown on from elsewhere than the next hole names
//     SW-60.
//   - SW-61 Reversed for a capture. A reversed move (A') from one of
//     ReverseHouses is legal only when its first lap ends in a capture.
//   - SW-62 Compulsory capture. With MustCapture, a player who has a
//     move whose first lap captures must play one.
//   - SW-63 Takasa. With CaptureFirstLap, a move whose first lap does not
//     capture captures nothing in its later laps; a trace shows a capture
//     so not made as a skip of the lap's last hole naming SW-63.
//   - SW-64 Inner row needed. With InnerRowNeeded, a player whose inner
//     row is empty cannot move; when that ends the game while he has
//     seeds, the ending names SW-64.
//   - SW-65 Single into empty. With SingleIntoEmpty, a house holding one
//     seed may be played only into an empty hole.
//   - SW-66 No capture in the first move. With NoCaptureFirstMove, each
//     player's first move captures nothing (Position.State bits 19, 20):
//     a trace shows a capture so not made as SW-63 does, and a reversed
//     move that must capture (SW-61) is refused with SW-66.
//   - SW-80 Pasu. With Pasu (and TwoOut), while a lap is sown, a house
//     that a seed other than the lap's last brings to exactly Pasu seeds
//     is taken at once by the owner of that house, whoever sows
//     (Pallanguzhi's fours).
//   - SW-81 Way chosen by the first move. With WayByFirstMove, the game's
//     first move may be sown either way (A or A'); its player sows that
//     way for the rest of the game, and his opponent the other way
//     (Olinda; Position.State bits 24, 25). Moves the other way are
//     refused with SW-81.
//   - SW-90 Each house once. With EachHouseOnce, until a player has sown
//     from each of his houses once he must sow from one he has not sown
//     from yet, if one of those is legal (Adji-boto's opening; the houses
//     played are kept in Position.State bits 8-17).
//   - SW-91 Capture beyond. With CaptureBeyond, the count capture looks at
//     the hole after the last one: a house of CaptureRow holding one of
//     CaptureCounts is captured, and with Successive each following
//     house while it qualifies.
//   - SW-92 No capture in the game's first move. With FirstMoveNoCapture,
//     the first move of the game captures nothing (Position.State bit 18).
//   - SW-93 Draw by refilling. With RefillDraw (and CannotMoveLoses), a
//     player who cannot move draws instead of losing when his store could
//     fill each of his houses with Seeds again; the stores are evened.
//   - SW-94 Houses without owners. With NoOwners, the mover may sow from
//     any non-empty house of either row: a move from his opponent's row
//     is a [mancala.Across] move ("^a"), after his own houses in Legal.
//
// The result is read from the stores ([mancala.Position.Outcome]); games
// with SW-23 restate the scores ([Rules.Outcome]).
//
// Not yet configurable: Bao la Kiswahili's nyumba and seeds in hand
// (package mancala/sow/bao plays that game on its own; see
// BAO-KISWAHILI.md), conquered houses in games of rounds, choices made in
// the middle of a move, and opening phases.
//
// # Positions
//
// Positions are [mancala.Position] values with Round 0 (also in games
// of rounds, SW-43, whose burnt houses are on the Board: a round start
// that repeats an earlier one is then a repeated position, SW-18). State holds the
// end bits of a finished game, in package awale's layout (bits 0-7, see
// [Rules.Ending]), the tuzdyks or, in games of rounds, the round's start
// (bits 8-17, see [Rules.Tuzdyk] and SW-43; in games with EachHouseOnce,
// SW-90, which have neither, bits 8-12 are the houses South has sown
// from and bits 13-17 North's), the first move's bit of SW-24 and SW-92
// (bit 18), the moves made of SW-66 (bits 19, 20), the simultaneous
// opening of SW-45 (bits 21-23) and the ways of SW-81 (bits 24, 25).
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
// game; for a configuration of the Congkak kind (at most 7 houses a side
// on two rows, sowing through the stores, laps, extra turns, plain
// captures opposite, passes, rounds with burnt houses and any ending:
// the Kalah, Congkak, Sungka, Congklak and Dakon presets among them), on
// a relay engine decided the same way: each player's holes in a word and
// tables of every lap of his circuit. All give the same counts and, from
// the same generator, the same random games (the tests compare them on
// every preset and on random configurations). A random game draws its moves from bytes of the
// generator, eight to a call (exactly uniform by rejection), so it is
// not the game that Legal, Apply and [rand.Rand.IntN] would play from
// the same generator, though it follows the same distribution.
//
// # Endgame databases
//
// [Rules.Retrograde] states a configuration's rules for package
// mancala/endgame when its values depend on the houses and the player to
// move alone (no rounds, tuzdyk, simultaneous opening, majority ending or
// 1-0 scoring, and cycles split or worth nothing unless the board has
// none); the Game plays the engine's own moves, so that the databases
// follow every mechanism the configuration uses. Configurations with
// stores in the circuit have no cycles and are built by the forward pass;
// the others get their parents from [endgame.DeriveParents]. For games
// refused only for their cycle rule or their majority ending,
// [Rules.NearestExact] offers the databases of the nearest exact rules as
// estimates. CATALOGUE.md says which games have which.
//
// # Concurrency
//
// A [*Rules] is immutable once built and safe for concurrent use; a
// [Game] is a plain value.
package sow
