// Package reference is a plain, slow and deliberately obvious
// implementation of the Awalé rules AW-1 to AW-10 of the project's
// RULES.md, written from that text alone. It is the test oracle that the
// awale package's tests compare the real ruleset against.
//
// # Design
//
// Nothing here is clever: a [State] holds its rows in slices, a move is
// simulated seed by seed in a loop, and every rule is a separate plain
// function ([Legal], [Play], [Settle], [EndByCycle]) that recomputes what
// it needs. The package shares no code with package awale; it does not
// even use the core board type, so a bug in either cannot hide in the
// other.
//
// # Conventions
//
// Players are [South] (0) and [North] (1). A house is an index into its
// owner's row in his own sowing order (0 is A or a). A finished state has
// ToMove == [Nobody].
//
// # Concurrency
//
// Functions take and return values (slices in a [State] are copied before
// any change); they keep no state and are safe for concurrent use.
package reference
