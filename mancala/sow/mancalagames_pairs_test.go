package sow_test

// The pairs of the MancalaGames comparison (mancalagames_test.go): our
// ruleset, MancalaGames' configuration, and the classifiers of the
// documented differences (ORACLES.md), with the regression test of the
// difference fixed on our side.

import (
	"slices"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// An mgPair names one of our rulesets and the MancalaGames configuration
// that should play the same game. The table is data: a game added to the
// catalogue later needs one row (and, for a documented reading of the
// sources, a classifier).
type mgPair struct {
	// ours is our ruleset name.
	ours string
	// file is a file of MancalaGames' GameProps folder, without ".txt".
	file string
	// set lists overrides, "key=value" separated by spaces: game_info
	// keys, holes, nbr_start, and the driver's noclear=1, which removes
	// the rule that ends a game as soon as a player has more than half of
	// the seeds.
	set string
	// orient says how the two boards line up when it is not the usual
	// way (South is MancalaGames' False player, his house i its location
	// i; North's house i its location houses+i; see ORACLES.md). A
	// clockwise game needs nothing more: both sides number houses by
	// where they lie, not by the way seeds go.
	orient string
	// mirror: our house i of either player is MancalaGames' house
	// houses-1-i of the same player. It pairs a clockwise game whose
	// stores lie on their owners' left (Congklak) with MancalaGames'
	// counter-clockwise file of the same game (whose clockwise sowing
	// keeps each store on its owner's right): the two boards are mirror
	// images.
	mirror bool
	// known classifies a difference that is a documented reading of the
	// sources (see ORACLES.md): it returns a short name, or "" for a
	// difference that is a bug on one side or the other.
	known func(d mgDiff) string
}

// mg returns the driver's load arguments of the pair.
func (p mgPair) mg() string {
	if p.set == "" {
		return p.file
	}
	return p.file + " " + p.set
}

var mgPairs = []mgPair{
	// Abapa: a grand slam captures nothing (grandslam=2) and the game stops
	// once a player has more than half of the seeds (MancalaGames' default).
	{ours: "awale abapa", file: "Oware", known: mgAbapa},
	// Classic Awalé: a grand slam is illegal unless forced (grandslam=1);
	// no stop at majority.
	{ours: "awale", file: "Oware", set: "grandslam=1 noclear=1", known: mgAwaleSlams},
	// Awari: as classic, but a forced grand slam captures.
	{ours: "awale awari", file: "Oware", set: "grandslam=1 noclear=1", known: mgAwaleSlams},
	// Kalah with the standard capture: the own seed goes to the store only
	// with a capture (xcpickown=1, the file's setting). end_cond=1 ends the
	// game when the mover's own row is empty, as the file's source says
	// (the file alone ends it only when the next player cannot move).
	{ours: "kalah capture=standard", file: "Kalah", set: "end_cond=1 noclear=1"},
	// Kalah as solved: the last seed always goes to the store (xcpickown=2).
	{ours: "kalah", file: "Kalah", set: "xcpickown=2 end_cond=1 noclear=1"},
	// The file as it stands: the game goes on after the mover empties his
	// own row, as long as the opponent can move (see mgKalahFileEnd).
	{ours: "kalah capture=standard", file: "Kalah", set: "noclear=1", known: mgKalahFileEnd},
	{ours: "kalah capture=standard houses=4 seeds=3", file: "Kalah", set: "holes=4 nbr_start=3 end_cond=1 noclear=1"},
	{ours: "kalah houses=8 seeds=5", file: "Kalah", set: "holes=8 nbr_start=5 xcpickown=2 end_cond=1 noclear=1"},
	// Congkak with the sequential opening (CK-8's option for comparing with
	// other programs: MancalaGames has no simultaneous moves) and a single
	// round, against Jongkak.txt without its rounds: 7 seeds (the file has
	// 5), a capture with nothing opposite puts the last seed in the store
	// (xcpickown=2, CK-5), the round ends when a row is empty (the file's
	// end_cond=1 with the engine's no-move rule, CK-9).
	{ours: "congkak opening=sequential rounds=1", file: "Jongkak", set: "nbr_start=7 rounds=0 blocks=0 round_fill=0 round_starter=0 xcpickown=2 noclear=1",
		orient: "clockwise, each store on its owner's left: houses line up by place"},
	// With nothing opposite, the last seed stays (CK-5's option, Overbeck):
	// the file's own xcpickown=1.
	{ours: "congkak empty=stay opening=sequential rounds=1", file: "Jongkak", set: "nbr_start=7 rounds=0 blocks=0 round_fill=0 round_starter=0 xcpickown=1 noclear=1"},
	// A whole set of rounds: refills from the house next to the store
	// (round_fill=2), burnt houses (blocks=1), the loser starts the next
	// round (round_starter=1).
	{ours: "congkak opening=sequential", file: "Jongkak", set: "nbr_start=7 rounds=2 blocks=1 round_fill=2 round_starter=1 xcpickown=2 noclear=1", known: mgCongkakTie},
	{ours: "congkak houses=5 opening=sequential rounds=1", file: "Jongkak", set: "holes=5 nbr_start=5 rounds=0 blocks=0 round_fill=0 round_starter=0 xcpickown=2 noclear=1"},
	// Awalé on other boards.
	{ours: "awale abapa houses=5 seeds=3", file: "Oware", set: "holes=5 nbr_start=3", known: mgAbapa},
	{ours: "awale houses=8 seeds=2", file: "Oware", set: "holes=8 nbr_start=2 grandslam=1 noclear=1", known: mgAwaleSlams},

	// The games of package sow's catalogue (CATALOGUE-NOTES.md names the
	// file of each).
	{ours: "bohnenspiel", file: "Bohnenspiel", set: "noclear=1"},
	{ours: "toguz", file: "Toguz_Kumalak", known: mgMajorityUnscored,
		orient: "a tuzdyk keeps its seeds on MancalaGames' board: the driver adds them to its owner's store"},
	// When the mover cannot feed, MW (our source) gives the seeds left to
	// the player who moved last (unclaimed=2); the file (Mohr) to their
	// owners (see ORACLES.md).
	{ours: "ayoayo", file: "Ayoayo", set: "unclaimed=2 noclear=1", known: mgEndless},
	{ours: "vailungthlan", file: "Vai_Lun_Thlan", set: "noclear=1"},
	// The file (Valdez) adds the Portuguese school rules that our source
	// (de.wikipedia) lacks: singletons (allow_rule=3), a grand slam that
	// obliges to feed (grandslam=6), and the seeds left to the player who
	// could not be fed (unclaimed=3); ours gives them to their owner.
	{ours: "ouril", file: "Ouri", set: "allow_rule=0 grandslam=0 unclaimed=0", known: mgAbapa},
	{ours: "lamlameta", file: "Lamlameta", set: "rounds=0 blocks=0 round_fill=0 round_starter=0 allow_rule=0 noclear=1"},
	{ours: "sungka rounds=1", file: "Dakon", set: "rounds=0 blocks=0 round_fill=0 round_starter=0 goal_param=0 noclear=1"},
	{ours: "congklak rounds=1", file: "Dakon", set: "rounds=0 blocks=0 round_fill=0 round_starter=0 goal_param=0 noclear=1", mirror: true,
		orient: "our clockwise game with the stores on the left is the mirror image of the file's"},
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

// mgEndless recognises MancalaGames' bound on relay sowing: a sowing
// that would go on past its 75th lap (sower.py's MAX_LAPS) ends the whole
// game ("endless sow"), while ours goes on to MaxLaps (1000 where the
// sources bound nothing). The driver says when that ended the game.
func mgEndless(d mgDiff) string {
	if !d.mgs.endless || d.ours.turn == "-" {
		return ""
	}
	return "endless sowing: MancalaGames ends the game after 75 laps"
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

// TestAyoayoLongRelay is the regression test of a difference that the
// MancalaGames comparison found: after AeFcAf, South's F relays for more
// than 64 laps (the engine's default bound, which the Ayoayo preset used
// to keep) before its last seed falls into an empty house. The sources
// bound no relay, so the preset must sow it to its end, as the reference
// sower does without any bound.
func TestAyoayoLongRelay(t *testing.T) {
	var cfg sow.Config
	for _, g := range sow.Catalogue() {
		if g.Name == "ayoayo" {
			cfg = g.Config
		}
	}
	r, err := sow.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	unbounded := cfg
	unbounded.MaxLaps = 1 << 20
	ref := ref{c: unbounded}
	s := ref.start()
	p := r.Start()
	for _, m := range []mancala.Move{
		mancala.Single(mancala.South, 0), mancala.Single(mancala.North, 4),
		mancala.Single(mancala.South, 5), mancala.Single(mancala.North, 2),
		mancala.Single(mancala.South, 0), mancala.Single(mancala.North, 5),
	} {
		pl, _ := m.Player()
		i, _ := m.House(pl)
		s = ref.play(s, i)
		if p, err = r.Play(p, m); err != nil {
			t.Fatalf("Apply(%v): %v", m, err)
		}
	}
	laps := 1
	q, err := r.Trace(p, mancala.Single(mancala.South, 5), func(e mancala.Event) {
		if e.Rule == "SW-7" {
			laps++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	want := ref.position(ref.play(s, 5))
	same := q.ToMove == want.ToMove
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		same = same && q.Board.Row(pl) == want.Board.Row(pl) && q.Board.Store(pl) == want.Board.Store(pl)
	}
	if !same {
		t.Errorf("after a relay of %d laps: got\n%v (%v to move)\nwant (reference sower)\n%v (%v to move)", laps, q.Board, q.ToMove, want.Board, want.ToMove)
	} else if laps <= 64 {
		t.Errorf("F sows %d laps; the test wants a relay longer than the default bound of 64", laps)
	}
}
