package main

import (
	"math"
	"strconv"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// tally counts the results of a match from player A's point of view.
type tally struct {
	wins, draws, losses int
}

func (t tally) games() int { return t.wins + t.draws + t.losses }

// score returns A's points: a win is 1, a draw 1/2.
func (t tally) score() float64 { return float64(t.wins) + float64(t.draws)/2 }

// rate returns A's score rate, or NaN with no games.
func (t tally) rate() float64 {
	if t.games() == 0 {
		return math.NaN()
	}
	return t.score() / float64(t.games())
}

// wilson returns the 95% Wilson score interval for A's score rate, taking
// a draw as half a win. With draws the binomial variance p(1-p) that it
// assumes is larger than the true variance of the per-game score, so the
// interval is conservative (a little too wide), never too narrow. Unlike
// the normal approximation it stays inside [0, 1] and is not empty when a
// player wins every game.
func (t tally) wilson() (lo, hi float64) {
	n := float64(t.games())
	if n == 0 {
		return 0, 1
	}
	p := t.rate()
	z2 := z95 * z95
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// elo returns the Elo rating difference that makes s the expected score:
// 400·log10(s/(1-s)), infinite at 0 and 1.
func elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(s/(1-s))
}

// formatElo writes an Elo difference with its sign, rounded to a whole
// point, or "-inf"/"+inf".
func formatElo(d float64) string {
	switch {
	case math.IsInf(d, 1):
		return "+inf"
	case math.IsInf(d, -1):
		return "-inf"
	case math.IsNaN(d):
		return "?"
	}
	r := math.Round(d)
	if r == 0 {
		return "0" // no "-0"
	}
	if r > 0 {
		return "+" + strconv.FormatFloat(r, 'f', 0, 64)
	}
	return strconv.FormatFloat(r, 'f', 0, 64)
}
