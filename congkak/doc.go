// Package congkak implements Congkak, the Malay sowing game, as a
// [mancala.Ruleset]: sets of rounds with a simultaneous opening, relay
// sowing, captures, refills and burnt houses. The rules it plays (CK-1 to
// CK-16) are stated in the package's RULES.md, also available as
// [RulesText]; its sources are an anonymous English description of
// Congkak in eight steps (with a Romanian translation), "the documents'
// rules", and H. Overbeck's "Chongkak" (Journal of the Straits Branch of
// the Royal Asiatic Society), the [Overbeck] preset.
//
// Build a ruleset with [New] from [Options] (the zero Options are the
// documents' rules), or from a named [Preset]; play it with
// [mancala.NewGame] or through the [mancala.Ruleset] methods.
//
//	r, _ := congkak.New(congkak.Options{Opening: congkak.OpeningSequential, Rounds: 1})
//	g, _ := mancala.NewGame(r)
//	_ = g.PlayText("A B") // South sows A (ends in his store), then B
//
// # Rules
//
// Houses are lettered in their owner's sowing order, South's A, B, ... and
// North's a, b, ...; house i of one player is opposite house n-1-i of the
// other. Each player's store follows his last house.
//
//   - CK-1: 2 rows of Options.Houses houses (7) with Options.Seeds seeds
//     (as many as houses) each, and two empty stores.
//   - CK-2: a sowing takes all the seeds of one of the mover's non-empty
//     houses and drops them one by one into the following holes: the rest
//     of his row, his store, the opponent's row, his row again. The
//     opponent's store and burnt houses are skipped; the emptied house is
//     not.
//   - CK-3: a last seed in the mover's own store lets him choose again, a
//     new decision (a new [mancala.Move]) by the same player; with no seeds
//     in his houses his turn ends.
//   - CK-4: a last seed in an occupied house (either side) is a relay: the
//     mover takes all its seeds, the last one included, and sows on from
//     the next hole, inside the same decision.
//   - CK-5: a last seed in an empty house of his own row captures it with
//     the opposite house into his store; with nothing opposite (empty or
//     burnt) the seed goes alone to the store ([EmptyCaptureStore]) or
//     stays ([EmptyCaptureStay]). His turn ends.
//   - CK-6: a last seed in an empty house of the opponent's row stays
//     there; his turn ends.
//   - CK-7: then the opponent plays.
//   - CK-8: the first turn of a set is simultaneous (see "The opening").
//   - CK-9: a round ends as soon as a turn (or the whole simultaneous
//     opening) ends with every house of either player empty
//     ([RoundEndEmptyRow]), or by a pass and a reply ([RoundEndPassReply],
//     below).
//   - CK-10: at the end of a round each player adds the seeds in his houses
//     to his store; the one with fewer lost the round.
//   - CK-11, CK-12: each player refills his houses with Seeds seeds each
//     from his store, starting with the house next to his store (his last
//     house in sowing order) and going away from it; houses he cannot fill
//     are burnt for the round and skipped by both players; leftovers stay
//     in his store.
//   - CK-13: the loser of the round starts the next one alone; on a tie,
//     the player who made the last move of the round.
//   - CK-14: the set ends when, at a refill, a player cannot fill a single
//     house, or when Options.Rounds rounds have been played (1: a single
//     round). A finished game has [mancala.NoTurn] to move, every seed in
//     the stores (CK-10), and the stores decide ([mancala.Position.Outcome]).
//     Concession is [mancala.Game.Concede].
//   - CK-15: sowings and rounds always end; see [Rules.MaxPlies].
//   - CK-16: when a round would start from a round start that already
//     occurred in the set (the same houses, stores, burnt houses and
//     starter), the set ends there; the player with more seeds (store plus
//     houses) wins, equal is a draw ([RepeatEnds], the default; see "Repeated
//     round starts"). [RepeatOff] is the documents' letter: such a set
//     never ends, and only a round limit or a concession stops it.
//
// # Options
//
// [Options] select the documents' readings or the others that RULES.md
// names: the board size (Houses, Seeds), [EmptyCapture] (CK-5), [Opening]
// (CK-8: simultaneous, or sequential with a Starter), FirstHand (CK-8.2),
// [RoundEnd] (CK-9), a round limit (CK-14) and [RepeatRule] (CK-16).
// [Documents] and [Overbeck]
// are the two presets, also by name through [Preset]. [New] refuses invalid
// options with an error wrapping [mancala.ErrUnsupported]; any number of
// houses from 1 to [mancala.MaxHouses] works as long as the board holds
// the seeds (2·Houses·Seeds at most [mancala.MaxSeeds]).
//
// RoundEndPassReply is Overbeck's §9 as RULES.md infers it, implemented exactly
// so: when a turn ends, the player due to move next is looked at. If his
// row has seeds he plays. If it is empty he passes and his opponent plays
// one more turn (State bit 0 marks that turn; within it the opponent may
// choose again after his store as usual); if the opponent's row is empty
// too, the round ends at once. When the extra turn ends, the round ends if
// the passer's row is still empty, and otherwise the passer plays on. A
// pass is not a move: no decision is recorded for it.
//
// # Repeated round starts
//
// CK-16 needs the set's history: whether a round start occurred before.
// No bounded state can hold that history (a set may pass through any of
// hundreds of round starts), so, as with Awalé's endless cycle, the history
// keeper sees the repetition: *Rules is a [mancala.Cycler]. Under CK-16 in a
// full set (RepeatEnds and Rounds 0), a round start that repeats an earlier
// one is a position equal (==) to it, and nothing else repeats, so
// [mancala.Game], [mancala.EndCycle], the searches, [mancala.PerftSlow] and
// [mancala.Playout] end the set there by [Rules.Cycle], and this package's
// Perft and Playout do the same. For this:
//
//   - Position.Round stays 1 for the whole set: a round number would make
//     every round start different. (Rounds are still told apart by State,
//     below: [Rules.RoundEnded] says whether a decision ended a round, and
//     [mancala.EventRoundEnd] marks each round end in a trace.)
//   - State bits 8-17 name the start of the round being played: 0 for the
//     set's own start, otherwise 1 + 2·(South's seeds at the round's start),
//     plus 1 if North started it. A round start is fixed by these (the
//     refill of CK-11 places the seeds), and they keep apart the positions
//     of rounds that started differently; within a round no position
//     repeats (each decision adds to a store, or under EmptyCaptureStay
//     moves seeds towards one).
//
// So a set under CK-16 plays at most 2·(total-2·Seeds+1)+1 rounds, each
// started differently, and [Rules.MaxPlies] states a finite bound. With a
// round limit, Round counts the rounds as before, no position repeats, and
// the limit ends the set; CK-16 then has no effect. With RepeatOff, Round
// counts the rounds and a set may go on for ever (1 house of 1 seed always
// does; on 7 houses, see the package tests for a loop of two rounds).
//
// # The opening
//
// With [OpeningSimultaneous] the first position of a set has
// [mancala.BothTurn] to move and [Rules.Legal] lists every
// [mancala.Joint](s, n) pair of non-empty houses. Apply then follows
// CK-8's ticks: both hands take their seeds up; in each tick FirstHand's
// hand drops one seed and, if it was its last, resolves it (CK-3..CK-6, a
// relay taking the seeds up at once), then the other hand does the same on
// the board as the first left it. A player whose last seed reached his
// store chooses at the end of the tick: Apply returns a position in which
// he alone is to move, the other hand's seeds in flight in the board
// ([mancala.Board.Hand]: the seeds and the hole it last dropped into, or
// took its seeds from); his move takes his house up at once and the ticks
// go on. If both reached their stores in the same tick, both choose again
// ([mancala.BothTurn]). A player with no seeds in his houses cannot choose:
// his turn has ended. When one turn has ended the other hand goes on alone
// as in a normal turn. The player whose turn ended first plays next; if
// both ended in the same tick South plays next and, for CK-13, the second
// hand of that tick counts as the last mover. The round-end test of CK-9 is
// made when the opening as a whole has ended. The seeds in hands count in
// [mancala.Board.Total]. Hands are in flight only at such decisions, and
// only in round 1.
//
// With [OpeningSequential], Options.Starter simply moves first. Rounds
// after the first are always started by one player (CK-13).
//
// # Readings beyond RULES.md
//
// Where RULES.md leaves a detail open, this package reads it as follows.
//
//   - A capture opposite a burnt house takes nothing (CK-12): it is played
//     as a capture with an empty opposite house, so the last seed goes to
//     the store under EmptyCaptureStore and stays under EmptyCaptureStay.
//   - In the simultaneous opening, CK-9's round-end test is made once, when
//     both turns have ended, not when the first one does: the other hand's
//     sowing may still refill an empty row, and is never cut short.
//   - When both opening turns end in the same tick, South plays next
//     (CK-8.5) whichever hand goes first, and the second hand of the tick
//     is the last mover for CK-13's tie rule.
//   - A hand in flight records the hole it last dropped a seed into, or the
//     house it last took its seeds from (a relay's house included).
//   - When the set ends (CK-14 or the Rounds limit) there is no refill: the
//     stores hold the round's score, and the board keeps the round's number
//     and burnt houses.
//   - Under RoundEndPassReply, a pass can follow any turn, the simultaneous
//     opening included (the player due is then the first whose turn ended);
//     the round also ends at once if both rows are empty.
//
// # Positions
//
// [mancala.Position.Round] counts the rounds of the set from 1 (except under
// CK-16 in a full set, where it stays 1: see "Repeated round starts"); a
// finished game keeps the number of its last round, and its board keeps
// that round's burnt houses, with empty houses and every seed in the
// stores. Burnt houses are in the board ([mancala.Board.Burnt]).
//
// [mancala.Position.State] holds:
//
//   - bit 0 (value 1): a reply turn. Under [RoundEndPassReply], the player
//     to move is playing the one more turn granted after his opponent passed
//     with an empty row; when this turn ends, the round ends unless the
//     passer's row has seeds again. State is the ruleset's own: a game
//     interface learns of the pass from the trace, whose EventTurnEnd
//     then carries Rule "CK-9" (see [Rules.Trace]).
//   - bits 8-17, under CK-16 in a full set only: the round's start (see
//     "Repeated round starts").
//   - in a finished set only (and then nothing else), why it ended
//     ([Rules.Ending]): bits 24-27 the [mancala.EndReason]
//     ([mancala.EndCannotFill], [mancala.EndRoundLimit] or
//     [mancala.EndRepeatedRound]), bit 29 set if the reason concerns a
//     player (Ending.Who: who cannot fill a house) and bit 28 set if that
//     player is North.
//
// Every other bit is 0. [Rules.Setup] refuses positions that no game can
// hold (wrong size or seed total, undefined State bits, burnt houses in
// round 1, hands or a simultaneous decision outside the simultaneous
// opening of round 1, seeds left in a finished game, ...) with an error
// wrapping [mancala.ErrInvalidPosition]. It reads round 0 as round 1, gives a
// finished position without end bits the reason its stores show, and
// settles a position in which the player to move has no seeds in his
// houses: his turn ends there (CK-3), as the rules would have left it.
//
// # Notation
//
// Moves and positions use the notation of package mancala: house letters
// (A..G, a..g), a joint move at a simultaneous decision with South's
// letter first ("Ab"), and the one-line position text, in which "x" marks
// a burnt house, "r2" the round, "h3@C,0@A" the hands in flight and "s1"
// the State word:
//
//	7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 B r1
//
// # Performance
//
// Play and Apply run on a general engine that handles every option. Perft
// and Playout ([mancala.Perfter], [mancala.Playouter]) also use a fast
// engine for boards of up to 7 houses a side: both rows packed in two
// 64-bit words, a sowing of k seeds added as one precomputed mask, the
// random choice taken from a bit set of non-empty houses. It covers every
// position outside the opening's ticks and rounds with burnt houses; the
// general engine plays those. Both engines draw the same random numbers as
// [mancala.Playout] and give the counts of [mancala.PerftSlow]; the tests
// check both. Nothing on the move path allocates. The benchmarks report
// rounds and sowings per second; perft to depth 10 from the 7×7 start runs
// only on request:
//
//	go test -run '^$' -bench PerftDepth10 -perft10 ./congkak
//
// # Concurrency
//
// A [*Rules] is immutable after [New] and safe for concurrent use by any
// number of goroutines; positions and moves are values. A [mancala.Game]
// is not safe for concurrent use.
package congkak
