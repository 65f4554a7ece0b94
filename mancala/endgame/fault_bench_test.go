package endgame

import "testing"

// BenchmarkReadGuarded measures what the fault guard of a probe costs
// (readGuarded) beside the plain read it wraps.
func BenchmarkReadGuarded(b *testing.B) {
	v := make([]byte, 4096)
	b.Run("plain", func(b *testing.B) {
		sum := 0
		for i := range b.N {
			sum += int(int8(v[uint64(i)&4095]))
		}
		sink = sum
	})
	b.Run("guarded", func(b *testing.B) {
		sum := 0
		for i := range b.N {
			x, _ := readGuarded(v, uint64(i)&4095)
			sum += x
		}
		sink = sum
	})
}

var sink int
