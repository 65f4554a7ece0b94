package mancala

import "strings"

// EndReason says why a game ended. The zero value, EndNone, means that the
// game goes on, or that the ruleset does not say why it ended.
type EndReason uint8

const (
	EndNone          EndReason = iota // not over, or not said
	EndNoMove                         // the player to move had no legal move (or could not be fed)
	EndRepetition                     // a position repeated: an endless cycle
	EndMajority                       // a player holds more than half of the seeds
	EndRoundLimit                     // the rounds the game was set to play have been played
	EndCannotFill                     // a player cannot fill a single house for the next round
	EndRepeatedRound                  // a round would start as an earlier round of the set did
	EndConceded                       // a player conceded (see Game.Concede)
	EndOther                          // another reason, named by Ending.Rule
)

var endReasonNames = [...]string{
	EndNone:          "not over",
	EndNoMove:        "no move",
	EndRepetition:    "endless cycle",
	EndMajority:      "majority",
	EndRoundLimit:    "round limit",
	EndCannotFill:    "cannot fill a house",
	EndRepeatedRound: "repeated round start",
	EndConceded:      "concession",
	EndOther:         "other",
}

// String returns the reason in a few lower-case words: "no move",
// "endless cycle", "majority", "round limit", "cannot fill a house",
// "repeated round start", "concession", "other", or "not over" for
// EndNone.
func (r EndReason) String() string {
	if int(r) < len(endReasonNames) {
		return endReasonNames[r]
	}
	return "end(?)"
}

// Ending says why a game ended, under which rule, and whom the reason
// concerns. The zero value says nothing: the game goes on, or the ruleset
// does not explain its endings.
type Ending struct {
	Reason EndReason
	// Rule is the ruleset's id of the rule that ended the game, such as
	// "AW-8"; empty when none applies.
	Rule string
	// Who is the player the reason concerns: who could not move, who could
	// not fill a house, who conceded. NoTurn when the reason concerns
	// nobody in particular (a cycle, a round limit).
	Who Turn
}

// String describes the ending in lower case, with the player concerned
// and the rule when they are known: "endless cycle (AW-8)", "north cannot
// fill a house (CK-14)", "south: no move (AW-7)", "south conceded". It
// returns "" for the zero Ending.
func (e Ending) String() string {
	if e == (Ending{}) {
		return ""
	}
	var sb strings.Builder
	who, hasWho := e.Who.Player()
	switch {
	case e.Reason == EndConceded && hasWho:
		sb.WriteString(who.String() + " conceded")
	case e.Reason == EndCannotFill && hasWho:
		sb.WriteString(who.String() + " cannot fill a house")
	case hasWho:
		sb.WriteString(who.String() + ": " + e.Reason.String())
	default:
		sb.WriteString(e.Reason.String())
	}
	if e.Rule != "" {
		sb.WriteString(" (" + e.Rule + ")")
	}
	return sb.String()
}

// Explainer is implemented by rulesets that can say why a game ended.
// Such a ruleset records the reason in the finished positions it returns
// (usually in bits of [Position.State]), so that the position alone tells
// it and two games that end differently end in different positions.
//
// Game, the tools and records call Ending through [EndingOf]; the
// conformance checker in package mancalatest checks the contract.
type Explainer interface {
	// Ending returns why the finished position p ended, and the zero
	// Ending if p is not over. Every finished position that the
	// ruleset's Start, Setup, Play, Apply or Cycle returns gives a Reason
	// other than EndNone.
	Ending(p Position) Ending
}

// EndingOf returns why p ended when r is an [Explainer] and p is over, and
// the zero Ending otherwise.
func EndingOf(r Ruleset, p Position) Ending {
	if !p.Over() {
		return Ending{}
	}
	if e, ok := r.(Explainer); ok {
		return e.Ending(p)
	}
	return Ending{}
}
