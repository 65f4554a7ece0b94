package sow_test

// The MancalaGames pairs of Eson Xorgol (catalogue_adji_eson.go), added to
// mgPairs (mancalagames_pairs_test.go), with the classifier of their
// documented difference (ORACLES.md). A move from the opponent's row
// (SW-94, mancala.Across) is 32+i in the driver's moves (its no_sides
// encoding, /work/scratch/mgdriver-games/driver.py).

func init() {
	mgPairs = append(mgPairs,
		// MancalaGames' file without its stop at a majority (noclear=1):
		// both end when at most 2 seeds are left, which count for nobody
		// (CATALOGUE-NOTES.md section 16).
		mgPair{ours: "esonxorgol", file: "Eson_Xorgol", set: "noclear=1"},
		// MancalaGames' variations without captures in the first move
		// or two (our SW-92 and SW-66).
		mgPair{ours: "esonxorgol nocapture1", file: "Eson_Xorgol", set: "nocaptmoves=1 noclear=1"},
		mgPair{ours: "esonxorgol nocapture2", file: "Eson_Xorgol", set: "nocaptmoves=2 noclear=1"},
		// The file as it stands: MancalaGames also stops as soon as a
		// player holds more than half of the seeds (mgEsonMajority).
		mgPair{ours: "esonxorgol", file: "Eson_Xorgol", known: mgEsonMajority},
	)
}

// mgEsonMajority recognises MancalaGames' stop at a majority in Eson
// Xorgol, which we leave out: its game is over with a winner whose store
// holds more than half of the 90 seeds, ours goes on from the same
// stores (which no later move can take from him: the result is the
// same).
func mgEsonMajority(d mgDiff) string {
	o, m := d.ours, d.mgs
	if o.turn == "-" || m.turn != "-" || o.stores != m.stores {
		return ""
	}
	if m.win == "S" && 2*m.stores[0] > 90 || m.win == "N" && 2*m.stores[1] > 90 {
		return "majority: MancalaGames stops once a player holds more than half of the seeds"
	}
	return ""
}
