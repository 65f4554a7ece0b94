package rulesflags

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// loadBounds loads, for rules without exact databases that can be bounded
// (an endgame.CycleBounder: abapa, the documents' rules), their bound
// tables from dir, if dir holds some (ok true; with an error if they
// cannot be read or lack the counts asked). ok is false when r has no
// bound tables in dir, or with o.Approx, which keeps its meaning (the
// nearest exact rules' databases as the oracle: the bound tables with
// those as an evaluation played below them, ELO.md change 12a):
// LoadEndgame then goes on as before bound tables existed.
func loadBounds(r mancala.Ruleset, o EndgameOptions, dir string) (e *Endgame, ok bool, err error) {
	if o.Approx {
		return nil, false, nil
	}
	if _, err := retrograde(r); err == nil {
		return nil, false, nil // exact databases: better than bounds
	}
	cb, isCB := r.(endgame.CycleBounder)
	if !isCB {
		return nil, false, nil
	}
	g, winnerOnly, err := cb.CycleBounds()
	if err != nil {
		return nil, false, nil
	}
	have := endgame.FinishedBounds(g, dir) - 1
	if have < 0 {
		return nil, false, nil
	}
	k := o.Stones
	switch {
	case k <= 0:
		k = have
	case k > have:
		return nil, true, fmt.Errorf("-endgame-stones %d: %s holds the bound tables of counts 0 to %d of %s only (build them with: go run ./examples/endgame build -rules %s -stones %d -dir %s)",
			k, Quote(dir), have, g.Name(), shellWord(g.Name()), k, shellWord(dir))
	}
	b, err := endgame.LoadBounds(g, dir, k)
	if err != nil {
		return nil, true, &readError{fmt.Errorf("-endgame: %w", err)}
	}
	return &Endgame{bounds: b, winnerOnly: winnerOnly, dir: dir, rules: rulesName(r), why: "bound tables prove results only where they decide them"}, true, nil
}

// HasBounds reports whether e holds bound tables: their proofs are
// [Endgame.Bounds].
func (e *Endgame) HasBounds() bool { return e != nil && e.bounds != nil }

// Bounds returns what the bound tables prove about p (endgame.BoundsDB.Prove
// under the rules played): lo <= hi bounding the final store difference
// for p's player to move under perfect play, and true; false where they
// prove nothing or e holds none. It is the oracle of
// search.WithEndgameBounds and of uci.EngineConfig.EndgameBounds, trusted
// by the searches only where no earlier position can come back.
func (e *Endgame) Bounds(p mancala.Position) (lo, hi int, ok bool) {
	if !e.HasBounds() {
		return 0, 0, false
	}
	return e.bounds.Prove(p, e.winnerOnly)
}

// boundsApply reports whether e's bound tables are those of r.
func (e *Endgame) boundsApply(r mancala.Ruleset) bool {
	cb, ok := r.(endgame.CycleBounder)
	if !ok {
		return false
	}
	g, winnerOnly, err := cb.CycleBounds()
	return err == nil && winnerOnly == e.winnerOnly && g.Name() == e.bounds.Name() && g.Houses() == e.bounds.Houses()
}

// boundsString describes the bound tables in one line.
func (e *Endgame) boundsString(dir string) string {
	s := fmt.Sprintf("endgame bound tables of %s, counts 0 to %d, %s, from %s: proven results for %s where they decide them",
		e.bounds.Name(), e.bounds.Seeds(), size(e.bounds.Bytes()), dir, e.rules)
	return s
}

// boundsHint adds to err, an error of LoadEndgame for rules that can be
// bounded and have no bound tables in the directory, the command that
// builds them (without -endgame-approx, which reads other databases).
func boundsHint(r mancala.Ruleset, o EndgameOptions, err error) error {
	cb, ok := r.(endgame.CycleBounder)
	if !ok || o.Approx {
		return err
	}
	g, _, berr := cb.CycleBounds()
	if berr != nil {
		return err
	}
	cmd := fmt.Sprintf("go run ./examples/endgame build -rules %s -stones 14", shellWord(g.Name()))
	if o.Dir != CacheDir {
		cmd += " -dir DIR"
	}
	return fmt.Errorf("%w; or build its bound tables, which prove results, with: %s", err, cmd)
}

// BoundsDB returns the bound tables, or nil if e holds none.
func (e *Endgame) BoundsDB() *endgame.BoundsDB {
	if e == nil {
		return nil
	}
	return e.bounds
}
