// Package awale implements Awalé (Oware, of the Abapa family) as a
// [mancala.Ruleset]: the rules of an anonymous French rule sheet of the
// Abapa family ("the documents' rules"), with the options that other rule
// families and programs use (the World Oware Federation's Abapa rules;
// the solved Awari of Lincke 2002 and Romein and Bal 2003), and a fast
// engine for search and enumeration. The rules it plays (AW-1 to AW-10)
// are stated in the package's RULES.md, also available as [RulesText].
//
// Build a ruleset with [New] and play it through [mancala.Game]:
//
//	r, _ := awale.New(awale.Documents())
//	g, _ := mancala.NewGame(r)
//	err := g.PlayText("FfBe")
//
// # Rules
//
// The rule ids are those of the package's RULES.md ([RulesText]); tests,
// refusals and endings cite them.
//
//   - AW-1 Board: two rows of 6 houses with 4 seeds each (48 seeds);
//     [Options] change both numbers. Captured seeds go to the capturer's
//     store, off the sowing path.
//   - AW-2 Turns: South starts; the players alternate.
//   - AW-3 Sowing: the mover takes every seed of one of his non-empty houses
//     and drops them one by one counter-clockwise (A…F, a…f, A…),
//     skipping the emptied house when the sowing laps the board.
//   - AW-4 Capture: if the last seed lands in the opponent's row and that
//     house then holds 2 or 3 seeds, they are captured, and so are the
//     houses before it, backwards, while they are in the opponent's row
//     and hold 2 or 3.
//   - AW-5 Feeding: if the opponent's row is empty, the mover must play a
//     move that puts seeds into it.
//   - AW-6 Grand slam: a move whose capture would take every seed of the
//     opponent's row. What happens to it is the [GrandSlam] option.
//   - AW-7 End, no move: after every move, if the player to move has no
//     seeds, the game ends and his opponent takes every seed left; if his
//     opponent's row is empty and none of his moves feeds it, the game ends
//     and he takes every seed left (the document lets him play one more
//     move first, which can neither capture nor change a score, so ending
//     at once gives the same result one move sooner).
//   - AW-8 End, endless cycle: a position (houses, stores, player to move)
//     that repeats ends the game; the seeds left are shared by the
//     [CycleRule] option. The game driver detects the repetition and calls
//     [Rules.Cycle] ([mancala.EndCycle] does both).
//   - AW-9 Result: more seeds in the store wins; equal is a draw
//     ([mancala.Position.Outcome]).
//   - AW-10 Option, stop at majority ([Options].StopAtMajority): the game
//     also ends as soon as a player's store holds more than half of the
//     seeds (or both hold exactly half); each player takes the seeds of his
//     row.
//
// The legal moves of a position are found in the order the rules apply:
// the mover's non-empty houses (AW-3); if the opponent's row is empty, only
// those that feed him (AW-5; if none does, AW-7 has already ended the
// game); then, under [GrandSlamForbidden] and
// [GrandSlamForbiddenElseCapture], the grand slams among them are removed
// if any other move is left (AW-6). So a feeding move that would capture
// every seed it gave (a long sowing that laps into an empty row) is
// forbidden when another feeding move exists; when every feeding move is
// such a grand slam, it is played, and under [GrandSlamForbidden] it
// captures nothing, while under [GrandSlamForbiddenElseCapture] it captures
// and the opponent, left without seeds, ends the game (AW-7). Refusals name
// the rule: a move of the wrong player or a joint move (AW-2), a house that
// does not exist (AW-1), an empty house (AW-3), a move that does not feed
// (AW-5), a forbidden grand slam (AW-6).
//
// Endings are settled as soon as a move (or [Rules.Setup]) reaches them:
// a finished position has ToMove == [mancala.NoTurn], every seed that
// counts in a store, and empty houses, except under [CycleSplit] with an
// odd number of seeds left, where one seed stays on the board (see
// [Rules.Cycle]). Positions use Round 0, and State 0 while the game goes
// on. A finished position's State says why the game ended ([Rules.Ending],
// [mancala.Explainer]): bits 0-3 hold the [mancala.EndReason]
// ([mancala.EndNoMove] for AW-7, [mancala.EndRepetition] for AW-8,
// [mancala.EndMajority] for AW-10, [mancala.EndOther] for a finished
// position given to [Rules.Setup] that shows no reason), bit 4 is set when
// the reason concerns a player (AW-7: the player to move, who had no seeds
// or could not feed his opponent) and bit 5 when that player is North. When
// both AW-7 and AW-10 end a game, AW-10 is named.
//
// [Rules.MaxPlies] bounds the length of a game (the argument is on
// maxPlies in rules.go); it is honest but huge, since a game between
// captures may wander through many positions before one repeats.
//
// # Options and presets
//
// [Options] choose the board size (1 to 12 houses a side, at most
// [mancala.MaxSeeds] seeds in all), the [GrandSlam] rule, the [CycleRule]
// and StopAtMajority. Three presets name the common rule sets:
//
//   - [Documents] (the zero Options, "default" or "documents" for [Preset]):
//     grand slam forbidden unless forced, then capturing nothing; cycles
//     give each player his own row; no stop at majority.
//   - [Abapa] ("abapa"): the tournament rules of the World Oware
//     Federation, as played by OpenSpiel and Aalina: a grand slam captures
//     nothing, and the game stops at a majority.
//   - [Awari] ("awari"): the solved game of Lincke and of Romein and Bal:
//     a grand slam is forbidden unless forced, and then captures; a cycle
//     shares the seeds left.
//
// [Rules.String] names the ruleset ("awale", "awale abapa", ...).
//
// # Notation
//
// Moves are house letters in the mover's sowing order, A–F for South and
// a–f for North, as everywhere in module sowing ([mancala.ParseMove]); a
// game is the letters run together ("FfBe"). Positions have the module's
// one-line text ([mancala.ParsePosition]) and, for exchange with Aalina,
// a dashed form read by [ParseAalina] and written by [FormatAalina]:
//
//	4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
//
// South's houses A…, North's a…, South's store, North's store, and S or N
// for the player to move, or - once the game is over.
//
// # Performance
//
// Boards of up to 8 houses a side run on a packed engine: a row of houses
// in one 64-bit word, one byte a house, sowing by table (the seeds a
// sowing adds to each house, for every house and seed count, built once
// per board size and shared), captures found with byte-parallel tests.
// Legal, Play and Apply allocate nothing. [Rules.Perft] and
// [Rules.Playout] run whole searches and games on the packed words, which
// is what [mancala.Perft] and [mancala.Playout] call; a packed playout
// allocates nothing either, draws one number from the *rand.Rand it is
// given and plays from a SplitMix64 sequence seeded with it, and looks
// for a repetition of the game itself (AW-8) only once every house has
// been sown from since the last capture. Boards of 9 to 12 houses use
// plain arrays, and Perft and Playout go through Legal and Apply. On the
// packed engine a Rules is a search.Stepper as well ([Rules.Compact] and
// the methods after it): search.AlphaBeta searches on the packed rows and
// stores, without building a mancala.Position per node, with the same
// nodes and results as through Legal, Apply, Cycle and Estimate.
//
// # Evaluation
//
// [Rules.Estimate] is the game's own evaluation of a position for a
// searcher (on the board of 6 houses of 4 seeds, the store difference
// plus tables of the houses, stores and immediate captures by game phase,
// fitted to self-play results under the Abapa rules with examples/tune;
// on other boards, weighted features of the houses): it makes a Rules a
// search.Estimator, so that search.AlphaBeta uses it when its options name
// no evaluator ([Rules.CompactEstimate] is the same on packed rows).
//
// # Concurrency
//
// A [*Rules] is immutable once [New] returns it and is safe for concurrent
// use by any number of goroutines, Perft and Playout included (each call
// keeps its own state). [Options] and positions are values. The
// *rand.Rand given to Playout is used by that call only, like any
// *rand.Rand it must not be shared between goroutines.
package awale
