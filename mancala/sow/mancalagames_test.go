package sow_test

// The differential test against MancalaGames, an independent Python program
// that models about 140 two-row sowing games (see ORACLES.md for how to
// fetch it and how its driver works). The driver is not part of this
// module: the test runs only when SOWING_MANCALAGAMES names the command
// that starts it, for example
//
//	SOWING_MANCALAGAMES="python3 /work/scratch/mgdriver/driver.py" \
//		go test ./mancala/sow -run MancalaGames -mancalagames.games=1000
//
// Each pair of the table plays the same random games on both sides, move
// for move, and compares after every move the houses, the stores, the
// player to move, the legal moves, and at the end the winner and the
// scores. The first difference of each game is reported with the game's
// moves and both sides' views.

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	_ "github.com/sowing-games/sowing/awale"
	_ "github.com/sowing-games/sowing/congkak"
	_ "github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
)

var (
	mgGames = flag.Int("mancalagames.games", 1000, "random games per ruleset in the MancalaGames differential test")
	mgSeed  = flag.Uint64("mancalagames.seed", 1, "seed of the random games of the MancalaGames differential test")
	mgShow  = flag.Int("mancalagames.show", 3, "differences reported in full per ruleset")
	mgBench = flag.Int("mancalagames.bench", 0, "random games per ruleset in the speed table of TestMancalaGamesSpeed (0: skip it)")
)

// mgMaxPlies ends a random game that has not ended by then on either side.
const mgMaxPlies = 3000

// mgState is one side's view of a position.
type mgState struct {
	south, north []int
	stores       [2]int
	turn         string // "S", "N" or "-" once the game is over
	win          string // "S", "N", "D", or "-" while it goes on
	endless      bool   // MancalaGames ended the game on its lap limit
	// burnt holds each side's burnt (blocked) houses, bit i his house i
	// (SW-43), when known: a driver that does not report them (no blk=)
	// leaves known false, and they are not compared.
	burnt [2]uint16
	known bool
	legal []int
	// moves are our legal moves, in the order of legal (ours only).
	moves []mancala.Move
}

func (s mgState) String() string {
	return fmt.Sprintf("S=%v N=%v stores=%v turn=%s win=%s legal=%v burnt=%#x,%#x",
		s.south, s.north, s.stores, s.turn, s.win, s.legal, s.burnt[0], s.burnt[1])
}

// mirrored returns s with each row read the other way (see mgPair.mirror).
func (s mgState) mirrored() mgState {
	n := len(s.south)
	m := s
	m.south = slices.Clone(s.south)
	m.north = slices.Clone(s.north)
	slices.Reverse(m.south)
	slices.Reverse(m.north)
	for p := range m.burnt {
		m.burnt[p] = bits.Reverse16(s.burnt[p]) >> (16 - n)
	}
	m.legal = nil
	for _, i := range s.legal {
		m.legal = append(m.legal, n-1-i)
	}
	slices.Sort(m.legal)
	return m
}

// mgDiff is the first difference found in one game.
type mgDiff struct {
	moves     []string         // the game so far, in our notation
	now       mancala.Position // the position where they differ
	before    mancala.Position
	ours, mgs mgState
	// roundEnded: the last move ended a round (mancala.Rounder).
	roundEnded bool
	what       string
}

func TestMancalaGames(t *testing.T) {
	cmdline := os.Getenv("SOWING_MANCALAGAMES")
	if cmdline == "" {
		t.Skip("SOWING_MANCALAGAMES is not set: it names the command of the MancalaGames driver (see mancala/sow/ORACLES.md)")
	}
	d := startMGDriver(t, strings.Fields(cmdline))
	for _, pair := range mgPairs {
		t.Run(pair.ours+" | "+pair.mg(), func(t *testing.T) {
			// Each pair's games depend only on the seed and the pair, not
			// on its place in the table.
			h := fnv.New64a()
			io.WriteString(h, pair.ours+"|"+pair.mg())
			runMGPair(t, d, pair, h.Sum64())
		})
	}
}

func runMGPair(t *testing.T, d *mgDriver, pair mgPair, stream uint64) {
	r, err := mancala.NewRuleset(pair.ours)
	if err != nil {
		t.Fatalf("NewRuleset(%q): %v", pair.ours, err)
	}
	if reply := d.call(t, "load "+pair.mg()); reply != "ok" {
		t.Fatalf("load %s: %s", pair.mg(), reply)
	}
	rng := rand.New(rand.NewPCG(*mgSeed, stream))
	var (
		differ, cycles, long, plies int
		rounds                      int // round ends played on both sides (SW-43), before any difference
		kinds                       = map[string]int{}
		shown                       int
	)
	for range *mgGames {
		diff, n, end := playMGGame(t, d, pair, r, rng, &rounds)
		plies += n
		switch {
		case diff != nil:
			kind := ""
			if pair.known != nil {
				kind = pair.known(*diff)
			}
			if kind != "" {
				if kinds[kind] == 0 {
					t.Logf("first documented difference %q: moves %s; position %s\nours: %v\nMancalaGames: %v",
						kind, strings.Join(diff.moves, ""), diff.now, diff.ours, diff.mgs)
				}
				kinds[kind]++
				continue
			}
			differ++
			if shown < *mgShow {
				shown++
				t.Errorf("%s against %s: %s\nmoves: %s\nbefore the last move: %s\n%s\nours: %v\nMancalaGames: %v",
					pair.ours, pair.mg(), diff.what, strings.Join(diff.moves, ""), diff.before, diff.before.Board, diff.ours, diff.mgs)
			}
		case end == "cycle":
			cycles++
		case end == "long":
			long++
		}
	}
	t.Logf("%s against MancalaGames %q: %d games, %d plies, %d round ends, %d with an unexplained difference, %d ended by our repetition rules (MancalaGames has none), %d unfinished after %d plies, documented differences %v",
		pair.ours, pair.mg(), *mgGames, plies, rounds, differ, cycles, long, mgMaxPlies, kinds)
}

// playMGGame plays one random game on both sides. It returns the first
// difference, or nil with how the game ended: "" (normally), "cycle" (our
// game ended on a repeated position or a repeated round start, which
// MancalaGames does not detect: the comparison stops there) or "long".
// It adds to *rounds the round ends (mancala.Rounder) both sides played
// alike.
func playMGGame(t *testing.T, d *mgDriver, pair mgPair, r mancala.Ruleset, rng *rand.Rand, rounds *int) (*mgDiff, int, string) {
	rr, _ := r.(mancala.Rounder)
	ended := 0
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	if reply := d.call(t, "reset"); reply != "ok" {
		t.Fatalf("reset: %s", reply)
	}
	var moves []string
	before := g.Position()
	for ply := 0; ; ply++ {
		ours := ourMGState(g)
		theirs := d.state(t)
		if pair.mirror {
			theirs = theirs.mirrored()
		}
		if what := compareMG(ours, theirs); what != "" {
			if reason := g.Outcome().Ending.Reason; g.Over() && theirs.turn != "-" &&
				(reason == mancala.EndRepetition || reason == mancala.EndRepeatedRound) {
				return nil, ply, "cycle"
			}
			return &mgDiff{moves: moves, before: before, now: g.Position(), ours: ours, mgs: theirs, what: what,
				roundEnded: ply > 0 && rr != nil && rr.RoundEnded(before, g.Position())}, ply, ""
		}
		*rounds += ended
		ended = 0
		if ours.turn == "-" {
			return nil, ply, ""
		}
		if ply >= mgMaxPlies {
			return nil, ply, "long"
		}
		p, _ := g.Turn().Player()
		_ = p
		k := rng.IntN(len(ours.legal))
		i, m := ours.legal[k], ours.moves[k]
		before = g.Position()
		moves = append(moves, m.String())
		if err := g.Play(m); err != nil {
			t.Fatalf("Play(%v): %v", m, err)
		}
		if rr != nil && rr.RoundEnded(before, g.Position()) {
			ended++
		}
		j := i
		if pair.mirror {
			j = len(ours.south) - 1 - i
		}
		if reply := d.call(t, "play "+strconv.Itoa(j)); reply != "ok" {
			return &mgDiff{moves: moves, before: before, now: g.Position(), ours: ourMGState(g), mgs: theirs, what: "MancalaGames refused the move: " + reply}, ply, ""
		}
	}
}

func ourMGState(g *mancala.Game) mgState {
	pos := g.Position()
	b := pos.Board
	n := b.Houses()
	var s mgState
	for i := range n {
		s.south = append(s.south, b.Seeds(mancala.South, i))
		s.north = append(s.north, b.Seeds(mancala.North, i))
	}
	s.stores = [2]int{b.Store(mancala.South), b.Store(mancala.North)}
	s.burnt, s.known = [2]uint16{b.BurntMask(mancala.South), b.BurntMask(mancala.North)}, true
	s.turn, s.win = "-", "-"
	if p, ok := pos.ToMove.Player(); ok {
		s.turn = mgSide(p)
		legal := g.Legal()
		for _, m := range legal {
			if i, ok := m.House(p); ok {
				// A reversed move (SW-20) of a counter-clockwise game sows
				// clockwise: i+16, as the driver writes MancalaGames' moves
				// of a chosen direction; unless it is the only way the
				// house may be sown (SW-40), which MancalaGames writes as
				// a plain move.
				if m.Reversed() && slices.Contains(legal, mancala.Single(p, i)) {
					i += 16
				}
				if m.Across() { // SW-94: the opponent's house i, 32+i as the driver writes it
					i += 32
				}
				s.legal = append(s.legal, i)
				s.moves = append(s.moves, m)
			}
		}
		sortMGLegal(&s)
	}
	if g.Over() {
		s.win = "D"
		if w, ok := g.Outcome().Result.Winner(); ok {
			s.win = mgSide(w)
		}
		o := g.Outcome()
		s.stores = o.Scores
	}
	return s
}

// mgSide names a player as the driver does.
func mgSide(p mancala.Player) string {
	if p == mancala.South {
		return "S"
	}
	return "N"
}

// compareMG returns what differs between the two views, or "".
func compareMG(ours, theirs mgState) string {
	var what []string
	if ours.turn == "-" || theirs.turn == "-" {
		if ours.turn != theirs.turn {
			what = append(what, fmt.Sprintf("game over: ours %v, MancalaGames %v", ours.turn == "-", theirs.turn == "-"))
		} else {
			if ours.win != theirs.win {
				what = append(what, fmt.Sprintf("winner: ours %s, MancalaGames %s", ours.win, theirs.win))
			}
			if ours.stores != theirs.stores {
				what = append(what, fmt.Sprintf("final scores: ours %v, MancalaGames %v", ours.stores, theirs.stores))
			}
			return strings.Join(what, "; ")
		}
	}
	if !slices.Equal(ours.south, theirs.south) || !slices.Equal(ours.north, theirs.north) {
		what = append(what, "houses")
	}
	if ours.stores != theirs.stores {
		what = append(what, "stores")
	}
	if ours.known && theirs.known && ours.burnt != theirs.burnt {
		what = append(what, "burnt houses")
	}
	if ours.turn != theirs.turn {
		what = append(what, "player to move")
	}
	if !slices.Equal(ours.legal, theirs.legal) {
		what = append(what, "legal moves")
	}
	return strings.Join(what, ", ")
}

// mgDriver is the running driver: one command a line in, one answer a
// line out.
type mgDriver struct {
	in  io.WriteCloser
	out *bufio.Scanner
}

func startMGDriver(t *testing.T, argv []string) *mgDriver {
	cmd := exec.Command(argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the MancalaGames driver %q: %v", argv, err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	return &mgDriver{in: in, out: sc}
}

func (d *mgDriver) call(t *testing.T, line string) string {
	t.Helper()
	if _, err := io.WriteString(d.in, line+"\n"); err != nil {
		t.Fatalf("writing %q to the driver: %v", line, err)
	}
	if !d.out.Scan() {
		t.Fatalf("the driver closed after %q: %v", line, d.out.Err())
	}
	return d.out.Text()
}

// state reads the driver's position and legal moves.
func (d *mgDriver) state(t *testing.T) mgState {
	t.Helper()
	var s mgState
	reply := d.call(t, "pos")
	f := strings.Fields(reply)
	if len(f) == 0 || f[0] != "pos" {
		t.Fatalf("pos: %s", reply)
	}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "S":
			s.south = mgInts(t, v)
		case "N":
			s.north = mgInts(t, v)
		case "st":
			st := mgInts(t, v)
			s.stores = [2]int{st[0], st[1]}
		case "turn":
			s.turn = v
		case "win":
			s.win = v
		case "endless":
			s.endless = v == "1"
		case "blk":
			b := mgInts(t, v)
			s.burnt, s.known = [2]uint16{uint16(b[0]), uint16(b[1])}, true
		}
	}
	if s.turn != "-" {
		reply = d.call(t, "moves")
		f = strings.Fields(reply)
		if len(f) == 0 || f[0] != "moves" {
			t.Fatalf("moves: %s", reply)
		}
		for _, x := range f[1:] {
			i, err := strconv.Atoi(x)
			if err != nil {
				t.Fatalf("moves: %s", reply)
			}
			s.legal = append(s.legal, i)
		}
	}
	return s
}

func mgInts(t *testing.T, s string) []int {
	t.Helper()
	var out []int
	for _, x := range strings.Split(s, ",") {
		i, err := strconv.Atoi(x)
		if err != nil {
			t.Fatalf("driver number %q: %v", s, err)
		}
		out = append(out, i)
	}
	return out
}
