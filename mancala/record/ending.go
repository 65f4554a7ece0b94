package record

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
)

// TagTermination holds why the game ended, in the manner of chess PGN's
// Termination tag; it is [Record.Ending] in a Record. Its value is the
// reason, then the rule's id if there is one, then the player concerned if
// there is one, separated by spaces: "cycle AW-8", "no-move AW-7 north",
// "cannot-fill CK-14 south", "conceded north". The reasons are those of
// [mancala.EndReason]: no-move, cycle, majority, round-limit, cannot-fill,
// repeated-round, conceded and other; "adjudicated" is [Adjudicated].
const TagTermination = "Termination"

// Adjudicated is the Ending of a game whose result was decided outside
// the rules: by a move cap, an agreement, a referee. [Record.Replay] takes
// the record's result as it stands and returns the game unfinished. Its
// Termination tag is "adjudicated".
var Adjudicated = adjudication

const adjudicated = "adjudicated"

// adjudication is Adjudicated, safe from changes to the exported variable.
var adjudication = mancala.Ending{Reason: mancala.EndOther, Rule: adjudicated}

// endingWords are the words of the reasons in a Termination tag; a
// file format, so they do not follow EndReason.String.
var endingWords = [...]string{
	mancala.EndNoMove:        "no-move",
	mancala.EndRepetition:    "cycle",
	mancala.EndMajority:      "majority",
	mancala.EndRoundLimit:    "round-limit",
	mancala.EndCannotFill:    "cannot-fill",
	mancala.EndRepeatedRound: "repeated-round",
	mancala.EndConceded:      "conceded",
	mancala.EndOther:         "other",
}

// Errors of [Record.Replay] for a record that its moves contradict. They
// come inside an *[Error] that gives the place of the Result or
// Termination tag or result token.
var (
	// ErrUnreached: the record states a result (a win or a draw) that its
	// moves do not reach, and no concession: a record cut short, or one
	// written by hand. Replay returns the game as far as the moves go with
	// it, so a caller may take the game as unfinished.
	ErrUnreached = errors.New("record: the moves do not reach the stated result")
	// ErrMismatch: the record states a result or an ending other than the
	// one its moves reach.
	ErrMismatch = errors.New("record: the moves contradict the record")
)

// formatEnding returns the Termination tag's value for e; e is valid (see
// badEnding) and not zero.
func formatEnding(e mancala.Ending) string {
	if e == adjudication {
		return adjudicated
	}
	s := endingWords[e.Reason]
	if e.Rule != "" {
		s += " " + e.Rule
	}
	if e.Who != mancala.NoTurn {
		s += " " + e.Who.String()
	}
	return s
}

// parseEnding reads a Termination tag's value.
func parseEnding(s string) (mancala.Ending, bool) {
	f := strings.Fields(s)
	var e mancala.Ending
	if len(f) == 0 || len(f) > 3 {
		return e, false
	}
	if len(f) == 1 && f[0] == adjudicated {
		return adjudication, true
	}
	for r, w := range endingWords {
		if w != "" && w == f[0] {
			e.Reason = mancala.EndReason(r)
		}
	}
	if e.Reason == mancala.EndNone {
		return e, false
	}
	f = f[1:]
	if n := len(f); n > 0 {
		if t, ok := turnOf(f[n-1]); ok {
			e.Who, f = t, f[:n-1]
		}
	}
	switch len(f) {
	case 0:
	case 1:
		e.Rule = f[0]
	default:
		return e, false
	}
	return e, badEnding(e) == ""
}

func turnOf(s string) (mancala.Turn, bool) {
	for _, t := range []mancala.Turn{mancala.SouthTurn, mancala.NorthTurn, mancala.BothTurn} {
		if s == t.String() {
			return t, true
		}
	}
	return mancala.NoTurn, false
}

// badEnding says why a Termination tag cannot hold e, or returns "".
func badEnding(e mancala.Ending) string {
	switch {
	case e == mancala.Ending{}:
		return ""
	case int(e.Reason) >= len(endingWords) || e.Reason == mancala.EndNone:
		return fmt.Sprintf("reason %d is unknown", e.Reason)
	case !e.Who.Valid():
		return fmt.Sprintf("player %d is unknown", e.Who)
	case !utf8.ValidString(e.Rule) || strings.ContainsFunc(e.Rule, unicode.IsSpace) || len(e.Rule) > 32:
		return "rule " + quote(e.Rule) + " is not one word of at most 32 bytes"
	}
	if _, ok := turnOf(e.Rule); ok || e.Rule == "none" {
		return "rule " + quote(e.Rule) + " names a player"
	}
	if e.Rule == adjudicated && e != adjudication {
		return "rule " + quote(e.Rule) + " is kept for Adjudicated"
	}
	return ""
}
