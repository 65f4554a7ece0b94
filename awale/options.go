package awale

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// GrandSlam says what happens to a grand slam: a move that would capture
// every seed in the opponent's row (rule AW-6). The zero value is the
// documents' rule.
type GrandSlam uint8

const (
	// GrandSlamForbidden is the documents' rule (the default): a grand slam
	// is illegal if the mover has another legal move; if every legal move
	// is a grand slam, it is played but captures nothing.
	GrandSlamForbidden GrandSlam = iota
	// GrandSlamNoCapture makes a grand slam always legal, but it captures
	// nothing (Abapa, OpenSpiel, Aalina).
	GrandSlamNoCapture
	// GrandSlamCaptureAll puts no restriction on grand slams: they capture
	// like any other move.
	GrandSlamCaptureAll
	// GrandSlamForbiddenElseCapture makes a grand slam illegal unless every
	// legal move is one; when forced it captures normally (the Awari
	// solvers' rule, Lincke 2002, Romein and Bal 2002).
	GrandSlamForbiddenElseCapture
)

var grandSlamNames = [...]string{"forbidden", "nocapture", "captureall", "forbiddenelsecapture"}

// String returns "forbidden", "nocapture", "captureall" or
// "forbiddenelsecapture".
func (g GrandSlam) String() string {
	if int(g) < len(grandSlamNames) {
		return grandSlamNames[g]
	}
	return "grandslam(" + strconv.Itoa(int(g)) + ")"
}

// CycleRule says how the seeds left on the board are shared when a game
// ends in an endless cycle (rule AW-8). The zero value is the documents'
// rule.
type CycleRule uint8

const (
	// CycleOwnRow is the documents' rule (the default): each player takes
	// the seeds in his own row.
	CycleOwnRow CycleRule = iota
	// CycleSplit shares the seeds left equally (Lincke's Awari rule), so
	// that the stores as they stand decide the game. Each store receives
	// half of the seeds left, rounded down; an odd seed stays on the board
	// (see the package documentation), counting for nobody.
	CycleSplit
)

var cycleNames = [...]string{"ownrow", "split"}

// String returns "ownrow" or "split".
func (c CycleRule) String() string {
	if int(c) < len(cycleNames) {
		return cycleNames[c]
	}
	return "cycle(" + strconv.Itoa(int(c)) + ")"
}

// Options configure an Awalé ruleset. The zero value means the documents'
// rules: 6 houses a side, 4 seeds in each. Build a ruleset with [New].
type Options struct {
	Houses         int       // houses per side, 1..12; 0 means 6 (AW-1)
	Seeds          int       // seeds per house at the start; 0 means 4 (AW-1)
	GrandSlam      GrandSlam // what a grand slam does (AW-6)
	Cycle          CycleRule // how an endless cycle is scored (AW-8)
	StopAtMajority bool      // end as soon as a player has more than half the seeds (AW-10)
}

// Documents returns the documents' rules (the default): the zero Options
// with the board size filled in, 6 houses of 4 seeds.
func Documents() Options { return Options{Houses: 6, Seeds: 4} }

// Abapa returns the tournament rules of the World Oware Federation, as
// played by OpenSpiel and Aalina: a grand slam captures nothing
// ([GrandSlamNoCapture]) and the game stops at a majority.
func Abapa() Options {
	o := Documents()
	o.GrandSlam = GrandSlamNoCapture
	o.StopAtMajority = true
	return o
}

// Awari returns the rules of the solved game (Lincke 2002, Romein and Bal
// 2002): a grand slam is forbidden unless forced, and then captures
// ([GrandSlamForbiddenElseCapture]); an endless cycle shares the seeds left
// ([CycleSplit]).
func Awari() Options {
	o := Documents()
	o.GrandSlam = GrandSlamForbiddenElseCapture
	o.Cycle = CycleSplit
	return o
}

// Preset returns the options of a named preset: "default" (alias
// "documents"), "abapa" or "awari", in any case. Any other name gives an
// error wrapping [mancala.ErrUnsupported].
func Preset(name string) (Options, error) {
	switch strings.ToLower(name) {
	case "default", "documents":
		return Documents(), nil
	case "abapa":
		return Abapa(), nil
	case "awari":
		return Awari(), nil
	}
	return Options{}, fmt.Errorf("awale: unknown preset %q (want default, documents, abapa or awari): %w",
		name, mancala.ErrUnsupported)
}

// MaxHouses is the most houses a side that an Awalé board can have (AW-1):
// the engines' packed forms hold rows of at most 12 houses, fewer than
// the core's [mancala.MaxHouses].
const MaxHouses = 12

// normalize fills in the defaults and checks o.
func (o Options) normalize() (Options, error) {
	if o.Houses == 0 {
		o.Houses = 6
	}
	if o.Seeds == 0 {
		o.Seeds = 4
	}
	switch {
	case o.Houses < 1 || o.Houses > MaxHouses:
		return o, fmt.Errorf("awale: %d houses per side (want 1 to %d): %w", o.Houses, MaxHouses, mancala.ErrUnsupported)
	case o.Seeds < 0:
		return o, fmt.Errorf("awale: %d seeds per house: %w", o.Seeds, mancala.ErrUnsupported)
	case o.Seeds > mancala.MaxSeeds/(2*o.Houses):
		// Divided, not multiplied, so that no seed count can overflow
		// (Houses is 1..MaxHouses here).
		return o, fmt.Errorf("awale: %d seeds in each of %d houses (at most %d seeds in all): %w",
			o.Seeds, 2*o.Houses, mancala.MaxSeeds, mancala.ErrUnsupported)
	case int(o.GrandSlam) >= len(grandSlamNames):
		return o, fmt.Errorf("awale: unknown grand slam rule %v: %w", o.GrandSlam, mancala.ErrUnsupported)
	case int(o.Cycle) >= len(cycleNames):
		return o, fmt.Errorf("awale: unknown cycle rule %v: %w", o.Cycle, mancala.ErrUnsupported)
	}
	return o, nil
}

// name returns the ruleset's name for Rules.String: "awale", then the
// preset whose rules (not board size) o has, or else the rules that differ
// from the documents', then the board size if it is not 6 by 4.
func (o Options) name() string {
	var b strings.Builder
	b.WriteString("awale")
	rules := o
	rules.Houses, rules.Seeds = 6, 4
	switch rules {
	case Documents():
	case Abapa():
		b.WriteString(" abapa")
	case Awari():
		b.WriteString(" awari")
	default:
		if o.GrandSlam != GrandSlamForbidden {
			b.WriteString(" grandslam=" + o.GrandSlam.String())
		}
		if o.Cycle != CycleOwnRow {
			b.WriteString(" cycle=" + o.Cycle.String())
		}
		if o.StopAtMajority {
			b.WriteString(" majority")
		}
	}
	if o.Houses != 6 {
		b.WriteString(" houses=" + strconv.Itoa(o.Houses))
	}
	if o.Seeds != 4 {
		b.WriteString(" seeds=" + strconv.Itoa(o.Seeds))
	}
	return b.String()
}
