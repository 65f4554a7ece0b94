package mancala

import (
	"encoding/binary"
	"testing"

	"pgregory.net/rapid"
)

// TestWordHelpers checks SetCounts' word operations against loops over
// the bytes.
func TestWordHelpers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var row [8]uint8
		for i := range row {
			// Mostly small counts and zeros, sometimes anything.
			row[i] = rapid.OneOf(rapid.Just(uint8(0)), rapid.Uint8Range(1, 3), rapid.Uint8()).Draw(t, "seeds")
		}
		w := binary.LittleEndian.Uint64(row[:])
		var bitsWant uint16
		sumWant := 0
		for i, v := range row {
			if v != 0 {
				bitsWant |= 1 << i
			}
			sumWant += int(v)
		}
		if got := nonEmptyBits(w); got != bitsWant {
			t.Fatalf("nonEmptyBits(%v) = %08b, want %08b", row, got, bitsWant)
		}
		if got := byteSum(w); got != sumWant {
			t.Fatalf("byteSum(%v) = %d, want %d", row, got, sumWant)
		}
	})
}
