package awale_test

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// openSpielState is one state of the OpenSpiel record
// (testdata/awale_abapa_openspiel_playthrough.jsonl, described in
// /work/shared/vectors/README.md): pits are South's A-F then North's a-f.
type openSpielState struct {
	Pits   []int  `json:"pits"`
	Scores [2]int `json:"scores"`
	ToMove int    `json:"to_move"` // 0 South, 1 North, -1 over
}

type openSpielGame struct {
	NumMoves      int              `json:"num_moves"`
	Moves         []int            `json:"moves"`
	Movers        []int            `json:"movers"`
	Legal         [][]int          `json:"legal"`
	Captured      []int            `json:"captured"`
	GrandSlam     []int            `json:"grand_slam"`
	MustFeed      []int            `json:"must_feed"`
	States        []openSpielState `json:"states"`
	Terminal      bool             `json:"terminal"`
	EndReason     string           `json:"end_reason"`
	PreCollection openSpielState   `json:"pre_collection"`
	Returns       [2]float64       `json:"returns"`
}

func loadOpenSpiel(t *testing.T) []openSpielGame {
	t.Helper()
	f, err := os.Open("testdata/awale_abapa_openspiel_playthrough.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []openSpielGame
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var g openSpielGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(games) == 0 {
		t.Fatal("no games in the vector file")
	}
	return games
}

// vecView is what the record states for a position.
type vecView struct {
	Pits   []int
	Scores [2]int
	ToMove int
}

func vecViewOf(p mancala.Position) vecView {
	s := toState(p)
	return vecView{Pits: append(s.Houses[0], s.Houses[1]...), Scores: s.Stores, ToMove: s.ToMove}
}

func turnNumber(t mancala.Turn) int {
	switch t {
	case mancala.SouthTurn:
		return 0
	case mancala.NorthTurn:
		return 1
	}
	return -1
}

// TestOpenSpielAbapa replays OpenSpiel's recorded oware game under
// awale.Abapa() (AW-6 no capture, AW-10 stop at majority), checking after
// every move the houses, stores, player to move (AW-2) and, before it, the
// legal moves (AW-3, AW-5, AW-6), the seeds captured (AW-4) and the
// must-feed flag (AW-5); then the end (AW-10: the seeds left go to each
// row's owner), the final scores and the result (AW-9).
func TestOpenSpielAbapa(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	for gi, rec := range loadOpenSpiel(t) {
		n := rec.NumMoves
		if len(rec.Moves) != n || len(rec.Movers) != n || len(rec.Legal) != n || len(rec.States) != n ||
			len(rec.Captured) != n || len(rec.GrandSlam) != n || len(rec.MustFeed) != n {
			t.Fatalf("game %d: inconsistent record lengths", gi)
		}
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range rec.Moves {
			before := g.Position()
			if got := turnNumber(g.Turn()); got != rec.Movers[i] {
				t.Fatalf("game %d move %d: %v to move, record says %d", gi, i, g.Turn(), rec.Movers[i])
			}
			mover := mancala.Player(rec.Movers[i])
			var legal []int
			for _, m := range g.Legal() {
				hh, _ := m.House(mover)
				legal = append(legal, hh)
			}
			if d := cmp.Diff(rec.Legal[i], legal); d != "" {
				t.Fatalf("game %d move %d: legal moves mismatch (-want +got):\n%s\nin %v", gi, i, d, before)
			}
			if feed := before.Board.RowSeeds(mover.Other()) == 0; feed != (rec.MustFeed[i] == 1) {
				t.Errorf("game %d move %d: AW-5 must-feed %v, record %d", gi, i, feed, rec.MustFeed[i])
			}
			if err := g.Play(mancala.Single(mover, h)); err != nil {
				t.Fatalf("game %d move %d: %v", gi, i, err)
			}
			after := g.Position()
			if d := cmp.Diff(vecView(rec.States[i]), vecViewOf(after)); d != "" {
				t.Fatalf("game %d move %d (%v): position mismatch (-want +got):\n%s\nbefore %v\nafter %v",
					gi, i, mancala.Single(mover, h), d, before, after)
			}
			if i == n-1 && after.Over() {
				// The last move's capture, before the seeds left were collected.
				if got := rec.PreCollection.Scores[mover] - before.Board.Store(mover); got != rec.Captured[i] {
					t.Errorf("game %d move %d: record captured %d, pre-collection store grew by %d", gi, i, rec.Captured[i], got)
				}
			} else {
				got := after.Board.Store(mover) - before.Board.Store(mover)
				if rec.GrandSlam[i] == 1 && got != 0 {
					t.Errorf("game %d move %d: AW-6 grand slam captured %d", gi, i, got)
				}
				if got != rec.Captured[i] {
					t.Errorf("game %d move %d: captured %d, record %d", gi, i, got, rec.Captured[i])
				}
			}
		}
		if !rec.Terminal || !g.Over() {
			t.Fatalf("game %d: over %v, record terminal %v", gi, g.Over(), rec.Terminal)
		}
		// The record's last state has the seeds left collected; pre_collection
		// is the position just before, which the stores must extend by each
		// row (AW-10).
		pre := rec.PreCollection
		var wantScores [2]int
		for pl := 0; pl < 2; pl++ {
			wantScores[pl] = pre.Scores[pl]
			for _, v := range pre.Pits[6*pl : 6*pl+6] {
				wantScores[pl] += v
			}
		}
		final := rec.States[n-1].Scores
		if wantScores != final {
			t.Fatalf("game %d: record inconsistent: pre-collection %v gives %v, final %v", gi, pre, wantScores, final)
		}
		if rec.EndReason == "score_majority" && 2*max(pre.Scores[0], pre.Scores[1]) <= 48 {
			t.Errorf("game %d: ended by majority with pre-collection scores %v", gi, pre.Scores)
		}
		o := g.Outcome()
		if o.Scores != final {
			t.Errorf("game %d: final scores %v, record %v", gi, o.Scores, final)
		}
		want := mancala.Draw
		switch {
		case rec.Returns[0] > rec.Returns[1]:
			want = mancala.SouthWins
		case rec.Returns[1] > rec.Returns[0]:
			want = mancala.NorthWins
		}
		if o.Result != want {
			t.Errorf("game %d: AW-9 result %v, record returns %v", gi, o.Result, rec.Returns)
		}
		// The record's game also replays from its move letters.
		g2, _ := mancala.NewGame(r)
		if err := g2.PlayText(g.MovesText()); err != nil || !slices.Equal(g2.Positions(), g.Positions()) {
			t.Errorf("game %d: replaying %q: %v", gi, g.MovesText(), err)
		}
	}
}
