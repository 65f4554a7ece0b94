package sow

import (
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// The players' rules text of the four-row mechanisms (SW-60 to SW-64).

// capturedFromWords says where captured seeds are sown on (SW-60).
func (c *Config) capturedFromWords() string {
	switch c.CapturedFrom {
	case FromLapStart:
		return "starting with the first house that the capturing lap sowed into, the way it went"
	case FromMoveStart:
		return "starting with the first house that your move sowed into, the way it went"
	case FromKichwa:
		return "from an end house (kichwa) of your inner row towards the middle, the first seed into the kichwa: " +
			"the left one, going clockwise, for a capture in the two houses at the left end of your inner row; " +
			"the right one, going counter-clockwise, for the two at the right end; for the four middle houses, " +
			"the kichwa from which the seeds go on the way your sowing was going (the right one if counter-clockwise, the left one if clockwise)"
	}
	return "from the next house of your own"
}

// fourRowSowingNotes returns the sowing notes of SW-61 and SW-65.
func (c *Config) fourRowSowingNotes() []string {
	var ns []string
	if c.SingleIntoEmpty {
		ns = append(ns, "A house with a single seed may be played only when the hole after it is empty.")
	}
	if c.ReverseHouses == 0 {
		return ns
	}
	var ws []string
	for i := 0; i < c.Houses; i++ {
		if c.ReverseHouses&(1<<i) != 0 {
			ws = append(ws, mancala.Single(mancala.South, i).String())
		}
	}
	return append(ns, "From houses "+strings.Join(ws, ", ")+" (South's letters; North's are the same houses of his) you may sow clockwise instead (the move A'), but only when the last seed of that first lap makes a capture.")
}

// fourRowCaptureNotes returns the capture notes of SW-62 and SW-63.
func (c *Config) fourRowCaptureNotes() []string {
	var ns []string
	if c.MustCapture {
		ns = append(ns, "Capturing is compulsory: if one of your moves captures at the end of its first lap, you must play such a move.")
	}
	if c.NoCaptureFirstMove {
		ns = append(ns, "Your first move of the game captures nothing.")
	}
	if c.CaptureFirstLap {
		ns = append(ns, "A move whose first lap does not capture (takasa) captures nothing: its later laps only sow on.")
	}
	return ns
}
