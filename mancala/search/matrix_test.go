package search_test

import (
	"errors"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala/search"
)

// fataler is what the checks need of *testing.T and *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkEquilibrium verifies that row and col are probability vectors and
// mutual best responses in a with value v: row guarantees at least v
// against every column, col concedes at most v against every row, each to
// within tol times the payoff range.
func checkEquilibrium(t fataler, a [][]float64, row, col []float64, v, tol float64) {
	t.Helper()
	lo, hi := a[0][0], a[0][0]
	for _, r := range a {
		for _, x := range r {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	eps := tol * max(hi-lo, 1)
	for name, p := range map[string][]float64{"row": row, "column": col} {
		sum := 0.0
		for i, x := range p {
			if x < -eps || math.IsNaN(x) {
				t.Fatalf("%s strategy[%d] = %v", name, i, x)
			}
			sum += x
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("%s strategy sums to %v: %v", name, sum, p)
		}
	}
	for j := range a[0] {
		g := 0.0
		for i := range a {
			g += row[i] * a[i][j]
		}
		if g < v-eps {
			t.Fatalf("row strategy %v gets %v < value %v against column %d of %v", row, g, v, j, a)
		}
	}
	for i := range a {
		g := 0.0
		for j := range a[i] {
			g += a[i][j] * col[j]
		}
		if g > v+eps {
			t.Fatalf("column strategy %v concedes %v > value %v to row %d of %v", col, g, v, i, a)
		}
	}
}

func TestSolveMatrixGameKnown(t *testing.T) {
	third := 1.0 / 3
	tests := []struct {
		name     string
		a        [][]float64
		value    float64
		row, col []float64 // the unique optimal strategies, or nil
	}{
		{"matching pennies", [][]float64{{1, -1}, {-1, 1}}, 0, []float64{0.5, 0.5}, []float64{0.5, 0.5}},
		{"rock paper scissors", [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}, 0,
			[]float64{third, third, third}, []float64{third, third, third}},
		{"saddle point", [][]float64{{3, 1}, {4, 2}}, 2, []float64{0, 1}, []float64{0, 1}},
		// Rows 1/4, 3/4 equalise the columns (2p = 1-2p) at 1/2;
		// columns 1/2, 1/2 equalise the rows (3q-1 = 1-q).
		{"mixed 2x2", [][]float64{{2, -1}, {0, 1}}, 0.5, []float64{0.25, 0.75}, []float64{0.5, 0.5}},
		{"one row", [][]float64{{5, 2, 7}}, 2, []float64{1}, []float64{0, 1, 0}},
		{"one column", [][]float64{{5}, {2}, {7}}, 7, []float64{0, 0, 1}, []float64{1}},
		{"constant", [][]float64{{4, 4}, {4, 4}}, 4, nil, nil},
		{"dominated row", [][]float64{{1, -1}, {-1, 1}, {-2, -2}}, 0, []float64{0.5, 0.5, 0}, []float64{0.5, 0.5}},
		{"large payoffs", [][]float64{{255000, -255000}, {-255000, 255000}}, 0, []float64{0.5, 0.5}, []float64{0.5, 0.5}},
		// Found by FuzzSolveMatrixGame: degenerate, and misleading for
		// float pivots (the exact fallback solves it); checked by the
		// equilibrium conditions alone.
		{"degenerate", [][]float64{{49, 48, 48, 88, 48}, {49, 48, 49, 88, 48}, {48, 48, 48, 89, 48}, {48, 49, 48, -107, 49}}, math.NaN(), nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			row, col, v, err := search.SolveMatrixGame(tc.a)
			if err != nil {
				t.Fatal(err)
			}
			if !math.IsNaN(tc.value) && math.Abs(v-tc.value) > 1e-9 {
				t.Errorf("value %v, want %v", v, tc.value)
			}
			checkEquilibrium(t, tc.a, row, col, v, 1e-9)
			for i := range tc.row {
				if math.Abs(row[i]-tc.row[i]) > 1e-9 {
					t.Errorf("row strategy %v, want %v", row, tc.row)
					break
				}
			}
			for j := range tc.col {
				if math.Abs(col[j]-tc.col[j]) > 1e-9 {
					t.Errorf("column strategy %v, want %v", col, tc.col)
					break
				}
			}
		})
	}
}

func TestSolveMatrixGameRandom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.IntRange(1, 12).Draw(t, "rows")
		n := rapid.IntRange(1, 12).Draw(t, "cols")
		// Small integer payoffs make ties and degenerate games common;
		// clustered payoffs with outliers (as search values are) make
		// float pivots ill-conditioned.
		span := rapid.SampledFrom([]int{1, 2, 3, 10, 1000}).Draw(t, "span")
		clustered := rapid.Bool().Draw(t, "clustered")
		a := make([][]float64, m)
		for i := range a {
			a[i] = make([]float64, n)
			for j := range a[i] {
				a[i][j] = float64(rapid.IntRange(-span, span).Draw(t, "payoff"))
				if clustered && rapid.IntRange(0, 9).Draw(t, "outlier") > 0 {
					a[i][j] = float64(48 + rapid.IntRange(0, 1).Draw(t, "near"))
				}
			}
		}
		row, col, v, err := search.SolveMatrixGame(a)
		if err != nil {
			t.Fatal(err)
		}
		checkEquilibrium(t, a, row, col, v, 1e-9)
		// The value of the transposed, negated game is -v.
		b := make([][]float64, n)
		for j := range b {
			b[j] = make([]float64, m)
			for i := range b[j] {
				b[j][i] = -a[i][j]
			}
		}
		_, _, w, err := search.SolveMatrixGame(b)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(v+w) > 1e-9*float64(2*span+100) {
			t.Fatalf("value %v, but the mirrored game's is %v", v, w)
		}
	})
}

func TestSolveMatrixGameBad(t *testing.T) {
	for name, a := range map[string][][]float64{
		"nil":    nil,
		"empty":  {{}},
		"ragged": {{1, 2}, {3}},
		"NaN":    {{1, math.NaN()}},
		"Inf":    {{math.Inf(1)}},
	} {
		if _, _, _, err := search.SolveMatrixGame(a); !errors.Is(err, search.ErrBadMatrix) {
			t.Errorf("%s: error %v, want ErrBadMatrix", name, err)
		}
	}
}

// FuzzSolveMatrixGame checks the equilibrium conditions on matrices made
// from arbitrary bytes.
func FuzzSolveMatrixGame(f *testing.F) {
	f.Add(uint8(2), []byte{1, 255, 255, 1})
	f.Add(uint8(3), []byte{0, 255, 1, 1, 0, 255, 255, 1, 0})
	f.Fuzz(func(t *testing.T, cols uint8, data []byte) {
		n := int(cols%12) + 1
		m := min(len(data)/n, 12)
		if m == 0 {
			return
		}
		a := make([][]float64, m)
		for i := range a {
			a[i] = make([]float64, n)
			for j := range a[i] {
				a[i][j] = float64(int8(data[i*n+j]))
			}
		}
		row, col, v, err := search.SolveMatrixGame(a)
		if err != nil {
			t.Fatal(err)
		}
		checkEquilibrium(t, a, row, col, v, 1e-9)
	})
}
