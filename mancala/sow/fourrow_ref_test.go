package sow_test

import "github.com/sowing-games/sowing/mancala/sow"

// refModels reports whether the plain reference sower of ref_test.go
// models c: it does not know the four-row mechanisms SW-60 to SW-66,
// which fourRowRef (fourrow_oracle_test.go) checks instead.
func refModels(c sow.Config) bool {
	return c.CapturedFrom == sow.FromNext && c.ReverseHouses == 0 && !c.MustCapture && !c.CaptureFirstLap &&
		!c.InnerRowNeeded && !c.SingleIntoEmpty && !c.NoCaptureFirstMove
}
