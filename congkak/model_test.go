package congkak_test

import (
	"errors"
	"fmt"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/congkak/internal/reference"
	"github.com/sowing-games/sowing/mancala"
)

// This file runs congkak.Rules through mancala.Game beside the plain
// reference implementation in internal/reference, a separately written
// oracle, and compares the two after every decision (rapid state machine).
// It also holds the helpers that map the real package's values to the
// reference's plain View, shared by the other test files of this package.

// refOptions maps the real options to the reference's.
func refOptions(o congkak.Options) reference.Options {
	return reference.Options{
		Houses:     o.Houses,
		Seeds:      o.Seeds,
		EmptyStay:  o.EmptyCapture == congkak.EmptyCaptureStay,
		Sequential: o.Opening == congkak.OpeningSequential,
		Starter:    int(o.Starter),
		FirstHand:  int(o.FirstHand),
		PassReply:  o.RoundEnd == congkak.RoundEndPassReply,
		Rounds:     o.Rounds,
		RepeatOff:  o.Repeat == congkak.RepeatOff,
	}
}

// refHole maps a board hole to the reference's.
func refHole(h mancala.Hole) reference.Hole {
	if h.IsStore() {
		return reference.Hole{Owner: int(h.Owner), House: reference.Store}
	}
	return reference.Hole{Owner: int(h.Owner), House: h.House}
}

// stateReply is the bit of Position.State that marks the one more turn
// of CK-9's pass/reply option (the package documentation defines it).
const stateReply = 1

// refPosition maps a position that the real Setup accepted to the
// reference's.
func refPosition(p mancala.Position) reference.Position {
	b := p.Board
	n := b.Houses()
	rp := reference.Position{Round: p.Round, ToMove: p.ToMove.String(), Reply: p.State&stateReply != 0}
	for q := mancala.South; q <= mancala.North; q++ {
		rp.Houses[q] = make([]int, n)
		rp.Burnt[q] = make([]bool, n)
		for i := 0; i < n; i++ {
			rp.Houses[q][i] = b.Seeds(q, i)
			rp.Burnt[q][i] = b.Burnt(q, i)
		}
		rp.Stores[q] = b.Store(q)
		s, at := b.Hand(q)
		rp.Hands[q], rp.HandAt[q] = s, refHole(at)
	}
	return rp
}

// refMove maps a move to the reference's.
func refMove(m mancala.Move) reference.Move {
	rm := reference.Move{South: -1, North: -1}
	if i, ok := m.House(mancala.South); ok {
		rm.South = i
	}
	if i, ok := m.House(mancala.North); ok {
		rm.North = i
	}
	return rm
}

// positionView returns the reference's View of a position, without the
// legal moves; Over and Result are read from the position.
func positionView(p mancala.Position) reference.View {
	b := p.Board
	n := b.Houses()
	v := reference.View{Round: p.Round, ToMove: p.ToMove.String(), Over: p.Over(),
		Result: p.Outcome().Result.String()}
	for q := mancala.South; q <= mancala.North; q++ {
		v.Houses[q] = make([]int, n)
		v.Burnt[q] = make([]bool, n)
		for i := 0; i < n; i++ {
			v.Houses[q][i] = b.Seeds(q, i)
			v.Burnt[q][i] = b.Burnt(q, i)
		}
		v.Stores[q] = b.Store(q)
		if s, at := b.Hand(q); s > 0 {
			v.Hands[q] = s
			v.HandAt[q] = reference.HoleName(refHole(at))
		}
	}
	return v
}

// legalView returns the legal moves of p as sorted move text.
func legalView(r mancala.Ruleset, p mancala.Position) []string {
	var l []string
	for _, m := range r.Legal(nil, p) {
		l = append(l, m.String())
	}
	sort.Strings(l)
	return l
}

// gameView returns the View of a game's current position, with its legal
// moves, and its outcome as the Game reports it.
func gameView(g *mancala.Game) reference.View {
	v := positionView(g.Position())
	v.Legal = nil
	for _, m := range g.Legal() {
		v.Legal = append(v.Legal, m.String())
	}
	sort.Strings(v.Legal)
	v.Over = g.Over()
	v.Result = g.Outcome().Result.String()
	return v
}

// drawOptions draws a configuration: every option of CK-1, CK-5, CK-8,
// CK-9 and CK-14, on small boards (3 to 9 houses) so that rounds end,
// houses burn and sets end within a test.
func drawOptions(t *rapid.T, opening congkak.Opening) congkak.Options {
	n := rapid.IntRange(3, 9).Draw(t, "houses")
	maxSeeds := mancala.MaxSeeds / (2 * n)
	if maxSeeds > 9 {
		maxSeeds = 9
	}
	seeds := rapid.IntRange(0, maxSeeds).Draw(t, "seeds") // 0 means Houses
	if seeds == 0 && 2*n*n > mancala.MaxSeeds {
		seeds = maxSeeds
	}
	return congkak.Options{
		Houses:       n,
		Seeds:        seeds,
		EmptyCapture: congkak.EmptyCapture(rapid.IntRange(0, 1).Draw(t, "emptyCapture")),
		Opening:      opening,
		Starter:      mancala.Player(rapid.IntRange(0, 1).Draw(t, "starter")),
		FirstHand:    mancala.Player(rapid.IntRange(0, 1).Draw(t, "firstHand")),
		RoundEnd:     congkak.RoundEnd(rapid.IntRange(0, 1).Draw(t, "roundEnd")),
		Rounds:       rapid.IntRange(0, 4).Draw(t, "rounds"),
		Repeat:       congkak.RepeatRule(rapid.IntRange(0, 1).Draw(t, "repeat")),
	}
}

// randomMove draws a Move value of any shape: single, joint or zero, with
// houses beyond the board.
func randomMove(t *rapid.T) mancala.Move {
	switch rapid.IntRange(0, 3).Draw(t, "shape") {
	case 0:
		return mancala.Move{}
	case 1:
		return mancala.Single(mancala.South, rapid.IntRange(0, mancala.MaxHouses-1).Draw(t, "south"))
	case 2:
		return mancala.Single(mancala.North, rapid.IntRange(0, mancala.MaxHouses-1).Draw(t, "north"))
	}
	return mancala.Joint(rapid.IntRange(0, mancala.MaxHouses-1).Draw(t, "south"),
		rapid.IntRange(0, mancala.MaxHouses-1).Draw(t, "north"))
}

// model is the state of the model test: the real game and the reference.
type model struct {
	rules *congkak.Rules
	game  *mancala.Game
	ref   *reference.Game
	moves []string
}

func newModel(t *rapid.T, o congkak.Options) *model {
	r, err := congkak.New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	return &model{rules: r, game: g, ref: reference.New(refOptions(o))}
}

// check compares the real game with the reference.
func (m *model) check(t *rapid.T) {
	want := m.ref.View()
	got := gameView(m.game)
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("%v after %q: reference and congkak differ (-reference +congkak):\n%s", m.rules, m.moves, d)
	}
}

// playOne plays the legal move with index drawn by rapid, in both.
func (m *model) playOne(t *rapid.T) {
	legal := m.game.Legal()
	if len(legal) == 0 {
		t.Skip("the set is over")
	}
	mv := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
	before := m.game.Position()
	if err := m.game.Play(mv); err != nil {
		t.Fatalf("%v at %v: legal move %v refused: %v", m.rules, before, mv, err)
	}
	m.moves = append(m.moves, mv.String())
	if err := m.ref.Play(refMove(mv)); err != nil {
		t.Fatalf("%v after %q: the reference refused %v: %v", m.rules, m.moves, mv, err)
	}
}

// illegal plays a move value that the reference does not allow: the game
// must refuse it with ErrIllegalMove and stay as it was.
func (m *model) illegal(t *rapid.T) {
	mv := randomMove(t)
	rm := refMove(mv)
	for _, l := range m.ref.Legal() {
		if l == rm {
			t.Skip("drew a legal move")
		}
	}
	before := m.game.Position()
	ply := m.game.Ply()
	err := m.game.Play(mv)
	if err == nil {
		t.Fatalf("%v at %v after %q: illegal move %#v accepted", m.rules, before, m.moves, mv)
	}
	if !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("%v: refusing %#v: %v does not wrap ErrIllegalMove", m.rules, mv, err)
	}
	if after := m.game.Position(); after != before || m.game.Ply() != ply {
		t.Fatalf("%v: refusing %#v changed the game from %v to %v", m.rules, mv, before, after)
	}
	// The ruleset itself returns the position unchanged with the error.
	p, err := m.rules.Play(before, mv)
	if err == nil || p != before {
		t.Fatalf("%v: Rules.Play(%v, %#v) = %v, %v; want the position unchanged and an error", m.rules, before, mv, p, err)
	}
}

func (m *model) actions() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"play": m.playOne,
		"playRun": func(t *rapid.T) {
			k := rapid.IntRange(1, 30).Draw(t, "run")
			for i := 0; i < k && !m.game.Over(); i++ {
				m.playOne(t)
				m.check(t)
			}
		},
		"illegal": m.illegal,
		"":        m.check,
	}
}

// TestModel plays random sets with random options through mancala.Game and
// the reference side by side, comparing houses, burnt houses, stores,
// hands, the player to move, the round, the legal moves, the end and the
// result after every decision; random illegal moves must be refused
// without change. Rule ids: CK-1 to CK-14, with the opening of CK-8 both
// simultaneous and sequential.
func TestModel(t *testing.T) {
	for _, op := range []congkak.Opening{congkak.OpeningSimultaneous, congkak.OpeningSequential} {
		t.Run(fmt.Sprintf("CK-8/%v", op), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				m := newModel(t, drawOptions(t, op))
				t.Repeat(m.actions())
			})
		})
	}
}

// TestModelFromPositions does the same from random positions between turns
// (later rounds with burnt houses, any player to move), so that burnt
// houses, refills and set ends come up early.
func TestModelFromPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawOptions(t, congkak.Opening(rapid.IntRange(0, 1).Draw(t, "opening")))
		r, err := congkak.New(o)
		if err != nil {
			t.Fatalf("New(%+v): %v", o, err)
		}
		p := drawPosition(t, r)
		q, err := r.Setup(p)
		if err != nil {
			t.Fatalf("%v: Setup(%v): %v", r, p, err)
		}
		if q != p {
			t.Fatalf("%v: Setup changed %v to %v", r, p, q)
		}
		g, err := mancala.NewGame(r, mancala.From(p))
		if err != nil {
			t.Fatalf("NewGame: %v", err)
		}
		ref, err := reference.FromPosition(refOptions(r.Options()), refPosition(p))
		if err != nil {
			t.Fatalf("reference: %v: %v", p, err)
		}
		m := &model{rules: r, game: g, ref: ref}
		t.Repeat(m.actions())
	})
}

// drawPosition draws a position that a set under r can reach between
// turns, at a simultaneous decision of the opening (CK-8), or at the start
// of a reply turn (CK-9 option, State bit 0, the opponent's row empty).
// The players to move start a turn with seeds in their rows; otherwise
// both rows hold seeds. Houses are burnt only from round 2 on and only as
// a refill leaves them (the houses farthest from the store), and the seeds
// add up to the set's.
func drawPosition(t *rapid.T, r *congkak.Rules) mancala.Position {
	o := r.Options()
	n, total := o.Houses, 2*o.Houses*o.Seeds
	round := 1
	if o.Rounds != 1 {
		hi := 4
		if o.Rounds > 0 {
			hi = o.Rounds
		}
		round = rapid.IntRange(1, hi).Draw(t, "round")
	}
	b, err := mancala.NewBoard(n, 0)
	if err != nil {
		t.Fatalf("NewBoard: %v", err)
	}
	var open [2][]int
	for q := mancala.South; q <= mancala.North; q++ {
		burnt := 0
		if round > 1 {
			burnt = rapid.IntRange(0, n-1).Draw(t, "burnt")
		}
		for i := 0; i < n; i++ {
			if i < burnt {
				_ = b.SetBurnt(q, i, true)
			} else {
				open[q] = append(open[q], i)
			}
		}
	}
	// One seed in an open house of each row, the rest anywhere open.
	left := total
	for q := mancala.South; q <= mancala.North; q++ {
		i := open[q][rapid.IntRange(0, len(open[q])-1).Draw(t, "seeded")]
		if err := b.SetSeeds(q, i, 1); err != nil {
			t.Fatal(err)
		}
		left--
	}
	for left > 0 {
		k := rapid.IntRange(1, left).Draw(t, "lump")
		q := mancala.Player(rapid.IntRange(0, 1).Draw(t, "side"))
		where := rapid.IntRange(-1, len(open[q])-1).Draw(t, "hole")
		if where < 0 {
			_ = b.SetStore(q, b.Store(q)+k)
		} else {
			i := open[q][where]
			_ = b.SetSeeds(q, i, b.Seeds(q, i)+k)
		}
		left -= k
	}
	mover := mancala.Player(rapid.IntRange(0, 1).Draw(t, "mover"))
	p := mancala.Position{Board: b, ToMove: mancala.TurnOf(mover), Round: round}
	if o.Repeat == congkak.RepeatEnds && o.Rounds == 0 {
		// CK-16 in a full set: no round number; State names the round's
		// start (bits 8-17, 0 for the set's first round; see the package
		// documentation). A later round is named as if it had started
		// with the seeds each side holds now, and the mover starting it.
		p.Round = 1
		if round > 1 {
			south := b.Store(mancala.South) + b.RowSeeds(mancala.South)
			tag := 1 + south<<1 + int(mover)
			if o.Opening == congkak.OpeningSequential && mover == o.Starter && south == n*o.Seeds {
				// The set's own start is named 0: so is this round if it
				// has no burnt houses; with burnt houses it can be no
				// round start, and is named as one that cannot repeat.
				tag = 1 + south<<1 + int(mover.Other())
				if b.BurntMask(mancala.South)|b.BurntMask(mancala.North) == 0 {
					tag = 0
				}
			}
			p.State = uint32(tag) << 8
		}
	}
	switch {
	case round == 1 && o.Opening == congkak.OpeningSimultaneous && rapid.Bool().Draw(t, "simultaneous"):
		p.ToMove = mancala.BothTurn // a decision of the opening (CK-8)
	case o.RoundEnd == congkak.RoundEndPassReply && rapid.Bool().Draw(t, "reply"):
		// CK-9 option: the opponent passed with an empty row and the
		// mover plays his one more turn.
		p.State |= stateReply
		other := mover.Other()
		moved := p.Board.RowSeeds(other)
		var empty [mancala.MaxHouses]uint8
		if err := p.Board.SetRow(other, empty); err != nil {
			t.Fatal(err)
		}
		if err := p.Board.SetStore(other, p.Board.Store(other)+moved); err != nil {
			t.Fatal(err)
		}
	}
	return p
}
