// Package search plays and solves sowing games: engines (computer players)
// of several strengths behind one small interface, a minimax searcher, a
// Monte Carlo tree searcher, an exact solver, and a solver for the matrix
// games that simultaneous decisions make. It works with any
// [mancala.Ruleset] through the public core API alone.
//
// # Engines
//
// An [Engine] chooses moves for one side of a [mancala.Game] (the side is
// a [mancala.Player]; the engine is what plays it). [NewRandom] and
// [NewGreedy] make the weakest engines (uniform random, and best store
// difference after one decision); [AlphaBeta] and [MCTS] search; the zero
// value of each of [Random], [Greedy] and [MCTS] is usable. At a
// simultaneous decision each side's Engine is asked separately and the
// caller combines the two choices with [mancala.Joint]; [PlayGame] plays a
// whole game between two engines so. [ParseEngine] makes any of them from
// a short text spec such as "alphabeta:depth=8" or "mcts:playouts=20000",
// for command lines and tournament tools.
//
// All engines are deterministic for a given seed and a given depth, node
// or playout limit (and the same sequence of calls); limits by time depend
// on the machine's speed. Choose honours its context: at a cancellation or
// deadline it returns the best move found so far. A search's [Result]
// gives [AlphaBeta]'s minimax value in Value and [MCTS]'s mean reward in
// Reward.
//
// # Minimax search
//
// [AlphaBeta] is negamax with alpha-beta pruning, iterative deepening, a
// transposition table keyed by [mancala.Position.Hash] (the whole 64-bit
// hash is kept and compared) and move ordering by the table's move, killer
// moves and the history heuristic. Values are from the point of view of
// the player who decides: when a decision leads to another decision by
// the same player (Kalah's move again, Congkak's sowing again from the
// store), the value is passed up unnegated. Horizon positions are scored
// by an [Evaluator] ([DefaultEvaluator] unless the options or the ruleset,
// as an [Estimator], say otherwise); finished positions by their final
// store difference times [TerminalScale], so that proven results outrank
// every estimate. A search whose every line reached the end of the game
// reports its value as exact and stops deepening.
//
// Two options narrow the search. PVS searches the moves after a node's
// first with a null window (principal variation search), the same value
// as without it. Reduce searches late quiet moves one decision shallower
// first (late move reductions), which reaches deeper in the same time
// but is no longer plain minimax at a fixed depth; the level "max"
// ([LevelOptions]) uses it.
//
// Depth counts decisions. Limits by depth, nodes or time can be combined;
// the searcher stops at the first one reached and returns the result of
// the deepest iteration completed.
//
// A ruleset that is a [Stepper] gets the same search on its [Compact]
// form: its children, moves, hashes, evaluations and ends come from the
// ruleset's compact methods, and no mancala.Position is built per node.
// AlphaBeta takes this path by itself for a root that has a compact form
// (simultaneous decisions stay on the general path), in a parallel search
// too; it visits the same nodes in the same order and returns the same
// result, table keys and repetitions included. Both paths are the one search, written over a small set of
// node operations that each path instantiates.
//
// # Simultaneous decisions
//
// At a simultaneous decision ([mancala.BothTurn], as in the opening of
// Congkak) neither player sees the other's choice, so the position's value
// is that of a zero-sum matrix game: every joint move is searched (with a
// full window) to the remaining depth, and the matrix of values is solved
// exactly by [SolveMatrixGame] (the simplex method on the game's linear
// program). The game's value is the node's value; at the root, each
// player's move is sampled from his optimal mixed strategy with the
// searcher's seeded random stream, and the strategies are reported in
// [Result.Mixed]. South's point of view is the node's.
//
// [MCTS] handles simultaneous decisions by decoupled UCT instead: each
// player chooses by UCB1 on his own statistics, and the final choice is
// sampled from the visit frequencies.
//
// # Monte Carlo tree search
//
// [MCTS] is UCT with random playouts through [mancala.Playout], which uses
// a ruleset's fast [mancala.Playouter]. Rewards are 1, 1/2 and 0 for a
// win, a draw and a loss, each node's statistics from the point of view of
// the player who decides at its parent, so a player's successive decisions
// need no special treatment. Limits by playouts or time.
//
// # Exact solving
//
// [Solve] computes the final store difference under perfect play and a
// principal variation, for positions small enough: MTD(f) over null-window
// alpha-beta searches to the end of the game, with a large transposition
// table of bounds, enhanced transposition cutoffs, move ordering (the
// table's move, gains in store difference, moves after which the same
// player decides again, the house nearest the store first), and bounds on
// the final result that end lines early. Rulesets make solving practical
// through optional capabilities, which the solver takes from the ruleset
// alone: [ScoreBounder] for those bounds ([StoreBounds] does for games
// whose stores only grow); where it holds, [StoreIndependent], which lets
// positions that differ only in their stores share one table entry; and
// [Endgamer], an oracle (typically an endgame database) for the exact
// value of small positions, which the solver consults at every position
// it generates instead of searching it (in a [mancala.Cycler], only where
// no earlier position can come back: see Endgamer). [WithEndgame] gives a ruleset an
// oracle it lacks; [SolveOptions] holds only the caller's choices (table
// size, first guess, progress, principal variation, workers). The table
// should be large ([SolveOptions.TableBits]). Package searchtest checks a
// ruleset's solver capabilities against its rules.
//
// A ruleset that is also a [Packer] (store-independent, not a
// [mancala.Cycler]) gets the same search on its compact [Packed] form
// instead of on [mancala.Position] values: no board is built, hashed or
// compared, values are the mover's future gain (so one negamax serves both
// players and needs no store offset), and the ruleset's
// [Packer.PackedSeeds] and [Packer.PackedEndgame] stand for the score
// bounds and the oracle. Solve takes this path when the position packs and
// has one player to move, and says so in [Solution.Packed]; the Solution
// means the same. It is several times as fast (see the module's README
// for figures). Both searches are built from the same steps, in the same
// order, at every node: count the node, cut by score bounds, probe the
// table, list the moves, search the table's move alone, make the other
// children, look them up (enhanced transposition cutoffs), search them in
// order, store the result.
//
// On the packed path [SolveOptions.Workers] goroutines can search at once,
// sharing the table (the general path always uses one, and
// [Solution.Workers] reports how many searched): each MTD(f) pass is
// searched by all of them, each starting the root at another move, and a
// worker that reaches a child that another worker is searching (in the
// first plies) leaves it for last, so that the workers spread over the
// tree and find each other's results in the table; the first worker to
// finish gives the pass's value and the others stop. The table's slots
// are written so that a reader can tell a slot another worker is writing
// from a whole one. The workers visit more positions than one would, but
// finish sooner.
//
// Solve follows lines of at most [MaxSolveDepth] decisions: on a game
// that never ends it returns a [*DepthError] instead of exhausting memory.
//
// # Repetition
//
// For rulesets that end a game when a position repeats
// ([mancala.Cycler]), the searchers keep the line from the start of the
// game (pass it as history) and end lines at a repetition with
// [mancala.Cycler.Cycle], as [mancala.EndCycle] does. Their transposition
// tables do not record the line, so a value stored for a position reached
// by one line can be reused for the same position reached by another,
// along which a different repetition was possible (the graph-history
// interaction problem). For play this is a small inaccuracy, as in every
// engine with a table; for [Solve] it means that values of Cycler games
// are exact only when repetitions cannot change the result, and should be
// checked in other ways otherwise (for tiny positions, [AlphaBeta] with
// TableSize -1 searches without a table).
//
// # Allocation and speed
//
// The searchers allocate their tables and per-ply buffers when they are
// made or first grow; the search itself allocates nothing per node (the
// allocation tests and benchmarks check this), except that [Solve] keeps
// the exact values of the simultaneous decisions it solves in a map. The
// cost per node is dominated by the ruleset's Legal and Apply and by
// table memory traffic; on Linux the solver asks for huge pages for its
// table.
//
// # Concurrency
//
// Functions of this package are safe for concurrent use. Engines,
// searchers and their tables are not: make one per goroutine (a tournament
// makes one per game). Rulesets are shared safely, being immutable. Solve
// with Workers above one runs goroutines of its own, which need a Packer
// whose methods are safe for concurrent use (as its contract says).
//
// [AlphaBeta] with Threads above one runs goroutines of its own too, in
// one of two ways. With SharedTable, lazy SMP: every thread searches the
// whole tree from the root, reading and writing one table without a lock
// (a slot holds its key XORed with its contents, so a slot that two
// threads wrote at once matches no key and is not used), and the deepest
// iteration any thread completed is returned. Without it, the root's moves are
// shared out among threads with tables of their own, and each iteration's
// value is the one-thread search's. Either way the evaluator, the
// endgame oracle and the ruleset are called from several goroutines.
package search
