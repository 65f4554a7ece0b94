package match

import (
	"fmt"
	"math"

	"github.com/sowing-games/sowing/mancala/search"
)

// Check returns a *ConfigError (wrapping ErrConfig) for the first field
// of h that no run can have written, or nil: Games outside 1 to MaxGames,
// a shard whose index is not below its count, an SPRT that Config.Check
// refuses, MaxPlies outside 1 to MaxMaxPlies, RandomPlies or Balanced
// outside their ranges. ReadPart, Merge and Part.Resume check every
// header so.
func (h Header) Check() error {
	switch {
	case h.Games < 1 || h.Games > MaxGames:
		return configErr("Games", "want 1 to %d, not %d", MaxGames, h.Games)
	case h.MaxPlies < 1 || h.MaxPlies > MaxMaxPlies:
		return configErr("MaxPlies", "want 1 to %d, not %d", MaxMaxPlies, h.MaxPlies)
	case h.RandomPlies < 0 || h.RandomPlies > MaxRandomPlies:
		return configErr("RandomPlies", "want 0 to %d, not %d", MaxRandomPlies, h.RandomPlies)
	}
	if err := h.Shard.check(); err != nil {
		return err
	}
	if h.SPRT != nil {
		if err := h.SPRT.check(); err != nil {
			return err
		}
	}
	if h.Balanced != nil {
		return h.Balanced.check()
	}
	return nil
}

// check returns a *ConfigError for a field out of its range.
func (b *Balanced) check() error {
	switch {
	case b.Plies < 0 || b.Plies > MaxRandomPlies:
		return configErr("Balanced", "Plies: want 0 to %d, not %d", MaxRandomPlies, b.Plies)
	case math.IsNaN(b.Within) || math.IsInf(b.Within, 0) || b.Within < 0:
		return configErr("Balanced", "Within: want a finite number, 0 or more, not %g", b.Within)
	case b.Openings < 0 || b.Openings > MaxGames:
		return configErr("Balanced", "Openings: want 0 to %d, not %d", MaxGames, b.Openings)
	case b.Depth < 0 || b.Depth > search.MaxDepth:
		return configErr("Balanced", "Depth: want 1 to %d, not %d", search.MaxDepth, b.Depth)
	}
	return nil
}

// Check returns a *ConfigError (wrapping ErrConfig, Field "Result") if r
// cannot be the result of game r.Game of a match of games games, as Run
// gives it, or nil. It checks that:
//   - Game is 1 to games, and ASouth says that it is odd;
//   - Score is 0, 0.5 or 1;
//   - Stores and Plies are not negative;
//   - a forfeit names player "A" (Score 0) or "B" (Score 1), at a move
//     not below 0;
//   - without a forfeit, Score follows from the stores: 1 when A's store
//     holds more than B's, 0.5 when they are equal, 0 when it holds less.
//
// ReadPart, Merge and Config.Check (for Played) check every result so.
func (r Result) Check(games int) error {
	bad := func(format string, args ...any) error {
		return configErr("Result", "game %d: %s", r.Game, fmt.Sprintf(format, args...))
	}
	switch {
	case r.Game < 1 || r.Game > games:
		return bad("want a game 1 to %d", games)
	case r.ASouth != (r.Game%2 == 1):
		return bad("A plays South in the odd games, not a_south %v", r.ASouth)
	case r.Score != 0 && r.Score != 0.5 && r.Score != 1:
		return bad("want a score 0, 0.5 or 1, not %g", r.Score)
	case r.Stores[0] < 0 || r.Stores[1] < 0:
		return bad("want stores not negative, not %d and %d", r.Stores[0], r.Stores[1])
	case r.Plies < 0:
		return bad("want plies not negative, not %d", r.Plies)
	}
	if f := r.Forfeit; f != nil {
		switch {
		case f.Player != "A" && f.Player != "B":
			return bad("a forfeit by player %q: want A or B", f.Player)
		case f.Move < 0:
			return bad("a forfeit at move %d", f.Move)
		case r.Score != map[string]float64{"A": 0, "B": 1}[f.Player]:
			return bad("%s forfeits, yet A scores %g", f.Player, r.Score)
		}
		return nil
	}
	a, b := r.Stores[0], r.Stores[1]
	if !r.ASouth {
		a, b = b, a
	}
	want := 0.5
	switch {
	case a > b:
		want = 1
	case a < b:
		want = 0
	}
	if r.Score != want {
		return bad("A %d - B %d scores %g for A, not %g", a, b, want, r.Score)
	}
	return nil
}
