package mancalatest

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
)

// broken is a toy ruleset with some methods replaced: each field that is
// set replaces the toy's method of that name.
type broken struct {
	*toy.Rules
	legal    func(dst []mancala.Move, p mancala.Position) []mancala.Move
	play     func(p mancala.Position, m mancala.Move) (mancala.Position, error)
	apply    func(p mancala.Position, m mancala.Move) mancala.Position
	setup    func(p mancala.Position) (mancala.Position, error)
	cycle    func(p mancala.Position) mancala.Position
	maxPlies func() int
	perft    func(h []mancala.Position, p mancala.Position, depth int) (int64, int64)
	playout  func(h []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int)
	trace    func(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error)
}

func (b *broken) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	if b.legal != nil {
		return b.legal(dst, p)
	}
	return b.Rules.Legal(dst, p)
}

func (b *broken) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if b.play != nil {
		return b.play(p, m)
	}
	return b.Rules.Play(p, m)
}

func (b *broken) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	if b.apply != nil {
		return b.apply(p, m)
	}
	return b.Rules.Apply(p, m)
}

func (b *broken) Setup(p mancala.Position) (mancala.Position, error) {
	if b.setup != nil {
		return b.setup(p)
	}
	return b.Rules.Setup(p)
}

func (b *broken) Cycle(p mancala.Position) mancala.Position {
	if b.cycle != nil {
		return b.cycle(p)
	}
	return b.Rules.Cycle(p)
}

func (b *broken) MaxPlies() int {
	if b.maxPlies != nil {
		return b.maxPlies()
	}
	return b.Rules.MaxPlies()
}

func (b *broken) Perft(h []mancala.Position, p mancala.Position, depth int) (int64, int64) {
	if b.perft != nil {
		return b.perft(h, p, depth)
	}
	return b.Rules.Perft(h, p, depth)
}

func (b *broken) Playout(h []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
	if b.playout != nil {
		return b.playout(h, p, rng, maxPlies)
	}
	return b.Rules.Playout(h, p, rng, maxPlies)
}

func (b *broken) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if b.trace != nil {
		return b.trace(p, m, emit)
	}
	return b.Rules.Trace(p, m, emit)
}

// tracing returns a broken kalah whose Trace passes each event of the
// toy's through f, which emits what it likes instead.
func tracing(base *toy.Rules, f func(e mancala.Event, emit func(mancala.Event))) *broken {
	return &broken{Rules: base, trace: func(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
		return base.Trace(p, m, func(e mancala.Event) { f(e, emit) })
	}}
}

// plain hides every optional interface of a ruleset.
type plain struct{ mancala.Ruleset }

var (
	kalah = toy.MustNew(toy.Options{})
	simul = toy.MustNew(toy.Options{Simultaneous: true})
	loop  = toy.MustNew(toy.Options{Loop: true, Houses: 3, Seeds: 1}) // about one game in five repeats a position
)

// after returns a broken kalah whose Play and Apply pass their results
// through f.
func after(base *toy.Rules, f func(p, q mancala.Position, m mancala.Move) mancala.Position) *broken {
	return &broken{
		Rules: base,
		apply: func(p mancala.Position, m mancala.Move) mancala.Position { return f(p, base.Apply(p, m), m) },
		play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
			q, err := base.Play(p, m)
			if err != nil {
				return q, err
			}
			return f(p, q, m), nil
		},
	}
}

// accepting returns a broken kalah whose Play accepts the moves that ok
// picks, returning the position unchanged.
func accepting(base *toy.Rules, ok func(p mancala.Position, m mancala.Move) bool) *broken {
	return &broken{Rules: base, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
		if ok(p, m) {
			return p, nil
		}
		return base.Play(p, m)
	}}
}

func mustParse(s string) mancala.Position {
	p, err := mancala.ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}

type brokenCase struct {
	name   string // the bug
	target string // the property that must report it
	r      mancala.Ruleset
	opts   []Option
	want   string // a substring of the report
}

func brokenCases() []brokenCase {
	var calls atomic.Int64
	special := mustParse("0,0,9/3,3,3 0,0 S")
	return []brokenCase{
		{"leaks a seed from South's store", "Conservation", after(kalah, func(_, q mancala.Position, _ mancala.Move) mancala.Position {
			if s := q.Board.Store(mancala.South); s > 0 && !q.Over() {
				_ = q.Board.SetStore(mancala.South, s-1)
			}
			return q
		}), nil, "seeds"},
		{"adds a seed to North's store from one start only", "Conservation", &broken{Rules: kalah,
			apply: func(p mancala.Position, m mancala.Move) mancala.Position {
				q := kalah.Apply(p, m)
				if p == special {
					_ = q.Board.SetStore(mancala.North, q.Board.Store(mancala.North)+1)
				}
				return q
			}}, []Option{WithStarts(special), WithChecks(100)}, "seeds"},
		{"moves after the end", "Legal", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			if p.Over() {
				return append(dst, mancala.Single(mancala.South, 0))
			}
			return kalah.Legal(dst, p)
		}}, nil, "game is over"},
		{"no move though the game goes on", "Legal", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			if p.ToMove == mancala.NorthTurn {
				return dst
			}
			return kalah.Legal(dst, p)
		}}, nil, "none exactly when the game is over"},
		{"a move of the wrong player", "Legal", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			dst = kalah.Legal(dst, p)
			if pl, ok := p.ToMove.Player(); ok {
				dst = append(dst, mancala.Single(pl.Other(), 0))
			}
			return dst
		}}, nil, "a move of"},
		{"a house beyond the board", "Legal", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			dst = kalah.Legal(dst, p)
			if pl, ok := p.ToMove.Player(); ok {
				dst = append(dst, mancala.Single(pl, 5))
			}
			return dst
		}}, nil, "beyond the board"},
		{"a house beyond the board across", "Legal", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			dst = kalah.Legal(dst, p)
			if pl, ok := p.ToMove.Player(); ok {
				dst = append(dst, mancala.Across(mancala.Single(pl, 5)))
			}
			return dst
		}}, nil, "beyond the board"},
		{"accepts moves from the opponent's row it does not list", "Illegal", &broken{Rules: kalah,
			legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
				dst = kalah.Legal(dst, p)
				if pl, ok := p.ToMove.Player(); ok {
					dst = append(dst, mancala.Across(mancala.Single(pl, 0)))
				}
				return dst
			},
			play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
				if m.Across() {
					return p, nil
				}
				return kalah.Play(p, m)
			}}, nil, "Play accepts ^"},
		{"a move twice", "Legal", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			n := len(dst)
			dst = kalah.Legal(dst, p)
			if len(dst) > n {
				dst = append(dst, dst[n])
			}
			return dst
		}}, nil, "twice"},
		{"a pair missing at the simultaneous start", "Simultaneous", &broken{Rules: simul, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			n := len(dst)
			dst = simul.Legal(dst, p)
			if p.ToMove == mancala.BothTurn && len(dst) > n {
				dst = dst[:len(dst)-1]
			}
			return dst
		}}, nil, "missing"},
		{"dst reset", "Append", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			return kalah.Legal(dst[:0], p)
		}}, nil, "Legal"},
		{"dst's first move overwritten", "Append", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			if len(dst) > 0 {
				dst[0] = mancala.Move{}
			}
			return kalah.Legal(dst, p)
		}}, nil, "changed the moves already in dst"},
		{"Legal's order changes from call to call", "Determinism", &broken{Rules: kalah, legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			n := len(dst)
			dst = kalah.Legal(dst, p)
			ms := dst[n:]
			if k := int(calls.Add(1)) % 3; len(ms) > 1 && k > 0 {
				ms[0], ms[len(ms)-1] = ms[len(ms)-1], ms[0]
			}
			return dst
		}}, nil, "then"},
		{"Play refuses a legal move", "Play", &broken{Rules: kalah, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
			if h, _ := m.House(mancala.South); h == 1 {
				return p, mancala.Illegal(m, "", "no B today")
			}
			return kalah.Play(p, m)
		}}, nil, "refuses legal move"},
		{"Apply differs from Play", "Play", &broken{Rules: kalah, apply: func(p mancala.Position, m mancala.Move) mancala.Position {
			q := kalah.Apply(p, m)
			if h, ok := m.House(mancala.North); ok && h == 2 {
				q.State = 1
			}
			return q
		}}, nil, "Apply"},
		{"accepts the zero move", "Illegal", accepting(kalah, func(_ mancala.Position, m mancala.Move) bool { return m.IsZero() }), nil, "accepts"},
		{"accepts a joint move at a single turn", "Illegal", accepting(kalah, func(p mancala.Position, m mancala.Move) bool {
			return m.Turn() == mancala.BothTurn && p.ToMove != mancala.BothTurn
		}), nil, "accepts"},
		{"accepts a single move at the simultaneous start", "Illegal", accepting(simul, func(p mancala.Position, m mancala.Move) bool {
			return p.ToMove == mancala.BothTurn && m.Turn() == mancala.SouthTurn
		}), nil, "accepts"},
		{"accepts a move of the wrong player", "Illegal", accepting(kalah, func(p mancala.Position, m mancala.Move) bool {
			pl, ok := m.Player()
			return ok && !p.ToMove.Has(pl)
		}), nil, "accepts"},
		{"accepts a house beyond the board", "Illegal", accepting(kalah, func(p mancala.Position, m mancala.Move) bool {
			pl, ok := m.Player()
			h, _ := m.House(pl)
			return ok && h >= p.Board.Houses()
		}), nil, "accepts"},
		{"accepts an empty house", "Illegal", accepting(kalah, func(p mancala.Position, m mancala.Move) bool {
			pl, ok := m.Player()
			h, _ := m.House(pl)
			return ok && p.ToMove.Has(pl) && h < p.Board.Houses() && p.Board.Seeds(pl, h) == 0
		}), nil, "accepts"},
		{"refuses without ErrIllegalMove", "Illegal", &broken{Rules: kalah, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
			q, err := kalah.Play(p, m)
			if err != nil {
				return q, errors.New("toy: no")
			}
			return q, nil
		}}, nil, "does not wrap mancala.ErrIllegalMove"},
		{"refuses but changes the position", "Illegal", &broken{Rules: kalah, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
			q, err := kalah.Play(p, m)
			if err != nil {
				q.ToMove = mancala.NoTurn
			}
			return q, err
		}}, nil, "returns another position"},
		{"panics on the zero move", "Illegal", &broken{Rules: kalah, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
			if m.IsZero() {
				panic("zero move")
			}
			return kalah.Play(p, m)
		}}, nil, "panic: zero move"},
		{"refuses reached positions", "Setup", &broken{Rules: kalah, setup: func(p mancala.Position) (mancala.Position, error) {
			if p.Board.Store(mancala.South) >= 3 {
				return p, mancala.ErrInvalidPosition
			}
			return kalah.Setup(p)
		}}, nil, "refuses"},
		{"changes reached positions", "Setup", &broken{Rules: kalah, setup: func(p mancala.Position) (mancala.Position, error) {
			q, err := kalah.Setup(p)
			if n := q.Board.Store(mancala.North); n > 0 && err == nil {
				_ = q.Board.SetStore(mancala.North, n-1)
				_ = q.Board.SetStore(mancala.South, q.Board.Store(mancala.South)+1)
			}
			return q, err
		}}, nil, "changes"},
		{"a round that has no text", "Notation", after(kalah, func(_, q mancala.Position, _ mancala.Move) mancala.Position {
			q.Round = -1
			return q
		}), nil, "ParsePosition"},
		{"plays on after the end", "Over", &broken{Rules: kalah, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
			if p.Over() && m == mancala.Single(mancala.South, 0) {
				p.ToMove = mancala.SouthTurn
				return p, nil
			}
			return kalah.Play(p, m)
		}}, nil, "accepts"},
		{"a bound too small", "Length", &broken{Rules: kalah, maxPlies: func() int { return 3 }}, nil, "MaxPlies() = 3"},
		{"a negative bound", "Length", &broken{Rules: kalah, maxPlies: func() int { return -1 }}, nil, "MaxPlies is -1"},
		{"Game sees Play, not Apply", "Game", &broken{Rules: kalah, apply: func(p mancala.Position, m mancala.Move) mancala.Position {
			q := kalah.Apply(p, m)
			if h, ok := m.House(mancala.South); ok && h == 0 {
				q.State = 1
			}
			return q
		}}, nil, "the game is at ply"},
		{"Cycle does not end the game", "Cycle", &broken{Rules: loop, cycle: func(p mancala.Position) mancala.Position { return p }}, []Option{WithChecks(200)}, "not a finished one"},
		{"Cycle loses the seeds in the houses", "Cycle", &broken{Rules: loop, cycle: func(p mancala.Position) mancala.Position {
			var empty [mancala.MaxHouses]uint8
			_ = p.Board.SetRow(mancala.South, empty)
			_ = p.Board.SetRow(mancala.North, empty)
			p.ToMove = mancala.NoTurn
			return p
		}}, []Option{WithChecks(200)}, "seeds"},
		{"Perft miscounts at depth 2", "Perft", &broken{Rules: kalah, perft: func(h []mancala.Position, p mancala.Position, depth int) (int64, int64) {
			l, t := kalah.Perft(h, p, depth)
			if depth == 2 && l > 0 {
				l++
			}
			return l, t
		}}, nil, "PerftSlow"},
		{"Perft writes into the history", "Perft", &broken{Rules: kalah, perft: func(h []mancala.Position, p mancala.Position, depth int) (int64, int64) {
			if len(h) > 0 {
				h[0].State = 7
			}
			return kalah.Perft(h, p, depth)
		}}, nil, "history"},
		{"Apply depends on a hidden counter", "Determinism", &broken{Rules: kalah, apply: func(p mancala.Position, m mancala.Move) mancala.Position {
			q := kalah.Apply(p, m)
			if calls.Add(1)%7 == 0 && !q.Over() {
				q.ToMove = q.ToMove ^ mancala.BothTurn
			}
			return q
		}}, nil, "Apply("},
		{"Playout writes into the history", "Playout", &broken{Rules: kalah, playout: func(h []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
			if len(h) > 0 {
				h[len(h)-1] = mancala.Position{}
			}
			return kalah.Playout(h, p, rng, maxPlies)
		}}, nil, "history"},
		{"Playout loses seeds", "Playout", &broken{Rules: kalah, playout: func(h []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
			q, n := kalah.Playout(h, p, rng, maxPlies)
			_ = q.Board.SetStore(mancala.South, 0)
			return q, n
		}}, nil, "seeds"},
		{"Playout stops early", "Playout", &broken{Rules: kalah, playout: func(h []mancala.Position, p mancala.Position, rng *rand.Rand, maxPlies int) (mancala.Position, int) {
			return p, 0
		}}, nil, "not over"},
		{"Trace differs from Play", "Trace", &broken{Rules: kalah, trace: func(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
			q, err := kalah.Trace(p, m, emit)
			q.Round++
			return q, err
		}}, nil, "Play gives"},
		{"Trace drops into the wrong hole", "Trace", tracing(kalah, func(e mancala.Event, emit func(mancala.Event)) {
			if e.Kind == mancala.EventDrop && e.Hole.House == 0 && e.Hole.Owner == mancala.North {
				e.Hole.Owner = mancala.South
			}
			emit(e)
		}), nil, "give the board"},
		{"Trace has no turn end", "Trace", tracing(kalah, func(e mancala.Event, emit func(mancala.Event)) {
			if e.Kind != mancala.EventTurnEnd {
				emit(e)
			}
		}), nil, "no turn end"},
		{"Trace names the wrong next turn", "Trace", tracing(kalah, func(e mancala.Event, emit func(mancala.Event)) {
			if e.Kind == mancala.EventTurnEnd && e.Turn == mancala.NorthTurn {
				e.Turn = mancala.SouthTurn
			}
			emit(e)
		}), nil, "the last turn end names"},
		{"Trace emits for a refused move", "Trace", &broken{Rules: kalah, trace: func(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
			q, err := kalah.Trace(p, m, emit)
			if err != nil {
				emit(mancala.Event{Kind: mancala.EventTurnEnd, Turn: p.ToMove})
			}
			return q, err
		}}, nil, "an illegal move"},
		{"Ending explains a game that goes on", "Ending", explained{kalah, func(p mancala.Position) mancala.Ending {
			return mancala.Ending{Reason: mancala.EndNoMove}
		}}, nil, "not over"},
		{"Ending gives no reason", "Ending", explained{loop, func(p mancala.Position) mancala.Ending {
			return mancala.Ending{}
		}}, nil, "no reason"},
		{"Ending names both players", "Ending", explained{kalah, func(p mancala.Position) mancala.Ending {
			if !p.Over() {
				return mancala.Ending{}
			}
			return mancala.Ending{Reason: mancala.EndNoMove, Who: mancala.BothTurn}
		}}, nil, "as the player concerned"},
		{"Ending claims a concession", "Ending", explained{kalah, func(p mancala.Position) mancala.Ending {
			if !p.Over() {
				return mancala.Ending{}
			}
			return mancala.Ending{Reason: mancala.EndConceded, Who: mancala.SouthTurn}
		}}, nil, "concession"},
	}
}

// explained is a toy with an Ending method: ending, or, when it is nil, a
// correct one (the toys end only when the player to move cannot move, or
// by a repeated position; both are said as EndNoMove here, which the
// contract allows: it asks for a reason, not a particular one).
type explained struct {
	*toy.Rules
	ending func(p mancala.Position) mancala.Ending
}

func (e explained) Ending(p mancala.Position) mancala.Ending {
	if e.ending != nil {
		return e.ending(p)
	}
	if !p.Over() {
		return mancala.Ending{}
	}
	return mancala.Ending{Reason: mancala.EndNoMove, Rule: "toy"}
}

// TestBrokenRulesets checks that each deliberately broken ruleset makes
// the kit report the property it breaks (the Ruleset contract's clauses).
func TestBrokenRulesets(t *testing.T) {
	for _, bc := range brokenCases() {
		t.Run(bc.target+"/"+strings.ReplaceAll(bc.name, " ", "_"), func(t *testing.T) {
			rep := check(bc.r, append(bc.opts, only(bc.target))...)
			if !rep.has(bc.target) {
				t.Fatalf("the kit does not report %s; report:\n%s", bc.target, rep)
			}
			if !strings.Contains(rep.String(), bc.want) {
				t.Errorf("the report does not say %q:\n%s", bc.want, rep)
			}
			t.Logf("report:\n%s", rep)
		})
	}
}

// TestCorrectToys checks that the kit reports nothing for correct
// rulesets, and skips only what does not apply.
func TestCorrectToys(t *testing.T) {
	for _, r := range []mancala.Ruleset{explained{kalah, nil}, explained{simul, nil}, explained{loop, nil}, plain{kalah}} {
		t.Run(strings.ReplaceAll(rulesName(r), " ", "_"), func(t *testing.T) {
			rep := check(r)
			if len(rep.violations) > 0 {
				t.Errorf("violations:\n%s", rep)
			}
			_, isPlain := r.(plain)
			switch {
			case isPlain && !slices.Contains(rep.skipped, "Trace"):
				t.Errorf("a plain ruleset skipped %v, not Trace", rep.skipped)
			case !isPlain && len(rep.skipped) != 0:
				// The toys implement every capability.
				t.Errorf("skipped %v", rep.skipped)
			}
			for p, n := range rep.notes {
				t.Logf("%s: %s", p, n)
			}
		})
	}
}

func rulesName(r mancala.Ruleset) string {
	if p, ok := r.(plain); ok {
		return "plain " + rulesName(p.Ruleset)
	}
	return r.(interface{ String() string }).String()
}

// TestCyclesSeen checks that the Cycle property really meets repeated
// positions with the Loop toy, so that its passing means something.
func TestCyclesSeen(t *testing.T) {
	rep := check(loop, only("Cycle"), WithChecks(200))
	if len(rep.violations) > 0 {
		t.Fatalf("violations:\n%s", rep)
	}
	note := rep.notes["Cycle"]
	if note == "" || strings.HasPrefix(note, "0 of") {
		t.Errorf("no game ended by repetition: %q", note)
	}
}

// TestUnboundedGamesAreLogged checks that games of a ruleset that states no
// bound and never ends are cut at WithMaxPlies and logged, not reported.
func TestUnboundedGamesAreLogged(t *testing.T) {
	endless := plain{&broken{Rules: kalah, apply: func(p mancala.Position, m mancala.Move) mancala.Position {
		if q := kalah.Apply(p, m); !q.Over() {
			return q
		}
		return kalah.Start() // start again instead of ending
	}, play: func(p mancala.Position, m mancala.Move) (mancala.Position, error) {
		if _, err := kalah.Play(p, m); err != nil {
			return p, err
		}
		q := kalah.Apply(p, m)
		if q.Over() {
			q = kalah.Start()
		}
		return q, nil
	}}}
	rep := check(endless, only("Length"), WithMaxPlies(60))
	if len(rep.violations) > 0 {
		t.Fatalf("violations:\n%s", rep)
	}
	if note := rep.notes["Length"]; !strings.Contains(note, "after 60 moves") || !strings.Contains(note, "no bound") {
		t.Errorf("Length note %q", note)
	}
}

// TestNoSimultaneousNoted: a ruleset without simultaneous decisions passes
// the Simultaneous property with a note that it checked nothing.
func TestNoSimultaneousNoted(t *testing.T) {
	rep := check(kalah, only("Simultaneous"))
	if len(rep.violations) > 0 || !strings.Contains(rep.notes["Simultaneous"], "nothing to check") {
		t.Errorf("report %v, note %q", rep, rep.notes["Simultaneous"])
	}
	rep = check(simul, only("Simultaneous"))
	if len(rep.violations) > 0 || rep.notes["Simultaneous"] != "" {
		t.Errorf("report %v, note %q", rep, rep.notes["Simultaneous"])
	}
}

// TestStartsRefused checks that WithStarts positions that Setup refuses
// are reported.
func TestStartsRefused(t *testing.T) {
	bad := mustParse("1,1/1,1 0,0 S") // two houses: the toy has three
	rep := check(kalah, WithStarts(bad), only("Setup"))
	if !rep.has("Starts") || rep.has("Setup") {
		t.Errorf("report:\n%s", rep)
	}
}

// TestPropertiesDocumented checks that doc.go describes every property.
func TestPropertiesDocumented(t *testing.T) {
	doc := readFile(t, "doc.go")
	for _, name := range Properties() {
		if !strings.Contains(doc, "//   - "+name+":") && !strings.Contains(doc, "//   - "+name+" (") {
			t.Errorf("doc.go does not describe property %s", name)
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
