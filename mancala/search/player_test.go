package search_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// playGame plays a whole game between two engines (a as South) with
// search.PlayGame and returns the final position.
func playGame(t testing.TB, r mancala.Ruleset, a, b search.Engine) mancala.Position {
	t.Helper()
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := search.PlayGame(context.Background(), g, a, b, nil); err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

// score plays games between a and b with colours alternating and returns
// a's points (1 a win, 1/2 a draw).
func score(t testing.TB, r mancala.Ruleset, games int, a, b func(seed uint64) search.Engine) float64 {
	points := 0.0
	for i := range games {
		seed := uint64(i)
		var final mancala.Position
		if i%2 == 0 {
			final = playGame(t, r, a(seed), b(seed+1000))
		} else {
			final = playGame(t, r, b(seed+1000), a(seed))
		}
		d := search.FinalDifference(final)
		if i%2 == 1 {
			d = -d
		}
		switch {
		case d > 0:
			points++
		case d == 0:
			points += 0.5
		}
	}
	return points
}

// TestPlayersBeatRandom: every searching player (and Greedy) beats the
// random player clearly, in a game with turns of several decisions, one
// with simultaneous decisions and one with repetitions. The games are
// deterministic (seeded), so the scores are too.
func TestPlayersBeatRandom(t *testing.T) {
	players := map[string]func(seed uint64) search.Engine{
		"greedy": func(seed uint64) search.Engine { return search.NewGreedy(seed) },
		"alphabeta": func(seed uint64) search.Engine {
			return search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 4, Seed: seed})
		},
		"mcts": func(seed uint64) search.Engine { return search.NewMCTS(search.MCTSOptions{Playouts: 300, Seed: seed}) },
	}
	for _, r := range []mancala.Ruleset{toyKalah(4, 3), toyKalahSim(3, 3), toyAwale(4, 2)} {
		for name, p := range players {
			rr := r
			if name == "greedy" {
				// One-ply greed is little better than chance on small
				// boards; on a full Kalah board captures decide.
				rr = toyKalah(6, 4)
			}
			const games = 20
			if got := score(t, rr, games, p, func(seed uint64) search.Engine { return search.NewRandom(seed) }); got < 0.8*games {
				t.Errorf("%v: %s scored %v of %d against random", rr, name, got, games)
			}
		}
	}
}

func TestRandom(t *testing.T) {
	r := toyKalah(4, 3)
	g, _ := mancala.NewGame(r)
	counts := map[mancala.Move]int{}
	rnd := search.NewRandom(1)
	for range 4000 {
		m, err := rnd.Choose(context.Background(), g, mancala.South)
		if err != nil {
			t.Fatal(err)
		}
		counts[m]++
	}
	if len(counts) != 4 {
		t.Fatalf("choices %v, want all 4 houses", counts)
	}
	for m, n := range counts {
		if n < 800 || n > 1200 {
			t.Errorf("house %v chosen %d times of 4000: not uniform", m, n)
		}
	}
	// The same seed gives the same choices.
	a, b := search.NewRandom(9), search.NewRandom(9)
	for range 50 {
		x, _ := a.Choose(context.Background(), g, mancala.South)
		y, _ := b.Choose(context.Background(), g, mancala.South)
		if x != y {
			t.Fatal("same seed, different choices")
		}
	}
}

// TestGreedyBestImmediate: Greedy's choice has the best store difference
// after its own decision, in random positions.
func TestGreedyBestImmediate(t *testing.T) {
	for _, r := range []mancala.Ruleset{toyKalah(4, 3), toyMatch(3, 2)} {
		rapid.Check(t, func(t *rapid.T) {
			line := randomLine(t, r, 15)
			g, err := mancala.NewGame(r, mancala.From(line[len(line)-1]))
			if err != nil {
				t.Fatal(err)
			}
			p := g.Position()
			side := mancala.South
			if p.ToMove == mancala.NorthTurn {
				side = mancala.North
			}
			m, err := search.NewGreedy(rapid.Uint64().Draw(t, "seed")).Choose(context.Background(), g, side)
			if err != nil {
				t.Fatal(err)
			}
			// The average difference for side over the opponent's
			// choices (a single term when side decides alone).
			avg := func(h int) float64 {
				sum, n := 0.0, 0
				for _, mv := range r.Legal(nil, p) {
					if x, ok := mv.House(side); !ok || x != h {
						continue
					}
					q := r.Apply(p, mv)
					sum += float64(q.Board.Store(side) - q.Board.Store(side.Other()))
					n++
				}
				return sum / float64(n)
			}
			h, _ := m.House(side)
			got := avg(h)
			for _, c := range mancala.Choices(nil, r.Legal(nil, p), side) {
				if avg(c) > got+1e-9 {
					t.Fatalf("greedy chose %v (%v) in %v, but house %d gives %v", m, got, p, c, avg(c))
				}
			}
		})
	}
}

func TestMCTS(t *testing.T) {
	for _, r := range testRules {
		t.Run(fmt.Sprint(r), func(t *testing.T) {
			p := r.Start()
			var results []search.Result
			for range 2 {
				m := search.NewMCTS(search.MCTSOptions{Playouts: 500, Seed: 3})
				res, err := m.Search(context.Background(), r, nil, p)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, r, p, res)
				if res.Nodes != 500 || res.Reward < 0 || res.Reward > 1 || res.Value != 0 {
					t.Errorf("playouts %d reward %v value %v", res.Nodes, res.Reward, res.Value)
				}
				if p.ToMove == mancala.BothTurn {
					checkDistribution(t, res.Mixed.South)
					checkDistribution(t, res.Mixed.North)
				}
				results = append(results, res)
			}
			if x, y := results[0], results[1]; x.Move != y.Move || x.Reward != y.Reward || fmt.Sprint(x.PV) != fmt.Sprint(y.PV) {
				t.Errorf("same seed and playouts, different results: %+v, %+v", x, y)
			}
		})
	}
}

func checkDistribution(t *testing.T, p []float64) {
	t.Helper()
	sum := 0.0
	for _, x := range p {
		if x < 0 || x > 1 {
			t.Errorf("probability %v in %v", x, p)
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("distribution %v sums to %v", p, sum)
	}
}

// TestMCTSSimultaneous: in the matching game from the start, DUCT's visit
// frequencies approach the uniform optimal strategies.
func TestMCTSSimultaneous(t *testing.T) {
	r := toyMatch(3, 2)
	res, err := search.NewMCTS(search.MCTSOptions{Playouts: 6000, Seed: 1}).Search(context.Background(), r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if res.Mixed.South[i] < 0.15 || res.Mixed.North[i] < 0.15 {
			t.Errorf("visit frequencies %v %v far from uniform", res.Mixed.South, res.Mixed.North)
			break
		}
	}
}

// TestMCTSSimultaneousPure: each player's statistics are his own. North
// wins by mismatching South's only house (taking both houses) and loses by
// matching it, so DUCT must settle on North's house b.
func TestMCTSSimultaneousPure(t *testing.T) {
	r := toyMatch(2, 1)
	p, err := mancala.ParsePosition("1,0/1,5 4,0 B")
	if err != nil {
		t.Fatal(err)
	}
	res, err := search.NewMCTS(search.MCTSOptions{Playouts: 2000, Seed: 1}).Search(context.Background(), r, nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Mixed.North[1] < 0.8 || res.Mixed.South[0] != 1 {
		t.Errorf("visit frequencies South %v North %v, want North on b", res.Mixed.South, res.Mixed.North)
	}
}

func TestMCTSCancel(t *testing.T) {
	r := toyKalah(6, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result)
	go func() {
		res, _ := search.NewMCTS(search.MCTSOptions{Time: time.Hour}).Search(ctx, r, nil, r.Start())
		done <- res
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case res := <-done:
		checkResult(t, r, r.Start(), res)
	case <-time.After(10 * time.Second):
		t.Fatal("MCTS did not stop after cancellation")
	}
}

// TestMCTSSmallTree: a tree capped at a few nodes still searches.
func TestMCTSSmallTree(t *testing.T) {
	r := toyKalah(4, 3)
	res, err := search.NewMCTS(search.MCTSOptions{Playouts: 200, MaxNodes: 10, MaxPlayoutPlies: 5}).Search(context.Background(), r, nil, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, r, r.Start(), res)
}

func TestChooseErrors(t *testing.T) {
	r := toyKalah(3, 2)
	for _, spec := range []string{"random", "greedy", "alphabeta:depth=2", "mcts:playouts=10"} {
		p, err := search.ParseEngine(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := mancala.NewGame(r)
		if _, err := p.Choose(context.Background(), g, mancala.North); !errors.Is(err, search.ErrNoDecision) {
			t.Errorf("%s: North to choose when South decides: %v", spec, err)
		}
		if _, err := p.Choose(context.Background(), nil, mancala.South); err == nil {
			t.Errorf("%s: nil game accepted", spec)
		}
		_ = g.Concede(mancala.North)
		if _, err := p.Choose(context.Background(), g, mancala.South); !errors.Is(err, mancala.ErrGameOver) {
			t.Errorf("%s: choose after the end: %v", spec, err)
		}
	}
}

func TestParseEngine(t *testing.T) {
	good := []struct {
		spec  string
		check func(search.Engine) bool
	}{
		{"random", func(p search.Engine) bool { _, ok := p.(*search.Random); return ok }},
		{" greedy ", func(p search.Engine) bool { _, ok := p.(*search.Greedy); return ok }},
		{"alphabeta", func(p search.Engine) bool {
			a, ok := p.(*search.AlphaBeta)
			o := a.Options()
			return ok && o.Depth == 0 && o.Nodes == 0 && o.Time == 0 && o.TableSize == 0 && o.Eval == nil && o.Seed == 5
		}},
		{"alphabeta:depth=8", func(p search.Engine) bool { return p.(*search.AlphaBeta).Options().Depth == 8 }},
		{"alphabeta:time=100ms", func(p search.Engine) bool { return p.(*search.AlphaBeta).Options().Time == 100*time.Millisecond }},
		{"alphabeta:nodes=100000", func(p search.Engine) bool { return p.(*search.AlphaBeta).Options().Nodes == 100000 }},
		{"alphabeta:depth=6,time=1s", func(p search.Engine) bool {
			o := p.(*search.AlphaBeta).Options()
			return o.Depth == 6 && o.Time == time.Second
		}},
		{"alphabeta:table=1024", func(p search.Engine) bool { return p.(*search.AlphaBeta).Options().TableSize == 1024 }},
		{"mcts", func(p search.Engine) bool { return p.(*search.MCTS).Options() == search.MCTSOptions{Seed: 5} }},
		{"mcts:playouts=20000", func(p search.Engine) bool { return p.(*search.MCTS).Options().Playouts == 20000 }},
		{"mcts:time=100ms", func(p search.Engine) bool { return p.(*search.MCTS).Options().Time == 100*time.Millisecond }},
		{"mcts:playouts=5000, c=0.7,plies=50", func(p search.Engine) bool {
			o := p.(*search.MCTS).Options()
			return o.Playouts == 5000 && o.Exploration == 0.7 && o.MaxPlayoutPlies == 50
		}},
	}
	for _, tc := range good {
		p, err := search.ParseEngine(tc.spec, 5)
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		if !tc.check(p) {
			t.Errorf("%q: wrong player %#v", tc.spec, p)
		}
	}
	bad := []struct{ spec, want string }{
		{"", "empty spec"},
		{"minimax", `unknown player kind "minimax"`},
		{"random:depth=3", "takes no parameters"},
		{"alphabeta:", "empty parameter list"},
		{"alphabeta:depth", "not key=value"},
		{"alphabeta:depth=", "not key=value"},
		{"alphabeta:depth=0", "depth=0: want a positive integer"},
		{"alphabeta:depth=-3", "want a positive integer"},
		{"alphabeta:depth=x", "want a positive integer"},
		{"alphabeta:depth=1000", "at most"},
		{"alphabeta:time=fast", "want a positive duration"},
		{"alphabeta:time=-1s", "want a positive duration"},
		{"alphabeta:playouts=5", `unknown alphabeta parameter "playouts"`},
		{"alphabeta:depth=3,depth=4", "given twice"},
		{"mcts:playouts=1e3", "want a positive integer"},
		{"mcts:c=0", "want a positive number"},
		{"mcts:c=NaN", "want a positive number"},
		{"mcts:depth=3", `unknown mcts parameter "depth"`},
	}
	for _, tc := range bad {
		_, err := search.ParseEngine(tc.spec, 1)
		if !errors.Is(err, search.ErrBadSpec) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want ErrBadSpec saying %q", tc.spec, err, tc.want)
		}
	}
}

// FuzzParseEngine: any text gives an engine or an ErrBadSpec error, never
// a panic, and accepted specs make players that can choose a move.
func FuzzParseEngine(f *testing.F) {
	for _, s := range []string{"random", "greedy", "alphabeta:depth=2", "mcts:playouts=5,c=2", "alphabeta:time=1ms,nodes=9", "mcts:x=y"} {
		f.Add(s)
	}
	r := toyKalah(3, 2)
	f.Fuzz(func(t *testing.T, spec string) {
		p, err := search.ParseEngine(spec, 1)
		if err != nil {
			if !errors.Is(err, search.ErrBadSpec) {
				t.Fatalf("%q: error %v does not wrap ErrBadSpec", spec, err)
			}
			return
		}
		// Keep the fuzzer fast: bound whatever search the spec asked for.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		g, _ := mancala.NewGame(r)
		m, err := p.Choose(ctx, g, mancala.South)
		if err != nil || !mancala.IsLegal(r, g.Position(), m) {
			t.Fatalf("%q chose %v, %v", spec, m, err)
		}
	})
}
