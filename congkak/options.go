package congkak

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// EmptyCapture says what happens to the last seed of a sowing that falls
// into an empty house of the mover's own row when the opposite house is
// empty (or burnt), so that there is nothing to capture (CK-5).
type EmptyCapture uint8

const (
	// EmptyCaptureStore: the last seed alone goes to the mover's store
	// (the English description, the default).
	EmptyCaptureStore EmptyCapture = iota
	// EmptyCaptureStay: the seed stays in the house (Overbeck §6).
	EmptyCaptureStay
)

// String returns "store" or "stay".
func (e EmptyCapture) String() string {
	switch e {
	case EmptyCaptureStore:
		return "store"
	case EmptyCaptureStay:
		return "stay"
	}
	return "emptycapture(" + strconv.Itoa(int(e)) + ")"
}

// Opening says how the first turn of a set is played (CK-8).
type Opening uint8

const (
	// OpeningSimultaneous: both players sow at once, in ticks (CK-8, the
	// default).
	OpeningSimultaneous Opening = iota
	// OpeningSequential: [Options.Starter] simply moves first.
	OpeningSequential
)

// String returns "simultaneous" or "sequential".
func (o Opening) String() string {
	switch o {
	case OpeningSimultaneous:
		return "simultaneous"
	case OpeningSequential:
		return "sequential"
	}
	return "opening(" + strconv.Itoa(int(o)) + ")"
}

// RoundEnd says when a round ends (CK-9).
type RoundEnd uint8

const (
	// RoundEndEmptyRow: the round ends as soon as a turn (or the
	// simultaneous opening) ends with every house of either player empty
	// (the English description, step 5; the default).
	RoundEndEmptyRow RoundEnd = iota
	// RoundEndPassReply: a player due to move with an empty row passes;
	// his opponent plays one more turn; if that turn put seeds back into
	// the passer's row play goes on, otherwise the round ends (Overbeck §9).
	// The package documentation states the details.
	RoundEndPassReply
)

// String returns "emptyrow" or "passreply".
func (r RoundEnd) String() string {
	switch r {
	case RoundEndEmptyRow:
		return "emptyrow"
	case RoundEndPassReply:
		return "passreply"
	}
	return "roundend(" + strconv.Itoa(int(r)) + ")"
}

// RepeatRule says whether a repeated round start ends the set (CK-16).
type RepeatRule uint8

const (
	// RepeatEnds (the default): when a round would start from a round
	// start that already occurred in the set, the set ends there and the
	// player with more seeds (store plus houses) wins; equal is a draw
	// (CK-16).
	RepeatEnds RepeatRule = iota
	// RepeatOff is the documents' letter: a repeated round start is played
	// like any other, so that a set may never end; only a round limit or a
	// concession stops it.
	RepeatOff
)

// String returns "ends" or "off".
func (r RepeatRule) String() string {
	switch r {
	case RepeatEnds:
		return "ends"
	case RepeatOff:
		return "off"
	}
	return "repeat(" + strconv.Itoa(int(r)) + ")"
}

// Options configure a Congkak ruleset. The zero Options are the documents'
// rules ([Documents]): 7 houses a side with 7 seeds each, a simultaneous
// opening, a full set of rounds.
type Options struct {
	// Houses is the number of houses on each side (CK-1); 0 means 7. Any
	// number from 1 to [mancala.MaxHouses] is accepted as long as the
	// board holds the seeds (2*Houses*Seeds at most [mancala.MaxSeeds]).
	Houses int
	// Seeds is the number of seeds in each house at the start of a set,
	// and the number a refill puts into each house (CK-11); 0 means Houses.
	Seeds int
	// EmptyCapture is the rule for a capture with nothing opposite (CK-5).
	EmptyCapture EmptyCapture
	// Opening is how the first turn of the set is played (CK-8).
	Opening Opening
	// Starter moves first in a sequential opening (default South). It has
	// no effect on a simultaneous opening.
	Starter mancala.Player
	// FirstHand is the player whose hand drops a seed and resolves first
	// within a tick of the simultaneous opening (CK-8.2; default South).
	FirstHand mancala.Player
	// RoundEnd is the rule that ends a round (CK-9).
	RoundEnd RoundEnd
	// Rounds limits the set to at most this many rounds (CK-14): 0 plays
	// a full set, 1 a single round scored by CK-10. When the limit is
	// reached the stores decide.
	Rounds int
	// Repeat is the rule for a round that would start as an earlier one of
	// the set did (CK-16): [RepeatEnds] (the default) ends the set there.
	// With a round limit (Rounds > 0) the positions of different rounds
	// differ by their round number, so no round start repeats and the
	// rule has no effect; see the package documentation.
	Repeat RepeatRule
}

// Documents returns the documents' rules (the English description), the default: 7 houses, 7
// seeds, the last seed of an empty capture to the store, a simultaneous
// opening, rounds ending on an empty row, a full set that a repeated round
// start ends (CK-16).
func Documents() Options { return Options{Houses: 7, Seeds: 7} }

// Overbeck returns the rules of H. Overbeck's "Chongkak": 9 houses,
// 9 seeds, the last seed of an empty capture staying in its house (§6) and
// rounds ending by a pass and a reply (§9).
func Overbeck() Options {
	return Options{Houses: 9, Seeds: 9, EmptyCapture: EmptyCaptureStay, RoundEnd: RoundEndPassReply}
}

// Preset returns the options of a named rule set: "default" (or
// "documents") for [Documents], "overbeck" for [Overbeck]. Any other name
// gives an error wrapping [mancala.ErrUnsupported].
func Preset(name string) (Options, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "default", "documents", "":
		return Documents(), nil
	case "overbeck":
		return Overbeck(), nil
	}
	return Options{}, fmt.Errorf("congkak: unknown preset %q (want default, documents or overbeck): %w", name, mancala.ErrUnsupported)
}

// normalize fills in the defaults and checks o.
func (o Options) normalize() (Options, error) {
	if o.Houses == 0 {
		o.Houses = 7
	}
	if o.Houses < 1 || o.Houses > mancala.MaxHouses {
		return o, fmt.Errorf("congkak: %d houses per side (want 1 to %d): %w", o.Houses, mancala.MaxHouses, mancala.ErrUnsupported)
	}
	if o.Seeds == 0 {
		o.Seeds = o.Houses
	}
	// Divided, not multiplied, so that no seed count can overflow.
	if o.Seeds < 1 || o.Seeds > mancala.MaxSeeds/(2*o.Houses) {
		return o, fmt.Errorf("congkak: %d seeds in each of %d houses (at most %d seeds in all): %w",
			o.Seeds, 2*o.Houses, mancala.MaxSeeds, mancala.ErrUnsupported)
	}
	if o.EmptyCapture > EmptyCaptureStay {
		return o, fmt.Errorf("congkak: unknown empty-capture rule %v: %w", o.EmptyCapture, mancala.ErrUnsupported)
	}
	if o.Opening > OpeningSequential {
		return o, fmt.Errorf("congkak: unknown opening %v: %w", o.Opening, mancala.ErrUnsupported)
	}
	if !o.Starter.Valid() {
		return o, fmt.Errorf("congkak: starter %v: %w", o.Starter, mancala.ErrUnsupported)
	}
	if !o.FirstHand.Valid() {
		return o, fmt.Errorf("congkak: first hand %v: %w", o.FirstHand, mancala.ErrUnsupported)
	}
	if o.RoundEnd > RoundEndPassReply {
		return o, fmt.Errorf("congkak: unknown round-end rule %v: %w", o.RoundEnd, mancala.ErrUnsupported)
	}
	if o.Repeat > RepeatOff {
		return o, fmt.Errorf("congkak: unknown repeat rule %v: %w", o.Repeat, mancala.ErrUnsupported)
	}
	if o.Rounds < 0 {
		return o, fmt.Errorf("congkak: %d rounds: %w", o.Rounds, mancala.ErrUnsupported)
	}
	return o, nil
}

// name returns the ruleset's name: "congkak", or "congkak overbeck" for
// Overbeck's rules (his empty capture and round end) on any board, then
// every option that differs from that base, such as
// "congkak opening=sequential rounds=1" or "congkak overbeck houses=7".
func (o Options) name() string {
	base, name := Documents(), "congkak"
	if ob := Overbeck(); o.EmptyCapture == ob.EmptyCapture && o.RoundEnd == ob.RoundEnd {
		base, name = ob, "congkak overbeck"
	}
	var sb strings.Builder
	sb.WriteString(name)
	if o.Houses != base.Houses {
		fmt.Fprintf(&sb, " houses=%d", o.Houses)
	}
	if o.Seeds != o.Houses { // both bases have as many seeds as houses
		fmt.Fprintf(&sb, " seeds=%d", o.Seeds)
	}
	if o.EmptyCapture != base.EmptyCapture {
		fmt.Fprintf(&sb, " empty=%v", o.EmptyCapture)
	}
	if o.Opening != base.Opening {
		fmt.Fprintf(&sb, " opening=%v", o.Opening)
	}
	if o.Opening == OpeningSequential && o.Starter != base.Starter {
		fmt.Fprintf(&sb, " starter=%v", o.Starter)
	}
	if o.Opening == OpeningSimultaneous && o.FirstHand != base.FirstHand {
		fmt.Fprintf(&sb, " firsthand=%v", o.FirstHand)
	}
	if o.RoundEnd != base.RoundEnd {
		fmt.Fprintf(&sb, " roundend=%v", o.RoundEnd)
	}
	if o.Rounds != base.Rounds {
		fmt.Fprintf(&sb, " rounds=%d", o.Rounds)
	}
	if o.Repeat != base.Repeat {
		fmt.Fprintf(&sb, " repeat=%v", o.Repeat)
	}
	return sb.String()
}
