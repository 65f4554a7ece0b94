// Package analysis searches and solves positions of any sowing ruleset
// for people: it runs the searches of package search and writes what they
// found as lines of text, the ones that the analyze example prints.
//
// [Deepen] searches a position one decision deeper at a time and reports
// each completed depth; [Iteration.Lines] writes it ("depth 3 value
// +2.000 for South (seeds) nodes ... pv C c F", with both players' mixed
// strategies at a simultaneous decision). [Solve] solves a position
// exactly and [SolutionLines] writes the solution ("value 30/7" as
// "value 4.285714" and "fraction 30/7", the strategies, "pv ...").
// [Decimal] and [Fraction] write a value.
//
// The package knows no game: what a ruleset offers the solver (score
// bounds, an endgame oracle) it finds through the interfaces of package
// search.
//
// # Concurrency
//
// The functions are safe for concurrent use; [Deepen] and [Solve] run
// their searches on the calling goroutine (Solve's workers aside), and
// call report and the progress writer from it.
package analysis
