package sow

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// Endgame databases (package mancala/endgame) of a configuration whose
// values depend on the houses and the player to move alone. The
// mechanism lives here; no other file knows of it.

var _ endgame.Retrograder = (*Rules)(nil)

// Retrograde implements [endgame.Retrograder]: r's rules in the form that
// the endgame database builder takes, for r's board. A configuration is
// the mover's houses then his opponent's, each in its owner's sowing
// order (a four-row player's outer row, then his inner row); its value is
// what the mover will add to his store from then on minus what his
// opponent will, the seeds collected at the end included, under perfect
// play; an endless cycle is worth 0. A move of the Game is the house
// played, plus mancala.MaxHouses for a reversed move (SW-20, SW-61), or
// -1 for a forced pass (SW-19). The seeds of r's start play no part: the
// databases of a board serve every seed count.
//
// The values are exact only when the future of a position depends on its
// houses and its player to move alone, so Retrograde returns an error
// wrapping [mancala.ErrUnsupported] (naming the field) for a
// configuration with rounds (SW-43: refills from the stores), a tuzdyk
// (SW-13: state), a simultaneous opening (SW-45), a majority ending
// (SW-16: the stores decide), a loss for the player who cannot move
// (SW-23: scored 1-0, not by seeds), or a cycle rule other than Split or
// Nobody (SW-18: who takes a cycle's seeds would depend on where the
// history repeats), unless the configuration has no cycle: two rows,
// the mover's store in the circuit after his last house (SW-5), and no
// sowing that brings seeds back (no reversed moves, captured seeds sown
// on, two-out laps or pasu); the Game is then [endgame.Acyclic]. The
// first-move state of SW-24 and SW-66 is allowed: the databases hold
// positions after both players have moved, and the Game's Config
// refuses the others.
//
// Configurations whose moves are not played backwards rule by rule get
// their parents from [endgame.DeriveParents] (counts of up to
// [endgame.DefaultDerived] configurations when built by the retrograde
// phases); acyclic ones are built by the forward pass, with no limit.
func (r *Rules) Retrograde() (endgame.Game, error) {
	if err := r.c.retroProblem(); err != nil {
		return nil, fmt.Errorf("sow: %s: no exact endgame databases: %w", r.name, err)
	}
	g := &retro{r: r, n: r.t.n, acyclic: r.c.retroAcyclic(), steady: r.steadyTuz()}
	g.name = r.retroName()
	return endgame.DeriveParents(g, 0), nil
}

// errRetro is the error of configurations without exact databases.
var errRetro = errors.New("its values depend on more than the houses")

// retroProblem returns why c has no exact endgame databases, wrapping
// mancala.ErrUnsupported, or nil.
func (c *Config) retroProblem() error {
	why := ""
	switch {
	case c.Rounds:
		why = "Rounds (SW-43): the stores refill the houses"
	case c.Tuzdyk:
		why = "Tuzdyk (SW-13): the tuzdyks are state"
	case c.Simultaneous:
		why = "Simultaneous (SW-45): the opening is played from state"
	case c.WayByFirstMove:
		why = "WayByFirstMove (SW-81): the ways chosen are state"
	case c.EachHouseOnce:
		why = "EachHouseOnce (SW-90): the houses played are state"
	case c.FirstMoveNoCapture:
		why = "FirstMoveNoCapture (SW-92): the first move is state"
	case c.Majority:
		why = "Majority (SW-16): the stores end the game"
	case c.CannotMoveLoses:
		why = "CannotMoveLoses (SW-23): the game is scored 1-0, not by seeds"
	case c.Cycle != Split && c.Cycle != Nobody && !c.retroAcyclic():
		why = "Cycle (SW-18): who takes a cycle's seeds depends on the history"
	default:
		return nil
	}
	return fmt.Errorf("%w: %s: %w", errRetro, why, mancala.ErrUnsupported)
}

// retroAcyclic reports whether no configuration of c can come back
// without a seed leaving the houses. It holds for two-row games whose
// mover's store follows his last house in the circuit (SW-5), without
// reversed sowings (SW-20, SW-61), captured seeds sown on (SW-22),
// two-out laps (SW-42) or tuzdyks: a move that keeps every seed in the
// houses drops none into the store, so each of its laps sows within the
// mover's row towards his store (a relay, SW-7 and SW-25, picks up from
// that row; SW-6 leaves one seed of two or more where it was). The sum
// over the seeds of their distance to the store of their row's owner
// then falls with each such move, and a pass (SW-19) is never followed
// by another, so no configuration comes back.
func (c *Config) retroAcyclic() bool {
	return c.Rows != 2 && c.SowOwnStore && !c.EitherWay && c.ReverseHouses == 0 &&
		!c.CapturedSown && !c.TwoOut && c.Pasu == 0 && !c.Tuzdyk && !c.Rounds && !c.Simultaneous
}

// steadyTuz returns the state of every position after both players'
// first moves: no tuzdyk, the first move played (SW-24) and each player's
// first move played (SW-66), where the game keeps them.
func (r *Rules) steadyTuz() tuz {
	tz := tuz{noCell, noCell, 0}
	if r.c.SkipCount > 0 {
		tz[2] |= 1
	}
	if r.c.NoCaptureFirstMove {
		tz[2] |= 6
	}
	return tz
}

// retroName returns the Game's name: r's ruleset name without its seeds
// word, when that name makes the same rules but for the seeds (a
// catalogue game: "kalah houses=4"); otherwise that name and a hash of the
// rules that change a value ("sow houses=4 rules=…"), so that two
// configurations share databases only if they play alike.
func (r *Rules) retroName() string {
	var words []string
	for _, w := range strings.Fields(r.name) {
		if !strings.HasPrefix(w, "seeds=") {
			words = append(words, w)
		}
	}
	name := strings.Join(words, " ")
	key := r.retroKey()
	if x, err := mancala.NewRuleset(name); err == nil {
		if o, ok := x.(*Rules); ok && o.retroKey() == key {
			return name
		}
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return fmt.Sprintf("%s houses=%d rules=%012x", words[0], r.t.n, h.Sum64()>>16)
}

// retroKey returns the rules of r that change a value, as text: its
// configuration without the start's seeds and what changes only the
// start or the drawing.
func (r *Rules) retroKey() string {
	c := r.Config()
	c.Seeds, c.Pattern, c.NorthStarts, c.Stores, c.FirstHand = 0, nil, false, false, 0
	c.MaxLaps = r.maxLaps
	return fmt.Sprintf("%+v", c)
}

// retro is the Game of [Rules.Retrograde], before DeriveParents gives it
// parents.
type retro struct {
	r       *Rules
	n       int
	name    string
	acyclic bool
	steady  tuz
}

// Name returns the name of [Rules.retroName]: "kalah houses=4", or for
// rules no registered name makes, "sow houses=4 rules=…" (a hash).
func (g *retro) Name() string { return g.name }

// Houses returns the houses of both players.
func (g *retro) Houses() int { return 2 * g.n }

// Acyclic implements [endgame.Acyclic] (see retroAcyclic).
func (g *retro) Acyclic() bool { return g.acyclic }

// Config returns the houses of p, the mover's first, for a position of
// the game with one player to move after both players' first moves
// (State holding no other bits than those of steadyTuz).
func (g *retro) Config(p mancala.Position) (endgame.Config, bool) {
	if _, ok := p.ToMove.Player(); !ok || p.Board.Layout() != g.r.Layout() || p.State != g.r.tuzState(g.steady) {
		return endgame.Config{}, false
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		if s, _ := p.Board.Hand(pl); s != 0 {
			return endgame.Config{}, false
		}
	}
	return endgame.RowsOf(p, g.n)
}

// load returns the cells of configuration c with the mover as South and
// empty stores.
func (g *retro) load(c *endgame.Config) cells {
	var cs cells
	copy(cs[:2*g.n], c[:2*g.n])
	return cs
}

// houses returns the configuration of cells cs in the frame of mover.
func (g *retro) houses(cs *cells, mover mancala.Player) endgame.Config {
	var c endgame.Config
	n := g.n
	if mover == mancala.South {
		copy(c[:2*n], cs[:2*n])
	} else {
		copy(c[:n], cs[n:2*n])
		copy(c[n:2*n], cs[:n])
	}
	return c
}

// gain returns what South's store holds minus North's.
func (g *retro) gain(cs *cells) int {
	return int(cs[2*g.n]) - int(cs[2*g.n+1])
}

// Children appends the legal moves of c, played by the engine itself
// (Legal and Apply's sow and turnEnd): the game's rules are symmetric, so
// the mover plays as South. A configuration is first settled as Setup
// settles a position: if it ends there (SW-14, SW-15, SW-17) Children
// returns its value, the seeds left going as NoMove says; if its mover
// must pass (SW-19), its one child is the pass.
func (g *retro) Children(dst []endgame.Child, c *endgame.Config) ([]endgame.Child, int) {
	r, s := g.r, mancala.South
	cs := g.load(c)
	tz := g.steady
	next, end := r.turnEnd(&cs, s, s, &tz, nil)
	if end != 0 {
		return dst, g.gain(&cs)
	}
	if next != s { // SW-19: the mover passes
		return append(dst, endgame.Child{Move: -1, Next: g.houses(&cs, next)}), 0
	}
	for m := r.legal(&cs, s, tz); m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		d, dz := cs, tz
		res := r.sow(&d, s, k, &dz, nil)
		to := mancala.North
		if res.again {
			to = s
		}
		to, end := r.turnEnd(&d, s, to, &dz, nil)
		ch := endgame.Child{Move: k, Gain: g.gain(&d)}
		if r.c.NoOwners && k >= 16 { // SW-94: the opponent's house k-16 (endgame.Child.Move)
			ch.Move = 2*mancala.MaxHouses + k - 16
		}
		if end != 0 {
			ch.Over = true
		} else {
			ch.Again, ch.Next = to == s, g.houses(&d, to)
		}
		dst = append(dst, ch)
	}
	return dst, 0
}

var _ endgame.Approximator = (*Rules)(nil)

// NearestExact implements [endgame.Approximator]: for rules whose
// Retrograde refuses them only for their cycle rule (SW-18, OwnerTakes on
// a board with cycles) or their majority ending (SW-16), the same rules
// with cycles split (Split) and no majority ending, whose databases are
// exact, and why their values only estimate r's; the tools offer those as
// estimates, never as proofs. For rules with exact databases, or refused
// for another reason, it returns nil and "".
func (r *Rules) NearestExact() (mancala.Ruleset, string) {
	if r.c.retroProblem() == nil {
		return nil, ""
	}
	c := r.Config()
	var whys, words []string
	if c.Majority {
		c.Majority = false
		whys = append(whys, "it stops at a majority, where the databases play on to the end")
		words = append(words, "majority=off")
	}
	if c.Cycle != Split && c.Cycle != Nobody && !c.retroAcyclic() {
		c.Cycle = Split
		whys = append(whys, "a cycle gives each player the seeds of his row, where the databases share them")
		words = append(words, "cycle=split")
	}
	if len(whys) == 0 || c.retroProblem() != nil {
		return nil, ""
	}
	near, err := NewNamed(c, r.name+" "+strings.Join(words, " "))
	if err != nil {
		return nil, "" // unreachable: c differs from a valid configuration by its endings alone
	}
	return near, strings.Join(whys, ", and ")
}
