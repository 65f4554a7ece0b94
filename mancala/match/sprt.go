package match

import (
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test of H0 "A is Elo0 stronger
// than B" against H1 "A is Elo1 stronger", with error rates Alpha (of
// accepting H1 when H0 holds) and Beta (of accepting H0 when H1 holds).
// A match with an SPRT stops after the first game, in game order, at which
// the test decides.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Verdict is the state of an SPRT.
type Verdict int8

const (
	Undecided Verdict = iota // neither bound reached
	AcceptH0                 // LLR at or below the lower bound
	AcceptH1                 // LLR at or above the upper bound
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "undecided"
}

// check returns a *ConfigError for a test that cannot run: bounds not
// finite, Elo0 not below Elo1, or an error rate outside (0, 1/2].
func (s *SPRT) check() error {
	for _, x := range []float64{s.Elo0, s.Elo1, s.Alpha, s.Beta} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return configErr("SPRT", "want finite numbers, not %v", *s)
		}
	}
	switch {
	case s.Elo0 >= s.Elo1:
		return configErr("SPRT", "want Elo0 < Elo1, not %g and %g", s.Elo0, s.Elo1)
	case s.Alpha <= 0 || s.Alpha > 0.5 || s.Beta <= 0 || s.Beta > 0.5:
		return configErr("SPRT", "want Alpha and Beta in (0, 0.5], not %g and %g", s.Alpha, s.Beta)
	}
	return nil
}

// Bounds returns the test's bounds on the LLR: log(Beta/(1-Alpha)) and
// log((1-Beta)/Alpha) (Wald).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the tally,
// in the standard approximation of the generalized SPRT on trinomial
// results (win, draw, loss):
//
//	LLR = n·(s1-s0)·(2s-s0-s1) / (2v)
//
// where n is the number of games, s A's score rate, v the variance of the
// per-game score (1, 1/2 or 0) about s, and s0, s1 the expected scores of
// Elo0 and Elo1 (ExpectedScore). When all games have one result v is 0:
// the variance is then taken over the games and one more draw (the score
// rate s is not changed), so that a run of wins moves the test without
// deciding it at once. With no games the LLR is 0.
func (s SPRT) LLR(t Tally) float64 {
	n := float64(t.Games())
	if n == 0 {
		return 0
	}
	w, d, l := float64(t.Wins), float64(t.Draws), float64(t.Losses)
	r := t.Rate()
	m := n
	if t.Wins == t.Games() || t.Draws == t.Games() || t.Losses == t.Games() {
		d, m = d+1, m+1
	}
	v := (w*(1-r)*(1-r) + d*(0.5-r)*(0.5-r) + l*r*r) / m
	if v <= 0 {
		return 0 // all draws with s = 1/2: nothing to tell
	}
	s0, s1 := ExpectedScore(s.Elo0), ExpectedScore(s.Elo1)
	return n * (s1 - s0) * (2*r - s0 - s1) / (2 * v)
}

// Decide returns the test's verdict on the tally.
func (s SPRT) Decide(t Tally) Verdict {
	lower, upper := s.Bounds()
	switch llr := s.LLR(t); {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Undecided
}

// String describes the test: "SPRT elo0 0, elo1 10, alpha 0.05, beta 0.05".
func (s SPRT) String() string {
	return fmt.Sprintf("SPRT elo0 %g, elo1 %g, alpha %g, beta %g", s.Elo0, s.Elo1, s.Alpha, s.Beta)
}
