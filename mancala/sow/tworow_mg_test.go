package sow_test

import (
	"cmp"
	"slices"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// The two-row games of catalogue_tworow.go against MancalaGames (see
// ORACLES.md): each pair names the configuration file that models the
// game and the overrides that make it play our reading. noclear=1 where
// our game does not stop at a majority.
func init() {
	mgPairs = append(mgPairs,
		// Wari stops at a majority, as the file does; MancalaGames leaves
		// the seeds on the board unscored then.
		mgPair{ours: "wari", file: "Wari", known: mgAny(mgMajorityUnscored, mgFedAllTaken("wari"))},
		mgPair{ours: "songo", file: "Songo", set: "noclear=1", known: mgAny(mgDecided, mgFedAllTaken("songo"))},
		mgPair{ours: "songo douala", file: "Songo", set: "nbr_start=8 capt_on=[2,3,4] grandslam=1 noclear=1", known: mgAny(mgDecided, mgFedAllTaken("songo douala"))},
		mgPair{ours: "endodoi", file: "Endodoi", set: "noclear=1", known: mgAny(mgEndlessLaps("endodoi"), mgDecided)},
		// Cow.txt is Russ's reading of Um el Bagara.
		mgPair{ours: "umelbagara", file: "Cow", set: "noclear=1", known: mgDecided},
		mgPair{ours: "mbangbi", file: "Mbangbi", set: "noclear=1", known: mgAny(mgDecided, mgReversedChain)},
		mgPair{ours: "ottjin", file: "Ot-tjin", set: "noclear=1", known: mgAny(mgEndlessLaps("ottjin"), mgDecided)},
		mgPair{ours: "adjikui", file: "Adji_Kui_I", set: "noclear=1", known: mgDecided},
		mgPair{ours: "djenonaboure", file: "Djenon_Aboure", set: "noclear=1", known: mgAny(mgEndlessLaps("djenonaboure"), mgDecided)},
		mgPair{ours: "almanqala", file: "Al-manqala", set: "noclear=1", known: mgAny(mgUnfedEmpty, mgDecided, mgFedAllTaken("almanqala"))},
		mgPair{ours: "bakuk", file: "Bakuk", set: "noclear=1", known: mgDecided},
		mgPair{ours: "hufesay", file: "Hufesay", set: "noclear=1", known: mgAny(mgEndlessLaps("hufesay"), mgDecided)},
		mgPair{ours: "sadeqa", file: "Sadeqa_III", set: "noclear=1", known: mgAny(mgEndlessLaps("sadeqa"), mgDecided)},
		mgPair{ours: "halusa", file: "Halusa", set: "noclear=1", known: mgAny(mgUnfedEmpty, mgDecided, mgFedAllTaken("halusa"))},
		mgPair{ours: "tihbat", file: "Tihbat", known: mgMajorityUnscored},
		mgPair{ours: "longbeuacha", file: "Longbeu-a-cha", set: "noclear=1", known: mgAny(mgEndlessLaps("longbeuacha"), mgDecided)},
		mgPair{ours: "longbeuacha houses=7 seeds=4", file: "Longbeu-a-cha", set: "holes=7 nbr_start=4 noclear=1", known: mgAny(mgEndlessLaps("longbeuacha houses=7 seeds=4"), mgDecided)},
		// Dakon: the game ends when a player cannot fill one house
		// (goal_param=1; the file's 4 shortens games).
		mgPair{ours: "dakon", file: "Dakon", set: "goal_param=1 noclear=1", known: mgAny(mgEndlessLaps("dakon"), mgDecided)},
		mgPair{ours: "dakon rounds=1", file: "Dakon", set: "rounds=0 blocks=0 round_fill=0 round_starter=0 noclear=1", known: mgAny(mgEndlessLaps("dakon rounds=1"), mgDecided)},
		mgPair{ours: "ndoto", file: "Ndoto", known: mgAny(mgMajorityUnscored, mgEndlessLaps("ndoto"))},
		// Ndoto Bao: the file's variant (allow_rule SINGLE_ALL_TO_ZERO, 4).
		mgPair{ours: "ndoto bao", file: "Ndoto", set: "allow_rule=4", known: mgAny(mgMajorityUnscored, mgEndlessLaps("ndoto bao"))},
	)
}

// sortMGLegal sorts s.legal, and s.moves with it.
func sortMGLegal(s *mgState) {
	idx := make([]int, len(s.legal))
	for k := range idx {
		idx[k] = k
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(s.legal[a], s.legal[b]) })
	legal, moves := make([]int, len(idx)), make([]mancala.Move, len(idx))
	for k, j := range idx {
		legal[k], moves[k] = s.legal[j], s.moves[j]
	}
	s.legal, s.moves = legal, moves
}

// mgEndlessLaps recognises MancalaGames' bound on relay sowing: a sowing
// that starts a 76th lap (its sower.MAX_LAPS, 75) is "endless" and ends
// the game there, where our relay games sow on up to their MaxLaps. The
// last move, replayed by ruleset name with our tracer, must have picked
// up seeds to sow on (SW-7, SW-42) at least 75 times, and MancalaGames' game
// must be over while ours is not.
func mgEndlessLaps(name string) func(d mgDiff) string {
	return func(d mgDiff) string {
		if d.mgs.turn != "-" || d.ours.turn == "-" || len(d.moves) == 0 {
			return ""
		}
		r, err := mancala.NewRuleset(name)
		if err != nil {
			return ""
		}
		tr, ok := r.(*sow.Rules)
		if !ok {
			return ""
		}
		var last mancala.Move
		for _, m := range tr.Legal(nil, d.before) {
			if m.String() == d.moves[len(d.moves)-1] {
				last = m
			}
		}
		laps := 0
		if _, err := tr.Trace(d.before, last, func(e mancala.Event) {
			if e.Kind == mancala.EventPickUp && (e.Rule == "SW-7" || e.Rule == "SW-42") {
				laps++
			}
		}); err != nil || laps < 75 {
			return ""
		}
		return "endless sowing: MancalaGames ends the game after 75 laps"
	}
}

// mgUnfedEmpty recognises the end of a feeding game whose seeds left go
// to the unfed player (EmptyRowTakes) when the player to move has no
// seeds at all: we give him the seeds left, as when his opponent cannot
// feed him; MancalaGames' UNFED_PLAYER applies only to the latter and
// leaves them unscored. The winner and the houses must agree, and our
// scores be MancalaGames' plus the seeds left, all to one player.
func mgUnfedEmpty(d mgDiff) string {
	o, m := d.ours, d.mgs
	if o.turn != "-" || m.turn != "-" || !slices.Equal(o.south, m.south) || !slices.Equal(o.north, m.north) {
		return ""
	}
	diff := [2]int{o.stores[0] - m.stores[0], o.stores[1] - m.stores[1]}
	if (diff[0] == 0) == (diff[1] == 0) || diff[0] < 0 || diff[1] < 0 {
		return ""
	}
	return "no seeds to move: we give the seeds left to him, MancalaGames leaves them unscored"
}

// mgDecided recognises MancalaGames' early end of a game whose result can
// no longer change (a store past half of the seeds, or seeds left that
// no capture can reach when they count for nobody), which its driver's
// noclear=1 does not remove; our games, which have no such rule, go on.
// MancalaGames' game must be over and ours not, with no store of its
// holding fewer seeds than ours.
func mgDecided(d mgDiff) string {
	o, m := d.ours, d.mgs
	if m.turn != "-" || o.turn == "-" || m.stores[0] < o.stores[0] || m.stores[1] < o.stores[1] {
		return ""
	}
	return "decided: MancalaGames ends a game whose result can no longer change"
}

// mgReversedChain recognises MancalaGames' successive captures after a
// move sown against the usual direction (udir_holes): it looks for the
// houses before the last one in the usual direction of sowing, not in
// the move's own. Russ (via the file's own text) takes the unbroken group
// that precedes the last house sown, as we do. The last move must be
// reversed, neither game over, and the houses or stores differ (the same
// count may be taken from other houses, and a player left without a move
// passes on one side only).
func mgReversedChain(d mgDiff) string {
	if len(d.moves) == 0 || !strings.HasSuffix(d.moves[len(d.moves)-1], "'") {
		return ""
	}
	o, m := d.ours, d.mgs
	if o.turn == "-" || m.turn == "-" || o.stores == m.stores && slices.Equal(o.south, m.south) && slices.Equal(o.north, m.north) {
		return ""
	}
	return "successive captures after a reversed move: MancalaGames looks the usual way"
}

// mgAny returns the first documented difference that one of ks
// recognises.
func mgAny(ks ...func(mgDiff) string) func(mgDiff) string {
	return func(d mgDiff) string {
		for _, k := range ks {
			if s := k(d); s != "" {
				return s
			}
		}
		return ""
	}
}

// mgFedAllTaken recognises a reading of feeding (SW-12) in games whose
// grand slam captures: when the opponent's row is empty, a move that
// drops seeds into it and then captures every one of them feeds him for
// us (the seeds reached his row), not for MancalaGames, which wants him
// to have seeds after the move. MancalaGames' legal moves must be ours
// without some, each of which, played by our ruleset, leaves his row
// empty.
func mgFedAllTaken(name string) func(d mgDiff) string {
	return func(d mgDiff) string {
		p, ok := d.now.ToMove.Player()
		o, m := d.ours, d.mgs
		if !ok || d.now.Board.RowSeeds(p.Other()) != 0 || m.turn != o.turn || m.stores != o.stores ||
			!slices.Equal(m.south, o.south) || !slices.Equal(m.north, o.north) {
			return ""
		}
		r, err := mancala.NewRuleset(name)
		if err != nil {
			return ""
		}
		extra := 0
		for k, i := range o.legal {
			if slices.Contains(m.legal, i) {
				continue
			}
			if r.Apply(d.now, o.moves[k]).Board.RowSeeds(p.Other()) != 0 {
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
		return "feeding by a grand slam: MancalaGames wants seeds left in the fed row"
	}
}
