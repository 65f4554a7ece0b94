package kalah_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

// tester is what the helpers need of a *testing.T, *testing.B, *testing.F
// or *rapid.T.
type tester interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func mustNew(t tester, o kalah.Options) *kalah.Rules {
	t.Helper()
	r, err := kalah.New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	return r
}

func mustParse(t testing.TB, s string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func TestNew(t *testing.T) {
	r := mustNew(t, kalah.Options{})
	if got, want := r.Options(), (kalah.Options{Houses: 6, Seeds: 4}); got != want {
		t.Errorf("KA-1/defaults: Options() = %+v, want %+v", got, want)
	}
	if got, want := r.Start().String(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S"; got != want {
		t.Errorf("KA-1/start: %q, want %q", got, want)
	}
	if got, want := r.String(), "kalahdemo"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := mustNew(t, kalah.Options{Houses: 3, Seeds: 2, Capture: kalah.CaptureStandard}).String(), "kalahdemo capture=standard houses=3 seeds=2"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, o := range []kalah.Options{
		{Houses: -1},
		{Houses: mancala.MaxHouses + 1},
		{Seeds: -3},
		{Houses: 12, Seeds: 11}, // 264 seeds > MaxSeeds
		{Capture: kalah.CaptureStandard + 1},
	} {
		if _, err := kalah.New(o); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("KA-1/New(%+v): error %v, want ErrUnsupported", o, err)
		}
	}
	if _, err := kalah.New(kalah.Options{Houses: 12, Seeds: 10}); err != nil {
		t.Errorf("KA-1/New(12 houses, 10 seeds): %v", err)
	}
}

func TestParseCapture(t *testing.T) {
	for _, c := range []kalah.Capture{kalah.CaptureEmpty, kalah.CaptureStandard} {
		got, err := kalah.ParseCapture(c.String())
		if err != nil || got != c {
			t.Errorf("KA-4/ParseCapture(%q) = %v, %v", c.String(), got, err)
		}
	}
	if _, err := kalah.ParseCapture("greedy"); !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("KA-4/ParseCapture(greedy): error %v, want ErrUnsupported", err)
	}
}

// TestMoves checks each rule on a hand-made position: the result of one
// move, written in position text.
func TestMoves(t *testing.T) {
	tests := []struct {
		name    string
		capture kalah.Capture
		houses  int
		seeds   int
		from    string
		move    string
		want    string
	}{
		{"KA-2/sow along own row", kalah.CaptureEmpty, 6, 4,
			"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", "A", "0,5,5,5,5,4/4,4,4,4,4,4 0,0 N"},
		{"KA-3/last seed in own store moves again", kalah.CaptureEmpty, 6, 4,
			"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", "C", "4,4,0,5,5,5/4,4,4,4,4,4 1,0 S"},
		{"KA-2/through own store into the opponent's row", kalah.CaptureEmpty, 6, 4,
			"4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", "F", "4,4,4,4,4,0/5,5,5,4,4,4 1,0 N"},
		{"KA-2/North sows through his store into South's row", kalah.CaptureEmpty, 6, 4,
			"4,4,4,4,4,0/5,5,5,4,4,4 1,0 N", "f", "5,5,5,4,4,0/5,5,5,4,4,0 1,1 S"},
		{"KA-2/skip the opponent's store", kalah.CaptureEmpty, 3, 4,
			// C (9 seeds): S-store, a b c, (North's store skipped), A B C, S-store, a.
			"1,1,9/1,1,1 4,6 S", "C", "2,2,1/3,2,2 6,6 N"},
		{"KA-2/origin not skipped on a lap, KA-4 then captures there", kalah.CaptureEmpty, 2, 3,
			// A (5 seeds = 2*2+1): B, S-store, a, b, A: last in the emptied A.
			"5,0/1,0 0,6 S", "A", "0,1/2,0 3,6 N"},
		{"KA-4/capture the opposite house", kalah.CaptureEmpty, 3, 4,
			// A (1 seed) into empty B; B is opposite b.
			"1,0,3/2,5,1 6,6 S", "A", "0,0,3/2,0,1 12,6 N"},
		{"KA-4/empty capture takes the last seed alone", kalah.CaptureEmpty, 3, 4,
			"1,0,3/2,0,6 6,6 S", "A", "0,0,3/2,0,6 7,6 N"},
		{"KA-4/standard capture leaves the seed when the opposite house is empty", kalah.CaptureStandard, 3, 4,
			"1,0,3/2,0,6 6,6 S", "A", "0,1,3/2,0,6 6,6 N"},
		{"KA-4/standard capture still takes a non-empty opposite house", kalah.CaptureStandard, 3, 4,
			"1,0,3/2,5,1 6,6 S", "A", "0,0,3/2,0,1 12,6 N"},
		{"KA-4/no capture in a non-empty own house", kalah.CaptureEmpty, 3, 4,
			"1,2,3/2,5,1 5,5 S", "A", "0,3,3/2,5,1 5,5 N"},
		{"KA-4/no capture in the opponent's empty house", kalah.CaptureEmpty, 3, 4,
			"1,0,2/0,7,1 7,6 S", "C", "1,0,0/1,7,1 8,6 N"},
		{"KA-4/North captures", kalah.CaptureEmpty, 3, 4,
			// a (1 seed) into empty b; b is opposite South's B.
			"3,5,1/1,0,2 6,6 N", "a", "3,0,1/0,0,2 6,12 S"},
		{"KA-5/mover's row empties: each takes his own row", kalah.CaptureEmpty, 3, 4,
			"0,0,1/2,3,1 10,7 S", "C", "0,0,0/0,0,0 11,13 -"},
		{"KA-5/capture empties the opponent's row", kalah.CaptureEmpty, 3, 4,
			"1,0,2/0,4,0 8,9 S", "A", "0,0,0/0,0,0 15,9 -"},
		{"KA-5/move again, but the row is empty: the game ends", kalah.CaptureEmpty, 3, 4,
			"0,0,1/4,1,1 9,8 S", "C", "0,0,0/0,0,0 10,14 -"},
		{"KA-2/many laps keep every count", kalah.CaptureEmpty, 2, 6,
			// A (20 seeds, ring of 5): 4 laps, each hole +4, last in A.
			"20,0/1,1 1,1 S", "A", "4,4/5,5 5,1 N"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustNew(t, kalah.Options{Houses: tt.houses, Seeds: tt.seeds, Capture: tt.capture})
			p, err := r.Setup(mustParse(t, tt.from))
			if err != nil {
				t.Fatalf("Setup(%s): %v", tt.from, err)
			}
			m, err := mancala.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			q, err := r.Play(p, m)
			if err != nil {
				t.Fatalf("Play(%s): %v", tt.move, err)
			}
			if got := q.String(); got != tt.want {
				t.Errorf("%s after %s:\n got %s\nwant %s", tt.from, tt.move, got, tt.want)
			}
			if q != r.Apply(p, m) {
				t.Errorf("Apply differs from Play")
			}
		})
	}
}

func TestPlayRefuses(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 3, Seeds: 4})
	p, err := r.Setup(mustParse(t, "0,2,4/3,1,2 6,6 S"))
	if err != nil {
		t.Fatal(err)
	}
	over := mustParse(t, "0,0,0/0,0,0 12,12 -")
	tests := []struct {
		name string
		p    mancala.Position
		m    mancala.Move
		also error
	}{
		{"KA-2/empty house", p, mancala.Single(mancala.South, 0), nil},
		{"KA-2/not his turn", p, mancala.Single(mancala.North, 1), nil},
		{"KA-1/no such house", p, mancala.Single(mancala.South, 3), nil},
		{"KA-2/joint move", p, mancala.Joint(1, 1), nil},
		{"KA-2/zero move", p, mancala.Move{}, nil},
		{"KA-5/game over", over, mancala.Single(mancala.South, 1), mancala.ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := r.Play(tt.p, tt.m)
			if !errors.Is(err, mancala.ErrIllegalMove) {
				t.Fatalf("Play(%v): error %v, want ErrIllegalMove", tt.m, err)
			}
			var me *mancala.MoveError
			if !errors.As(err, &me) || me.Rule == "" || me.Reason == "" {
				t.Errorf("error %#v: want a *MoveError with rule and reason", err)
			}
			if tt.also != nil && !errors.Is(err, tt.also) {
				t.Errorf("error %v, want it to wrap %v", err, tt.also)
			}
			if q != tt.p {
				t.Errorf("refused move changed the position: %v", q)
			}
			if mancala.IsLegal(r, tt.p, tt.m) {
				t.Errorf("refused move %v is listed by Legal", tt.m)
			}
		})
	}
}

func TestSetup(t *testing.T) {
	r := mustNew(t, kalah.Options{Houses: 3, Seeds: 2})
	bad := []string{
		"2,2/2,2 0,0 S",              // wrong number of houses
		"2,2,2/2,2,2 0,1 S",          // 13 seeds, want 12
		"2,2,2/2,2,2 0,0 B",          // both to move
		"2,2,2/2,2,2 0,0 -",          // over with seeds in houses
		"2,2,2/2,2,2 0,0 S r2",       // a round
		"2,2,2/2,2,2 0,0 S s1",       // state
		"2,2,1/2,2,2 0,0 S h1@A,0@S", // seeds in hand
		"x,2,2/2,2,2 2,0 S",          // burnt house
		"2,2,2/2,2,2 0,0 N r1 s10",   // round and state
	}
	for _, s := range bad {
		if _, err := r.Setup(mustParse(t, s)); !errors.Is(err, mancala.ErrInvalidPosition) {
			t.Errorf("KA-1/Setup(%q): error %v, want ErrInvalidPosition", s, err)
		}
	}
	good := []struct{ in, want string }{
		{"2,2,2/2,2,2 0,0 N", "2,2,2/2,2,2 0,0 N"},
		{"0,0,0/0,0,0 5,7 -", "0,0,0/0,0,0 5,7 -"},
		{"0,0,0/1,2,3 4,2 N", "0,0,0/0,0,0 4,8 -"}, // KA-5: an empty row ends the game
		{"3,0,1/0,0,0 1,7 S", "0,0,0/0,0,0 5,7 -"},
	}
	for _, g := range good {
		q, err := r.Setup(mustParse(t, g.in))
		if err != nil {
			t.Errorf("KA-5/Setup(%q): %v", g.in, err)
			continue
		}
		if q.String() != g.want {
			t.Errorf("KA-5/Setup(%q) = %q, want %q", g.in, q, g.want)
		}
	}
}

// TestAgainstModel plays random games under random options with the
// ruleset and with the naive model beside it, and compares the positions
// and legal moves after every move (KA-1 to KA-5).
func TestAgainstModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.IntRange(1, 7).Draw(t, "houses")
		n := rapid.IntRange(1, 8).Draw(t, "seeds")
		c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
		r, err := kalah.New(kalah.Options{Houses: m, Seeds: n, Capture: c})
		if err != nil {
			t.Fatal(err)
		}
		ref := newRef(m, n, c)
		p := r.Start()
		var buf []mancala.Move
		for ply := 0; ; ply++ {
			if diff := cmp.Diff(ref.position().String(), p.String()); diff != "" {
				t.Fatalf("ply %d: mismatch (-model +ruleset):\n%s", ply, diff)
			}
			if got := p.Board.Total(); got != 2*m*n {
				t.Fatalf("ply %d: %d seeds, want %d", ply, got, 2*m*n)
			}
			if ply > r.MaxPlies() {
				t.Fatalf("game longer than MaxPlies = %d", r.MaxPlies())
			}
			buf = r.Legal(buf[:0], p)
			var want []mancala.Move
			if ref.mover >= 0 {
				for i := 0; i < m; i++ {
					if ref.pits[ref.pit(ref.mover, i)] > 0 {
						want = append(want, mancala.Single(mancala.Player(ref.mover), i))
					}
				}
			}
			if !slices.Equal(want, buf) {
				t.Fatalf("ply %d: legal moves %v, model says %v", ply, buf, want)
			}
			if len(buf) == 0 {
				return
			}
			mv := buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")]
			q, err := r.Play(p, mv)
			if err != nil {
				t.Fatalf("ply %d: Play(%v): %v", ply, mv, err)
			}
			if a := r.Apply(p, mv); a != q {
				t.Fatalf("ply %d: Apply %v != Play %v", ply, a, q)
			}
			h, _ := mv.House(mancala.Player(ref.mover))
			ref.play(h)
			p = q
		}
	})
}

// TestBruteForceValues checks, for the smallest boards, that the model's
// minimax value agrees with a minimax over the ruleset (KA-6).
func TestBruteForceValues(t *testing.T) {
	for m := 1; m <= 3; m++ {
		for n := 1; n <= 3; n++ {
			for _, c := range []kalah.Capture{kalah.CaptureEmpty, kalah.CaptureStandard} {
				r := mustNew(t, kalah.Options{Houses: m, Seeds: n, Capture: c})
				want := refValue(newRef(m, n, c), map[string]int{})
				got, ok := mancalatest.Minimax(r, r.Start())
				if !ok || got != want {
					t.Errorf("KA-6/%v: value %d, model says %d", r, got, want)
				}
				t.Logf("%v: %d", r, want)
			}
		}
	}
}

func TestApplyAllocs(t *testing.T) {
	r := mustNew(t, kalah.Options{})
	p := r.Start()
	buf := make([]mancala.Move, 0, mancala.MaxHouses)
	rng := rand.New(rand.NewPCG(1, 2))
	allocs := testing.AllocsPerRun(100, func() {
		q := p
		for !q.Over() {
			buf = r.Legal(buf[:0], q)
			q = r.Apply(q, buf[rng.IntN(len(buf))])
		}
	})
	if allocs != 0 {
		t.Errorf("a game of Legal and Apply allocates %v times, want 0", allocs)
	}
}

func TestMaxPlies(t *testing.T) {
	r := mustNew(t, kalah.Options{})
	if got, want := r.MaxPlies(), 48+6*48*49/2; got != want {
		t.Errorf("MaxPlies() = %d, want %d", got, want)
	}
	// The longest random game seen is far below the bound; make sure the
	// bound is not beaten by quiet play on a board that allows a lot of it.
	r = mustNew(t, kalah.Options{Houses: 12, Seeds: 1, Capture: kalah.CaptureStandard})
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		_, plies := mancala.Playout(r, nil, r.Start(), rng, 0)
		if plies > r.MaxPlies() {
			t.Fatalf("a game of %d plies, bound %d", plies, r.MaxPlies())
		}
	}
}

func BenchmarkApply(b *testing.B) {
	r := mustNew(b, kalah.Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]mancala.Move, 0, mancala.MaxHouses)
	p := r.Start()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if p.Over() {
			p = r.Start()
		}
		buf = r.Legal(buf[:0], p)
		p = r.Apply(p, buf[rng.IntN(len(buf))])
	}
}

func BenchmarkPlayout(b *testing.B) {
	r := mustNew(b, kalah.Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	plies := 0
	for range b.N {
		_, n := mancala.Playout(r, nil, r.Start(), rng, 0)
		plies += n
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

func TestConformance(t *testing.T) {
	for _, tt := range []struct {
		o      kalah.Options
		starts []string
	}{
		// A mid-game position with a lap (F: 9 seeds) and a capture to come.
		{kalah.Options{}, []string{"1,0,0,0,0,9/0,0,0,0,0,1 20,17 N", "0,3,0,0,5,9/1,0,4,0,0,1 12,13 S"}},
		{kalah.Options{Capture: kalah.CaptureStandard}, []string{"0,3,0,0,5,9/1,0,4,0,0,1 12,13 S"}},
		{kalah.Options{Houses: 2, Seeds: 3}, nil},
		{kalah.Options{Houses: 3, Seeds: 3, Capture: kalah.CaptureStandard}, nil},
		{kalah.Options{Houses: 12, Seeds: 10}, nil},
		{kalah.Options{Houses: 1, Seeds: 3}, nil}, // only forced moves: the kit must still run
	} {
		r := mustNew(t, tt.o)
		t.Run(r.String(), func(t *testing.T) {
			var starts []mancala.Position
			for _, s := range tt.starts {
				starts = append(starts, mustParse(t, s))
			}
			mancalatest.TestRuleset(t, r, mancalatest.WithStarts(starts...))
		})
	}
}

// FuzzSetupPlay feeds arbitrary position text and moves to Setup and Play:
// nothing panics, a refused position or move changes nothing, and every
// accepted move keeps the seeds (KA-2) and yields a position that Setup
// accepts as it is.
func FuzzSetupPlay(f *testing.F) {
	f.Add("4,4,4,4,4,4/4,4,4,4,4,4 0,0 S", "CFa")
	f.Add("1,0,0,0,0,9/0,0,0,0,0,1 20,17 N", "fF")
	f.Add("0,0,0,0,0,0/0,0,0,0,0,0 24,24 -", "A")
	f.Fuzz(func(t *testing.T, text, moves string) {
		p, err := mancala.ParsePosition(text)
		if err != nil {
			return
		}
		for _, c := range []kalah.Capture{kalah.CaptureEmpty, kalah.CaptureStandard} {
			r, err := kalah.New(kalah.Options{Houses: p.Board.Houses(), Seeds: max(1, (p.Board.Total()+2*p.Board.Houses()-1)/(2*p.Board.Houses())), Capture: c})
			if err != nil {
				return
			}
			q, err := r.Setup(p)
			if err != nil {
				continue
			}
			for i := 0; i < len(moves); i++ {
				m, err := mancala.ParseMove(moves[i : i+1])
				if err != nil {
					continue
				}
				next, err := r.Play(q, m)
				if err != nil {
					if next != q {
						t.Fatalf("refused %v changed %v to %v", m, q, next)
					}
					continue
				}
				if next.Board.Total() != q.Board.Total() {
					t.Fatalf("%v after %v: %d seeds, were %d", next, m, next.Board.Total(), q.Board.Total())
				}
				if s, err := r.Setup(next); err != nil || s != next {
					t.Fatalf("Setup(%v) = %v, %v", next, s, err)
				}
				q = next
			}
		}
	})
}
