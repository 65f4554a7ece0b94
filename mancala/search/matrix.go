package search

import (
	"errors"
	"fmt"
	"math"
	"math/big"
)

// ErrBadMatrix is wrapped by the error [SolveMatrixGame] returns for a
// matrix it cannot solve: empty, ragged, or with a NaN or infinite entry.
var ErrBadMatrix = errors.New("search: bad payoff matrix")

// SolveMatrixGame solves the two-player zero-sum game in which one player
// (the maximiser) chooses a row i, the other (the minimiser) a column j, at
// the same time and unseen, and the maximiser receives a[i][j] from the
// minimiser. It returns optimal mixed strategies for both (probabilities of
// each row and of each column, each summing to 1) and the value of the
// game: the row strategy guarantees at least value whatever column is
// chosen, and the column strategy concedes at most value whatever row is
// chosen.
//
// The method is the simplex method on the standard linear program of the
// game with Bland's rule, which cannot cycle. It runs in float64 first;
// its result is accepted only if both strategies' guarantees agree to
// within 1e-12 of the payoff range, and otherwise (degenerate games where
// rounding misleads the float pivots) the same method runs again in exact
// rational arithmetic, whose result is exact before its final conversion
// to float64. The search uses the same solver at every simultaneous
// decision.
func SolveMatrixGame(a [][]float64) (rowStrategy, colStrategy []float64, value float64, err error) {
	m := len(a)
	if m == 0 || len(a[0]) == 0 {
		return nil, nil, 0, fmt.Errorf("search: empty payoff matrix: %w", ErrBadMatrix)
	}
	n := len(a[0])
	flat := make([]float64, 0, m*n)
	for i, row := range a {
		if len(row) != n {
			return nil, nil, 0, fmt.Errorf("search: payoff matrix row %d has %d entries, row 0 has %d: %w", i, len(row), n, ErrBadMatrix)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, 0, fmt.Errorf("search: payoff matrix entry [%d][%d] is %v: %w", i, j, v, ErrBadMatrix)
			}
		}
		flat = append(flat, row...)
	}
	rowStrategy = make([]float64, m)
	colStrategy = make([]float64, n)
	var s matrixSolver
	value = s.solve(flat, m, n, rowStrategy, colStrategy)
	return rowStrategy, colStrategy, value, nil
}

// matrixSolver holds the simplex tableau so that repeated solves allocate
// nothing once it has grown to the largest size needed (the exact
// fallback, rarely needed, allocates).
type matrixSolver struct {
	tab   []float64
	basis []int
}

// The linear program, for payoffs a' > 0 (a shifted): the column player's
// problem is to maximise sum(y) subject to a'·y <= 1, y >= 0. At the
// optimum, sum(y) = 1/v' (v' the value of a'), y·v' is an optimal column
// strategy, and the dual solution (the objective row's entries under the
// slack columns) times v' is an optimal row strategy. The tableau has a
// row per row of a' and the objective row last; its columns are y (n),
// the slacks (m) and the right-hand side.

// solve solves the m×n game a (row-major, finite entries), writes the
// strategies into row (len m) and col (len n) and returns the value.
func (s *matrixSolver) solve(a []float64, m, n int, row, col []float64) float64 {
	lo, hi := a[0], a[0]
	for _, v := range a[:m*n] {
		lo = min(lo, v)
		hi = max(hi, v)
	}
	scale := hi - lo
	if scale == 0 {
		clear(row)
		clear(col)
		row[0], col[0] = 1, 1
		return lo
	}
	if s.floatSimplex(a, m, n, lo, scale, row, col) {
		vr, vc := guarantees(a, m, n, row, col)
		if vc-vr <= 1e-12*scale {
			return (vr + vc) / 2
		}
	}
	return ratSimplex(a, m, n, lo, row, col)
}

// guarantees returns what row guarantees the maximiser (its worst payoff
// over the columns) and what col concedes at most (its worst over rows).
func guarantees(a []float64, m, n int, row, col []float64) (vr, vc float64) {
	vr, vc = math.Inf(1), math.Inf(-1)
	for j := range n {
		v := 0.0
		for i := range m {
			v += row[i] * a[i*n+j]
		}
		vr = min(vr, v)
	}
	for i := range m {
		v := 0.0
		for j := range n {
			v += a[i*n+j] * col[j]
		}
		vc = max(vc, v)
	}
	return vr, vc
}

// floatSimplex runs the simplex method in float64 on payoffs scaled into
// [1, 2] and writes the strategies. It reports false if it could not
// finish.
func (s *matrixSolver) floatSimplex(a []float64, m, n int, lo, scale float64, row, col []float64) bool {
	w := n + m + 1
	size := (m + 1) * w
	if cap(s.tab) < size {
		s.tab = make([]float64, size)
	}
	t := s.tab[:size]
	clear(t)
	if cap(s.basis) < m {
		s.basis = make([]int, m)
	}
	basis := s.basis[:m]
	for i := range m {
		r := t[i*w : (i+1)*w]
		for j := range n {
			r[j] = 1 + (a[i*n+j]-lo)/scale
		}
		r[n+i] = 1
		r[w-1] = 1
		basis[i] = n + i
	}
	obj := t[m*w : (m+1)*w]
	for j := range n {
		obj[j] = -1
	}
	// Entries are of order 1: what rounding leaves of a zero is far below
	// eps, and a pivot below pivotEps would amplify noise.
	const eps, pivotEps = 1e-11, 1e-9
	optimal := false
	for iter := 0; iter < 64*(m+n+1); iter++ {
		// Bland's rule: the entering column is the lowest-numbered one
		// with a negative reduced cost; the leaving row has the least
		// ratio, ties going to the lowest-numbered basic variable.
		e := -1
		for j := range n + m {
			if obj[j] < -eps {
				e = j
				break
			}
		}
		if e < 0 {
			optimal = true
			break
		}
		l := -1
		var best float64
		for i := range m {
			c := t[i*w+e]
			if c <= pivotEps {
				continue
			}
			ratio := t[i*w+w-1] / c
			if l < 0 || ratio < best-eps || (ratio <= best+eps && basis[i] < basis[l]) {
				if l < 0 || ratio < best {
					best = ratio
				}
				l = i
			}
		}
		if l < 0 {
			return false // no usable pivot: leave it to the exact method
		}
		pivot(t, w, m, l, e, eps)
		basis[l] = e
	}
	if !optimal {
		return false
	}
	clear(col)
	for i, b := range basis {
		if b < n {
			col[b] = max(t[i*w+w-1], 0)
		}
	}
	for i := range m {
		row[i] = max(obj[n+i], 0)
	}
	normalize(row)
	normalize(col)
	return true
}

// pivot pivots the tableau t (m+1 rows of w) on row l, column e, and sets
// what rounding leaves of zeros (below eps) to zero.
func pivot(t []float64, w, m, l, e int, eps float64) {
	pr := t[l*w : (l+1)*w]
	inv := 1 / pr[e]
	for j := range pr {
		pr[j] *= inv
		if math.Abs(pr[j]) < eps {
			pr[j] = 0
		}
	}
	pr[e] = 1
	for i := 0; i <= m; i++ {
		if i == l {
			continue
		}
		r := t[i*w : (i+1)*w]
		f := r[e]
		if f == 0 {
			continue
		}
		for j := range r {
			r[j] -= f * pr[j]
			if math.Abs(r[j]) < eps {
				r[j] = 0
			}
		}
		r[e] = 0
	}
}

// ratSimplex is the simplex method of floatSimplex in exact rational
// arithmetic, on payoffs shifted to a - lo + 1 (every float64 is a
// rational, so the game is the same). Bland's rule makes it terminate; its
// strategies are exactly optimal before their conversion to float64, and it
// returns the exact value converted.
func ratSimplex(a []float64, m, n int, lo float64, row, col []float64) float64 {
	w := n + m + 1
	t := make([]*big.Rat, (m+1)*w)
	for k := range t {
		t[k] = new(big.Rat)
	}
	shift := new(big.Rat).SetFloat64(lo)
	one := big.NewRat(1, 1)
	basis := make([]int, m)
	for i := range m {
		for j := range n {
			v := t[i*w+j].SetFloat64(a[i*n+j])
			v.Sub(v, shift)
			v.Add(v, one)
		}
		t[i*w+n+i].SetInt64(1)
		t[i*w+w-1].SetInt64(1)
		basis[i] = n + i
	}
	for j := range n {
		t[m*w+j].SetInt64(-1)
	}
	var ratio, best, f, x big.Rat
	for {
		e := -1
		for j := range n + m {
			if t[m*w+j].Sign() < 0 {
				e = j
				break
			}
		}
		if e < 0 {
			break
		}
		l := -1
		for i := range m {
			c := t[i*w+e]
			if c.Sign() <= 0 {
				continue
			}
			ratio.Quo(t[i*w+w-1], c)
			if l < 0 {
				l = i
				best.Set(&ratio)
				continue
			}
			switch ratio.Cmp(&best) {
			case -1:
				l = i
				best.Set(&ratio)
			case 0:
				if basis[i] < basis[l] {
					l = i
				}
			}
		}
		if l < 0 {
			break // unbounded: impossible, as every payoff is positive
		}
		pr := t[l*w : (l+1)*w]
		f.Inv(pr[e])
		for j := range pr {
			pr[j].Mul(pr[j], &f)
		}
		for i := 0; i <= m; i++ {
			if i == l {
				continue
			}
			r := t[i*w : (i+1)*w]
			if r[e].Sign() == 0 {
				continue
			}
			f.Set(r[e])
			for j := range r {
				x.Mul(&f, pr[j])
				r[j].Sub(r[j], &x)
			}
		}
		basis[l] = e
	}
	// z = sum(y) = 1/v'; the strategies are y/z and the duals/z.
	z := t[m*w+w-1]
	clear(col)
	for i, b := range basis {
		if b < n {
			col[b], _ = new(big.Rat).Quo(t[i*w+w-1], z).Float64()
		}
	}
	for i := range m {
		row[i], _ = new(big.Rat).Quo(t[m*w+n+i], z).Float64()
	}
	v := new(big.Rat).Inv(z)
	v.Add(v, shift)
	v.Sub(v, one)
	value, _ := v.Float64()
	return value
}

// normalize scales p to sum to 1 (uniform if it sums to 0).
func normalize(p []float64) {
	sum := 0.0
	for _, v := range p {
		sum += v
	}
	if sum <= 0 {
		for i := range p {
			p[i] = 1 / float64(len(p))
		}
		return
	}
	for i := range p {
		p[i] /= sum
	}
}
