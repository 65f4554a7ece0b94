// Command tournament plays a match between two players on one of the
// module's games and reports the result with its statistical uncertainty.
//
// # Usage
//
//	go run ./examples/tournament [game flags] -a SPEC -b SPEC [-games N]
//		[-parallel P] [-rand-seed N] [-random-plies N] [-max-plies N]
//		[-endgame DIR [-endgame-stones K] [-endgame-approx] [-endgame-for a|b|both]]
//		[-records FILE] [-quiet]
//
// A SPEC is read by uci.ParseEngine: "random", "greedy",
// "alphabeta:depth=8", "alphabeta:time=100ms", "mcts:playouts=20000", ...
// (search.ParseEngine's engines), or "uci:movetime=50ms,cmd=PATH ARGS..."
// for an external engine that speaks the Oware engine protocol, started
// afresh for each game. An external engine that fails to start, crashes,
// answers past its time or plays an illegal move loses that game, whose
// line says so (such a game has no record in -records), and the match
// goes on.
//
// # Rules
//
// The game flags are those of package examples/internal/rulesflags, the
// same in every example program: -game awale|oware|congkak|kalah, -rules,
// -houses, -seeds and each game's options (Congkak's -opening, -rounds,
// ...; Kalah's -capture). As everywhere, -rounds 0 (the default) plays
// full sets of Congkak; -rounds 1 plays single rounds. -max-plies (10000)
// caps every game: a game still going on then is scored by the stores as
// they stand (the player with more seeds in his store wins; equal is a
// draw), and is marked "capped".
//
// # Games
//
// Game i (from 1) gives A South when i is odd and North when it is even.
// Each game has its own two engines (search.PlayGame plays it), seeded
// from -rand-seed and the game's number alone, so a match is reproducible
// and its results do not depend on -parallel (engines limited by time are
// not reproducible, by nature). At a simultaneous decision each side's
// engine chooses without seeing the other's choice, and the two choices
// make one joint move. Games run in parallel on -parallel goroutines
// (default: GOMAXPROCS; at most 4 per CPU, or 8 on a smaller machine).
// Memory grows with the games in flight, not with -games (at most
// 1,000,000,000).
//
// -random-plies N opens each pair of games (1 and 2, 3 and 4, ...) with
// the same N random legal moves, drawn from -rand-seed and the pair's
// number alone, A playing South in one and North in the other: a match of
// deterministic engines then plays varied openings. The random moves count
// towards -max-plies and are in the records, with a comment after them.
//
// # Endgame databases
//
// -endgame DIR loads the endgame databases of the rules played from DIR
// (those that go run ./examples/endgame build saved; -endgame-stones K
// loads the counts 0 to K only, -endgame-approx those of the nearest exact
// rules for Abapa or the documents' rules, as estimates: see package
// examples/internal/rulesflags). -endgame-for a, b or both (the default)
// says which players search with them, so that a match of an engine with
// databases against the same engine without is one command:
//
//	go run ./examples/tournament -rules awari -endgame DIR -endgame-for a \
//		-a alphabeta:time=100ms -b alphabeta:time=100ms -games 200 -random-plies 6
//
// Only alpha-beta consults them (search.WithEndgame): it takes a value
// they hold as the position's value, a proof under exact databases, a
// strong evaluation under estimates. A line on standard error says what
// was loaded and for whom (unless -quiet), and the header line says it
// too. No databases for the rules, a missing directory or a count not
// built is a usage error (exit status 2) that names the command building
// them; a damaged file, exit status 1.
//
// -records FILE writes every game as a record, in game order: record text
// as the play command saves it, or JSON lines if FILE ends in .json or
// .jsonl. Each record has the players' specs as South and North, the
// game's number as Round, and a Termination tag that says why the game
// ended (or that it was capped, with result "*"). The file is written
// under a temporary name beside FILE, synced and renamed at the end, so
// it is never left half written; replay -record FILE -record-game N
// replays game N.
//
// # Output
//
// A header line; then, unless standard output is a terminal, one line
// per game in game order, with the stores, the verdict, the number of
// moves and why the game ended (such as "endless cycle (AW-8)"). Then A's
// wins, draws and losses, A's score rate (a win 1, a draw 1/2) with its
// 95% Wilson score interval (draws counted as half a win, which makes the
// interval slightly conservative), and the Elo difference of A over B,
// 400·log10(s/(1-s)) for score rate s, with the interval obtained from the
// bounds of the score-rate interval. A match that runs longer than about
// a second shows its progress on standard error, unless -quiet.
//
// # Exit status
//
// 0 on success. Bad flags or specs: a one-line error and exit status 2;
// -h prints the usage and exits 0. A records file that cannot be written,
// a player that fails, or an interrupt (Ctrl-C; the summary then counts
// the games played): a one-line error and exit status 1.
package main
