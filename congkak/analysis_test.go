package congkak_test

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search"
)

// The exact values of single rounds on small boards (ANALYSIS.md), checked
// against a brute force written apart from package search: plain minimax
// over Legal and Apply, memoised by position, with every simultaneous
// decision (CK-8) solved as a matrix game in exact rational arithmetic by
// enumerating square supports (the Shapley-Snow characterisation of the
// extreme optimal strategies), not by the simplex method the solver uses.

// bruteForce is the exact value of positions of one ruleset.
type bruteForce struct {
	r    mancala.Ruleset
	memo map[mancala.Position]*big.Rat
}

func newBruteForce(r mancala.Ruleset) *bruteForce {
	return &bruteForce{r: r, memo: map[mancala.Position]*big.Rat{}}
}

// value returns South's final store minus North's under perfect play
// from p: at a simultaneous decision the value of the matrix game of its
// joint moves. A round always ends (CK-15), so the recursion does.
func (b *bruteForce) value(p mancala.Position) *big.Rat {
	if p.Over() {
		return big.NewRat(int64(p.Board.Store(mancala.South)-p.Board.Store(mancala.North)), 1)
	}
	if v, ok := b.memo[p]; ok {
		return v
	}
	var v *big.Rat
	if p.ToMove.Simultaneous() {
		v, _, _ = b.matrix(p)
	} else {
		south := p.ToMove == mancala.SouthTurn
		for _, m := range b.r.Legal(nil, p) {
			c := b.value(b.r.Apply(p, m))
			if v == nil || (south && c.Cmp(v) > 0) || (!south && c.Cmp(v) < 0) {
				v = c
			}
		}
	}
	b.memo[p] = v
	return v
}

// matrix solves the simultaneous decision p: its value, and the payoff
// matrix of its joint moves with the houses of its rows (South's) and
// columns (North's).
func (b *bruteForce) matrix(p mancala.Position) (*big.Rat, [][]*big.Rat, [2][]int) {
	rows, cols := map[int]int{}, map[int]int{}
	var houses [2][]int
	moves := b.r.Legal(nil, p)
	for _, m := range moves {
		s, _ := m.House(mancala.South)
		n, _ := m.House(mancala.North)
		if _, ok := rows[s]; !ok {
			rows[s] = len(houses[0])
			houses[0] = append(houses[0], s)
		}
		if _, ok := cols[n]; !ok {
			cols[n] = len(houses[1])
			houses[1] = append(houses[1], n)
		}
	}
	a := make([][]*big.Rat, len(houses[0]))
	for i := range a {
		a[i] = make([]*big.Rat, len(houses[1]))
	}
	for _, m := range moves {
		s, _ := m.House(mancala.South)
		n, _ := m.House(mancala.North)
		a[rows[s]][cols[n]] = b.value(b.r.Apply(p, m))
	}
	for i := range a {
		for j := range a[i] {
			if a[i][j] == nil {
				panic(fmt.Sprintf("joint move %v%v missing at %v", houses[0][i], houses[1][j], p))
			}
		}
	}
	v, _, _ := exactMatrixGame(a)
	return v, a, houses
}

// exactMatrixGame solves the zero-sum game a (the row player maximises)
// exactly: value and optimal strategies of both players. After a shift
// that makes every payoff at least 1 (so the value is not 0), some extreme
// optimal pair is the unique solution of the equalising equations on a
// square submatrix (Shapley and Snow 1950); it tries every square support
// pair and returns the first whose solution is optimal.
func exactMatrixGame(a [][]*big.Rat) (v *big.Rat, x, y []*big.Rat) {
	m, n := len(a), len(a[0])
	shift := new(big.Rat).Set(a[0][0])
	for i := range a {
		for j := range a[i] {
			if a[i][j].Cmp(shift) < 0 {
				shift.Set(a[i][j])
			}
		}
	}
	shift.Sub(big.NewRat(1, 1), shift)
	b := make([][]*big.Rat, m)
	for i := range a {
		b[i] = make([]*big.Rat, n)
		for j := range a[i] {
			b[i][j] = new(big.Rat).Add(a[i][j], shift)
		}
	}
	for k := 1; k <= min(m, n); k++ {
		for _, rs := range subsets(m, k) {
			for _, cs := range subsets(n, k) {
				// x on rs equalises the columns cs: sum_i x_i b[i][j] = w.
				xs, w := equalise(k, func(e, i int) *big.Rat { return b[rs[i]][cs[e]] })
				if xs == nil {
					continue
				}
				ys, w2 := equalise(k, func(e, j int) *big.Rat { return b[rs[e]][cs[j]] })
				if ys == nil || w.Cmp(w2) != 0 {
					continue
				}
				x, y = spread(m, rs, xs), spread(n, cs, ys)
				if optimal(b, x, y, w) {
					return new(big.Rat).Sub(w, shift), x, y
				}
			}
		}
	}
	panic("no equilibrium found: the enumeration is wrong")
}

// equalise solves, for k unknowns z >= 0 summing to 1 and a value w, the
// k equations sum_i coef(e, i) z_i = w (e = 0..k-1). It returns nil if the
// system is singular or a z_i is negative.
func equalise(k int, coef func(e, i int) *big.Rat) ([]*big.Rat, *big.Rat) {
	// Unknowns z_0..z_{k-1}, w; k+1 equations; augmented matrix.
	s := make([][]*big.Rat, k+1)
	for e := range k {
		s[e] = make([]*big.Rat, k+2)
		for i := range k {
			s[e][i] = new(big.Rat).Set(coef(e, i))
		}
		s[e][k] = big.NewRat(-1, 1)
		s[e][k+1] = new(big.Rat)
	}
	s[k] = make([]*big.Rat, k+2)
	for i := range k {
		s[k][i] = big.NewRat(1, 1)
	}
	s[k][k], s[k][k+1] = new(big.Rat), big.NewRat(1, 1)
	z := gauss(s)
	if z == nil {
		return nil, nil
	}
	for _, q := range z[:k] {
		if q.Sign() < 0 {
			return nil, nil
		}
	}
	return z[:k], z[k]
}

// gauss solves the square system of the augmented matrix s in place; nil
// if it is singular.
func gauss(s [][]*big.Rat) []*big.Rat {
	n := len(s)
	for c := range n {
		p := -1
		for r := c; r < n; r++ {
			if s[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return nil
		}
		s[c], s[p] = s[p], s[c]
		for r := range n {
			if r == c || s[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(s[r][c], s[c][c])
			for j := c; j <= n; j++ {
				s[r][j].Sub(s[r][j], new(big.Rat).Mul(f, s[c][j]))
			}
		}
	}
	z := make([]*big.Rat, n)
	for r := range n {
		z[r] = new(big.Rat).Quo(s[r][n], s[r][r])
	}
	return z
}

// optimal reports whether x guarantees the row player at least w against
// every column of b and y concedes at most w against every row.
func optimal(b [][]*big.Rat, x, y []*big.Rat, w *big.Rat) bool {
	for j := range b[0] {
		sum := new(big.Rat)
		for i := range b {
			sum.Add(sum, new(big.Rat).Mul(x[i], b[i][j]))
		}
		if sum.Cmp(w) < 0 {
			return false
		}
	}
	for i := range b {
		sum := new(big.Rat)
		for j := range b[i] {
			sum.Add(sum, new(big.Rat).Mul(y[j], b[i][j]))
		}
		if sum.Cmp(w) > 0 {
			return false
		}
	}
	return true
}

// spread puts the probabilities zs of the indices idx into a vector of n.
func spread(n int, idx []int, zs []*big.Rat) []*big.Rat {
	v := make([]*big.Rat, n)
	for i := range v {
		v[i] = new(big.Rat)
	}
	for e, i := range idx {
		v[i] = zs[e]
	}
	return v
}

// subsets lists the k-element subsets of 0..n-1, in increasing order.
func subsets(n, k int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < n; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, nil)
	return out
}

func TestExactMatrixGame(t *testing.T) {
	r := func(p, q int64) *big.Rat { return big.NewRat(p, q) }
	for _, tc := range []struct {
		a    [][]*big.Rat
		want *big.Rat
	}{
		{[][]*big.Rat{{r(1, 1), r(-1, 1)}, {r(-1, 1), r(1, 1)}}, r(0, 1)},                                                 // matching pennies
		{[][]*big.Rat{{r(3, 1), r(-1, 1)}, {r(-2, 1), r(1, 1)}}, r(1, 7)},                                                 // mixed: (3-2)/(3+1+2+1)... = 1/7
		{[][]*big.Rat{{r(2, 1), r(5, 1)}, {r(1, 1), r(0, 1)}}, r(2, 1)},                                                   // saddle point
		{[][]*big.Rat{{r(0, 1), r(-1, 1), r(1, 1)}, {r(1, 1), r(0, 1), r(-1, 1)}, {r(-1, 1), r(1, 1), r(0, 1)}}, r(0, 1)}, // rock-paper-scissors
		{[][]*big.Rat{{r(4, 1), r(4, 1)}, {r(4, 1), r(4, 1)}}, r(4, 1)},                                                   // degenerate: all equal
	} {
		v, x, y := exactMatrixGame(tc.a)
		if v.Cmp(tc.want) != 0 {
			t.Errorf("%v: value %v, want %v", tc.a, v, tc.want)
		}
		if !optimal(tc.a, x, y, v) {
			t.Errorf("%v: strategies %v %v are not optimal", tc.a, x, y)
		}
	}
}

// singleRound is a single-round ruleset with score bounds for the solver
// (search.ScoreBounder): within one round no seed leaves a store, so
// search.StoreBounds holds.
type singleRound struct{ *congkak.Rules }

func (singleRound) ScoreBounds(p mancala.Position) (lo, hi int) { return search.StoreBounds(p) }

// smallRound returns the single-round ruleset (CK-14 Rounds 1) of preset
// with n houses, s seeds and the opening op.
func smallRound(t *testing.T, preset string, n, s int, op congkak.Opening, first mancala.Player) *congkak.Rules {
	t.Helper()
	o, err := congkak.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	o.Houses, o.Seeds, o.Rounds, o.Opening, o.FirstHand = n, s, 1, op, first
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCK8SolveMatchesBruteForce checks search.Solve's exact single-round
// values against the brute force on the smallest boards, for both presets,
// both openings (CK-8) and both hand orders (CK-8.2), and checks that the
// mixed strategies it reports at the simultaneous opening are optimal in
// the brute force's exact matrix. The sequential values are checked
// against mancalatest.Minimax too.
func TestCK8SolveMatchesBruteForce(t *testing.T) {
	type size struct{ n, s int }
	sizes := []size{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}, {4, 1}, {4, 2}}
	if testing.Short() {
		sizes = sizes[:8]
	}
	for _, preset := range []string{"default", "overbeck"} {
		for _, op := range []congkak.Opening{congkak.OpeningSequential, congkak.OpeningSimultaneous} {
			for _, first := range []mancala.Player{mancala.South, mancala.North} {
				if op == congkak.OpeningSequential && first == mancala.North {
					continue // FirstHand plays no part in a sequential opening
				}
				for _, z := range sizes {
					name := fmt.Sprintf("%s/opening%d/first-%v/%dx%d", preset, op, first, z.n, z.s)
					t.Run(name, func(t *testing.T) {
						r := smallRound(t, preset, z.n, z.s, op, first)
						checkAgainstBruteForce(t, r)
					})
				}
			}
		}
	}
}

func checkAgainstBruteForce(t *testing.T, r *congkak.Rules) {
	t.Helper()
	p := r.Start()
	bf := newBruteForce(r)
	want := bf.value(p)
	wantF, _ := want.Float64()
	sol, err := search.Solve(context.Background(), singleRound{r}, nil, p, search.SolveOptions{TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(sol.Value-wantF) > 1e-9 {
		t.Fatalf("Solve: value %v, brute force %v (%v)", sol.Value, want.RatString(), wantF)
	}
	if p.ToMove.Simultaneous() {
		if sol.Mixed == nil {
			t.Fatal("Solve gives no mixed strategies at the simultaneous opening")
		}
		checkStrategies(t, bf, p, want, sol.Mixed)
		return
	}
	mm, ok := mancalatest.Minimax(r, p)
	if !ok || float64(mm) != wantF {
		t.Errorf("mancalatest.Minimax: %d (ok %v), brute force %v", mm, ok, want.RatString())
	}
}

// checkStrategies checks that ms's strategies guarantee the value v in the
// exact matrix of p's joint moves (to within float rounding).
func checkStrategies(t *testing.T, bf *bruteForce, p mancala.Position, v *big.Rat, ms *search.MixedStrategy) {
	t.Helper()
	_, a, houses := bf.matrix(p)
	vf, _ := v.Float64()
	const tol = 1e-9
	for j, hn := range houses[1] {
		sum := 0.0
		for i, hs := range houses[0] {
			f, _ := a[i][j].Float64()
			sum += ms.South[hs] * f
		}
		if sum < vf-tol {
			t.Errorf("South's strategy %v gets %v < %v against North's %c", ms.South, sum, vf, 'a'+hn)
		}
	}
	for i, hs := range houses[0] {
		sum := 0.0
		for j, hn := range houses[1] {
			f, _ := a[i][j].Float64()
			sum += ms.North[hn] * f
		}
		if sum > vf+tol {
			t.Errorf("North's strategy %v concedes %v > %v against South's %c", ms.North, sum, vf, 'A'+hs)
		}
	}
}

// TestCK8SmallValuesTable checks the small values printed in ANALYSIS.md's
// table of exact single-round values (n houses 1..4, s seeds 1..3, but
// not 4x3) against
// the brute force: the table gives them, the brute force recomputes them.
func TestCK8SmallValuesTable(t *testing.T) {
	for _, tc := range []struct {
		preset string
		op     congkak.Opening
		want   [4][3]string // [n-1][s-1]
	}{
		{"default", congkak.OpeningSequential, [4][3]string{{"0", "2", "6"}, {"4", "8", "12"}, {"6", "6", "16"}, {"6", "6", "22"}}},
		{"default", congkak.OpeningSimultaneous, [4][3]string{{"0", "0", "0"}, {"0", "0", "0"}, {"0", "26/7", "0"}, {"0", "-2", "30/7"}}},
		{"overbeck", congkak.OpeningSequential, [4][3]string{{"0", "2", "6"}, {"4", "8", "12"}, {"6", "6", "8"}, {"6", "6", "22"}}},
		{"overbeck", congkak.OpeningSimultaneous, [4][3]string{{"0", "0", "0"}, {"0", "2", "0"}, {"0", "26/7", "0"}, {"0", "0", "70/23"}}},
	} {
		for n := 1; n <= 4; n++ {
			for s := 1; s <= 3; s++ {
				if n*s > 9 || testing.Short() && n*s > 6 {
					continue // 4x3 takes the brute force seconds (minutes under -race); the -solve tests check 30/7
				}
				r := smallRound(t, tc.preset, n, s, tc.op, mancala.South)
				got := newBruteForce(r).value(r.Start())
				if got.RatString() != tc.want[n-1][s-1] {
					t.Errorf("%s opening %d, %d houses, %d seeds: brute force %s, table %s", tc.preset, tc.op, n, s, got.RatString(), tc.want[n-1][s-1])
				}
			}
		}
	}
}
