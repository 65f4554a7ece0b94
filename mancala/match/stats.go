package match

import (
	"fmt"
	"math"
	"strconv"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Tally counts the results of a match from player A's side.
type Tally struct {
	Wins, Draws, Losses int
}

// Add counts one result: A's score 1 is a win, 0 a loss, anything else a
// draw.
func (t *Tally) Add(score float64) {
	switch score {
	case 1:
		t.Wins++
	case 0:
		t.Losses++
	default:
		t.Draws++
	}
}

// Games returns the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns A's points: a win is 1, a draw 1/2.
func (t Tally) Score() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// Rate returns A's score rate, Score over Games, or NaN with no games.
func (t Tally) Rate() float64 {
	if t.Games() == 0 {
		return math.NaN()
	}
	return t.Score() / float64(t.Games())
}

// Wilson returns the 95% Wilson score interval of A's score rate, a draw
// counted as half a win. With draws the binomial variance it assumes is
// larger than the variance of the per-game score, so the interval is
// conservative (a little too wide), never too narrow. It lies inside
// [0, 1], contains Rate, and reaches 1 only when A won every game (0 only
// when A lost every game). With no games it is [0, 1].
func (t Tally) Wilson() (lo, hi float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, 1
	}
	p := t.Rate()
	z2 := z95 * z95
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	lo, hi = math.Max(0, center-half), math.Min(1, center+half)
	switch p {
	case 0:
		lo = 0
	case 1:
		hi = 1
	}
	return lo, hi
}

// Elo returns the Elo difference of A over B that the tally shows, with
// its 95% interval: the Elo differences of Rate and of the bounds of
// Wilson. Diff is +Inf when A won every game and -Inf when A lost every
// game; the other bound is then finite. With no games all three are NaN.
func (t Tally) Elo() Elo {
	if t.Games() == 0 {
		nan := math.NaN()
		return Elo{nan, nan, nan}
	}
	lo, hi := t.Wilson()
	return Elo{Diff: EloOf(t.Rate()), Lo: EloOf(lo), Hi: EloOf(hi)}
}

// Elo is an Elo difference with its 95% interval [Lo, Hi].
type Elo struct {
	Diff, Lo, Hi float64
}

// String writes the difference and its interval rounded to whole points,
// always finite: "+191 [+50, +350]"; when A won every game, the lower bound
// alone, "> +166"; when A lost every game, "< -166"; with no games "?".
func (e Elo) String() string {
	switch {
	case math.IsNaN(e.Diff):
		return "?"
	case math.IsInf(e.Diff, 1):
		return "> " + FormatElo(e.Lo)
	case math.IsInf(e.Diff, -1):
		return "< " + FormatElo(e.Hi)
	}
	return fmt.Sprintf("%s [%s, %s]", FormatElo(e.Diff), FormatElo(e.Lo), FormatElo(e.Hi))
}

// EloOf returns the Elo difference that makes s the expected score,
// 400·log10(s/(1-s)): -Inf at 0 and below, +Inf at 1 and above.
func EloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(s/(1-s))
}

// ExpectedScore returns the expected score of a player d Elo stronger
// than his opponent, 1/(1+10^(-d/400)), the inverse of EloOf.
func ExpectedScore(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// FormatElo writes an Elo difference with its sign, rounded to a whole
// point ("+191", "0", "-37"), "+inf" or "-inf" for infinities and "?" for
// NaN. Elo.String never gives it an infinity.
func FormatElo(d float64) string {
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

// Summary writes the tally in three lines, as the tournament command
// prints it: A's wins, draws and losses; A's score rate with its 95%
// Wilson interval; and the Elo difference A-B with its interval, or, when
// one player won every game, the finite bound alone (see Elo.String):
//
//	A: 7 wins, 2 draws, 1 losses in 10 games
//	A's score rate: 0.800, 95% interval 0.490..0.943 (Wilson)
//	Elo difference A-B: +241, 95% interval -7..+488
//
// Each line ends in a newline. A tally of no games has the rate NaN, the
// interval 0.000..1.000 and the Elo difference "?".
func (t Tally) Summary() string {
	lo, hi := t.Wilson()
	s := fmt.Sprintf("A: %d wins, %d draws, %d losses in %d games\n", t.Wins, t.Draws, t.Losses, t.Games())
	s += fmt.Sprintf("A's score rate: %.3f, 95%% interval %.3f..%.3f (Wilson)\n", t.Rate(), lo, hi)
	if e := t.Elo(); math.IsInf(e.Diff, 0) {
		return s + fmt.Sprintf("Elo difference A-B: %s (one player won every game: the 95%% bound alone)\n", e)
	}
	e := t.Elo()
	return s + fmt.Sprintf("Elo difference A-B: %s, 95%% interval %s..%s\n", FormatElo(e.Diff), FormatElo(e.Lo), FormatElo(e.Hi))
}
