package match

import (
	"math"
	"strings"
	"testing"
)

func TestWilson(t *testing.T) {
	// Reference intervals from the closed formula, as in statistics
	// tables (z = 1.96).
	tests := []struct {
		t      Tally
		lo, hi float64
	}{
		{Tally{Wins: 5, Losses: 5}, 0.2366, 0.7634},
		{Tally{Wins: 10}, 0.7225, 1},
		{Tally{Losses: 10}, 0, 0.2775},
		{Tally{Wins: 4, Draws: 2, Losses: 4}, 0.2366, 0.7634}, // draws count half
		{Tally{Wins: 80, Losses: 20}, 0.7112, 0.8666},
	}
	for _, tt := range tests {
		lo, hi := tt.t.Wilson()
		if math.Abs(lo-tt.lo) > 5e-4 || math.Abs(hi-tt.hi) > 5e-4 {
			t.Errorf("%+v: interval %.4f..%.4f, want %.4f..%.4f", tt.t, lo, hi, tt.lo, tt.hi)
		}
		if r := tt.t.Rate(); r < lo || r > hi {
			t.Errorf("%+v: rate %.4f outside its interval", tt.t, r)
		}
	}
	if lo, hi := (Tally{}).Wilson(); lo != 0 || hi != 1 {
		t.Errorf("no games: interval %v..%v, want 0..1", lo, hi)
	}
}

func TestEloOf(t *testing.T) {
	for _, tt := range []struct {
		s    float64
		want string
	}{{0.5, "0"}, {0.75, "+191"}, {0.25, "-191"}, {0.64, "+100"}, {1, "+inf"}, {0, "-inf"}, {math.NaN(), "?"}} {
		if got := FormatElo(EloOf(tt.s)); got != tt.want {
			t.Errorf("EloOf(%v) = %s, want %s", tt.s, got, tt.want)
		}
	}
	// The Elo difference is the inverse of the expected score.
	for _, d := range []float64{-500, -37, 0, 12, 400} {
		if got := EloOf(ExpectedScore(d)); math.Abs(got-d) > 1e-9 {
			t.Errorf("EloOf(ExpectedScore(%v)) = %v", d, got)
		}
	}
}

// TestEloString: the printed Elo is always finite; all wins print the
// lower bound alone.
func TestEloString(t *testing.T) {
	for _, tt := range []struct {
		t    Tally
		want string
	}{
		{Tally{Wins: 10}, "> +166"},
		{Tally{Losses: 10}, "< -166"},
		{Tally{Wins: 5, Losses: 5}, "0 [-204, +204]"},
		{Tally{Wins: 80, Losses: 20}, "+241 [+157, +325]"},
		{Tally{}, "?"},
	} {
		got := tt.t.Elo().String()
		if got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.t, got, tt.want)
		}
		if strings.Contains(got, "inf") || strings.Contains(got, "Inf") {
			t.Errorf("%+v: %q is infinite", tt.t, got)
		}
	}
	if e := (Tally{Wins: 10}).Elo(); !math.IsInf(e.Diff, 1) || math.IsInf(e.Lo, 0) || !math.IsInf(e.Hi, 1) {
		t.Errorf("all wins: %+v, want +Inf with a finite lower bound", e)
	}
}

// TestSPRT checks the LLR against values computed by hand from the
// formula n·(s1-s0)·(2s-s0-s1)/(2v).
func TestSPRT(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// s0 = 0.5, s1 = 1/(1+10^(-10/400)) = 0.51438677...
	tests := []struct {
		t    Tally
		want float64
	}{
		// s = 0.7, v = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16:
		// 100·0.0143868·(1.4-1.0143868)/0.32 = 1.73371.
		{Tally{Wins: 60, Draws: 20, Losses: 20}, 1.7337133119},
		// s = 0.3, v = 0.16: 100·0.0143868·(0.6-1.0143868)/0.32 = -1.86308.
		{Tally{Wins: 20, Draws: 20, Losses: 60}, -1.8630827296},
		// All wins: v over 10 wins and one draw, 0.25/11:
		// 10·0.0143868·(2-1.0143868)/(2·0.25/11) = 3.11964.
		{Tally{Wins: 10}, 3.1196424815},
		{Tally{}, 0},
	}
	for _, tt := range tests {
		if got := s.LLR(tt.t); math.Abs(got-tt.want) > 1e-8 {
			t.Errorf("LLR(%+v) = %.10f, want %.10f", tt.t, got, tt.want)
		}
	}
	lo, hi := s.Bounds()
	if math.Abs(lo+2.9444389792) > 1e-9 || math.Abs(hi-2.9444389792) > 1e-9 {
		t.Errorf("bounds %v, %v; want ±log(19)", lo, hi)
	}
	if lo, hi := (SPRT{Alpha: 0.05, Beta: 0.1}).Bounds(); math.Abs(lo-math.Log(0.1/0.95)) > 1e-12 || math.Abs(hi-math.Log(0.9/0.05)) > 1e-12 {
		t.Errorf("bounds %v, %v", lo, hi)
	}
	for _, tt := range []struct {
		t    Tally
		want Verdict
	}{
		{Tally{Wins: 60, Draws: 20, Losses: 20}, Undecided},
		{Tally{Wins: 10}, AcceptH1},
		{Tally{Wins: 1}, Undecided},
		{Tally{Wins: 20, Draws: 20, Losses: 200}, AcceptH0},
	} {
		if got := s.Decide(tt.t); got != tt.want {
			t.Errorf("Decide(%+v) = %v (LLR %.3f), want %v", tt.t, got, s.LLR(tt.t), tt.want)
		}
	}
}
