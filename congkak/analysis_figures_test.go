package congkak_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// The heuristic figures of ANALYSIS.md: long runs, only on request (they
// print their tables with t.Log; run with -v). Each flag's help names the
// figure.
var (
	openingDepth = flag.Int("analysis.opening", 0, "ANALYSIS.md: search the 7x7 opening's matrix games to depths 2..`D` (both hand orders, and the random order)")
	openingTime  = flag.Duration("analysis.opening-time", 20*time.Minute, "ANALYSIS.md: stop deepening the 7x7 opening after this long")
	randomGames  = flag.Int("analysis.random", 0, "ANALYSIS.md: play `N` uniformly random single rounds per board (5..9 houses) and opening")
	selfGames    = flag.Int("analysis.selfplay", 0, "ANALYSIS.md: play `N` single rounds of alpha-beta self-play per board (5..9 houses), simultaneous opening")
	selfDepth    = flag.Int("analysis.selfplay-depth", 4, "ANALYSIS.md: alpha-beta depth of the self-play")
	orderExact   = flag.Int("analysis.order", 0, "ANALYSIS.md: solve exactly the simultaneous opening of n x n single rounds, n = 2..`N`, under both hand orders and the random one")
	selfHouses   = flag.String("analysis.selfplay-houses", "5,6,7,8,9", "ANALYSIS.md: boards of the self-play")
)

// childValue is the value for South of position c at depth d by a fresh
// alpha-beta searcher, in seeds (proven results are scaled back from
// search.TerminalScale, as the analyze command does).
func childValue(ctx context.Context, r mancala.Ruleset, c mancala.Position, d int) (float64, error) {
	if c.Over() {
		return float64(c.Board.Store(mancala.South) - c.Board.Store(mancala.North)), nil
	}
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: d, TableSize: 1 << 20})
	res, err := ab.Search(ctx, r, nil, c)
	if err != nil {
		return 0, err
	}
	if res.Depth < d {
		return 0, context.DeadlineExceeded
	}
	v := res.Value
	if math.Abs(v) >= search.TerminalScale {
		v /= search.TerminalScale
	}
	if c.ToMove == mancala.NorthTurn {
		v = -v
	}
	return v, nil
}

// openingMatrix returns the matrix of the values of the joint moves at
// the start of r (rows South's houses, columns North's), each child
// searched to depth d-1 (the root, a simultaneous decision, counts as one
// decision, as in the searcher), by two goroutines.
func openingMatrix(ctx context.Context, r *congkak.Rules, d int) ([][]float64, error) {
	p := r.Start()
	n := p.Board.Houses()
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
	}
	jobs := make(chan [2]int)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ij := range jobs {
				v, err := childValue(ctx, r, r.Apply(p, mancala.Joint(ij[0], ij[1])), d-1)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				a[ij[0]][ij[1]] = v
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		for j := range n {
			jobs <- [2]int{i, j}
		}
	}
	close(jobs)
	wg.Wait()
	return a, first
}

// strategyText writes a mixed strategy's houses with a probability of at
// least 0.0005.
func strategyText(first byte, probs []float64) string {
	var parts []string
	for i, q := range probs {
		if q >= 0.0005 {
			parts = append(parts, fmt.Sprintf("%c %.3f", first+byte(i), q))
		}
	}
	return strings.Join(parts, ", ")
}

// TestFigureOpening7x7 searches the CK-8 simultaneous opening of the 7x7
// single round, depth by depth, with South's hand first in a tick
// (FirstHand, the default), with North's first, and with the order drawn
// at random, unseen, before the players choose (the matrix of the averaged
// payoffs), and prints the values and strategies. Heuristic beyond the
// horizon: see ANALYSIS.md.
func TestFigureOpening7x7(t *testing.T) {
	if *openingDepth == 0 {
		t.Skip("a long run: give -analysis.opening D")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *openingTime)
	defer cancel()
	var rs [2]*congkak.Rules
	for i, first := range []mancala.Player{mancala.South, mancala.North} {
		r, err := congkak.New(congkak.Options{Rounds: 1, FirstHand: first})
		if err != nil {
			t.Fatal(err)
		}
		rs[i] = r
	}
	for d := 2; d <= *openingDepth; d++ {
		t0 := time.Now()
		var ms [2][][]float64
		for i, r := range rs {
			m, err := openingMatrix(ctx, r, d)
			if err != nil {
				t.Logf("depth %d: stopped (%v) after %v", d, err, time.Since(t0).Round(time.Second))
				return
			}
			ms[i] = m
		}
		avg := make([][]float64, len(ms[0]))
		for i := range avg {
			avg[i] = make([]float64, len(ms[0][i]))
			for j := range avg[i] {
				avg[i][j] = (ms[0][i][j] + ms[1][i][j]) / 2
			}
		}
		var vals [3]float64
		for k, m := range [][][]float64{ms[0], ms[1], avg} {
			x, y, v, err := search.SolveMatrixGame(m)
			if err != nil {
				t.Fatal(err)
			}
			vals[k] = v
			name := [...]string{"first-hand south", "first-hand north", "random, unseen"}[k]
			t.Logf("depth %2d %-16s value %+8.3f  South %s | North %s", d, name, v, strategyText('A', x), strategyText('a', y))
		}
		t.Logf("depth %2d coin flip seen before the choice: value %+8.3f (mean of the two); %v", d, (vals[0]+vals[1])/2, time.Since(t0).Round(time.Second))
	}
}

// interval95 returns the mean of xs and the half-width of its 95%
// confidence interval (normal approximation).
func interval95(xs []float64) (mean, half float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, math.NaN()
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.96 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
}

// tally summarises single rounds: South's final difference, and wins,
// draws and losses from South's side.
type tally struct {
	diffs     []float64
	win, draw float64
}

func (t *tally) add(p mancala.Position) {
	d := p.Board.Store(mancala.South) - p.Board.Store(mancala.North)
	t.diffs = append(t.diffs, float64(d))
	switch {
	case d > 0:
		t.win++
	case d == 0:
		t.draw++
	}
}

func (t *tally) String() string {
	n := float64(len(t.diffs))
	m, h := interval95(t.diffs)
	w := t.win / n
	return fmt.Sprintf("games %d: South's difference %+.2f ± %.2f; South wins %.1f%% ± %.1f, draws %.1f%%, North wins %.1f%%",
		len(t.diffs), m, h, 100*w, 100*1.96*math.Sqrt(w*(1-w)/n), 100*t.draw/n, 100*(n-t.win-t.draw)/n)
}

// TestFigureRandomPlay plays uniformly random single rounds (CK-14 Rounds
// 1) on boards of 5 to 9 houses with as many seeds, under both openings
// (CK-8), and prints South's results with 95% intervals.
func TestFigureRandomPlay(t *testing.T) {
	if *randomGames == 0 {
		t.Skip("a long run: give -analysis.random N")
	}
	for n := 5; n <= 9; n++ {
		for _, op := range []congkak.Opening{congkak.OpeningSequential, congkak.OpeningSimultaneous} {
			r, err := congkak.New(congkak.Options{Houses: n, Seeds: n, Rounds: 1, Opening: op})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(n), uint64(op)))
			var tl tally
			for range *randomGames {
				final, _ := mancala.Playout(r, nil, r.Start(), rng, 0)
				if !final.Over() {
					t.Fatalf("%dx%d: a round did not end", n, n)
				}
				tl.add(final)
			}
			t.Logf("%dx%d %-12s random: %v", n, n, [...]string{"simultaneous", "sequential"}[op], &tl)
		}
	}
}

// TestFigureSelfPlay plays single rounds of alpha-beta (fixed depth)
// against itself from the CK-8 simultaneous opening, on boards of 5 to 9
// houses: the games differ by the seeds of the searchers, which sample
// their choices at simultaneous decisions from their mixed strategies. It
// also plays the one (deterministic) game of the sequential opening.
func TestFigureSelfPlay(t *testing.T) {
	if *selfGames == 0 {
		t.Skip("a long run: give -analysis.selfplay N")
	}
	var boards []int
	for _, f := range strings.Split(*selfHouses, ",") {
		var n int
		if _, err := fmt.Sscan(f, &n); err != nil {
			t.Fatal(err)
		}
		boards = append(boards, n)
	}
	for _, n := range boards {
		for _, op := range []congkak.Opening{congkak.OpeningSequential, congkak.OpeningSimultaneous} {
			r, err := congkak.New(congkak.Options{Houses: n, Seeds: n, Rounds: 1, Opening: op})
			if err != nil {
				t.Fatal(err)
			}
			games := *selfGames
			if op == congkak.OpeningSequential {
				games = 1 // deterministic: every game would be the same
			}
			t0 := time.Now()
			var tl tally
			var mu sync.Mutex
			var wg sync.WaitGroup
			next := make(chan int)
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for k := range next {
						final := selfPlay(t, r, uint64(1000*n+k))
						mu.Lock()
						tl.add(final)
						mu.Unlock()
					}
				}()
			}
			for k := range games {
				next <- k
			}
			close(next)
			wg.Wait()
			t.Logf("%dx%d %-12s alphabeta depth %d: %v (%v)", n, n, [...]string{"simultaneous", "sequential"}[op], *selfDepth, &tl, time.Since(t0).Round(time.Second))
		}
	}
}

// selfPlay plays one single round between two alpha-beta searchers of
// depth *selfDepth seeded from seed, and returns the final position.
func selfPlay(t *testing.T, r *congkak.Rules, seed uint64) mancala.Position {
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	players := [2]*search.AlphaBeta{
		search.NewAlphaBeta(search.AlphaBetaOptions{Depth: *selfDepth, Seed: 2 * seed, TableSize: 1 << 18}),
		search.NewAlphaBeta(search.AlphaBetaOptions{Depth: *selfDepth, Seed: 2*seed + 1, TableSize: 1 << 18}),
	}
	ctx := context.Background()
	for !g.Over() {
		var m mancala.Move
		if g.Turn().Simultaneous() {
			s, err := players[0].Choose(ctx, g, mancala.South)
			if err != nil {
				t.Fatal(err)
			}
			nm, err := players[1].Choose(ctx, g, mancala.North)
			if err != nil {
				t.Fatal(err)
			}
			hs, _ := s.House(mancala.South)
			hn, _ := nm.House(mancala.North)
			m = mancala.Joint(hs, hn)
		} else {
			who, _ := g.Turn().Player()
			if m, err = players[who].Choose(ctx, g, who); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g.Position()
}

// exactOpeningMatrix returns the exact values of the joint moves at the
// start of r (rows South's houses, columns North's), by search.Solve, two
// goroutines at once.
func exactOpeningMatrix(ctx context.Context, r *congkak.Rules) ([][]float64, error) {
	p := r.Start()
	n := p.Board.Houses()
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
	}
	jobs := make(chan [2]int)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ij := range jobs {
				sol, err := search.Solve(ctx, singleRound{r}, nil, r.Apply(p, mancala.Joint(ij[0], ij[1])), search.SolveOptions{TableBits: 22, NoPV: true})
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				a[ij[0]][ij[1]] = sol.Value
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		for j := range n {
			jobs <- [2]int{i, j}
		}
	}
	close(jobs)
	wg.Wait()
	return a, first
}

// TestFigureHandOrderExact solves the CK-8 simultaneous opening of single
// rounds on n x n boards exactly with South's hand first in a tick, with
// North's, and with the order drawn at random and told only after both
// have chosen (the matrix of averaged exact payoffs); and the mean of the
// first two, for an order drawn and told before the choice. It also lists
// the joint moves whose values are not the mirror image of those of the
// other order (where something besides the hand order tells South from
// North: CK-8.5's tie rule).
func TestFigureHandOrderExact(t *testing.T) {
	if *orderExact == 0 {
		t.Skip("a long run: give -analysis.order N")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *openingTime)
	defer cancel()
	for n := 2; n <= *orderExact; n++ {
		t0 := time.Now()
		var ms [2][][]float64
		for i, first := range []mancala.Player{mancala.South, mancala.North} {
			r, err := congkak.New(congkak.Options{Houses: n, Seeds: n, Rounds: 1, FirstHand: first})
			if err != nil {
				t.Fatal(err)
			}
			if ms[i], err = exactOpeningMatrix(ctx, r); err != nil {
				t.Logf("%dx%d: stopped: %v", n, n, err)
				return
			}
		}
		avg := make([][]float64, n)
		mirror := 0
		for i := range avg {
			avg[i] = make([]float64, n)
			for j := range avg[i] {
				avg[i][j] = (ms[0][i][j] + ms[1][i][j]) / 2
				// Swapping the players' roles (South's house i and North's
				// j become North's i and South's j) and the hand order
				// would negate the value if nothing else in the rules
				// told South from North.
				if math.Abs(ms[1][j][i]+ms[0][i][j]) > 1e-9 {
					mirror++
					t.Logf("%dx%d mirror: %c%c with South's hand first %+.4f, %c%c with North's %+.4f", n, n, 'A'+i, 'a'+j, ms[0][i][j], 'A'+j, 'a'+i, ms[1][j][i])
				}
			}
		}
		t.Logf("%dx%d mirror check: %d of %d joint moves' values with North's hand first are not the negated mirror image of those with South's", n, n, mirror, n*n)
		var vals [3]float64
		for k, m := range [][][]float64{ms[0], ms[1], avg} {
			x, y, v, err := search.SolveMatrixGame(m)
			if err != nil {
				t.Fatal(err)
			}
			vals[k] = v
			name := [...]string{"first-hand south", "first-hand north", "random, unseen"}[k]
			t.Logf("%dx%d %-16s value %+9.4f  South %s | North %s", n, n, name, v, strategyText('A', x), strategyText('a', y))
		}
		t.Logf("%dx%d coin flip seen before the choice: value %+9.4f (mean of the two); %v", n, n, (vals[0]+vals[1])/2, time.Since(t0).Round(time.Second))
	}
}
