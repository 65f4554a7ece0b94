package search_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func TestTimeManagerMoveTime(t *testing.T) {
	p := toyKalah(6, 4).Start()
	for _, c := range []struct{ t, want time.Duration }{
		{time.Second, 980 * time.Millisecond},
		{100 * time.Millisecond, 90 * time.Millisecond},
	} {
		m := search.NewTimeManager(search.Limits{MoveTime: c.t}, p)
		if m.Hard() != c.want || m.Soft() != c.want {
			t.Errorf("MoveTime %v: soft %v, hard %v; want %v", c.t, m.Soft(), m.Hard(), c.want)
		}
	}
	m := search.NewTimeManager(search.Limits{Infinite: true, MoveTime: time.Second}, p)
	if m.Hard() != 0 || m.Soft() != 0 {
		t.Errorf("Infinite: soft %v, hard %v; want none", m.Soft(), m.Hard())
	}
}

func TestTimeManagerClock(t *testing.T) {
	r := toyKalah(6, 4)
	start := r.Start()
	north := start
	north.ToMove = mancala.NorthTurn
	both := start
	both.ToMove = mancala.BothTurn
	late := start // 4 seeds on the board, the rest in the stores
	if err := late.Board.SetCounts([2][mancala.MaxHouses]uint8{{2}, {2}}, [2]uint8{22, 22}); err != nil {
		t.Fatal(err)
	}
	clocks := func(s, n time.Duration) [2]time.Duration { return [2]time.Duration{s, n} }
	ms := time.Millisecond
	cases := []struct {
		l            search.Limits
		p            mancala.Position
		target, hard time.Duration
	}{
		// 50 s less 100 ms of reserve, over 30 moves.
		{search.Limits{Time: clocks(50*time.Second, time.Second)}, start, 49900 * ms / 30, 4 * (49900 * ms / 30)},
		// North reads his clock and increment: 900 ms over 30, plus 75 ms; hard at a quarter plus half the increment.
		{search.Limits{Time: clocks(50*time.Second, time.Second), Inc: [2]time.Duration{0, 100 * ms}}, north, 105 * ms, 275 * ms},
		// A simultaneous decision plans with the smaller clock.
		{search.Limits{Time: clocks(50*time.Second, time.Second), Inc: [2]time.Duration{0, 100 * ms}}, both, 30 * ms, 120 * ms},
		// Few seeds left: fewer moves to come (12), so more a move.
		{search.Limits{Time: clocks(12*time.Second, 0)}, late, 11900 * ms / 12, 11900 * ms / 4},
		// MovesToGo caps the moves to come.
		{search.Limits{Time: clocks(10*time.Second, 0), MovesToGo: 1}, start, 9900 * ms / 4, 9900 * ms / 4},
		// South to move with only North's clock given: a millisecond.
		{search.Limits{Time: clocks(0, time.Second)}, start, ms, ms},
	}
	for _, c := range cases {
		m := search.NewTimeManager(c.l, c.p)
		if m.Soft() != c.target || m.Hard() != c.hard {
			t.Errorf("%+v at %v: soft %v, hard %v; want %v, %v", c.l, c.p.ToMove, m.Soft(), m.Hard(), c.target, c.hard)
		}
		if m.Soft() > m.Hard() {
			t.Errorf("%+v: soft %v above hard %v", c.l, m.Soft(), m.Hard())
		}
	}
	if m := search.NewTimeManager(search.Limits{Depth: 5}, start); m.Hard() != 0 || m.Soft() != 0 {
		t.Errorf("a depth alone: soft %v, hard %v; want none", m.Soft(), m.Hard())
	}
}

func TestTimeManagerContinue(t *testing.T) {
	a, b := mancala.Single(mancala.South, 0), mancala.Single(mancala.South, 1)
	ms := time.Millisecond
	p := toyKalah(6, 4).Start()
	type step struct {
		res  search.Result
		at   time.Duration
		want bool
	}
	// A clock of 4000 ms with a reserve of 100 ms over the 30 moves to
	// come of the toy's start: a 130 ms aim with a 520 ms hard limit.
	l := search.Limits{Time: [2]time.Duration{4000 * ms, 4000 * ms}}
	m0 := search.NewTimeManager(l, p)
	if m0.Soft() != 130*ms || m0.Hard() != 520*ms {
		t.Fatalf("soft %v, hard %v", m0.Soft(), m0.Hard())
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"a proven value ends the search", []step{
			{search.Result{Move: a, Depth: 1, Exact: true}, ms, false}}},
		{"the aim spent", []step{
			{search.Result{Move: a, Depth: 1}, 1 * ms, true},
			{search.Result{Move: b, Depth: 2}, 2 * ms, true},
			{search.Result{Move: b, Depth: 3}, 131 * ms, false}}},
		{"the next iteration would not end before the hard limit", []step{
			{search.Result{Move: a, Depth: 1}, 20 * ms, true},
			{search.Result{Move: b, Depth: 2}, 120 * ms, false}}}, // 100 ms grown 5 times: past 520
		{"a stable best move halves the aim", []step{
			{search.Result{Move: a, Depth: 4}, 10 * ms, true},
			{search.Result{Move: a, Depth: 5}, 20 * ms, true},
			{search.Result{Move: a, Depth: 6}, 30 * ms, true},
			{search.Result{Move: a, Depth: 7}, 70 * ms, false}}},
		{"a new best move extends the aim", []step{
			{search.Result{Move: a, Depth: 4}, 10 * ms, true},
			{search.Result{Move: b, Depth: 5}, 60 * ms, true},
			{search.Result{Move: a, Depth: 6}, 140 * ms, true}, // past the aim, within half as much again
			{search.Result{Move: a, Depth: 7}, 200 * ms, false}}},
	}
	for _, c := range cases {
		m := search.NewTimeManager(l, p)
		for i, s := range c.steps {
			if got := m.Continue(s.res, s.at); got != s.want {
				t.Errorf("%s: step %d: Continue = %v, want %v", c.name, i, got, s.want)
			}
		}
	}
}

func TestLimitsCheck(t *testing.T) {
	for _, l := range []search.Limits{
		{Depth: -3}, {Nodes: -1}, {MoveTime: -5 * time.Millisecond}, {MovesToGo: -1},
		{Time: [2]time.Duration{-1, 0}}, {Time: [2]time.Duration{0, -1}}, {Inc: [2]time.Duration{0, -1}},
	} {
		err := l.Check()
		var le *search.LimitsError
		if !errors.Is(err, search.ErrLimits) || !errors.As(err, &le) {
			t.Errorf("%+v: %v, want a *LimitsError", l, err)
		}
		ab := search.NewAlphaBeta(search.AlphaBetaOptions{})
		if _, err := ab.SearchLimits(context.Background(), toyKalah(3, 3), nil, toyKalah(3, 3).Start(), l); !errors.Is(err, search.ErrLimits) {
			t.Errorf("%+v: SearchLimits %v, want ErrLimits", l, err)
		}
	}
	if err := (search.Limits{Depth: 1, Nodes: 1, MoveTime: 1}).Check(); err != nil {
		t.Error(err)
	}
}

// TestSearchLimits: the limits take the place of the options' for one
// search, and the options are kept.
func TestSearchLimits(t *testing.T) {
	r := toyKalah(6, 4)
	p := r.Start()
	var depths []int
	o := search.AlphaBetaOptions{Depth: 5, Time: time.Hour, Info: func(res search.Result) { depths = append(depths, res.Depth) }}
	ab := search.NewAlphaBeta(o)
	ctx := context.Background()
	check := func(what string, l search.Limits, wantDepth int) {
		t.Helper()
		depths = depths[:0]
		res, err := ab.SearchLimits(ctx, r, nil, p, l)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if res.Depth != wantDepth || len(depths) == 0 || depths[len(depths)-1] != wantDepth {
			t.Errorf("%s: depth %d (iterations %v), want %d", what, res.Depth, depths, wantDepth)
		}
		if got := ab.Options(); got.Depth != o.Depth || got.Time != o.Time || got.Info == nil {
			t.Errorf("%s: options changed: %+v", what, got)
		}
	}
	check("no limits: the options'", search.Limits{}, 5)
	check("a smaller depth", search.Limits{Depth: 3}, 3)
	check("a larger depth: the options' cap", search.Limits{Depth: 9}, 5)
	check("a generous clock: the options' depth", search.Limits{Time: [2]time.Duration{time.Hour, time.Hour}}, 5)

	// A forced move with a clock: one decision deep.
	forced := p
	if err := forced.Board.SetCounts([2][mancala.MaxHouses]uint8{{0, 0, 0, 0, 0, 1}, {4, 4, 4, 4, 4, 4}}, [2]uint8{12, 11}); err != nil {
		t.Fatal(err)
	}
	forced, err := r.Setup(forced)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Legal(nil, forced)); n != 1 {
		t.Fatalf("%d legal moves in the forced position", n)
	}
	depths = depths[:0]
	res, err := ab.SearchLimits(ctx, r, nil, forced, search.Limits{Time: [2]time.Duration{time.Hour, time.Hour}})
	if err != nil || res.Depth != 1 {
		t.Errorf("forced move: depth %d, %v; want 1", res.Depth, err)
	}

	// Infinite until cancelled.
	ab = search.NewAlphaBeta(search.AlphaBetaOptions{Time: time.Millisecond})
	cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	begun := time.Now()
	if _, err := ab.SearchLimits(cctx, r, nil, p, search.Limits{Infinite: true}); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(begun); el < 90*time.Millisecond {
		t.Errorf("Infinite stopped after %v, before its context", el)
	}
}

// TestSearchLimitsAllocs: a search within a clock allocates a few values
// (the time manager, its context and callback, and the result), the same
// however many nodes it visits.
func TestSearchLimitsAllocs(t *testing.T) {
	for _, r := range []mancala.Ruleset{toyKalah(5, 4), toyMatch(4, 3), toyAwale(4, 3)} {
		var counts [2]float64
		var nodes [2]int64
		for i, depth := range []int{2, 7} {
			a := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: depth, TableSize: 1 << 12})
			p := r.Start()
			ctx := context.Background()
			l := search.Limits{Time: [2]time.Duration{time.Hour, time.Hour}}
			if _, err := a.SearchLimits(ctx, r, nil, p, l); err != nil {
				t.Fatal(err)
			}
			counts[i] = testing.AllocsPerRun(5, func() {
				a.Reset()
				res, _ := a.SearchLimits(ctx, r, nil, p, l)
				nodes[i] = res.Nodes
			})
		}
		if counts[0] != counts[1] || counts[1] > 16 || nodes[1] < 4*nodes[0] {
			t.Errorf("%v: %v allocations per search of %d nodes, %v of %d", r, counts[0], nodes[0], counts[1], nodes[1])
		}
	}
}
