// Package mancala is the core of the sowing module: boards, moves and
// positions as small values, the [Ruleset] contract that every sowing game
// implements, a [Game] driver with history, undo and outcome, and the
// notation shared by all games.
//
// The package knows no particular game. Packages awale and congkak of this
// module implement rulesets, and so can anybody else: a ruleset needs only
// the exported API of this package, and package mancalatest checks that it
// keeps the contract.
//
// # Values
//
// A [Board] holds the seeds of both rows (1 to [MaxHouses] houses a side),
// the two stores, seeds in flight in the players' hands, and burnt houses.
// A [Position] adds who must decide ([Turn]: one player, both at once, or
// nobody once the game is over), a round number and a word of
// ruleset-defined state. A [Move] names the house a player sows from, or one
// house for each player at a simultaneous decision. All three are
// fixed-size, pointer-free values: copying is cheap, == compares them, and
// they can be map keys.
//
// # Rulesets
//
// A [Ruleset] is a pure transition system: Start, Setup, Legal, Play and
// Apply. Its documentation states the contract each method keeps. Optional
// capabilities are separate interfaces that callers find by type
// assertion: [Cycler] (a repeated position ends the game), [Bounded] (a
// bound on game length), [Perfter] and [Playouter] (fast enumeration and
// random play on a ruleset's own representation, used by [Perft] and
// [Playout]), and [Tracer] (the atomic steps of a move as [Event] values,
// for game interfaces that animate sowing; [ApplyEvent] replays them).
//
// # Describing a game
//
// A game package describes itself once, for people and tools, in the
// [Family] it registers with [RegisterFamily]: labels, named presets,
// the numbers a player may set ([Param]), the rules a player may choose
// among named values ([Option], named by [Family.WithOptions]), and a
// rules text for players. Tools read
// it back with [Families], [LookupFamily] and [FamilyOf], build rulesets
// by name with [NewRuleset], and name them for people with [Label]. The
// events of a trace carry the id of the rule each step applies
// ([Event].Rule), from which [Narrate] tells a move in sentences (or the
// ruleset does, as a [Narrator]); [Rounder] and [Game.Round] tell the round
// a game is in, and [PositionNotation] gives a game's own position text.
// No tool needs to know a game by name.
//
// # Games
//
// [NewGame] starts a [Game], which checks every move, refuses illegal ones
// with a [*MoveError] (wrapping [ErrIllegalMove]) without changing anything,
// keeps the history for [Game.Undo] and [Game.Redo], ends games on a
// repeated position for rulesets that ask for it, and reports the
// [Outcome]. [Game.PlayTrace] plays a move once and reports its steps for
// an animation; [Game.PositionAt] and [Game.MoveAt] read the history
// without copying it.
//
// # Notation
//
// Houses are letters in their owner's sowing order: A, B, ... for South and
// a, b, ... for North; a simultaneous decision is written with both letters,
// South's first ("Ab"). A game is the moves run together ("FfBe").
// Positions have a one-line text form ([ParsePosition], [Position.String])
// and a diagram ([Board.String]). Parse errors are [*ParseError] values
// (wrapping [ErrSyntax]) that give the offset of the problem.
//
// # Concurrency
//
// Boards, positions and moves are values and safe to share. Rulesets are
// immutable and safe for concurrent use. A [Game] is not: give each
// goroutine its own, made with [Game.Clone] if need be.
package mancala
