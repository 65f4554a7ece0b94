package awale_test

import (
	"context"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// ownRowRules returns rules of n houses a side with the grand slam rule gs,
// the own-row cycle rule (AW-8) and, with majority, the stop at a majority
// (AW-10), with seeds enough for k seeds in houses, and their bound game.
func ownRowRules(t testing.TB, n int, gs awale.GrandSlam, majority bool, seeds int) (*awale.Rules, endgame.Game, bool) {
	t.Helper()
	r, err := awale.New(awale.Options{Houses: n, Seeds: seeds, GrandSlam: gs, Cycle: awale.CycleOwnRow, StopAtMajority: majority})
	if err != nil {
		t.Fatal(err)
	}
	g, winnerOnly, err := r.CycleBounds()
	if err != nil {
		t.Fatal(err)
	}
	if winnerOnly != majority {
		t.Fatalf("%v: CycleBounds says winnerOnly %v", r, winnerOnly)
	}
	return r, g, winnerOnly
}

// historyBrute is the minimax of the rules' own game (Legal, Apply, Cycle)
// with the line since the last capture: a move to a position of the line
// ends the game as Rules.Cycle ends it (AW-8, each player takes his own
// row); after a capture (the stores change) no earlier position can come
// back, and the value of a position is kept by the whole position.
type historyBrute struct {
	r      *awale.Rules
	memo   map[mancala.Position]int
	budget int // nodes left, if limited (0: no limit)
	limit  bool
}

// value returns what p's mover gains from p on minus what his opponent
// gains, under perfect play, when the positions of line (since the last
// capture, p last) have been played; it returns false if the node budget
// ran out first.
func (b *historyBrute) value(p mancala.Position, line []mancala.Position) (int, bool) {
	if b.limit {
		if b.budget--; b.budget < 0 {
			return 0, false
		}
	}
	me, _ := p.ToMove.Player()
	best := -1 << 30
	for _, m := range b.r.Legal(nil, p) {
		q := b.r.Apply(p, m)
		g := diff(q, me) - diff(p, me)
		var v int
		switch {
		case q.Over():
			v = g
		case q.Board.Store(mancala.South) != p.Board.Store(mancala.South) || q.Board.Store(mancala.North) != p.Board.Store(mancala.North):
			f, ok := b.fresh(q)
			if !ok {
				return 0, false
			}
			v = g - f
		default:
			repeated := false
			for _, x := range line {
				repeated = repeated || x == q
			}
			if repeated {
				v = diff(b.r.Cycle(q), me) - diff(p, me)
			} else {
				w, ok := b.value(q, append(line[:len(line):len(line)], q))
				if !ok {
					return 0, false
				}
				v = -w
			}
		}
		best = max(best, v)
	}
	return best, true
}

// fresh returns the value of p for its mover with no position before it
// that can come back.
func (b *historyBrute) fresh(p mancala.Position) (int, bool) {
	if v, ok := b.memo[p]; ok {
		return v, true
	}
	v, ok := b.value(p, []mancala.Position{p})
	if ok {
		b.memo[p] = v
	}
	return v, ok
}

// TestBoundsHoldFreshAW8 checks, on small boards, for every configuration
// of every count up to k, that the value of a game starting there under
// the own-row cycle rule (AW-8), found by a minimax that follows the
// repetitions of the line (historyBrute), lies within the bounds [L, U],
// and equals them where they meet; for the grand slam rules of the
// documents, Abapa (no capture) and Awari (AW-6).
func TestBoundsHoldFreshAW8(t *testing.T) {
	slow(t)
	for _, gs := range []awale.GrandSlam{awale.GrandSlamNoCapture, awale.GrandSlamForbidden, awale.GrandSlamForbiddenElseCapture} {
		sizes := [][2]int{{1, 12}, {2, 6}, {3, 3}, {6, 2}}
		if raceEnabled {
			sizes = [][2]int{{1, 8}, {2, 4}, {3, 2}}
		}
		for _, nk := range sizes {
			n, k := nk[0], nk[1]
			t.Run(fmt.Sprintf("%v/%dx%d", gs, n, k), func(t *testing.T) {
				r, g, _ := ownRowRules(t, n, gs, false, max(1, (k+2*n-1)/(2*n)))
				b, err := endgame.BuildBounds(context.Background(), g, "", k, endgame.Options{})
				if err != nil {
					t.Fatal(err)
				}
				br := &historyBrute{r: r, memo: make(map[mancala.Position]int)}
				exact, all := 0, 0
				for j := 0; j <= k; j++ {
					configs(2*n, j, func(c *endgame.Config) {
						p := position(t, r, n, c)
						want := diff(p, mancala.South) - (2*n*r.Options().Seeds - j)
						if !p.Over() {
							want, _ = br.fresh(p)
						}
						lo, hi, ok := b.Bounds(c)
						switch {
						case !ok || lo > want || hi < want:
							t.Fatalf("%v: bounds %d to %d (%v), true value %d", c[:2*n], lo, hi, ok, want)
						case lo == hi:
							exact++
						}
						all++
					})
				}
				t.Logf("%d of %d configurations exact", exact, all)
			})
		}
	}
}

// TestBoundsHistoryAW8 plays random games under the own-row cycle rule
// (AW-8) and checks at each position the true value with the game's line
// since the last capture: at a position with no earlier position that can
// come back (the start, or just after a capture) it lies within [L, U];
// at any other it lies within [min(L, s), max(U, S)], where s and S are
// the least and the greatest of what the mover would get from a
// repetition of a position of the line (his row minus his opponent's
// there): a repetition of an earlier position can end the game outside
// [L, U], which is why the searches trust the bounds only where nothing
// can come back.
func TestBoundsHistoryAW8(t *testing.T) {
	slow(t)
	type board struct {
		n, seeds int
		gs       awale.GrandSlam
	}
	boards := []board{{2, 1, awale.GrandSlamNoCapture}, {1, 3, awale.GrandSlamNoCapture}, {2, 2, awale.GrandSlamNoCapture}, {2, 1, awale.GrandSlamForbidden}}
	type built struct {
		r *awale.Rules
		b *endgame.BoundsDB
	}
	if raceEnabled {
		boards = []board{{2, 1, awale.GrandSlamNoCapture}, {1, 3, awale.GrandSlamNoCapture}}
	}
	var tables []built
	for _, bd := range boards {
		r, g, _ := ownRowRules(t, bd.n, bd.gs, false, bd.seeds)
		b, err := endgame.BuildBounds(context.Background(), g, "", 2*bd.n*bd.seeds, endgame.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, built{r, b})
	}
	outside, checked, skipped := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		tb := tables[rapid.IntRange(0, len(tables)-1).Draw(t, "board")]
		r := tb.r
		br := &historyBrute{r: r, memo: make(map[mancala.Position]int)}
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		var line []mancala.Position
		for ply := 0; ply < 24 && !g.Over(); ply++ {
			p := g.Position()
			if len(line) > 0 {
				last := line[len(line)-1]
				if last.Board.Store(mancala.South) != p.Board.Store(mancala.South) || last.Board.Store(mancala.North) != p.Board.Store(mancala.North) {
					line = line[:0]
				}
			}
			line = append(line, p)
			me, _ := p.ToMove.Player()
			lo, hi, ok := tb.b.PositionBounds(p)
			if !ok {
				t.Fatalf("%v: no bounds", p)
			}
			br.budget, br.limit = 4_000, true
			v, ok := br.value(p, line)
			if !ok {
				skipped++
			} else if len(line) == 1 {
				if v < lo || v > hi {
					t.Fatalf("ply %d, %v, nothing before it can come back: bounds %d to %d, true value %d", ply, p, lo, hi, v)
				}
			} else {
				s, S := lo, hi
				for _, x := range line[:len(line)-1] {
					split := x.Board.RowSeeds(me) - x.Board.RowSeeds(me.Other())
					s, S = min(s, split), max(S, split)
				}
				if v < s || v > S {
					t.Fatalf("ply %d, %v after %d positions since the last capture: bounds %d to %d, widened by the line to %d to %d, true value %d",
						ply, p, len(line)-1, lo, hi, s, S, v)
				}
				if v < lo || v > hi {
					outside++
				}
				checked++
			}
			legal := g.Legal()
			if err := g.Play(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Logf("%d positions with a history checked, %d of them outside [L, U]; %d positions over the brute force's budget", checked, outside, skipped)
}

// abapaPosition returns configuration c of n houses a side with South to
// move and the stores s (South's) and o (North's), or false if r refuses
// it or it is over.
func abapaPosition(t testing.TB, r *awale.Rules, n int, c *endgame.Config, s, o int) (mancala.Position, bool) {
	b, err := mancala.NewBoard(n, 0)
	if err != nil {
		t.Fatal(err)
	}
	var rows [2][mancala.MaxHouses]uint8
	copy(rows[0][:n], c[:n])
	copy(rows[1][:n], c[n:2*n])
	if err := b.SetCounts(rows, [2]uint8{uint8(s), uint8(o)}); err != nil {
		t.Fatal(err)
	}
	p, err := r.Setup(mancala.Position{Board: b, ToMove: mancala.SouthTurn})
	return p, err == nil && !p.Over()
}

// TestBoundsProveAbapaAW10 checks BoundsDB.Prove under the stop at a
// majority (AW-10, winnerOnly) with the grand slam rule of Abapa (AW-6 no
// capture) and the own-row cycle rule (AW-8): for every configuration of
// small boards and every split of the other seeds between the stores that
// the rules accept and that is not over, a result that Prove claims (win,
// loss, draw) is the true result of the game of the Abapa ruleset itself
// (which stops at the majority) from there, found by historyBrute, and
// the bounds contain the true final difference. (The brute force has a
// node budget: positions beyond it are not checked, and counted.)
func TestBoundsProveAbapaAW10(t *testing.T) {
	slow(t)
	sizes := [][2]int{{1, 3}, {2, 1}, {2, 2}}
	if raceEnabled {
		sizes = sizes[:2]
	}
	for _, nk := range sizes {
		n, seeds := nk[0], nk[1]
		t.Run(fmt.Sprintf("%dx%d", n, seeds), func(t *testing.T) {
			r, g, winnerOnly := ownRowRules(t, n, awale.GrandSlamNoCapture, true, seeds)
			total := 2 * n * seeds
			b, err := endgame.BuildBounds(context.Background(), g, "", total, endgame.Options{})
			if err != nil {
				t.Fatal(err)
			}
			br := &historyBrute{r: r, memo: make(map[mancala.Position]int)}
			proven, all := 0, 0
			for j := 1; j <= total; j++ {
				configs(2*n, j, func(c *endgame.Config) {
					for s := 0; s <= total-j; s++ {
						p, ok := abapaPosition(t, r, n, c, s, total-j-s)
						if !ok {
							continue
						}
						lo, hi, ok := b.Prove(p, winnerOnly)
						if !ok {
							continue
						}
						all++
						br.budget, br.limit = 5_000, true
						v, ok := br.fresh(p)
						if !ok {
							continue
						}
						proven++
						final := s - (total - j - s) + v
						if final < lo || final > hi {
							t.Fatalf("%v stores %d-%d: proven %d to %d, true final difference %d", c[:2*n], s, total-j-s, lo, hi, final)
						}
					}
				})
			}
			t.Logf("%d positions proven, %d of them checked (the others over the brute force's budget)", all, proven)
		})
	}
}
