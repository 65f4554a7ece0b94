package sow

// moreGames returns the catalogue's games added with SW-80 (more.go).
func moreGames() []Game {
	return []Game{
		{
			Name: "pallanguzhi", Label: "Pallanguzhi", Region: "South Asia (Tamil Nadu, Kerala)",
			Description: "The South Indian game of laps: sow on from the hole after your last one; when it is empty, take the hole beyond it; a house sown to four (pasu) goes at once to its owner.",
			Source: "Wikipedia, Pallanguzhi, https://en.wikipedia.org/wiki/Pallanguzhi; Mancala World, Pallanguzhi, https://mancala.fandom.com/wiki/Pallanguzhi; " +
				"S. and J. Hanson, All about Mancala, 2003, pp. 85-92, as MancalaGames' configuration Pallanguli.txt reads it, and its variant No_Rounds, the one-round game played here. " +
				"Sources differ on the seeds (6 a house in Mancala World and MancalaGames, 4 or 5 as options, 12 in Wikipedia's set) and on the pasu (4 in most; 6 in some Tamil rules): we follow 6 seeds and a pasu of 4. " +
				"Left out: the rounds (refilling from one's winnings, unfilled houses out of play, the game lost when a player cannot fill enough houses), and MancalaGames' must-share rule and its own addition of picking the last seeds.",
			Board: "2 x 7, 6 seeds a house (84), stores off the circuit",
			Intro: "Pallanguzhi is played in Tamil Nadu and Kerala on a board of two rows of seven cups, often of carved wood. A sowing goes on from the hole after the last one sown and stops when that hole is empty, capturing the hole beyond it; " +
				"while sowing, a house brought to four seeds (a pasu), unless by the last seed of a lap, goes to the player whose house it is. " +
				"The traditional game is played in rounds, the loser refilling fewer houses each time; this preset plays one round, as MancalaGames' variant No_Rounds does: when the player to move cannot move, the game ends and each player takes the seeds of his row.",
			Config: Config{Houses: 7, Seeds: 6, Stores: true, TwoOut: true, Pasu: 4, MaxLaps: 1000,
				NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
	}
}
