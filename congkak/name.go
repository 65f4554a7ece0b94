package congkak

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// ParseName reads a ruleset's name as [Rules.String] writes it ("congkak",
// "congkak overbeck", "congkak opening=sequential rounds=1", "congkak
// repeat=off") and
// returns the options it names, so that a saved game's ruleset can be built
// again. A name that does not read back exactly as itself is refused with
// an error wrapping [mancala.ErrUnsupported].
func ParseName(name string) (Options, error) {
	bad := func(w string) error {
		return fmt.Errorf("congkak: ruleset name %q: unknown %q: %w", name, w, mancala.ErrUnsupported)
	}
	words := strings.Fields(name)
	if len(words) == 0 || words[0] != "congkak" {
		return Options{}, bad(name)
	}
	words = words[1:]

	o := Documents()
	if len(words) > 0 && words[0] == "overbeck" {
		o, words = Overbeck(), words[1:]
	}
	seeds, starter, firstHand := false, false, false
	player := func(v string) (mancala.Player, bool) {
		switch v {
		case mancala.South.String():
			return mancala.South, true
		case mancala.North.String():
			return mancala.North, true
		}
		return mancala.South, false
	}
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		n, nerr := strconv.Atoi(v)
		ok := true
		switch {
		case k == "houses" && nerr == nil:
			o.Houses = n
		case k == "seeds" && nerr == nil:
			o.Seeds, seeds = n, true
		case k == "rounds" && nerr == nil:
			o.Rounds = n
		case k == "empty":
			switch v {
			case EmptyCaptureStore.String():
				o.EmptyCapture = EmptyCaptureStore
			case EmptyCaptureStay.String():
				o.EmptyCapture = EmptyCaptureStay
			default:
				ok = false
			}
		case k == "opening":
			switch v {
			case OpeningSimultaneous.String():
				o.Opening = OpeningSimultaneous
			case OpeningSequential.String():
				o.Opening = OpeningSequential
			default:
				ok = false
			}
		case k == "roundend":
			switch v {
			case RoundEndEmptyRow.String():
				o.RoundEnd = RoundEndEmptyRow
			case RoundEndPassReply.String():
				o.RoundEnd = RoundEndPassReply
			default:
				ok = false
			}
		case k == "repeat":
			switch v {
			case RepeatEnds.String():
				o.Repeat = RepeatEnds
			case RepeatOff.String():
				o.Repeat = RepeatOff
			default:
				ok = false
			}
		case k == "starter":
			o.Starter, ok = player(v)
			starter = true
		case k == "firsthand":
			o.FirstHand, ok = player(v)
			firstHand = true
		default:
			ok = false
		}
		if !ok {
			return Options{}, bad(w)
		}
	}
	if !seeds {
		o.Seeds = o.Houses // as many seeds as houses unless stated (CK-1)
	}
	if starter && o.Opening != OpeningSequential {
		return Options{}, fmt.Errorf("congkak: ruleset name %q: starter= applies to a sequential opening only (CK-8): %w", name, mancala.ErrUnsupported)
	}
	if firstHand && o.Opening != OpeningSimultaneous {
		return Options{}, fmt.Errorf("congkak: ruleset name %q: firsthand= applies to a simultaneous opening only (CK-8): %w", name, mancala.ErrUnsupported)
	}
	r, err := New(o)
	if err != nil {
		return Options{}, err
	}
	if got := r.String(); got != name {
		return Options{}, &mancala.NameError{Family: "congkak", Name: name, Canonical: got}
	}
	return o, nil
}
