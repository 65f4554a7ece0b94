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
}

var mgPairs = []mgPair{
	// Abapa: a grand slam captures nothing (grandslam=2) and the game stops
	// once a player has more than half of the seeds (MancalaGames' default).
	{ours: "awale abapa", mg: "Oware", known: mgAbapa},
	// Classic Awalé: a grand slam is illegal unless forced (grandslam=1);
	// no stop at majority.
	{ours: "awale", mg: "Oware grandslam=1 noclear=1", known: mgAwaleSlams},
	// Awari: as classic, but a forced grand slam captures.
	{ours: "awale awari", mg: "Oware grandslam=1 noclear=1", known: mgAwaleSlams},
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
	// Congkak with the sequential opening (CK-8's option for comparing with
	// other programs: MancalaGames has no simultaneous moves) and a single
	// round, against Jongkak.txt without its rounds: 7 seeds (the file has
	// 5), a capture with nothing opposite puts the last seed in the store
	// (xcpickown=2, CK-5), the round ends when a row is empty (the file's
	// end_cond=1 with the engine's no-move rule, CK-9).
	{ours: "congkak opening=sequential rounds=1", mg: "Jongkak nbr_start=7 rounds=0 blocks=0 round_fill=0 round_starter=0 xcpickown=2 noclear=1"},
	// With nothing opposite, the last seed stays (CK-5's option, Overbeck):
	// the file's own xcpickown=1.
	{ours: "congkak empty=stay opening=sequential rounds=1", mg: "Jongkak nbr_start=7 rounds=0 blocks=0 round_fill=0 round_starter=0 xcpickown=1 noclear=1"},
	// A whole set of rounds: refills from the house next to the store
	// (round_fill=2), burnt houses (blocks=1), the loser starts the next
	// round (round_starter=1).
	{ours: "congkak opening=sequential", mg: "Jongkak nbr_start=7 rounds=2 blocks=1 round_fill=2 round_starter=1 xcpickown=2 noclear=1", known: mgCongkakTie},
	{ours: "congkak houses=5 opening=sequential rounds=1", mg: "Jongkak holes=5 nbr_start=5 rounds=0 blocks=0 round_fill=0 round_starter=0 xcpickown=2 noclear=1"},
	// Awalé on other boards.
	{ours: "awale abapa houses=5 seeds=3", mg: "Oware holes=5 nbr_start=3", known: mgAbapa},
	{ours: "awale houses=8 seeds=2", mg: "Oware holes=8 nbr_start=2 grandslam=1 noclear=1", known: mgAwaleSlams},
}

// mgState is one side's view of a position.
type mgState struct {
	south, north []int
	stores       [2]int
	turn         string // "S", "N" or "-" once the game is over
	win          string // "S", "N", "D", or "-" while it goes on
	legal        []int
	// moves are our legal moves, in the order of legal (ours only).
	moves []mancala.Move
}

func (s mgState) String() string {
	return fmt.Sprintf("S=%v N=%v stores=%v turn=%s win=%s legal=%v",
		s.south, s.north, s.stores, s.turn, s.win, s.legal)
}

// mgDiff is the first difference found in one game.
type mgDiff struct {
	moves     []string         // the game so far, in our notation
	now       mancala.Position // the position where they differ
	before    mancala.Position
	ours, mgs mgState
	what      string
}

// mgAwaleSlams recognises the grand-slam readings of the classic and
// Awari presets (see mgForcedGrandSlam and mgEmptyRowSlam).
func mgAwaleSlams(d mgDiff) string {
	if k := mgForcedGrandSlam(d); k != "" {
		return k
	}
	return mgEmptyRowSlam(d)
}

// mgAbapa recognises the documented readings of Abapa: the seeds left at
// a majority (mgMajorityUnscored) and the grand slam of an empty row
// (mgEmptyRowSlam).
func mgAbapa(d mgDiff) string {
	if k := mgMajorityUnscored(d); k != "" {
		return k
	}
	return mgEmptyRowSlam(d)
}

// mgForcedGrandSlam recognises a documented difference of the classic
// and Awari presets: when every legal move would capture all of the
// opponent's seeds, MancalaGames allows none and ends the game (each
// player taking his own row), while our presets play the move (AW-6:
// capturing nothing, or everything).
func mgForcedGrandSlam(d mgDiff) string {
	p, ok := d.now.ToMove.Player()
	if !ok || d.mgs.turn != "-" || d.now.Board.RowSeeds(p.Other()) == 0 || len(d.ours.legal) == 0 {
		return ""
	}
	for _, i := range d.ours.legal {
		if !mgCapturesAll(d.now.Board, p, i) {
			return ""
		}
	}
	return "forced grand slam: MancalaGames ends the game"
}

// mgEmptyRowSlam recognises a documented difference of every Awalé
// preset: the opponent's row is empty, so the mover must feed him, and a
// move that gives him seeds and then captures all of them is a grand slam
// for AW-6 (which under Abapa captures nothing, so the move feeds; under
// the classic and Awari rules it may be played when forced). MancalaGames
// counts a grand slam only when the opponent had seeds before the move
// (GrandSlamCapt.is_grandslam), so such a move feeds nobody and is not
// legal. Its legal moves must be ours without some moves, each of which
// would capture every seed it sows into the opponent's row; if it has
// none left, its game is over.
func mgEmptyRowSlam(d mgDiff) string {
	p, ok := d.now.ToMove.Player()
	if !ok || d.now.Board.RowSeeds(p.Other()) != 0 {
		return ""
	}
	o, m := d.ours, d.mgs
	if m.turn != "-" && (m.turn != o.turn || m.stores != o.stores ||
		!slices.Equal(m.south, o.south) || !slices.Equal(m.north, o.north)) {
		return ""
	}
	extra := 0
	for _, i := range o.legal {
		if slices.Contains(m.legal, i) {
			continue
		}
		if !mgCapturesAll(d.now.Board, p, i) {
			return ""
		}
		extra++
	}
	for _, i := range m.legal {
		if !slices.Contains(o.legal, i) {
			return ""
		}
	}
	if extra == 0 {
		return ""
	}
	return "grand slam of an empty row: MancalaGames does not feed"
}

// mgCapturesAll reports whether player p's sowing from house i, played by
// Awalé's sowing and capture (AW-3, AW-4: counter-clockwise, the emptied
// house skipped, 2 or 3 taken backwards along the opponent's row), would
// leave the opponent's row empty having captured something. It is the
// test's own small model, independent of the awale package.
func mgCapturesAll(b mancala.Board, p mancala.Player, i int) bool {
	n := b.Houses()
	var rows [2][]int
	for side := range 2 {
		for h := range n {
			rows[side] = append(rows[side], b.Seeds(mancala.Player(side), h))
		}
	}
	me, opp := int(p), int(p.Other())
	seeds := rows[me][i]
	rows[me][i] = 0
	side, h := me, i
	for seeds > 0 {
		h++
		if h == n {
			h, side = 0, 1-side
		}
		if side == me && h == i {
			continue
		}
		rows[side][h]++
		seeds--
	}
	if side != opp {
		return false
	}
	captured := 0
	for ; h >= 0 && (rows[opp][h] == 2 || rows[opp][h] == 3); h-- {
		captured += rows[opp][h]
		rows[opp][h] = 0
	}
	return captured > 0 && !slices.ContainsFunc(rows[opp], func(x int) bool { return x != 0 })
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

// mgCongkakTie recognises who starts a round after a tied one: CK-13
// gives it to the player who made the last move of the tied round (004
// §10); MancalaGames' round_starter=1 (the loser) gives it to the other
// player when nobody lost. It is seen at a round start (the same houses
// and stores on both sides, only the player to move differs) where both
// players hold as many seeds as each other (seeds do not change hands at
// a refill, so the round just ended in a tie).
func mgCongkakTie(d mgDiff) string {
	o, m := d.ours, d.mgs
	if o.turn == "-" || m.turn == "-" || o.turn == m.turn || o.stores != m.stores ||
		!slices.Equal(o.south, m.south) || !slices.Equal(o.north, m.north) ||
		mgSum(o.south)+o.stores[0] != mgSum(o.north)+o.stores[1] {
		return ""
	}
	return "tied round: the last mover starts the next (CK-13), MancalaGames the other player"
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
	for _, pair := range mgPairs {
		t.Run(pair.ours+" | "+pair.mg, func(t *testing.T) {
			// Each pair's games depend only on the seed and the pair, not
			// on its place in the table.
			h := fnv.New64a()
			io.WriteString(h, pair.ours+"|"+pair.mg)
			runMGPair(t, d, pair, h.Sum64())
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
	t.Logf("%s against MancalaGames %q: %d games, %d plies, %d with an unexplained difference, %d ended by our repetition rules (MancalaGames has none), %d unfinished after %d plies, documented differences %v",
		pair.ours, pair.mg, *mgGames, plies, differ, cycles, long, mgMaxPlies, kinds)
}

// playMGGame plays one random game on both sides. It returns the first
// difference, or nil with how the game ended: "" (normally), "cycle" (our
// game ended on a repeated position or a repeated round start, which
// MancalaGames does not detect: the comparison stops there) or "long".
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
			if reason := g.Outcome().Ending.Reason; g.Over() && theirs.turn != "-" &&
				(reason == mancala.EndRepetition || reason == mancala.EndRepeatedRound) {
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
		_ = p
		k := rng.IntN(len(ours.legal))
		i, m := ours.legal[k], ours.moves[k]
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
