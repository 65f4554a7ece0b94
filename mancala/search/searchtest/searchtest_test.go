package searchtest

import (
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/mancalatest"
	"github.com/sowing-games/sowing/mancala/search"
)

// bruteEndgame is an endgame oracle by brute force for positions with at
// most k seeds in houses and one player to move.
func bruteEndgame(r mancala.Ruleset, k int) func(p mancala.Position) (int, bool) {
	return func(p mancala.Position) (int, bool) {
		if _, ok := p.ToMove.Player(); !ok || p.Board.RowSeeds(mancala.South)+p.Board.RowSeeds(mancala.North) > k {
			return 0, false
		}
		v, ok := mancalatest.Minimax(r, p)
		if !ok {
			return 0, false
		}
		return moverGain(p, v), true
	}
}

// withOracle is a ruleset with an Endgame method.
type withOracle struct {
	mancala.Ruleset
	endgame func(p mancala.Position) (int, bool)
}

func (w withOracle) Endgame(p mancala.Position) (int, bool) { return w.endgame(p) }

// broken is a correct ruleset with every solver capability (a toy Kalah
// with bounds, a brute-force oracle and the reference Packer), some of
// whose methods can be replaced: each field that is set replaces the
// method of that name.
type broken struct {
	*toy.Acyclic
	ref *RefPacker

	legal    func(dst []mancala.Move, p mancala.Position) []mancala.Move
	apply    func(p mancala.Position, m mancala.Move) mancala.Position
	bounds   func(p mancala.Position) (lo, hi int)
	si       func() bool
	endgame  func(p mancala.Position) (int, bool)
	pack     func(p mancala.Position) (search.Packed, bool)
	children func(dst []search.PackedChild, x search.Packed) []search.PackedChild
	seeds    func(x search.Packed) int
	pendgame func(x search.Packed) (int, bool)
}

func newBroken(o toy.Options) *broken {
	t := toy.MustNewAcyclic(o)
	return &broken{Acyclic: t, ref: ReferencePacker(withOracle{t, bruteEndgame(t, 6)})}
}

func (b *broken) Legal(dst []mancala.Move, p mancala.Position) []mancala.Move {
	if b.legal != nil {
		return b.legal(dst, p)
	}
	return b.Acyclic.Legal(dst, p)
}

func (b *broken) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	if b.apply != nil {
		return b.apply(p, m)
	}
	return b.Acyclic.Apply(p, m)
}

func (b *broken) ScoreBounds(p mancala.Position) (lo, hi int) {
	if b.bounds != nil {
		return b.bounds(p)
	}
	return b.Acyclic.ScoreBounds(p)
}

func (b *broken) StoreIndependent() bool {
	if b.si != nil {
		return b.si()
	}
	return true
}

func (b *broken) Endgame(p mancala.Position) (int, bool) {
	if b.endgame != nil {
		return b.endgame(p)
	}
	return b.ref.eg.Endgame(p)
}

func (b *broken) Pack(p mancala.Position) (search.Packed, bool) {
	if b.pack != nil {
		return b.pack(p)
	}
	return b.ref.Pack(p)
}

func (b *broken) PackedChildren(dst []search.PackedChild, x search.Packed) []search.PackedChild {
	if b.children != nil {
		return b.children(dst, x)
	}
	return b.ref.PackedChildren(dst, x)
}

func (b *broken) PackedSeeds(x search.Packed) int {
	if b.seeds != nil {
		return b.seeds(x)
	}
	return b.ref.PackedSeeds(x)
}

func (b *broken) PackedEndgame(x search.Packed) (int, bool) {
	if b.pendgame != nil {
		return b.pendgame(x)
	}
	return b.ref.PackedEndgame(x)
}

// cycler is a broken ruleset that is also a mancala.Cycler.
type cycler struct{ *broken }

func (c cycler) Cycle(p mancala.Position) mancala.Position { return c.Rules().Cycle(p) }

var kalah33 = toy.Options{Houses: 3, Seeds: 3, EmptyCapture: true}

// TestCorrect: a correct ruleset passes every property, each of which
// checks positions in depth (against the brute force, or with other
// stores).
func TestCorrect(t *testing.T) {
	for _, o := range []toy.Options{kalah33, {Houses: 4, Seeds: 2}, {Houses: 3, Seeds: 2, Simultaneous: true}} {
		rep := check(newBroken(o))
		for _, name := range Properties() {
			res := rep[name]
			if res.skip != "" || len(res.violations) > 0 || res.checked == 0 || res.brute+res.variants == 0 {
				t.Errorf("%v: %s: skipped %q, %d positions (%d brute force, %d store variants), violations %q", o, name, res.skip, res.checked, res.brute, res.variants, res.violations)
			}
		}
	}
	TestSolver(t, newBroken(kalah33))
}

// TestSkips: a ruleset without the capabilities skips every property.
func TestSkips(t *testing.T) {
	rep := check(toy.MustNewAcyclic(kalah33).Rules())
	for _, name := range Properties()[1:] {
		if rep[name].skip == "" {
			t.Errorf("%s ran on a ruleset without it", name)
		}
	}
	if rep["Bounds"].skip != "" || rep["Bounds"].brute != 0 { // a Cycler: no brute force
		t.Errorf("Bounds on a Cycler: %+v", rep["Bounds"])
	}
}

// TestBroken: each deliberately broken capability is reported by the
// property that checks it, with a message that names the problem.
func TestBroken(t *testing.T) {
	calls := 0
	sim := toy.Options{Houses: 3, Seeds: 2, Simultaneous: true}
	for _, c := range []struct {
		name, target, want string
		r                  mancala.Ruleset
	}{
		{"bounds upside down", "Bounds", "lo > hi", &broken{bounds: func(mancala.Position) (int, int) { return 1, -1 }}},
		{"bounds too narrow", "Bounds", "outside ScoreBounds", &broken{bounds: func(p mancala.Position) (int, int) {
			d := search.FinalDifference(p)
			return d, d
		}}},
		{"legal moves depend on the stores", "StoreIndependent", "legal moves", &broken{legal: func(dst []mancala.Move, p mancala.Position) []mancala.Move {
			n := len(dst)
			dst = toy.MustNewAcyclic(kalah33).Legal(dst, p)
			if p.Board.Store(mancala.South)%2 == 1 && len(dst)-n > 1 {
				dst = dst[:len(dst)-1]
			}
			return dst
		}}},
		{"a move depends on the stores", "StoreIndependent", "leads to", &broken{apply: func(p mancala.Position, m mancala.Move) mancala.Position {
			q := toy.MustNewAcyclic(kalah33).Apply(p, m)
			if p.Board.Store(mancala.North) > p.Board.Store(mancala.South) && !q.Over() {
				q.ToMove = p.ToMove
			}
			return q
		}}},
		{"oracle off by one", "Endgame", "brute force", &broken{endgame: func(p mancala.Position) (int, bool) {
			g, ok := bruteEndgame(toy.MustNewAcyclic(kalah33), 6)(p)
			return g + 1, ok
		}}},
		{"oracle answers a simultaneous decision", "Endgame", "no single player", &broken{endgame: func(p mancala.Position) (int, bool) {
			return 0, p.ToMove == mancala.BothTurn
		}}},
		{"oracle not deterministic", "Endgame", "then", &broken{endgame: func(mancala.Position) (int, bool) {
			calls++
			return 0, calls%2 == 0
		}}},
		{"a Packer that is a Cycler", "Packer", "Cycler", cycler{&broken{}}},
		{"a Packer that is not store-independent", "Packer", "store-independent", &broken{si: func() bool { return false }}},
		{"a child missing", "Packer", "children, Legal", &broken{children: func(dst []search.PackedChild, x search.Packed) []search.PackedChild {
			n := len(dst)
			dst = ref().PackedChildren(dst, x)
			if len(dst)-n > 1 {
				dst = dst[:len(dst)-1]
			}
			return dst
		}}},
		{"a child twice", "Packer", "two children", &broken{children: func(dst []search.PackedChild, x search.Packed) []search.PackedChild {
			n := len(dst)
			dst = ref().PackedChildren(dst, x)
			if len(dst)-n > 1 {
				dst[len(dst)-1] = dst[n]
			}
			return dst
		}}},
		{"a wrong gain", "Packer", "Gain", mapChildren(func(c *search.PackedChild) { c.Gain++ })},
		{"a wrong again", "Packer", "Again", mapChildren(func(c *search.PackedChild) { c.Again = !c.Again })},
		{"a wrong next", "Packer", "Next", mapChildren(func(c *search.PackedChild) { c.Next[1] ^= 1 })},
		{"a wrong over", "Packer", "has Over", &broken{children: func(dst []search.PackedChild, x search.Packed) []search.PackedChild {
			n := len(dst)
			dst = ref().PackedChildren(dst, x)
			dst[n].Over = !dst[n].Over
			return dst
		}}},
		{"no seeds", "Packer", "PackedSeeds", &broken{seeds: func(search.Packed) int { return 0 }}},
		{"packed oracle off by one", "Packer", "PackedEndgame", &broken{pendgame: func(x search.Packed) (int, bool) {
			g, ok := ref().PackedEndgame(x)
			return g - 1, ok
		}}},
		{"children allocate", "Packer", "allocates", &broken{children: func(dst []search.PackedChild, x search.Packed) []search.PackedChild {
			return append(dst, make([]search.PackedChild, len(ref().PackedChildren(nil, x)))...)
		}}},
		{"pack not deterministic", "Packer", "Pack gives", &broken{pack: func(p mancala.Position) (search.Packed, bool) {
			calls++
			x, ok := ref().Pack(p)
			x[0] += uint64(calls % 2)
			return x, ok
		}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if raceEnabled && c.want == "allocates" {
				t.Skip("allocation checks are off under the race detector (see race.go)")
			}
			r := c.r
			if b, ok := r.(*broken); ok {
				o := kalah33
				if c.target == "Endgame" && strings.Contains(c.name, "simultaneous") {
					o = sim
				}
				base := newBroken(o)
				b.Acyclic, b.ref = base.Acyclic, base.ref
			} else if cy, ok := r.(cycler); ok {
				base := newBroken(kalah33)
				cy.Acyclic, cy.ref = base.Acyclic, base.ref
			}
			rep := check(r)
			res := rep[c.target]
			found := false
			for _, v := range res.violations {
				found = found || strings.Contains(v, c.want)
			}
			if !found {
				t.Errorf("%s reported %q (skipped: %q), want a report containing %q", c.target, res.violations, res.skip, c.want)
			}
		})
	}
}

// ref returns the reference Packer of the toy Kalah the broken rulesets
// start from.
func ref() *RefPacker { return newBroken(kalah33).ref }

// mapChildren returns a broken ruleset whose packed children pass
// through f (the first child of each position only).
func mapChildren(f func(c *search.PackedChild)) *broken {
	return &broken{children: func(dst []search.PackedChild, x search.Packed) []search.PackedChild {
		n := len(dst)
		dst = ref().PackedChildren(dst, x)
		for i := n; i < len(dst); i++ {
			if !dst[i].Over || i == len(dst)-1 {
				f(&dst[i])
				break
			}
		}
		return dst
	}}
}

// TestBadStart: a start that Setup refuses is reported, and not played.
func TestBadStart(t *testing.T) {
	var bad mancala.Position // no houses: no toy position
	rep := check(newBroken(kalah33), WithStarts(bad))
	if v := rep[startsKey].violations; len(v) != 1 || !strings.Contains(v[0], "Setup refused") {
		t.Errorf("bad start reported as %q", v)
	}
	for _, name := range Properties() {
		if res := rep[name]; len(res.violations) > 0 {
			t.Errorf("%s: %q", name, res.violations)
		}
	}
}
