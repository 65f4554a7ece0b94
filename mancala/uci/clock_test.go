package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func TestMoveTimeLimit(t *testing.T) {
	for _, c := range []struct{ t, want time.Duration }{
		{time.Second, 980 * time.Millisecond},
		{100 * time.Millisecond, 90 * time.Millisecond},
	} {
		if got := moveTimeLimit(c.t); got != c.want {
			t.Errorf("moveTimeLimit(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}

func TestAllot(t *testing.T) {
	r, err := awale.New(awale.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := r.Start()
	north := start
	north.ToMove = mancala.NorthTurn
	late := start // 4 seeds on the board, the rest in the stores
	if err := late.Board.SetCounts([2][mancala.MaxHouses]uint8{{2}, {2}}, [2]uint8{22, 22}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		gp           GoParams
		p            mancala.Position
		target, hard time.Duration
		ok           bool
	}{
		// 50 s less 100 ms of reserve, over 30 moves.
		{GoParams{WTime: 50 * time.Second, BTime: time.Second}, start, 49900 * time.Millisecond / 30, 4 * (49900 * time.Millisecond / 30), true},
		// North reads btime and binc: 900 ms over 30, plus 75 ms; hard at a quarter plus half the increment.
		{GoParams{WTime: 50 * time.Second, BTime: time.Second, BInc: 100 * time.Millisecond}, north, 105 * time.Millisecond, 275 * time.Millisecond, true},
		// Few seeds left: fewer moves to come (12), so more a move.
		{GoParams{WTime: 12 * time.Second}, late, 11900 * time.Millisecond / 12, 11900 * time.Millisecond / 4, true},
		// movestogo caps the moves to come.
		{GoParams{WTime: 10 * time.Second, MovesToGo: 1}, start, 9900 * time.Millisecond / 4, 9900 * time.Millisecond / 4, true},
		{GoParams{BTime: time.Second}, start, 0, 0, false},
		{GoParams{Depth: 5}, start, 0, 0, false},
	}
	for _, c := range cases {
		target, hard, ok := allot(c.gp, c.p)
		if ok != c.ok || target != c.target || hard != c.hard {
			t.Errorf("%+v: allot %v, %v, %v; want %v, %v, %v", c.gp, target, hard, ok, c.target, c.hard, c.ok)
		}
		left := c.gp.WTime
		if c.p.ToMove == mancala.NorthTurn {
			left = c.gp.BTime
		}
		if ok && (target > hard || hard >= left) {
			t.Errorf("%+v: target %v, hard %v, clock %v: want target <= hard < clock", c.gp, target, hard, left)
		}
	}
}

func TestMover(t *testing.T) {
	a, b := mancala.Single(mancala.South, 0), mancala.Single(mancala.South, 1)
	ms := time.Millisecond
	type step struct {
		res  search.Result
		at   time.Duration
		want bool
	}
	cases := []struct {
		name         string
		target, hard time.Duration
		steps        []step
	}{
		{"a proven value ends the search", 100 * ms, 400 * ms, []step{
			{search.Result{Move: a, Depth: 1, Exact: true}, ms, false}}},
		{"the target spent", 100 * ms, 400 * ms, []step{
			{search.Result{Move: a, Depth: 1}, 1 * ms, true},
			{search.Result{Move: b, Depth: 2}, 2 * ms, true},
			{search.Result{Move: b, Depth: 3}, 101 * ms, false}}},
		{"the next iteration would not end before the hard limit", 100 * ms, 400 * ms, []step{
			{search.Result{Move: a, Depth: 1}, 10 * ms, true},
			{search.Result{Move: b, Depth: 2}, 80 * ms, false}}}, // 70 ms grown 6 times: past 400
		{"a stable best move halves the target", 100 * ms, 1000 * ms, []step{
			{search.Result{Move: a, Depth: 4}, 10 * ms, true},
			{search.Result{Move: a, Depth: 5}, 20 * ms, true},
			{search.Result{Move: a, Depth: 6}, 30 * ms, true},
			{search.Result{Move: a, Depth: 7}, 55 * ms, false}}},
		{"a new best move extends the target", 100 * ms, 1000 * ms, []step{
			{search.Result{Move: a, Depth: 4}, 10 * ms, true},
			{search.Result{Move: b, Depth: 5}, 20 * ms, true},
			{search.Result{Move: a, Depth: 6}, 110 * ms, true},
			{search.Result{Move: a, Depth: 7}, 140 * ms, false}}},
	}
	for _, c := range cases {
		m := &mover{target: c.target, hard: c.hard}
		for i, s := range c.steps {
			if got := m.next(s.res, s.at); got != s.want {
				t.Errorf("%s: step %d: next = %v, want %v", c.name, i, got, s.want)
			}
		}
	}
}

// TestClockForcedMove: with a clock, a position with one legal move is
// answered after a one-decision search, however much time is left.
func TestClockForcedMove(t *testing.T) {
	s := newSession(t, EngineConfig{NoBook: true}) // the start is in the book
	s.send("position fen 0-0-0-0-0-1-4-4-4-4-4-4-12-11-S")
	s.send("go wtime 600000 btime 600000")
	line, before := s.expect("bestmove ")
	if line != "bestmove F" {
		t.Errorf("%q, want bestmove F", line)
	}
	for _, l := range before {
		if strings.HasPrefix(l, "info depth ") && !strings.HasPrefix(l, "info depth 1 ") {
			t.Errorf("searched deeper than one decision: %q", l)
		}
	}
	// With a clock and a choice of moves, the search goes deeper.
	s.send("position startpos")
	s.send("go wtime 2000 btime 2000")
	_, before = s.expect("bestmove ")
	deep := false
	for _, l := range before {
		deep = deep || strings.HasPrefix(l, "info depth 2 ")
	}
	if !deep {
		t.Errorf("no second iteration from the start with a 2 s clock: %q", before)
	}
	s.quit()
}
