package sow_test

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

var update = flag.Bool("update", false, "write testdata/perft.txt from the engine's counts")

const perftFile = "testdata/perft.txt"

// perftDepth is the depth of each preset's perft count in the golden
// file: deeper on small boards.
func perftDepth(r *sow.Rules) int {
	if r.Config().Houses > 6 {
		return 5
	}
	return 6
}

// presets returns every preset of every catalogue game, built.
func presets(t testing.TB) []*sow.Rules {
	var rs []*sow.Rules
	for _, g := range sow.Catalogue() {
		for _, pr := range g.Family().Presets {
			r, err := g.Build(pr.Name)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
	}
	return rs
}

// TestPerft checks the engine's perft counts against testdata/perft.txt
// (written with -update) and, for every game without a tuzdyk, against
// the reference sower's.
func TestPerft(t *testing.T) {
	var lines []string
	for _, r := range presets(t) {
		d := perftDepth(r)
		l, e := mancala.Perft(r, nil, r.Start(), d)
		lines = append(lines, fmt.Sprintf("%s\t%d\t%d\t%d", r, d, l, e))
		if c := r.Config(); !c.Tuzdyk && !c.Simultaneous && refModels(c) && !testing.Short() { // SW-45: see the Congkak oracle
			rf := ref{c}
			if rl, re := rf.perft(nil, rf.start(), d); rl != l || re != e {
				t.Errorf("%s: perft(%d) = %d, %d; the reference sower's %d, %d", r, d, l, e, rl, re)
			}
		}
	}
	got := "# name\tdepth\tleaves\tterminal (go test ./mancala/sow -update)\n" + strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(perftFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); !strings.HasPrefix(l, "#") {
			name, _, _ := strings.Cut(l, "\t")
			want[name] = l
		}
	}
	for _, l := range lines {
		name, _, _ := strings.Cut(l, "\t")
		if want[name] != l {
			t.Errorf("perft: %q, want %q", l, want[name])
		}
		delete(want, name)
	}
	for name := range want {
		t.Errorf("perft: %s in %s but not in the catalogue", name, perftFile)
	}
}

// TestReference plays random games of every preset without a tuzdyk,
// and of configurations that mix the mechanisms, with the engine and the
// reference sower side by side, comparing legal moves and positions.
func TestReference(t *testing.T) {
	var rs []*sow.Rules
	for _, r := range presets(t) {
		if c := r.Config(); !c.Tuzdyk && !c.Simultaneous && refModels(c) { // SW-45: see the Congkak oracle
			rs = append(rs, r)
		}
	}
	mixed := []sow.Config{
		{Houses: 5, Seeds: 3, Stores: true, SowOwnStore: true, SowOpponentStore: true, Direction: sow.Clockwise,
			Relay: true, MaxLaps: 3, ExtraTurn: true, CaptureCounts: []int{4}, CaptureRow: sow.OwnRow, Successive: true,
			NoMove: sow.MoverTakes, FewSeeds: 4, Cycle: sow.Split},
		{Houses: 4, Pattern: []int{0, 2, 3, 1}, Stores: true, FirstInOrigin: true, MinSeeds: 2, NorthStarts: true,
			CaptureEven: true, CaptureRow: sow.AnyRow, Opposite: true, GrandSlam: sow.SlamForbiddenElseCapture, Feed: true,
			NoMove: sow.EmptyRowTakes, Cycle: sow.OwnerTakes},
		{Houses: 5, Seeds: 2, Stores: true, EitherWay: true, Relay: true, CaptureCounts: []int{2, 3}, Successive: true,
			Opposite: true, Feed: true, NoMove: sow.OwnerTakes, Cycle: sow.Split},
		{Houses: 8, Rows: 2, Seeds: 2, MinSeeds: 2, Relay: true, MaxLaps: 6, Opposite: true, OppositeWhenOccupied: true,
			OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true, CapturedSown: true, CannotMoveLoses: true,
			NoMove: sow.OpponentTakes, Cycle: sow.OwnerTakes},
		{Houses: 6, Rows: 2, Seeds: 3, MinSeeds: 3, SinglesLast: true, Relay: true, Opposite: true, OppositeBothRows: true,
			OppositeNeedsSeeds: true, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes},
		{Houses: 6, Rows: 2, Seeds: 1, Stores: true, Direction: sow.Clockwise, EitherWay: true, Relay: true,
			Opposite: true, OppositeBothRows: true, OppositeTakesLast: true, CaptureCounts: []int{3}, CaptureRow: sow.OwnRow,
			NoMove: sow.OwnerTakes, Cycle: sow.Split},
		{Houses: 5, Seeds: 2, Stores: true, SkipOrigin: true, Relay: true, MaxLaps: 20, SkipCount: 2, Opposite: true,
			OppositeNeedsSeeds: true, OppositeCount: 2, OppositeAll: true, OppositeTakesLast: true, ExtraTurn: true, SowOwnStore: true,
			NoMove: sow.OpponentTakes, Cycle: sow.OwnerTakes},
		{Houses: 6, Seeds: 3, Direction: sow.Clockwise, EitherWay: true, HouseWay: sow.Outward, Relay: true, MaxLaps: 10,
			CaptureCounts: []int{2, 4}, Successive: true, Pass: true, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}, // SW-40
		{Houses: 5, Seeds: 1, Stores: true, SowOwnStore: true, Direction: sow.Clockwise, EitherWay: true, SingleToEmpty: true,
			Relay: true, MaxLaps: 8, ExtraTurn: true, Opposite: true, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}, // SW-41
		{Houses: 4, Seeds: 3, Stores: true, TwoOut: true, Successive: true, MaxLaps: 12, SkipOrigin: true, Pass: true,
			NoMove: sow.MoverTakes, Cycle: sow.Split}, // SW-42
		{Houses: 5, Seeds: 2, TwoOut: true, Direction: sow.Clockwise, EitherWay: true, MinSeeds: 2, SinglesLast: true,
			NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}, // SW-42
		{Houses: 4, Seeds: 2, Stores: true, TwoOut: true, Pasu: 3, MaxLaps: 50, Rounds: true, RoundStarter: sow.AlternateStarts,
			RoundFill: sow.FillFromFar, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}, // SW-42 with SW-43 and SW-80
		{Houses: 4, Seeds: 2, Stores: true, TwoOut: true, Successive: true, WayByFirstMove: true, MaxLaps: 50, Rounds: true,
			RoundStarter: sow.AlternateStarts, RoundFill: sow.FillFromFar, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}, // SW-81 with SW-42, SW-43
		{Houses: 5, Seeds: 3, Stores: true, WayByFirstMove: true, CaptureCounts: []int{2, 3}, Successive: true, Feed: true,
			GrandSlam: sow.SlamForbidden, NoMove: sow.OwnerTakes, Cycle: sow.OwnerTakes}, // SW-81 on an Awalé board
		{Houses: 4, Seeds: 2, Stores: true, Relay: true, RelayNext: true, Successive: true, CaptureCounts: []int{4},
			Rounds: true, RoundStarter: sow.LastMoverStarts, NoMove: sow.OpponentTakes, Cycle: sow.OwnerTakes}, // SW-25 with SW-43
		{Houses: 3, Seeds: 2, Stores: true, SkipOrigin: true, Relay: true, Opposite: true, OppositeTakesLast: true,
			GrandSlam: sow.SlamNoCapture, Pass: true, Majority: true, NoMove: sow.OpponentTakes, Cycle: sow.OwnerTakes},
	}
	for _, c := range mixed {
		r, err := sow.New(c)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	n := 100
	if testing.Short() {
		n = 20
	}
	for i, r := range rs {
		rf := ref{r.Config()}
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		var ms []mancala.Move
		for range n {
			s, p := rf.start(), r.Start()
			var hs []refState
			var hp []mancala.Position
			for ply := 0; ; ply++ {
				if w, g := rf.position(s), p; w.Board != g.Board || w.ToMove != g.ToMove {
					if len(hp) > 0 {
						t.Logf("before: %v", hp[len(hp)-1])
					}
					t.Fatalf("%s (%d) after %d plies: %v, reference %v", r, i, ply, g, w)
				}
				ms = r.Legal(ms[:0], p)
				legal := rf.legal(s)
				if len(ms) != len(legal) {
					t.Fatalf("%s (%d) at %v: legal %v, reference %v", r, i, p, ms, legal)
				}
				for k, m := range ms {
					pl, _ := m.Player()
					h, _ := m.House(pl)
					if m.Reversed() || m.Across() {
						h += 16
					}
					if h != legal[k] {
						t.Fatalf("%s at %v: legal %v, reference %v", r, p, ms, legal)
					}
				}
				if len(ms) == 0 || ply > 2000 {
					break
				}
				k := rng.IntN(len(ms))
				hs, hp = append(hs, s), append(hp, p)
				s = rf.play(s, legal[k])
				if s.toMove >= 0 && containsState(hs, s) {
					s = rf.give(s, rf.c.Cycle, s.toMove)
				}
				p = mancala.EndCycle(r, hp, r.Apply(p, ms[k]))
			}
		}
	}
}

func containsState(h []refState, s refState) bool {
	for _, x := range h {
		if x.equal(s) {
			return true
		}
	}
	return false
}

// TestMirror checks a symmetry of the rules: a game sown clockwise is the
// mirror image of the same game sown anticlockwise (stores included, each
// after its owner's last house in the direction of sowing), so from a
// start that is its own mirror image both have the same perft counts.
func TestMirror(t *testing.T) {
	for _, name := range []string{"kalah", "oware", "ayoayo", "mangala", "sungka", "bohnenspiel", "hus"} {
		g, ok := sow.Lookup(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		c := g.Config
		if c.Pattern != nil {
			continue // not its own mirror image
		}
		m := c
		m.Direction = sow.Clockwise
		a, err := sow.New(c)
		if err != nil {
			t.Fatal(err)
		}
		b, err := sow.New(m)
		if err != nil {
			t.Fatal(err)
		}
		al, at := mancala.Perft(a, nil, a.Start(), 5)
		bl, bt := mancala.Perft(b, nil, b.Start(), 5)
		if al != bl || at != bt || al == 0 {
			t.Errorf("%s: perft(5) %d, %d anticlockwise, %d, %d clockwise", name, al, at, bl, bt)
		}
	}
}
