// Package endgame builds endgame databases by retrograde analysis: the
// exact value of every configuration of a game with up to K seeds in its
// houses, for any ruleset that implements the small [Game] capability
// (awale.Rules.Retrograde and sow.Rules.Retrograde are two). A ruleset
// whose moves are hard to play backwards states its moves alone
// ([Forward]) and gets its parents from [DeriveParents], which inverts
// the moves of a count once, within a stated memory bound.
//
// # Values
//
// A configuration is the seeds of every house with one player to move, and
// nothing else: no stores, no history. Its value is what the player to
// move will take into his store from then on minus what his opponent
// will, under perfect play to the end of the game; a game that goes on for
// ever without a seed leaving the houses (an endless cycle) is worth 0,
// as under Awari's split rule. Seeds leave the houses and never come back,
// so the configurations of k seeds lead only to those of k seeds and
// fewer: the database of count k needs the counts below it and itself.
//
// # Building
//
// [Build] builds count after count, each by retrograde analysis: the
// moves that leave the count are read from the counts below, and values
// then spread backwards through [Game.Parents], the largest magnitudes
// first, so that configurations in endless cycles get their exact value
// too (see the comment on the builder in build.go for the reasoning). A
// game whose counts have no cycle says so ([Acyclic]), and each count is
// then filled by a forward pass instead, with the same values. A
// count is built on every core, cancellably, with progress lines; with a
// directory, each finished count is a file, written to a temporary name,
// synced and renamed, so that a build stopped or killed goes on from the
// last finished count when it is run again, and an interrupted write
// never leaves a file that looks finished.
//
// # Memory
//
// One byte a configuration, while building and after. Count k of h houses
// has C(k+h-1, h-1) configurations ([Size]), and building it holds every
// count below too: C(k+h, h) bytes in all. For Awalé (12 houses): 24
// seeds, 417 million configurations (398 MiB), 1.2 GiB with the counts
// below; 28 seeds, 1.68 billion (1.6 GiB), 5.2 GiB in all. [PlanBuild]
// says what a build will take before it starts (a [Plan]: the counts
// missing from the directory, their bytes on disk and in memory), and
// [CheckDir] that the directory can hold it.
//
// # Files
//
// One file a count, under a directory named after the game ([DirName]):
// a header (the game and its rules, the houses, the count, the format
// version), the values, one signed byte each in rank order, and a CRC-32C
// checksum. [Load] and [Build] check all of it before they return: a
// damaged or truncated file gives an error wrapping [ErrCorrupt]; an
// intact file of other rules, another board or another count, a
// [*MismatchError].
//
// On Linux the files are memory-mapped (read-only, shared) rather than
// copied: the values live in the page cache, shared by every process that
// loads the same files, and are read from disk as they are first touched.
// Elsewhere they are read into memory. A file's values are checked once,
// when it is read through: the pages that the kernel drops from its cache
// and reads again later are not checked again. A change made in place to
// a mapped file IS seen by the next probe, so replace files only by
// renaming new ones over them (as Build does); a probe that finds its
// file truncated (a fault) or a value out of range makes that count
// unusable for good, with an error wrapping [ErrCorrupt] from [DB.Err],
// rather than crash the program (see [Open]). [Open] returns as soon as it has checked each file's header and
// length, on Linux a few milliseconds whatever the size (elsewhere after
// reading the files into memory), and checks the values and the checksum
// in the background, from count 0 up: a count answers only once its file is
// found sound, a damaged one never (its error from [DB.Err] and
// [DB.Wait]), so that no value of a damaged file is ever trusted. It
// serves a program that must answer at once, such as a UCI engine before
// its GUI's timeout. [DB.Close] unmaps the files.
//
// # Reading
//
// [DB.Value] ranks a configuration (a few independent table loads) and
// reads its byte: one memory access. [DB.Endgame] answers for a position,
// the oracle that package mancala/search consults (search.Endgamer).
// [DB.Moves] values each move of a configuration, and [DB.Histogram]
// counts the configurations of a count by value.
//
// # Bound tables
//
// A game whose endless cycles are worth what the history decides (Awalé's
// own-row rule, AW-8, under which each player takes the seeds of his own
// row when a position repeats) has no exact value per configuration, but
// two bounds: [BuildBounds] computes, for every configuration c of k
// seeds, L(c), its value when an endless cycle is worth -k to c's mover,
// and U(c), its value when it is worth +k (value iteration from L = -k and
// U = +k to the least and the greatest solution, two bytes a
// configuration, files NN.egbd of their own kind beside the exact ones).
// In a game that reaches c by a capture (so that no earlier position can
// come back), the value lies within [L(c), U(c)] whatever the cycles give
// (see bounds.go for the reasoning); a ruleset offers them through
// [CycleBounder], and [BoundsDB.Prove] says what they prove about a
// position with its stores, the oracle that package mancala/search takes
// as proof (search.EndgameBounder).
//
// # Concurrency
//
// A [DB] is safe for concurrent use; its values never change, and those
// of [Open] become ready count by count. [DB.Close] is the exception: it
// must not run while the DB is in use. [Build] calls the Game's methods
// from several goroutines at once.
package endgame
