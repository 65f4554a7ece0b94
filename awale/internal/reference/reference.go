package reference

import (
	"errors"
	"fmt"
)

// The players, and the ToMove value of a finished game.
const (
	South  = 0
	North  = 1
	Nobody = -1
)

// GrandSlam is the reading of AW-6.
type GrandSlam int

// The AW-6 readings.
const (
	GrandSlamForbidden            GrandSlam = iota // illegal unless forced; a forced one captures nothing
	GrandSlamNoCapture                             // always legal, captures nothing
	GrandSlamCaptureAll                            // always legal, captures normally
	GrandSlamForbiddenElseCapture                  // illegal unless forced; a forced one captures normally
)

// Cycle is the reading of AW-8.
type Cycle int

// The AW-8 readings.
const (
	CycleOwnRow Cycle = iota // each player takes the seeds in his own row
	CycleSplit               // the seeds left are shared equally
)

// Options are the rule options. Houses and Seeds must be set (no
// defaults here).
type Options struct {
	Houses         int
	Seeds          int
	GrandSlam      GrandSlam
	Cycle          Cycle
	StopAtMajority bool
}

// Check reports whether o is a configuration the rules allow: 1 to 12
// houses a side, no negative seeds, at most 255 seeds in all, and known
// readings.
func (o Options) Check() error {
	if o.Houses < 1 || o.Houses > 12 {
		return fmt.Errorf("reference: %d houses", o.Houses)
	}
	if o.Seeds < 0 || 2*o.Houses*o.Seeds > 255 {
		return fmt.Errorf("reference: %d seeds a house", o.Seeds)
	}
	if o.GrandSlam < GrandSlamForbidden || o.GrandSlam > GrandSlamForbiddenElseCapture {
		return fmt.Errorf("reference: grand slam rule %d", o.GrandSlam)
	}
	if o.Cycle != CycleOwnRow && o.Cycle != CycleSplit {
		return fmt.Errorf("reference: cycle rule %d", o.Cycle)
	}
	return nil
}

// State is a position: the houses of both rows, the stores, and the player
// to move (Nobody once the game is over).
type State struct {
	Houses [2][]int
	Stores [2]int
	ToMove int
	// End says why a finished game ended: "AW-7 south" or "AW-7 north"
	// (that player, to move, had no move: no seeds, or none that feeds his
	// opponent), "AW-8" (a repeated position) or "AW-10" (a majority, checked
	// first); "" while the game goes on, or for a finished state given
	// from outside. Equal ignores it.
	End string
}

// Clone returns a copy of s that shares no memory with it.
func (s State) Clone() State {
	c := s
	for p := 0; p < 2; p++ {
		c.Houses[p] = make([]int, len(s.Houses[p]))
		copy(c.Houses[p], s.Houses[p])
	}
	return c
}

// Equal reports whether a and b are the same position.
func Equal(a, b State) bool {
	if a.ToMove != b.ToMove || a.Stores != b.Stores {
		return false
	}
	for p := 0; p < 2; p++ {
		if len(a.Houses[p]) != len(b.Houses[p]) {
			return false
		}
		for i := range a.Houses[p] {
			if a.Houses[p][i] != b.Houses[p][i] {
				return false
			}
		}
	}
	return true
}

// Over reports whether the game has ended.
func (s State) Over() bool { return s.ToMove == Nobody }

// RowSum returns the seeds in player p's houses.
func (s State) RowSum(p int) int {
	sum := 0
	for _, v := range s.Houses[p] {
		sum += v
	}
	return sum
}

// Total returns every seed in the game: houses and stores.
func (s State) Total() int {
	return s.RowSum(South) + s.RowSum(North) + s.Stores[South] + s.Stores[North]
}

// Start returns the starting position of o (AW-1, AW-2: South moves
// first).
func Start(o Options) State {
	var s State
	for p := 0; p < 2; p++ {
		s.Houses[p] = make([]int, o.Houses)
		for i := range s.Houses[p] {
			s.Houses[p][i] = o.Seeds
		}
	}
	s.ToMove = South
	return s
}

// Sowing is what a move does, computed in full before any rule decides
// whether it may be played.
type Sowing struct {
	After     State // the board after sowing, before any capture; ToMove unchanged
	Last      [2]int
	Feeds     bool // the opponent's row was empty and the sowing put seeds into it
	Capture   []int
	Captured  int  // seeds the AW-4 chain would take
	GrandSlam bool // the chain would take every seed in the opponent's row
}

// Sow sows player s.ToMove's house h (AW-3) and computes the AW-4 chain,
// without deciding anything. h must be a non-empty house of the mover.
func Sow(s State, h int) Sowing {
	p := s.ToMove
	q := 1 - p
	n := len(s.Houses[p])
	t := s.Clone()
	before := s.RowSum(q)

	seeds := t.Houses[p][h]
	t.Houses[p][h] = 0
	side, i := p, h
	for seeds > 0 {
		// Step to the next house, counter-clockwise.
		i++
		if i == n {
			i = 0
			side = 1 - side
		}
		if side == p && i == h {
			continue // AW-3: the house emptied is skipped
		}
		t.Houses[side][i]++
		seeds--
	}

	var r Sowing
	r.After = t
	r.Last = [2]int{side, i}
	r.Feeds = before == 0 && t.RowSum(q) > 0
	if side == q {
		// AW-4: from the last house backwards, inside the opponent's row.
		for j := i; j >= 0; j-- {
			v := t.Houses[q][j]
			if v != 2 && v != 3 {
				break
			}
			r.Capture = append(r.Capture, j)
			r.Captured += v
		}
	}
	r.GrandSlam = r.Captured > 0 && r.Captured == t.RowSum(q)
	return r
}

// Legal returns the houses the player to move may sow from, in increasing
// order; none once the game is over.
func Legal(o Options, s State) []int {
	if s.Over() {
		return nil
	}
	p := s.ToMove
	q := 1 - p
	var moves []int
	for h, v := range s.Houses[p] {
		if v > 0 {
			moves = append(moves, h) // AW-3: a non-empty house
		}
	}
	if s.RowSum(q) == 0 {
		// AW-5: feed the opponent if possible.
		var feeding []int
		for _, h := range moves {
			if Sow(s, h).Feeds {
				feeding = append(feeding, h)
			}
		}
		if len(feeding) > 0 {
			moves = feeding
		}
	}
	if o.GrandSlam == GrandSlamForbidden || o.GrandSlam == GrandSlamForbiddenElseCapture {
		// AW-6: no grand slam while another move is legal.
		var others []int
		for _, h := range moves {
			if !Sow(s, h).GrandSlam {
				others = append(others, h)
			}
		}
		if len(others) > 0 {
			moves = others
		}
	}
	return moves
}

// ErrIllegal is wrapped by every refusal of Play.
var ErrIllegal = errors.New("reference: illegal move")

// Refusal is Play's error: the rule that forbids the move.
type Refusal struct {
	Rule   string // "AW-3", "AW-5", "AW-6", or "" (game over, no such house)
	Reason string
}

func (e *Refusal) Error() string { return "reference: " + e.Reason + " (" + e.Rule + ")" }

// Unwrap returns ErrIllegal.
func (e *Refusal) Unwrap() error { return ErrIllegal }

// Play plays house h of the player to move and returns the new state, with
// the game's end decided (see [Settle]); the repetition rule needs the
// history: see [PlayGame]. A refused move returns s and a *Refusal.
func Play(o Options, s State, h int) (State, error) {
	if s.Over() {
		return s, &Refusal{"", "the game is over"}
	}
	p := s.ToMove
	q := 1 - p
	if h < 0 || h >= len(s.Houses[p]) {
		return s, &Refusal{"", fmt.Sprintf("no house %d", h)}
	}
	if s.Houses[p][h] == 0 {
		return s, &Refusal{"AW-3", "empty house"}
	}
	legal := false
	for _, l := range Legal(o, s) {
		if l == h {
			legal = true
		}
	}
	sw := Sow(s, h)
	if !legal {
		if s.RowSum(q) == 0 && !sw.Feeds {
			return s, &Refusal{"AW-5", "must feed"}
		}
		if sw.GrandSlam {
			return s, &Refusal{"AW-6", "grand slam"}
		}
		return s, &Refusal{"?", "refused for no known reason"} // cannot happen
	}
	t := sw.After
	capture := true
	if sw.GrandSlam {
		switch o.GrandSlam {
		case GrandSlamForbidden, GrandSlamNoCapture:
			capture = false // played (forced, or always legal) but captures nothing
		}
	}
	if capture {
		for _, j := range sw.Capture {
			t.Stores[p] += t.Houses[q][j]
			t.Houses[q][j] = 0
		}
	}
	t.ToMove = q // AW-2
	return Settle(o, t), nil
}

// PlayGame plays house h in the last state of history (the game so far,
// start first), and ends the game if the new state repeats any state of
// history (AW-8).
func PlayGame(o Options, history []State, h int) (State, error) {
	s := history[len(history)-1]
	t, err := Play(o, s, h)
	if err != nil || t.Over() {
		return t, err
	}
	for _, old := range history {
		if Equal(old, t) {
			return EndByCycle(o, t), nil
		}
	}
	return t, nil
}

// PlayBy is [PlayGame] for a move that names its player: a move by the
// player who is not to move is refused (AW-2).
func PlayBy(o Options, history []State, player, h int) (State, error) {
	s := history[len(history)-1]
	if !s.Over() && player != s.ToMove {
		return s, &Refusal{"AW-2", "not his turn"}
	}
	return PlayGame(o, history, h)
}

// Settle ends the game if the position s (with a player to move) is an end
// under AW-10 (when on) or AW-7; otherwise it returns s.
func Settle(o Options, s State) State {
	if s.Over() {
		return s
	}
	total := s.Total()
	if o.StopAtMajority {
		a, b := 2*s.Stores[South], 2*s.Stores[North]
		if a > total || b > total || (a == total && b == total) {
			return ended(ownRows(s), "AW-10") // AW-10
		}
	}
	p := s.ToMove
	q := 1 - p
	if s.RowSum(p) == 0 {
		return ended(ownRows(s), "AW-7 "+playerNames[p]) // AW-7: the mover has no seeds; all are in q's row
	}
	if s.RowSum(q) == 0 {
		for h, v := range s.Houses[p] {
			if v > 0 && Sow(s, h).Feeds {
				return s
			}
		}
		return ended(ownRows(s), "AW-7 "+playerNames[p]) // AW-7: nobody can feed q; all are in p's row
	}
	return s
}

// ownRows ends the game with each player taking the seeds of his own row.
func ownRows(s State) State {
	t := s.Clone()
	for p := 0; p < 2; p++ {
		for i := range t.Houses[p] {
			t.Stores[p] += t.Houses[p][i]
			t.Houses[p][i] = 0
		}
	}
	t.ToMove = Nobody
	return t
}

// EndByCycle ends a game whose position s has just repeated (AW-8).
func EndByCycle(o Options, s State) State {
	if o.Cycle == CycleOwnRow {
		return ended(ownRows(s), "AW-8")
	}
	return ended(split(s), "AW-8")
}

var playerNames = [2]string{"south", "north"}

// ended returns s with End set to why.
func ended(s State, why string) State {
	s.End = why
	return s
}

// split shares the seeds left equally between the stores. An odd seed
// cannot be halved: each store gets half, rounded down, and one seed stays
// on the board, in the first non-empty house in sowing order from South's A
// (South's row, then North's). This keeps the stores' difference, the
// result and the number of seeds.
func split(s State) State {
	t := s.Clone()
	left := t.RowSum(South) + t.RowSum(North)
	t.Stores[South] += left / 2
	t.Stores[North] += left / 2
	keep := left % 2
	for p := 0; p < 2; p++ {
		for i := range t.Houses[p] {
			v := t.Houses[p][i]
			t.Houses[p][i] = 0
			if keep > 0 && v > 0 {
				t.Houses[p][i] = 1
				keep = 0
			}
		}
	}
	t.ToMove = Nobody
	return t
}

// Winner returns South or North for a won game, Nobody for a draw, by
// AW-9; the game must be over.
func Winner(s State) int {
	switch {
	case s.Stores[South] > s.Stores[North]:
		return South
	case s.Stores[North] > s.Stores[South]:
		return North
	}
	return Nobody
}
