package mancala

// Ruleset is the rules of one sowing game with its options fixed: a pure
// transition system over [Position] values. Rulesets know nothing of
// history, players' names or clocks; [Game] adds those.
//
// Contracts, for implementers and callers alike:
//
//   - Determinism: each method's result depends only on its arguments and
//     the ruleset's fixed options. A Ruleset is immutable after it is built
//     and safe for concurrent use.
//   - Immutability: positions are values; no method changes its arguments,
//     and dst in Legal is only appended to.
//   - Positions given to Legal, Play and Apply are ones that Start, Setup,
//     Play or Apply of the same ruleset returned (or copies of them).
//   - Legal appends every legal move of p to dst, in a deterministic order
//     without duplicates, and returns the extended slice. It appends
//     nothing if and only if p.ToMove is NoTurn (the game is over). Every
//     appended move m has m.Turn() == p.ToMove; at a simultaneous decision
//     (BothTurn) the moves are all pairs of South's and North's choices,
//     each side's choice being legal whatever the other chooses.
//   - Play returns the position after m. If m is not legal in p it returns
//     p unchanged and an error wrapping ErrIllegalMove, usually a
//     *MoveError made by [Illegal] that names the rule. It never panics.
//   - Apply is Play without the check, for search and enumeration: m must
//     be one of Legal(p). For such m it returns exactly what Play returns;
//     for any other m its result is unspecified and it may panic.
//   - Setup checks a position built outside the ruleset (parsed, or edited
//     by hand): it returns an error wrapping ErrInvalidPosition if no game
//     of the ruleset can hold it (wrong number of houses, seeds, turn), and
//     otherwise returns the position as the ruleset would have left it
//     (for instance ended, if the player to move cannot move).
//   - A position is over exactly when ToMove is NoTurn; its result is then
//     read from the stores ([Position.Outcome]). Rulesets put every seed
//     that counts for a player in his store before they end a game (a
//     [Scorer] may restate the scores for people, never the result).
//
// Game, the tools in this module and the conformance checker in package
// mancalatest are the callers; a user rarely calls a Ruleset directly.
//
// Optional capabilities are separate interfaces found by type assertion:
// [Cycler] for games that end when a position repeats, [Bounded] for a
// stated bound on game length, [Explainer] for saying why a game ended,
// [Tracer] and [CycleTracer] for the steps of a move, [Narrator] for
// telling a move in words, [Rounder] for games played in rounds,
// [Layouter] for a board of four rows or without stores, [Scorer] for
// scores that are not the stores,
// [PositionNotation] for a position text of the game's own, and
// fmt.Stringer for a name (the name that [NewRuleset] builds again, for a
// ruleset whose family is registered with [RegisterFamily]).
type Ruleset interface {
	Start() Position
	Setup(p Position) (Position, error)
	Legal(dst []Move, p Position) []Move
	Play(p Position, m Move) (Position, error)
	Apply(p Position, m Move) Position
}

// Cycler is implemented by rulesets in which a position that repeats ends
// the game (Awalé's endless cycle, AW-8). A position repeats when it equals
// (==) a position earlier in the same game.
//
// Whoever keeps the history (Game, a search, perft) calls Cycle with the
// position just reached when it repeats an earlier one, and continues
// with the result instead; [EndCycle] does both steps.
type Cycler interface {
	// Cycle returns the finished position (ToMove == NoTurn) that ends a
	// game in which p has just repeated an earlier position.
	Cycle(p Position) Position
}

// Rounder is implemented by rulesets whose games are played in rounds
// (Congkak's sets), where [Position.Round] alone may not tell how many
// rounds a game has played. [Game.Round] calls it once per move.
type Rounder interface {
	// RoundEnded reports whether after, the position one decision after
	// before in the same game, is reached across the end of a round
	// (including the end of the game's last round).
	RoundEnded(before, after Position) bool
}

// PositionNotation is implemented by rulesets that have a position text of
// their own besides the core's ([ParsePosition], [Position.String]), such
// as the one an engine protocol of the game speaks. Tools that exchange
// positions with other programs use it when the ruleset has it.
type PositionNotation interface {
	// FormatPosition returns p in the ruleset's own text.
	FormatPosition(p Position) string
	// ParsePosition reads a position in the ruleset's own text and
	// returns it settled by Setup, or an error wrapping ErrSyntax (a
	// *ParseError) for malformed text or ErrInvalidPosition for a
	// position of no game of the ruleset. It never panics.
	ParsePosition(s string) (Position, error)
}

// Bounded is implemented by rulesets that can bound the length of a game.
type Bounded interface {
	// MaxPlies returns a number of moves that no game from Start exceeds,
	// counting repetition endings if the ruleset is a Cycler, or 0 if the
	// ruleset states no bound.
	MaxPlies() int
}

// EndCycle returns p, or, if r is a [Cycler] and p equals a position in
// history, r.Cycle(p). history is the game so far, before p.
func EndCycle(r Ruleset, history []Position, p Position) Position {
	c, ok := r.(Cycler) // false for a nil r
	if !ok || !repeats(history, p) {
		return p
	}
	return c.Cycle(p)
}

// repeats reports whether p, not over, equals a position of history.
func repeats(history []Position, p Position) bool {
	if p.Over() {
		return false
	}
	for i := len(history) - 1; i >= 0; i-- {
		if history[i] == p {
			return true
		}
	}
	return false
}

// IsLegal reports whether m is among the legal moves of p. It is a
// convenience that allocates a move buffer; hot paths call Legal with a
// buffer of their own. A nil ruleset allows no move.
func IsLegal(r Ruleset, p Position, m Move) bool {
	if r == nil {
		return false
	}
	var buf [MaxHouses * MaxHouses]Move
	for _, l := range r.Legal(buf[:0], p) {
		if l == m {
			return true
		}
	}
	return false
}
