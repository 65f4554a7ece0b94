package awale_test

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// updateFlag is -update, which rewrites testdata/perft.golden. It is
// defined here unless another test file of the package already has.
var updateFlag = func() flag.Getter {
	if f := flag.Lookup("update"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			return g
		}
	}
	flag.Bool("update", false, "rewrite the golden files in testdata")
	return flag.Lookup("update").Value.(flag.Getter)
}()

func updating() bool {
	v, _ := updateFlag.Get().(bool)
	return v
}

// perftConfig is a ruleset for the perft tests, by name.
type perftConfig struct {
	name     string
	opts     awale.Options
	maxDepth int // for the golden counts
}

func perftConfigs() []perftConfig {
	return []perftConfig{
		{"documents", awale.Documents(), 9},
		{"abapa", awale.Abapa(), 9},
		{"awari", awale.Awari(), 9},
		{"houses=4,seeds=3,captureall", awale.Options{Houses: 4, Seeds: 3, GrandSlam: awale.GrandSlamCaptureAll}, 10},
		{"houses=3,seeds=2,nocapture,split,majority", awale.Options{Houses: 3, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, Cycle: awale.CycleSplit, StopAtMajority: true}, 12},
		{"houses=2,seeds=5,forbiddenelsecapture", awale.Options{Houses: 2, Seeds: 5, GrandSlam: awale.GrandSlamForbiddenElseCapture}, 16},
		{"houses=1,seeds=5", awale.Options{Houses: 1, Seeds: 5}, 6},
		{"houses=8,seeds=2,abapa", awale.Options{Houses: 8, Seeds: 2, GrandSlam: awale.GrandSlamNoCapture, StopAtMajority: true}, 7},
		{"houses=7,seeds=5", awale.Options{Houses: 7, Seeds: 5}, 7},
	}
}

func perftRules(t testing.TB, o awale.Options) *awale.Rules {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPerftMatchesSlow checks Rules.Perft (the packed search with bulk
// counting and the 2n-move repetition window) against mancala.PerftSlow
// (Legal, Apply and EndCycle) from the start of every configuration.
func TestPerftMatchesSlow(t *testing.T) {
	for _, c := range perftConfigs() {
		r := perftRules(t, c.opts)
		depth := 7
		if c.opts.Houses != 0 && c.opts.Houses <= 4 {
			depth = 10 // small boards: deep enough for repetitions (AW-8) and endings (AW-7)
		}
		t.Run("AW-3..AW-10/"+c.name, func(t *testing.T) {
			for d := 0; d <= depth; d++ {
				l1, t1 := r.Perft(nil, r.Start(), d)
				l2, t2 := mancala.PerftSlow(r, nil, r.Start(), d)
				if l1 != l2 || t1 != t2 {
					t.Fatalf("depth %d: Perft = %d leaves, %d terminal; PerftSlow = %d, %d", d, l1, t1, l2, t2)
				}
			}
		})
	}
}

// TestPerftFromGames checks Rules.Perft against PerftSlow from positions in
// the middle of random games, with the games' history, where repetitions
// (AW-8), feeding (AW-5), grand slams (AW-6) and endings (AW-7, AW-10) are
// frequent.
func TestPerftFromGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	terminal := int64(0)
	for _, c := range perftConfigs() {
		r := perftRules(t, c.opts)
		t.Run("AW-5..AW-10/"+c.name, func(t *testing.T) {
			checked := 0
			for game := 0; checked < 30 && game < 1000; game++ {
				g, _ := mancala.NewGame(r)
				cut := rng.IntN(100)
				for i := 0; i < cut && !g.Over(); i++ {
					moves := g.Legal()
					if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
						t.Fatal(err)
					}
				}
				if g.Over() {
					continue
				}
				ps := g.Positions()
				history, p := ps[:len(ps)-1], ps[len(ps)-1]
				for d := 1; d <= 5; d++ {
					l1, t1 := r.Perft(history, p, d)
					l2, t2 := mancala.PerftSlow(r, history, p, d)
					if l1 != l2 || t1 != t2 {
						t.Fatalf("from %v after %q, depth %d: Perft = %d leaves, %d terminal; PerftSlow = %d, %d",
							p, g.MovesText(), d, l1, t1, l2, t2)
					}
					terminal += t2
				}
				checked++
			}
			if checked < 10 {
				t.Errorf("only %d positions checked", checked)
			}
		})
	}
	if terminal < 100 {
		t.Errorf("only %d terminal leaves checked", terminal)
	}
}

// TestPerftOddHistory checks Perft with histories that no real game has
// (positions with greater stores than the root's, or of another ruleset):
// it must still agree with PerftSlow.
func TestPerftOddHistory(t *testing.T) {
	r := perftRules(t, awale.Documents())
	p, err := r.Setup(perftParse(t, "2,0,0,0,0,0/1,0,0,0,0,0 22,23 S"))
	if err != nil {
		t.Fatal(err)
	}
	// The position four moves on, as if it were in the history with
	// greater stores; and p itself with other stores.
	later := p
	for i := 0; i < 4; i++ {
		later = r.Apply(later, r.Legal(nil, later)[0])
	}
	histories := [][]mancala.Position{
		{later},
		{perftParse(t, "2,0,0,0,0,0/1,0,0,0,0,0 21,24 S")},
		{perftParse(t, "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S r2")},
		{p, p},
	}
	for i, h := range histories {
		for d := 0; d <= 14; d++ {
			l1, t1 := r.Perft(h, p, d)
			l2, t2 := mancala.PerftSlow(r, h, p, d)
			if l1 != l2 || t1 != t2 {
				t.Fatalf("AW-8: history %d, depth %d: Perft = %d, %d; PerftSlow = %d, %d", i, d, l1, t1, l2, t2)
			}
		}
	}
}

// TestPerftGolden compares Rules.Perft from the start of each
// configuration with the counts in testdata/perft.golden, written by
// `go test -run TestPerftGolden ./awale -update`. The counts up to depth 7
// (10 on small boards) are those that TestPerftMatchesSlow checks against
// PerftSlow; the deeper ones guard the fast search against regressions.
func TestPerftGolden(t *testing.T) {
	path := filepath.Join("testdata", "perft.golden")
	var got strings.Builder
	got.WriteString("# Awalé perft from the start: config depth leaves terminal.\n")
	got.WriteString("# Written by go test -run TestPerftGolden ./awale -update; do not edit.\n")
	for _, c := range perftConfigs() {
		r := perftRules(t, c.opts)
		for d := 1; d <= c.maxDepth; d++ {
			l, term := r.Perft(nil, r.Start(), d)
			fmt.Fprintf(&got, "%s %d %d %d\n", c.name, d, l, term)
		}
	}
	if updating() {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	wantLines := goldenLines(string(want))
	gotLines := goldenLines(got.String())
	for i := 0; i < len(wantLines) || i < len(gotLines); i++ {
		var w, g string
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if w != g {
			t.Errorf("perft.golden line %d: want %q, got %q", i+1, w, g)
		}
	}
}

func goldenLines(s string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		if l := sc.Text(); !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

func perftParse(t testing.TB, text string) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPlayoutCap checks that Playout stops exactly at maxPlies with a game
// still going, or earlier with a finished one, on both engines, and that
// the position it stops in is one Setup accepts unchanged (AW-7, AW-8).
func TestPlayoutCap(t *testing.T) {
	for _, o := range []awale.Options{awale.Documents(), awale.Abapa(), awale.Awari(), {Houses: 10, Seeds: 3}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		for g := uint64(0); g < 30; g++ {
			limit := 1 + int(g*5)
			p, n := r.Playout(nil, r.Start(), rand.New(rand.NewPCG(g, 2)), limit)
			if n > limit || (n < limit && !p.Over()) || (n == limit && p.Board.Total() != r.Start().Board.Total()) {
				t.Fatalf("%v seed %d cap %d: %d plies, over=%v, %v", r, g, limit, n, p.Over(), p)
			}
			if s, err := r.Setup(p); err != nil || s != p {
				t.Fatalf("%v seed %d cap %d: Setup(%v) = %v, %v", r, g, limit, p, s, err)
			}
		}
	}
}
