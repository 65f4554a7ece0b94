package sow

// moreGames returns the catalogue's games added with SW-80 (more.go) and
// SW-81 (way.go).
func moreGames() []Game {
	return []Game{
		{
			Name: "pallanguzhi", Label: "Pallanguzhi", Region: "South Asia (Tamil Nadu, Kerala)",
			Description: "The South Indian game of laps, in rounds: sow on from the hole after your last one; when it is empty, take the hole beyond it; a house sown to four (pasu) goes at once to its owner; houses you cannot refill are out of play for the next round.",
			Source: "Wikipedia, Pallanguzhi, https://en.wikipedia.org/wiki/Pallanguzhi; Mancala World, Pallanguzhi, https://mancala.fandom.com/wiki/Pallanguzhi; " +
				"S. and J. Hanson, All about Mancala, 2003, pp. 85-92, as MancalaGames' configuration Pallanguli.txt reads it; the rounds as Durai (1928, after Ludii's evidence for Pallankuli) and L. Russ, Mancala Games, 1984, p. 58 (MancalaGames' Pallam_Kuzhi.txt) give them. " +
				"Sources differ on the seeds (6 a house in Mancala World and MancalaGames, 4 or 5 as options, 12 in Wikipedia's set), on the pasu (4 in most; 6 in some Tamil rules), on the end of a round's refill where the houses are filled first (the left in Durai and Russ, the right in Hanson) " +
				"and on when the game ends (a player who cannot fill one house in Durai, Russ and Wikipedia; three in Hanson): we follow 6 seeds, a pasu of 4, refills from the left and one house. " +
				"Left out: MancalaGames' must-share rule and its own addition of picking the last seeds.",
			Board: "2 x 7, 6 seeds a house (84), stores off the circuit",
			Intro: "Pallanguzhi is played in Tamil Nadu and Kerala on a board of two rows of seven cups, often of carved wood. A sowing goes on from the hole after the last one sown and stops when that hole is empty, capturing the hole beyond it; " +
				"while sowing, a house brought to four seeds (a pasu), unless by the last seed of a lap, goes to the player whose house it is. " +
				"A round ends when the player to move cannot move; each player takes the seeds of his row, then refills his houses from his winnings, six a house from his left, and the houses he cannot fill (rubbish holes) are out of play for the round. " +
				"The players take turns to start the rounds, and the game ends when a player cannot fill a single house. The variant rounds=1 plays one round, as MancalaGames' variant No_Rounds does.",
			Config:     pallanguzhiConfig(),
			UsualLabel: "In rounds",
			Variants: []Variant{{Word: "rounds=1", Label: "One round",
				Description: "A single round: when the player to move cannot move, the game ends and each player takes the seeds of his row.",
				Config:      func() Config { c := pallanguzhiConfig(); c.Rounds = false; return c }()}},
			Sized: true,
		},
		{
			Name: "olinda", Label: "Olinda", Region: "South Asia",
			Description: "Laps from the next hole and captures two out, each player sowing his own way, chosen by the first move; in rounds with houses out of play.",
			Source: "L. Russ, Mancala Games, 1984, p. 61, as MancalaGames' configuration Olinda.txt reads it (a single source). " +
				"Reading: the first move chooses the ways for the whole game, as the file's text says (\"for the game\"); MancalaGames lets the first mover of each round choose again.",
			Board: "2 x 7, 4 seeds a house (56), stores off the circuit",
			Intro: "Olinda is a game of the Pallanguzhi family. The first player sows his first move either way, and keeps that way for the whole game; his opponent sows the other way. " +
				"A sowing goes on from the hole after the last one sown and stops when that hole is empty, capturing the hole beyond it, and every second hole after it while the holes between are empty. " +
				"A round ends when the player to move cannot move; each player takes the seeds of his row and refills his houses four a house from his left; the houses he cannot fill are out of play for the round. The players take turns to start the rounds, and the game ends when a player cannot fill a single house.",
			Config:     olindaConfig(),
			UsualLabel: "In rounds",
			Variants: []Variant{{Word: "rounds=1", Label: "One round",
				Description: "A single round: when the player to move cannot move, the game ends and each player takes the seeds of his row.",
				Config:      func() Config { c := olindaConfig(); c.Rounds = false; return c }()}},
			Sized: true,
		},
	}
}

// olindaConfig returns Olinda: the next-hole laps with successive
// captures two out (SW-42), the ways chosen by the first move (SW-81), in
// rounds (SW-43) that the players start in turn, refilled from each
// player's left.
func olindaConfig() Config {
	return Config{Houses: 7, Seeds: 4, Stores: true, TwoOut: true, Successive: true, WayByFirstMove: true, MaxLaps: 1000,
		NoMove: OwnerTakes, Cycle: OwnerTakes, Rounds: true, RoundStarter: AlternateStarts, RoundFill: FillFromFar}
}

// pallanguzhiConfig returns Pallanguzhi: the next-hole laps with captures
// two out (SW-42) and the pasu (SW-80), in rounds (SW-43) that the players
// start in turn, refilled from each player's left.
func pallanguzhiConfig() Config {
	return Config{Houses: 7, Seeds: 6, Stores: true, TwoOut: true, Pasu: 4, MaxLaps: 1000,
		NoMove: OwnerTakes, Cycle: OwnerTakes, Rounds: true, RoundStarter: AlternateStarts, RoundFill: FillFromFar}
}
