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
	"io"
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
)

// mgMaxPlies ends a random game that has not ended by then on either side.
const mgMaxPlies = 3000

// An mgPair names one of our rulesets and the MancalaGames configuration
// that should play the same game: a file of its GameProps folder (without
// ".txt") and parameter overrides (game_info keys, holes, nbr_start, and
// the driver's noclear=1, which removes the rule that ends a game as soon
// as a player has more than half of the seeds).
type mgPair struct {
	ours string
	mg   string
	// known classifies a difference that is a documented reading of the
	// sources (see ORACLES.md): it returns a short name, or "" for a
	// difference that is a bug on one side or the other.
	known func(d mgDiff) string
	// awari names the Awari ruleset of the same board, with which the
	// classifiers check that every legal move is a grand slam.
	awari string
}

var mgPairs = []mgPair{
	// Abapa: a grand slam captures nothing (grandslam=2) and the game stops
	// once a player has more than half of the seeds (MancalaGames' default).
	{ours: "awale abapa", mg: "Oware", known: mgAbapa, awari: "awale awari"},
	// Classic Awalé: a grand slam is illegal unless forced (grandslam=1);
	// no stop at majority.
	{ours: "awale", mg: "Oware grandslam=1 noclear=1", known: mgForcedGrandSlam, awari: "awale awari"},
	// Awari: as classic, but a forced grand slam captures.
	{ours: "awale awari", mg: "Oware grandslam=1 noclear=1", known: mgForcedGrandSlam, awari: "awale awari"},
	// Kalah with the standard capture: the own seed goes to the store only
	// with a capture (xcpickown=1, the file's setting). end_cond=1 ends the
	// game when the mover's own row is empty, as the file's source says
	// (the file alone ends it only when the next player cannot move).
	{ours: "kalah capture=standard", mg: "Kalah end_cond=1 noclear=1"},
	// Kalah as solved: the last seed always goes to the store (xcpickown=2).
	{ours: "kalah", mg: "Kalah xcpickown=2 end_cond=1 noclear=1"},
	// The file as it stands: the game goes on after the mover empties his
	// own row, as long as the opponent can move (see mgKalahFileEnd).
	{ours: "kalah capture=standard", mg: "Kalah noclear=1", known: mgKalahFileEnd},
	{ours: "kalah capture=standard houses=4 seeds=3", mg: "Kalah holes=4 nbr_start=3 end_cond=1 noclear=1"},
	{ours: "kalah houses=8 seeds=5", mg: "Kalah holes=8 nbr_start=5 xcpickown=2 end_cond=1 noclear=1"},
	// Awalé on other boards.
	{ours: "awale abapa houses=5 seeds=3", mg: "Oware holes=5 nbr_start=3", known: mgAbapa, awari: "awale awari houses=5 seeds=3"},
	{ours: "awale houses=8 seeds=2", mg: "Oware holes=8 nbr_start=2 grandslam=1 noclear=1", known: mgForcedGrandSlam, awari: "awale awari houses=8 seeds=2"},
}

// mgState is one side's view of a position.
type mgState struct {
	south, north []int
	stores       [2]int
	turn         string // "S", "N" or "-" once the game is over
	win          string // "S", "N", "D", or "-" while it goes on
	legal        []int
}

func (s mgState) String() string {
	return fmt.Sprintf("S=%v N=%v stores=%v turn=%s win=%s legal=%v",
		s.south, s.north, s.stores, s.turn, s.win, s.legal)
}

// mgDiff is the first difference found in one game.
type mgDiff struct {
	moves     []string // the game so far, in our notation
	now       mancala.Position
	awari     mancala.Ruleset // see mgPair.awari; nil if none
	before    mancala.Position
	ours, mgs mgState
	what      string
}

// mgForcedGrandSlam recognises a documented difference of the classic
// and Awari presets: when every legal move would capture all of the
// opponent's seeds, MancalaGames allows none and ends the game (each
// player taking his own row), while our presets play the move (capturing
// nothing, or everything).
func mgForcedGrandSlam(d mgDiff) string {
	p, ok := d.now.ToMove.Player()
	if !ok || d.mgs.turn != "-" || d.now.Board.RowSeeds(p.Other()) == 0 || !mgAllSlams(d) {
		return ""
	}
	return "forced grand slam: MancalaGames ends the game"
}

// mgAbapa recognises the two documented differences of Abapa: the seeds
// left at a majority (see mgMajorityUnscored), and a grand slam against a
// row that was empty before the move. When the opponent's row is empty
// and the only moves that feed him would capture all they give him,
// MancalaGames does not count them as grand slams (its GrandSlamCapt
// needs seeds in that row before the move), so they feed nobody and the
// game ends with the mover taking every seed; AW-6 counts them as grand
// slams, which capture nothing under Abapa, so they feed.
func mgAbapa(d mgDiff) string {
	if k := mgMajorityUnscored(d); k != "" {
		return k
	}
	p, ok := d.now.ToMove.Player()
	if !ok || d.mgs.turn != "-" || d.now.Board.RowSeeds(p.Other()) != 0 || !mgAllSlams(d) {
		return ""
	}
	return "grand slam of an empty row: MancalaGames does not feed"
}

// mgAllSlams reports whether every legal move of d.now, played under
// Awari rules, captures every seed of the opponent's row.
func mgAllSlams(d mgDiff) bool {
	p, ok := d.now.ToMove.Player()
	if d.awari == nil || !ok {
		return false
	}
	q, err := d.awari.Setup(d.now)
	if err != nil || q.ToMove != d.now.ToMove {
		return false
	}
	moves := d.awari.Legal(nil, q)
	for _, m := range moves {
		after := d.awari.Apply(q, m)
		if after.Board.RowSeeds(p.Other()) != 0 || after.Board.Store(p) == q.Board.Store(p) {
			return false
		}
	}
	return len(moves) > 0
}

// mgKalahFileEnd recognises the one difference between our Kalah and
// MancalaGames' Kalah.txt as the file stands: when a move leaves the
// mover's own row empty, our game ends (each player taking his own row,
// as the file's own source, Wikipedia's Kalah, and Ludii say), while the
// file ends a game only when the next player cannot move. The pairs above
// set end_cond=1, which ends it as we do.
func mgKalahFileEnd(d mgDiff) string {
	if d.ours.turn != "-" || d.mgs.turn == "-" || (mgSum(d.mgs.south) != 0 && mgSum(d.mgs.north) != 0) {
		return ""
	}
	return "Kalah.txt: the game goes on after the mover's row is empty"
}

// mgMajorityUnscored recognises how MancalaGames ends a game once a
// player holds more than half of the seeds: it leaves the seeds on the
// board unscored, where Abapa (AW-10) gives each player those of his own
// row. The winner must be the same and our scores must be MancalaGames'
// stores plus each row.
func mgMajorityUnscored(d mgDiff) string {
	o, m := d.ours, d.mgs
	if o.turn != "-" || m.turn != "-" || o.win != m.win {
		return ""
	}
	if o.stores != [2]int{m.stores[0] + mgSum(m.south), m.stores[1] + mgSum(m.north)} {
		return ""
	}
	return "majority: MancalaGames leaves the seeds on the board unscored"
}

func mgSum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func TestMancalaGames(t *testing.T) {
	cmdline := os.Getenv("SOWING_MANCALAGAMES")
	if cmdline == "" {
		t.Skip("SOWING_MANCALAGAMES is not set: it names the command of the MancalaGames driver (see mancala/sow/ORACLES.md)")
	}
	d := startMGDriver(t, strings.Fields(cmdline))
	for k, pair := range mgPairs {
		t.Run(pair.ours, func(t *testing.T) {
			runMGPair(t, d, pair, uint64(k))
		})
	}
}

func runMGPair(t *testing.T, d *mgDriver, pair mgPair, stream uint64) {
	r, err := mancala.NewRuleset(pair.ours)
	if err != nil {
		t.Fatalf("NewRuleset(%q): %v", pair.ours, err)
	}
	if reply := d.call(t, "load "+pair.mg); reply != "ok" {
		t.Fatalf("load %s: %s", pair.mg, reply)
	}
	var awari mancala.Ruleset
	if pair.awari != "" {
		if awari, err = mancala.NewRuleset(pair.awari); err != nil {
			t.Fatalf("NewRuleset(%q): %v", pair.awari, err)
		}
	}
	rng := rand.New(rand.NewPCG(*mgSeed, stream))
	var (
		differ, cycles, long, plies int
		kinds                       = map[string]int{}
		shown                       int
	)
	for range *mgGames {
		diff, n, end := playMGGame(t, d, r, rng)
		plies += n
		switch {
		case diff != nil:
			diff.awari = awari
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
					pair.ours, pair.mg, diff.what, strings.Join(diff.moves, ""), diff.before, diff.before.Board, diff.ours, diff.mgs)
			}
		case end == "cycle":
			cycles++
		case end == "long":
			long++
		}
	}
	t.Logf("%s against MancalaGames %q: %d games, %d plies, %d with an unexplained difference, %d ended by our repetition rule (MancalaGames has none), %d unfinished after %d plies, documented differences %v",
		pair.ours, pair.mg, *mgGames, plies, differ, cycles, long, mgMaxPlies, kinds)
}

// playMGGame plays one random game on both sides. It returns the first
// difference, or nil with how the game ended: "" (normally), "cycle" (our
// game ended on a repeated position, which MancalaGames does not detect:
// the comparison stops there) or "long".
func playMGGame(t *testing.T, d *mgDriver, r mancala.Ruleset, rng *rand.Rand) (*mgDiff, int, string) {
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
		if what := compareMG(ours, theirs); what != "" {
			if g.Over() && g.Outcome().Ending.Reason == mancala.EndRepetition && theirs.turn != "-" {
				return nil, ply, "cycle"
			}
			return &mgDiff{moves: moves, before: before, now: g.Position(), ours: ours, mgs: theirs, what: what}, ply, ""
		}
		if ours.turn == "-" {
			return nil, ply, ""
		}
		if ply >= mgMaxPlies {
			return nil, ply, "long"
		}
		p, _ := g.Turn().Player()
		i := ours.legal[rng.IntN(len(ours.legal))]
		m := mancala.Single(p, i)
		before = g.Position()
		moves = append(moves, m.String())
		if err := g.Play(m); err != nil {
			t.Fatalf("Play(%v): %v", m, err)
		}
		if reply := d.call(t, "play "+strconv.Itoa(i)); reply != "ok" {
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
	s.turn, s.win = "-", "-"
	if p, ok := pos.ToMove.Player(); ok {
		s.turn = mgSide(p)
		for _, m := range g.Legal() {
			if i, ok := m.House(p); ok {
				s.legal = append(s.legal, i)
			}
		}
		slices.Sort(s.legal)
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
