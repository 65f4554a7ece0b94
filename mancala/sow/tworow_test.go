package sow_test

import (
	"github.com/sowing-games/sowing/mancala/sow"
)

// refHouseWay keeps the moves of hs (house i, or i+16 sown against the
// game's direction) that SW-40 allows, written from the rule's words:
// seen from the mover, the left half of his row (houses 0 to n/2-1)
// sows clockwise with Outward and counter-clockwise with Inward, the
// right half the other way, and an odd row's middle house either way.
func refHouseWay(c sow.Config, hs []int) []int {
	if c.HouseWay == sow.AnyWay {
		return hs
	}
	var ok []int
	for _, h := range hs {
		i, reversed := h%16, h >= 16
		clockwise := (c.Direction == sow.Clockwise) != reversed
		var want bool // the way the house must sow: true for clockwise
		switch {
		case 2*i+1 == c.Houses: // the middle house
			ok = append(ok, h)
			continue
		case 2*i < c.Houses: // the left half
			want = c.HouseWay == sow.Outward
		default:
			want = c.HouseWay == sow.Inward
		}
		if clockwise == want {
			ok = append(ok, h)
		}
	}
	return ok
}
