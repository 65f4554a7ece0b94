package sow_test

// The MancalaGames pairs of Adji-boto (catalogue_adji_eson.go), added to
// mgPairs (mancalagames_pairs_test.go), with the classifier of their
// documented difference (ORACLES.md).

import (
	"github.com/sowing-games/sowing/mancala"
)

func init() {
	mgPairs = append(mgPairs,
		// Valdez's reading, MancalaGames' file as it stands: neither
		// player's first move captures (nocaptmoves=2, our SW-66), a
		// player who cannot move passes, the game ends at a majority.
		mgPair{ours: "adjiboto valdez", file: "Adji-boto", known: mgMajorityUnscored},
		// Herskovits's reading (Ludii's text), our usual preset: only the
		// game's first move captures nothing (nocaptmoves=1), no stop at
		// a majority; the end differs (mgAdjiStuck).
		mgPair{ours: "adjiboto", file: "Adji-boto", set: "nocaptmoves=1 noclear=1", known: mgAdjiStuck},
	)
}

// mgAdjiStuck recognises the end of Adji-boto after Herskovits (Ludii's
// text): a player who cannot move loses, or draws if he could refill his
// houses (SW-93), where MancalaGames (Valdez) lets him pass and plays on
// until neither can move. It is seen when our game has just ended by
// SW-93 and, on MancalaGames' board (which still holds the seeds left),
// the player who could not move has no house of two seeds or more.
func mgAdjiStuck(d mgDiff) string {
	r, err := mancala.NewRuleset("adjiboto")
	if err != nil || d.ours.turn != "-" {
		return ""
	}
	e := mancala.EndingOf(r, d.now)
	stuck, ok := e.Who.Player()
	if e.Rule != "SW-93" || !ok {
		return ""
	}
	row := d.mgs.south
	if stuck == mancala.North {
		row = d.mgs.north
	}
	for _, v := range row {
		if v >= 2 {
			return ""
		}
	}
	if d.ours.win == "D" {
		return "a player who cannot move draws by refilling (SW-93, Herskovits), MancalaGames lets him pass"
	}
	return "a player who cannot move loses (SW-93, Herskovits), MancalaGames lets him pass"
}
