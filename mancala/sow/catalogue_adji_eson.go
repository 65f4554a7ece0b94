package sow

// Adji-boto (issue 42, part 3; CATALOGUE-NOTES.md section 15), with its
// mechanisms SW-90 to SW-93 (houseonce.go, beyond.go, refill.go), and
// Eson Xorgol (section 16), with SW-94 (owners.go).

// adjiGames returns the catalogue's games added with SW-90 to SW-93.
func adjiGames() []Game {
	usual := Config{Houses: 5, Seeds: 10, MinSeeds: 2, FirstInOrigin: true, EachHouseOnce: true,
		CaptureCounts: []int{1, 3, 5}, CaptureRow: AnyRow, Successive: true, CaptureBeyond: true,
		FirstMoveNoCapture: true, CannotMoveLoses: true, RefillDraw: true, NoMove: OpponentTakes, Cycle: OwnerTakes}
	valdez := usual
	valdez.CaptureCounts = []int{1, 3, 5}
	valdez.FirstMoveNoCapture, valdez.NoCaptureFirstMove = false, true
	valdez.CannotMoveLoses, valdez.RefillDraw = false, false
	valdez.Pass, valdez.Majority, valdez.NoMove = true, true, OwnerTakes
	return []Game{
		{
			Name: "adjiboto", Label: "Adji-boto", Region: "Suriname (Saamaka)",
			Description: "The Saamaka game of Suriname: every house is sown from once in the opening; the hole after your last seed is captured when it holds 1, 3 or 5 seeds, and the holes after it while they do.",
			Source: "M. J. Herskovits (1929), pp. 123-124, as Ludii's rules text of Adjiboto states it, https://ludii.games/details.php?keyword=Adjiboto; " +
				"J. A. Valdez, 50 Ways to Play Mancala, 2023, p. 61, as MancalaGames' configuration Adji-boto.txt reads it (the variant valdez). " +
				"Ludii's text and its code differ: the text forbids captures in the game's first move only, the code in the whole opening of ten turns; we follow the text. " +
				"MancalaGames (Valdez) differs from Ludii: no capture in either player's first move, a player who cannot move passes, and the game ends at a majority or when neither can move; the variant valdez plays that.",
			Board: "2 x 5, 10 seeds a house (100), no stores",
			Intro: "Adji-boto was recorded by M. J. Herskovits in the late 1920s among the Saamaka of Suriname, descendants of Africans who freed themselves from slavery; the board he saw was kept in the village's meeting house. " +
				"Seeds go counter-clockwise, the first one back into the house just emptied, and a house with a single seed may not be sown. " +
				"In the first ten turns each player sows from each of his five houses once. You capture beyond your last seed: the hole after it, when it holds 1, 3 or 5 seeds, and the holes after that while they do, in either row; the first move of the game captures nothing. " +
				"A player who cannot move loses, unless he has captured enough to fill his five houses with ten seeds again: then the game is drawn.",
			Config:     usual,
			UsualLabel: "Herskovits (Ludii)",
			Variants: []Variant{{Word: "valdez", Label: "Valdez (MancalaGames)",
				Description: "Neither player's first move captures; a player who cannot move passes; the game ends when a player has more than half of the seeds, or when neither can move, each player taking the seeds of his row.",
				Config:      valdez}},
		},
	}
}

// esonGames returns the catalogue's games added with SW-94.
func esonGames() []Game {
	usual := Config{Houses: 5, Seeds: 9, Stores: true, Direction: Clockwise, NoOwners: true, TwoOut: true, TwoOutOnce: true,
		FewSeeds: 2, NoMove: Nobody, Cycle: Nobody}
	first, each := usual, usual
	first.FirstMoveNoCapture = true // SW-92
	each.NoCaptureFirstMove = true  // SW-66
	return []Game{
		{
			Name: "esonxorgol", Label: "Eson Xorgol", Region: "Mongolia (Kazakhs of the west)",
			Description: "Nobody owns the houses: sow clockwise from any house, single lap; if your last seed lands in an occupied house and the next hole is empty, take the hole after it, in either row.",
			Source: "Mancala World, Eson Xorgol, https://mancala.fandom.com/wiki/Eson_Xorgol (after Namzhildorzh, 1963, via Deledicq and Popova); " +
				"L. Russ, Mancala Games, 1984, p. 24, as MancalaGames' configuration Eson_Xorgol.txt reads it. " +
				"The sources end the game by agreement when no capture is possible any more; we end it when at most 2 seeds are left in the houses (no capture is possible then, and MancalaGames stops there too) or when a position repeats, the seeds left counting for nobody (CATALOGUE-NOTES.md section 16).",
			Board: "2 x 5, 9 seeds a house (90), stores off the circuit",
			Intro: "Eson Xorgol is played by the Kazakhs of western Mongolia, on two rows of five holes with nine stones in each (Namzhildorzh recorded it in 1963). " +
				"Neither row belongs to a player: on your turn you may sow from any house of the board, yours or your opponent's, always clockwise and in a single lap. " +
				"If your last seed falls into a house that already held seeds and the hole after it is empty, you capture the hole beyond the gap, in either row. The first move of the game always captures, since the house just emptied is the gap.",
			Config:     usual,
			UsualLabel: "Russ (MancalaGames)",
			Variants: []Variant{
				{Word: "nocapture1", Label: "No capture in the first move",
					Description: "The first move of the game captures nothing (MancalaGames' variation nocaptmoves=1).",
					Config:      first},
				{Word: "nocapture2", Label: "No capture in either player's first move",
					Description: "Neither player's first move captures (MancalaGames' variation nocaptmoves=2).",
					Config:      each}},
		},
	}
}
