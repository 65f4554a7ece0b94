package bao_test

import (
	"math/rand/v2"
	"strings"
)

func containsLine(text, prefix string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

func newRand(s uint64) *rand.Rand { return rand.New(rand.NewPCG(s, 0x6261_6f)) }
