package awale

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// ParseName reads a ruleset's name as [Rules.String] writes it ("awale", "awale abapa",
// "awale grandslam=nocapture houses=4 seeds=3") and
// returns the options it names, so that a saved game's ruleset can be built
// again. It also reads the word "majority=off", which no name holds but
// which undoes a preset's majority rule ("awale abapa majority=off" names
// "awale grandslam=nocapture"), for [mancala.Family.WithOptions]. A name that does not read back exactly as itself is refused with
// an error wrapping [mancala.ErrUnsupported].
func ParseName(name string) (Options, error) {
	bad := func(w string) error {
		return fmt.Errorf("awale: ruleset name %q: unknown %q: %w", name, w, mancala.ErrUnsupported)
	}
	words := strings.Fields(name)
	if len(words) == 0 || words[0] != "awale" {
		return Options{}, bad(name)
	}
	words = words[1:]

	o := Documents()
	if len(words) > 0 {
		if p, err := Preset(words[0]); err == nil {
			o, words = p, words[1:]
		}
	}
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		n, nerr := strconv.Atoi(v)
		switch {
		case k == "houses" && nerr == nil:
			o.Houses = n
		case k == "seeds" && nerr == nil:
			o.Seeds = n
		case w == "majority":
			o.StopAtMajority = true
		case w == "majority=off": // never written: undoes a preset's, for Family.WithOptions
			o.StopAtMajority = false
		case k == "grandslam":
			found := false
			for g := GrandSlamForbidden; g <= GrandSlamForbiddenElseCapture; g++ {
				if g.String() == v {
					o.GrandSlam, found = g, true
				}
			}
			if !found {
				return Options{}, bad(w)
			}
		case k == "cycle":
			found := false
			for c := CycleOwnRow; c <= CycleSplit; c++ {
				if c.String() == v {
					o.Cycle, found = c, true
				}
			}
			if !found {
				return Options{}, bad(w)
			}
		default:
			return Options{}, bad(w)
		}
	}
	r, err := New(o)
	if err != nil {
		return Options{}, err
	}
	if got := r.String(); got != name {
		return Options{}, &mancala.NameError{Family: "awale", Name: name, Canonical: got}
	}
	return o, nil
}
