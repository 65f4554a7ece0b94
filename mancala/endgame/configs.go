package endgame

import "iter"

// Configs returns every configuration of k seeds in h houses (the
// houses beyond h hold none), each once: houses 0 to h-1 counted like
// the digits of a number, the last house taking what the others leave.
// It yields nothing for h outside 1 to [MaxHouses], k below 0, or k
// above 255 (a house holds at most 255). The yielded Config is reused:
// copy it to keep it. It serves the tests and tools that check a Game
// count by count.
func Configs(h, k int) iter.Seq[*Config] {
	return func(yield func(*Config) bool) {
		if h < 1 || h > MaxHouses || k < 0 || k > 255 {
			return
		}
		var c Config
		var gen func(i, left int) bool
		gen = func(i, left int) bool {
			if i == h-1 {
				c[i] = uint8(left)
				return yield(&c)
			}
			for a := 0; a <= left; a++ {
				c[i] = uint8(a)
				if !gen(i+1, left-a) {
					return false
				}
			}
			c[i] = 0
			return true
		}
		gen(0, k)
	}
}
